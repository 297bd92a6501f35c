#!/usr/bin/env python3
"""`accordion test --explore` against replaying as many steps as one script:
the explorer's own cost beside the model's.

Two explorations, each breadth-first to depth 6 (4 with --smoke): the
article's demo (samples/article-demo.yaml, with its invariants, the named
properties and a rotation among the steps) and a 10-panel `expansion:
multiple` spec. Each is timed (the child's CPU time, user + system, and the
wall time), and its summary gives the states it reached and the steps it
took. Then a test file whose one case plays that many steps as a script
(taps on each header in turn, at rest, as the explorer's steps mostly are)
with one `expect` at the end is timed through `accordion test`. The ratio,
exploration ÷ replay, is what run.py holds to its target; states a second
is the explorer's throughput.

Usage: explore_bench.py ACCORDION [--runs N] [--smoke]
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MULTIPLE = "accordion: 1\ntitle: Ten\ncontainer: {layout: fit, expansion: multiple, expanded: null}\npanels:\n" + "".join(
    f"  - {{id: p{i}, title: Panel {i}, contentHeight: 40}}\n" for i in range(10))


def cases(depth):
    """(name, spec text or path, test file text, panel ids) of each exploration."""
    demo = os.path.join(ROOT, "samples", "article-demo.yaml")
    return [
        ("article demo", demo,
         f"spec: {demo}\ncases:\n  - name: invariants\n    script: []\n"
         "    always: [{path: \"panels[2].header.y\", atMost: 623}, {frames: {VC1: {header: {y: 0}}}}]\n"
         "    reachable: [{expanded: VC3}]\n"
         "    properties: [every-panel-reachable, content-visible]\n"
         f"    explore: {{depth: {depth}, steps: [{{resize: {{width: 667, height: 375}}}}, "
         "{resize: {width: 375, height: 667}}]}\n",
         ["VC1", "VC2", "VC3"]),
        ("10-panel multiple", None,
         "spec: ten.yaml\ncases:\n  - name: invariants\n    script: []\n"
         "    always: {path: \"panels[0].header.y\", atMost: 0}\n"
         "    properties: [every-panel-reachable, content-visible]\n"
         f"    explore: {{depth: {depth}}}\n",
         [f"p{i}" for i in range(10)]),
    ]


def timed(args, cwd):
    """Runs `args`; its wall time and the child's CPU time, in ms, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=900)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu, result


def replay_file(steps, ids):
    """A test file whose case plays `steps` taps, one header after another, and checks the end."""
    lines = [f"      - tap: {ids[k % len(ids)]}\n" for k in range(steps)]
    return ("spec: spec.yaml\ncases:\n  - name: replay\n    script:\n" + "".join(lines)
            + "      - expect: {interaction: enabled}\n")


def run(accordion, runs=5, smoke=False):
    depth = 4 if smoke else 6
    out = {"depth": depth, "explorations": [], "note": None}
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "ten.yaml"), "w") as f:
            f.write(MULTIPLE)
        for name, spec, test, ids in cases(depth):
            path = os.path.join(tmp, name.replace(" ", "-") + ".test.yaml")
            with open(path, "w") as f:
                f.write(test)
            walls, cpus, summary = [], [], None
            for _ in range(runs):
                wall, cpu, result = timed([accordion, "test", "--explore", "--format", "json", path], tmp)
                if result.returncode not in (0, 1):
                    out["note"] = f"explore of {name} exited {result.returncode}: {result.stderr.strip()[:300]}"
                    return out
                summary = json.loads(result.stdout)["explored"]
                walls.append(wall)
                cpus.append(cpu)
            # The same number of steps, replayed as one script through `accordion test`.
            replay_dir = os.path.join(tmp, "replay-" + name.replace(" ", "-"))
            os.makedirs(replay_dir)
            with open(os.path.join(replay_dir, "spec.yaml"), "w") as f:
                f.write(open(spec).read() if spec else MULTIPLE)
            with open(os.path.join(replay_dir, "replay.test.yaml"), "w") as f:
                f.write(replay_file(summary["steps"], ids))
            rwalls, rcpus = [], []
            for _ in range(runs):
                wall, cpu, result = timed([accordion, "test", "replay.test.yaml"], replay_dir)
                if result.returncode != 0:
                    out["note"] = f"the replay of {name} exited {result.returncode}: {result.stdout[-300:]} {result.stderr[-300:]}"
                    return out
                rwalls.append(wall)
                rcpus.append(cpu)
            explore_cpu = statistics.median(cpus)
            replay_cpu = statistics.median(rcpus)
            out["explorations"].append({
                "name": name, "states": summary["states"], "steps": summary["steps"], "depth": summary["depth"],
                "complete": summary["complete"],
                "explore_median_ms": round(statistics.median(walls), 1), "explore_cpu_ms": round(explore_cpu, 1),
                "replay_median_ms": round(statistics.median(rwalls), 1), "replay_cpu_ms": round(replay_cpu, 1),
                "states_per_s": round(summary["states"] / max(explore_cpu, 0.001) * 1000),
                "steps_per_s": round(summary["steps"] / max(explore_cpu, 0.001) * 1000),
                "ratio_cpu": round(explore_cpu / max(replay_cpu, 0.001), 2),
            })
    return out


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
    print(json.dumps(run(os.path.abspath(argv[1]), runs, "--smoke" in argv), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
