#!/usr/bin/env bash
# A real Temporal server (not the dev server) for the scale-out shape: every service role in one
# process, Postgres for persistence and visibility (two databases of its own in the shared
# Postgres server), a few history shards. Built once from source with the Go module proxy and
# cached in .cache/bin (see ../shared/INFRA.md); the embedded default keeps the dev server.
#   temporal-cluster.sh               build if needed, set up the databases, start, create the
#                                     namespace and our search attributes; prints the address
#   temporal-cluster.sh --build-only  only build the two binaries
#   temporal-cluster.sh --check       exit 0 when this machine can build and run it, 3 otherwise
#   temporal-cluster.sh --check-build exit 0 when it can build the binaries (or they work), 3 otherwise
# Stop it with `scripts/infra/down.sh temporal-cluster`.
# Idempotent: reuses the binaries, the schema and a running cluster.
set -euo pipefail
INFRA_NAME=temporal-cluster
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

TEMPORAL_SERVER_VERSION="${TEMPORAL_SERVER_VERSION:-v1.32.2}"
# Every port of the cluster lies in 7333-7349, clear of the dev server's 7233/8233.
CLUSTER_PORT="${TEMPORAL_CLUSTER_PORT:-7333}"
CLUSTER_HTTP_PORT=$((CLUSTER_PORT + 10))    # frontend HTTP API
CLUSTER_METRICS_PORT=$((CLUSTER_PORT + 11)) # Prometheus /metrics
# The Postgres server holding the cluster's two databases; the role must be allowed to create them.
PG_HOST="${TEMPORAL_CLUSTER_PG_HOST:-127.0.0.1}"
PG_PORT="${TEMPORAL_CLUSTER_PG_PORT:-5432}"
PG_USER="${TEMPORAL_CLUSTER_PG_USER:-switchboard}"
PG_PASSWORD="${TEMPORAL_CLUSTER_PG_PASSWORD:-switchboard}"
DB_NAME="${TEMPORAL_CLUSTER_DB:-temporal_cluster}"
VISIBILITY_DB_NAME="${DB_NAME}_visibility"
HISTORY_SHARDS="${TEMPORAL_CLUSTER_SHARDS:-4}"
NAMESPACE="${TEMPORAL_NAMESPACE:-default}"
RETENTION="${TEMPORAL_CLUSTER_RETENTION:-72h}"
# Created on every run that lacks them (a running cluster gets a new one too).
mapfile -t SEARCH_ATTRIBUTES < <(search_attributes)
((${#SEARCH_ATTRIBUTES[@]} > 0)) || die "found no search attributes in contracts/core.ts (SEARCH_ATTRIBUTES)"

SERVER_BIN="$CACHE_DIR/bin/temporal-server"
SQL_TOOL_BIN="$CACHE_DIR/bin/temporal-sql-tool"
CLI_BIN="${TEMPORAL_CLI_PATH:-$CACHE_DIR/bin/temporal}"
# A second cluster beside the first (another port, TEMPORAL_CLUSTER_DB) needs its own pid file, lock and config.
RUN_DIR="${TEMPORAL_CLUSTER_RUN_DIR:-$CACHE_DIR/temporal-cluster}"
PID_FILE="$RUN_DIR/temporal-server.pid"
LOG_FILE="$RUN_DIR/temporal-server.log"
BUILD_LOG="$CACHE_DIR/temporal-server-build.log"
ADDRESS="127.0.0.1:$CLUSTER_PORT"

binaries_work() {
  [[ -x $SERVER_BIN && -x $SQL_TOOL_BIN ]] && "$SERVER_BIN" --version >/dev/null 2>&1 && "$SQL_TOOL_BIN" --version >/dev/null 2>&1
}

check_build_prerequisites() {
  binaries_work && return 0
  have go || PATH="$PATH:/usr/local/go/bin"
  have go || missing "Temporal cluster: .cache/bin/temporal-server is not built yet and building it needs Go, which is not installed"
}
check_prerequisites() {
  have psql || missing "Temporal cluster: psql is missing (scripts/infra/postgres.sh installs Postgres and its client)"
  [[ -x $CLI_BIN ]] || missing "Temporal cluster: the Temporal CLI ($CLI_BIN) is not built; run scripts/infra/temporal.sh --build-only"
  check_build_prerequisites
}
case ${1:-} in
  --check) check_prerequisites; exit 0 ;;
  --check-build) check_build_prerequisites; exit 0 ;;
  --build-only) check_build_prerequisites ;;
  *) check_prerequisites ;;
esac

# Both binaries come from one module at one version, so one `go install` builds them and
# shares the compiled packages. GOBIN is a staging folder: go names them `server` and `sql`,
# which would be anonymous in .cache/bin.
build_server() {
  local staging="$CACHE_DIR/temporal-server-build"
  local module=go.temporal.io/server
  log "building Temporal server $TEMPORAL_SERVER_VERSION and its SQL schema tool with go install, once: about 3 min on 2 idle cores with a cold Go cache, far longer on a loaded machine (log: $BUILD_LOG)"
  local started=$SECONDS
  rm -rf "$staging" && mkdir -p "$staging" "$CACHE_DIR/bin"
  # GOTOOLCHAIN=auto: this server version needs a newer Go than the machine may have; the Go
  # module proxy serves that toolchain.
  GOTOOLCHAIN=auto GOBIN="$staging" go install -v \
    "$module/cmd/server@$TEMPORAL_SERVER_VERSION" "$module/cmd/tools/sql@$TEMPORAL_SERVER_VERSION" \
    >"$BUILD_LOG" 2>&1 9>&- &
  await_go_build $! "$BUILD_LOG" "Temporal server"
  mv -f "$staging/server" "$SERVER_BIN"
  mv -f "$staging/sql" "$SQL_TOOL_BIN"
  rmdir "$staging" 2>/dev/null || true
  log "built $SERVER_BIN and $SQL_TOOL_BIN in $((SECONDS - started)) s"
}

mkdir -p "$RUN_DIR"
# flock serialises concurrent callers (two test files, scale-out.sh); bounded so a stuck
# holder fails the caller instead of hanging it.
exec 9>"$RUN_DIR/lock"
flock -w 1800 9 || die "timed out waiting for $RUN_DIR/lock"

binaries_work || build_server
binaries_work || die "$SERVER_BIN or $SQL_TOOL_BIN does not run"
[[ ${1:-} == --build-only ]] && exit 0

admin_psql() { PGPASSWORD="$PG_PASSWORD" psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "${1:-postgres}" -qtAX -v ON_ERROR_STOP=1 -c "$2"; }
# The schema tool, with the connection passed in its environment (not on a command line that ps
# shows); its JSON info lines are noise unless it fails.
sql_tool() {
  local out status=0
  out="$(SQL_HOST="$PG_HOST" SQL_PORT="$PG_PORT" SQL_USER="$PG_USER" SQL_PASSWORD="$PG_PASSWORD" SQL_PLUGIN=postgres12 \
    "$SQL_TOOL_BIN" "$@" 2>&1)" || status=$?
  if ((status != 0)); then
    printf '%s\n' "$out" >&2
    die "temporal-sql-tool $* failed (exit $status)"
  fi
}

# setup_database NAME SCHEMA: creates the database once, sets up the schema's versioning table
# once, then brings the schema to the newest version this server knows (a no-op when current,
# and what an upgrade of TEMPORAL_SERVER_VERSION needs).
setup_database() {
  local db="$1" schema="$2"
  if [[ -z $(admin_psql postgres "select 1 from pg_database where datname = '$db'") ]]; then
    log "creating database $db"
    sql_tool --db "$db" create-database --defaultdb postgres
  fi
  if [[ -z $(admin_psql "$db" "select 1 from information_schema.tables where table_name = 'schema_version'") ]]; then
    log "setting up the schema of $db"
    sql_tool --db "$db" setup-schema -v 0.0
  fi
  sql_tool --db "$db" update-schema --schema-name "$schema"
  log "$db: schema version $(admin_psql "$db" 'select curr_version from schema_version limit 1')"
}

write_config() {
  local p=$CLUSTER_PORT
  # Written fresh on each start, so a changed variable takes effect; 0600: it holds the password.
  umask 077
  cat >"$RUN_DIR/config.yaml" <<YAML
# Written by scripts/infra/temporal-cluster.sh; edit the script, not this file.
log:
  stdout: true
  level: ${TEMPORAL_CLUSTER_LOG_LEVEL:-warn}
persistence:
  # Fixed when the databases are first set up: changing it later needs fresh databases.
  numHistoryShards: $HISTORY_SHARDS
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  datastores:
    postgres-default:
      sql:
        pluginName: postgres12
        databaseName: $DB_NAME
        connectAddr: "$PG_HOST:$PG_PORT"
        connectProtocol: tcp
        user: "$PG_USER"
        password: "$PG_PASSWORD"
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: 1h
    postgres-visibility:
      sql:
        pluginName: postgres12
        databaseName: $VISIBILITY_DB_NAME
        connectAddr: "$PG_HOST:$PG_PORT"
        connectProtocol: tcp
        user: "$PG_USER"
        password: "$PG_PASSWORD"
        maxConns: 5
        maxIdleConns: 5
        maxConnLifetime: 1h
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
  metrics:
    prometheus:
      framework: tally
      timerType: histogram
      listenAddress: "127.0.0.1:$CLUSTER_METRICS_PORT"
services:
  frontend:
    rpc: { grpcPort: $p, membershipPort: $((p + 1)), httpPort: $CLUSTER_HTTP_PORT, bindOnLocalHost: true }
  history:
    rpc: { grpcPort: $((p + 2)), membershipPort: $((p + 3)), bindOnLocalHost: true }
  matching:
    rpc: { grpcPort: $((p + 4)), membershipPort: $((p + 5)), bindOnLocalHost: true }
  worker:
    rpc: { grpcPort: $((p + 6)), membershipPort: $((p + 7)), bindOnLocalHost: true }
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: "127.0.0.1:$p"
      httpAddress: "127.0.0.1:$CLUSTER_HTTP_PORT"
dcRedirectionPolicy:
  policy: noop
archival:
  history: { state: disabled }
  visibility: { state: disabled }
namespaceDefaults:
  archival:
    history: { state: disabled }
    visibility: { state: disabled }
dynamicConfigClient:
  filepath: "$REPO_ROOT/scripts/infra/temporal-cluster-dynamicconfig.yaml"
  pollInterval: 10s
YAML
  umask 022
}

cli() { "$CLI_BIN" "$@" --address "$ADDRESS" 2>&1; }
healthy() { cli operator cluster health | grep -q SERVING; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$CLUSTER_PORT") 2>/dev/null; }
# Our pid file names a live temporal-server: a stale file must never vouch for a stranger.
ours_running() {
  [[ -f $PID_FILE ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null \
    && tr '\0' ' ' <"/proc/$(cat "$PID_FILE")/cmdline" 2>/dev/null | grep -q temporal-server
}

# A query naming our search attributes succeeds only once the namespace maps them.
attributes_usable() { cli workflow count --namespace "$NAMESPACE" --query "SwitchboardUser = 'probe'" >/dev/null; }

ensure_namespace_and_attributes() {
  if ! cli operator namespace describe --namespace "$NAMESPACE" >/dev/null; then
    log "creating namespace $NAMESPACE (retention $RETENTION)"
    cli operator namespace create --namespace "$NAMESPACE" --retention "$RETENTION" >&2 \
      || cli operator namespace describe --namespace "$NAMESPACE" >/dev/null \
      || die "could not create namespace $NAMESPACE"
  fi
  # Describe reads the database; other calls go through the frontend's namespace cache, which
  # learns of a new namespace within seconds: wait for that, or the next call fails "not found".
  wait_until 60 "namespace $NAMESPACE" cli operator search-attribute list --namespace "$NAMESPACE"
  local existing name
  existing="$(cli operator search-attribute list --namespace "$NAMESPACE")" \
    || die "could not list the search attributes of $NAMESPACE: $existing"
  for name in "${SEARCH_ATTRIBUTES[@]}"; do
    grep -qw "$name" <<<"$existing" && continue
    log "creating search attribute $name (Keyword) in $NAMESPACE"
    cli operator search-attribute create --namespace "$NAMESPACE" --name "$name" --type Keyword >&2 \
      || die "could not create search attribute $name"
  done
  wait_until 60 "search attributes ${SEARCH_ATTRIBUTES[*]} in $NAMESPACE" attributes_usable
}

if healthy; then
  ours_running || log "something else serves $ADDRESS; using it as the cluster"
  log "already serving on $ADDRESS, reusing it"
else
  if port_open && ! ours_running; then
    die "port $CLUSTER_PORT is held by a process that is not this checkout's Temporal cluster (set TEMPORAL_CLUSTER_PORT to a free port)"
  fi
  if ! ours_running; then
    # Postgres must be up first; postgres.sh reuses a running server.
    bash "$REPO_ROOT/scripts/infra/postgres.sh" 9>&-
    setup_database "$DB_NAME" postgresql/v12/temporal
    setup_database "$VISIBILITY_DB_NAME" postgresql/v12/visibility
    write_config
    log "starting Temporal server $TEMPORAL_SERVER_VERSION on $ADDRESS ($HISTORY_SHARDS history shards; metrics http://127.0.0.1:$CLUSTER_METRICS_PORT/metrics; log: $LOG_FILE)"
    # setsid + nohup: the server outlives this script and the test run that started it.
    # 9>&-: it must not inherit the lock, or every later caller would wait for it forever.
    setsid nohup "$SERVER_BIN" --config-file "$RUN_DIR/config.yaml" --allow-no-auth start \
      </dev/null >>"$LOG_FILE" 2>&1 9>&- &
    echo $! >"$PID_FILE"
  else
    log "the cluster (pid $(cat "$PID_FILE")) is starting; waiting for it"
  fi
  if ! wait_until 180 "Temporal cluster on $ADDRESS" healthy; then
    tail -n 30 "$LOG_FILE" >&2 || true
    die "the Temporal cluster did not become healthy on $ADDRESS"
  fi
fi
ensure_namespace_and_attributes
log "ready: TEMPORAL_ADDRESS=$ADDRESS TEMPORAL_NAMESPACE=$NAMESPACE"
# stdout carries only the address, for callers (test/support/temporal-cluster.ts, scale-out.sh).
echo "$ADDRESS"
