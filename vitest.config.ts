import { configDefaults, defineConfig } from 'vitest/config';
import { FAST_TIER, isFastTier } from './test/support/fast-tier.ts';

export default defineConfig({
  test: {
    include: isFastTier() ? FAST_TIER.include : ['test/**/*.test.ts'],
    // npm run test:fast: a subset for development (test/support/fast-tier.ts); npm test runs all.
    exclude: isFastTier() ? [...configDefaults.exclude, ...FAST_TIER.exclude] : configDefaults.exclude,
    // Proves Postgres, Temporal and Elasticsearch answer (starting them if it can) before any file runs.
    globalSetup: ['test/global-setup.ts'],
    // Forks, not threads: the Temporal worker's native core and MCP stdio children behave
    // best in their own process, and a crashed worker cannot take the run down.
    pool: 'forks',
    // The machines have 2 cores; more workers only thrash the shared services.
    maxWorkers: 2,
    // Real services: a workflow round trip or a cold Elasticsearch index takes seconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
