import type { ToolTarget } from '../../../db/jobs/tool-target.ts';
import type { Database } from '../../../db/client.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { declaredCredentials, statusOf } from '../../../lib/credentials/store.ts';
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
