#!/usr/bin/env bash
# A throw-away Synapse homeserver for the Matrix end-to-end test, on 127.0.0.1 only.
#
#   scripts/synapse.sh setup     # venv + `pip install matrix-synapse`, config, keys
#   scripts/synapse.sh start     # start (daemonized), wait until it answers
#   scripts/synapse.sh reset     # forget every account, room and upload (keeps the venv)
#   scripts/synapse.sh register  # register the bot and the four players (idempotent)
#   scripts/synapse.sh restart   # stop by PID, start again (same database)
#   scripts/synapse.sh stop      # stop by PID
#   scripts/synapse.sh env       # print the MATRIX_E2E_* variables the test reads
#
# Settings (environment):
#   MATRIX_E2E_DIR   state directory (venv, config, database, log, PID file);
#                    default ${TMPDIR:-/tmp}/mancala-synapse
#   MATRIX_E2E_PORT  client port on 127.0.0.1; default 18008
#   PYTHON           the Python 3 used to create the venv; default python3
#
# The server: server_name `localhost`, one plain-HTTP client listener on 127.0.0.1, no
# federation listener and no federation with anyone, no key servers, registration only
# by shared secret, presence and URL previews off, SQLite database. The message rate
# limit (1 a second, bursts of 6) is low enough that the bot meets 429 responses
# (retry-after) during a game, which the test checks in homeserver.log; other limits are
# out of the way.
set -euo pipefail

DIR="${MATRIX_E2E_DIR:-${TMPDIR:-/tmp}/mancala-synapse}"
PORT="${MATRIX_E2E_PORT:-18008}"
PY="${PYTHON:-python3}"
VENV="$DIR/venv"
CONF="$DIR/homeserver.yaml"
PIDFILE="$DIR/homeserver.pid"
URL="http://127.0.0.1:$PORT"
USERS=(mancala alice bob carol dave)

die() { echo "synapse.sh: $*" >&2; exit 1; }

setup() {
  mkdir -p "$DIR"
  if [ ! -x "$VENV/bin/synapse_homeserver" ]; then
    echo "synapse.sh: installing matrix-synapse into $VENV" >&2
    "$PY" -m venv "$VENV"
    timeout 900 "$VENV/bin/pip" install -q --upgrade pip
    timeout 900 "$VENV/bin/pip" install -q matrix-synapse
  fi
  if [ ! -f "$DIR/secret" ]; then
    "$VENV/bin/python" -c 'import secrets; print(secrets.token_hex(24))' > "$DIR/secret"
    "$VENV/bin/python" -c 'import secrets; print(secrets.token_hex(12))' > "$DIR/password"
    chmod 600 "$DIR/secret" "$DIR/password"
  fi
  local secret
  secret="$(cat "$DIR/secret")"
  cat > "$CONF" <<EOF
server_name: "localhost"
public_baseurl: "$URL/"
pid_file: "$PIDFILE"
listeners:
  - port: $PORT
    bind_addresses: ["127.0.0.1"]
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: "$DIR/homeserver.db"
log_config: "$DIR/log.config"
media_store_path: "$DIR/media_store"
signing_key_path: "$DIR/localhost.signing.key"
registration_shared_secret: "$secret"
macaroon_secret_key: "$secret-m"
form_secret: "$secret-f"
enable_registration: false
report_stats: false
trusted_key_servers: []
suppress_key_server_warning: true
federation_domain_whitelist: []
allow_public_rooms_over_federation: false
presence:
  enabled: false
url_preview_enabled: false
enable_metrics: false
rc_message:
  per_second: 1
  burst_count: 6
rc_login:
  address: {per_second: 100, burst_count: 1000}
  account: {per_second: 100, burst_count: 1000}
  failed_attempts: {per_second: 100, burst_count: 1000}
rc_registration:
  per_second: 100
  burst_count: 1000
rc_joins:
  local: {per_second: 100, burst_count: 1000}
  remote: {per_second: 100, burst_count: 1000}
rc_joins_per_room: {per_second: 100, burst_count: 1000}
rc_invites:
  per_room: {per_second: 100, burst_count: 1000}
  per_user: {per_second: 100, burst_count: 1000}
  per_issuer: {per_second: 100, burst_count: 1000}
rc_room_creation: {per_second: 100, burst_count: 1000}
rc_media_create: {per_second: 100, burst_count: 1000}
rc_admin_redaction: {per_second: 100, burst_count: 1000}
EOF
  cat > "$DIR/log.config" <<EOF
version: 1
formatters:
  precise:
    format: '%(asctime)s - %(name)s - %(lineno)d - %(levelname)s - %(request)s - %(message)s'
handlers:
  file:
    class: logging.FileHandler
    formatter: precise
    filename: "$DIR/homeserver.log"
    encoding: utf8
root:
  level: INFO
  handlers: [file]
disable_existing_loggers: false
EOF
  if [ ! -f "$DIR/localhost.signing.key" ]; then
    "$VENV/bin/python" -m synapse.app.homeserver -c "$CONF" --generate-keys >/dev/null
  fi
  echo "synapse.sh: configured $DIR (server_name localhost, $URL)" >&2
}

running_pid() {
  [ -f "$PIDFILE" ] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

start() {
  [ -f "$CONF" ] || die "not set up; run: $0 setup"
  if pid="$(running_pid)"; then die "already running (PID $pid)"; fi
  rm -f "$PIDFILE"
  "$VENV/bin/python" -m synapse.app.homeserver -c "$CONF" --daemonize
  for _ in $(seq 1 120); do
    if curl -fsS -m 2 "$URL/_matrix/client/versions" >/dev/null 2>&1; then
      echo "synapse.sh: up at $URL (PID $(cat "$PIDFILE"))" >&2
      return 0
    fi
    sleep 0.5
  done
  die "did not answer at $URL within 60 s; see $DIR/homeserver.log"
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    echo "synapse.sh: not running" >&2
    return 0
  fi
  kill "$pid"
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || { echo "synapse.sh: stopped PID $pid" >&2; return 0; }
    sleep 0.5
  done
  echo "synapse.sh: PID $pid did not stop in 30 s; killing it" >&2
  kill -9 "$pid" 2>/dev/null || true
}

register() {
  local pw
  pw="$(cat "$DIR/password")"
  for u in "${USERS[@]}"; do
    timeout 60 "$VENV/bin/register_new_matrix_user" -c "$CONF" -u "$u" -p "$pw" \
      --no-admin --exists-ok "$URL" >/dev/null
  done
  echo "synapse.sh: registered ${USERS[*]} on localhost" >&2
}

print_env() {
  echo "export MATRIX_E2E_HOMESERVER=$URL"
  echo "export MATRIX_E2E_PASSWORD=$(cat "$DIR/password")"
  echo "export MATRIX_E2E_CTL=\"$(cd "$(dirname "$0")" && pwd)/synapse.sh\""
  echo "export MATRIX_E2E_DIR=\"$DIR\""
  echo "export MATRIX_E2E_PORT=$PORT"
}

# A homeserver with no accounts, rooms or media (the venv, config and keys stay); only
# while stopped.
reset() {
  rm -rf "$DIR/homeserver.db" "$DIR/homeserver.db-shm" "$DIR/homeserver.db-wal" "$DIR/media_store"
}

case "${1:-}" in
  setup) setup ;;
  reset) reset ;;
  start) start ;;
  stop) stop ;;
  restart) stop; start ;;
  register) register ;;
  env) print_env ;;
  *) die "usage: $0 setup|reset|start|register|restart|stop|env" ;;
esac
