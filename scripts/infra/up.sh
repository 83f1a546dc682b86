#!/usr/bin/env bash
# Brings up every service the tests need, in parallel (the Temporal CLI build
# is the slow one), then prints the env exports on stdout:
#   eval "$(scripts/infra/up.sh)"
# Progress goes to stderr so the eval sees only the exports.
set -euo pipefail
INFRA_NAME=up
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$REPO_ROOT"

declare -A pids
for service in temporal postgres elasticsearch; do
  (
    started=$SECONDS
    bash "scripts/infra/$service.sh" >&2 # stdout carries only the exports
    log "$service ready in $((SECONDS - started))s"
  ) &
  pids[$service]=$!
done

failed=()
for service in temporal postgres elasticsearch; do
  wait "${pids[$service]}" || failed+=("$service")
done
((${#failed[@]} == 0)) || die "failed to start: ${failed[*]}"

cat <<ENV
export TEST_DATABASE_URL=postgres://switchboard:switchboard@127.0.0.1:5432/postgres
export TEMPORAL_ADDRESS=127.0.0.1:7233
export TEMPORAL_CLI_PATH=$CACHE_DIR/bin/temporal
export ELASTICSEARCH_URL=http://127.0.0.1:9200
ENV
