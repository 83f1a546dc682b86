/** Words that say nothing about which tool is wanted. */
const STOPWORDS = new Set(
  'a an and are as at be by can do for from get how i in into is it me my of on or please some that the this to use using want we with you your need help tool tools server servers'.split(' '),
);

/** Crude suffix folding so "issues"/"issue" and "deploying"/"deploy" meet; good enough for term matching. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('es') && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Lower-case alphanumeric words (snake_case and camelCase split), stemmed, without stopwords. */
export function terms(text: string): string[] {
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOPWORDS.has(w));
  return [...new Set(words.map(stem))];
}

/** How many of the query terms a text contains, by stemmed word. */
export function hits(queryTerms: string[], text: string): number {
  const have = new Set(terms(text));
  return queryTerms.filter((t) => have.has(t)).length;
}
