import { ConfigError } from '../platform/config.ts';
import { CliError } from './operations.ts';
import { operatorRun, withOperations } from './operator.ts';

// `npm run cli -- ...`: the operator commands, one JSON document on stdout (scripts and docs rely
// on it). `switchboard admin ...` runs the same commands (cli/switchboard/commands/admin.ts).
try {
  const result = await withOperations((ops) => operatorRun(ops, process.argv.slice(2)));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  if (!(error instanceof CliError || error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
