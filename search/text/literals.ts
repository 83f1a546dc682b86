/**
 * Literal values in a request are what the tool will be called with, not what it does
 * (issue 39): "./test_project_root/data/report.csv" matched test runners on "test project root",
 * "https://www.example.com/blog" every tool that mentions examples. Each literal is replaced by
 * the kind of value it is, which is what a tool's description does name: a URL by "url" and its
 * site's name, a file's path by "file path" and its extension, another path by "path", an e-mail
 * address, a CSS selector.
 * They run on every query, and a query is untrusted text: no nested quantifier, every repetition
 * bounded. That is not linear on hostile runs, so the text is cut first (MAX_CHARS below).
 */
const URL = /\b(?:https?:\/\/|www\.|[\w-]{1,63}\.(?:com|org|net|io|dev|ai|app|co|edu|gov)\/)[^\s'"<>()]{0,400}/gi;
const EMAIL = /\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}\b/g;
// Where a literal ends: a space, a quote or punctuation, or a full stop that ends the sentence.
const END = `(?=$|[\\s'",;:)?!]|\\.(?:\\s|$))`;
// A path: starts with ./ ../ ~/ or /, or has at least two slashes ("and/or" is no path); no spaces inside.
const PATH = new RegExp(`(?:^|(?<=[\\s'"(]))(?:(?:\\.{1,2}/|~/|/)[\\w.-]{1,100}(?:/[\\w.-]{1,100}){0,30}|[\\w.-]{1,100}(?:/[\\w.-]{1,100}){2,30})/?${END}`, 'g');
const SELECTOR = new RegExp(`(?:^|(?<=[\\s'"(]))[#.][A-Za-z][\\w-]{0,80}${END}`, 'g');

/** The site of a URL in words: "https://www.baidu.com/x" → "baidu". */
function siteName(url: string): string {
  const host = url.replace(/^(?:https?:\/\/)?(?:www\.)?/i, '').split(/[/?#:]/, 1)[0];
  const labels = host.split('.');
  return labels.length > 1 ? labels[labels.length - 2] : labels[0];
}

/** The extension of a path's last part, if it has one: "data/report.csv" → "csv". */
function extension(path: string): string {
  const last = path.replace(/\/$/, '').split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1) : '';
}

/**
 * Longest text read: twice the API's 500 characters. The patterns cost time that grows faster than
 * the text on hostile runs (bench/redos.ts "literals": ~2 ms at 250, ~870 ms at 100,000), so
 * nothing longer reaches them.
 */
const MAX_CHARS = 1_000;

/** The request (its first MAX_CHARS) with its literal values replaced by their kinds. */
export function typeLiterals(text: string): string {
  return text
    .slice(0, MAX_CHARS)
    .replace(URL, (url) => ` url ${siteName(url)} `)
    .replace(EMAIL, ' email address ')
    .replace(PATH, (path) => {
      const ext = extension(path);
      return ext ? ` file path ${ext} ` : ' path ';
    })
    .replace(SELECTOR, ' selector ')
    .replace(/ {2,}/g, ' ')
    .trim();
}
