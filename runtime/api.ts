import { runEntry } from '../platform/entry.ts';
import { startService } from './service.ts';

// `npm run api`: the stateless API process of the production shape; workers run apart.
await runEntry((config, logger) => startService(config, logger, { withWorker: false }));
