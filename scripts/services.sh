#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer on their standard local ports,
# starting (or, on a fresh Debian/Ubuntu machine, installing) them if not.
# Sourced by start.sh, test.sh and .ci/run.
set -euo pipefail

log() { echo "[services] $*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
  log "installing $* from the distribution's packages"
  as_root apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

postgres_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p 5432
  else
    (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
  fi
}

redis_answers() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]
  else
    (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null
  fi
}

wait_for() {
  local name=$1 check=$2
  for _ in $(seq 1 60); do
    if $check; then return 0; fi
    sleep 0.5
  done
  log "$name did not start"; return 1
}

ensure_postgres() {
  if postgres_answers; then return 0; fi
  local fresh=0
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    apt_install postgresql
    fresh=1
  fi
  local version
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  if [ "$fresh" = 1 ]; then
    # Local development only: trust connections from this machine, like the CI machines.
    local hba="/etc/postgresql/$version/main/pg_hba.conf"
    as_root sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/; s/^(local\s+all\s+postgres\s+)\S+/\1trust/' "$hba"
  fi
  log "starting PostgreSQL $version"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  wait_for PostgreSQL postgres_answers
  if [ "$fresh" = 1 ]; then
    as_root su postgres -c "psql -qc 'CREATE DATABASE test'" || true
  fi
}

ensure_redis() {
  if redis_answers; then return 0; fi
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  log "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  wait_for Redis redis_answers
}

# The output-format tests check books with the tools readers' software is
# judged by: epubcheck (Java) for EPUB, poppler's pdftotext/pdfinfo for PDF.
ensure_test_tools() {
  local missing=()
  [ -f /usr/share/java/epubcheck.jar ] || missing+=(epubcheck)
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
  # MuPDF reads PDFs as SumatraPDF, KOReader and PyMuPDF do: its text extraction failed where poppler's passed.
  command -v mutool >/dev/null 2>&1 || missing+=(mupdf-tools)
  command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
  # The web console's browser tests drive the distribution's Chromium (playwright-core brings no browser).
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi
}

ensure_services() {
  ensure_postgres
  ensure_redis
}

ensure_dependencies() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm dependencies"
    npm ci --loglevel=warn --no-audit --no-fund
  fi
}

ensure_client_dependencies() {
  local client=clients/typescript
  if [ ! -d "$client/node_modules" ] || [ "$client/package-lock.json" -nt "$client/node_modules/.package-lock.json" ]; then
    log "installing the TypeScript client's npm dependencies"
    npm ci --prefix "$client" --loglevel=warn --no-audit --no-fund
  fi
}
