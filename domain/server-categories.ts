/**
 * The spec's server categories: one list for the registry table (db/schema/registry.ts), the
 * bundled catalog's schema (catalog/schema.ts) and the routes that validate a category.
 */
export const SERVER_CATEGORIES = [
  'version-control',
  'infrastructure',
  'monitoring',
  'messaging',
  'databases',
  'ci-cd',
  'development',
  'communication',
  'custom',
] as const;
export type ServerCategory = (typeof SERVER_CATEGORIES)[number];
