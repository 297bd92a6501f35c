#!/usr/bin/env python3
"""Times `accordion validate` on a spec whose script makes N warnings (N
taps during a running transition, each ignored under `interruption: ignore`:
`tap-ignored`, with its help and a note on the transition), against the same
spec with `interruption: finish`, where the same taps make none. Same bytes,
same steps; only the warnings differ, so the ratio is what reporting them
costs: finding, wording, sorting, quoting each line and printing. Each spec
runs once warm, then `--runs` timed times through run.py's launcher
(Benchmarks/measure/measure.c: wall and CPU time, peak RSS from wait4, the
program's own and not the harness's).

Standard library only; run.py calls `run()` for its targets.
usage: warnings_bench.py ACCORDION [--count 150000] [--runs 5] [--measure BINARY]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def spec(n, policy):
    lines = ["accordion: 1", "container: {interruption: %s}" % policy, "panels:",
             "  - {id: VC1, title: View Controller 1}", "  - {id: VC2, title: View Controller 2}",
             "  - {id: VC3, title: View Controller 3}", "script:", "  - tap: VC2"]
    lines += ["  - {tap: VC3, at: 0.1}"] * n
    return "\n".join(lines) + "\n"


HERE = os.path.dirname(os.path.abspath(__file__))


def launcher(directory):
    """The measure launcher, compiled from measure.c into `directory`."""
    binary = os.path.join(directory, "measure")
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(HERE, "measure", "measure.c")], check=True)
    return binary


def timed(command, measure, directory):
    """(wall ms, CPU ms, peak RSS KiB) of one run, its output to a file."""
    out = os.path.join(directory, "out.txt")
    result = subprocess.run([measure, "600", out, os.devnull, *command], capture_output=True, text=True, timeout=700)
    wall, code, sig, rss, timed_out, cpu = (int(x) for x in result.stdout.split())
    return wall / 1e6, cpu / 1000, rss


def run(accordion, count, runs, measure=None):
    """{"count", "bytes", "warnings": {...}, "clean": {...}, "note"}: each
    spec checked once (its summary counts exactly `count` warnings, or none),
    then timed `runs` times."""
    out = {"count": count, "bytes": None, "warnings": None, "clean": None, "note": None}
    with tempfile.TemporaryDirectory() as directory:
        measure = measure or launcher(directory)
        for key, policy, expected in (("warnings", "ignore", count), ("clean", "finish", 0)):
            path = os.path.join(directory, "%s-%d.yaml" % (key, count))
            with open(path, "w") as f:
                f.write(spec(count, policy))
            out["bytes"] = os.path.getsize(path)
            command = [accordion, "validate", "--color", "never", path]
            summary = subprocess.run(command, capture_output=True, text=True, timeout=600).stdout.strip().splitlines()[-1:]
            want = "0 errors, %s in 1 file" % ("%d warnings" % expected if expected != 1 else "1 warning")
            if summary != [want]:
                out["note"] = "validate of the %s spec: %r, expected %r" % (key, summary, want)
                return out
            walls, cpus, rss = [], [], []
            for _ in range(max(1, runs)):
                wall, cpu, peak = timed(command, measure, directory)
                walls.append(wall)
                cpus.append(cpu)
                rss.append(peak)
            out[key] = {"median_ms": statistics.median(walls), "min_ms": min(walls),
                        "cpu_median_ms": statistics.median(cpus), "peak_rss_kib": max(rss)}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("accordion")
    ap.add_argument("--count", type=int, default=150000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--measure", help="the launcher (default: compiled from measure/measure.c)")
    args = ap.parse_args()
    result = run(args.accordion, args.count, args.runs, args.measure)
    json.dump(result, sys.stdout, indent=2)
    print()
    return 1 if result["note"] else 0


if __name__ == "__main__":
    sys.exit(main())
