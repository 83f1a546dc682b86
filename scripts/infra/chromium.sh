#!/usr/bin/env bash
# Debian's Chromium for the console's browser tests (driven by playwright-core through its
# executablePath: `npx playwright install` cannot download browsers here). A binary, not a
# server: nothing to start or stop. Idempotent: an installed Chromium is reused.
set -euo pipefail
INFRA_NAME=chromium
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

runs() { "$CHROMIUM_PATH" --headless --no-sandbox --version >/dev/null 2>&1; }

check_prerequisites() {
  [[ -x "$CHROMIUM_PATH" ]] || have apt-get \
    || missing "Chromium: $CHROMIUM_PATH is missing and there is no apt-get to install it (install Chromium and set CHROMIUM_PATH)"
  [[ -x "$CHROMIUM_PATH" ]] || can_be_root \
    || missing "Chromium: installing Debian's chromium package needs root or passwordless sudo (or install Chromium yourself and set CHROMIUM_PATH)"
}
if [[ ${1:-} == --check ]]; then check_prerequisites; exit 0; fi

if runs; then
  log "$CHROMIUM_PATH runs, reusing it"
  exit 0
fi
check_prerequisites
log "installing Debian's chromium with apt (about 100 MB)"
apt_install chromium
runs || die "chromium was installed but $CHROMIUM_PATH --version fails"
log "$("$CHROMIUM_PATH" --version)"
