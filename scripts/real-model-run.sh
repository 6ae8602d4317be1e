#!/usr/bin/env bash
# One book written by a real model played by hand (../shared/REAL-MODEL.md): starts the model relay and a
# service instance of its own (database real_<name>, Redis prefix real_<name>, the openai provider pointed
# at the relay), creates an account and key, submits the job and prints its status URL. The relay's queue
# is <dir>/q; whoever plays the model answers there. Stop both with `kill $(cat <dir>/pids)`.
#
#   bash scripts/real-model-run.sh NAME PORT '{"type":"short_story","prompt":"...","output_format":"pdf"}' [DIR]
#
# The service listens on PORT, the relay on PORT+1000. Run it from a built checkout (npm run build); MODEL_RELAY
# names the relay when the checkout is not beside shared/.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1
port=$2
job=$3
dir=${4:-/tmp/realruns/$name}
relay_port=$((port + 1000))
mkdir -p "$dir"
printf '%s\n' "$job" >"$dir/job.json"
[ -f dist/src/main.js ] || { echo "build first: npm run build" >&2; exit 1; }

relay=${MODEL_RELAY:-../shared/tools/model-relay.mjs}
node "$relay" --port "$relay_port" --dir "$dir" --ajv "$PWD/node_modules/ajv/package.json" >"$dir/relay.out" 2>&1 &
echo $! >"$dir/pids"

export ROLE=all PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/real_$name
export REDIS_PREFIX=real_$name
export SECRETS_ENCRYPTION_KEY=$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('hex'))")
export GENERATION_PROVIDER=openai OPENAI_BASE_URL=http://127.0.0.1:$relay_port/v1 OPENAI_API_KEY=relay
export OPENAI_MODEL=relay-writer OPENAI_TIMEOUT_SECONDS=3600 OPENAI_IDLE_TIMEOUT_SECONDS=3600
export OPENAI_CONCURRENCY=${OPENAI_CONCURRENCY:-4} JOB_DEADLINE_MINUTES=600 RATE_LIMIT_MIN_INTERVAL_SECONDS=0
node scripts/create-database.js
node dist/src/database/migrate.js >/dev/null
account=$(node dist/src/cli.js account:create --name "Real run $name" --credits 100000 --json)
account_id=$(node -e "process.stdout.write(JSON.parse(process.argv[1]).accountId)" "$account")
key=$(node dist/src/cli.js key:create --account "$account_id" --name "real $name" --json)
api_key=$(node -e "process.stdout.write(JSON.parse(process.argv[1]).apiKey)" "$key")

node dist/src/main.js >"$dir/service.log" 2>&1 &
echo $! >>"$dir/pids"
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 1
done
curl -s -X POST "http://127.0.0.1:$port/v1/book" -H "X-API-Key: $api_key" -H 'Content-Type: application/json' \
  -d "$job" >"$dir/submitted.json"
cat "$dir/submitted.json"
echo
