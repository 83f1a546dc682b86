import type { Sql, TransactionSql } from 'postgres';

/**
 * The postgres-js client as drizzle should see it: every statement with parameters prepared
 * (named, kept per connection), including inside transactions and savepoints.
 *
 * Why: drizzle sends its statements with `prepare: false` unless a query is given a name, and
 * postgres-js then sends an unnamed statement with parameters in two round trips — Parse and
 * Describe first, and Bind and Execute only once Postgres has answered with the parameter types.
 * The second trip waits for this process's event loop: while a retrieval scores its candidates
 * or a worker runs a workflow task, a statement's answer was held up by a whole busy stretch
 * (docs/decisions.md "Prepared statements"). A prepared statement is described once per
 * connection; after that a statement is one trip, written at once when its parameters are large.
 *
 * The cost is one named statement per distinct SQL text per connection on the server: drizzle's
 * texts are fixed by the code (an `IN` list adds one per length), and postgres-js replaces its
 * connections within an hour (`max_lifetime`), which frees them. postgres-js prepares again by
 * itself when a migration invalidates a kept statement.
 */
export function preparedStatements<T extends Sql | TransactionSql>(sql: T): T {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        // Called as a member (target.unsafe), so it keeps its `this`.
        type Unsafe = (q: string, a?: unknown[], o?: object) => unknown;
        return (query: string, args?: unknown[], options?: object) => (target.unsafe as Unsafe)(query, args, { ...options, prepare: true });
      }
      if (key === 'begin' || key === 'savepoint') {
        const open = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: TransactionSql) => unknown;
          return open.call(target, ...args, (tx: TransactionSql) => body(preparedStatements(tx)));
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
