#!/usr/bin/env python3
"""`accordion test` over many small files against `validate` over the same specs.

Two measures, each as whole runs of one process over a directory (one
checked warm-up, then several runs of the four commands in turn: median
and fastest wall time on the monotonic clock, median CPU time):

- specs: N small specs (5 panels) whose scripts carry timed and untimed
  `expect` steps; `accordion test SPECS/` against `accordion validate SPECS/`
  over the very same files.
- test files: the same specs without expectations, and one `*.test.yaml` per
  spec (two cases, each a script with expectations played instead of the
  spec's); `accordion test TESTS/` against `accordion validate SPECS/`.

The specs draw no warning, so `validate` is timed checking them, not
printing 1,000 warnings. Both commands check many files on two threads.
Prints the times and ratios; the target is a ratio of at most 1.5
(`make bench` judges it, from `run()`). Times are reported, never asserted.

usage: test_files.py [--files N] [--runs R] [--accordion BINARY]
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

SPEC = """accordion: 1
title: Spec {i}
container: {{height: {height}}}
panels:
  - {{id: p0, title: Zero}}
  - {{id: p1, title: One}}
  - {{id: p2, title: Two}}
  - {{id: p3, title: Three}}
  - {{id: p4, title: Four}}
script:
  - tap: p2
  - wait: 0.5
  - tap: p4
"""

EXPECTATIONS = """  - expect: {{interaction: disabled, path: transition.progress, equals: 0.5}}
    at: 0.65
  - expect:
      expanded: p4
      frames: {{p4: {{header: {{y: 176}}, content: {{y: 220, height: {content}}}}}, p2: {{content: null}}}}
      events: {{contains: [didMoveToParent p4, removeFromParent p2]}}
"""

TEST = """spec: ../specs/spec{i}.yaml
cases:
  - name: opens p2
    script:
      - tap: p2
      - expect: {{interaction: disabled, path: transition.progress, equals: 0.5}}
        at: 0.15
      - expect:
          expanded: p2
          frames: {{p2: {{header: {{y: 88}}, content: {{y: 132, height: {content}}}}}, p3: {{content: null}}}}
          events: {{contains: [didMoveToParent p2, removeFromParent p0]}}
  - name: ignores a tap in the transition
    script:
      - tap: p3
      - tap: p1
        at: 0.1
      - expect: {{expanded: p3, events: {{contains: [tapIgnored p1 (transition)]}}}}
"""


def make_files(root, files):
    """Writes the three folders of the benchmark under `root`."""
    for folder in ("specs", "tests", "checked"):
        os.makedirs(os.path.join(root, folder), exist_ok=True)
    for i in range(files):
        height = 600 + i % 100
        # fill: an open panel gets the whole space under five 44 pt headers.
        content = height - 5 * 44
        spec = SPEC.format(i=i, height=height)
        with open(os.path.join(root, "specs", f"spec{i}.yaml"), "w") as f:
            f.write(spec)
        with open(os.path.join(root, "checked", f"spec{i}.yaml"), "w") as f:
            f.write(spec + EXPECTATIONS.format(content=content))
        with open(os.path.join(root, "tests", f"spec{i}.test.yaml"), "w") as f:
            f.write(TEST.format(i=i, content=content))


def once(cmd):
    """One run: (wall ms, CPU ms of user + system, the result)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = (time.monotonic() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    return wall, cpu, result


def run(accordion, files, runs):
    """Both measures, the four commands' runs interleaved round-robin (so a
    burst of load hits all alike) after one checked warm-up each. Returns
    {"files", "runs", "commands": {key: {argv, median_ms, min_ms,
    cpu_median_ms}}, "ratios": {...}, "note"}; `note` says what went wrong."""
    out = {"files": files, "runs": runs, "commands": {}, "ratios": {}, "note": None}
    with tempfile.TemporaryDirectory(prefix="accordion-test-bench-") as root:
        make_files(root, files)
        # (key, argv, what the warm-up's output must end with)
        commands = [
            ("test-checked", ["test", "checked"], f"{files} passed, 0 failed\n"),
            ("validate-checked", ["validate", "checked"], f"0 errors, 0 warnings in {files} files\n"),
            ("test-files", ["test", "tests"], f"{2 * files} passed, 0 failed\n"),
            ("validate-specs", ["validate", "specs"], f"0 errors, 0 warnings in {files} files\n"),
        ]
        # Each command over its folder under `root`.
        argvs = {key: [accordion, argv[0], os.path.join(root, argv[1])] for key, argv, _ in commands}
        walls = {key: [] for key, _, _ in commands}
        cpus = {key: [] for key, _, _ in commands}
        for key, argv, ending in commands:
            _, _, result = once(argvs[key])
            text = result.stdout.decode(errors="replace")
            if result.returncode != 0 or not text.endswith(ending):
                out["note"] = (f"accordion {' '.join(argv)} exited {result.returncode}: "
                               f"{(text + result.stderr.decode(errors='replace'))[-300:]}")
                return out
        for _ in range(runs):
            for key, argv, _ in commands:
                wall, cpu, _ = once(argvs[key])
                walls[key].append(wall)
                cpus[key].append(cpu)
        for key, argv, _ in commands:
            out["commands"][key] = {
                "argv": ["accordion"] + argv, "median_ms": statistics.median(walls[key]), "min_ms": min(walls[key]),
                "cpu_median_ms": statistics.median(cpus[key]),
            }
    c = out["commands"]
    for name, num, den in (("test_files", "test-files", "validate-specs"), ("checked", "test-checked", "validate-checked")):
        out["ratios"][name] = {stat: c[num][stat] / c[den][stat] for stat in ("median_ms", "min_ms", "cpu_median_ms")}
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--accordion", default=".build/release/accordion")
    args = parser.parse_args()
    result = run(args.accordion, args.files, args.runs)
    if result["note"]:
        sys.exit(result["note"])
    c = result["commands"]

    def line(label, t):
        return (f"{label:<44} median {t['median_ms'] / 1000:.3f} s (min {t['min_ms'] / 1000:.3f}, "
                f"CPU {t['cpu_median_ms'] / 1000:.3f})")

    def verdict(r):
        return (f"ratio: {r['median_ms']:.2f} (fastest {r['min_ms']:.2f}, CPU {r['cpu_median_ms']:.2f}; "
                f"target at most 1.5: {'pass' if r['median_ms'] <= 1.5 else 'FAIL'})")

    print(line(f"accordion test, {args.files} specs with expect steps", c["test-checked"]))
    print(line(f"accordion validate, the same {args.files} specs", c["validate-checked"]))
    print(verdict(result["ratios"]["checked"]))
    print(line(f"accordion test, {args.files} test files (2 cases)", c["test-files"]))
    print(line(f"accordion validate, their {args.files} specs", c["validate-specs"]))
    print(verdict(result["ratios"]["test_files"]))

if __name__ == "__main__":
    main()
