// The part of contracts/openapi.d.ts that is not generated: types over `paths` that name one
// operation's parts (path parameters, query, body, success body) the way the clients call it.
// scripts/openapi-types.ts appends everything below the marker line to the generated types, so
// the console and the CLI share one file; this copy keeps the text typechecked and linted.
import type { paths } from '../contracts/openapi.d.ts';

// ---- appended to contracts/openapi.d.ts ----

/** An HTTP method as `paths` spells it. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `method`. */
export type PathOf<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: { responses: unknown } } ? P : never }[keyof paths];

type OperationAt<P extends PathOf<M>, M extends Method> = paths[P][M];
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type SuccessStatus = 200 | 201 | 202 | 204 | '2XX';

/** The success body of an operation (`undefined` for 204). */
export type ResponseOf<P extends PathOf<M>, M extends Method = 'get'> =
  OperationAt<P, M> extends { responses: infer R } ? { [S in keyof R & SuccessStatus]: JsonOf<R[S]> }[keyof R & SuccessStatus] : never;

type ParametersAt<P extends PathOf<M>, M extends Method> = OperationAt<P, M> extends { parameters: infer A } ? A : never;
type Defined<T> = [Exclude<T, undefined>] extends [never] ? never : Exclude<T, undefined>;

/** The query an operation takes (never when it takes none). */
export type QueryOf<P extends PathOf<M>, M extends Method = 'get'> = Defined<ParametersAt<P, M> extends { query?: infer Q } ? Q : never>;
/** The path parameters of an operation, by the names in its path. */
export type PathParamsOf<P extends PathOf<M>, M extends Method = 'get'> = Defined<ParametersAt<P, M> extends { path?: infer Q } ? Q : never>;
/** The JSON body an operation takes (never when it takes none). */
export type BodyOf<P extends PathOf<M>, M extends Method> = Defined<OperationAt<P, M> extends { requestBody?: infer B } ? JsonOf<Exclude<B, undefined>> : never>;

/** What a call passes besides its path: the path parameters, query and body its operation declares. */
export type OperationInput<P extends PathOf<M>, M extends Method> = ([PathParamsOf<P, M>] extends [never] ? { params?: never } : { params: PathParamsOf<P, M> }) &
  ([QueryOf<P, M>] extends [never] ? { query?: never } : { query?: QueryOf<P, M> }) &
  // A body that may be null may be left out (POST /api-keys takes none).
  ([BodyOf<P, M>] extends [never]
    ? { body?: never }
    : OperationAt<P, M> extends { requestBody: unknown }
      ? null extends BodyOf<P, M>
        ? { body?: BodyOf<P, M> }
        : { body: BodyOf<P, M> }
      : { body?: BodyOf<P, M> });

/** A call's options (the operation's input and a client's own `Extra`), left out when nothing is required. */
export type CallArgs<P extends PathOf<M>, M extends Method, Extra = object> =
  OperationInput<P, M> extends { params: unknown } | { body: unknown } ? [options: OperationInput<P, M> & Extra] : [options?: OperationInput<P, M> & Extra];

type KeysOfUnion<U> = U extends unknown ? keyof U : never;
type ValueIn<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/**
 * A union of shapes (a job per status) as one shape: the common fields as they are, each other
 * field optional, so a client can show whatever fields the current variant has.
 */
export type Flattened<U> = { [K in keyof U]: U[K] } & { [K in Exclude<KeysOfUnion<U>, keyof U>]?: ValueIn<U, K> };
