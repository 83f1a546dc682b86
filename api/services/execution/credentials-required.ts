import type { ToolTarget } from '../../../db/jobs/tool-target.ts';
import type { Database } from '../../../db/client.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { declaredCredentials, statusOf } from '../../../platform/credentials/store.ts';
import { findConnection, protectedAmong } from '../../../db/oauth-client/connections.ts';
import { AppError } from '../../errors.ts';

/** The console's page where a user sets a server's credentials; each face makes it absolute with its own origin. */
export const credentialsPagePath = (server: string) => `/console/servers/${encodeURIComponent(server)}#credentials`;

/**
 * Refuses, before any run, a tool whose server requires credentials the caller has not set
 * (issue 35, item 4): 409 CREDENTIALS_REQUIRED naming the server, the missing names and where
 * to set them (decisions.md, "The credential store"). A server that declares none costs no query.
 */
export async function requireCredentials(db: Database, target: ToolTarget, userId: string | null): Promise<void> {
  const launchType = typeof target.launch?.type === 'string' ? target.launch.type : null;
  if (launchType !== null && launchType !== 'stdio') await requireConnection(db, target, userId);
  const declared = declaredCredentials({ authentication: target.authentication, launchType });
  if (!declared.required) return;
  const status = await statusOf(db, userId, target.server, declared);
  if (!status.missing.length) return;
  const server = shownServerName(target.server);
  throw new AppError('CREDENTIALS_REQUIRED', `Tool ${server}/${target.tool} needs credentials you have not set for ${server}: ${status.missing.join(', ')}`, {
    server,
    missing: status.missing,
    // A path here; the REST error handler and the MCP faces make it absolute (error-forms.ts, absoluteLinks).
    setup_url: credentialsPagePath(server),
    ...(status.setupUrl ? { vendor_setup_url: status.setupUrl } : {}),
  });
}

/**
 * A server that asks for OAuth (issue 36) runs only with the caller's own connection to it:
 * never connected, or its AS refused the last refresh (`needs_reconnect`), is the same 409 as
 * a missing credential, linking to the server's page where the user connects.
 */
async function requireConnection(db: Database, target: ToolTarget, userId: string | null): Promise<void> {
  if (!(await protectedAmong(db, [target.server])).has(target.server)) return;
  const connection = userId ? await findConnection(db, userId, target.server) : null;
  if (connection?.status === 'connected') return;
  const server = shownServerName(target.server);
  const reconnect = connection?.status === 'needs_reconnect';
  const why = reconnect ? 'its authorization server no longer accepts your connection: connect again' : 'connect your account first';
  throw new AppError('CREDENTIALS_REQUIRED', `Tool ${server}/${target.tool} needs your OAuth connection to ${server}: ${why}`, {
    server,
    missing: [],
    setup_url: credentialsPagePath(server),
    connect: true,
    reconnect,
  });
}
