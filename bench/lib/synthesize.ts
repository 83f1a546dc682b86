import type { ToolDocument } from '../../search/types.ts';

/**
 * Grows a corpus to at least `target` tools for latency benchmarks. Copy k of tool i keeps i's
 * name, takes the server `<server>-k<k>`, and appends the first sentence and the parameters of
 * another tool j = (7i + 131k) mod n, so every synthetic text (and vector) is new while its
 * vocabulary and lengths stay those of the real corpus.
 */
export function synthesize(tools: ToolDocument[], target: number): ToolDocument[] {
  const out = [...tools];
  const n = tools.length;
  for (let k = 1; out.length < target; k++) {
    for (let i = 0; i < n && out.length < target; i++) {
      const t = tools[i];
      const other = tools[(7 * i + 131 * k) % n];
      const extra = (other.description ?? '').split(/(?<=[.!?])\s/, 1)[0];
      out.push({
        ...t,
        id: `${t.id}~k${k}`,
        server: `${t.server}-k${k}`,
        description: `${t.description} ${extra}`.trim(),
        inputSchema: other.inputSchema ?? t.inputSchema,
      });
    }
  }
  return out;
}

/**
 * Which tools position `p` of `synthesize(tools, …)` was made from: [i, j], the tool it copies
 * and the tool whose first sentence and parameters it takes; null for the originals (p < n).
 */
export function synthesisParents(p: number, n: number): [number, number] | null {
  if (p < n) return null;
  const k = Math.floor((p - n) / n) + 1;
  const i = (p - n) % n;
  return [i, (7 * i + 131 * k) % n];
}
