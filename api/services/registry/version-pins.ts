import { findImportedEntry, setPinnedVersion } from '../../../db/registry/version-pins.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordAudit } from '../trust/record.ts';
import type { AuditContext } from '../trust/record.ts';

/** Who pins: the admin acting in a request (the route checked the admin level). */
export interface VersionPinCaller {
  deps: Pick<AppDeps, 'db'>;
  audit: AuditContext;
}

/** The pin as the operations answer it. */
export interface VersionPinView {
  name: string;
  version: string;
  pinned_version: string | null;
  message: string;
}

async function importedEntry(deps: Pick<AppDeps, 'db'>, name: string) {
  const entry = await findImportedEntry(deps.db, name);
  if (!entry) throw notFound('NOT_FOUND', `No registry entry named ${name}`);
  // Only an upstream registry has versions to choose from: ours are the catalog's or an admin's.
  if (entry.source !== 'upstream') {
    throw new AppError('CONFLICT', `${name} is not imported from an upstream registry: it has no upstream versions to pin`, { name, source: entry.source });
  }
  return entry;
}

/** The pin as every operation answers it: what the entry holds, what it is kept at, and what the next sync does. */
function pinView(name: string, version: string, pinned: string | null): VersionPinView {
  const message =
    pinned === null
      ? `${name} follows the source's latest version at each registry sync`
      : pinned === version
        ? `${name} is kept at ${pinned}`
        : `${name} moves to ${pinned} at the next registry sync, if the source offers it`;
  return { name, version, pinned_version: pinned, message };
}

/** An imported entry's version and its pin, if any. */
export async function entryVersionPin(caller: Pick<VersionPinCaller, 'deps'>, name: string): Promise<VersionPinView> {
  const entry = await importedEntry(caller.deps, name);
  return pinView(name, entry.version, entry.pinnedVersion);
}

/**
 * Pins an imported entry to one upstream version (issue 38, item 1): the next sync keeps that
 * version however the source's latest moves, or reports that the source does not offer it.
 */
export async function pinEntryVersion(caller: VersionPinCaller, name: string, version: string): Promise<VersionPinView> {
  const entry = await importedEntry(caller.deps, name);
  await setPinnedVersion(caller.deps.db, name, version);
  await recordAudit(caller.deps, caller.audit, { action: 'registry.version_pin', target: name, details: { version, previous: entry.pinnedVersion, current: entry.version } });
  return pinView(name, entry.version, version);
}

/** Lets an imported entry follow the source's latest again, from the next sync. */
export async function unpinEntryVersion(caller: VersionPinCaller, name: string): Promise<VersionPinView> {
  const entry = await importedEntry(caller.deps, name);
  await setPinnedVersion(caller.deps.db, name, null);
  await recordAudit(caller.deps, caller.audit, { action: 'registry.version_unpin', target: name, details: { previous: entry.pinnedVersion, current: entry.version } });
  return pinView(name, entry.version, null);
}
