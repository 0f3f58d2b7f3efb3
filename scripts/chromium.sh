#!/usr/bin/env bash
# Installs Debian's headless browser for the web pages' browser test
# (tests/bot/web_browser.rs): `chromium` and `chromium-driver` (chromedriver), when
# either is absent. The test fails, rather than skips, without them.
#   scripts/chromium.sh        # install if absent; print the versions
set -euo pipefail
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  [ "$(id -u)" = 0 ] || { echo "chromium.sh: not root: apt-get install chromium chromium-driver" >&2; exit 1; }
  echo "chromium.sh: installing Debian's chromium and chromium-driver" >&2
  DEBIAN_FRONTEND=noninteractive timeout 1200 apt-get install -y -q chromium chromium-driver >/dev/null \
    || { timeout 600 apt-get update -q >/dev/null &&
         DEBIAN_FRONTEND=noninteractive timeout 1200 apt-get install -y -q chromium chromium-driver >/dev/null; }
fi
chromium --version
chromedriver --version
