import type { RetrievalEngine } from './engine.ts';
export async function discover(engine: RetrievalEngine, req: { query: string; topK: number }) {
  const r = await engine.retrieve(req);
  return { tools: r.hits };
}
