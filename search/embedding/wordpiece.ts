/**
 * BERT uncased WordPiece tokenizer, reading the vocabulary from a Hugging Face
 * tokenizer.json. Written here (about 80 lines) rather than pulling
 * @huggingface/transformers, whose dependency tree (sharp, onnxruntime-web) we do not need.
 */

export interface WordPieceTokenizer {
  /** Token ids for one text: [CLS] … [SEP], at most maxTokens long. */
  encode(text: string, maxTokens: number): number[];
  readonly vocabSize: number;
}

interface TokenizerJson {
  model: { vocab: Record<string, number>; unk_token?: string; max_input_chars_per_word?: number };
}

function isPunctuation(code: number): boolean {
  if ((code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126)) {
    return true;
  }
  return code > 127 && /\p{P}/u.test(String.fromCodePoint(code));
}

function isCjk(code: number): boolean {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x20000 && code <= 0x2a6df) ||
    (code >= 0x2a700 && code <= 0x2b81f) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0x2f800 && code <= 0x2fa1f);
}

/** BertNormalizer + BertPreTokenizer: lowercase, strip accents, split on whitespace and punctuation. */
export function basicTokenize(text: string): string[] {
  const lowered = text.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '');
  const words: string[] = [];
  let current = '';
  for (const ch of lowered) {
    const code = ch.codePointAt(0)!;
    if (code === 0 || code === 0xfffd || (/\p{Cc}/u.test(ch) && !/\s/.test(ch))) continue;
    if (/\s/u.test(ch)) {
      if (current) words.push(current);
      current = '';
    } else if (isPunctuation(code) || isCjk(code)) {
      if (current) words.push(current);
      words.push(ch);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current) words.push(current);
  return words;
}

/** Builds the tokenizer from the parsed tokenizer.json of a BERT-family model. */
export function createWordPiece(json: TokenizerJson): WordPieceTokenizer {
  const vocab = new Map(Object.entries(json.model.vocab));
  const unk = vocab.get(json.model.unk_token ?? '[UNK]')!;
  const cls = vocab.get('[CLS]')!;
  const sep = vocab.get('[SEP]')!;
  const maxChars = json.model.max_input_chars_per_word ?? 100;
  const cache = new Map<string, number[]>();

  function wordPieces(word: string): number[] {
    const hit = cache.get(word);
    if (hit) return hit;
    const chars = Array.from(word);
    let pieces: number[] = [];
    let start = 0;
    while (start < chars.length && chars.length <= maxChars) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        found = vocab.get((start > 0 ? '##' : '') + chars.slice(start, end).join(''));
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) break;
      pieces.push(found);
      start = end;
    }
    // A word that cannot be covered entirely becomes one [UNK], as in BERT.
    if (start < chars.length || chars.length > maxChars) pieces = [unk];
    if (cache.size < 50_000) cache.set(word, pieces);
    return pieces;
  }

  return {
    vocabSize: vocab.size,
    encode(text, maxTokens) {
      const ids = [cls];
      for (const word of basicTokenize(text)) {
        for (const id of wordPieces(word)) {
          if (ids.length >= maxTokens - 1) break;
          ids.push(id);
        }
        if (ids.length >= maxTokens - 1) break;
      }
      ids.push(sep);
      return ids;
    },
  };
}
