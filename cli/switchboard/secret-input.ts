import { usage } from './failure.ts';

/** The service's bound on one value (api/operations/credentials.ts): refused here before it is sent. */
const MAX_BYTES = 8192;

/**
 * A secret value, never from argv (where `ps`, shell history and CI logs would keep it): on a
 * terminal from a prompt that echoes nothing, otherwise the whole of stdin (`< file`, a pipe
 * from a password manager), one trailing newline dropped.
 */
export async function readSecret(prompt: string, stdin: NodeJS.ReadStream = process.stdin, stderr: NodeJS.WriteStream = process.stderr): Promise<string> {
  const value = stdin.isTTY ? await readHidden(prompt, stdin, stderr) : (await readAll(stdin)).replace(/\r?\n$/, '');
  if (value === '') throw usage('the value is empty: type it at the prompt, or give it on stdin');
  if (Buffer.byteLength(value, 'utf8') > MAX_BYTES) throw usage(`the value is longer than ${MAX_BYTES} bytes`);
  if (value.includes('\0')) throw usage('the value contains a NUL character');
  return value;
}

async function readAll(stdin: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    // More than a value may hold: stop reading (a mistaken `< /dev/zero` must not fill memory).
    if (size > MAX_BYTES + 2) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Raw mode, nothing echoed: Enter ends, Backspace edits, Ctrl-C and Ctrl-D give up. */
function readHidden(prompt: string, stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream): Promise<string> {
  // Echo off before the prompt shows: a value typed the moment it appears is never echoed.
  stdin.setRawMode(true);
  stderr.write(prompt);
  stdin.resume();
  stdin.setEncoding('utf8');
  let value = '';
  return new Promise<string>((resolve, reject) => {
    const done = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      outcome();
    };
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n') return done(() => resolve(value));
        if (char === '\u0003' || char === '\u0004') return done(() => reject(usage('canceled: nothing was stored')));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}
