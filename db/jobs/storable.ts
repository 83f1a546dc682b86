/** U+0000 anywhere; a high surrogate not followed by a low one; a low one not preceded by a high one. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const REPLACEMENT = '\uFFFD';

/** The string as Postgres keeps it in text and jsonb (decisions.md, "What a run stores"). */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, REPLACEMENT);
}

/**
 * A JSON value whose strings (object keys included) Postgres accepts: it refuses U+0000 in
 * text and jsonb, and lone surrogates in jsonb. Each such code unit becomes U+FFFD, the
 * character Unicode reserves for "a character that could not be represented", so a tool's
 * result is stored (and a failure to store it never re-runs the tool). Values that need no
 * change are returned as they are, without a copy.
 */
export function storable<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const cleaned = clean(item);
      if (cleaned !== item) (copy ??= [...value])[i] = cleaned;
    });
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const k = storableText(key);
    const v = clean(item);
    if (k !== key || v !== item) changed = true;
    return [k, v] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
