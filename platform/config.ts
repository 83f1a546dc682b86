import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { telemetryEnv } from './telemetry/env.ts';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A 256-bit key in base64 (standard or url-safe alphabet); `openssl rand -base64 32` makes one. */
const credentialKey = z
  .string()
  .regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'must be 32 bytes in base64 (openssl rand -base64 32)');

const port = z.coerce.number().int().min(0).max(65535);

/** One entry of TRUSTED_PROXIES: an address, a CIDR, or a named range of proxy-addr (Fastify's trustProxy). */
function proxyEntryProblem(entry: string): string | undefined {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return `${entry} is not an address, a CIDR or one of loopback, linklocal, uniquelocal`;
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))) return `${entry} has a bad prefix length`;
  return undefined;
}

/** Comma-separated proxy addresses; empty = trust none, so X-Forwarded-* from a client is ignored. */
const proxyList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .superRefine((entries, ctx) => {
    for (const entry of entries) {
      const problem = proxyEntryProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  });

/**
 * Every setting the service reads from its environment. Nothing else reads process.env:
 * modules take the parsed Config (or the part they need) as a parameter.
 */
export const configSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * Where the worker installs catalog servers' npm and PyPI packages (package-store/): one copy
   * per package, shared by the worker processes of the machine. Default `<DATA_DIR>/packages`.
   */
  PACKAGE_STORE_DIR: z.string().min(1).optional(),
  /** Where packages come from: a mirror of the npm registry or of PyPI's JSON and simple APIs (default the public ones). */
  NPM_REGISTRY_URL: z.url({ protocol: /^https?$/ }).optional(),
  PYPI_INDEX_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Postgres in the production shape; absent means PGlite in DATA_DIR (embedded mode). */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** A Temporal cluster in the production shape; absent means the process starts a dev server. */
  TEMPORAL_ADDRESS: z.string().regex(/^[^:\s]+:\d+$/, 'must be host:port').optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  TEMPORAL_DEV_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  TASK_QUEUE_PREFIX: z.string().regex(/^[a-z0-9-]*$/).default(''),
  SEARCH_BACKEND: z.enum(['embedded', 'elasticsearch']).optional(),
  ELASTICSEARCH_URL: z.url({ protocol: /^https?$/ }).optional(),
  ELASTICSEARCH_INDEX: z.string().regex(/^[a-z0-9_-]+$/).default('switchboard-tools'),
  /** Credentials for an Elasticsearch with security on: a user and password (basic), or an API key (the encoded form). */
  ELASTICSEARCH_USERNAME: z.string().min(1).optional(),
  ELASTICSEARCH_PASSWORD: z.string().min(1).optional(),
  ELASTICSEARCH_API_KEY: z.string().min(1).optional(),
  /** Absent in embedded mode: generated once and kept in DATA_DIR. Required in production. */
  ADMIN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The key users' server credentials are encrypted with (AES-256-GCM): 32 bytes, base64.
   * Absent in embedded mode: generated once and kept in DATA_DIR. Required in production.
   */
  CREDENTIALS_KEY: credentialKey.optional(),
  /** Earlier CREDENTIALS_KEYs, comma-separated: still decrypt, never encrypt (docs/operators.md, "Rotating the credentials key"). */
  CREDENTIALS_PREVIOUS_KEYS: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .pipe(z.array(credentialKey).max(10))
    .default([]),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  OAUTH_ISSUER: z.url().optional(),
  OAUTH_JWKS_URL: z.url().optional(),
  /** Accepted `aud` of OAuth access tokens, comma-separated (e.g. the REST audience and `<base>/mcp`); required with OAUTH_ISSUER. */
  OAUTH_AUDIENCE: z.string().min(1).optional(),
  /** Switchboard's own authorization server (api/oauth-server): access tokens are short, refresh tokens rotate. */
  OAUTH_ACCESS_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  OAUTH_REFRESH_TTL_SECONDS: z.coerce.number().int().min(300).max(90 * 86_400).default(30 * 86_400),
  /** Client ID Metadata Documents may live on private addresses (tests, an intranet); off by default, like webhooks. */
  OAUTH_CIMD_ALLOW_PRIVATE: boolean.default(false),
  /**
   * Our own client id at upstream authorization servers that accept Client ID Metadata Documents:
   * the https URL where the operator publishes the document we serve at /oauth/client-metadata.json
   * (a fixed name behind a proxy or CDN). Unset: `<our origin>/oauth/client-metadata.json` when
   * that origin is https, else none (we register instead). https only: an AS fetches it over TLS.
   */
  OAUTH_CLIENT_METADATA_URL: z.url({ protocol: /^https$/ }).optional(),
  /** No session token, renewed or not, lives longer than this after its sign-in (`auth_time`). */
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(30 * 86_400).default(12 * 3600),
  /** Minting an API key with a session token needs a sign-in at most this old (a key outlives every session). */
  FRESH_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Metrics and traces: METRICS_*, OTEL_* (platform/telemetry/env.ts). */
  ...telemetryEnv,
  /** Request bodies above this many bytes are refused with 400 (decisions.md). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(1024 * 1024),
  /** A request's headers and body must arrive within this many ms, its headers alone within HEADERS_TIMEOUT_MS (slow senders hold no socket for ever). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (issue 33, item 7):
   * addresses or CIDRs, comma-separated. Default none: a client talking to us directly could
   * otherwise name any address and reset every anonymous per-IP limit.
   */
  TRUSTED_PROXIES: proxyList.default([]),
  /** JSON overrides of the per-plan rate limits, e.g. {"free":{"retrieval":{"minute":3}}}. */
  RATE_LIMITS: z.string().optional(),
  /**
   * Lets webhooks, users' custom servers and upstream remotes reach loopback and private
   * addresses. Off in every mode: an embedded instance may have many users, and each of them
   * would reach the host's own services (docs/decisions.md, "Hardening 2: one guarded connect
   * path"). Admins' own servers are exempt; a single-user instance opts in here.
   */
  ALLOW_PRIVATE_WEBHOOK_TARGETS: boolean.optional(),
  /**
   * An upstream registry serving the official MCP Registry's server.json documents, read by the
   * scheduled sync: its API (`https://.../v0.1/servers`), or a `file:` URL of a file or folder of documents.
   */
  MCP_REGISTRY_UPSTREAM_URL: z.url({ protocol: /^(https?|file)$/ }).optional(),
  /** How long a call waiting for its owner's approval waits before it expires (issue 37, item 3). */
  CALL_APPROVAL_WAIT_SECONDS: z.coerce.number().int().min(1).max(30 * 86_400).default(86_400),
  /** Warm server instances one worker keeps at most (all users); past it the least recently used idle one ends (issue 35). */
  MAX_WARM_INSTANCES: z.coerce.number().int().min(1).max(10_000).default(500),
  /**
   * Separate worker processes (`npm run worker`) send a user's calls to the worker holding their
   * warm instance (docs/decisions.md, "A user's calls reach their warm instance"). Default on;
   * `false` turns it off (any worker takes any call, as before). The embedded mode never routes.
   */
  INSTANCE_ROUTING: boolean.default(true),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Payment provider (Razorpay-style API): base URL, public key id, key secret, webhook secret. Billing answers 503 without them. */
  PAYMENT_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_KEY_ID: z.string().min(1).optional(),
  PAYMENT_KEY_SECRET: z.string().min(8).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(8).optional(),
  PAYMENT_CURRENCY: z.string().regex(/^[A-Z]{3}$/).default('USD'),
  /**
   * The language model of agent runs: an OpenAI-compatible chat-completions endpoint (base URL
   * up to /v1), its key (absent for a local server that takes none) and the model name.
   * Without LLM_BASE_URL and LLM_MODEL, POST /agent/execute only plans (decisions.md, "Agent runs").
   */
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  /**
   * Users' own embedding provider `openai` (GET/POST /settings/embedding): an OpenAI-compatible
   * embeddings API (base URL up to /v1), its key (never logged or returned), and the
   * `vendor_model` values users may choose, comma-separated. Without the URL only `local` is offered.
   */
  EMBEDDING_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  EMBEDDING_API_KEY: z.string().min(1).optional(),
  EMBEDDING_MODELS: z
    .string()
    .regex(/^[A-Za-z0-9_.:\/-]+(,[A-Za-z0-9_.:\/-]+)*$/, 'must be model names separated by commas')
    .default('text-embedding-3-small,text-embedding-3-large,text-embedding-ada-002'),
});

export type Env = z.infer<typeof configSchema>;

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

export interface Config extends Env {
  mode: 'embedded' | 'production';
  searchBackend: 'embedded' | 'elasticsearch';
  allowPrivateWebhookTargets: boolean;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  );
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const values = parsed.data;
  const mode = values.DATABASE_URL || values.TEMPORAL_ADDRESS ? 'production' : 'embedded';
  const searchBackend = values.SEARCH_BACKEND ?? (values.ELASTICSEARCH_URL ? 'elasticsearch' : 'embedded');
  const issues: string[] = [];
  if (searchBackend === 'elasticsearch' && !values.ELASTICSEARCH_URL) {
    issues.push('ELASTICSEARCH_URL: required when SEARCH_BACKEND is elasticsearch');
  }
  if (mode === 'production') {
    for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'ADMIN_KEY', 'JWT_SECRET', 'CREDENTIALS_KEY'] as const) {
      if (!values[name]) issues.push(`${name}: required in the production shape (DATABASE_URL or TEMPORAL_ADDRESS is set)`);
    }
  }
  // Off loopback the metrics listener is reachable by whatever shares the network (in the compose
  // shape: the worker, which runs tools), so it needs its own credential there.
  if (values.METRICS_PORT && !isLoopback(values.METRICS_HOST) && !values.METRICS_TOKEN) {
    issues.push(`METRICS_TOKEN: required when the metrics listener is not on loopback (METRICS_HOST=${values.METRICS_HOST})`);
  }
  const esCredentials = [values.ELASTICSEARCH_USERNAME, values.ELASTICSEARCH_PASSWORD].filter(Boolean).length;
  if (esCredentials === 1) issues.push('ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD: set both or neither');
  if (esCredentials === 2 && values.ELASTICSEARCH_API_KEY) issues.push('ELASTICSEARCH_API_KEY: set it or ELASTICSEARCH_USERNAME/PASSWORD, not both');
  if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) issues.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  if (values.OAUTH_ISSUER && !values.OAUTH_JWKS_URL) issues.push('OAUTH_JWKS_URL: required when OAUTH_ISSUER is set');
  // Without an audience any token of the issuer would do, one minted for another API included.
  if (values.OAUTH_ISSUER && !values.OAUTH_AUDIENCE) issues.push('OAUTH_AUDIENCE: required when OAUTH_ISSUER is set');
  if (values.LLM_BASE_URL && !values.LLM_MODEL) issues.push('LLM_MODEL: required when LLM_BASE_URL is set');
  if (issues.length) throw new ConfigError(issues);
  return {
    ...values,
    mode,
    searchBackend,
    allowPrivateWebhookTargets: values.ALLOW_PRIVATE_WEBHOOK_TARGETS ?? false,
  };
}

/** The package store's folder: PACKAGE_STORE_DIR, else `<DATA_DIR>/packages`. */
export function packageStoreDir(config: Pick<Config, 'DATA_DIR' | 'PACKAGE_STORE_DIR'>): string {
  return config.PACKAGE_STORE_DIR ?? join(config.DATA_DIR, 'packages');
}
