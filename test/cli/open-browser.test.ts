import { describe, expect, it } from 'vitest';
import { browserCommand } from '../../cli/switchboard/open-browser.ts';

// Issue 33 item 10: `switchboard login` opened the service-supplied verification URL with
// `cmd /c start "" <url>` on Windows, where `&` ends cmd's command and runs what follows. The
// argv is checked per platform; the URL must be http(s) on the service's own origin.
const SERVICE = 'http://127.0.0.1:3000';
const PAGE = 'http://127.0.0.1:3000/console/device?user_code=ABCD-EFGH';

describe('switchboard login: the command that opens the verification page', () => {
  it('never goes through a shell, on any platform', () => {
    expect(browserCommand(PAGE, SERVICE, 'win32')).toEqual({ argv: ['rundll32', 'url.dll,FileProtocolHandler', PAGE] });
    expect(browserCommand(PAGE, SERVICE, 'darwin')).toEqual({ argv: ['open', PAGE] });
    expect(browserCommand(PAGE, SERVICE, 'linux', { DISPLAY: ':0' })).toEqual({ argv: ['xdg-open', PAGE] });
    expect(browserCommand(PAGE, SERVICE, 'linux', {})).toEqual({ refused: 'no display' });
  });

  it('hands a URL with cmd metacharacters over as one argument, in its parsed form', () => {
    const hostile = 'http://127.0.0.1:3000/console/device?user_code=x&calc.exe&" | whoami';
    const command = browserCommand(hostile, SERVICE, 'win32');
    expect(command).toEqual({ argv: ['rundll32', 'url.dll,FileProtocolHandler', 'http://127.0.0.1:3000/console/device?user_code=x&calc.exe&%22%20|%20whoami'] });
    for (const argv of ['argv' in command ? command.argv : []]) {
      expect(argv.some((arg) => /^(cmd|cmd\.exe|powershell|sh|bash)$/i.test(arg) || arg === '/c')).toBe(false);
    }
  });

  it('refuses what is not http(s), or not on the service it logs in to', () => {
    expect(browserCommand('file:///C:/Windows/System32/calc.exe', SERVICE, 'win32')).toHaveProperty('refused');
    expect(browserCommand('javascript:alert(1)', SERVICE, 'darwin')).toHaveProperty('refused');
    expect(browserCommand('\\\\evil\\share\\x.exe', SERVICE, 'win32')).toHaveProperty('refused');
    expect(browserCommand('https://evil.example/console/device', SERVICE, 'win32')).toHaveProperty('refused');
    expect(browserCommand('http://127.0.0.1:3001/console/device', SERVICE, 'darwin')).toHaveProperty('refused');
    expect(browserCommand('https://127.0.0.1:3000/console/device', SERVICE, 'darwin')).toHaveProperty('refused');
  });
});
