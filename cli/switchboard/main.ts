import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { adminCommand } from './commands/admin.ts';
import { clientsCommand } from './commands/clients.ts';
import { loginCommand, logoutCommand, whoamiCommand } from './commands/auth.ts';
import { execCommand } from './commands/exec.ts';
import { jobsCommand } from './commands/jobs.ts';
import { searchCommand } from './commands/search.ts';
import { serversCommand } from './commands/servers.ts';
import { webhooksCommand } from './commands/webhooks.ts';
import { auditCommand, holdsCommand } from './commands/trust.ts';
import { approvalsCommand } from './commands/approvals.ts';
import { DEFAULT_URL } from './context.ts';
import { EXIT, EXIT_CODES_HELP, Failure } from './failure.ts';

/**
 * `switchboard`: the service from a terminal or a script. A face like the routes: it calls the
 * REST API and renders; no rule of the service lives here (cli/README.md).
 */
export async function main(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  const parser = yargs(argv)
    .scriptName('switchboard')
    .usage('$0 <command> [options]\n\nFind, run and follow tools of a Switchboard service.')
    .option('url', { type: 'string', global: true, describe: `the service (default: SWITCHBOARD_URL, else the last login's, else ${DEFAULT_URL})` })
    .option('key', { type: 'string', global: true, describe: 'an API key (default: SWITCHBOARD_API_KEY, else your login)' })
    .option('json', { type: 'boolean', global: true, default: false, describe: 'print one JSON document on stdout (messages stay on stderr)' })
    .command(loginCommand)
    .command(logoutCommand)
    .command(whoamiCommand)
    .command(searchCommand)
    .command(execCommand)
    .command(jobsCommand)
    .command(serversCommand)
    .command(webhooksCommand)
    .command(clientsCommand)
    .command(adminCommand)
    .command(holdsCommand)
    .command(approvalsCommand)
    .command(auditCommand)
    .completion('completion', 'print a bash/zsh completion script: switchboard completion >> ~/.bashrc')
    .demandCommand(1, 'name a command (switchboard --help lists them)')
    .strict()
    .help()
    .alias('help', 'h')
    .version(false)
    .epilogue(EXIT_CODES_HELP)
    .wrap(Math.min(110, process.stdout.columns || 110))
    .exitProcess(false)
    .fail((message, error) => {
      // Thrown by a command: handled below. A message: yargs refused the command line.
      if (error) throw error;
      throw new Failure(`${message}\nRun with --help for usage.`, EXIT.usage);
    });
  try {
    await parser.parseAsync();
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    process.stderr.write(`switchboard: ${error.message}\n`);
    if (json) process.stdout.write(`${JSON.stringify({ error: { message: error.message, exit_code: error.exitCode, ...error.service } }, null, 2)}\n`);
    process.exitCode = error.exitCode;
  }
}

await main(hideBin(process.argv));
