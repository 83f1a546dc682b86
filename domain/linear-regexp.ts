import { RE2JS } from 're2js';

/** What ajv calls to build the matcher of a `pattern` or `patternProperties` key (its `code.regExp` option). */
export interface LinearRegExpEngine {
  (pattern: string, flags: string): { test(text: string): boolean };
  code: string;
}

/** A schema pattern RE2 cannot run (a lookaround, a backreference, a syntax error): it is not checked. */
export interface IgnoredPattern {
  pattern: string;
  reason: string;
}

let reportIgnored: (ignored: IgnoredPattern) => void = () => {};

/**
 * Where the process reports a tool-schema pattern that goes unchecked: its pino logger, set once
 * at start-up (api/app.ts, the worker). Reported when a schema is compiled, not per call, since
 * compiled validators are cached.
 */
export function reportIgnoredPatternsTo(listener: (ignored: IgnoredPattern) => void): void {
  reportIgnored = listener;
}

// JavaScript's \s (ECMA-262 WhiteSpace and LineTerminator) as RE2 class content: RE2's own \s is
// ASCII only, which would refuse an argument with a no-break space that the tool itself accepts.
const JS_SPACE = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
// JavaScript's `.` without the s flag; RE2's matches \r, U+2028 and U+2029 too.
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * RE2 syntax (from re2js's translateRegExp) given JavaScript's meaning of `.`, `\s` and `\S`
 * outside character classes and of `\s` inside them, so a pattern decides as `new RegExp(p, 'u')`
 * would. (`\S` inside a class keeps RE2's ASCII meaning: a little more lenient, never stricter.)
 */
function withJsClasses(re2: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < re2.length; i++) {
    const c = re2[i];
    if (c === '\\' && i + 1 < re2.length) {
      const next = re2[++i];
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else out += c + next;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A `]` or `^]` right after the bracket is a literal in RE2, not the class's end.
      if (re2[i + 1] === '^') out += re2[++i];
      if (re2[i + 1] === ']') out += re2[++i];
    } else out += c === '.' ? JS_DOT : c;
  }
  return out;
}

/**
 * Schema patterns matched by RE2 (re2js, pure JavaScript): time linear in the text, whatever the
 * pattern, where V8's backtracking engine took 1–2.7 s for `^(a+)+$` on 26 characters and the
 * pattern comes from any MCP server (issue 33, item 5). A pattern RE2 cannot express matches
 * everything, reported once per compile, instead of failing the tool's whole schema.
 */
export const linearRegExp: LinearRegExpEngine = Object.assign(
  (pattern: string, _flags: string) => {
    // Unicode is on either way: RE2 works on code points as ajv's `u` flag asks.
    const source = `/${pattern}/u`;
    try {
      const re = RE2JS.compile(withJsClasses(RE2JS.translateRegExp(pattern)));
      // ajv keys compiled patterns by toString(): it must differ per pattern.
      return { test: (text: string) => re.test(text), toString: () => source };
    } catch (error) {
      reportIgnored({ pattern, reason: (error as Error).message });
      return { test: () => true, toString: () => `${source} (not checked)` };
    }
  },
  { code: 'linearRegExp' },
);
