/**
 * An error fit for Temporal's history, the worker's log and, through them, a client: drizzle
 * wraps a failed statement in an error whose message is the SQL followed by every
 * parameter (tool results, webhook secrets, upstream headers). What is kept is the
 * database's own reason and SQLSTATE, which name the problem without the data.
 */
export function withoutQuery(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (!('query' in error) || !('params' in error)) return error;
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  // Capped: some reasons quote the offending value (invalid input syntax ...: "<value>").
  const reason = typeof cause?.message === 'string' ? cause.message.slice(0, 200) : 'no reason given';
  const code = typeof cause?.code === 'string' ? ` (SQLSTATE ${cause.code})` : '';
  const safe = new Error(`database statement failed: ${reason}${code}`);
  safe.name = 'DatabaseError';
  return safe;
}
