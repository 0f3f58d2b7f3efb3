#!/usr/bin/env bash
# Supply-chain checks with cargo-deny (deny.toml): licences, bans and sources always;
# advisories against a local copy of the RustSec advisory database, since this machine
# reaches the package registries only and cargo-deny cannot fetch the database itself.
#
# cargo-deny is installed from crates.io (`cargo install --locked cargo-deny`, about
# 5 minutes on 2 cores) when it is not on PATH.
#
# The database: the first of
#   $RUSTSEC_DB                      a git clone of the RustSec advisory-db repository,
#   ../shared/advisory-db            the same beside the repository (CI's copy of shared/),
#   cargo-deny's own copy            $CARGO_HOME/advisory-dbs/advisory-db-3157b0e258782691
#                                    (where `cargo deny fetch` puts it);
# a copy found elsewhere is cloned into cargo-deny's place, and the check runs offline.
# With none, the advisories check is reported as NOT RUN and the script fails, unless
# DENY_ADVISORIES=optional (then it says so and goes on).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo-deny >/dev/null; then
    echo "deny.sh: installing cargo-deny"
    start=$(date +%s)
    cargo install --locked cargo-deny
    echo "deny.sh: cargo-deny installed in $(($(date +%s) - start)) s"
fi
cargo deny --version

# cargo-deny runs offline (it would fetch the database and other data from GitHub), so
# every crate of the lock file, the Matrix feature's too, is downloaded first.
cargo fetch --locked --target x86_64-unknown-linux-gnu
cargo deny --offline check --hide-inclusion-graph licenses bans sources

cargo_home="${CARGO_HOME:-$HOME/.cargo}"
# cargo-deny's directory for the default database URL (its name hashes the URL).
db="$cargo_home/advisory-dbs/advisory-db-3157b0e258782691"
src=""
for candidate in "${RUSTSEC_DB:-}" "../shared/advisory-db"; do
    if [ -n "$candidate" ] && [ -d "$candidate" ] && git -C "$candidate" rev-parse HEAD >/dev/null 2>&1; then
        src="$candidate"
        break
    fi
done
if [ -n "$src" ]; then
    rm -rf "$db"
    mkdir -p "$(dirname "$db")"
    git clone --quiet "$src" "$db"
fi
if git -C "$db" rev-parse HEAD >/dev/null 2>&1; then
    echo "deny.sh: advisories from ${src:-$db}, commit $(git -C "$db" log -1 --format='%h of %cs')"
    cargo deny --offline check advisories
elif [ "${DENY_ADVISORIES:-}" = optional ]; then
    echo "deny.sh: advisories NOT RUN: no local RustSec database (see the head of this script)"
else
    echo "deny.sh: advisories NOT RUN: no local RustSec database (see the head of this script)" >&2
    exit 1
fi
