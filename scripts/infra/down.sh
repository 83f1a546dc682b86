#!/usr/bin/env bash
# Stops Temporal and Elasticsearch if scripts/infra started them from THIS checkout (pid
# files in .cache/); with --all also the Debian Postgres cluster. Data stays in .cache/.
# Other people may share these services: nothing in CI or the tests calls this.
set -euo pipefail
INFRA_NAME=down
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

stop_pid_file() {
  local name="$1" file="$2"
  if [[ -f "$file" ]] && kill -0 "$(cat "$file")" 2>/dev/null; then
    log "stopping $name (pid $(cat "$file"))"
    kill "$(cat "$file")"
  else
    log "$name: not started from this checkout"
  fi
}

stop_pid_file Temporal "$CACHE_DIR/temporal.pid"
stop_pid_file Elasticsearch "$CACHE_DIR/es/es.pid"
# elasticsearch.sh's fallback when user es cannot reach this checkout.
es_home="$(getent passwd es | cut -d: -f6 || true)"
[[ -n $es_home && -f $es_home/switchboard-cache/es/es.pid ]] \
  && stop_pid_file "Elasticsearch (in $es_home)" "$es_home/switchboard-cache/es/es.pid"
if [[ "${1:-}" == "--all" ]]; then
  log "stopping Postgres cluster ${PG_VERSION:-15}/main"
  as_root pg_ctlcluster "${PG_VERSION:-15}" main stop || true
fi
