/**
 * What may reach a log line (DESIGN.md, decision 7: no credential, secret or SQL parameter is
 * ever logged). pino's path redaction covers headers and named fields; this covers what paths
 * cannot: credentials inside a request URL and database errors, whose message, stack and
 * fields carry the statement's parameters (drizzle's "Failed query: …\nparams: …", PGlite's
 * `params`, Postgres' `detail` "Key (x)=(value)").
 */

/** Query parameters whose value is a credential. Over-redacting a harmless one costs nothing. */
const SECRET_QUERY = /^(api[_-]?key|apikey|admin[_-]?key|key|token|access[_-]?token|id[_-]?token|refresh[_-]?token|jwt|secret|client[_-]?secret|password|passwd|code|device[_-]?code|signature|sig|state|code[_-]?verifier)$/i;

const REDACTED = '[redacted]';

/** The URL with every credential-bearing query value replaced; the path and other values kept. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is still matched on its raw text.
    }
    return eq >= 0 && SECRET_QUERY.test(name.trim()) ? `${rawName}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** Fields of a database error that say what failed without saying with which values. */
const SAFE_DB_FIELDS = ['code', 'severity', 'constraint', 'constraint_name', 'table', 'table_name', 'column', 'column_name', 'schema_name', 'routine'] as const;

/** Where a drizzle-wrapped message starts listing the bound values. */
const PARAMS_MARK = '\nparams: ';

/** A message with any statement parameters cut off (drizzle appends them after the SQL). */
export function scrubMessage(message: string): string {
  const cut = message.indexOf(PARAMS_MARK);
  return cut < 0 ? message : `${message.slice(0, cut)}${PARAMS_MARK}${REDACTED}`;
}

/** True when the text holds a drizzle-formatted parameter list. */
export function hasParams(text: string): boolean {
  return text.includes(PARAMS_MARK);
}

function isDatabaseError(error: Record<string, unknown>): boolean {
  return 'params' in error || 'parameters' in error || (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error);
}

/**
 * A log-safe form of any error: name, message (parameters cut), code and the safe database
 * fields, the stack's frames (its first lines repeat the message, so they are rebuilt), and
 * the same for its causes. Values, details and every other field of a database error are left
 * out; other errors keep their own plain fields except known parameter carriers.
 */
export function safeError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return scrubMessage(error);
  if (!error || typeof error !== 'object') return error;
  const e = error as Record<string, unknown> & { name?: string; message?: unknown; stack?: unknown; cause?: unknown };
  const database = isDatabaseError(e) || /^Failed query: /.test(String(e.message ?? ''));
  let message = scrubMessage(String(e.message ?? ''));
  // Data exceptions (SQLSTATE class 22) quote the offending value after the colon.
  if (database && typeof e.code === 'string' && e.code.startsWith('22')) message = message.replace(/: .*$/s, `: ${REDACTED}`);
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name ?? 'Error', message };
  if (database) {
    for (const field of SAFE_DB_FIELDS) if (e[field] !== undefined && typeof e[field] !== 'object') out[field] = e[field];
  } else {
    for (const [key, value] of Object.entries(e)) {
      if (key === 'cause' || key === 'params' || key === 'parameters' || key === 'detail' || key === 'where' || key === 'query') continue;
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = typeof value === 'string' ? scrubMessage(value) : value;
    }
  }
  if (typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${out.type}: ${message.split('\n')[0]}`, ...frames].join('\n');
  }
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/**
 * Applied to every log record before it is written (pino `formatters.log`): errors under any
 * key (the Temporal SDK puts them under `error`, callers sometimes `String(err)` them) take
 * their safe form.
 */
export function scrubRecord(record: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'err' || key === 'error') continue; // the serializers of the same name take these
    const safe = value instanceof Error ? safeError(value) : typeof value === 'string' && hasParams(value) ? scrubMessage(value) : value;
    if (safe !== value) (out ??= { ...record })[key] = safe;
  }
  return out ?? record;
}

/** The request as logged: Fastify's fields, with the URL's credentials redacted. */
export function safeRequest(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/**
 * pino `hooks.logMethod`: a message that pino takes from an error (`log.error(err)`,
 * `log.error({ err })`) or that a caller built from one loses its parameters too.
 */
export function scrubLogArgs(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) return [{ err: first }, ...(rest.length ? rest : [scrubMessage(first.message)])].map(scrubArg);
  if (first && typeof first === 'object' && rest.length === 0) {
    const err = (first as Record<string, unknown>).err ?? (first as Record<string, unknown>).error;
    if (err instanceof Error && (first as Record<string, unknown>).msg === undefined) return [first, scrubMessage(err.message)];
  }
  return args.map(scrubArg);
}

const scrubArg = (arg: unknown) => (typeof arg === 'string' && hasParams(arg) ? scrubMessage(arg) : arg);
