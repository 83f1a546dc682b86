import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A structured result with a short text rendering beside it (MCP, tools: structured content). */
export function structured(data: Record<string, unknown>, text: string, content?: CallToolResult['content']): CallToolResult {
  return { content: content ?? [{ type: 'text', text }], structuredContent: data };
}

/** The tool's own content blocks, shown as they came; a text summary when it had none. */
export function toolContent(result: Record<string, unknown>): CallToolResult['content'] {
  const content = result.content;
  if (Array.isArray(content) && content.length) return content as CallToolResult['content'];
  return [{ type: 'text', text: JSON.stringify(result.structuredContent ?? result) }];
}
