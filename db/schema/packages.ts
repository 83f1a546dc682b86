import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const PACKAGE_INSTALL_STATUSES = ['installing', 'installed', 'failed'] as const;

/**
 * The last install outcome of each catalog package (package-store/, issue 35 item 1), written by
 * the install activity: what the API reads to say "installable, expected N s". One row per
 * package, not per worker machine: each machine's store keeps its own copy.
 */
export const packageInstalls = pgTable(
  'package_installs',
  {
    registry: text('registry', { enum: ['npm', 'pypi'] }).notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    status: text('status', { enum: PACKAGE_INSTALL_STATUSES }).notNull(),
    installMs: integer('install_ms'),
    integrity: text('integrity'),
    error: text('error'),
    installedAt: timestamp('installed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registry, t.name, t.version] })],
);

export type PackageInstallRow = typeof packageInstalls.$inferSelect;
