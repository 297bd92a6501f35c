#!/usr/bin/env python3
"""Times a panel with a long content through `accordion render --format
json`: one panel of N rows (`{title, detail}` every other row) and one of a
text of N words, in `fit` with `overflow: scroll`, so loading, validating,
measuring (the rows' count, the text's wrap) and dumping all grow with N.
Each size runs once warm and then `--runs` timed times (median wall time);
the ratio of the largest size's time to the smallest's, against the ratio
of the sizes, says whether the cost is linear.

Standard library only; run.py calls `run()` for its target.
usage: content_bench.py ACCORDION [--sizes 10000,100000] [--runs 3]
"""
import argparse
import json
import os
import resource
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
    """Wall time and the child's CPU time (user + system) of one run, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    return proc, wall, cpu


def run(accordion, sizes, runs):
    """{"sizes": [{rows, median_ms, min_ms, cpu_median_ms}], "note"}: each size
    checked once (the rows panel is as high as its N rows of 44 pt: every
    row was counted), then timed `runs` times."""
    out = {"sizes": [], "note": None}
    with tempfile.TemporaryDirectory() as directory:
        for n in sizes:
            path = os.path.join(directory, "content-%d.yaml" % n)
            with open(path, "w") as f:
                f.write(spec(n))
            command = [accordion, "render", "--format", "json", path]
            proc, _, _ = timed(command)
            try:
                panels = json.loads(proc.stdout)["panels"]
                rows = round(panels[0]["content"]["height"] / 44) if proc.returncode == 0 else None
            except (ValueError, KeyError, IndexError, TypeError):
                rows = None
            if rows != n:
                out["note"] = "render of %d rows: exit %d, %s rows high in the dump: %s" % (
                    n, proc.returncode, rows, proc.stderr.decode(errors="replace")[:300])
                return out
            walls, cpus = [], []
            for _ in range(runs):
                _, wall, cpu = timed(command)
                walls.append(wall)
                cpus.append(cpu)
            out["sizes"].append({"rows": n, "median_ms": statistics.median(walls), "min_ms": min(walls),
                                 "cpu_median_ms": statistics.median(cpus)})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("accordion")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    result = run(args.accordion, [int(x) for x in args.sizes.split(",")], args.runs)
    for r in result["sizes"]:
        print("content: %7d rows + %7d words: %.3f s (median of %d)" % (r["rows"], r["rows"], r["median_ms"] / 1000, args.runs))
    if result["note"]:
        sys.exit("content_bench: " + result["note"])
    if len(result["sizes"]) > 1:
        a, b = result["sizes"][0], result["sizes"][-1]
        print("content: %dx the rows took %.1fx the time" % (b["rows"] // a["rows"], b["median_ms"] / a["median_ms"]))


if __name__ == "__main__":
    main()
