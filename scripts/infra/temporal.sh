#!/usr/bin/env bash
# Temporal dev server (server + Web UI in one binary) for tests and local runs.
# No release binaries can be downloaded here, so the CLI is built from source
# with the Go module proxy and cached in .cache/bin (see ../shared/INFRA.md).
# Idempotent: reuses a built binary, a running build and a running server.
set -euo pipefail
INFRA_NAME=temporal
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# v1.5.1 is the newest CLI whose go.mod has no `replace` line, which
# `go install pkg@version` refuses.
TEMPORAL_CLI_VERSION="${TEMPORAL_CLI_VERSION:-v1.5.1}"
TEMPORAL_PORT="${TEMPORAL_PORT:-7233}"
TEMPORAL_UI_PORT="${TEMPORAL_UI_PORT:-8233}"
BIN="$CACHE_DIR/bin/temporal"
ADDRESS="127.0.0.1:$TEMPORAL_PORT"

binary_works() { [[ -x "$BIN" ]] && "$BIN" --version >/dev/null 2>&1; }

check_prerequisites() {
  binary_works && return 0
  # Go's tarball install lives outside the default PATH of non-login shells.
  have go || PATH="$PATH:/usr/local/go/bin"
  have go || missing "Temporal: .cache/bin/temporal is not built yet and building it needs Go, which is not installed (install Go, or set TEMPORAL_CLI_PATH to a temporal CLI binary)"
}
if [[ ${1:-} == --check ]]; then check_prerequisites; exit 0; fi

# A go install writing into OUR .cache/bin that another process started (e.g. by hand
# before these scripts existed). Builds into other folders are none of our business.
foreign_build_running() {
  local pid
  for pid in $(pgrep -f "go install github.com/temporalio/cli" || true); do
    tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qxF "GOBIN=$CACHE_DIR/bin" && return 0
  done
  return 1
}

build_cli() {
  # Wait for such a build instead of racing it for the same output file.
  local deadline=$((SECONDS + 1800))
  while foreign_build_running && ((SECONDS < deadline)); do
    log "a go install into $CACHE_DIR/bin is already running; waiting for it"
    sleep 10
  done
  binary_works && return 0
  check_prerequisites
  local build_log="$CACHE_DIR/temporal-build.log"
  log "building Temporal CLI $TEMPORAL_CLI_VERSION with go install, once: about 3 min on 2 idle cores with a cold Go cache, under 1 min with a warm one (log: $build_log)"
  local started=$SECONDS
  mkdir -p "$CACHE_DIR/bin"
  GOBIN="$CACHE_DIR/bin" go install -v "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION" \
    >"$build_log" 2>&1 9>&- &
  await_go_build $! "$build_log" "Temporal CLI"
  log "built $BIN in $((SECONDS - started)) s"
}

healthy() { "$BIN" operator cluster health --address "$ADDRESS" 2>/dev/null | grep -q SERVING; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$TEMPORAL_PORT") 2>/dev/null; }

# flock serialises concurrent callers (up.sh and the vitest global setup);
# bounded so a stuck holder fails the caller instead of hanging it.
exec 9>"$CACHE_DIR/temporal.lock"
flock -w 1200 9 || die "timed out waiting for $CACHE_DIR/temporal.lock"

binary_works || build_cli
binary_works || die "$BIN does not run"
# `npm start` (prestart) needs only the binary: its embedded mode starts its own dev server.
[[ ${1:-} == --build-only ]] && exit 0

if healthy; then
  log "already serving on $ADDRESS, reusing it"
  exit 0
fi

if port_open; then
  log "something holds $ADDRESS but is not healthy yet; waiting for it"
else
  log "starting dev server on $ADDRESS (UI http://127.0.0.1:$TEMPORAL_UI_PORT, log: .cache/temporal.log)"
  # WAL with synchronous=normal: the default journal syncs on every write and doubled a
  # workflow's round trip; WAL still survives a crash of the server process. Eager
  # activities skip a matching round trip when the worker that schedules them can run them
  # (same flags as the embedded mode's dev server, platform/temporal.ts).
  # setsid + nohup: the server must outlive this script and the test run
  # that may have started it; teammates share it. 9>&-: the server must not
  # inherit the lock, or every later caller would wait for it forever.
  attribute_flags=()
  for name in $(search_attributes); do attribute_flags+=(--search-attribute "$name=Keyword"); done
  setsid nohup "$BIN" server start-dev \
    --ip 127.0.0.1 --port "$TEMPORAL_PORT" --ui-port "$TEMPORAL_UI_PORT" \
    --db-filename "$CACHE_DIR/temporal.db" --log-level warn \
    --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=normal \
    --dynamic-config-value system.enableActivityEagerExecution=true \
    "${attribute_flags[@]}" \
    </dev/null >>"$CACHE_DIR/temporal.log" 2>&1 9>&- &
  echo $! >"$CACHE_DIR/temporal.pid"
fi

if ! wait_until 90 "Temporal on $ADDRESS" healthy; then
  tail -n 30 "$CACHE_DIR/temporal.log" >&2 || true
  die "Temporal did not become healthy on $ADDRESS"
fi
