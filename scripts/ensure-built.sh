#!/usr/bin/env bash
# Builds dist/ when it is missing or older than the sources, quietly.
set -euo pipefail
cd "$(dirname "$0")/.."
# The console's templates and assets are not TypeScript: copied every time (cheap), so an edited page shows.
copy_console_files() { node scripts/copy-console-files.cjs; }
if [ -f dist/src/main.js ] && [ -z "$(find src -name '*.ts' -newer dist/src/main.js -print -quit)" ]; then
  copy_console_files
  exit 0
fi
if [ ! -x node_modules/.bin/tsc ]; then
  echo "dist/ is missing and TypeScript is not installed: run npm ci first" >&2
  exit 1
fi
node_modules/.bin/tsc -p tsconfig.build.json >&2
copy_console_files
