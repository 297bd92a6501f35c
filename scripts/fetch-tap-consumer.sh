#!/usr/bin/env bash
# Installs tap.py (pinned, from PyPI) into .build/tap-venv: the Python TAP
# consumer the tests hand `accordion test --format tap` to, beside Debian
# perl's TAP::Parser. Idempotent: does nothing when the venv already has it.
set -euo pipefail
cd "$(dirname "$0")/.."
# TAP::Parser (and prove) come with Debian's perl.
if ! perl -MTAP::Parser -e 1 2>/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq perl
fi
venv=.build/tap-venv
if "$venv/bin/python" -c 'import tap.parser' 2>/dev/null; then exit 0; fi
python3 -m venv "$venv"
"$venv/bin/pip" install -q 'tap.py==3.2.1'
