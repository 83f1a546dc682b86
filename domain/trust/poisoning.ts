import type { ToolDefinition } from './tool-pin.ts';

/*
 * The poisoned-description scanner (issue 37, item 2). A tool's text reaches the model as
 * trusted context, so a server can plant instructions in it (Invariant Labs' "tool poisoning",
 * April 2025, and the write-ups after it). These rules flag the known shapes; a flagged
 * definition is held for review, never silently dropped, so a false positive costs an admin a
 * click and a miss costs a user's secrets: the rules lean to flagging instruction-shaped text.
 *
 * Linear time on hostile input (a description may be 100 KB): character rules are one pass
 * over the code points; phrase rules are regexes with a literal head and no nested or
 * overlapping quantifiers (bounded `{0,n}` gaps at most), so no input makes them backtrack
 * more than a constant per position. Whitespace runs are counted by hand for the same reason.
 */

export type PoisoningRule = 'model-instruction' | 'hidden-text' | 'sensitive-reference' | 'tool-reference' | 'length-outlier';

export interface Finding {
  rule: PoisoningRule;
  /** Where: `description`, `title`, or a schema path such as `inputSchema.properties.path.description`. */
  field: string;
  /** What matched, briefly, with invisible characters written as \u{...} so a reviewer can see them. */
  excerpt: string;
}

/** A run of whitespace this long hides what follows below the visible text of most UIs. */
export const LONG_WHITESPACE_RUN = 120;
/** A description this many times its server's median length (and over LENGTH_FLOOR) is an outlier. */
export const LENGTH_FACTOR = 8;
export const LENGTH_FLOOR = 2_000;

// Phrases that address the model rather than describe the tool. Matched on lower-cased text.
const INSTRUCTIONS: RegExp[] = [
  /\b(?:ignore|disregard|forget) (?:all |any )?(?:the )?(?:previous|prior|above|earlier|preceding|other) (?:instructions|prompts?|rules|directions)/,
  /\b(?:do not|don't|never) (?:tell|inform|mention|reveal|disclose|alert|notify)\b[^.\n]{0,40}\b(?:to )?the user/,
  /\bwithout (?:telling|informing|notifying|alerting|asking) the user/,
  /\bthe user (?:must|should|need) not (?:know|see|be told|notice)/,
  /\bbefore (?:using|calling|invoking|running) this tool,? (?:you must |always |first )?(?:read|open|cat|send|call|fetch|include|pass|collect)/,
  /<\/?(?:important|system|hidden)>/,
  /\[(?:system|inst)\]|<\|im_start\|>|\bsystem prompt\b/,
  /\botherwise the tool will not work\b/,
  /\b(?:this could|it would|this will) (?:even )?upset the user\b/,
];

// Secrets and files an agent should never be asked to read for a tool. Lower-cased text.
const SENSITIVE: RegExp[] = [
  /~\/\.(?:ssh|aws|gnupg|kube|docker|cursor|config\/gcloud)\b/,
  /\bid_(?:rsa|dsa|ecdsa|ed25519)\b/,
  /(?:^|[\s'"`(/])\.env(?:\.local)?\b(?![-\w])/,
  /\/etc\/(?:passwd|shadow)\b/,
  /\bmcp\.json\b|\.npmrc\b|\.netrc\b|\.pgpass\b|\bauthorized_keys\b/,
  /\b(?:read|include|pass|send|attach|append|copy|upload)\b[^.\n]{0,60}\b(?:private keys?|ssh keys?|credentials? files?|secrets? files?|api keys? of the user|conversation history|chat history)\b/,
];

// Text that reaches for other tools: shadowing ("when this tool is available, the send tool
// must...") or redirection of another tool's effect.
const TOOL_REFERENCES: RegExp[] = [
  /\bwhen this tool is (?:available|present|loaded|installed|enabled)\b/,
  /\b(?:overrides?|modif(?:y|ies)|changes?|alters?|replaces?) the behaviou?r of\b/,
  /\b(?:all|every|any) other tools?\b[^.\n]{0,40}\b(?:must|should|have to)\b/,
  /\b(?:must|should|always) (?:also )?(?:send|forward|bcc|cc|copy) (?:all |every |any )?(?:emails?|messages?|data|results?|files?)\b[^.\n]{0,60}\bto [\w.+-]+@[\w-]+\./,
  /\bside effect\b[^.\n]{0,40}\b(?:tool|must|should)\b/,
];

/** Zero-width, bidi controls and the Unicode tag block: invisible in every UI, read by the model. */
function isHiddenChar(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0xfeff ||
    cp === 0x180e ||
    cp === 0x00ad ||
    (cp >= 0xe0000 && cp <= 0xe007f)
  );
}

function isSpace(cp: number): boolean {
  return cp === 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0d || cp === 0x0b || cp === 0x0c || cp === 0xa0 || cp === 0x3000 || (cp >= 0x2000 && cp <= 0x200a);
}

/** Shows invisible characters as escapes; at most `max` characters. */
export function visible(text: string, max = 160): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += isHiddenChar(cp) || (cp < 0x20 && cp !== 0x0a) ? `\\u{${cp.toString(16)}}` : ch;
    if (out.length >= max) return `${out.slice(0, max)}…`;
  }
  return out;
}

function around(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 40);
  return visible(text.slice(start, Math.min(text.length, index + length + 40)).replace(/\s+/g, ' '));
}

/** One pass: hidden characters, HTML comments, long whitespace runs. */
function hiddenText(text: string, field: string): Finding[] {
  const findings: Finding[] = [];
  let run = 0;
  let runReported = false;
  let hiddenReported = false;
  let i = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!hiddenReported && isHiddenChar(cp)) {
      findings.push({ rule: 'hidden-text', field, excerpt: `invisible character U+${cp.toString(16).toUpperCase().padStart(4, '0')}: ${around(text, i, ch.length)}` });
      hiddenReported = true;
    }
    run = isSpace(cp) ? run + 1 : 0;
    if (!runReported && run >= LONG_WHITESPACE_RUN) {
      findings.push({ rule: 'hidden-text', field, excerpt: `a run of ${LONG_WHITESPACE_RUN}+ whitespace characters hides what follows: ${visible(text.slice(i + 1, i + 81))}` });
      runReported = true;
    }
    i += ch.length;
  }
  const comment = text.indexOf('<!--');
  if (comment >= 0) findings.push({ rule: 'hidden-text', field, excerpt: `HTML comment: ${around(text, comment, 4)}` });
  return findings;
}

function phrases(lower: string, original: string, field: string, rule: PoisoningRule, patterns: RegExp[]): Finding[] {
  for (const pattern of patterns) {
    const match = pattern.exec(lower);
    if (match) return [{ rule, field, excerpt: around(original, match.index, match[0].length) }];
  }
  return [];
}

/** The findings of one piece of text. */
export function scanText(text: string, field: string): Finding[] {
  if (!text) return [];
  const lower = text.toLowerCase();
  // toLowerCase keeps indices for the scripts these phrases are in; an excerpt may shift a little otherwise.
  return [
    ...hiddenText(text, field),
    ...phrases(lower, text, field, 'model-instruction', INSTRUCTIONS),
    ...phrases(lower, text, field, 'sensitive-reference', SENSITIVE),
    ...phrases(lower, text, field, 'tool-reference', TOOL_REFERENCES),
  ];
}

/** Schema walk limits: a hostile schema may nest deep or wide; what is past these is not text a client shows. */
const MAX_DEPTH = 12;
const MAX_NODES = 5_000;

/** Every text a client shows of a schema: titles, descriptions, string defaults and examples. */
export function schemaTexts(schema: unknown, path: string): { field: string; text: string }[] {
  const out: { field: string; text: string }[] = [];
  let nodes = 0;
  const walk = (node: unknown, at: string, depth: number) => {
    if (depth > MAX_DEPTH || nodes++ > MAX_NODES || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${at}[${i}]`, depth + 1));
      return;
    }
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const here = `${at}.${key}`;
      if ((key === 'description' || key === 'title' || key === 'default') && typeof value === 'string') out.push({ field: here, text: value });
      else if (key === 'examples' && Array.isArray(value)) value.forEach((v, i) => typeof v === 'string' && out.push({ field: `${here}[${i}]`, text: v }));
      else if (key === 'default' || key === 'examples' || key === 'const' || key === 'enum') continue;
      else walk(value, here, depth + 1);
    }
  };
  walk(schema, path, 0);
  return out;
}

/** The findings of one definition, without the server-relative length rule. */
export function scanDefinition(tool: ToolDefinition): Finding[] {
  const texts = [
    { field: 'name', text: tool.name },
    { field: 'title', text: tool.title ?? '' },
    { field: 'description', text: tool.description ?? '' },
    ...schemaTexts(tool.inputSchema, 'inputSchema'),
    ...schemaTexts(tool.outputSchema, 'outputSchema'),
  ];
  return texts.flatMap(({ field, text }) => scanText(text, field));
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The findings of every tool of one server's listing, by tool name: the per-definition rules
 * plus the length outlier, a description far longer than the server's own median (a payload
 * appended to one tool of an otherwise terse server). Tools without findings are absent;
 * `only`: judge just these (the rest still set the norm).
 */
export function scanServerListing(list: ToolDefinition[], only?: ReadonlySet<string>): Map<string, Finding[]> {
  const lengths = list.map((t) => (t.description ?? '').length);
  const norm = median(lengths);
  const out = new Map<string, Finding[]>();
  for (const tool of list) {
    if (only && !only.has(tool.name)) continue;
    const findings = scanDefinition(tool);
    const length = (tool.description ?? '').length;
    if (list.length > 2 && length > LENGTH_FLOOR && length > norm * LENGTH_FACTOR) {
      findings.push({ rule: 'length-outlier', field: 'description', excerpt: `${length} characters, ${Math.round(length / Math.max(norm, 1))}x the server's median of ${norm}` });
    }
    if (findings.length) out.set(tool.name, findings);
  }
  return out;
}
