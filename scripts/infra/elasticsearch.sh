#!/usr/bin/env bash
# Elasticsearch 8.19 for tests, without Docker (see ../shared/INFRA.md).
# The integ-test zip from Maven Central has no bundled JDK (the machine's Java 17
# runs it) and only four modules (transport-netty4, apm, x-pack-core,
# x-pack-security): no analysis-common, painless, ingest or reindex. BM25,
# dense_vector and kNN are server core. Security is on by default and would
# auto-configure TLS, so it is switched off: plain HTTP, no auth.
# Idempotent: reuses whatever already answers on the port.
set -euo pipefail
INFRA_NAME=elasticsearch
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ES_VERSION="${ES_VERSION:-8.19.21}" # newest 8.19 patch on Maven Central (2026-11)
ES_PORT="${ES_PORT:-9200}"
ES_URL="http://127.0.0.1:$ES_PORT"
healthy() { curl -sf "$ES_URL/_cluster/health?wait_for_status=yellow&timeout=1s" >/dev/null; }

java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1; }

check_prerequisites() {
  local what="Elasticsearch: nothing answers at $ES_URL and starting one here needs"
  have curl || missing "$what curl, which is not installed"
  have java || missing "$what Java 17 or newer, which is not installed"
  (( $(java_major || echo 0) >= 17 )) || missing "$what Java 17 or newer; java here is $(java_major) (set PATH to a newer one)"
  # Once unpacked (in .cache or in user es's home), neither Maven nor unzip is needed again.
  if ! compgen -G "$CACHE_DIR/elasticsearch-$ES_VERSION/bin/elasticsearch" >/dev/null \
    && ! compgen -G "$(getent passwd es | cut -d: -f6 || echo /nonexistent)/switchboard-cache/elasticsearch-$ES_VERSION/bin/elasticsearch" >/dev/null; then
    have unzip || missing "$what unzip, which is not installed"
    [[ -f "$CACHE_DIR/elasticsearch-$ES_VERSION.zip" ]] || have mvn \
      || missing "$what Maven (mvn) to download it from Maven Central once, which is not installed"
  fi
  # It refuses to run as root, so it runs as user es, which root creates.
  can_be_root || missing "$what root or passwordless sudo (to create and run as user es)"
}
if [[ ${1:-} == --check ]]; then check_prerequisites; exit 0; fi

if healthy; then
  log "already running at $ES_URL, reusing it"
  exit 0
fi

check_prerequisites
# Elasticsearch refuses to run as root, and these machines run everything as root.
if ! id es >/dev/null 2>&1; then
  log "creating unprivileged user es"
  as_root useradd -r -m es
fi

# The unpacked server and its data must be reachable by `es`. A checkout under a private
# home (/root is 0700) is not, so the server then lives in es's own home instead.
ES_BASE="$CACHE_DIR"
if ! as_root runuser -u es -- test -x "$CACHE_DIR" 2>/dev/null; then
  ES_BASE="$(getent passwd es | cut -d: -f6)/switchboard-cache"
  log "user es cannot reach $CACHE_DIR; using $ES_BASE"
  as_root mkdir -p "$ES_BASE"
fi
ES_HOME="$ES_BASE/elasticsearch-$ES_VERSION"
# Data, logs and pid file sit apart from ES_HOME so a re-unzip keeps them;
# the whole tree belongs to the unprivileged `es` user.
ES_RUN="$ES_BASE/es"

if [[ ! -x "$ES_HOME/bin/elasticsearch" ]]; then
  zip="$CACHE_DIR/elasticsearch-$ES_VERSION.zip"
  if [[ ! -f "$zip" ]]; then
    log "downloading integ-test-zip $ES_VERSION from Maven Central (cached in ~/.m2 too)"
    mvn -B -q dependency:copy \
      -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip" \
      -DoutputDirectory="$CACHE_DIR"
  fi
  log "unpacking $zip"
  rm -rf "$ES_HOME.tmp" && mkdir -p "$ES_HOME.tmp"
  unzip -q "$zip" -d "$ES_HOME.tmp"
  # The zip holds one top-level folder, elasticsearch-<version>.
  mv "$ES_HOME.tmp/elasticsearch-$ES_VERSION" "$ES_HOME"
  rmdir "$ES_HOME.tmp"
fi

mkdir -p "$ES_RUN/data" "$ES_RUN/logs"
as_root chown -R es:es "$ES_HOME" "$ES_RUN"
as_root runuser -u es -- test -x "$ES_HOME/bin/elasticsearch" || die "user es cannot run $ES_HOME/bin/elasticsearch"

# Lucene maps every segment file; the kernel default (65530) is enough for
# tests but Elastic asks for 262144. Best effort: containers may forbid it.
if (( $(sysctl -n vm.max_map_count 2>/dev/null || echo 262144) < 262144 )); then
  as_root sysctl -q -w vm.max_map_count=262144 2>/dev/null \
    || log "could not raise vm.max_map_count (fine for tests on loopback)"
fi

java_bin="$(readlink -f "$(command -v java)")"
es_java_home="$(dirname "$(dirname "$java_bin")")"

log "starting Elasticsearch $ES_VERSION on $ES_URL (log: $ES_RUN/logs)"
rm -f "$ES_RUN/es.pid"
# Disk watermarks off: a nearly full dev disk would otherwise leave shards
# unassigned and the cluster red, which looks like a broken service.
# setsid: a caller that kills its process group on exit (a CI runner, vitest's global
# setup) must not take the shared node down with it.
as_root setsid -w runuser -u es -- env \
  ES_JAVA_HOME="$es_java_home" \
  ES_JAVA_OPTS="${ES_JAVA_OPTS:--Xms512m -Xmx512m}" \
  "$ES_HOME/bin/elasticsearch" -d -p "$ES_RUN/es.pid" \
  -E discovery.type=single-node \
  -E network.host=127.0.0.1 \
  -E http.port="$ES_PORT" \
  -E path.data="$ES_RUN/data" \
  -E path.logs="$ES_RUN/logs" \
  -E xpack.security.enabled=false \
  -E cluster.routing.allocation.disk.threshold_enabled=false \
  -E action.destructive_requires_name=false \
  >"$ES_RUN/logs/startup.out" 2>&1

if ! wait_until 180 "Elasticsearch cluster health yellow/green" healthy; then
  tail -n 50 "$ES_RUN/logs/startup.out" "$ES_RUN/logs/elasticsearch.log" 2>/dev/null || true
  die "Elasticsearch did not become healthy on $ES_URL"
fi
