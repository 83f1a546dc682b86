import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { probeStall } from './helpers/stall-probe.ts';

// Issue 33, item 4: POST /free-tools/run is anonymous, and word-count's sentence regex was
// quadratic: 99,000 spaces took 8.9 s, and /health sent meanwhile waited 8.4 s. Characters
// outside ASCII cost V8's /u matcher about ten times more per step: 20,000 zero-width spaces
// took 9.5 s, so the 40,000 here held the old code for well over half a minute.
// Item 10 (part): json-format's `json` is a string, so the body's depth guard never saw what was
// nested inside it, and formatting a few thousand levels overflowed the stack: a 500.
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

const run = (tool_slug: string, input: unknown) => t.app.inject({ method: 'POST', url: '/free-tools/run', payload: { tool_slug, input } as object });

describe('free tools under hostile input', () => {
  it('word-count answers a hostile anonymous text correctly while /health answers promptly', async () => {
    const text = '\u200b'.repeat(40_000);
    const { answer, health } = await probeStall({ base, path: '/free-tools/run', body: JSON.stringify({ tool_slug: 'word-count', input: { text } }) });
    expect(answer.status, answer.body).toBe(200);
    // U+200B is neither a letter nor JavaScript whitespace: one line, one paragraph, no words or sentences.
    expect(JSON.parse(answer.body).result).toEqual({
      words: 0,
      characters: 40_000,
      characters_no_spaces: 40_000,
      lines: 1,
      sentences: 0,
      paragraphs: 1,
      reading_time_seconds: 0,
    });
    expect(health.status).toBe(200);
    // Bounded, not timed: the old code held /health for 30 s and more; 5 s is slack for load.
    expect(health.ms).toBeLessThan(5_000);
  });

  it('word-count still counts sentences as before', async () => {
    const res = await run('word-count', { text: '  Hello there.. Is it 3 p.m.?! Yes\n...\n\n 4' });
    expect(res.json().result).toMatchObject({ words: 9, sentences: 5, paragraphs: 2 });
  });

  it('json-format refuses JSON nested too deep inside the string with a 400, not a 500', async () => {
    const deep = await run('json-format', { json: `${'['.repeat(5_000)}${']'.repeat(5_000)}` });
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json().error).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: 'json', message: expect.stringContaining('nested deeper than 64') });
    const sorted = await run('json-format', { json: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, sort_keys: true });
    expect(sorted.statusCode, sorted.body).toBe(400);
    // 64 levels, the API's own limit for bodies, still format.
    const ok = await run('json-format', { json: `${'['.repeat(64)}${']'.repeat(64)}`, indent: 0 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.formatted).toBe(`${'['.repeat(64)}${']'.repeat(64)}`);
  });

  it('json-format refuses an output far larger than its input instead of sending it', async () => {
    // 33,000 numbers 60 levels down, indented by 8: about 16 MB of spaces from 66 KB of text.
    const json = `${'['.repeat(60)}${'0,'.repeat(33_000)}0${']'.repeat(60)}`;
    const res = await run('json-format', { json, indent: 8 });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: 'indent' });
    expect((await run('json-format', { json, indent: 0 })).statusCode).toBe(200);
  });
});
