#!/usr/bin/env bash
# CI's cross-client check (test/conformance/python-gitlab.test.ts) drives the simulator with
# python-gitlab, Debian's python3-gitlab: installed here when missing, so the check runs on a fresh
# machine instead of being skipped. Never fails CI: without apt-get, or without root (and no
# password-less sudo), or when the install fails, it says so and the check skips as before.
set -uo pipefail
python=${PIPETOP_PYTHON:-/usr/bin/python3}
if "$python" -c 'import gitlab' >/dev/null 2>&1; then
  exit 0
fi
skip() {
  echo "python3-gitlab: $1; test/conformance skips the python-gitlab check"
  exit 0
}
command -v apt-get >/dev/null 2>&1 || skip "not installed, and no apt-get here to install it"
if [ "$(id -u)" = 0 ]; then
  as=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
  as=(sudo -n)
else
  skip "not installed, and installing needs root (apt-get as $(id -un 2>/dev/null || id -u))"
fi
echo "python3-gitlab: installing Debian's package for test/conformance…"
export DEBIAN_FRONTEND=noninteractive
# The package lists may be missing on a fresh machine: update them once if the first try fails.
if ! "${as[@]}" apt-get install -y --no-install-recommends python3-gitlab >/dev/null 2>&1; then
  "${as[@]}" apt-get update -qq >/dev/null 2>&1
  "${as[@]}" apt-get install -y --no-install-recommends python3-gitlab >/dev/null 2>&1 || skip "apt-get could not install it"
fi
"$python" -c 'import gitlab' >/dev/null 2>&1 || skip "installed, but $python cannot import it"
echo "python3-gitlab: installed"
