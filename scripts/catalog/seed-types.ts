// A seed is the hand-curated part of a catalog entry: which published package to
// harvest and what the package itself cannot tell us (category, credentials, setup URL).
import type { Category } from '../../catalog/schema.ts';

export type Registry = 'npm' | 'pypi';

export interface SeedOptions {
  /** Credential env var names; the harvest passes obviously fake values for them. */
  env?: string[];
  /** token (default for one var) or credentials (default for several). */
  authType?: 'token' | 'credentials';
  /** The server works without the credential (e.g. public data, higher limits with it). */
  optionalAuth?: boolean;
  setup?: string;
  /** Extra launch args; `{dir}` is the sandbox work folder (the catalog shows ${WORKDIR}). */
  args?: string[];
  /** Non-secret config the server needs to start, with fake local values. */
  config?: Record<string, string>;
  /** Executable to run when the package ships several (npm bin name or console script). */
  bin?: string;
  /** Catalog name, when the one derived from the package name is poor. */
  name?: string;
  title?: string;
  platforms?: Array<'linux' | 'macos' | 'windows'>;
  /** false: the README's "tools" section lists something else (modes, groups,
   *  parameters), so its tools may come only from tools/list. */
  docs?: false;
  requestsPerHour?: number;
}

export interface Seed extends SeedOptions {
  registry: Registry;
  pkg: string;
  category: Category;
  tags: string[];
}

export type SeedRow = [registry: Registry, pkg: string, tags: string[], options?: SeedOptions];

/** Expands compact rows into seeds of one category (keeps the seed files one line per server). */
export function seedGroup(category: Category, rows: SeedRow[]): Seed[] {
  return rows.map(([registry, pkg, tags, options]) => ({ registry, pkg, category, tags, ...options }));
}
