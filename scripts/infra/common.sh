# Shared helpers for scripts/infra/*.sh. Sourced, not executed.
# Every script works from the repo root so the cache lands in one place
# whichever directory the caller started in.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE_DIR="$REPO_ROOT/.cache"
mkdir -p "$CACHE_DIR"

log() { printf '[infra:%s] %s\n' "${INFRA_NAME:-?}" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# How often a long step says it is still alive (a new user should never stare at a silent
# terminal for minutes and wonder whether it hangs).
PROGRESS_EVERY="${PROGRESS_EVERY:-15}"

# wait_until SECONDS DESCRIPTION COMMAND...: polls COMMAND once a second, with a progress
# line every PROGRESS_EVERY seconds.
wait_until() {
  local timeout="$1" what="$2"; shift 2
  local started=$SECONDS
  local deadline=$((SECONDS + timeout)) next=$((SECONDS + PROGRESS_EVERY))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      log "gave up waiting ${timeout}s for $what"
      return 1
    fi
    if ((SECONDS >= next)); then
      log "still waiting for $what ($((SECONDS - started)) s of at most ${timeout} s)"
      next=$((SECONDS + PROGRESS_EVERY))
    fi
    sleep 1
  done
  log "$what: ready"
}

# as_root COMMAND...: CI runs as root; a developer may not, so fall back to sudo.
as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

# apt_install PACKAGE...: apt-get update, then install, one script at a time. The test setup
# starts Chromium's and the sandbox's scripts side by side, and two apt-gets at once fail on
# apt's lock ("Could not get lock /var/lib/apt/lists/lock", a fresh machine's CI run of
# 2026-12-02); an apt run of anyone else is waited for up to 10 minutes.
apt_install() {
  (
    flock 9
    as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
  ) 9>"${TMPDIR:-/tmp}/switchboard-apt.lock"
}

# Prerequisite checks. Each script has a `--check` mode that runs only these, so a caller (the
# vitest global setup) learns in a second, before any long build or download, what the machine
# lacks; the message is one line that names the missing thing.
have() { command -v "$1" >/dev/null 2>&1; }
can_be_root() { [[ $(id -u) -eq 0 ]] || sudo -n true 2>/dev/null; }
missing() { printf '%s\n' "$*" >&2; exit 3; }

# Our workflows' search attributes (all Keyword), read from contracts/core.ts SEARCH_ATTRIBUTES so
# that no script keeps a list of its own: one added there is registered on the next start.
search_attributes() {
  sed -n '/^export const SEARCH_ATTRIBUTES = {/,/^}/p' "$REPO_ROOT/contracts/core.ts" | grep -o "'Switchboard[A-Za-z]*'" | tr -d "'"
}

# await_go_build PID LOG WHAT: follows a backgrounded `go install -v` with a progress line every
# PROGRESS_EVERY seconds (-v names each package as it compiles, so the counts show it moving),
# then fails with the log's tail if the build failed. An interrupted caller (Ctrl-C, a killed
# test run) does not leave the build running.
await_go_build() {
  local pid="$1" build_log="$2" what="$3" started=$SECONDS
  # shellcheck disable=SC2064 # the pid is fixed now
  trap "kill $pid 2>/dev/null || true" EXIT
  local next=$((SECONDS + PROGRESS_EVERY)) downloaded compiled
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= next)); then
      downloaded=$(grep -c '^go: downloading ' "$build_log" || true)
      compiled=$(grep -vc '^go: ' "$build_log" || true)
      if ((downloaded + compiled == 0)); then
        log "still building $what ($((SECONDS - started)) s; linking what Go's build cache already holds)"
      else
        log "still building $what ($((SECONDS - started)) s; $downloaded modules downloaded, $compiled packages compiled so far)"
      fi
      next=$((SECONDS + PROGRESS_EVERY))
    fi
    sleep 1
  done
  if ! wait "$pid"; then
    trap - EXIT
    tail -n 30 "$build_log" >&2
    die "go install of the $what failed (full log: $build_log)"
  fi
  trap - EXIT
}
