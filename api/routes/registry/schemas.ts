import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SERVER_CATEGORIES } from '../../../db/schema/index.ts';
import { LaunchConfigSchema } from '../../../mcp/index.ts';
import { atLeastOne, NOT_BLANK } from '../../schemas.ts';

/** Registry names: lowercase, digits and dashes, 2 to 64 characters (also the catalog's rule). */
export const serverName = z
  .string()
  .max(64, 'at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'lowercase letters, digits and dashes, 2 to 64 characters, not starting with a dash');

// A server reference (a name, or a custom server's id) and a tool name: the registry
// operations' own fields (api/operations/registry-schemas.ts).
export { serverRef, toolName } from '../../operations/registry-schemas.ts';
export const category = z.enum(SERVER_CATEGORIES);
export const packId = z.string().min(1).max(64);
export const shortText = (max: number) => z.string().trim().min(1).max(max).regex(NOT_BLANK, 'must not be blank');
export const httpUrl = z.url({ protocol: /^https?$/, message: 'an http(s) URL' }).max(2048);

export const tags = z.array(z.string().min(1).max(50)).max(50);
export const authentication = z.object({
  type: z.enum(['none', 'token', 'credentials', 'oauth']),
  required: z.boolean(),
  env_var: z.string().regex(/^[A-Z][A-Z0-9_]*$/).max(100).optional(),
  env_vars: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/).max(100)).max(20).optional(),
  /** An HTTP server's credential headers (each user sets their own values, platform/credentials/store.ts). */
  headers: z.array(z.string().regex(/^[A-Za-z][A-Za-z0-9-]*$/).max(100)).max(20).optional(),
  setup_url: httpUrl.optional(),
});
export const rateLimit = z.object({ requests_per_hour: z.number().int().positive().max(10_000_000) });

const adminEntryFields = {
  display_name: shortText(200),
  description: z.string().max(2000),
  url: httpUrl,
  icon: z.string().min(1).max(500),
  category,
  tools_count: z.number().int().min(0).max(100_000),
  version: z.string().min(1).max(50),
  tags,
  authentication,
  rate_limit: rateLimit,
  supported_platforms: z.array(z.enum(['linux', 'macos', 'windows'])).max(3),
  launch: LaunchConfigSchema,
};

export const adminEntryCreate = z.object({
  name: serverName,
  ...adminEntryFields,
  tools_count: adminEntryFields.tools_count.default(0),
  version: adminEntryFields.version.default('1.0.0'),
  tags: tags.default([]),
  supported_platforms: adminEntryFields.supported_platforms.default(['linux', 'macos', 'windows']),
  authentication: authentication.optional(),
  rate_limit: rateLimit.optional(),
  launch: LaunchConfigSchema.optional(),
});

export const adminEntryUpdate = atLeastOne(z.object(adminEntryFields).partial(), 'give at least one field to change');

export const nameParams = z.object({ name: serverName });
export const packParams = z.object({ pack_id: packId });

export const pageQuery = (defaultLimit: number, max: number) => ({
  limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The user a request runs for on optional-auth routes (null when anonymous or the admin key). */
export function optionalUser(request: FastifyRequest) {
  return request.principal?.kind === 'user' ? request.principal.user : null;
}
