import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The uid and gid a server runs as when the service runs as root: RLIMIT_NPROC is never
 * enforced for real uid 0, and root's files would be its to change. 65532 is distroless's
 * "nonroot": below 65536, so it exists in a container given only the usual 65536 uids, and not
 * a Debian-allocated id. It needs no /etc/passwd line on the host.
 */
export const SANDBOX_UID = 65532;

export function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The uid and gid inside the sandbox: the sandbox user under root, else the service's own. */
export function sandboxIds(): { uid: number; gid: number } {
  return runsAsRoot() ? { uid: SANDBOX_UID, gid: SANDBOX_UID } : { uid: process.getuid?.() ?? SANDBOX_UID, gid: process.getgid?.() ?? SANDBOX_UID };
}

/** The cgroup v1 folders new instances are created in, where this process may create them. */
export interface CgroupParents {
  memory?: string;
  pids?: string;
}

let parents: CgroupParents | undefined;

/**
 * cgroup v1 memory and pids controllers, under this process's own cgroup (so an instance is
 * accounted within whatever limits the service itself runs under), in a folder
 * `switchboard-sandbox/`. A controller that is not mounted or not writable is left out and its
 * limit falls back to an rlimit (docs/sandbox.md). cgroup v2 is not used yet: its
 * no-internal-processes rule needs a delegated subtree, which a plain service does not get.
 */
export function cgroupParents(): CgroupParents {
  if (parents) return parents;
  parents = {};
  let own: string;
  try {
    own = readFileSync('/proc/self/cgroup', 'utf8');
  } catch {
    return parents;
  }
  for (const controller of ['memory', 'pids'] as const) {
    const line = own.split('\n').find((l) => l.split(':')[1]?.split(',').includes(controller));
    const path = line?.split(':').slice(2).join(':');
    if (path === undefined) continue;
    const dir = join('/sys/fs/cgroup', controller, path, 'switchboard-sandbox');
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      parents[controller] = dir;
    } catch {
      // read-only cgroupfs (a container) or not ours: the rlimit stands alone
    }
  }
  return parents;
}

/** The address pasta answers DNS on (--dns-forward), inside the instance's network only. */
export const PUBLIC_DNS = '169.254.1.53';

let etcDir: string | undefined;

/**
 * /etc/passwd, /etc/group (and resolv.conf for public egress) for the sandbox: the host's
 * would list its users, and without a line for its own uid `os.userInfo()` and Python's
 * `getpass.getuser()` fail. One folder per content in the temporary folder, shared by every
 * process of the service (a folder per process was left behind by each killed test worker);
 * reused only when it is a real folder of this user that nobody else may write.
 */
export function sandboxEtcDir(): string {
  if (etcDir) return etcDir;
  const { uid, gid } = sandboxIds();
  const nologin = '/usr/sbin/nologin';
  const users = [`root:x:0:0:root:/root:${nologin}`, `sandbox:x:${uid}:${gid}:sandbox:/tmp/home:${nologin}`, `nobody:x:65534:65534:nobody:/nonexistent:${nologin}`];
  const groups = ['root:x:0:', `sandbox:x:${gid}:`, 'nogroup:x:65534:'];
  const files: Record<string, string> = {
    // The service itself runs as root or as one uid: either may share one line for both.
    passwd: `${[...new Set(users)].join('\n')}\n`,
    group: `${[...new Set(groups)].join('\n')}\n`,
    // Egress `public`: the only resolver is pasta's DNS forwarder (the host's own is on a private address).
    'resolv.conf': `nameserver ${PUBLIC_DNS}\n`,
  };
  const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `switchboard-sandbox-etc-${process.getuid?.() ?? 'u'}-${hash}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stat = lstatSync(dir);
    if (!stat.isDirectory() || stat.uid !== process.getuid?.() || (stat.mode & 0o077) !== 0) throw new Error(`${dir} exists and is not this user's private folder`);
  }
  for (const [name, text] of Object.entries(files)) {
    // Written aside and renamed: a concurrent start never binds half a file.
    const aside = join(dir, `.${name}.${process.pid}`);
    writeFileSync(aside, text, { mode: 0o644 });
    renameSync(aside, join(dir, name));
  }
  etcDir = dir;
  return dir;
}

/**
 * How each top-level system folder is reproduced: merged-/usr hosts (Debian 12) have /bin,
 * /sbin and /lib* as links into /usr, which are made as the same links; older layouts have
 * real folders, bound read-only. Missing ones are skipped.
 */
export function systemRootArgs(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const name of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    const path = `/${name}`;
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat.isDirectory()) args.push('--ro-bind', path, path);
  }
  return args;
}

/**
 * What of /etc a server needs, and no more: the dynamic linker's cache, name resolution,
 * TLS roots, time zone, the alternatives links (/usr/bin entries point through them) and
 * Python's site configuration. Not shadow, ssl/private, the package manager's or the
 * service's own configuration. Each is bound only where the host has it.
 */
export function etcEntries(): string[] {
  const fixed = [
    'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'resolv.conf', 'hosts', 'nsswitch.conf', 'host.conf', 'gai.conf',
    'ssl/certs', 'ssl/openssl.cnf', 'ca-certificates', 'ca-certificates.conf', 'localtime', 'alternatives', 'mime.types',
  ];
  let python: string[] = [];
  try {
    python = readdirSync('/etc').filter((name) => /^python3(\.\d+)?$/.test(name));
  } catch {
    // no /etc to read: nothing more to bind
  }
  return [...fixed, ...python].map((entry) => `/etc/${entry}`).filter((path) => existsSync(path));
}
