#!/usr/bin/env bash
# Builds dist/ when it is missing or older than the sources, quietly.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f dist/src/main.js ] && [ -z "$(find src -name '*.ts' -newer dist/src/main.js -print -quit)" ]; then
  exit 0
fi
if [ ! -x node_modules/.bin/tsc ]; then
  echo "dist/ is missing and TypeScript is not installed: run npm ci first" >&2
  exit 1
fi
node_modules/.bin/tsc -p tsconfig.build.json >&2
