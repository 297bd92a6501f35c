#!/usr/bin/env bash
# Installs axe-core's browser bundle (axe.min.js) into .build/axe-venv from
# PyPI's axe-selenium-python, which ships it; the accessibility test injects
# that one file into each page over the DevTools protocol (selenium itself is
# not needed, so the package goes in without its dependencies). Prints the
# file's path. Idempotent: does nothing but print when it is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/axe-venv
find_axe() { find "$venv" -path '*axe_selenium_python*' -name axe.min.js 2>/dev/null | head -1 || true; }
found=$(find_axe)
if [[ -n "$found" ]]; then echo "$found"; exit 0; fi
# Debian splits venv's pip bootstrap into python3-venv.
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    echo "installing python3-venv" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
fi
python3 -m venv "$venv"
# 3.0.0 declares Python >= 3.12 for its selenium glue; the JavaScript file it
# carries (axe-core 4.10) runs in any browser, whatever Python installed it.
"$venv/bin/pip" install -q --no-deps --ignore-requires-python 'axe-selenium-python==3.0.0' >&2
found=$(find_axe)
if [[ -z "$found" ]]; then echo "axe-selenium-python installed no axe.min.js" >&2; exit 1; fi
echo "$found"
