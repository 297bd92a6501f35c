#!/usr/bin/env python3
"""Runs the official JSON-Schema-Test-Suite (draft 2020-12, required tests)
through `accordion validate --schema`, the way a user would: one schema file,
one instance file per test, validity read from `--format json`.

The suite is not vendored: python-jsonschema's source distribution on PyPI
carries it (under json/tests/), so this script fetches that sdist with pip
into .build/conformance/ once and reuses it. Standard library only.

Skipped, as the issue allows: tests that need remote documents
(refRemote.json, and groups whose `$ref`/`$schema` point at the suite's
http://localhost:1234 server, which is not fetched).

Exit status 0 when every other required test passes; the last line is
"N passed, N failed" (", N skipped")."""
import glob
import json
import os
import subprocess
import sys
import tarfile
import tempfile

VERSION = "4.23.0"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, ".build", "conformance")


def suite_dir():
    target = os.path.join(CACHE, f"jsonschema-{VERSION}", "json", "tests", "draft2020-12")
    if os.path.isdir(target):
        return target
    os.makedirs(CACHE, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    f"jsonschema=={VERSION}", "-d", CACHE], check=True)
    with tarfile.open(os.path.join(CACHE, f"jsonschema-{VERSION}.tar.gz")) as tar:
        members = [m for m in tar.getmembers() if "/json/tests/draft2020-12/" in m.name]
        tar.extractall(CACHE, members=members)
    return target


def needs_remote(value):
    """True when a schema mentions the suite's remote server."""
    return "localhost:1234" in json.dumps(value)


def main():
    accordion = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "accordion")
    suite = suite_dir()
    passed = failed = skipped = 0
    for path in sorted(glob.glob(os.path.join(suite, "*.json"))):
        name = os.path.basename(path)
        with open(path) as f:
            groups = json.load(f)
        for group in groups:
            if name == "refRemote.json" or needs_remote(group["schema"]):
                skipped += len(group["tests"])
                continue
            with tempfile.TemporaryDirectory() as tmp:
                schema = os.path.join(tmp, "schema.json")
                with open(schema, "w") as f:
                    json.dump(group["schema"], f)
                instances = []
                for i, test in enumerate(group["tests"]):
                    instance = os.path.join(tmp, f"instance-{i}.json")
                    with open(instance, "w") as f:
                        json.dump(test["data"], f)
                    instances.append(instance)
                run = subprocess.run([accordion, "validate", "--schema", schema, "--format", "json"] + instances,
                                     capture_output=True, text=True, timeout=60)
                try:
                    report = json.loads(run.stdout)
                    validity = {entry["file"]: entry["valid"] for entry in report["files"]}
                except (ValueError, KeyError, TypeError):
                    validity = {}
                for instance, test in zip(instances, group["tests"]):
                    if validity.get(instance) == test["valid"] and run.returncode in (0, 1):
                        passed += 1
                    else:
                        failed += 1
                        print(f"FAIL {name}: {group['description']}: {test['description']} "
                              f"(expected {'valid' if test['valid'] else 'invalid'}, exit {run.returncode})"
                              f"{' ' + run.stderr.strip()[:300] if run.returncode == 2 else ''}")
    print(f"json-schema-test-suite: {passed} passed, {failed} failed, {skipped} skipped")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
