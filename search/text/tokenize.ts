/**
 * Text analysis shared by the BM25 of both backends. The Elasticsearch backend indexes the
 * output of `analyze` with a whitespace analyzer, so both backends rank the same tokens.
 */

// Common English function words plus request filler ("please", "want", "need", "help"): the
// benchmark queries are long requests (44 words on average) where these carry no tool signal.
const STOP_WORDS = new Set(
  ('a an and are as at be been but by can could do does for from had has have i if in into is it its ' +
    'me my of on or our please so some such than that the their them then there these they this to ' +
    'us was we were what when where which who will with would you your also any all just like want ' +
    'need help know get could should may might am about using use').split(' '),
);

/** Splits camelCase, PascalCase, snake_case, kebab-case and digits into lower-case words. */
export function splitWords(text: string): string[] {
  const cased = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    // An upper-case run's last letter starts the next word ("HTMLParser" -> "HTML Parser"). A
    // lookahead, not /([A-Z]+)([A-Z][a-z])/, which backtracked over a run of capitals from each of
    // its letters: quadratic on tool text such as 100,000 capitals (issue 33, item 4). Same output.
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .toLowerCase();
  // Nearly every tool text is ASCII: there, decomposition has nothing to strip and letters are
  // a-z, so the Unicode-aware steps (most of the time a start-up rebuild spends here) are skipped.
  const words = NON_ASCII.test(cased) ? cased.normalize('NFKD').replace(/\p{Mn}/gu, '').split(/[^\p{L}\p{N}]+/u) : cased.split(/[^a-z0-9]+/);
  return words.filter((w) => w.length > 0);
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Light suffix stemmer (plural, -ing, -ed, -ly). Porter stemming was rejected: it conflates
 * too eagerly for short API names ("general" and "generate" both become "gener"), and this one
 * is easy to reason about.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ing') && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return undouble(word.slice(0, -2));
  if (word.endsWith('ly') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && /(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** Full analysis chain for indexing and querying: split, drop stop words, stem. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const w of splitWords(text)) {
    if (STOP_WORDS.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}
