import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, splitWords, stem } from '../../search/text/tokenize.ts';
import { analyzeFields, embeddingText, fieldTokens } from '../../search/text/tool-text.ts';
import { TOOLS } from './fixtures.ts';

describe('tokenizer', () => {
  it('splits camelCase, PascalCase, snake_case, kebab-case and digits', () => {
    expect(splitWords('getUserProfile')).toEqual(['get', 'user', 'profile']);
    expect(splitWords('HTTPServerError')).toEqual(['http', 'server', 'error']);
    expect(splitWords('list_all-items')).toEqual(['list', 'all', 'items']);
    expect(splitWords('base64Encode v2')).toEqual(['base', '64', 'encode', 'v', '2']);
    expect(splitWords('Café  déjà-vu!')).toEqual(['cafe', 'deja', 'vu']);
    // Other scripts keep their letters and digits; only marks are stripped.
    expect(splitWords('Größe_ändern 東京 ١٢')).toEqual(['große', 'andern', '東京', '١٢']);
  });

  it('splits ASCII text exactly as the Unicode path does (ASCII skips decomposition)', () => {
    const ascii = 'fetch_URL-Contents: getHTTPResponse2json (v3.1) -- a/b c_d';
    // An accent on one word sends the whole text down the Unicode path.
    expect(splitWords(`${ascii} é`)).toEqual([...splitWords(ascii), 'e']);
  });

  it('stems plurals and verb forms without mangling short words', () => {
    expect(['cities', 'emails', 'matches', 'searching', 'stopped', 'quickly', 'news', 'status', 'bus'].map(stem))
      .toEqual(['city', 'email', 'match', 'search', 'stop', 'quick', 'new', 'status', 'bus']);
  });

  it('analyses a million capitals in linear time (issue 33, item 4)', () => {
    // /([A-Z]+)([A-Z][a-z])/ backtracked over a run of capitals from each of its letters: 100,000
    // took 9.8 s, a million would take a quarter of an hour. In a child killed after 60 s, so
    // the old code fails here instead of holding the test's thread.
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'analyze-hostile.ts')], { encoding: 'utf8', timeout: 60_000 });
    expect(child.signal, 'still analysing at the deadline').toBeNull();
    expect(child.status, child.stderr).toBe(0);
    // The last capital of a run starts the next word, as before: "...ZZZa" is "...ZZ" and "Za".
    expect(JSON.parse(child.stdout.trim())).toEqual([1_000_000, 'html', 'parser', 'xml', 'http', 'request', 99_999, 'za']);
  }, 90_000);

  it('drops stop words and request filler', () => {
    expect(analyze('Please help me find the weather forecasts for Paris')).toEqual(['find', 'weather', 'forecast', 'paris']);
  });
});

describe('tool text', () => {
  it('builds BM25 fields from name, server, description, parameters and labels', () => {
    const t = fieldTokens(TOOLS[0]);
    expect(t.name).toEqual(['forecast']);
    expect(t.server).toEqual(['weather']);
    expect(t.params).toEqual(['city', 'city', 'name']);
    expect(t.labels).toEqual(['weather', 'forecast']);
  });

  it('analyses a document once and a changed copy afresh', () => {
    const doc = { ...TOOLS[0] };
    expect(fieldTokens(doc)).toBe(fieldTokens(doc));
    const renamed = { ...doc, name: 'city_forecast' };
    expect(fieldTokens(renamed).name).toEqual(['city', 'forecast']);
    expect(analyzeFields(renamed)).toEqual(fieldTokens(renamed));
    expect(analyzeFields(renamed)).not.toBe(fieldTokens(renamed));
  });

  it('embeds server, split name, description, category and parameter names', () => {
    expect(embeddingText(TOOLS[2])).toBe('mail: send email. Send an email message to a recipient Category: communication. Parameters: to.');
  });
});
