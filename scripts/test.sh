#!/usr/bin/env bash
# `npm test`: every test, against the machine's real PostgreSQL and Redis
# (started or installed here when they are not answering).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh

ensure_dependencies
ensure_services
ensure_test_tools
# The console tests run the built CLI exactly as operators do.
bash scripts/ensure-built.sh
exec node_modules/.bin/jest "$@"
