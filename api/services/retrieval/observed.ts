import { observeRetrieval } from '../../../platform/telemetry/retrieval.ts';
import type { RetrievalService } from './index.ts';

/**
 * The retrieval service with its latency, result counts and stage spans observed (issue 19,
 * platform/telemetry/retrieval.ts); everything else of it unchanged. api/app.ts wraps the service once.
 */
export function observedRetrieval(service: RetrievalService, backend: string): RetrievalService {
  return { ...service, retrieve: observeRetrieval(backend, service.retrieve) };
}
