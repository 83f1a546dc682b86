#!/usr/bin/env bash
# Stops services that scripts/infra started from THIS checkout (pid files in .cache/):
#   down.sh                    Temporal and Elasticsearch
#   down.sh --all              those and the Debian Postgres cluster
#   down.sh SERVICE...         only these (temporal, temporal-cluster, elasticsearch, postgres)
# The Temporal cluster (temporal-cluster.sh) is stopped only when named: tests that want it start it.
# Data stays in .cache/. Other people may share these services: only the vitest global setup
# calls this, and only for a service it found missing and started itself.
set -euo pipefail
INFRA_NAME=down
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# stop_pid_file NAME FILE PATTERN: SIGTERM the pid in FILE if that process is still alive and its
# command line matches PATTERN (a stale pid file must never kill a stranger that reused the pid),
# then wait up to 30 s for it to exit.
stop_pid_file() {
  local name="$1" file="$2" pattern="$3" pid
  [[ -f $file ]] || { log "$name: no pid file $file, so not started from this checkout"; return 0; }
  pid="$(cat "$file")"
  if ! kill -0 "$pid" 2>/dev/null || ! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$pattern"; then
    log "$name: pid $pid from $file is not running"
    rm -f "$file"
    return 0
  fi
  log "stopping $name (pid $pid)"
  kill "$pid"
  local deadline=$((SECONDS + 30))
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.5; done
  if kill -0 "$pid" 2>/dev/null; then
    log "$name did not stop within 30 s; killing it"
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

stop_temporal() { stop_pid_file Temporal "$CACHE_DIR/temporal.pid" 'server start-dev'; }
stop_temporal_cluster() { stop_pid_file 'Temporal cluster' "$CACHE_DIR/temporal-cluster/temporal-server.pid" temporal-server; }

stop_elasticsearch() {
  stop_pid_file Elasticsearch "$CACHE_DIR/es/es.pid" org.elasticsearch
  # elasticsearch.sh's fallback when user es cannot reach this checkout.
  local es_home
  es_home="$(getent passwd es | cut -d: -f6 || true)"
  if [[ -n $es_home && -f $es_home/switchboard-cache/es/es.pid ]]; then
    stop_pid_file "Elasticsearch (in $es_home)" "$es_home/switchboard-cache/es/es.pid" org.elasticsearch
  fi
}

stop_postgres() {
  log "stopping Postgres cluster ${PG_VERSION:-15}/${PG_CLUSTER:-main}"
  as_root pg_ctlcluster "${PG_VERSION:-15}" "${PG_CLUSTER:-main}" stop || true
}

case "${1:-}" in
  '') set -- temporal elasticsearch ;;
  --all) set -- temporal elasticsearch postgres ;;
esac
for service in "$@"; do
  case "$service" in
    temporal) stop_temporal ;;
    temporal-cluster) stop_temporal_cluster ;;
    elasticsearch) stop_elasticsearch ;;
    postgres) stop_postgres ;;
    *) die "unknown service '$service' (temporal, temporal-cluster, elasticsearch, postgres)" ;;
  esac
done
