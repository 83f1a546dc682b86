/*
 * The fast tier (`npm run test:fast`, which sets TEST_TIER=fast): the tests a change is first
 * checked against while developing, in a few minutes. Unit tests and tests of one area against
 * Postgres and the Temporal dev server (createTestApp's fresh database and worker): the search
 * library, the MCP client pool, accounts, analytics, moderation, free tools, the recommender and
 * the catalog. What needs more is left to `npm test`, the whole suite: Elasticsearch, the real
 * Temporal cluster (scale-out), the console's build and a browser (console), `npm start` of a
 * fresh clone (first-run), schemathesis (contract), and the areas whose tests run many workflows.
 * Keyed by folder, so a new test file joins its folder's tier.
 */

/** Whether this run is the fast tier. */
export const isFastTier = (): boolean => process.env.TEST_TIER === 'fast';

export const FAST_TIER = {
  include: [
    'test/search/**/*.test.ts',
    'test/mcp/**/*.test.ts',
    'test/account/**/*.test.ts',
    'test/analytics/**/*.test.ts',
    'test/moderation/**/*.test.ts',
    'test/free-tools/**/*.test.ts',
    'test/recommender/**/*.test.ts',
    'test/catalog/**/*.test.ts',
    // The MCP server sandbox: seconds, and a security boundary every change should keep.
    'test/sandbox/**/*.test.ts',
    // Pure checks of the execution area (contracts, the workflow graph, storable values).
    'test/execution/contracts.test.ts',
    'test/execution/workflow-graph.test.ts',
    'test/execution/storable.test.ts',
    // The credential store's cipher, key handling and repository (no worker, no browser).
    'test/credentials/cipher.test.ts',
    'test/credentials/store.test.ts',
    // The authorization server's refusals and metadata documents (no browser: the inbound flow is not here).
    'test/oauth-server/bad-input.test.ts',
    'test/oauth-server/metadata-documents.test.ts',
    'test/oauth-server/store.test.ts',
    'test/oauth-server/rate-limit.test.ts',
  ],
  exclude: [
    // Elasticsearch.
    'test/search/elasticsearch-*.test.ts',
    // Over a minute each on 2 loaded cores: the ledger's writes under a real worker, the
    // embedding worker threads' start and stop.
    'test/search/ledger-writes.test.ts',
    'test/search/worker-pool.test.ts',
  ],
  /** The global setup's services these tests need (test/global-setup.ts); the rest are not probed, started or built. */
  services: ['Postgres', 'Temporal', 'MCP sandbox'],
};
