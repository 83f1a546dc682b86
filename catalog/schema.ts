// Schema of the bundled MCP server catalog (catalog/servers.json). The registry sync
// imports it, so it is the one definition of what a catalog entry may hold.
import { z } from 'zod';
import { SERVER_CATEGORIES } from '../domain/server-categories.ts';

/** The spec's server categories: one list, shared with the registry table. */
export const CATEGORIES = SERVER_CATEGORIES;

export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const PLATFORMS = ['linux', 'macos', 'windows'] as const;

// Same pattern the admin API enforces on registry names (spec "Registry entry").
export const serverNameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/);

// A tool's input schema must be a JSON Schema object schema: MCP requires
// `type: "object"` at the root, and the search index relies on `properties`.
export const inputSchemaSchema = z
  .object({ type: z.literal('object') })
  .catchall(z.unknown());

export const catalogToolSchema = z.object({
  name: z.string().min(1).max(128),
  description: z.string(),
  inputSchema: inputSchemaSchema,
});
export type CatalogTool = z.infer<typeof catalogToolSchema>;

export const packageRefSchema = z.object({
  registry: z.enum(['npm', 'pypi']),
  name: z.string().min(1),
  version: z.string().min(1),
});

export const stdioLaunchSchema = z.object({
  type: z.literal('stdio'),
  command: z.enum(['npx', 'uvx', 'node', 'python']),
  args: z.array(z.string()),
  package: packageRefSchema,
});

export const remoteLaunchSchema = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: z.string().url(),
});

export const launchSchema = z.discriminatedUnion('type', [stdioLaunchSchema, remoteLaunchSchema]);

// Only env var *names* live here, never values: the catalog is public data.
export const authenticationSchema = z.object({
  type: z.enum(['token', 'credentials', 'none']),
  required: z.boolean(),
  env_var: z.string().regex(/^[A-Z][A-Z0-9_]*$/).optional(),
  env_vars: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/)).optional(),
  setup_url: z.string().url().optional(),
});

export const catalogEntrySchema = z.object({
  name: serverNameSchema,
  display_name: z.string().min(1).max(200),
  description: z.string().max(2000),
  version: z.string().min(1),
  url: z.string().url(),
  icon: z.string().min(1),
  category: categorySchema,
  tags: z.array(z.string().min(1)),
  launch: launchSchema,
  authentication: authenticationSchema,
  rate_limit: z.object({ requests_per_hour: z.number().int().positive() }),
  supported_platforms: z.array(z.enum(PLATFORMS)).min(1),
  tools: z.array(catalogToolSchema),
  // How the tool list was obtained: a live `tools/list` call, or the server's own
  // published docs/schema files when it refuses to start without real credentials.
  tools_source: z.enum(['tools/list', 'documentation']),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

// No timestamp in the file: reruns that find the same tools must produce the same bytes.
export const catalogFileSchema = z.object({
  servers: z.array(catalogEntrySchema),
});
export type CatalogFile = z.infer<typeof catalogFileSchema>;
