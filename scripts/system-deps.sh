#!/usr/bin/env bash
# Installs the Debian packages whose servers the test suite runs as real peers (PostgreSQL,
# MariaDB, Redis, Chromium). Idempotent: a package is installed only when its binary is missing,
# so a machine that already has everything does no apt work at all. Runs as root. It says what it
# installs and why before the minutes apt takes; apt's own output is shown only on failure.
set -euo pipefail

missing=()

# PostgreSQL's binaries live in a versioned directory, not on PATH.
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  missing+=(postgresql)
fi
# Debian puts mariadbd in /usr/sbin, which is not on every PATH.
if ! { [ -x /usr/sbin/mariadbd ] || command -v mariadbd >/dev/null; } \
  || ! command -v mariadb-install-db >/dev/null; then
  missing+=(mariadb-server)
fi
if ! command -v redis-server >/dev/null; then
  missing+=(redis-server)
fi
if ! command -v chromium >/dev/null; then
  missing+=(chromium)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

echo "system-deps: installing ${missing[*]} from Debian's packages (the test suite runs them as real peers: databases for the adapters, Chromium for browser tests); this takes a minute or two..."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
# Another apt run (a parallel setup) may hold the dpkg lock: wait for it rather than fail.
# Output goes to a log that is shown only when something fails.
wait_lock=(-o DPkg::Lock::Timeout=600)
if ! { apt-get update "${wait_lock[@]}" \
  && apt-get install -y --no-install-recommends "${wait_lock[@]}" "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "system-deps: installing ${missing[*]} failed" >&2
  exit 1
fi
echo "system-deps: installed ${missing[*]}."
