#!/usr/bin/env bash
# Runs the Matrix end-to-end test against a throw-away local Synapse:
#   scripts/matrix-e2e.sh
# Installs Synapse in a venv on first use (scripts/synapse.sh setup), starts it on
# 127.0.0.1 with an empty database, registers the bot and four players, runs
#   cargo test --features matrix --test bot matrix_end_to_end
# (debug build), and stops Synapse by its PID at the end, whatever happened.
# Environment: MATRIX_E2E_DIR, MATRIX_E2E_PORT (see scripts/synapse.sh), CARGO_TARGET_DIR,
# E2E_TIMEOUT (seconds for the cargo test, default 3000).
set -euo pipefail
cd "$(dirname "$0")/.."
CTL="$PWD/scripts/synapse.sh"

"$CTL" setup
"$CTL" stop >/dev/null 2>&1 || true
# Every run starts from an empty homeserver: nothing of a previous run (the bot's
# secret storage, rooms) is carried over.
"$CTL" reset
"$CTL" start
trap '"$CTL" stop' EXIT
"$CTL" register
eval "$("$CTL" env)"
timeout "${E2E_TIMEOUT:-3000}" cargo test --features matrix --test bot matrix_end_to_end -- --nocapture
