/**
 * The host-side start of every sandboxed server: bash, because the steps below must happen
 * in the process that becomes the instance, before bwrap, and without a value on any argv.
 *
 * $1 the environment names to keep, $2/$3 the memory cgroup and its limit, $4/$5 the pids
 * cgroup and its limit (empty: none), $6 the egress policy, $7 the nft rules of `public`, $8
 * the uid to run pasta as (empty: ours), then the command (bwrap ...).
 * 1. Environment: every exported name not kept is unset. Secrets come in the environment,
 *    never as `--setenv NAME VALUE` arguments, which any host user reads in /proc/PID/cmdline.
 *    Exported functions are dropped too (shellshock-style imports).
 * 2. cgroups: the instance's own, created and limited here; three tries, since an empty one is
 *    removed by the instance that last left it. A cgroup that cannot be entered fails the start
 *    (exit 125): the probe found them writable, so a failure now is a fault, never a reason to
 *    run unlimited.
 * 3. Egress `public`: a holder process makes a user and network namespace, pasta gives it a
 *    user-mode network (no port forwarding either way, no gateway mapped to the host), and nft
 *    rules inside it refuse loopback, private, link-local and the host's own addresses before
 *    the server starts. The command joins that namespace through fds 5 and 6 (nsenter) and
 *    closes them. Under a root service pasta and the holder run as the sandbox user and nft as
 *    root; under a non-root one the holder's user namespace maps us to root, nft runs in it, and
 *    the server nests a namespace of its own below it (no capability over the rules).
 * 4. With a cgroup or pasta, bash stays as the parent to remove and stop them after the instance
 *    ends (SIGTERM is passed on); otherwise it simply execs. A SIGKILLed bash leaves an empty
 *    cgroup, reused and removed by the instance's next start; pasta and the holder are in its
 *    process group, which GroupStdioTransport kills as a whole.
 */
export const WRAPPER_SCRIPT = `
for name in $(compgen -A function); do unset -f "$name"; done
# PATH is the server's (its package's bin folders first): this script looks up nothing through it.
serverpath=$PATH
PATH=/usr/sbin:/usr/bin:/sbin:/bin
keep=" $1 "
for name in $(compgen -e); do case $keep in *" $name "*) ;; *) unset "$name" ;; esac; done
memcg=$2; memmax=$3; pidcg=$4; pidmax=$5; egress=$6; rules=$7; netuid=$8; shift 8
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
  echo $$ > "\${parent%/*}/cgroup.procs" 2>/dev/null || return 0
  # The instance's last processes may still be exiting (the pid namespace dies after bwrap).
  for try in $(/usr/bin/seq 100); do /bin/rmdir "$1" 2>/dev/null && break; /usr/bin/sleep 0.01; done
  # The last instance out removes the folder too, so nothing of ours outlives the service in the
  # cgroup it was started in; the next start makes it again (mkdir -p).
  /bin/rmdir "$parent" 2>/dev/null
  return 0
}
enter "$memcg" memory.limit_in_bytes "$memmax"
if [ -n "$memcg" ] && [ -e "$memcg/memory.memsw.limit_in_bytes" ]; then echo "$memmax" > "$memcg/memory.memsw.limit_in_bytes" 2>/dev/null; fi
enter "$pidcg" pids.max "$pidmax"
helpers=
if [ "$egress" = public ]; then
  own=$(readlink /proc/$$/ns/net)
  if [ -n "$netuid" ]; then
    # A root service: the holder is the sandbox user (mapped to itself); nft runs with the host's root.
    as="setpriv --reuid=$netuid --regid=$netuid --clear-groups"
    $as unshare --user --net --map-user="$netuid" --map-group="$netuid" sleep infinity 0</dev/null &
    holder=$!; netin="nsenter --net=/proc/$holder/ns/net"
  else
    # A non-root service: we are root in the holder's user namespace, which owns its network, so
    # nft runs there; the server joins it and then nests a user namespace of its own (bwrap
    # --unshare-user), holding no capability over the network namespace or its rules.
    as=
    unshare --user --net --map-root-user sleep infinity 0</dev/null &
    holder=$!; netin="nsenter --preserve-credentials --user=/proc/$holder/ns/user --net=/proc/$holder/ns/net"
  fi
  helpers=$holder
  for try in $(seq 1000); do [ "$(readlink /proc/$holder/ns/net 2>/dev/null)" != "$own" ] && break; sleep 0.002; done
  $as pasta -f -q --config-net --no-map-gw -t none -u none -T none -U none --dns-forward 169.254.1.53 "$holder" 0</dev/null >/dev/null 2>&1 &
  helpers="$helpers $!"
  for try in $(seq 1000); do
    $netin grep -q '^[^[:space:]]*[[:space:]]00000000[[:space:]]' /proc/self/net/route 2>/dev/null && break
    sleep 0.002
  done
  if ! printf '%s\n' "$rules" | $netin nft -f -; then
    echo "switchboard-sandbox: cannot set up public egress" >&2
    kill $helpers 2>/dev/null
    exit 125
  fi
  exec 5</proc/$holder/ns/user 6</proc/$holder/ns/net
fi
PATH=$serverpath
[ -n "$memcg$pidcg$helpers" ] || exec "$@"
"$@" 0<&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
while wait "$child"; code=$?; kill -0 "$child" 2>/dev/null; do :; done
[ -z "$helpers" ] || kill $helpers 2>/dev/null
leave "$memcg"
leave "$pidcg"
exit $code
`;
