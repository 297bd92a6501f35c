#!/usr/bin/env python3
"""`accordion drive` on long sessions: the time of a session of N steps, for
several N, so run.py can judge that it grows linearly with the step count.

A session is one small spec (eight panels) and N lines of steps of every
kind a host sends most (taps by id and index, waits, timed taps, some inside
a transition and so ignored, expand, resize, present and dismiss), with one
snapshot at the end. Each answer is checked to be there (one line per
step), then the session is timed: wall time (median and fastest) and the
child's CPU time (user + system).

Usage: drive_bench.py ACCORDION [--steps 10000,100000] [--runs N]
Prints the measurements as JSON.
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

SPEC = {
    "accordion": 1,
    "title": "drive bench",
    "container": {"width": 390, "height": 844, "headerHeight": 44, "animation": {"duration": 0.25}},
    "panels": [{"id": f"p{i}", "title": f"Panel {i}", "color": "#1B5E20FF"} for i in range(8)],
}


def session_lines(steps):
    """`steps` step lines and a closing snapshot, the same for every run."""
    lines, clock = [], 0.0
    for k in range(steps):
        kind = k % 10
        if kind in (0, 3, 6):
            line = {"tap": f"p{(k * 7) % 8}"}
            clock += 0.25
        elif kind == 1:
            line = {"wait": 0.1}
            clock += 0.1
        elif kind == 2:
            clock += 0.05
            line = {"tap": (k * 3) % 8, "at": round(clock, 3)}
        elif kind == 4:
            line = {"expand": f"p{k % 8}"}
        elif kind == 5:
            line = {"resize": {"width": 844, "height": 390} if k % 20 == 5 else {"width": 390, "height": 844}}
        elif kind == 7:
            line = {"present": "Sheet"}
        elif kind == 8:
            line = {"tap": "p1"}  # under the modal: ignored
        else:
            line = {"dismiss": True}
        lines.append(json.dumps(line))
    lines.append('{"snapshot": true}')
    return ("\n".join(lines) + "\n").encode()


def timed(accordion, spec, data):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run([accordion, "drive", spec], input=data, capture_output=True, timeout=600)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    return p, wall, cpu


def run(accordion, step_counts, runs):
    """{"sessions": [{steps, median_ms, min_ms, cpu_median_ms, ns_per_step}], "note"}."""
    out = {"sessions": [], "note": None}
    with tempfile.TemporaryDirectory() as tmp:
        spec = os.path.join(tmp, "spec.json")
        with open(spec, "w") as f:
            json.dump(SPEC, f)
        for steps in step_counts:
            data = session_lines(steps)
            p, _, _ = timed(accordion, spec, data)
            answers = p.stdout.count(b"\n")
            if p.returncode != 0 or answers != steps + 1 or b'"errors"' in p.stdout:
                out["note"] = f"drive on {steps} steps: exit {p.returncode}, {answers} answers to {steps + 1} lines"
                return out
            walls, cpus = [], []
            for _ in range(runs):
                _, wall, cpu = timed(accordion, spec, data)
                walls.append(wall)
                cpus.append(cpu)
            out["sessions"].append({
                "steps": steps, "median_ms": statistics.median(walls), "min_ms": min(walls),
                "cpu_median_ms": statistics.median(cpus),
                "ns_per_step": statistics.median(walls) * 1e6 / steps,
            })
    return out


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    counts = [10000, 100000]
    runs = 5
    if "--steps" in argv:
        counts = [int(s) for s in argv[argv.index("--steps") + 1].split(",")]
    if "--runs" in argv:
        runs = int(argv[argv.index("--runs") + 1])
    result = run(argv[0], counts, runs)
    print(json.dumps(result, indent=2))
    return 1 if result["note"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
