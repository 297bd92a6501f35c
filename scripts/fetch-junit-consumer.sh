#!/usr/bin/env bash
# Installs junitparser (pinned, from PyPI) into .build/junit-venv: the real
# JUnit XML consumer the tests hand `accordion test --format junit` to.
# Idempotent: does nothing when the venv already has it.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/junit-venv
if "$venv/bin/python" -c 'import junitparser' 2>/dev/null; then exit 0; fi
python3 -m venv "$venv"
"$venv/bin/pip" install -q 'junitparser==5.0.3'
