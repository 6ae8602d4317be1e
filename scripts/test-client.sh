#!/usr/bin/env bash
# `npm run test:client`: the TypeScript client (clients/typescript) checked against this checkout: its generated
# types follow openapi.json, it type-checks and builds, and its tests pass against the service built from here.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh

ensure_dependencies
ensure_client_dependencies
ensure_services
bash scripts/ensure-built.sh
npm run --prefix clients/typescript --silent generate:check
npm run --prefix clients/typescript --silent typecheck
npm run --prefix clients/typescript --silent build
npm test --prefix clients/typescript --silent
