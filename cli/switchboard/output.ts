/**
 * Where things are printed. stdout carries the answer only: with --json exactly one JSON
 * document, otherwise text for people; messages, prompts and progress go to stderr, so
 * `switchboard ... --json | jq` always reads one document.
 */
export class Output {
  constructor(
    readonly json: boolean,
    private readonly stdout: NodeJS.WriteStream = process.stdout,
    private readonly stderr: NodeJS.WriteStream = process.stderr,
  ) {}

  /** The command's answer: `document` with --json, else what `human` renders. */
  result(document: unknown, human: () => string): void {
    const text = this.json ? JSON.stringify(document, null, 2) : human();
    if (text !== '') this.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A message for the person at the terminal (never on stdout). */
  note(message: string): void {
    this.stderr.write(`${message}\n`);
  }

  get stderrStream(): NodeJS.WriteStream {
    return this.stderr;
  }

  get width(): number | undefined {
    return this.stdout.isTTY ? this.stdout.columns : undefined;
  }
}

/**
 * Rows in aligned columns (the way `gh` and `kubectl` list things). On a terminal the last
 * column is cut to the width; in a pipe nothing is cut, so grep sees whole lines.
 */
export function table(headers: string[], rows: string[][], width?: number): string {
  if (rows.length === 0) return '';
  const all = [headers, ...rows].map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()));
  const widths = headers.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  return all
    .map((row) => {
      const line = row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
      return width && line.length > width ? `${line.slice(0, Math.max(width - 1, 0))}…` : line;
    })
    .join('\n');
}

/** Unix seconds as local time; '' for none. */
export function when(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** An MCP tool result as text: its text blocks, other blocks as JSON. */
export function resultText(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return JSON.stringify(result, null, 2);
  return content
    .map((block: { type?: string; text?: unknown }) => (block.type === 'text' && typeof block.text === 'string' ? block.text : JSON.stringify(block)))
    .join('\n');
}
