import { describe, expect, it } from 'vitest';
import { storable, storableText } from '../../db/jobs/storable.ts';

// The stored form of what a tool answered (decisions.md, "What a run stores").
describe('storable', () => {
  it('replaces U+0000 and lone surrogates with U+FFFD and keeps surrogate pairs', () => {
    expect(storableText('a\u0000b\u0000')).toBe('a\ufffdb\ufffd');
    expect(storableText('end \ud83d')).toBe('end \ufffd');
    expect(storableText('\udc00 start')).toBe('\ufffd start');
    expect(storableText('two highs \ud83d\ud83d\ude00')).toBe('two highs \ufffd\ud83d\ude00');
    expect(storableText('pair \ud83d\ude00 ok')).toBe('pair \ud83d\ude00 ok');
    expect(storableText('plain')).toBe('plain');
  });

  it('cleans strings and keys at any depth, and returns unchanged values as they are', () => {
    const clean = { a: [1, 'x', { b: null, c: true }], d: 'y' };
    expect(storable(clean)).toBe(clean);
    const dirty = { 'k\u0000': ['ok', { deep: 'v\udc00' }], n: 3 };
    expect(storable(dirty)).toEqual({ 'k\ufffd': ['ok', { deep: 'v\ufffd' }], n: 3 });
    expect(dirty).toEqual({ 'k\u0000': ['ok', { deep: 'v\udc00' }], n: 3 });
  });
});
