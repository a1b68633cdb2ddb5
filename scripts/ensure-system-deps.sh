#!/usr/bin/env bash
# Makes sure the system packages the test suite needs are present: Debian's Chromium (browser tests)
# and PostgreSQL (the data layer runs on both SQLite and PostgreSQL). Installs them with apt-get when
# running as root on Debian; otherwise stops with one line naming what to install.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
fc-list 2>/dev/null | grep -qi dejavu || missing+=(fonts-dejavu-core)
# The synthetic test pages are set in Liberation; with DejaVu alone they come out different, and so
# do the bench's figures.
fc-list 2>/dev/null | grep -qi liberation || missing+=(fonts-liberation)

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing missing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "Missing system packages for the test suite: install them with 'sudo apt-get install ${missing[*]}'" >&2
exit 1
