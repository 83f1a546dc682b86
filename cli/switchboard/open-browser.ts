import { spawn } from 'node:child_process';

/**
 * The command that opens a page in the person's browser, or why none is run. The page comes from
 * the service (POST /auth/cli/start's verification URL), so it is checked before anything sees
 * it: http(s) only, and on the origin of the service this login talks to (a service, or a man in
 * the middle, cannot send the browser elsewhere). No shell on any platform: on Windows
 * `cmd /c start "" <url>` read `&` in the URL as the end of the command and ran what followed;
 * rundll32's URL handler takes the URL as one argument and runs nothing else.
 */
export function browserCommand(
  page: string,
  serviceUrl: string,
  platform: NodeJS.Platform = process.platform,
  env: Record<string, string | undefined> = process.env,
): { argv: string[] } | { refused: string } {
  let url: URL;
  try {
    url = new URL(page);
  } catch {
    return { refused: 'not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: `not http(s): ${url.protocol}` };
  if (url.origin !== new URL(serviceUrl).origin) return { refused: `not on the service's origin ${new URL(serviceUrl).origin}` };
  // The parsed form: spaces, quotes and other characters outside a URL's syntax are percent-encoded.
  const href = url.href;
  if (platform === 'darwin') return { argv: ['open', href] };
  if (platform === 'win32') return { argv: ['rundll32', 'url.dll,FileProtocolHandler', href] };
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return { argv: ['xdg-open', href] };
  return { refused: 'no display' };
}

/** Opens the page where a browser can exist and the page passes `browserCommand`; false (print only) otherwise. */
export function openBrowser(page: string, serviceUrl: string): boolean {
  if (!process.stderr.isTTY) return false;
  const command = browserCommand(page, serviceUrl);
  if ('refused' in command) return false;
  const [file, ...args] = command.argv;
  const child = spawn(file!, args, { stdio: 'ignore', detached: true, shell: false, windowsHide: true });
  child.on('error', () => undefined); // no opener installed: the printed URL is enough
  child.unref();
  return true;
}
