import { runEntry } from '../platform/entry.ts';
import { startService } from './service.ts';

// `npm start`: the embedded default — API and worker in one process, a local Temporal dev
// server, PGlite in DATA_DIR and the in-process search index. The production shape runs
// the same code through `npm run api` and `npm run worker`.
await runEntry((config, logger) => startService(config, logger, { withWorker: true }));
