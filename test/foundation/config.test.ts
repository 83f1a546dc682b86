import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('runs the embedded default with nothing set', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('embedded');
    expect(config.searchBackend).toBe('embedded');
    expect(config.PORT).toBe(3000);
    expect(config.BODY_LIMIT_BYTES).toBe(1024 * 1024);
  });

  it('names the variable and the fault of each bad value', () => {
    const issues = issuesOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', LOG_LEVEL: 'loud', TEMPORAL_ADDRESS: 'nohost' });
    expect(issues.find((i) => i.startsWith('PORT:'))).toMatch(/number/);
    expect(issues.find((i) => i.startsWith('DATABASE_URL:'))).toBeDefined();
    expect(issues.find((i) => i.startsWith('LOG_LEVEL:'))).toBeDefined();
    expect(issues.find((i) => i.startsWith('TEMPORAL_ADDRESS:'))).toMatch(/host:port/);
  });

  it('requires the secrets and services of the production shape', () => {
    const issues = issuesOf({ DATABASE_URL: 'postgres://u:p@localhost:5432/db' });
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^TEMPORAL_ADDRESS: required/),
        expect.stringMatching(/^ADMIN_KEY: required/),
        expect.stringMatching(/^JWT_SECRET: required/),
        expect.stringMatching(/^CREDENTIALS_KEY: required/),
      ]),
    );
  });

  it('refuses short secrets and an Elasticsearch backend without a URL', () => {
    expect(issuesOf({ ADMIN_KEY: 'short' })[0]).toMatch(/^ADMIN_KEY: must be at least 16/);
    expect(issuesOf({ SEARCH_BACKEND: 'elasticsearch' })[0]).toMatch(/^ELASTICSEARCH_URL: required/);
  });

  // Issue 36: an AS fetches our client metadata document over TLS only; a plain-http client id is refused at start.
  it('takes only an https URL for our client metadata document', () => {
    expect(issuesOf({ OAUTH_CLIENT_METADATA_URL: 'http://switchboard.example/oauth/client-metadata.json' })[0]).toMatch(/^OAUTH_CLIENT_METADATA_URL:/);
    expect(issuesOf({ OAUTH_CLIENT_METADATA_URL: 'not a url' })[0]).toMatch(/^OAUTH_CLIENT_METADATA_URL:/);
    const url = 'https://switchboard.example/client.json';
    expect(loadConfig({ OAUTH_CLIENT_METADATA_URL: url }).OAUTH_CLIENT_METADATA_URL).toBe(url);
  });

  // Issue 33 item 6: the embedded default let every user of a multi-user instance reach loopback.
  it('allows private webhook and server targets in no mode unless configured', () => {
    expect(loadConfig({}).mode).toBe('embedded');
    expect(loadConfig({}).allowPrivateWebhookTargets).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }).allowPrivateWebhookTargets).toBe(true);
    const production = loadConfig({
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      TEMPORAL_ADDRESS: 'localhost:7233',
      ADMIN_KEY: 'a'.repeat(16),
      JWT_SECRET: 'b'.repeat(32),
      CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(production.mode).toBe('production');
    expect(production.allowPrivateWebhookTargets).toBe(false);
  });
});
