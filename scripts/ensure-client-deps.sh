#!/usr/bin/env bash
# Installs the TypeScript client's own dependencies (clients/typescript) when they are missing or stale:
# linting the repository type-checks the client's files, and its tests need its jest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh
ensure_client_dependencies
