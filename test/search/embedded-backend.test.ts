import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import { backendContract } from './backend-contract.ts';
import { DIMS } from './fixtures.ts';

backendContract('embedded', async () => new EmbeddedBackend({ dimensions: DIMS }), async () => {});
