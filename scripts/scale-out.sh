#!/usr/bin/env bash
# The production shape on one machine without Docker (what docker-compose.yml describes):
# Postgres, Elasticsearch and the Temporal cluster (scripts/infra), then API and worker replicas
# as separate OS processes. docs/operators.md tells the whole story.
#
#   scripts/scale-out.sh up [--apis N] [--workers M] [--base-port P] [--metrics-base-port Q]
#                                                        (defaults 2, 2, 3000, 9464)
#   scripts/scale-out.sh add [--apis N] [--workers M]    more replicas on the same shape
#   scripts/scale-out.sh stop NAME [--kill]              one replica (api-2, worker-1); --kill: SIGKILL
#   scripts/scale-out.sh start NAME                      a stopped or killed replica again (same port)
#   scripts/scale-out.sh status                          what runs, where, and its state
#   scripts/scale-out.sh env                             the replicas' environment, as exports
#   scripts/scale-out.sh down                            stops every replica, then the services `up` started
#
# State (pid files, logs, the environment with generated secrets) lives in .data/scale-out/
# (SCALE_OUT_DIR). Every replica serves its metrics on a loopback port of its own (METRICS_PORT,
# from the metrics base port up); prometheus-targets.json there lists them for a Prometheus
# file_sd_configs (docs/grafana/README.md, "Metrics of every replica"). The replicas run what `npm run api` and `npm run worker` run (the console is
# built once first, as their preapi would), each in a session of its own: a Ctrl-C in this
# terminal or a killed caller leaves them running until `down`.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE_DIR="${SCALE_OUT_DIR:-$REPO_ROOT/.data/scale-out}"
CLI_BIN="${TEMPORAL_CLI_PATH:-$REPO_ROOT/.cache/bin/temporal}"
PG_ADMIN_URL="${SCALE_OUT_PG_ADMIN_URL:-postgres://switchboard:switchboard@127.0.0.1:5432/postgres}"
PROGRESS_EVERY="${PROGRESS_EVERY:-15}"
# How long one replica may take to become ready: a first start on a busy 2-core machine loads
# the model, bundles the workflows and (first API) waits for the registry sync to fill the index.
READY_TIMEOUT="${SCALE_OUT_READY_TIMEOUT:-600}"

log() { printf '[scale-out] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() { sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# ---- the environment every replica shares -------------------------------------------------

# The variables the replicas get, the same names docker-compose.yml's x-app-env sets
# (test/infra/compose-config.test.ts holds the two together). Caller's values win.
shape_environment() {
  local temporal_address="$1"
  export DATABASE_URL="${DATABASE_URL:-${PG_ADMIN_URL%/*}/switchboard_scale_out}"
  export TEMPORAL_ADDRESS="$temporal_address"
  export TEMPORAL_NAMESPACE="${TEMPORAL_NAMESPACE:-default}"
  export TASK_QUEUE_PREFIX="${TASK_QUEUE_PREFIX:-}"
  export ELASTICSEARCH_URL="${ELASTICSEARCH_URL:-http://127.0.0.1:9200}"
  # Its own index, so a dev `npm start` against the same Elasticsearch never shares it.
  export ELASTICSEARCH_INDEX="${ELASTICSEARCH_INDEX:-switchboard-scale-out}"
  export SEARCH_BACKEND=elasticsearch
  export ADMIN_KEY="${ADMIN_KEY:-$(random_secret 24)}"
  export JWT_SECRET="${JWT_SECRET:-$(random_secret 32)}"
  export CREDENTIALS_KEY="${CREDENTIALS_KEY:-$(random_key)}"
  export DATA_DIR="${DATA_DIR:-$STATE_DIR/data}"
  export HOST="${HOST:-127.0.0.1}"
  export LOG_LEVEL="${LOG_LEVEL:-info}"
  export ALLOW_PRIVATE_WEBHOOK_TARGETS="${ALLOW_PRIVATE_WEBHOOK_TARGETS:-false}"
  # Agent runs: an OpenAI-compatible chat-completions endpoint (empty: agent runs only plan).
  export LLM_BASE_URL="${LLM_BASE_URL:-}"
  export LLM_API_KEY="${LLM_API_KEY:-}"
  export LLM_MODEL="${LLM_MODEL:-}"
}
SHAPE_VARIABLES=(DATABASE_URL TEMPORAL_ADDRESS TEMPORAL_NAMESPACE TASK_QUEUE_PREFIX ELASTICSEARCH_URL ELASTICSEARCH_INDEX
  SEARCH_BACKEND ADMIN_KEY JWT_SECRET CREDENTIALS_KEY DATA_DIR HOST LOG_LEVEL ALLOW_PRIVATE_WEBHOOK_TARGETS LLM_BASE_URL LLM_API_KEY LLM_MODEL)
# Settings a caller may give `up` that every replica started later (add, start) must keep too.
PASSED_THROUGH=(RATE_LIMITS CREDENTIALS_PREVIOUS_KEYS SHUTDOWN_GRACE_MS BODY_LIMIT_BYTES REQUEST_TIMEOUT_MS HEADERS_TIMEOUT_MS JWT_TTL_SECONDS
  MCP_REGISTRY_UPSTREAM_URL OAUTH_ISSUER OAUTH_JWKS_URL OAUTH_AUDIENCE
  METRICS_ENABLED METRICS_HOST METRICS_TOKEN ELASTICSEARCH_USERNAME ELASTICSEARCH_PASSWORD ELASTICSEARCH_API_KEY OTEL_EXPORTER_OTLP_ENDPOINT OTEL_EXPORTER_OTLP_TRACES_ENDPOINT OTEL_EXPORTER_OTLP_HEADERS
  OTEL_SERVICE_NAME OTEL_TRACES_EXPORTER OTEL_TRACES_SAMPLER OTEL_TRACES_SAMPLER_ARG OTEL_SDK_DISABLED)

# 32 bytes in standard base64: the form CREDENTIALS_KEY takes.
random_key() { node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64'))"; }
random_secret() { node -e "process.stdout.write(require('node:crypto').randomBytes($1).toString('base64url'))"; }

# Written once by `up` (0600: it holds the admin key and JWT secret); later commands read it.
write_env_file() {
  local previous="$STATE_DIR/env"
  (
    # A second `up` keeps the secrets of the first: keys and tokens issued stay valid.
    if [[ -f $previous ]]; then
      ADMIN_KEY="${ADMIN_KEY:-$(sed -n 's/^export ADMIN_KEY=//p' "$previous")}"
      JWT_SECRET="${JWT_SECRET:-$(sed -n 's/^export JWT_SECRET=//p' "$previous")}"
      # Losing this key loses every stored credential: a second `up` must keep it above all.
      CREDENTIALS_KEY="${CREDENTIALS_KEY:-$(sed -n 's/^export CREDENTIALS_KEY=//p' "$previous")}"
    fi
    shape_environment "$1"
    umask 077
    {
      echo "# Written by scripts/scale-out.sh up; every replica sources it."
      for name in "${SHAPE_VARIABLES[@]}" "${PASSED_THROUGH[@]}"; do
        [[ -n ${!name+set} ]] && printf 'export %s=%q\n' "$name" "${!name}"
      done
    } >"$STATE_DIR/env.tmp"
    mv "$STATE_DIR/env.tmp" "$STATE_DIR/env"
  )
}

read_env() {
  [[ -f $STATE_DIR/env ]] || die "no $STATE_DIR/env: run \`scripts/scale-out.sh up\` first"
  # shellcheck disable=SC1091
  source "$STATE_DIR/env"
}

# ---- the services ---------------------------------------------------------------------------

postgres_answers() { psql "$PG_ADMIN_URL" -qtAc 'select 1' >/dev/null 2>&1; }
# With the credentials the replicas get (an Elasticsearch with security on), as they would log in.
elasticsearch_answers() {
  local auth=()
  if [[ -n ${ELASTICSEARCH_API_KEY:-} ]]; then auth=(-H "Authorization: ApiKey $ELASTICSEARCH_API_KEY")
  elif [[ -n ${ELASTICSEARCH_USERNAME:-} ]]; then auth=(-u "$ELASTICSEARCH_USERNAME:${ELASTICSEARCH_PASSWORD:-}"); fi
  curl -sf "${auth[@]}" "${ELASTICSEARCH_URL:-http://127.0.0.1:9200}/_cluster/health?timeout=1s" >/dev/null
}
cluster_answers() { [[ -x $CLI_BIN ]] && "$CLI_BIN" operator cluster health --address "${TEMPORAL_CLUSTER_ADDRESS:-127.0.0.1:7333}" 2>/dev/null | grep -q SERVING; }

# ensure NAME PROBE SCRIPT: reuses an answering service; otherwise starts it and notes that
# `down` should stop it again (one that was already running is someone else's).
ensure() {
  local name="$1" probe="$2" script="$3"
  if "$probe"; then
    log "$name: reusing the running one"
  else
    log "$name: starting it with scripts/infra/$script"
    bash "$REPO_ROOT/scripts/infra/$script" >/dev/null 9>&-
    grep -qx "$name" "$STATE_DIR/started-services" 2>/dev/null || echo "$name" >>"$STATE_DIR/started-services"
  fi
}

ensure_database() {
  local db="${DATABASE_URL##*/}"
  db="${db%%\?*}"
  if [[ -z $(psql "$PG_ADMIN_URL" -qtAc "select 1 from pg_database where datname = '$db'") ]]; then
    log "creating database $db"
    psql "$PG_ADMIN_URL" -qc "create database \"$db\"" >/dev/null
  fi
}

# ---- replicas -------------------------------------------------------------------------------

pid_of() { cat "$STATE_DIR/$1.pid" 2>/dev/null || true; }
kind_of() { echo "${1%-*}"; }

# Alive and still the replica we started (a stale pid file must never name a stranger).
running() {
  local pid
  pid="$(pid_of "$1")"
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null \
    && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "runtime/$(kind_of "$1").ts"
}

replicas() { for f in "$STATE_DIR"/api-*.port "$STATE_DIR"/worker-*.kind; do [[ -e $f ]] && basename "${f%.*}"; done | sort -V; }

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

next_index() {
  local kind="$1" i=1
  while [[ -e $STATE_DIR/$kind-$i.port || -e $STATE_DIR/$kind-$i.kind ]]; do i=$((i + 1)); done
  echo "$i"
}

# next_port FROM: the first port from FROM that no replica holds (API or metrics) and nothing listens on.
next_port() {
  local port="$1" taken
  # (A pattern that matches nothing makes cat fail: not an error here.)
  taken=" $({ cat "$STATE_DIR"/*.port "$STATE_DIR"/*.metrics 2>/dev/null || true; } | tr '\n' ' ') "
  while [[ $taken == *" $port "* ]] || ! port_free "$port"; do port=$((port + 1)); done
  echo "$port"
}

metrics_port_of() { cat "$STATE_DIR/$1.metrics" 2>/dev/null || true; }

# The replicas' metrics listeners for Prometheus's file_sd_configs, rewritten whenever the set
# of replicas changes (Prometheus reloads the file by itself). A stopped replica stays listed,
# so it shows as down rather than vanishing.
write_prometheus_targets() {
  local name port entries=()
  for name in $(replicas); do
    port="$(metrics_port_of "$name")"
    [[ -n $port ]] || continue
    entries+=("$(printf '  {"targets": ["127.0.0.1:%s"], "labels": {"replica": "%s", "kind": "%s"}}' "$port" "$name" "$(kind_of "$name")")")
  done
  {
    echo '['
    local i
    for ((i = 0; i < ${#entries[@]}; i++)); do
      ((i + 1 < ${#entries[@]})) && echo "${entries[i]}," || echo "${entries[i]}"
    done
    echo ']'
  } >"$STATE_DIR/prometheus-targets.json.tmp"
  mv "$STATE_DIR/prometheus-targets.json.tmp" "$STATE_DIR/prometheus-targets.json"
}

# launch NAME: starts the replica detached, in a session of its own, appending to its log.
launch() {
  local name="$1" kind
  kind="$(kind_of "$name")"
  running "$name" && { log "$name is already running (pid $(pid_of "$name"))"; return 0; }
  local port="" metrics_port
  if [[ $kind == api ]]; then
    port="$(cat "$STATE_DIR/$name.port")"
    port_free "$port" || die "port $port of $name is taken by another program"
  fi
  metrics_port="$(metrics_port_of "$name")"
  [[ -z $metrics_port ]] || port_free "$metrics_port" || die "metrics port $metrics_port of $name is taken by another program"
  (
    cd "$REPO_ROOT"
    read_env
    [[ -n $port ]] && export PORT="$port"
    # Its own metrics listener (loopback unless METRICS_HOST says otherwise): workers have no
    # other way to be scraped, and one port per replica lets several run on one machine.
    if [[ -n $metrics_port ]]; then
      export METRICS_PORT="$metrics_port"
    fi
    printf '\n=== %s: %s started by scripts/scale-out.sh\n' "$(date -u +%FT%TZ)" "$name" >>"$STATE_DIR/$name.log"
    # What `npm run api` / `npm run worker` run, without npm and tsx's extra parent processes:
    # the pid is the service itself, so a signal or a SIGKILL reaches it and nothing else.
    # 9>&-: a replica must not hold this script's lock, or the next command would wait for ever.
    exec setsid node --import tsx "runtime/$kind.ts" </dev/null >>"$STATE_DIR/$name.log" 2>&1 9>&-
  ) &
  echo $! >"$STATE_DIR/$name.pid"
  log "$name started (pid $!${port:+, http://127.0.0.1:$port}${metrics_port:+, metrics :$metrics_port}; log $STATE_DIR/$name.log)"
}

api_ready() { curl -sf -o /dev/null "http://127.0.0.1:$(cat "$STATE_DIR/$1.port")/health/ready"; }

# A worker is ready once it logs that it polls (runtime/worker.ts, after its index and
# connection are up). Not the cluster's poller list: the task queue has several partitions and
# a describe shows only the pollers of the root one, so a live worker is listed only now and then.
worker_polling() {
  grep -q "\"pid\":$(pid_of "$1"),.*\"msg\":\"worker polling\"" "$STATE_DIR/$1.log" 2>/dev/null
}

ready() { if [[ $(kind_of "$1") == api ]]; then api_ready "$1"; else worker_polling "$1"; fi; }

# wait_ready NAME...: polls them all; a replica that exits while starting fails at once, with its log.
wait_ready() {
  local started=$SECONDS next=$((SECONDS + PROGRESS_EVERY)) pending=("$@")
  read_env
  while ((${#pending[@]} > 0)); do
    local still=() name
    for name in "${pending[@]}"; do
      # kill -0, not running(): just launched, the pid may not have become node yet.
      if ! kill -0 "$(pid_of "$name")" 2>/dev/null; then
        tail -n 20 "$STATE_DIR/$name.log" >&2
        die "$name exited while starting (log: $STATE_DIR/$name.log); \`scripts/scale-out.sh down\` stops the others"
      fi
      if ready "$name"; then log "$name: ready after $((SECONDS - started)) s"; else still+=("$name"); fi
    done
    pending=("${still[@]+"${still[@]}"}")
    ((${#pending[@]} == 0)) && break
    if ((SECONDS - started >= READY_TIMEOUT)); then
      for name in "${pending[@]}"; do
        [[ $(kind_of "$name") == api ]] && log "$name answers GET /health/ready: $(curl -s "http://127.0.0.1:$(cat "$STATE_DIR/$name.port")/health/ready" || echo nothing)"
      done
      die "not ready after ${READY_TIMEOUT} s: ${pending[*]} (logs in $STATE_DIR; \`scripts/scale-out.sh down\` stops them)"
    fi
    if ((SECONDS >= next)); then
      log "waiting for ${pending[*]} ($((SECONDS - started)) s of at most $READY_TIMEOUT s)"
      next=$((SECONDS + PROGRESS_EVERY))
    fi
    sleep 1
  done
}

# stop_replica NAME [KILL]: SIGTERM and the service's own graceful stop, or SIGKILL at once; then
# whatever is left in its session (MCP servers the worker started) goes too.
stop_replica() {
  local name="$1" how="${2:-TERM}" pid
  pid="$(pid_of "$name")"
  if ! running "$name"; then
    rm -f "$STATE_DIR/$name.pid"
    return 0
  fi
  if [[ $how == KILL ]]; then
    log "killing $name (pid $pid) with SIGKILL"
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"
  else
    log "stopping $name (pid $pid)"
    kill -TERM "$pid"
    # The service's own bound: SHUTDOWN_GRACE_MS plus its 8 s margin (platform/entry.ts), and a little more.
    local deadline=$((SECONDS + ${SHUTDOWN_GRACE_MS:-10000} / 1000 + 15))
    while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.5; done
    if kill -0 "$pid" 2>/dev/null; then
      log "$name did not stop in time; killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  # The session's leftovers, if any (their session id is the replica's pid).
  local leftovers
  leftovers="$(ps -e -o pid=,sid= | awk -v s="$pid" '$2 == s { print $1 }')"
  if [[ -n $leftovers ]]; then
    # shellcheck disable=SC2086
    kill -TERM $leftovers 2>/dev/null || true
    sleep 1
    # shellcheck disable=SC2086
    kill -KILL $leftovers 2>/dev/null || true
  fi
  while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  rm -f "$STATE_DIR/$name.pid"
}

# add_replicas APIS WORKERS BASE_PORT METRICS_BASE_PORT: records and launches them, then waits for all of them.
add_replicas() {
  local apis="$1" workers="$2" base_port="$3" metrics_base_port="$4" names=() name i
  for ((i = 0; i < workers; i++)); do
    name="worker-$(next_index worker)"
    echo worker >"$STATE_DIR/$name.kind"
    next_port "$metrics_base_port" >"$STATE_DIR/$name.metrics"
    names+=("$name")
  done
  for ((i = 0; i < apis; i++)); do
    name="api-$(next_index api)"
    next_port "$base_port" >"$STATE_DIR/$name.port"
    next_port "$metrics_base_port" >"$STATE_DIR/$name.metrics"
    names+=("$name")
  done
  write_prometheus_targets
  ((${#names[@]} > 0)) || return 0
  if [[ $first_start == true ]]; then
    # On a fresh database and index, one worker and then one API start alone: each process
    # creates the Elasticsearch index when it finds none, and two at once leave the alias with
    # two write indices (the API then fails to start). Workers first: an API's readiness waits
    # for the registry sync they run.
    local worker="" api="" rest=()
    for name in "${names[@]}"; do
      if [[ -z $worker && $name == worker-* ]]; then worker=$name
      elif [[ -z $api && $name == api-* ]]; then api=$name
      else rest+=("$name"); fi
    done
    [[ -n $worker ]] && { launch "$worker"; wait_ready "$worker"; }
    [[ -n $api ]] && { launch "$api"; wait_ready "$api"; }
    names=("${rest[@]+"${rest[@]}"}")
    ((${#names[@]} > 0)) || return 0
  fi
  for name in "${names[@]}"; do launch "$name"; done
  wait_ready "${names[@]}"
}

status() {
  local name pid state where metrics
  if [[ -f $STATE_DIR/env ]]; then
    read_env
    printf 'Temporal       %s (namespace %s; UI: none here, see docs/operators.md; metrics http://%s:%s/metrics)\n' \
      "$TEMPORAL_ADDRESS" "$TEMPORAL_NAMESPACE" "${TEMPORAL_ADDRESS%:*}" "$((${TEMPORAL_ADDRESS##*:} + 11))"
    printf 'Postgres       %s\n' "$(sed -E 's#//([^:]*):[^@]*@#//\1:***@#' <<<"$DATABASE_URL")"
    printf 'Elasticsearch  %s (index %s)\n' "$ELASTICSEARCH_URL" "$ELASTICSEARCH_INDEX"
    printf 'Admin key      in %s (ADMIN_KEY)\n' "$STATE_DIR/env"
  fi
  printf '%-10s %-8s %-9s %-26s %-8s %s\n' REPLICA PID STATE ADDRESS METRICS LOG
  for name in $(replicas); do
    pid="$(pid_of "$name")"
    where=-
    [[ $(kind_of "$name") == api ]] && where="http://127.0.0.1:$(cat "$STATE_DIR/$name.port")"
    if ! running "$name"; then state=stopped; pid=-
    elif ready "$name"; then state=ready
    else state=starting; fi
    metrics="$(metrics_port_of "$name")"
    metrics="${metrics:+:$metrics}"
    printf '%-10s %-8s %-9s %-26s %-8s %s\n' "$name" "$pid" "$state" "$where" "${metrics:--}" "$STATE_DIR/$name.log"
  done
  [[ -f $STATE_DIR/prometheus-targets.json ]] && printf 'Prometheus     file_sd_configs: [{ files: [%s] }]\n' "$STATE_DIR/prometheus-targets.json"
  true
}

# ---- commands -------------------------------------------------------------------------------

command="${1:-}"
[[ -n $command ]] || usage
shift
apis=2 workers=2 base_port="${SCALE_OUT_BASE_PORT:-3000}" kill_it=false target="" first_start=false base_port_given=false
metrics_base_port="${SCALE_OUT_METRICS_BASE_PORT:-9464}" metrics_base_port_given=false
[[ $command == add ]] && apis=0 workers=0
while (($#)); do
  case "$1" in
    --apis) apis="$2"; shift 2 ;;
    --workers) workers="$2"; shift 2 ;;
    --base-port) base_port="$2"; base_port_given=true; shift 2 ;;
    --metrics-base-port) metrics_base_port="$2"; metrics_base_port_given=true; shift 2 ;;
    --kill) kill_it=true; shift ;;
    -h | --help) usage ;;
    -*) die "unknown option $1" ;;
    *) target="$1"; shift ;;
  esac
done
[[ $apis =~ ^[0-9]+$ && $workers =~ ^[0-9]+$ && $base_port =~ ^[0-9]+$ && $metrics_base_port =~ ^[0-9]+$ ]] \
  || die "--apis, --workers, --base-port and --metrics-base-port take numbers"

mkdir -p "$STATE_DIR"
chmod 700 "$STATE_DIR"
# One command at a time on this state (two `up`s would start everything twice).
exec 9>"$STATE_DIR/lock"
flock -w 900 9 || die "another scripts/scale-out.sh is running on $STATE_DIR"

case "$command" in
  up)
    for name in $(replicas); do
      running "$name" && die "$name is already running: \`scripts/scale-out.sh status\`, or \`down\` first"
    done
    ((workers > 0)) || die "at least one worker: the APIs become ready only once a worker has filled the search index"
    first_start=true
    started=$SECONDS
    rm -f "$STATE_DIR"/api-*.port "$STATE_DIR"/worker-*.kind "$STATE_DIR"/*.metrics "$STATE_DIR"/*.pid
    ensure postgres postgres_answers postgres.sh
    ensure elasticsearch elasticsearch_answers elasticsearch.sh
    cluster_was_up=false
    cluster_answers && cluster_was_up=true
    address="$(bash "$REPO_ROOT/scripts/infra/temporal-cluster.sh" 9>&- | tail -n 1)"
    if ! $cluster_was_up; then
      grep -qx temporal-cluster "$STATE_DIR/started-services" 2>/dev/null || echo temporal-cluster >>"$STATE_DIR/started-services"
    fi
    write_env_file "$address"
    echo "$base_port" >"$STATE_DIR/base-port"
    echo "$metrics_base_port" >"$STATE_DIR/metrics-base-port"
    read_env
    ensure_database
    # Once, before any replica: each process migrates at start, and on a fresh database two
    # doing it at the same moment collide (Postgres refuses the second CREATE TABLE).
    log "applying the database migrations"
    (cd "$REPO_ROOT" && node --import tsx cli/migrate.ts 9>&- >>"$STATE_DIR/migrate.log" 2>&1) \
      || { tail -n 20 "$STATE_DIR/migrate.log" >&2; die "migrations failed (log: $STATE_DIR/migrate.log)"; }
    # `npm run api`'s preapi, once rather than racing in every replica.
    (cd "$REPO_ROOT" && node scripts/console-build.mjs 9>&-)
    add_replicas "$apis" "$workers" "$base_port" "$metrics_base_port"
    log "up in $((SECONDS - started)) s"
    status
    ;;
  add)
    read_env
    ((apis + workers > 0)) || die "say how many: --apis N and/or --workers M"
    # New APIs take the next free port from where `up` began, unless told otherwise.
    $base_port_given || base_port="$(cat "$STATE_DIR/base-port" 2>/dev/null || echo "$base_port")"
    $metrics_base_port_given || metrics_base_port="$(cat "$STATE_DIR/metrics-base-port" 2>/dev/null || echo "$metrics_base_port")"
    add_replicas "$apis" "$workers" "$base_port" "$metrics_base_port"
    status
    ;;
  stop)
    [[ -n $target && ( -e $STATE_DIR/$target.port || -e $STATE_DIR/$target.kind ) ]] || die "no replica '$target' (see status)"
    [[ -f $STATE_DIR/env ]] && read_env
    if $kill_it; then stop_replica "$target" KILL; else stop_replica "$target"; fi
    ;;
  start)
    [[ -n $target && ( -e $STATE_DIR/$target.port || -e $STATE_DIR/$target.kind ) ]] || die "no replica '$target' (see status)"
    launch "$target"
    wait_ready "$target"
    ;;
  status) status ;;
  env) read_env && for name in "${SHAPE_VARIABLES[@]}" "${PASSED_THROUGH[@]}"; do [[ -n ${!name+set} ]] && printf 'export %s=%q\n' "$name" "${!name}"; done; true ;;
  down)
    [[ -f $STATE_DIR/env ]] && read_env
    # APIs first: no new work is accepted while the workers finish theirs.
    for name in $(replicas | grep '^api-' || true) $(replicas | grep '^worker-' || true); do stop_replica "$name"; done
    if [[ -f $STATE_DIR/started-services ]]; then
      # Reverse order of starting; only what `up` found missing and started.
      mapfile -t services < <(tac "$STATE_DIR/started-services")
      bash "$REPO_ROOT/scripts/infra/down.sh" "${services[@]}" 9>&-
      rm -f "$STATE_DIR/started-services"
    fi
    rm -f "$STATE_DIR"/api-*.port "$STATE_DIR"/worker-*.kind "$STATE_DIR"/*.metrics
    write_prometheus_targets
    log "down (logs and the environment stay in $STATE_DIR)"
    ;;
  *) usage ;;
esac
