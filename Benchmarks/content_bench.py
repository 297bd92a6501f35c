#!/usr/bin/env python3
"""Times a panel with a long content through `accordion render --format
json`: one panel of N rows (`{title, detail}` every other row) and one of a
text of N words, in `fit` with `overflow: scroll`, so loading, validating,
measuring (the rows' count, the text's wrap) and dumping all grow with N.
Each size runs once warm and then `--runs` timed times (median wall time);
the ratio of the largest size's time to the smallest's, against the ratio
of the sizes, says whether the cost is linear.

Standard library only. usage: content_bench.py ACCORDION [--sizes 10000,100000] [--runs 3]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def spec(n):
    rows = "\n".join("        - {title: 'Row %d', detail: '%d'}" % (i, i) if i % 2 else "        - Row %d" % i
                     for i in range(n))
    words = " ".join("word%d" % (i % 1000) for i in range(n))
    return ("accordion: 1\n"
            "container: {layout: fit, overflow: scroll, expansion: multiple, expanded: [rows, text]}\n"
            "panels:\n"
            "  - id: rows\n    title: Rows\n    content:\n      rows:\n" + rows + "\n"
            "  - id: text\n    title: Text\n    content:\n      text: '" + words + "'\n")


def timed(command):
    start = time.monotonic()
    proc = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit("content_bench: %s failed: %s" % (" ".join(command), proc.stderr.decode()[:400]))
    return elapsed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("accordion")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    results = []
    with tempfile.TemporaryDirectory() as directory:
        for n in sizes:
            path = os.path.join(directory, "content-%d.yaml" % n)
            with open(path, "w") as f:
                f.write(spec(n))
            command = [args.accordion, "render", "--format", "json", path]
            timed(command)
            median = statistics.median(timed(command) for _ in range(args.runs))
            results.append((n, median))
            print("content: %7d rows + %7d words: %.3f s (median of %d)" % (n, n, median, args.runs))
    if len(results) > 1:
        (n0, t0), (n1, t1) = results[0], results[-1]
        print("content: %dx the rows took %.1fx the time" % (n1 // n0, t1 / t0))


if __name__ == "__main__":
    main()
