// Chat platforms, bots, SMS/voice, message queues and streams.
import { seedGroup } from '../seed-types.ts';

const AWS = { env: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'], config: { AWS_REGION: 'us-east-1' }, setup: 'https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html' };
const SLACK = 'https://api.slack.com/apps';

export const messaging = seedGroup('messaging', [
  ['npm', '@modelcontextprotocol/server-slack', ['slack', 'chat', 'channels'], { env: ['SLACK_BOT_TOKEN', 'SLACK_TEAM_ID'], setup: SLACK, name: 'slack' }],
  ['npm', 'slack-mcp-server', ['slack', 'chat', 'search'], { env: ['SLACK_MCP_XOXP_TOKEN'], setup: SLACK, name: 'slack-workspace' }],
  ['npm', '@zencoderai/slack-mcp-server', ['slack', 'chat'], { env: ['SLACK_BOT_TOKEN', 'SLACK_TEAM_ID'], setup: SLACK, name: 'slack-zencoder' }],
  ['npm', '@tempestteam/slack-mcp-server', ['slack', 'chat'], { env: ['SLACK_TOKEN'], setup: SLACK, name: 'slack-tempest' }],
  ['npm', 'mcp-discord', ['discord', 'chat', 'bots'], { env: ['DISCORD_TOKEN'], setup: 'https://discord.com/developers/applications', name: 'discord' }],
  ['npm', '@quadslab.io/discord-mcp', ['discord', 'moderation'], { env: ['DISCORD_TOKEN'], setup: 'https://discord.com/developers/applications', name: 'discord-quadslab' }],
  ['npm', '@line/line-bot-mcp-server', ['line', 'chat', 'bots'], { env: ['CHANNEL_ACCESS_TOKEN', 'DESTINATION_USER_ID'], setup: 'https://developers.line.biz/console/', name: 'line' }],
  ['npm', '@chatwork/mcp-server', ['chatwork', 'chat'], { env: ['CHATWORK_API_TOKEN'], name: 'chatwork' }],
  ['npm', '@larksuiteoapi/lark-mcp', ['lark', 'feishu', 'chat', 'docs'], { args: ['mcp', '-a', 'placeholder-app-id', '-s', 'placeholder-app-secret'], env: ['APP_ID', 'APP_SECRET'], name: 'lark' }],
  ['npm', '@floriscornel/teams-mcp', ['microsoft-teams', 'chat'], { name: 'microsoft-teams' }],
  ['npm', 'twilio-mcp', ['twilio', 'sms', 'voice'], { env: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'], name: 'twilio' }],
  ['npm', '@twilio-alpha/mcp', ['twilio', 'sms', 'voice', 'api'], { args: ['ACplaceholder/SKplaceholder:placeholder', '--services', 'twilio_api_v2010'], name: 'twilio-api' }],
  ['npm', 'telnyx-mcp', ['telnyx', 'sms', 'voice'], { env: ['TELNYX_API_KEY'], name: 'telnyx' }],
  ['npm', '@adamhancock/bullmq-mcp', ['bullmq', 'redis', 'queues'], { name: 'bullmq' }],
  ['npm', '@vapi-ai/mcp-server', ['vapi', 'voice-agents', 'calls'], { env: ['VAPI_TOKEN'], name: 'vapi' }],
  ['npm', '@abhaybabbar/retellai-mcp-server', ['retell', 'voice-agents', 'calls'], { env: ['RETELL_API_KEY'], name: 'retell' }],
  ['pypi', 'mcp-server-rabbitmq', ['rabbitmq', 'amqp', 'queues'], { args: ['--rabbitmq-host', '127.0.0.1', '--port', '9', '--username', 'placeholder', '--password', 'placeholder'], name: 'rabbitmq' }],
  ['pypi', 'kafka-mcp-server', ['kafka', 'streams', 'topics'], { config: { KAFKA_BOOTSTRAP_SERVERS: '127.0.0.1:9' }, name: 'kafka' }],
  ['pypi', 'mattermost-mcp', ['mattermost', 'chat'], { env: ['MATTERMOST_TOKEN'], config: { MATTERMOST_URL: 'http://127.0.0.1:9' }, name: 'mattermost' }],
  ['pypi', 'mcp-server-mattermost', ['mattermost', 'chat', 'channels'], { env: ['MATTERMOST_TOKEN'], config: { MATTERMOST_URL: 'http://127.0.0.1:9' }, name: 'mattermost-server' }],
  ['pypi', 'zulipchat-mcp', ['zulip', 'chat', 'streams'], { env: ['ZULIP_API_KEY', 'ZULIP_EMAIL'], config: { ZULIP_SITE: 'http://127.0.0.1:9' }, name: 'zulip' }],
  ['pypi', 'fast-mcp-telegram', ['telegram', 'chat'], { env: ['API_ID', 'API_HASH'], name: 'telegram' }],
  ['pypi', 'telegram-mcp', ['telegram', 'bots', 'notifications'], { env: ['TELEGRAM_BOT_TOKEN'], name: 'telegram-bot' }],
  ['pypi', 'whatsapp-mcp', ['whatsapp', 'chat', 'business'], { env: ['ACCESS_TOKEN'], config: { PHONE_NUMBER_ID: 'placeholder', BUSINESS_ACCOUNT_ID: 'placeholder' }, setup: 'https://developers.facebook.com/apps', name: 'whatsapp' }],
  ['pypi', 'awslabs-amazon-sns-sqs-mcp-server', ['aws', 'sns', 'sqs', 'queues'], { ...AWS, name: 'aws-sns-sqs' }],
  ['pypi', 'awslabs-amazon-mq-mcp-server', ['aws', 'amazon-mq', 'rabbitmq', 'activemq'], { ...AWS, name: 'aws-mq' }],
  ['pypi', 'awslabs-kinesis-mcp-server', ['aws', 'kinesis', 'streams'], { ...AWS, name: 'aws-kinesis' }],
]);
