"""The one way a text benchmark times `accordion render --format json` of a
spec against a C floor over the same paragraphs (cjk_bench.py, font_bench.py):
build the floor with the system cc, write the spec and the paragraphs (one a
line) to a scratch directory, run each program once checked, then `runs`
times alternating, and report the medians and the render ÷ floor ratios.

Standard library only.
"""
import argparse
import json
import os
import sys
import statistics
import subprocess
import tempfile

from content_bench import timed  # one way to time a run: wall and child CPU time


def run(accordion, name, spec_text, texts, floor_source, cc_flags, floor_args, check, runs):
    """{"paragraphs", "render": {median_ms, min_ms, cpu_median_ms, lines},
    "floor": {..., printed}, "ratio", "cpu_ratio", "note"}.

    `floor_args(text_path)` is the floor's arguments after its binary;
    `check(lines, floor_count)` returns what is wrong with the render's
    dumped lines beside the count the floor printed, or None."""
    out = {"paragraphs": len(texts), "render": None, "floor": None, "ratio": None, "cpu_ratio": None, "note": None}
    with tempfile.TemporaryDirectory() as directory:
        floor = os.path.join(directory, name + "_floor")
        built = subprocess.run(["cc", "-O2", "-o", floor, floor_source, *cc_flags], capture_output=True, text=True)
        if built.returncode != 0:
            out["note"] = f"the {name} floor did not build: " + built.stderr.strip()[:300]
            return out
        spec_path = os.path.join(directory, f"{name}-{len(texts)}.yaml")
        text_path = os.path.join(directory, f"{name}-{len(texts)}.txt")
        with open(spec_path, "w", encoding="utf-8") as f:
            f.write(spec_text)
        with open(text_path, "w", encoding="utf-8") as f:
            f.write("\n".join(texts) + "\n")
        commands = {"render": [accordion, "render", "--format", "json", spec_path], "floor": [floor, *floor_args(text_path)]}
        proc, _, _ = timed(commands["render"])
        if proc.returncode != 0:
            out["note"] = "render exited %d: %s" % (proc.returncode, proc.stderr.decode()[:300])
            return out
        lines = json.loads(proc.stdout)["panels"][0]["content"]["lines"]
        proc, _, _ = timed(commands["floor"])
        count = int(proc.stdout) if proc.returncode == 0 and proc.stdout.strip().isdigit() else None
        if count is None:
            out["note"] = f"the {name} floor failed: " + proc.stderr.decode()[:300]
            return out
        wrong = check(lines, count)
        if wrong:
            out["note"] = wrong
            return out
        samples = {key: [] for key in commands}
        for _ in range(runs):
            for key, command in commands.items():
                _, wall, cpu = timed(command)
                samples[key].append((wall, cpu))
        for key, values in samples.items():
            out[key] = {"median_ms": round(statistics.median(w for w, _ in values), 1),
                        "min_ms": round(min(w for w, _ in values), 1),
                        "cpu_median_ms": round(statistics.median(c for _, c in values), 1)}
        out["ratio"] = round(out["render"]["median_ms"] / out["floor"]["median_ms"], 3)
        out["cpu_ratio"] = round(out["render"]["cpu_median_ms"] / out["floor"]["cpu_median_ms"], 3)
        out["render"]["lines"] = len([line for line in lines if line])
        out["floor"]["printed"] = count  # what the floor prints: lines filled, or breaks found
    return out


def main(run, description, paragraphs, argv):
    """A text benchmark's command line: ACCORDION [--paragraphs N] [--runs N];
    prints `run`'s result as JSON and exits 1 when it has a note."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("accordion")
    parser.add_argument("--paragraphs", type=int, default=paragraphs)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    result = run(args.accordion, args.paragraphs, args.runs)
    json.dump(result, sys.stdout, indent=2)
    print()
    return 1 if result["note"] else 0
