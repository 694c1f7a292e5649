#!/usr/bin/env bash
# Installs the npm packages of tests/deploy/package.json (pinned by
# package-lock.json) into DIR/node_modules for the deploy checks, once per
# lock file: a later run with the same lock is a no-op, and npm's cache
# (~/.npm) makes a reinstall fast. Exits 77 (skip) without node and npm.
#   tests/deploy/npm_install.sh DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="$1"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "SKIP: node or npm not found (bash scripts/install-deps.sh installs them)"
  exit 77
fi
mkdir -p "$dir"
stamp="$dir/node_modules/.jitserve-lock.sha256"
want="$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
cp "$here/package.json" "$here/package-lock.json" "$dir/"
# Serialised: two tests may ask at once.
exec 9>"$dir/.npm-install.lock"
flock 9
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
(cd "$dir" && npm ci --no-audit --no-fund --prefer-offline --loglevel=error --engine-strict=false >/dev/null)
echo "$want" > "$stamp"
echo "npm packages for the deploy checks installed in $dir/node_modules"
