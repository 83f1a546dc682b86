import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { egressRules } from './egress.ts';
import { cgroupParents, etcEntries, runsAsRoot, sandboxEtcDir, sandboxIds, systemRootArgs } from './host.ts';
import { prlimitArgs, resolveLimits } from './limits.ts';
import type { SandboxLimits } from './limits.ts';
import { WRAPPER_SCRIPT } from './wrapper.ts';

/** `none`: no network at all. `public`: the internet, but no host loopback or private range. */
export type EgressPolicy = 'none' | 'public';

export interface SandboxSpec {
  /** Host paths bound read-only at the same path (package folder, interpreter prefix, node's folder). */
  readOnly: string[];
  /** The instance's own writable folder (created if missing), the same path inside; the cwd. */
  workDir: string;
  egress: EgressPolicy;
  /** Exactly what the entry declares plus the user's credentials; the sandbox adds PATH, HOME, TMPDIR, LANG. */
  env: Record<string, string>;
  limits?: Partial<SandboxLimits>;
}

/** HOME and TMPDIR: in the instance's /tmp, a size-limited tmpfs that starts empty and ends with it. */
const HOME = '/tmp/home';
const TMP = '/tmp';
const SYSTEM_PATH = ['/usr/local/bin', '/usr/bin', '/bin'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const tools = new Map<string, string>();

/**
 * Absolute path of a system tool. Never looked up through PATH: the sandbox's PATH starts with
 * the package's own bin folders, and a package shipping a `bwrap` or `bash` would otherwise be
 * run by the host, as the service's user.
 */
function tool(name: string): string {
  let path = tools.get(name);
  if (path === undefined) {
    path = ['/usr/bin', '/bin', '/usr/sbin', '/sbin'].map((dir) => join(dir, name)).find((candidate) => existsSync(candidate));
    if (path === undefined) throw new Error(`${name} is not installed (scripts/infra/sandbox.sh installs it)`);
    tools.set(name, path);
  }
  return path;
}

/** Every folder above `path`, shallowest first. */
function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let dir = dirname(path); dir !== '/'; dir = dirname(dir)) out.unshift(dir);
  return out;
}

function checkSpec(spec: SandboxSpec): void {
  if (spec.egress !== 'none' && spec.egress !== 'public') throw new Error(`unknown egress policy ${JSON.stringify(spec.egress)}`);
  for (const path of [spec.workDir, ...spec.readOnly]) {
    if (!isAbsolute(path)) throw new Error(`sandbox path ${path} is not absolute`);
  }
  for (const path of spec.readOnly) {
    if (resolve(path) === '/') throw new Error('the sandbox never binds / (docs/sandbox.md)');
    if (!existsSync(path)) throw new Error(`sandbox read-only path ${path} does not exist`);
  }
  for (const name of Object.keys(spec.env)) {
    if (!ENV_NAME.test(name)) throw new Error(`environment name ${JSON.stringify(name)} is not a valid variable name`);
  }
}

/**
 * The argv to spawn instead of `command args`, and its whole environment (pass it as is: a
 * spawner's defaults are dropped by the sandbox anyway). Creates `spec.workDir` (owned by the
 * sandbox user). Throws when the spec is invalid or a tool is missing; probeSandbox() says
 * beforehand whether this host can run it at all.
 */
export function sandboxedCommand(command: string, args: string[], spec: SandboxSpec): { command: string; args: string[]; env: Record<string, string> } {
  checkSpec(spec);
  const limits = resolveLimits(spec.limits);
  const workDir = resolve(spec.workDir);
  const { uid, gid } = sandboxIds();
  const root = runsAsRoot();
  mkdirSync(workDir, { recursive: true, mode: 0o700 });
  if (root) chownSync(workDir, uid, gid);

  const etc = sandboxEtcDir();
  const binds: Array<[flag: string, path: string]> = [...spec.readOnly.map((p): [string, string] => ['--ro-bind', resolve(p)]), ['--bind', workDir]];
  // Parents before children: a package folder inside another bound folder stays visible.
  binds.sort(([, a], [, b]) => a.split('/').length - b.split('/').length);
  const publicEgress = spec.egress === 'public';
  // The host's resolver is on a private address, refused with public egress: pasta's forwarder instead.
  const etcFiles = etcEntries().filter((path) => !(publicEgress && path === '/etc/resolv.conf'));
  const etcBinds = [...etcFiles, '/etc/passwd', '/etc/group', ...(publicEgress ? ['/etc/resolv.conf'] : [])];
  const mounts = [
    ...systemRootArgs(),
    // bwrap makes the folders above a bind 0700, which only root could pass.
    ...[...new Set(etcBinds.flatMap(ancestors))].flatMap((dir) => ['--perms', '0755', '--dir', dir]),
    ...etcFiles.flatMap((path) => ['--ro-bind', path, path]),
    '--ro-bind', join(etc, 'passwd'), '/etc/passwd',
    '--ro-bind', join(etc, 'group'), '/etc/group',
    ...(publicEgress ? ['--ro-bind', join(etc, 'resolv.conf'), '/etc/resolv.conf'] : []),
    '--proc', '/proc',
    '--dev', '/dev',
    '--perms', '1777', '--size', String(limits.fileSizeBytes), '--tmpfs', '/dev/shm',
    '--perms', '1777', '--size', String(limits.fileSizeBytes), '--tmpfs', TMP,
    ...[...new Set(binds.flatMap(([, path]) => ancestors(path)))].flatMap((dir) => ['--perms', '0755', '--dir', dir]),
    ...binds.flatMap(([flag, path]) => [flag, path, path]),
  ];
  // Egress `none`: a network namespace of its own with only its own loopback. `public`: the
  // namespace the wrapper made with pasta and nft (fds 5 and 6), joined before the last bwrap.
  const namespaces = ['--unshare-pid', '--unshare-ipc', '--unshare-uts', ...(publicEgress ? [] : ['--unshare-net']), '--unshare-cgroup', '--hostname', 'sandbox'];
  const joinNetwork = publicEgress
    ? [tool('nsenter'), '--preserve-credentials', '--user=/proc/self/fd/5', '--net=/proc/self/fd/6', tool('sh'), '-c', 'exec "$@" 5<&- 6<&-', 'sh']
    : [];
  const always = ['--die-with-parent', '--new-session'];
  // bash re-exports SHLVL and sets `_`; neither is the server's.
  const last = ['--unsetenv', 'SHLVL', '--unsetenv', '_', '--dir', HOME, '--chdir', workDir];
  const server = [tool('prlimit'), ...prlimitArgs(limits), '--', command, ...args];
  const bwrap = tool('bwrap');
  const chain = root
    ? // As root, bwrap sets up the mounts with root's rights (a package store under /root stays
      // reachable), then setpriv becomes the sandbox user with no capability left, and a second
      // bwrap gives the user namespace, in which RLIMIT_NPROC counts this instance's processes only.
      [
        bwrap, ...namespaces, ...always, ...mounts, '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID', '--',
        tool('setpriv'), `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--bounding-set=-all', '--inh-caps=-all', ...joinNetwork,
        // --bind marks its mounts nodev; /dev is rebound with devices so /dev/null still opens.
        bwrap, '--unshare-user', '--disable-userns', ...always, '--bind', '/', '/', '--dev-bind', '/dev', '/dev', ...last, '--', ...server,
      ]
    : // Joined as root of the holder's namespace (public egress), the nested one maps back to our own uid.
      [...joinNetwork, bwrap, '--unshare-user', '--uid', String(uid), '--gid', String(gid), '--disable-userns', ...namespaces, ...always, ...mounts, ...last, '--', ...server];

  const bins = spec.readOnly.map((p) => resolve(p)).filter((p) => basename(p) === 'bin');
  const env: Record<string, string> = { ...spec.env, PATH: [...bins, ...SYSTEM_PATH].join(':'), HOME, TMPDIR: TMP, LANG: 'C.UTF-8' };
  const cgroups = cgroupParents();
  // One cgroup per instance folder: a restart of the instance reuses what a killed one left.
  const name = createHash('sha256').update(workDir).digest('hex').slice(0, 16);
  const wrapperArgs = [
    Object.keys(env).join(' '),
    cgroups.memory ? join(cgroups.memory, name) : '', String(limits.memoryBytes),
    cgroups.pids ? join(cgroups.pids, name) : '', String(limits.processes),
    spec.egress, publicEgress ? egressRules() : '', root ? String(uid) : '',
  ];
  return { command: tool('bash'), args: ['-c', WRAPPER_SCRIPT, 'switchboard-sandbox', ...wrapperArgs, ...chain], env };
}
