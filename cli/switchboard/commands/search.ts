import type { CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { usage } from '../failure.ts';
import { call } from '../http.ts';
import { table } from '../output.ts';

export const searchCommand: CommandModule<GlobalOptions, GlobalOptions & { words: string[]; 'top-k': number; server?: string; 'runnable-only': boolean }> = {
  command: 'search <words..>',
  describe: 'find tools for a task described in plain words',
  builder: (y) =>
    y
      .positional('words', { type: 'string', array: true, demandOption: true, describe: 'what you want to do, e.g. "add two numbers"' })
      .option('top-k', { type: 'number', default: 5, describe: 'how many tools (1-50)' })
      .option('server', { type: 'string', describe: 'only tools of this MCP server' })
      .option('runnable-only', { type: 'boolean', default: false, describe: 'only tools you can run now without setup (ready or installable)' })
      .example('$0 search "echo a message" --top-k 3', ''),
  handler: async (argv) => {
    const query = argv.words.join(' ').trim();
    if (!query) throw usage('give some words to search for');
    const topK = argv['top-k'];
    if (!Number.isInteger(topK) || topK < 1 || topK > 50) throw usage('--top-k must be an integer from 1 to 50');
    const ctx = await contextOf(argv);
    // Retrieval works without a login; with one it is the user's view and is recorded as a query.
    const answer = await call(ctx.conn, 'get', '/v2/retrieve_tools', {
      auth: 'optional',
      query: { query, top_k: topK, 'filter.server': argv.server, ...(argv['runnable-only'] ? { runnable_only: 'true' as const } : {}) },
    });
    ctx.out.result(answer, () => {
      if (answer.tools.length === 0) return `No tools found for "${query}".`;
      const rows = answer.tools.map((t) => [t.score.toFixed(2), `${t.server}/${t.name}`, t.availability?.state ?? '', t.description]);
      return table(['SCORE', 'TOOL', 'STATE', 'DESCRIPTION'], rows, ctx.out.width);
    });
  },
};
