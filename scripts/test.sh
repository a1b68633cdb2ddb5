#!/usr/bin/env bash
# The whole test suite: system dependencies, the web build the browser tests serve, then every
# workspace's tests (engine, server on SQLite and PostgreSQL, web components, e2e in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npm run build --silent
npx vitest run "$@"
