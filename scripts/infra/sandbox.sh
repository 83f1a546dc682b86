#!/usr/bin/env bash
# The OS sandbox every catalog MCP server runs in (sandbox/, docs/sandbox.md): Debian's
# bubblewrap, plus passt (pasta) and nftables for public egress, and util-linux's setpriv and
# prlimit (always present on Debian). Binaries, not a server: nothing to start or stop.
# Idempotent: what is installed and runs is reused.
#   sandbox.sh               install what is missing (apt), then prove bwrap runs
#   sandbox.sh --check       exit 0 when this machine can have it, 3 with one line when not
#   sandbox.sh --if-possible install when this machine can, else exit 0 silently: `npm start`'s
#                            prestart; the service then logs the one line saying what is missing
set -euo pipefail
INFRA_NAME=sandbox
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# package:binary pairs
PACKAGES=(bubblewrap:bwrap passt:pasta nftables:nft util-linux:setpriv util-linux:prlimit)

missing_packages() {
  local pair
  for pair in "${PACKAGES[@]}"; do have "${pair#*:}" || [[ -x /usr/sbin/${pair#*:} ]] || printf '%s\n' "${pair%%:*}"; done | sort -u
}

# The namespaces the sandbox takes, as this user (the service's real probe, sandbox/probe.ts,
# runs the full argv; this one says early whether the kernel allows them at all).
runs() {
  bwrap --unshare-all --die-with-parent --new-session --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64 \
    --symlink usr/bin /bin --proc /proc --dev /dev --tmpfs /tmp -- /usr/bin/true >/dev/null 2>&1
}

check_prerequisites() {
  [[ -z "$(missing_packages)" ]] && return 0
  have apt-get || missing "MCP server sandbox: $(missing_packages | tr '\n' ' ')missing and there is no apt-get to install them (install bubblewrap yourself)"
  can_be_root || missing "MCP server sandbox: installing $(missing_packages | tr '\n' ' ')needs root or passwordless sudo"
}

install() {
  log "installing $(missing_packages | tr '\n' ' ')with apt"
  # shellcheck disable=SC2046 # one word per package
  apt_install --no-install-recommends $(missing_packages)
}

case "${1:-}" in
  --check) check_prerequisites; exit 0 ;;
  --if-possible)
    # Never fails `npm start`: a sandbox that cannot be had here is the service's one line to say.
    if [[ -n "$(missing_packages)" ]] && (check_prerequisites) 2>/dev/null; then install || true; fi
    exit 0 ;;
esac

if [[ -z "$(missing_packages)" ]] && runs; then
  log "bubblewrap $(bwrap --version | cut -d' ' -f2) runs, reusing it"
  exit 0
fi
if [[ -n "$(missing_packages)" ]]; then
  check_prerequisites
  install
fi
runs || die "bubblewrap is installed but cannot create namespaces here (a container needs user namespaces allowed: docs/sandbox.md)"
log "bubblewrap $(bwrap --version | cut -d' ' -f2) runs"
