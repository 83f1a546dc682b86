// A second process doing ensure, for the crash test (killed mid-install) and for timing by hand:
//   npx tsx test/package-store/ensure-child.ts <root> '<catalog launch JSON>'
// Prints each progress message on stderr and the InstalledPackage as JSON on stdout.
import pino from 'pino';
import { PackageStore, packageLaunchOf } from '../../package-store/index.ts';

const [root, launchJson] = process.argv.slice(2);
if (!root || !launchJson) throw new Error('usage: ensure-child.ts <root> <launch JSON>');
const store = new PackageStore({ root, logger: pino({ level: 'warn' }) });
const installed = await store.ensure(packageLaunchOf(JSON.parse(launchJson)), { onProgress: (message) => process.stderr.write(`progress: ${message}\n`) });
process.stdout.write(`${JSON.stringify(installed)}\n`);
