#!/usr/bin/env python3
"""Fetches the official JSON Schema draft 2020-12 meta-schemas for the tests.

The tests compare the validator's embedded meta-schemas with the official
files and check the bundled schema against the official meta-schema. The
files come from PyPI, where `jsonschema-specifications` ships them in its
wheel, the way the conformance runner takes the JSON-Schema-Test-Suite: one
pinned version, downloaded with pip once and cached under
.build/meta-schemas/draft2020-12/ in the official layout (`schema.json`,
`meta/<vocabulary>.json`). The wheel must hold exactly the expected files.

Usage: fetch-meta-schemas.py   (prints the folder; `make test` runs it)
Standard library only.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

VERSION = "2025.9.1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.path.join(ROOT, ".build", "meta-schemas")
TARGET = os.path.join(CACHE, "draft2020-12")
PREFIX = "jsonschema_specifications/schemas/draft202012/"
VOCABULARIES = ["applicator", "content", "core", "format-annotation", "format-assertion",
                "meta-data", "unevaluated", "validation"]
# Wheel member -> path under TARGET.
EXPECTED = {PREFIX + "metaschema.json": "schema.json"}
EXPECTED.update({PREFIX + "vocabularies/" + v: f"meta/{v}.json" for v in VOCABULARIES})
STAMP = os.path.join(TARGET, f".jsonschema-specifications-{VERSION}")


def fetch():
    os.makedirs(CACHE, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
                        f"jsonschema-specifications=={VERSION}", "-d", tmp], check=True)
        wheels = [f for f in os.listdir(tmp) if f.endswith(".whl")]
        if len(wheels) != 1:
            sys.exit(f"expected one wheel of jsonschema-specifications {VERSION}, found {wheels}")
        with zipfile.ZipFile(os.path.join(tmp, wheels[0])) as wheel:
            found = {n for n in wheel.namelist() if n.startswith(PREFIX) and not n.endswith("/")}
            if found != set(EXPECTED):
                sys.exit("the draft 2020-12 files in the wheel are not the expected set:\n"
                         f"  missing: {sorted(set(EXPECTED) - found)}\n  unexpected: {sorted(found - set(EXPECTED))}")
            staging = os.path.join(tmp, "draft2020-12")
            for member, relative in EXPECTED.items():
                path = os.path.join(staging, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as out:
                    out.write(wheel.read(member))
            open(os.path.join(staging, os.path.basename(STAMP)), "w").close()
            shutil.rmtree(TARGET, ignore_errors=True)
            shutil.move(staging, TARGET)


def main():
    if not os.path.exists(STAMP):
        fetch()
    print(TARGET)


if __name__ == "__main__":
    main()
