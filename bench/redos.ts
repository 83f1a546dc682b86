// Hostile-input worst cases of issue 33, items 4 and 5: what one request costs the API thread.
// - free-tools: one anonymous POST /free-tools/run (word-count) at the cap of its `text` (100,000
//   characters; the body, under 400 KB, is inside the 1 MiB body limit), over a real socket, with
//   GET /health sent 300 ms later: both times (the service listens in this process; the client
//   runs on a thread of its own, test/hardening/helpers/stall-probe.ts).
// - patterns: domain/validate-arguments.ts with `pattern: "^(a+)+$"` on 'a' × n + '!', n growing
//   until one check takes longer than --max-seconds, then (for a linear engine) at the 1 MiB cap.
// - tokenizer: search/text/tokenize.ts `analyze` on n capitals, growing the same way.
// - literals: search/text/literals.ts `typeLiterals` on runs its patterns meet at every position
//   ("a/" × n, "a." × n, "#a-" …), growing the same way (the API cuts queries at 500 characters).
// Usage: npx tsx bench/redos.ts [--only free-tools,patterns,tokenizer,literals] [--max-seconds 20]
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { validateArguments } from '../domain/validate-arguments.ts';
import { typeLiterals } from '../search/text/literals.ts';
import { analyze } from '../search/text/tokenize.ts';
import { probeStall } from '../test/hardening/helpers/stall-probe.ts';
import { createTestApp } from '../test/support/test-app.ts';
import { flags, out } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const only = new Set((args.only ?? 'free-tools,patterns,tokenizer,literals').split(','));
const maxMs = Number(args['max-seconds'] ?? 20) * 1000;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs `check` at growing sizes until one takes longer than --max-seconds or `sizes` ends. */
function grow(label: string, sizes: number[], check: (n: number) => unknown) {
  for (const n of sizes) {
    const t0 = performance.now();
    const result = check(n);
    const took = performance.now() - t0;
    out(`${label} n=${n}: ${ms(took)} (${JSON.stringify(result)}) load ${load()}`);
    if (took > maxMs) break;
  }
}

out(`load average at start: ${load()}`);

if (only.has('free-tools')) {
  const t = await createTestApp({ worker: false });
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Spaces: the issue's probe. U+200B: the worst found (a non-ASCII step of V8's /u matcher costs ~10×).
    for (const [name, char] of [['spaces', ' '], ['zero-width spaces', '\u200b']] as const) {
      const body = JSON.stringify({ tool_slug: 'word-count', input: { text: char.repeat(100_000) } });
      const { answer, health } = await probeStall({ base, path: '/free-tools/run', body });
      out(`free-tools word-count, 100,000 ${name} (${body.length} bytes): request ${ms(answer.ms)} (status ${answer.status}), /health waited ${ms(health.ms)} (status ${health.status}); load ${load()}`);
    }
  } finally {
    await t.close();
  }
}

if (only.has('patterns')) {
  const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } };
  const check = (n: number) => validateArguments(schema, { code: `${'a'.repeat(n)}!` })?.message ?? 'valid';
  check(1); // compile outside the timing
  grow('pattern ^(a+)+$ on a×n+!', [20, 22, 24, 26, 28, 30, 1_000, 100_000, 1_000_000], check);
}

if (only.has('tokenizer')) {
  grow('tokenizer analyze, n capitals', [1_000, 10_000, 30_000, 100_000, 1_000_000], (n) => analyze('A'.repeat(n)).length);
}
if (only.has('literals')) {
  const runs = (n: number) => ['a/'.repeat(n), `./${'a/'.repeat(n)}`, 'a.'.repeat(n), `#${'a-'.repeat(n)}`, `${'a'.repeat(n)}@${'b.'.repeat(n)}`, `https://${'/'.repeat(n)}`];
  grow('typeLiterals, six hostile runs of n', [250, 1_000, 10_000, 100_000], (n) => runs(n).map(typeLiterals).join('').length);
}
process.exit(0);
