#!/usr/bin/env bash
# Postgres 15 for tests: Debian's package and cluster, one superuser role.
# Tests create (and drop) their own databases, hence SUPERUSER/CREATEDB.
# Idempotent: a server that already accepts the test credentials is reused.
set -euo pipefail
INFRA_NAME=postgres
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

PG_VERSION="${PG_VERSION:-15}"
PG_CLUSTER="${PG_CLUSTER:-main}"
PG_PORT="${PG_PORT:-5432}"
TEST_URL="postgres://switchboard:switchboard@127.0.0.1:$PG_PORT/postgres"

can_login() { command -v psql >/dev/null && psql "$TEST_URL" -qtAc 'select 1' >/dev/null 2>&1; }

check_prerequisites() {
  [[ -x "/usr/lib/postgresql/$PG_VERSION/bin/postgres" ]] || have apt-get \
    || missing "Postgres: nothing answers at 127.0.0.1:$PG_PORT, Postgres $PG_VERSION is not installed and there is no apt-get to install it (start a Postgres with superuser switchboard/switchboard there, or set TEST_DATABASE_URL)"
  can_be_root \
    || missing "Postgres: installing and starting the Debian cluster needs root or passwordless sudo (or start a Postgres with superuser switchboard/switchboard on 127.0.0.1:$PG_PORT yourself, or set TEST_DATABASE_URL)"
}
if [[ ${1:-} == --check ]]; then check_prerequisites; exit 0; fi

if can_login; then
  log "already accepting switchboard@127.0.0.1:$PG_PORT, reusing it"
  exit 0
fi

check_prerequisites
if [[ ! -x "/usr/lib/postgresql/$PG_VERSION/bin/postgres" ]]; then
  log "installing postgresql-$PG_VERSION with apt"
  apt_install "postgresql-$PG_VERSION"
fi

# Without systemd the package's postinst may not create or start the cluster.
if ! pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1==v && $2==c {f=1} END {exit !f}'; then
  log "creating cluster $PG_VERSION/$PG_CLUSTER on port $PG_PORT"
  as_root pg_createcluster "$PG_VERSION" "$PG_CLUSTER" --port "$PG_PORT"
fi

if ! pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1==v && $2==c && $4=="online" {f=1} END {exit !f}'; then
  log "starting cluster $PG_VERSION/$PG_CLUSTER"
  # setsid: outlive a caller that kills its process group (a CI runner, vitest's global setup).
  as_root setsid -w pg_ctlcluster "$PG_VERSION" "$PG_CLUSTER" start
fi
wait_until 60 "postgres on 127.0.0.1:$PG_PORT" pg_isready -q -h 127.0.0.1 -p "$PG_PORT"

log "ensuring superuser role switchboard"
# Over the local socket as the postgres OS user (peer auth), so no password is needed here.
as_root runuser -u postgres -- psql -p "$PG_PORT" -v ON_ERROR_STOP=1 -q <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'switchboard') THEN
    CREATE ROLE switchboard LOGIN SUPERUSER PASSWORD 'switchboard';
  ELSE
    ALTER ROLE switchboard LOGIN SUPERUSER PASSWORD 'switchboard';
  END IF;
END $$;
SQL

can_login || die "cannot log in as $TEST_URL (check pg_hba.conf allows password auth on 127.0.0.1)"
log "ready: $TEST_URL"
