#!/usr/bin/env bash
# Quick start: `npm start`. Installs what is missing, starts PostgreSQL and
# Redis when they are not answering, applies migrations, creates a demo
# account and API key on first run (printed every time), and starts the
# service with its workers in one process.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh

ensure_dependencies
ensure_services

if [ ! -f .env ]; then
  key=$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('hex'))")
  sed -e "s/^SECRETS_ENCRYPTION_KEY=.*/SECRETS_ENCRYPTION_KEY=$key/" .env.example > .env
  echo "[start] wrote .env with a fresh SECRETS_ENCRYPTION_KEY" >&2
fi
# Settings from .env, unless the environment already sets them (like Node's loadEnvFile).
while IFS='=' read -r name value; do
  [[ "$name" =~ ^[A-Z_][A-Z0-9_]*$ ]] || continue
  [ -n "${!name:-}" ] || export "$name=$value"
done < .env

node scripts/create-database.js
bash scripts/ensure-built.sh
node dist/src/database/migrate.js

if [ ! -f .demo.json ] || ! grep -q '"apiKey"' .demo.json; then
  account=$(node dist/src/cli.js account:create --name "Demo account" --credits "${DEMO_CREDITS:-10000}" --json)
  account_id=$(node -e "process.stdout.write(JSON.parse(process.argv[1]).accountId)" "$account")
  key=$(node dist/src/cli.js key:create --account "$account_id" --name "Demo key" --json)
  node -e "const a=JSON.parse(process.argv[1]),k=JSON.parse(process.argv[2]);require('fs').writeFileSync('.demo.json',JSON.stringify({...a,...k},null,2)+'\n',{mode:0o600})" "$account" "$key"
fi

node -e "
const d = require('./.demo.json');
const base = process.env.BASE_URL || 'http://localhost:' + (process.env.PORT || 3000) + '/v1';
console.error('');
console.error('Demo account  ' + d.accountId);
console.error('Demo API key  ' + d.apiKey);
console.error('Webhook secret ' + d.webhookSecret);
console.error('');
console.error('Try it:');
console.error('  curl -s -X POST ' + base + '/book -H \"X-API-Key: ' + d.apiKey + '\" -H \"Content-Type: application/json\" -d \'{\"prompt\":\"A lighthouse keeper named Mara\",\"output_format\":\"md\"}\'');
console.error('  API docs: ' + base.replace(/\/v1\$/, '') + '/docs');
console.error('');
"
exec node dist/src/main.js
