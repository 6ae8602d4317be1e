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
# The console is reached over plain http on localhost here: its cookie cannot require HTTPS.
export CONSOLE_COOKIE_SECURE="${CONSOLE_COOKIE_SECURE:-false}"
# Settings from .env, unless the environment already sets them (like Node's loadEnvFile).
while IFS='=' read -r name value; do
  [[ "$name" =~ ^[A-Z_][A-Z0-9_]*$ ]] || continue
  [ -n "${!name:-}" ] || export "$name=$value"
done < .env
# Readable log lines on a developer's screen (one a request), unless .env or the environment says otherwise.
export LOG_FORMAT="${LOG_FORMAT:-pretty}"

node scripts/create-database.js
bash scripts/ensure-built.sh
# The console's templates and stylesheet are not TypeScript: copy them beside the build every time (cheap).
npm run --silent build:console-files
node dist/src/database/migrate.js

if [ ! -f .demo.json ] || ! grep -q '"apiKey"' .demo.json; then
  account=$(node dist/src/cli.js account:create --name "Demo account" --credits "${DEMO_CREDITS:-10000}" --json)
  account_id=$(node -e "process.stdout.write(JSON.parse(process.argv[1]).accountId)" "$account")
  key=$(node dist/src/cli.js key:create --account "$account_id" --name "Demo key" --json)
  node -e "const a=JSON.parse(process.argv[1]),k=JSON.parse(process.argv[2]);require('fs').writeFileSync('.demo.json',JSON.stringify({...a,...k},null,2)+'\n',{mode:0o600})" "$account" "$key"
fi

# A demo operator for the web console, its random password kept beside the demo key.
if ! grep -q '"consolePassword"' .demo.json; then
  console_password=$(node -e "process.stdout.write(require('crypto').randomBytes(12).toString('base64url'))")
  if printf '%s\n' "$console_password" | node dist/src/cli.js console-user:create --email demo@localhost --role operator --json >/dev/null; then
    node -e "const fs=require('fs'),d=JSON.parse(fs.readFileSync('.demo.json','utf8'));d.consoleEmail='demo@localhost';d.consolePassword=process.argv[1];fs.writeFileSync('.demo.json',JSON.stringify(d,null,2)+'\n',{mode:0o600})" "$console_password"
  else
    echo "[start] demo@localhost exists already: sign in with the password it was given (or create another console user)" >&2
  fi
fi

# The banner comes last, once the service answers, so the key is on screen and not scrolled away by start-up lines.
node dist/src/main.js &
service=$!
trap 'kill -TERM "$service" 2>/dev/null' INT TERM
ready_url="http://127.0.0.1:${PORT:-3000}/health/ready"
for _ in $(seq 1 240); do
  kill -0 "$service" 2>/dev/null || break
  node -e "fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "$ready_url" && break
  sleep 0.5
done
if kill -0 "$service" 2>/dev/null; then
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
  console.error('  Webhooks on this machine: npm run webhooks:listen (with WEBHOOK_ALLOW_PRIVATE=true npm start)');
  if (d.consolePassword) {
    console.error('');
    console.error('Web console   ' + base.replace(/\/v1\$/, '') + '/console');
    console.error('  sign in as  ' + d.consoleEmail + '  password ' + d.consolePassword);
  }
  console.error('');
  "
fi
wait "$service"
