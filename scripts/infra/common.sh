# Shared helpers for scripts/infra/*.sh. Sourced, not executed.
# Every script works from the repo root so the cache lands in one place
# whichever directory the caller started in.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE_DIR="$REPO_ROOT/.cache"
mkdir -p "$CACHE_DIR"

log() { printf '[infra:%s] %s\n' "${INFRA_NAME:-?}" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# wait_until SECONDS DESCRIPTION COMMAND...: polls COMMAND once a second.
wait_until() {
  local timeout="$1" what="$2"; shift 2
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      log "gave up waiting ${timeout}s for $what"
      return 1
    fi
    sleep 1
  done
  log "$what: ready"
}

# as_root COMMAND...: CI runs as root; a developer may not, so fall back to sudo.
as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}
