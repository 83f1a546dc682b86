/** A tool's answer (an MCP CallToolResult) made readable: text as text, images as images, the rest as JSON. */
export function ToolResult({ result }: { result: Record<string, unknown> }) {
  const content = Array.isArray(result.content) ? (result.content as Record<string, unknown>[]) : undefined;
  const { content: _content, structuredContent, isError, ...rest } = result;
  if (!content) return <Json value={result} />;
  return (
    <div className="tool-result" data-testid="tool-result">
      {isError === true && <p className="state state-error">The tool reported an error.</p>}
      {content.length === 0 && <p className="hint">The tool answered with no content.</p>}
      {content.map((block, index) => (
        <ContentBlock key={index} block={block} />
      ))}
      {structuredContent !== undefined && (
        <>
          <h3>Structured content</h3>
          <Json value={structuredContent} />
        </>
      )}
      {Object.keys(rest).length > 0 && (
        <details>
          <summary>Other fields</summary>
          <Json value={rest} />
        </details>
      )}
    </div>
  );
}

function ContentBlock({ block }: { block: Record<string, unknown> }) {
  if (block.type === 'text' && typeof block.text === 'string') return <pre className="result-text">{block.text}</pre>;
  if (block.type === 'image' && typeof block.data === 'string' && typeof block.mimeType === 'string' && block.mimeType.startsWith('image/')) {
    // data: images are allowed by the console's content policy (api/plugins/console.ts).
    return <img className="result-image" src={`data:${block.mimeType};base64,${block.data}`} alt="An image the tool returned" />;
  }
  const resource = block.resource as Record<string, unknown> | undefined;
  if (block.type === 'resource' && resource && typeof resource.text === 'string') {
    return (
      <figure className="result-resource">
        <figcaption>
          Resource <code>{String(resource.uri ?? '')}</code>
        </figcaption>
        <pre className="result-text">{resource.text}</pre>
      </figure>
    );
  }
  return <Json value={block} />;
}

export function Json({ value }: { value: unknown }) {
  return <pre className="json">{JSON.stringify(value, null, 2)}</pre>;
}
