import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const login = z.object({
  /** The device's own API key (revocable, no expiry), or a session token where the service gave none. */
  access_token: z.string(),
  token_type: z.string(),
  /** Unix seconds; null for the device's API key, which lasts until revoked. */
  expires_at: z.number().nullable(),
  /** The device key's id, which `logout` revokes. */
  key_id: z.string().optional(),
  user: z.object({ id: z.string(), email: z.string(), role: z.string(), plan: z.string() }),
});
export type StoredLogin = z.infer<typeof login>;

const file = z.object({
  /** The service of the last login: commands without --url or SWITCHBOARD_URL go there. */
  current_url: z.string().optional(),
  logins: z.record(z.string(), login).default({}),
});
type CredentialsFile = z.infer<typeof file>;

/** `$XDG_CONFIG_HOME/switchboard/credentials.json`, else `~/.config/switchboard/credentials.json`. */
export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'switchboard', 'credentials.json');
}

/** The login tokens, one per service URL. A missing or unreadable file is no login at all. */
export class CredentialStore {
  constructor(readonly path: string) {}

  async read(): Promise<CredentialsFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return { logins: {} };
    }
    const parsed = file.safeParse(safeJson(text));
    return parsed.success ? parsed.data : { logins: {} };
  }

  async save(url: string, value: StoredLogin): Promise<void> {
    const current = await this.read();
    await this.write({ current_url: url, logins: { ...current.logins, [url]: value } });
  }

  /** Forgets the login for `url`; true when there was one. */
  async remove(url: string): Promise<boolean> {
    const current = await this.read();
    if (!current.logins[url]) return false;
    const { [url]: _gone, ...rest } = current.logins;
    if (Object.keys(rest).length === 0) {
      await rm(this.path, { force: true });
      return true;
    }
    await this.write({ current_url: current.current_url === url ? undefined : current.current_url, logins: rest });
    return true;
  }

  /**
   * The token is a bearer credential: the folder is 0700 and the file 0600 from its first byte
   * (written aside with that mode, then renamed), so no other user can read it even briefly.
   */
  private async write(content: CredentialsFile): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const aside = `${this.path}.${process.pid}.tmp`;
    await writeFile(aside, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    await chmod(aside, 0o600); // a file left over by a crashed run keeps its old mode otherwise
    await rename(aside, this.path);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
