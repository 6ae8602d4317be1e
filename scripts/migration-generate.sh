#!/usr/bin/env bash
# Generates a migration from the difference between the entities and the
# database at DATABASE_URL (keep that database migrated to the latest first):
#   npm run migration:generate -- AddSomething
set -euo pipefail
name=${1:?usage: npm run migration:generate -- <Name>}
cd "$(dirname "$0")/.."
rm -rf .tmp/migrate
npx tsc -p tsconfig.build.json --outDir .tmp/migrate
node node_modules/typeorm/cli.js migration:generate --pretty \
  -d .tmp/migrate/src/database/data-source.js "src/database/migrations/${name}"
echo "Now add the new class to src/database/migrations.ts" >&2
