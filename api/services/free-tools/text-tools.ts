import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

/** Text is capped so that no free tool can hold the event loop for long (they run in-process). */
const MAX_TEXT = 100_000;
const text = z.string().max(MAX_TEXT);

export interface FreeTool<S extends z.ZodType = z.ZodType> {
  slug: string;
  name: string;
  description: string;
  input: S;
  run(input: z.infer<S>): Record<string, unknown>;
}

const define = <S extends z.ZodType>(tool: FreeTool<S>): FreeTool => tool as unknown as FreeTool;

const badArgument = (argument: string, message: string) => new AppError('INVALID_ARGUMENTS', message, {}, { argument });

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Sentences: the runs between terminators (. ! ?) that hold a letter or digit. Split, then test
 * each run, rather than the one regex this replaced (/[^.!?]*[\p{L}\p{N}][^.!?]*(?:[.!?]+|$)/gu),
 * which backtracked over a letterless run from each of its characters: quadratic, 8.9 s for an
 * anonymous request of 99,000 spaces (issue 33, item 4). Same count, linear time.
 */
function countSentences(value: string): number {
  let count = 0;
  for (const run of value.split(/[.!?]+/)) if (LETTER_OR_DIGIT.test(run)) count++;
  return count;
}

const wordCount = define({
  slug: 'word-count',
  name: 'Word count',
  description: 'Counts words, characters, lines, sentences and paragraphs, and estimates reading time.',
  input: z.object({ text }).strict(),
  run({ text: value }) {
    const words = value.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
    return {
      words,
      characters: [...value].length,
      characters_no_spaces: [...value.replace(/\s/g, '')].length,
      lines: value === '' ? 0 : value.split(/\r\n|\r|\n/).length,
      sentences: countSentences(value),
      paragraphs: value.split(/(?:\r?\n\s*){2,}/).filter((p) => p.trim()).length,
      // 200 words a minute: a common estimate for silent reading of technical prose.
      reading_time_seconds: Math.ceil((words / 200) * 60),
    };
  },
});

const slugify = define({
  slug: 'slugify',
  name: 'Slugify',
  description: 'Turns text into a URL slug: accents removed, lower case, words joined by a separator.',
  input: z.object({ text: z.string().max(1000), separator: z.enum(['-', '_']).default('-'), max_length: z.number().int().min(1).max(200).optional() }).strict(),
  run({ text: value, separator, max_length }) {
    let slug = value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, separator)
      .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
    if (max_length && slug.length > max_length) slug = slug.slice(0, max_length).replace(new RegExp(`\\${separator}+$`), '');
    return { slug };
  },
});

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** Nesting json-format accepts: the API's own limit for request bodies (api/plugins/input-guard.ts). */
const MAX_JSON_DEPTH = 64;
/** Formatted text json-format returns: 10× the input cap; a deep value at indent 8 would be 250×. */
const MAX_FORMATTED = 1_000_000;

/**
 * Whether a parsed JSON value nests containers deeper than `limit`. Iterative: the text inside
 * the `json` string escapes the input guard's depth check, and JSON.parse builds any depth, but
 * sortKeys and JSON.stringify recurse and overflowed the stack at a few thousand levels (a 500,
 * issue 33 item 10).
 */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

const jsonFormat = define({
  slug: 'json-format',
  name: 'JSON format',
  description: 'Validates JSON text and pretty-prints or minifies it, optionally with sorted keys.',
  input: z.object({ json: text, indent: z.number().int().min(0).max(8).default(2), sort_keys: z.boolean().default(false) }).strict(),
  run({ json, indent, sort_keys }) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      throw badArgument('json', `json is not valid JSON: ${(error as Error).message}`);
    }
    if (nestedDeeperThan(parsed, MAX_JSON_DEPTH)) throw badArgument('json', `json is nested deeper than ${MAX_JSON_DEPTH} levels`);
    const formatted = JSON.stringify(sort_keys ? sortKeys(parsed) : parsed, null, indent);
    if (formatted.length > MAX_FORMATTED) {
      throw badArgument('indent', `formatted json would be ${formatted.length} characters, more than ${MAX_FORMATTED}: use a smaller indent (0 minifies)`);
    }
    return { formatted, valid: true };
  },
});

const uuid = define({
  slug: 'uuid',
  name: 'UUID generator',
  description: 'Generates random (version 4) UUIDs.',
  input: z.object({ count: z.number().int().min(1).max(100).default(1) }).strict(),
  run({ count }) {
    return { uuids: Array.from({ length: count }, () => randomUUID()) };
  },
});

const hash = define({
  slug: 'hash',
  name: 'Hash',
  description: 'Hashes text (UTF-8) with MD5, SHA-1, SHA-256 or SHA-512, in hex or base64.',
  input: z.object({ text, algorithm: z.enum(['md5', 'sha1', 'sha256', 'sha512']).default('sha256'), encoding: z.enum(['hex', 'base64']).default('hex') }).strict(),
  run({ text: value, algorithm, encoding }) {
    return { algorithm, encoding, hash: createHash(algorithm).update(value, 'utf8').digest(encoding) };
  },
});

const base64 = define({
  slug: 'base64',
  name: 'Base64',
  description: 'Encodes UTF-8 text to base64 (or base64url) or decodes it back.',
  input: z.object({ text, mode: z.enum(['encode', 'decode']), url_safe: z.boolean().default(false) }).strict(),
  run({ text: value, mode, url_safe }) {
    const encoding = url_safe ? 'base64url' : 'base64';
    if (mode === 'encode') return { result: Buffer.from(value, 'utf8').toString(encoding) };
    const pattern = url_safe ? /^[A-Za-z0-9_-]*={0,2}$/ : /^[A-Za-z0-9+/]*={0,2}$/;
    if (!pattern.test(value.replace(/\s/g, ''))) throw badArgument('text', `text is not ${encoding}`);
    return { result: Buffer.from(value, encoding).toString('utf8') };
  },
});

/** The free tools: small, deterministic (except uuid), no I/O, so they run safely in the API process. */
export const FREE_TOOLS: readonly FreeTool[] = [wordCount, slugify, jsonFormat, uuid, hash, base64];
