#!/usr/bin/env python3
"""`accordion test` over many small files against `validate` over the same specs.

Two measures, each as whole runs of one process over a directory (one
warm-up, then the median of several runs on the monotonic clock):

- specs: N small specs (5 panels) whose scripts carry timed and untimed
  `expect` steps; `accordion test SPECS/` against `accordion validate SPECS/`
  over the very same files.
- test files: the same specs without expectations, and one `*.test.yaml` per
  spec (two cases, each a script with expectations played instead of the
  spec's); `accordion test TESTS/` against `accordion validate SPECS/`.

Prints the times and ratios; the target is a ratio of at most 1.5. Times
are reported, never asserted.

usage: test_files.py [--files N] [--runs R] [--accordion BINARY]
"""

import argparse
import os
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
  - {{id: p2, title: Two, contentHeight: 120}}
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


def timed(cmd, runs):
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = []
    for _ in range(runs):
        start = time.monotonic()
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        times.append(time.monotonic() - start)
        if result.returncode != 0:
            sys.exit(f"{' '.join(cmd)} exited {result.returncode}:\n{result.stdout.decode()[-2000:]}{result.stderr.decode()[-2000:]}")
    return statistics.median(times), min(times), max(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--accordion", default=".build/release/accordion")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="accordion-test-bench-") as root:
        for folder in ("specs", "tests", "checked"):
            os.makedirs(os.path.join(root, folder))
        for i in range(args.files):
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
        checked = timed([args.accordion, "test", os.path.join(root, "checked")], args.runs)
        checked_validate = timed([args.accordion, "validate", os.path.join(root, "checked")], args.runs)
        test = timed([args.accordion, "test", os.path.join(root, "tests")], args.runs)
        validate = timed([args.accordion, "validate", os.path.join(root, "specs")], args.runs)

    def line(label, t):
        return f"{label:<44} median {t[0]:.3f} s (min {t[1]:.3f}, max {t[2]:.3f})"

    print(line(f"accordion test, {args.files} specs with expect steps", checked))
    print(line(f"accordion validate, the same {args.files} specs", checked_validate))
    ratio = checked[0] / checked_validate[0]
    print(f"ratio: {ratio:.2f} (target at most 1.5: {'pass' if ratio <= 1.5 else 'FAIL'})")
    print(line(f"accordion test, {args.files} test files (2 cases)", test))
    print(line(f"accordion validate, their {args.files} specs", validate))
    ratio = test[0] / validate[0]
    print(f"ratio: {ratio:.2f} (target at most 1.5: {'pass' if ratio <= 1.5 else 'FAIL'})")

if __name__ == "__main__":
    main()
