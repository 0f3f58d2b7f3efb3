#!/usr/bin/env bash
# A throw-away PostgreSQL server for the store tests, on 127.0.0.1 only.
#
#   scripts/postgres.sh start   # install Debian's postgresql if absent, init a cluster
#                               # (or reuse the one PG_TEST_DIR holds), start it, wait
#                               # until it answers, create the database if missing
#   scripts/postgres.sh stop    # stop it by its PID (fast shutdown)
#   scripts/postgres.sh env     # print the variables the tests read
#
# Settings (environment):
#   PG_TEST_DIR   the cluster's directory (data, socket, log, PID file);
#                 default ${TMPDIR:-/tmp}/mancala-postgres
#   PG_TEST_PORT  port on 127.0.0.1; default 15432
#
# The server runs as the invoking user, or as `nobody` when that is root (PostgreSQL
# refuses to run as root). Authentication is `trust` for the local user `mancala` on
# 127.0.0.1 only; fsync stays on, so that the crash tests crash a real database.
#
# TLS is on (`ssl=on`, plain connections still accepted): at start a throw-away CA and
# a server certificate for `localhost` and 127.0.0.1 are made with openssl in
# $PG_TEST_DIR/tls (never committed); `env` exports the CA's path as
# MANCALA_TEST_POSTGRES_CA for the TLS tests (tests/bot/postgres_tls.rs). The role
# `mancala_scram` (created by those tests) must log in over TLS with a SCRAM password,
# so that channel binding is tested too.
set -euo pipefail

DIR="${PG_TEST_DIR:-${TMPDIR:-/tmp}/mancala-postgres}"
PORT="${PG_TEST_PORT:-15432}"
DATA="$DIR/data"
LOG="$DIR/postgres.log"
TLS="$DIR/tls"
DB=mancala
ROLE=mancala

die() { echo "postgres.sh: $*" >&2; exit 1; }

bindir() {
  local d
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
    return
  fi
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return; }
  done
  return 1
}

install() {
  bindir >/dev/null && return 0
  echo "postgres.sh: installing Debian's postgresql" >&2
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q postgresql >/dev/null \
      || { timeout 600 apt-get update -q >/dev/null &&
           DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q postgresql >/dev/null; }
  else
    die "PostgreSQL is not installed and this is not root: apt-get install postgresql"
  fi
  bindir >/dev/null || die "postgresql installed, but no initdb found"
}

# Runs a command as the server's user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u nobody -- "$@"
  else
    "$@"
  fi
}

pid_of() {
  [ -f "$DATA/postmaster.pid" ] || return 1
  local pid
  pid="$(head -1 "$DATA/postmaster.pid")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# A throw-away CA and a server certificate it signs (P-256, 30 days), for localhost and
# 127.0.0.1, unless a running-again cluster has them already. webpki (rustls) wants
# the names in subjectAltName and a CA:TRUE root; PostgreSQL wants the key private to
# the server's user.
certificates() {
  [ -f "$TLS/server.key" ] && [ -f "$TLS/server.crt" ] && [ -f "$TLS/ca.crt" ] && return 0
  if ! command -v openssl >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "postgres.sh: installing Debian's openssl" >&2
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q openssl >/dev/null \
      || { timeout 600 apt-get update -q >/dev/null &&
           DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q openssl >/dev/null; }
  fi
  command -v openssl >/dev/null 2>&1 || die "openssl is needed for the test certificates"
  rm -rf "$TLS"
  mkdir -p "$TLS"
  local ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 -new "${ec[@]}" -days 30 -subj "/CN=mancala throw-away test CA" \
    -keyout "$TLS/ca.key" -out "$TLS/ca.crt" 2>/dev/null || die "openssl: no CA"
  openssl req -new "${ec[@]}" -subj "/CN=localhost" \
    -keyout "$TLS/server.key" -out "$TLS/server.csr" 2>/dev/null || die "openssl: no key"
  printf '%s\n' "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" \
    "extendedKeyUsage=serverAuth" >"$TLS/server.ext"
  openssl x509 -req -in "$TLS/server.csr" -CA "$TLS/ca.crt" -CAkey "$TLS/ca.key" \
    -CAcreateserial -days 30 -sha256 -extfile "$TLS/server.ext" -out "$TLS/server.crt" \
    2>/dev/null || die "openssl: no server certificate"
  chmod 600 "$TLS/server.key" "$TLS/ca.key"
  [ "$(id -u)" = 0 ] && chown -R nobody "$TLS"
  return 0
}

start() {
  install
  local bin
  bin="$(bindir)"
  if pid="$(pid_of)"; then die "already running (PID $pid)"; fi
  # A cluster stopped by `stop` is started again with its databases; anything else in
  # the directory is replaced by a new cluster.
  local fresh=1
  if [ -f "$DATA/PG_VERSION" ]; then
    fresh=0
  else
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown nobody "$DIR"
    as_owner "$bin/initdb" -D "$DATA" -U "$ROLE" --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  certificates
  # pg_hba.conf takes the first line that matches: this one goes before the trust lines.
  grep -q '^hostssl all mancala_scram ' "$DATA/pg_hba.conf" ||
    as_owner sed -i '1i hostssl all mancala_scram 127.0.0.1/32 scram-sha-256' "$DATA/pg_hba.conf"
  as_owner "$bin/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=300 \
        -c ssl=on -c ssl_cert_file=$TLS/server.crt -c ssl_key_file=$TLS/server.key" \
    start >/dev/null \
    || die "did not start; see $LOG"
  if [ "$fresh" = 1 ]; then
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$PORT" -U "$ROLE" "$DB"
  fi
  echo "postgres.sh: up on 127.0.0.1:$PORT (PID $(pid_of)), database $DB, TLS with" \
    "CA $TLS/ca.crt" >&2
}

stop() {
  local pid
  if ! pid="$(pid_of)"; then
    echo "postgres.sh: not running" >&2
    return 0
  fi
  # SIGINT is PostgreSQL's fast shutdown: clients are disconnected, nothing is lost.
  kill -INT "$pid"
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || { echo "postgres.sh: stopped PID $pid" >&2; return 0; }
    sleep 0.5
  done
  echo "postgres.sh: PID $pid did not stop in 30 s; killing it" >&2
  kill -9 "$pid" 2>/dev/null || true
}

print_env() {
  echo "export MANCALA_TEST_POSTGRES=postgresql://$ROLE@127.0.0.1:$PORT/$DB"
  echo "export MANCALA_TEST_POSTGRES_CA=$TLS/ca.crt"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env) print_env ;;
  *) die "usage: $0 start|stop|env" ;;
esac
