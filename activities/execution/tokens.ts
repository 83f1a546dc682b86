import type { TokensUsed } from '../../contracts/index.ts';

/**
 * tokens_used (decisions.md): an estimate at 4 characters per token, the usual rule of
 * thumb for English text and JSON with GPT-style tokenizers. `input` counts the JSON of the
 * arguments, `output` the text the tool returned (text blocks, else the JSON of the result).
 * It tells an agent what the call costs in its context window; no tokenizer is implied.
 */
export function estimateTokens(args: Record<string, unknown>, result: Record<string, unknown>): TokensUsed {
  return { input: count(JSON.stringify(args)), output: count(resultText(result)) };
}

const count = (text: string) => Math.ceil(text.length / 4);

/** The text blocks of an MCP result, or its JSON when there are none. */
export function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  const texts = content.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);
  return texts.length ? texts.join('\n') : JSON.stringify(result);
}
