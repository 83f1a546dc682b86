/**
 * The host-side start of every sandboxed server: bash, because the steps below must happen
 * in the process that becomes the instance, before bwrap, and without a value on any argv.
 *
 * $1 the environment names to keep, $2/$3 the memory cgroup and its limit, $4/$5 the pids
 * cgroup and its limit (empty: none), then the command (bwrap ...).
 * 1. Environment: every exported name not kept is unset. Secrets come in the environment,
 *    never as `--setenv NAME VALUE` arguments, which any host user reads in /proc/PID/cmdline.
 *    Exported functions are dropped too (shellshock-style imports).
 * 2. cgroups: the instance's own, created and limited here; three tries, since an empty one is
 *    removed by the instance that last left it. A cgroup that cannot be entered fails the start
 *    (exit 125): the probe found them writable, so a failure now is a fault, never a reason to
 *    run unlimited.
 * 3. With a cgroup, bash stays as the parent to remove it after the instance ends (SIGTERM is
 *    passed on); without one it simply execs. A SIGKILLed bash leaves an empty cgroup, reused
 *    and removed by the instance's next start.
 */
export const WRAPPER_SCRIPT = `
for name in $(compgen -A function); do unset -f "$name"; done
keep=" $1 "
for name in $(compgen -e); do case $keep in *" $name "*) ;; *) unset "$name" ;; esac; done
memcg=$2; memmax=$3; pidcg=$4; pidmax=$5; shift 5
enter() {
  [ -n "$1" ] || return 0
  for try in 1 2 3; do
    mkdir -p "$1" 2>/dev/null && echo "$3" > "$1/$2" 2>/dev/null && echo $$ > "$1/cgroup.procs" 2>/dev/null && return 0
  done
  echo "switchboard-sandbox: cannot enter cgroup $1" >&2
  exit 125
}
leave() {
  [ -n "$1" ] || return 0
  parent=\${1%/*}
  echo $$ > "\${parent%/*}/cgroup.procs" 2>/dev/null && rmdir "$1" 2>/dev/null
  return 0
}
enter "$memcg" memory.limit_in_bytes "$memmax"
if [ -n "$memcg" ] && [ -e "$memcg/memory.memsw.limit_in_bytes" ]; then echo "$memmax" > "$memcg/memory.memsw.limit_in_bytes" 2>/dev/null; fi
enter "$pidcg" pids.max "$pidmax"
[ -n "$memcg$pidcg" ] || exec "$@"
"$@" 0<&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
while wait "$child"; code=$?; kill -0 "$child" 2>/dev/null; do :; done
leave "$memcg"
leave "$pidcg"
exit $code
`;
