import { z } from 'zod';
import { disconnectServer, serverConnectionStatus, startServerConnection } from '../services/registry/oauth-connections.ts';
import { deletePreregisteredClient, getPreregisteredClient, setPreregisteredClient } from '../services/registry/oauth-preregistration.ts';
import { defineOperation } from './operation.ts';
import type { OperationCaller } from './operation.ts';
import type { WarnLogger } from '../../platform/oauth-client/revoke.ts';

/*
 * A user's OAuth connection to a remote MCP server (issue 36, item 2): REST only, as the
 * credentials are. An MCP client is never handed a connection to make: a call that needs one
 * answers CREDENTIALS_REQUIRED with the page where the user makes it (URL elicitation).
 */

const serverRef = z.string().min(1).max(100).describe('A server name, or a custom server id');
const unixSeconds = z.number().int().nullable().describe('Unix seconds');

export const connectionStatus = z.object({
  server: z.string(),
  oauth: z.boolean().describe('Whether the server is known to ask for OAuth (found by a connection started on it)'),
  status: z.enum(['connected', 'needs_reconnect', 'not_connected']).describe('needs_reconnect: its authorization server refused the last refresh'),
  connected_at: unixSeconds,
  expires_at: unixSeconds.describe("When the current access token expires, as the authorization server said (refreshed before it does)"),
  scope: z.string().nullable(),
});

export const connectionStarted = z.object({
  server: z.string(),
  authorization_url: z.string().describe('Where to send the user: the server\'s authorization server, with PKCE and our state'),
  expires_at: z.number().int().describe('Unix seconds: the link (its state) is refused after this'),
});

const unused = () => '';
const restOnly = { taskSupport: 'forbidden' as const, text: unused, auth: 'required' as const };

/** A caller that also says at which address it reached us: the callback must be on that origin. */
export interface ConnectCaller extends OperationCaller {
  origin: string;
}

/** A caller whose request logger a call writes to (a failed revocation at the AS is logged, not answered). */
export interface LoggingCaller extends OperationCaller {
  logger: WarnLogger;
}

/** POST /mcp_servers/{server}/connection. */
export const startConnectionOp = defineOperation<z.ZodObject<{ server: typeof serverRef }>, typeof connectionStarted, ConnectCaller>({
  ...restOnly,
  name: 'connect_server',
  description: 'Starts connecting your account on a remote server that asks for OAuth: answers the authorization URL to open; the connection is made when it calls us back.',
  input: z.object({ server: serverRef }),
  output: connectionStarted,
  rateScope: 'server_management',
  errorStatuses: [404, 502],
  annotations: { readOnlyHint: false, openWorldHint: true },
  call: (caller, args) => startServerConnection(caller.deps, caller.userId, args.server, caller.origin),
});

/** GET /mcp_servers/{server}/connection. */
export const getConnectionOp = defineOperation({
  ...restOnly,
  name: 'get_server_connection',
  description: 'Whether you are connected to a server over OAuth, and until when its current token runs. Never a token.',
  input: z.object({ server: serverRef }),
  output: connectionStatus,
  rateScope: null,
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller, args) => serverConnectionStatus(caller.deps, caller.userId, args.server),
});

/** DELETE /mcp_servers/{server}/connection. */
export const deleteConnectionOp = defineOperation<z.ZodObject<{ server: typeof serverRef }>, z.ZodNull, LoggingCaller>({
  ...restOnly,
  name: 'disconnect_server',
  description: 'Forgets your OAuth connection to a server and its tokens.',
  input: z.object({ server: serverRef }),
  output: z.null().meta({ description: 'Disconnected' }),
  rateScope: 'server_management',
  errorStatuses: [404],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
  call: async (caller, args) => {
    await disconnectServer(caller.deps, caller.userId, args.server, caller.logger);
    return null;
  },
});

/* An operator's pre-registered client for a remote server entry (admin, REST only; the secret is write-only). */

const entryName = z.object({ name: z.string().min(1).max(100).regex(/^[\x21-\x7E]+$/).describe('A registry entry name') });
const authMethod = z.enum(['client_secret_basic', 'client_secret_post', 'none']);
export const preregisteredClientInput = z.object({
  client_id: z.string().min(1).max(512).regex(/^[\x20-\x7E]+$/),
  client_secret: z.string().min(1).max(512).regex(/^[\x20-\x7E]+$/).optional().describe('Sealed and never answered'),
  token_endpoint_auth_method: authMethod.optional().describe('Default: what the authorization server\'s metadata prefers'),
});
export const preregisteredClient = z.object({
  server: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  token_endpoint_auth_method: authMethod.nullable(),
});
const adminOnly = { taskSupport: 'forbidden' as const, text: unused, auth: 'admin' as const };

/** PUT /admin/mcp_registry/{name}/oauth_client. */
export const setPreregisteredClientOp = defineOperation<z.ZodObject<typeof entryName.shape & typeof preregisteredClientInput.shape>, typeof preregisteredClient, Pick<OperationCaller, 'deps'>>({
  ...adminOnly,
  name: 'set_server_oauth_client',
  description: 'Sets the OAuth client an operator registered by hand at this remote server\'s authorization server: used instead of metadata documents or dynamic registration.',
  input: entryName.extend(preregisteredClientInput.shape),
  output: preregisteredClient,
  rateScope: 'server_management',
  errorStatuses: [404],
  annotations: { readOnlyHint: false, openWorldHint: false },
  call: (caller, { name, ...client }) => setPreregisteredClient(caller.deps, name, client),
});

/** GET /admin/mcp_registry/{name}/oauth_client. */
export const getPreregisteredClientOp = defineOperation<typeof entryName, typeof preregisteredClient, Pick<OperationCaller, 'deps'>>({
  ...adminOnly,
  name: 'get_server_oauth_client',
  description: 'Which pre-registered OAuth client a remote server uses; never its secret.',
  input: entryName,
  output: preregisteredClient,
  rateScope: null,
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller, args) => getPreregisteredClient(caller.deps, args.name),
});

/** DELETE /admin/mcp_registry/{name}/oauth_client. */
export const deletePreregisteredClientOp = defineOperation<typeof entryName, z.ZodNull, Pick<OperationCaller, 'deps'>>({
  ...adminOnly,
  name: 'delete_server_oauth_client',
  description: 'Forgets a remote server\'s pre-registered OAuth client and its secret.',
  input: entryName,
  output: z.null().meta({ description: 'Forgotten' }),
  rateScope: 'server_management',
  errorStatuses: [404],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
  call: (caller, args) => deletePreregisteredClient(caller.deps, args.name),
});
