// Errors, metrics, logs, traces, alerting, incidents.
import { seedGroup } from '../seed-types.ts';

const AWS = { env: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'], config: { AWS_REGION: 'us-east-1' }, setup: 'https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html' };
const DD = { env: ['DATADOG_API_KEY', 'DATADOG_APP_KEY'], setup: 'https://app.datadoghq.com/organization-settings/api-keys' };

export const monitoring = seedGroup('monitoring', [
  ['npm', '@sentry/mcp-server', ['sentry', 'errors', 'issues'], { env: ['SENTRY_ACCESS_TOKEN'], setup: 'https://sentry.io/settings/account/api/auth-tokens/', name: 'sentry' }],
  ['npm', '@winor30/mcp-server-datadog', ['datadog', 'metrics', 'logs', 'incidents'], { ...DD, name: 'datadog' }],
  ['npm', 'datadog-mcp-server', ['datadog', 'metrics', 'monitors'], { env: ['DD_API_KEY', 'DD_APP_KEY'], setup: DD.setup, name: 'datadog-api' }],
  ['npm', 'datadog-mcp', ['datadog', 'logs', 'traces', 'dashboards'], { env: ['DD_API_KEY', 'DD_APP_KEY'], setup: DD.setup, name: 'datadog-full' }],
  ['npm', '@leval/mcp-grafana', ['grafana', 'dashboards', 'prometheus', 'loki'], { env: ['GRAFANA_API_KEY'], config: { GRAFANA_URL: 'http://127.0.0.1:9' }, name: 'grafana' }],
  ['pypi', 'mcp-grafana', ['grafana', 'dashboards', 'alerting'], { env: ['GRAFANA_SERVICE_ACCOUNT_TOKEN'], config: { GRAFANA_URL: 'http://127.0.0.1:9' }, name: 'grafana-official' }],
  ['npm', 'mcp-alertmanager', ['prometheus', 'alertmanager', 'alerts'], { config: { ALERTMANAGER_URL: 'http://127.0.0.1:9' }, name: 'alertmanager' }],
  ['npm', 'prometheus-mcp', ['prometheus', 'promql', 'metrics'], { config: { PROMETHEUS_URL: 'http://127.0.0.1:9' }, name: 'prometheus' }],
  ['npm', '@dynatrace-oss/dynatrace-mcp-server', ['dynatrace', 'observability', 'dql'], { env: ['DT_PLATFORM_TOKEN'], config: { DT_ENVIRONMENT: 'http://127.0.0.1:9' }, name: 'dynatrace' }],
  ['npm', '@google-cloud/observability-mcp', ['gcp', 'logging', 'monitoring', 'trace'], { name: 'gcp-observability' }],
  ['npm', 'signoz-mcp-server', ['signoz', 'opentelemetry', 'traces'], { env: ['SIGNOZ_API_KEY'], config: { SIGNOZ_URL: 'http://127.0.0.1:9' }, name: 'signoz' }],
  ['npm', '@rollbar/mcp-server', ['rollbar', 'errors'], { env: ['ROLLBAR_ACCESS_TOKEN'], name: 'rollbar' }],
  ['npm', '@microsoft/clarity-mcp-server', ['clarity', 'analytics', 'sessions'], { env: ['CLARITY_API_TOKEN'], name: 'clarity' }],
  ['npm', 'lighthouse-mcp', ['lighthouse', 'performance', 'web-vitals'], { name: 'lighthouse' }],
  ['npm', '@danielsogl/lighthouse-mcp', ['lighthouse', 'performance', 'accessibility'], { name: 'lighthouse-audits' }],
  ['npm', 'opik-mcp', ['llm-observability', 'traces', 'prompts'], { env: ['OPIK_API_KEY'], name: 'opik' }],
  ['npm', '@dynatrace-oss/dynatrace-managed-mcp-server', ['dynatrace', 'managed'], { env: ['DYNATRACE_API_TOKEN'], config: { DYNATRACE_ENVIRONMENT_URL: 'http://127.0.0.1:9' }, name: 'dynatrace-managed' }],
  ['pypi', 'pagerduty-mcp', ['pagerduty', 'incidents', 'on-call'], { env: ['PAGERDUTY_USER_API_KEY'], setup: 'https://support.pagerduty.com/main/docs/api-access-keys', name: 'pagerduty' }],
  ['pypi', 'rootly-mcp-server', ['rootly', 'incidents', 'sre'], { env: ['ROOTLY_API_TOKEN'], name: 'rootly' }],
  ['pypi', 'zabbix-mcp', ['zabbix', 'hosts', 'problems'], { env: ['ZABBIX_TOKEN'], config: { ZABBIX_URL: 'http://127.0.0.1:9' }, name: 'zabbix' }],
  ['pypi', 'awslabs-cloudwatch-mcp-server', ['aws', 'cloudwatch', 'logs', 'alarms'], { ...AWS, name: 'aws-cloudwatch' }],
  ['pypi', 'awslabs-cloudwatch-applicationsignals-mcp-server', ['aws', 'application-signals', 'slo'], { ...AWS, name: 'aws-application-signals' }],
  ['pypi', 'awslabs-cloudtrail-mcp-server', ['aws', 'cloudtrail', 'audit'], { ...AWS, name: 'aws-cloudtrail' }],
  ['pypi', 'awslabs-prometheus-mcp-server', ['aws', 'prometheus', 'metrics'], { ...AWS, name: 'aws-prometheus' }],
  ['pypi', 'prometheus-mcp-server', ['prometheus', 'promql'], { config: { PROMETHEUS_URL: 'http://127.0.0.1:9' }, name: 'prometheus-python' }],
  ['pypi', 'analytics-mcp', ['google-analytics', 'ga4', 'reports'], { name: 'google-analytics' }],
  ['pypi', 'mcp-server-sentry', ['sentry', 'errors'], { args: ['--auth-token', 'placeholder-not-a-real-secret'], name: 'sentry-python' }],
]);
