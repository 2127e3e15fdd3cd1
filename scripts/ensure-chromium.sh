#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests. Playwright
# never downloads a browser of its own here: the tests use /usr/bin/chromium.
set -euo pipefail
bin="${EFIR_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$bin" ]; then
	exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "installing chromium from Debian's packages" >&2
	export DEBIAN_FRONTEND=noninteractive
	# Another apt run (unattended upgrades, a parallel install) may hold the
	# lock for a while: wait for it instead of failing.
	apt-get -o DPkg::Lock::Timeout=600 update -qq
	apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
	exit 0
fi
echo "Chromium is missing: install it (apt-get install chromium) or set EFIR_CHROMIUM" >&2
exit 1
