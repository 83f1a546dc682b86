import { z } from 'zod';
import { entryVersionPin, pinEntryVersion, unpinEntryVersion } from '../services/registry/version-pins.ts';
import type { VersionPinCaller } from '../services/registry/version-pins.ts';
import { defineOperation } from './operation.ts';

/*
 * Version pins of imported entries (issue 38, item 1): REST only, admin only. The sync keeps a
 * pinned entry at its version; a new version's tools go through the definition pins (holds).
 */

/** A registry name (the rule of api/routes/registry/schemas.ts, which operations may not import). */
const serverName = z.string().max(64).regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'lowercase letters, digits and dashes, 2 to 64 characters');


/** A version as the official registry writes them (semver mostly): no `latest`, which the registry's routes read as a word. */
const version = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, 'a version: letters, digits, dots, dashes, plus and underscores, starting with a letter or digit')
  .refine((v) => v !== 'latest', 'not "latest": unpin the entry to follow the latest version');

const pinView = z.object({
  name: z.string(),
  version: z.string().describe('The version the registry holds now'),
  pinned_version: z.string().nullable().describe('The version the sync keeps; null: the source\'s latest'),
  message: z.string(),
});

/** What the three pin operations share: admin, REST only, counted as the other admin registry routes (server_management). */
const pinOperation = {
  rateScope: 'server_management' as const,
  taskSupport: 'forbidden' as const,
  text: () => '',
  output: pinView,
  auth: 'admin' as const,
  errorStatuses: [404, 409],
};

/** GET /admin/mcp_registry/{name}/version_pin. */
export const getVersionPinOp = defineOperation({
  ...pinOperation,
  name: 'get_registry_entry_version_pin',
  description: 'The version an imported registry entry holds now and the version it is pinned to (null: it follows the source\'s latest).',
  input: z.object({ name: serverName }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: Pick<VersionPinCaller, 'deps'>, args) => entryVersionPin(caller, args.name),
});

/** PUT /admin/mcp_registry/{name}/version_pin. */
export const pinVersionOp = defineOperation({
  ...pinOperation,
  name: 'pin_registry_entry_version',
  description: 'Pins an imported registry entry to one upstream version: the sync keeps it there (or reports that the source lacks it) until unpinned.',
  input: z.object({ name: serverName, version }),
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
  call: (caller: VersionPinCaller, args) => pinEntryVersion(caller, args.name, args.version),
});

/** DELETE /admin/mcp_registry/{name}/version_pin. */
export const unpinVersionOp = defineOperation({
  ...pinOperation,
  name: 'unpin_registry_entry_version',
  description: 'Lets an imported registry entry follow the source\'s latest version again, from the next sync.',
  input: z.object({ name: serverName }),
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
  call: (caller: VersionPinCaller, args) => unpinEntryVersion(caller, args.name),
});
