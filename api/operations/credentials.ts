import { z } from 'zod';
import { deleteServerCredential, getServerCredentials, putServerCredentials } from '../services/registry/credentials.ts';
import { defineOperation } from './operation.ts';

/*
 * A user's credentials for a server (issue 35, item 4): REST only. No MCP tool takes or shows
 * them: a secret must never pass through an agent's conversation (MCP 2025-11-25, URL-mode
 * elicitation); an MCP client is sent to the console's page instead (CREDENTIALS_REQUIRED).
 */

const serverRef = z.string().min(1).max(100).describe('A server name, or a custom server id');
/** Environment variable names (stdio) and header names (HTTP) alike. */
export const credentialName = z.string().min(1).max(100).regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'letters, digits, _ and -, starting with a letter');

/** 8 KiB in UTF-8 bytes: what an environment variable or a header may reasonably carry. */
export const CREDENTIAL_MAX_BYTES = 8192;

const credentialValue = z
  .string()
  .min(1, 'must not be empty')
  .refine((value) => Buffer.byteLength(value, 'utf8') <= CREDENTIAL_MAX_BYTES, `at most ${CREDENTIAL_MAX_BYTES} bytes`)
  // A NUL cannot be passed in an environment variable (execve cuts the string there) nor a header.
  .refine((value) => !value.includes('\0'), 'must not contain a NUL character');

export const credentialStatus = z.object({
  server: z.string(),
  required: z.boolean().describe('Whether the server runs only once every declared name is set'),
  kind: z.enum(['env', 'header']).describe('How the values reach the server: environment variables (stdio) or request headers (HTTP)'),
  setup_url: z.string().nullable().describe("The vendor's page where a value is made"),
  credentials: z.array(z.object({ name: z.string(), set: z.boolean(), updated_at: z.number().int().nullable().describe('Unix seconds') })),
  missing: z.array(z.string()).describe('Declared names not set, when required'),
});

const unused = () => '';
const restOnly = { rateScope: 'server_management' as const, taskSupport: 'forbidden' as const, text: unused };

/** GET /mcp_servers/{server}/credentials. */
export const getCredentials = defineOperation({
  ...restOnly,
  name: 'get_server_credentials',
  description: 'Which credentials a server declares, which of them you have set and when. Never a value.',
  input: z.object({ server: serverRef }),
  output: credentialStatus,
  auth: 'required',
  rateScope: null,
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller, args) => getServerCredentials(caller.deps, caller.userId, args.server),
});

/** PUT /mcp_servers/{server}/credentials: merge; only declared names. */
export const putCredentials = defineOperation({
  ...restOnly,
  name: 'set_server_credentials',
  description: 'Sets credential values for a server (names it does not declare are refused; others keep theirs). Answers with names and times only.',
  input: z.object({
    server: serverRef,
    values: z
      .record(credentialName, credentialValue)
      .refine((values) => Object.keys(values).length > 0, 'give at least one value')
      .refine((values) => Object.keys(values).length <= 20, 'at most 20 values'),
  }),
  output: credentialStatus,
  auth: 'required',
  errorStatuses: [404],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
  call: (caller, args) => putServerCredentials(caller.deps, caller.userId, args.server, args.values, caller.requestId ?? null),
});

/** DELETE /mcp_servers/{server}/credentials/{name}. */
export const deleteCredential = defineOperation({
  ...restOnly,
  name: 'delete_server_credential',
  description: 'Removes one credential value of yours for a server.',
  input: z.object({ server: serverRef, name: credentialName }),
  output: z.null().meta({ description: 'Deleted' }),
  auth: 'required',
  errorStatuses: [404],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
  call: async (caller, args) => {
    await deleteServerCredential(caller.deps, caller.userId, args.server, args.name, caller.requestId ?? null);
    return null;
  },
});
