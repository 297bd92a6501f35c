#!/usr/bin/env python3
"""The accordion benchmark harness (`make bench`, `make bench-smoke`).

One run: builds the release `accordion` and the floors, creates a virtual
environment with the Python peers under .build/bench-venv, generates the
specs (Benchmarks/gen_specs.py), then measures every tool on every size as
whole processes: one checked warm-up run, then several timed runs (median
and min-max wall time on the monotonic clock, peak RSS from wait4's rusage).
It then runs the model alone in process (Benchmarks/model), times
`accordion drive` sessions of 10,000 and 100,000 steps (Benchmarks/drive_bench.py),
`render --format json` of panels with 10,000 and 100,000 rows and words of
content (Benchmarks/content_bench.py), 100,000 Chinese paragraphs rendered
beside ICU's line break iterator in C (Benchmarks/cjk_bench.py), 10,000 English
paragraphs measured with Noto Sans beside HarfBuzz and ICU in C
(Benchmarks/font_bench.py), `accordion test` over 1,000 small
files against `validate` over the same specs (Benchmarks/test_files.py),
`accordion test --explore` to depth 6 against replaying as many steps as one
script (Benchmarks/explore_bench.py), the
`render --format html` page of 1,000 and 10,000 panels in headless chromium
beside a floor page (Benchmarks/page_bench.py), `validate` of a spec whose
script makes 150,000 warnings against the same spec clean
(Benchmarks/warnings_bench.py), and writes
BENCHMARKS.md (tables, ratios, targets) and bench-results.json (raw numbers).

A command that `accordion` does not have yet (not in `accordion --help`, or
a stub that exits non-zero without a word) is "n/a", so the harness works
while features land. The harness itself fails (exit 1) only when it breaks:
a build fails (the model bench included, once the model exists), the peers
cannot be installed, or a measured program crashes (dies of a signal) or
hangs past the timeout. With BENCH_STRICT=1 a command
that rejects a generated (valid) spec fails the run too. Times are never
asserted: targets are reported as pass/FAIL in BENCHMARKS.md.

usage: run.py [--smoke] [--no-build] [--sizes 10,1000,...] [--tools KEY,...]
              [--accordion BINARY] [--out DIR] [--report-only]

--sizes and --tools pick a subset (tool keys: c-floor swift-floor c-tree
swift-foundation resolve validate render-json render-svg py-jsonschema
py-jsonschema-rs check-jsonschema); --accordion measures another build of
accordion (e.g. an older commit's, for before/after figures); --out writes
BENCHMARKS.md and bench-results.json elsewhere than the repository root.
"""

import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")
BUILD = os.path.join(ROOT, ".build", "bench")
VENV = os.path.join(ROOT, ".build", "bench-venv")
WORK = os.path.join(ROOT, "bench-work")
SCHEMA = os.path.join(ROOT, "Schemas", "accordion.schema.json")
NOTES_MARKER = "<!-- notes: everything below this line is kept across runs -->"

sys.path.insert(0, BENCH)
import content_bench  # noqa: E402
import cjk_bench  # noqa: E402
import font_bench  # noqa: E402
import drive_bench  # noqa: E402
import explore_bench  # noqa: E402
import lsp_bench  # noqa: E402
import page_bench  # noqa: E402
import test_files  # noqa: E402
import warnings_bench  # noqa: E402


class HarnessError(Exception):
    """Something the harness needs is broken: the run fails."""


def log(message):
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def sh(argv, **kw):
    """Runs a set-up command; its failure breaks the harness."""
    result = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        raise HarnessError(f"{' '.join(argv)} failed (exit {result.returncode}):\n"
                           f"{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return result.stdout


# ---------------------------------------------------------------- processes

def spawn(argv, stdout_path, stderr_path, timeout):
    """Runs argv once as a whole process, through Benchmarks/measure.

    Returns (wall_ns, exit_code, peak_rss_kib, timed_out, cpu_us); exit_code is
    negative (minus the signal) when the program died of a signal. The
    launcher times CLOCK_MONOTONIC from posix_spawn to wait4 and reports
    wait4's ru_maxrss (see measure.c for why Python cannot spawn directly).
    """
    result = subprocess.run([MEASURE, f"{timeout}", stdout_path, stderr_path, *argv],
                            capture_output=True, text=True, timeout=timeout + 30, env=ENV)
    if result.returncode != 0:
        raise HarnessError(f"measure failed: {result.stderr.strip()}")
    wall, code, sig, rss, timed_out, cpu = (int(x) for x in result.stdout.split())
    return wall, (-sig if sig else code), rss, bool(timed_out), cpu


MEASURE = os.path.join(BUILD, "measure")
# Plain output (no colour) and one locale for every measured program.
ENV = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")


# ------------------------------------------------------------- measurements

class Tool:
    """One row of the tables: a program and how to call it on a file."""

    def __init__(self, key, label, kind, argv, check=None):
        self.key, self.label, self.kind = key, label, kind
        self.argv = argv          # function(path) -> argv, or None when n/a
        self.check = check        # function(stdout_text) -> problem or None
        self.na_reason = None


def check_json(text):
    try:
        json.loads(text)
    except ValueError as e:
        return f"output is not JSON: {e}"
    return None


def check_svg(text):
    head = text.lstrip()[:200]
    if "<svg" not in head and not head.startswith("<?xml"):
        return "output does not start like an SVG document"
    return None


def checked_run(tool, name, path, runs, warmup, timeout, budget):
    """The first run of one tool on one file, with its exit status and output
    checked (and kept in bench-work/out/). It is the warm-up unless `warmup`
    is off (smoke), when it is the one timed run. Returns the record, with
    the number of timed runs still to do under "planned" (fewer than `runs`
    when one run is long, so a tool gets about `budget` seconds)."""
    record = {"tool": tool.key, "status": "ok", "note": "", "runs_ms": [], "cpu_ms": [], "rss_kib": [],
              "planned": 0}
    if tool.argv is None:
        record.update(status="n/a", note=tool.na_reason or "not available")
        return record
    argv = tool.argv(path)
    record["argv"] = argv
    out = os.path.join(WORK, "out", f"{name}.{tool.key}.out")
    err = os.path.join(WORK, "out", f"{name}.{tool.key}.err")
    wall, code, rss, timed_out, cpu = spawn(argv, out, err, timeout)
    stdout = open(out, errors="replace").read()
    stderr = open(err, errors="replace").read()
    first_err = next((l for l in stderr.splitlines() if l.strip()), "")
    if timed_out:
        record.update(status="timeout", note=f"no result within {timeout:.0f} s")
        return record
    if code < 0:
        record.update(status="crash", note=f"killed by signal {-code}: {first_err[:200]}")
        return record
    if code != 0:
        if tool.kind == "accordion" and not stdout.strip() and not stderr.strip():
            record.update(status="n/a", note=f"not implemented yet (exit {code}, no output)")
        elif tool.kind == "accordion" and code == 2:
            record.update(status="n/a", note=f"not available yet (exit 2: {first_err[:160]})")
        else:
            record.update(status="rejected" if code == 1 else "error",
                          note=f"exit {code}: {(first_err or stdout.strip()[:160])[:160]}")
        return record
    if tool.check:
        problem = tool.check(stdout)
        if problem:
            record.update(status="error", note=problem)
            return record
    fits = max(1, int(budget / max(wall / 1e9, 1e-6)))
    # A peer that takes seconds needs no warming: its checked run counts
    # (its output went to a file, but a valid file gives no output).
    if not warmup or (tool.kind == "peer" and wall > 5e9):
        record["runs_ms"].append(wall / 1e6)
        record["cpu_ms"].append(cpu / 1e3)
        record["rss_kib"].append(rss)
        fits -= 1
    record["planned"] = max(0, min(runs - len(record["runs_ms"]), fits)) if warmup else 0
    return record


def timed_runs(records, name, timeout):
    """The timed runs of every tool on one file, interleaved (round-robin)
    so that a burst of load from the shared machine hits every tool alike
    rather than skewing one tool's ratios."""
    rounds = max((r["planned"] for r in records.values()), default=0)
    for i in range(rounds):
        for key, r in records.items():
            if r["status"] != "ok" or i >= r["planned"]:
                continue
            err = os.path.join(WORK, "out", f"{name}.{key}.timed.err")
            wall, code, rss, timed_out, cpu = spawn(r["argv"], "/dev/null", err, timeout)
            if timed_out:
                r.update(status="timeout", note=f"a timed run exceeded {timeout:.0f} s")
            elif code != 0:
                r.update(status="crash" if code < 0 else "error", note=f"timed run ended with exit {code}")
            else:
                r["runs_ms"].append(wall / 1e6)
                r["cpu_ms"].append(cpu / 1e3)
                r["rss_kib"].append(rss)
    for r in records.values():
        r.pop("planned", None)
        if "argv" in r:
            r["argv"] = [os.path.relpath(a, ROOT) if a.startswith(ROOT) else a for a in r["argv"]]
        if r["status"] == "ok" and r["runs_ms"]:
            r["median_ms"] = statistics.median(r["runs_ms"])
            r["min_ms"] = min(r["runs_ms"])
            r["max_ms"] = max(r["runs_ms"])
            r["cpu_median_ms"] = statistics.median(r["cpu_ms"])
            r["peak_rss_kib"] = int(statistics.median(r["rss_kib"]))


# ------------------------------------------------------------------- set-up

def machine_info():
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_kib = 0
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal:"):
                mem_kib = int(line.split()[1])
    except OSError:
        pass
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    swift_version = (swift.stdout + swift.stderr).strip().splitlines()
    libyaml = subprocess.run(["pkg-config", "--modversion", "yaml-0.1"], capture_output=True, text=True)
    return {
        "nproc": len(os.sched_getaffinity(0)),
        "cpu": cpu,
        "memory_gib": round(mem_kib / 1024 / 1024, 1),
        "kernel": platform.release(),
        "loadavg_at_start": list(os.getloadavg()),
        "swift": next((l for l in swift_version if "Swift version" in l), "unknown"),
        "libyaml": libyaml.stdout.strip() or "unknown",
        "python": platform.python_version(),
    }


def build_accordion(no_build):
    if not no_build:
        log("building the release accordion (swift build -c release --product accordion)")
        sh(["swift", "build", "-c", "release", "--product", "accordion"])
    bin_dir = sh(["swift", "build", "-c", "release", "--show-bin-path"]).strip()
    binary = os.path.join(bin_dir, "accordion")
    if not os.path.exists(binary):
        raise HarnessError(f"no release binary at {binary}")
    return binary


def build_floors():
    os.makedirs(BUILD, exist_ok=True)
    cflags = sh(["pkg-config", "--cflags", "--libs", "yaml-0.1"]).split()
    sh(["cc", "-O2", "-o", MEASURE, os.path.join(BENCH, "measure", "measure.c")])
    c_floor = os.path.join(BUILD, "libyaml_floor")
    sh(["cc", "-O2", "-o", c_floor, os.path.join(BENCH, "floor", "libyaml_floor.c")] + cflags)
    swift_floor = os.path.join(BUILD, "accordion-floor")
    swift_foundation = os.path.join(BUILD, "accordion-floor-foundation")
    source = os.path.join(BENCH, "floor-swift", "main.swift")
    include = ["-I", os.path.join(ROOT, "Sources", "CYAML")]
    log("building the floors (cc, swiftc)")
    sh(["swiftc", "-O", *include, source, "-o", swift_floor])
    sh(["swiftc", "-O", "-D", "WITH_FOUNDATION", *include, source, "-o", swift_foundation])
    return c_floor, swift_floor, swift_foundation


def model_available():
    model_dir = os.path.join(ROOT, "Sources", "AccordionModel")
    for name in os.listdir(model_dir):
        if name.endswith(".swift"):
            text = open(os.path.join(model_dir, name), errors="replace").read()
            if re.search(r"\bstruct\s+AccordionContainer\b", text):
                return True
    return False


def build_model_bench():
    """Builds AccordionModel as its own optimised module, then the bench
    executable against it, with swiftc: the package's default build and test
    build never carry it, and it builds only once the model exists."""
    if not model_available():
        return None, "AccordionContainer is not in Sources/AccordionModel yet"
    out = os.path.join(BUILD, "model")
    os.makedirs(out, exist_ok=True)
    sources = sorted(os.path.join(ROOT, "Sources", "AccordionModel", n)
                     for n in os.listdir(os.path.join(ROOT, "Sources", "AccordionModel"))
                     if n.endswith(".swift"))
    log("building the model bench (swiftc -O, AccordionModel as a separate module)")
    try:
        sh(["swiftc", "-O", "-wmo", "-parse-as-library", "-swift-version", "6",
            "-module-name", "AccordionModel", "-package-name", "accordion",
            "-emit-module", "-emit-module-path", os.path.join(out, "AccordionModel.swiftmodule"),
            "-emit-library", "-static", "-o", os.path.join(out, "libAccordionModel.a"), *sources])
        binary = os.path.join(BUILD, "accordion-bench-model")
        sh(["swiftc", "-O", "-swift-version", "6", "-I", out, "-L", out, "-lAccordionModel",
            os.path.join(BENCH, "model", "main.swift"), "-o", binary])
    except HarnessError as e:
        # The model exists but its API moved under the bench: the harness is
        # broken (the run fails) until Benchmarks/model/main.swift follows.
        return None, "model bench does not build against the current model: " + str(e)[-600:]
    return binary, None


def ensure_venv():
    """The peers, from PyPI, in .build/bench-venv (re-installed when
    Benchmarks/requirements.txt changes)."""
    requirements = os.path.join(BENCH, "requirements.txt")
    wanted = open(requirements).read()
    stamp = os.path.join(VENV, ".bench-requirements")
    python = os.path.join(VENV, "bin", "python")
    if not (os.path.exists(stamp) and open(stamp).read() == wanted and os.path.exists(python)):
        log("creating .build/bench-venv and installing the Python peers from PyPI")
        if os.path.exists(VENV):
            shutil.rmtree(VENV)
        try:
            sh([sys.executable, "-m", "venv", VENV])
        except HarnessError as e:
            raise HarnessError(f"{e}\n(on Debian: apt-get install python3-venv; `make bench` does it)")
        sh([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements])
        with open(stamp, "w") as f:
            f.write(wanted)
    probe = sh([python, "-c", "import yaml, jsonschema, jsonschema_rs; "
                "assert yaml.__with_libyaml__ and hasattr(yaml, 'CSafeLoader'), 'PyYAML has no C loader'; "
                "from importlib.metadata import version as v; "
                "print(v('PyYAML'), v('jsonschema'), v('jsonschema-rs'), v('check-jsonschema'))"]).split()
    return python, dict(zip(["PyYAML", "jsonschema", "jsonschema-rs", "check-jsonschema"], probe))


def schema_path():
    if os.path.exists(SCHEMA):
        return SCHEMA, False
    from placeholder_schema import SCHEMA as PLACEHOLDER
    path = os.path.join(BUILD, "placeholder.schema.json")
    os.makedirs(BUILD, exist_ok=True)
    with open(path, "w") as f:
        json.dump(PLACEHOLDER, f, indent=2)
    return path, True


def accordion_commands(binary):
    """The command names `accordion --help` lists."""
    result = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=30)
    names, in_commands = set(), False
    for line in result.stdout.splitlines():
        if line.strip().upper().startswith("COMMANDS"):
            in_commands = True
            continue
        if in_commands:
            m = re.match(r"^\s+([a-z][a-z-]*)\s{2,}", line)
            if m:
                names.add(m.group(1))
            elif line.strip() and not line.startswith(" "):
                in_commands = False
    return names


def make_tools(accordion, commands, floors, python, schema):
    c_floor, swift_floor, swift_foundation = floors
    peer = os.path.join(BENCH, "peers", "pyyaml_validate.py")
    check_jsonschema = os.path.join(VENV, "bin", "check-jsonschema")
    tools = [
        Tool("c-floor", "libyaml event parse, C (floor)", "floor", lambda p: [c_floor, p]),
        Tool("swift-floor", "Swift on libyaml, no Foundation (floor)", "floor", lambda p: [swift_floor, p]),
        Tool("c-tree", "libyaml document tree, C (reference)", "reference", lambda p: [c_floor, "--tree", p]),
        Tool("swift-foundation", "Swift on libyaml + Foundation (reference)", "reference",
             lambda p: [swift_foundation, p]),
        Tool("resolve", "accordion resolve", "accordion", lambda p: [accordion, "resolve", p], check_json),
        Tool("validate", "accordion validate", "accordion", lambda p: [accordion, "validate", p]),
        Tool("render-json", "accordion render --format json", "accordion",
             lambda p: [accordion, "render", "--format", "json", p], check_json),
        Tool("render-svg", "accordion render --format svg", "accordion",
             lambda p: [accordion, "render", "--format", "svg", p], check_svg),
        Tool("py-jsonschema", "PyYAML C loader + jsonschema", "peer",
             lambda p: [python, peer, "jsonschema", schema, p]),
        Tool("py-jsonschema-rs", "PyYAML C loader + jsonschema-rs", "peer",
             lambda p: [python, peer, "jsonschema-rs", schema, p]),
        Tool("check-jsonschema", "check-jsonschema", "peer",
             lambda p: [check_jsonschema, "--schemafile", schema, p]),
    ]
    needs = {"resolve": "resolve", "validate": "validate", "render-json": "render", "render-svg": "render"}
    for tool in tools:
        if tool.key in needs and needs[tool.key] not in commands:
            tool.argv = None
            tool.na_reason = f"`accordion {needs[tool.key]}` does not exist yet"
    return tools


# ------------------------------------------------------------------ targets

def med(results, size, key, stat="median_ms"):
    r = results.get(size, {}).get(key)
    return r.get(stat) if r and r.get("status") == "ok" else None


def targets(results, files, model, drive=None, lsp=None, content=None, tests=None, page=None, cjk=None, warnings=None,
            explore=None, font=None):
    """Every target of the issue, as a ratio measured in this run. Time
    ratios are judged on the medians; the same ratio by the fastest run and
    by CPU time (user + system) is kept beside it, the steadier readings
    when the shared machine is loaded."""
    out = []

    def add(name, value, limit, cmp, unit, why_missing, fastest=None, cpu=None):
        entry = {"target": name, "measured": None, "limit": limit, "unit": unit, "comparison": cmp,
                 "result": "n/a", "note": why_missing,
                 "by_fastest_run": None if fastest is None else round(fastest, 3),
                 "by_cpu_time": None if cpu is None else round(cpu, 3)}
        if value is not None:
            ok = value <= limit if cmp == "<=" else value >= limit
            entry.update(measured=round(value, 3), result="pass" if ok else "FAIL", note="")
        out.append(entry)

    def ratio(a, b):
        return a / b if a is not None and b else None

    def timed(name, num, den, limit, cmp, unit, why):
        values = [ratio(med(results, *num, stat), med(results, *den, stat))
                  for stat in ("median_ms", "min_ms", "cpu_median_ms")]
        add(name, values[0], limit, cmp, unit, why, values[1], values[2])

    timed("30-line sample: validate ÷ Swift floor", ("sample", "validate"), ("sample", "swift-floor"),
          2.0, "<=", "×", "needs accordion validate and the Swift floor on the sample")
    timed("30-line sample: check-jsonschema ÷ validate", ("sample", "check-jsonschema"), ("sample", "validate"),
          40.0, ">=", "× faster", "needs accordion validate and check-jsonschema on the sample")
    timed("100,000 panels: validate ÷ libyaml event-parse floor", ("100000", "validate"), ("100000", "c-floor"),
          2.0, "<=", "×", "needs accordion validate on 100,000 panels")
    timed("100,000 panels: (PyYAML C + jsonschema-rs) ÷ validate", ("100000", "py-jsonschema-rs"),
          ("100000", "validate"), 20.0, ">=", "× faster",
          "needs accordion validate and the jsonschema-rs peer on 100,000 panels")
    rss = results.get("100000", {}).get("validate", {})
    size = files.get("100000", {}).get("bytes")
    add("100,000 panels: validate peak memory ÷ file size",
        (rss["peak_rss_kib"] * 1024 / size) if rss.get("status") == "ok" and size else None,
        8.0, "<=", "×", "needs accordion validate on 100,000 panels")
    for key, label in (("validate", "validate"), ("render-json", "render --format json")):
        timed(f"scaling 10,000 → 100,000 panels: {label} time grows", ("100000", key), ("10000", key),
              11.0, "<=", "×", f"needs accordion {label} on 10,000 and 100,000 panels")
    taps = (model or {}).get("taps")

    def flatness(per):
        if len(per) < 2:
            return None
        k = max(1, min(3, len(per) // 3))
        return statistics.median(per[-k:]) / statistics.median(per[:k])

    taps = taps or {}
    # Judged on the thread's CPU time (least over the rounds): preemption by
    # other processes cannot pass for growth there; wall figures beside.
    add("model: per-tap CPU cost, last 3 ÷ first 3 chunks of a 100,000-tap script",
        flatness(taps.get("min_cpu_ns_per_tap") or taps.get("cpu_ns_per_tap") or taps.get("ns_per_tap") or []),
        1.5, "<=", "×",
        (model or {}).get("note") or "needs the model bench",
        flatness(taps.get("min_ns_per_tap") or []), None)
    layout = {r["panels"]: r for r in (model or {}).get("layout", [])}
    big, small = layout.get(100000, {}), layout.get(10000, {})
    sessions = {r["steps"]: r for r in (drive or {}).get("sessions", [])}
    big_s, small_s = sessions.get(100000, {}), sessions.get(10000, {})
    add("drive: a session of 100,000 steps ÷ 10,000 steps", ratio(big_s.get("median_ms"), small_s.get("median_ms")),
        11.0, "<=", "×", (drive or {}).get("note") or "needs accordion drive on 10,000 and 100,000 steps",
        ratio(big_s.get("min_ms"), small_s.get("min_ms")), ratio(big_s.get("cpu_median_ms"), small_s.get("cpu_median_ms")))
    sizes = {r["rows"]: r for r in (content or {}).get("sizes", [])}
    big_c, small_c = sizes.get(100000, {}), sizes.get(10000, {})
    add("content: 100,000 rows and words ÷ 10,000, render --format json", ratio(big_c.get("median_ms"), small_c.get("median_ms")),
        11.0, "<=", "×", (content or {}).get("note") or "needs accordion render with panel content on 10,000 and 100,000 rows",
        ratio(big_c.get("min_ms"), small_c.get("min_ms")), ratio(big_c.get("cpu_median_ms"), small_c.get("cpu_median_ms")))
    cjk = cjk or {}
    add("100,000 CJK paragraphs: render --format json ÷ ICU's line break iterator in C over the same texts",
        cjk.get("ratio"), 1.5, "<=", "×", cjk.get("note") or "needs accordion render with text content",
        ratio((cjk.get("render") or {}).get("min_ms"), (cjk.get("floor") or {}).get("min_ms")), cjk.get("cpu_ratio"))
    font = font or {}
    add("10,000 paragraphs with measure: font: render --format json ÷ HarfBuzz and ICU in C over the same texts",
        font.get("ratio"), 1.5, "<=", "×", font.get("note") or "needs accordion render with a font-measured text",
        ratio((font.get("render") or {}).get("min_ms"), (font.get("floor") or {}).get("min_ms")), font.get("cpu_ratio"))
    lsp = lsp or {}
    # Issue 27: reporting warnings at scale costs little beside finding none.
    warnings = warnings or {}
    noisy, clean = warnings.get("warnings") or {}, warnings.get("clean") or {}
    why = warnings.get("note") or "needs the warnings bench"
    add("150,000 warnings: validate ÷ the same spec without them", ratio(noisy.get("median_ms"), clean.get("median_ms")),
        3.0, "<=", "×", why, ratio(noisy.get("min_ms"), clean.get("min_ms")),
        ratio(noisy.get("cpu_median_ms"), clean.get("cpu_median_ms")))
    add("150,000 warnings: validate peak memory ÷ file size",
        noisy["peak_rss_kib"] * 1024 / warnings["bytes"] if noisy.get("peak_rss_kib") and warnings.get("bytes") else None,
        8.0, "<=", "×", why)
    add("lsp: a change to 1,000 panels → its diagnostics, p95", (lsp.get("latency_ms") or {}).get("p95"),
        50.0, "<=", "ms", lsp.get("note") or "needs accordion lsp")
    add("lsp: server RSS growth over 9,000 random edits (after the first 1,000)",
        lsp.get("rss_growth_after_first_1000_kib"), 2048, "<=", "KiB", lsp.get("note") or "needs accordion lsp")
    add("model: layout(at:) 100,000 ÷ 10,000 panels", ratio(big.get("ns_per_call"), small.get("ns_per_call")),
        11.0, "<=", "×", (model or {}).get("note") or "needs the model bench",
        ratio(big.get("min_ns_per_call"), small.get("min_ns_per_call")), None)
    # The same two targets with `expansion: multiple`: a tap edits a sorted
    # open set of thousands of panels, a layout sums the shares of every one.
    multiple = (model or {}).get("multiple") or {}
    mtaps = multiple.get("taps") or {}
    add("model, expansion multiple: per-tap CPU cost, last 3 ÷ first 3 chunks of a 100,000-tap script",
        flatness(mtaps.get("min_cpu_ns_per_tap") or mtaps.get("cpu_ns_per_tap") or mtaps.get("ns_per_tap") or []),
        1.5, "<=", "×",
        (model or {}).get("note") or "needs the model bench",
        flatness(mtaps.get("min_ns_per_tap") or []), None)
    # Issue 25: a tap in a tree of three levels costs the panels it moves.
    # The same taps on the same first branch of a 10,020-panel tree and of a
    # 1,002-panel one move the same panels, so the ratio is about 1 when a
    # tap costs what it moves and about 10 when it walks the tree.
    nested = (model or {}).get("nested") or {}
    nbig, nsmall = nested.get("big") or {}, nested.get("small") or {}
    add("model, nested: per-tap CPU cost in a 10,020-panel tree of 3 levels ÷ in a 1,002-panel one (the same panels move)",
        ratio(nbig.get("min_cpu_ns_per_tap"), nsmall.get("min_cpu_ns_per_tap")), 1.5, "<=", "×",
        (model or {}).get("note") or "needs the model bench",
        ratio(nbig.get("min_ns_per_tap"), nsmall.get("min_ns_per_tap")),
        ratio(nbig.get("cpu_ns_per_tap"), nsmall.get("cpu_ns_per_tap")))
    mlayout = {r["panels"]: r for r in multiple.get("layout", [])}
    mbig, msmall = mlayout.get(100000, {}), mlayout.get(10000, {})
    add("model, expansion multiple: layout(at:) 100,000 ÷ 10,000 panels", ratio(mbig.get("ns_per_call"), msmall.get("ns_per_call")),
        11.0, "<=", "×", (model or {}).get("note") or "needs the model bench",
        ratio(mbig.get("min_ns_per_call"), msmall.get("min_ns_per_call")), None)
    tests = tests or {}
    # `validate` checks a test file's cases against its spec, as `test` does
    # before running them: both commands read the very same files.
    files_ratio = (tests.get("ratios") or {}).get("test_files_same") or {}
    add(f"{tests.get('files', 1000):,} test files: test ÷ validate of the same test files",
        files_ratio.get("median_ms"), 1.5, "<=", "×", tests.get("note") or "needs accordion test",
        files_ratio.get("min_ms"), files_ratio.get("cpu_median_ms"))
    # The same measure on specs that carry their expectations in their own
    # scripts: `test` and `validate` read the very same files.
    checked_ratio = (tests.get("ratios") or {}).get("checked") or {}
    add(f"{tests.get('files', 1000):,} specs with expect steps: test ÷ validate of the same files",
        checked_ratio.get("median_ms"), 1.5, "<=", "×", tests.get("note") or "needs accordion test",
        checked_ratio.get("min_ms"), checked_ratio.get("cpu_median_ms"))
    # `accordion test --explore` to depth 6 against replaying as many steps
    # as one script through `accordion test`: the explorer's own cost beside
    # the model's (CPU time: both are one process on one thread).
    explore = explore or {}
    for r in explore.get("explorations", []) or [{"name": n} for n in ("article demo", "10-panel multiple")]:
        add(f"explore, {r['name']}, depth {explore.get('depth', 6)}: exploration ÷ replaying its steps as one script",
            r.get("ratio_cpu"), 10.0, "<=", "×", explore.get("note") or "needs accordion test --explore",
            None, r.get("ratio_cpu"))
    # The page in headless chromium against the floor page of the same run:
    # frame intervals while a click's transition runs (p95 of every interval
    # of every visit; beside it the visits' best p95s), the click's time to
    # its first frame beyond the floor's in frames of the display (60 Hz,
    # which the floor holds at 1,000 panels), and the load until a first
    # click is answered.
    page = page or {}
    by_size = {r["panels"]: r for r in page.get("sizes", [])}
    why = page.get("note") or "needs the page bench (headless chromium)"

    def page_figure(n, key):
        r = by_size.get(n)
        return (r["page"][key], r["floor"][key]) if r else (None, None)

    for n, limit in ((1000, 1.25), (10000, 1.5)):
        add(f"page, {n:,} panels: p95 frame interval during a transition ÷ the floor page's",
            ratio(*page_figure(n, "interval_p95_ms")), limit, "<=", "×", why,
            ratio(*page_figure(n, "interval_p95_best_visit_ms")), None)
    for n in (1000, 10000):
        mine, floor = page_figure(n, "first_frame_ms")
        best, floor_best = page_figure(n, "first_frame_min_ms")
        add(f"page, {n:,} panels: click to first frame, beyond the floor page's",
            None if mine is None else (mine - floor) / page_bench.FRAME_MS, 2.0, "<=", "frames", why,
            None if best is None else (best - floor_best) / page_bench.FRAME_MS, None)
    add("page, 10,000 panels: load until the first click is answered ÷ the floor page's",
        ratio(*page_figure(10000, "interactive_ms")), 1.5, "<=", "×", why,
        ratio(*page_figure(10000, "interactive_min_ms")), None)
    return out


# ------------------------------------------------------------------- report

def model_tables(taps, layout):
    """The model bench's two tables for one expansion mode: per-tap cost by
    chunk, and layout(at:) by stack size."""
    lines = [
        "",
        "| chunk | " + " | ".join(str(i + 1) for i in range(len(taps["ns_per_tap"]))) + " |",
        "|---|" + "---|" * len(taps["ns_per_tap"]),
    ]
    for label, key in (("ns per tap, fastest round", "min_ns_per_tap"), ("ns per tap, median round", "ns_per_tap"),
                       ("CPU ns per tap, least", "min_cpu_ns_per_tap"), ("CPU ns per tap, median", "cpu_ns_per_tap")):
        if taps.get(key):
            lines.append(f"| {label} | " + " | ".join(f"{x:,.0f}" for x in taps[key]) + " |")
    lines += [
        "",
        "| panels | layout(at:) per call, median | fastest call | per panel (fastest) | calls |",
        "|---|---|---|---|---|",
    ]
    for r in layout:
        fastest = r.get("min_ns_per_call", r["ns_per_call"])
        lines.append(f"| {r['panels']:,} | {r['ns_per_call'] / 1e6:.3f} ms | {fastest / 1e6:.3f} ms | "
                     f"{fastest / r['panels']:.1f} ns | {r['calls']} |")
    return lines


def page_section(page):
    """The page bench's table: each size, the floor page and the page."""
    lines = ["## The interactive page in headless chromium", ""]
    if not page.get("sizes"):
        return lines + [f"n/a: {page.get('note', 'not run')}", ""]
    lines += [
        "`Benchmarks/page_bench.py`: the page `render --format html` writes for N panels (375 × 667 screen, 44 pt "
        "headers, 300 pt contents, `overflow: scroll`, a 1 s easeInOut animation) beside a floor page generated in "
        "the same run (N absolutely positioned header divs in a box of the same size, whose click moves the N - 1 "
        "below the clicked one with `transform` in a requestAnimationFrame loop for 1 s), opened from disk in one "
        f"headless chromium in turn, {page['rounds']} {'visit' if page['rounds'] == 1 else 'visits'} each. A visit "
        "loads the page (navigation start to the end of the first frame after the load event), clicks the first "
        "header (a real mouse click over the DevTools protocol) and clicks it again once the transition is over: "
        "the page opens and closes the first panel, moving N - 1 headers each time. Per click: the click event to "
        "the end of its first frame, and every requestAnimationFrame timestamp during the 1 s transition (the "
        "intervals between them are the frames the main thread produced; p50, p95 and max of every interval of "
        "every visit). \"Answered\" is the load plus the first click's time to its first frame. Medians over the "
        "visits; load average " + ", ".join(f"{a[0]:.2f}" for a in page.get("loadavg", [])) + " (1 min, before "
        "and after each size).",
        "",
        "| panels | page | size | load | first click answered | click → first frame (handler) | frames a transition "
        "| interval p50 | p95 | max |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in page["sizes"]:
        for kind, label, size in (("floor", "floor", r["floor_bytes"]), ("page", "render --format html", r["bytes"])):
            x = r[kind]
            lines.append(f"| {r['panels']:,} | {label} | {fmt_bytes(size)} | {fmt_ms(x['load_ms'])} | "
                         f"{fmt_ms(x['interactive_ms'])} | {fmt_ms(x['first_frame_ms'])} ({fmt_ms(x['handler_ms'])}) | "
                         f"{x['frames_per_transition']:.0f} | {fmt_ms(x['interval_p50_ms'])} | "
                         f"{fmt_ms(x['interval_p95_ms'])} | {fmt_ms(x['interval_max_ms'])} |")
    return lines + [""]


def fmt_ms(ms):
    if ms is None:
        return "–"
    if ms >= 10000:
        return f"{ms / 1000:.1f} s"
    if ms >= 100:
        return f"{ms:.0f} ms"
    if ms >= 10:
        return f"{ms:.1f} ms"
    return f"{ms:.2f} ms"


def fmt_ratio(x):
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:.0f}×"
    if x >= 10:
        return f"{x:.1f}×"
    return f"{x:.2f}×"


def fmt_mib(kib):
    return "–" if kib is None else f"{kib / 1024:.1f} MiB"


def fmt_bytes(n):
    if n >= 1024 * 1024:
        return f"{n / 1024 / 1024:.1f} MiB"
    if n >= 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n} B"


SIZE_TITLES = {"sample": "30-line sample"}


def write_markdown(path, data, tools):
    lines = []
    m = data["machine"]
    lines += [
        "# Benchmarks",
        "",
        f"Written by `{'make bench-smoke' if data['mode'] == 'smoke' else 'make bench'}` "
        f"(Benchmarks/run.py) on {data['date']}; the raw numbers are in `bench-results.json`. "
        "Everything above the notes marker at the end is regenerated by each run.",
        "",
        "## Machine",
        "",
        f"- CPU: {m['cpu']}, {m['nproc']} cores available (nproc), {m['memory_gib']} GiB memory, "
        f"Linux {m['kernel']}",
        f"- Load average (1, 5, 15 min) when the run started: {', '.join(f'{x:.2f}' for x in m['loadavg_at_start'])}"
        + (f"; when it ended: {', '.join(f'{x:.2f}' for x in m['loadavg_at_end'])}" if m.get("loadavg_at_end") else "")
        + " "
        "(the machine is shared; every target is a ratio measured in the same run for that reason)",
        f"- Swift: {m['swift']}; libyaml {m['libyaml']}; Python {m['python']}",
        "- Peers (PyPI, in .build/bench-venv): "
        + ", ".join(f"{k} {v}" for k, v in data["peers"].items()),
        f"- Schema the peers validate against: `{data['schema']['path']}`"
        + (" (a **placeholder** of the same shape: Schemas/accordion.schema.json is not in the "
           "repository yet)" if data["schema"]["placeholder"] else ""),
        "",
        "## How it measures",
        "",
        "Every figure is a whole process, started with posix_spawn by a tiny C launcher "
        "(`Benchmarks/measure/measure.c`) and reaped with wait4: wall time on the monotonic clock from "
        "spawn to reap, peak memory from wait4's `ru_maxrss` (about 1.4 MiB is the launcher's own floor). Each tool runs "
        "once as a checked warm-up (exit status and output checked, output kept in `bench-work/out/`), "
        "then several timed runs with stdout to /dev/null, "
        f"interleaved round-robin across the tools of a size so load bursts hit all alike "
        f"({data['runs']}; fewer when one run takes long, see the runs column); the tables show the median "
        "and the min–max, and the median CPU time (user + system, from the same rusage). Ratio columns divide this row's median by the floor's; peer columns divide the "
        "peer's median by this row's (how many times faster this row is).",
        "",
        "- **libyaml event parse, C (floor)**: `Benchmarks/floor/libyaml_floor.c` runs libyaml's event "
        "parser over the file and discards the events.",
        "- **Swift on libyaml, no Foundation (floor)**: `Benchmarks/floor-swift/main.swift`, the same "
        "loop in Swift: the cost of starting a Swift process. The `+ Foundation` row is the same program "
        "importing Foundation, for scale.",
        "- **libyaml document tree, C (reference)**: the same C program with `--tree` "
        "(`yaml_parser_load`): libyaml's own tree, for time and memory scale.",
        "- **accordion …**: the release binary (`swift build -c release`), stdout to /dev/null. "
        "\"n/a\" means the command does not exist yet.",
        "- **Peers**: `Benchmarks/peers/pyyaml_validate.py` (PyYAML's C loader, then `jsonschema` or "
        "`jsonschema-rs`, all errors collected) and the `check-jsonschema` command, each validating the "
        "same file against the same schema.",
        "",
        "The specs are generated by `Benchmarks/gen_specs.py` (deterministic): anchors under `x-styles` "
        "with merge keys, both colour forms, per-panel overrides, and a valid script of taps, waits and "
        "`at` taps (a third as many steps as panels).",
        "",
        "## Targets",
        "",
        "Judged on medians (the model's tap flatness on CPU time); the same ratio by the fastest run "
        "and by CPU time is shown beside it, the steadier readings when the load average above is high.",
        "",
        *([f"**The machine was overloaded during this run** (load average up to "
           f"{max(m['loadavg_at_start'] + m.get('loadavg_at_end', [])):.1f} on {m['nproc']} cores): wall-time "
           "medians include waiting for a core, so read the CPU-time column for the ratios.", ""]
          if max(m["loadavg_at_start"] + m.get("loadavg_at_end", [])) > m["nproc"] else []),
        "| target | measured | by fastest run | by CPU time | limit | result |",
        "|---|---|---|---|---|---|",
    ]
    for t in data["targets"]:
        sign = "≤" if t["comparison"] == "<=" else "≥"
        # A ratio reads "1.5×"; a figure in its own unit "6.37 ms".
        unit = "×" if t["unit"].startswith("×") else " " + t["unit"]
        extra = [f"{t[k]:.3g}{unit}" if t.get(k) is not None else "–" for k in ("by_fastest_run", "by_cpu_time")]
        if t["measured"] is None:
            lines.append(f"| {t['target']} | – | {extra[0]} | {extra[1]} | {sign} {t['limit']:g}{unit} | n/a: {t['note']} |")
        else:
            lines.append(f"| {t['target']} | {t['measured']:.3g}{unit} | {extra[0]} | {extra[1]} | "
                         f"{sign} {t['limit']:g}{unit} | **{t['result']}** |")
    lines.append("")
    if data["mode"] == "smoke":
        lines += ["(Smoke run: one run each, 1,000 panels only; targets are not meaningful here.)", ""]
    lines += ["## Results per size", ""]
    for size, file_info in data["files"].items():
        if size not in data["results"]:
            continue
        title = SIZE_TITLES[size] if size in SIZE_TITLES else f"{int(size):,} panels"
        lines += [f"### {title} ({fmt_bytes(file_info['bytes'])}, `{os.path.relpath(file_info['path'], ROOT)}`)", ""]
        peers = [t for t in tools if t.kind == "peer"]
        header = ["what", "median", "min–max", "CPU", "runs", "peak memory", "÷ C floor", "÷ Swift floor"]
        header += [f"{t.label} ÷ this" for t in peers]
        lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        rows = data["results"][size]
        c_floor = med(data["results"], size, "c-floor")
        s_floor = med(data["results"], size, "swift-floor")
        for tool in tools:
            r = rows.get(tool.key)
            if r is None:
                continue
            if r["status"] != "ok":
                cells = [tool.label, r["status"], r["note"].replace("|", "\\|")] + [""] * (len(header) - 3)
            else:
                mm = r["median_ms"]
                cells = [tool.label, fmt_ms(mm), f"{fmt_ms(r['min_ms'])}–{fmt_ms(r['max_ms'])}",
                         fmt_ms(r.get("cpu_median_ms")), str(len(r["runs_ms"])), fmt_mib(r["peak_rss_kib"]),
                         fmt_ratio(mm / c_floor) if c_floor else "–",
                         fmt_ratio(mm / s_floor) if s_floor else "–"]
                for p in peers:
                    pm = med(data["results"], size, p.key)
                    cells.append("–" if pm is None or p.key == tool.key else fmt_ratio(pm / mm))
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    lines += ["## The model alone, in process", ""]
    model = data.get("model") or {}
    if model.get("taps"):
        taps = model["taps"]
        lines += [
            f"`Benchmarks/model/main.swift` (built with `swiftc -O` against AccordionModel as its own module): "
            f"{taps['taps']:,} untimed taps on pseudo-random headers of a {taps['panels']:,}-panel accordion, "
            f"timed in {taps['chunks']} chunks, the whole script run {taps.get('rounds', 1)} times on a fresh "
            "container (per chunk: wall time of the fastest and the median round, and the thread's CPU "
            "time, least and median over the rounds; flatness is judged on the least CPU time); then `layout(at:)` half-way through a transition that moves a quarter of the "
            "stack (median of repeated calls).",
        ]
        lines += model_tables(taps, model.get("layout", []))
        multiple = model.get("multiple") or {}
        if multiple.get("taps"):
            lines += [
                "",
                "The same with `expansion: multiple` (each tap opens or closes its own panel, so about half the "
                "stack ends up open; the layout is taken with every fourth panel open while a tap opens or closes one more):",
            ]
            lines += model_tables(multiple["taps"], multiple.get("layout", []))
        nested = model.get("nested") or {}
        if nested.get("big") and nested.get("small"):
            lines += [
                "",
                "Nested taps (issue 25): a tree of three levels, single at each, taps on the shown headers of its "
                "first branch (1 in 4 on a panel of its middle level, which brings its 24 panels in or out, the others "
                "on a shown panel of the deepest level), the same taps on a tree of 10,020 panels and on one of 1,002 "
                "whose first branch is the same (least and median over the rounds):",
                "",
                "| tree | panels | taps | log entries per tap | ns per tap, fastest round | CPU ns per tap, least | CPU ns per tap, median |",
                "|---|---|---|---|---|---|---|",
            ]
            for key in ("big", "small"):
                r = nested[key]
                lines.append(f"| {r['top']} × 20 × 24 | {r['panels']:,} | {r['taps']:,} | {r.get('entries_per_tap', 0):.2f} | "
                             f"{r['min_ns_per_tap']:,.0f} | {r['min_cpu_ns_per_tap']:,.0f} | {r['cpu_ns_per_tap']:,.0f} |")
    else:
        lines.append(f"n/a: {model.get('note', 'not run')}")
    lines.append("")
    lsp = data.get("lsp") or {}
    lines += ["## `accordion lsp`", ""]
    if lsp.get("latency_ms"):
        rss = lsp["rss_kib"]
        lines += [
            f"`Benchmarks/lsp_bench.py`: a scripted client on {lsp['panels']:,} panels ({fmt_bytes(lsp['bytes'])}). "
            f"{lsp['changes']} single incremental changes (didChange alone, after a quiet spell): change → its "
            f"publishDiagnostics p50 {lsp['latency_ms']['p50']} ms, p95 {lsp['latency_ms']['p95']} ms, "
            f"max {lsp['latency_ms']['max']} ms (the last change of a burst of three waits for the 150 ms "
            f"debounce: median {lsp['debounced_ms']['median']} ms). "
            f"{lsp['edits']:,} random edits with malformed messages among them took {lsp['session_s']} s; "
            "the server's RSS every 1,000 edits (KiB): " + ", ".join(str(kib) for _, kib in rss) + ".",
        ]
    else:
        lines.append(f"n/a: {lsp.get('note', 'not run')}")
    lines.append("")
    tests = data.get("tests") or {}
    lines += ["## `accordion test` over many small files", ""]
    if tests.get("commands"):
        c = tests["commands"]
        lines += [
            f"`Benchmarks/test_files.py`: {tests['files']:,} small specs (5 panels, no warnings) and one "
            "`*.test.yaml` per spec (two cases, each a script with expectations), judged against `validate` of the "
            "same test files (which checks each case against its spec) and reported against `validate` of their "
            "specs; a second folder holds the same "
            "specs with `expect` steps in their own scripts; a third, realistic one (reported, not judged) copies of "
            "`samples/faq.yaml`, each with a test file of four cases. One process per command over the whole folder "
            f"(both commands check many files on two threads), one checked warm-up, then {tests['runs']} "
            f"{'run' if tests['runs'] == 1 else 'runs'} of the commands in turn.",
            "",
            "| command | median | fastest | CPU | ratio (median, fastest, CPU) |",
            "|---|---|---|---|---|",
        ]
        for key, ratio_key, den in (("test-files", "test_files_same", "validate-tests"), ("validate-tests", None, None),
                                    ("test-files", "test_files", "validate-specs"), ("validate-specs", None, None),
                                    ("test-checked", "checked", "validate-checked"), ("validate-checked", None, None),
                                    ("test-faq", "realistic", "validate-faq"), ("validate-faq", None, None)):
            if key not in c:
                continue
            r = c[key]
            ratios = tests["ratios"][ratio_key] if ratio_key else None
            lines.append(f"| `{' '.join(r['argv'])}` | {fmt_ms(r['median_ms'])} | {fmt_ms(r['min_ms'])} | "
                         f"{fmt_ms(r['cpu_median_ms'])} | " + (
                             ", ".join(fmt_ratio(ratios[k]) for k in ("median_ms", "min_ms", "cpu_median_ms"))
                             + f" of `{' '.join(c[den]['argv'])}`" if ratios else "") + " |")
    else:
        lines.append(f"n/a: {tests.get('note', 'not run')}")
    lines.append("")
    explore = data.get("explore") or {}
    lines += ["## `accordion test --explore`", ""]
    if explore.get("explorations"):
        lines += [
            f"`Benchmarks/explore_bench.py`: breadth-first to depth {explore['depth']} over the article demo (its "
            "invariants, the named properties, a rotation among the steps) and a 10-panel `expansion: multiple` "
            "spec; each beside `accordion test` replaying as many steps (taps on each header in turn) as one script. "
            "CPU time (user + system) of the one process; the ratio is judged on it.",
            "",
            "| exploration | states | steps | median | CPU | states/s | replay CPU | ratio (CPU) |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in explore["explorations"]:
            lines.append(f"| {r['name']} | {r['states']:,} | {r['steps']:,} | {fmt_ms(r['explore_median_ms'])} | "
                         f"{fmt_ms(r['explore_cpu_ms'])} | {r['states_per_s']:,} | {fmt_ms(r['replay_cpu_ms'])} | "
                         f"{r['ratio_cpu']:.2f}× |")
    else:
        lines.append(f"n/a: {explore.get('note', 'not run')}")
    lines.append("")
    notes = ""
    if os.path.exists(path):
        old = open(path).read()
        if NOTES_MARKER in old:
            notes = old.split(NOTES_MARKER, 1)[1].lstrip("\n")
    if not notes:
        notes = ("## Notes\n\nBefore/after figures of optimisations, and why a target cannot hold where one "
                 "cannot, go here by hand; runs keep this part.\n")
    lines += page_section(data.get("page") or {})
    lines += [NOTES_MARKER, "", notes.rstrip("\n"), ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


# --------------------------------------------------------------------- main

def report_only(out_dir):
    """Rewrites BENCHMARKS.md from an existing bench-results.json (after
    editing the notes, or changing the report's layout) without measuring."""
    with open(os.path.join(out_dir, "bench-results.json")) as f:
        data = json.load(f)
    for v in data["files"].values():
        v["path"] = os.path.join(ROOT, v["path"])
    none = lambda p: None  # noqa: E731
    tools = make_tools(none, set(data.get("accordion_commands", [])), (none, none, none), none, none)
    write_markdown(os.path.join(out_dir, "BENCHMARKS.md"), data, tools)
    return 0


def main(argv):
    if "--help" in argv or "-h" in argv:
        print(__doc__.strip())
        return 0
    if "--report-only" in argv:
        return report_only(os.path.abspath(argv[argv.index("--out") + 1]) if "--out" in argv else ROOT)
    smoke = "--smoke" in argv
    no_build = "--no-build" in argv
    sizes = ["10", "1000", "10000", "100000"]
    if "--sizes" in argv:
        sizes = argv[argv.index("--sizes") + 1].split(",")
    if smoke:
        sizes = ["1000"]
    out_dir = os.path.join(WORK, "smoke") if smoke else ROOT
    if "--out" in argv:
        out_dir = os.path.abspath(argv[argv.index("--out") + 1])
    os.makedirs(out_dir, exist_ok=True)
    os.makedirs(os.path.join(WORK, "out"), exist_ok=True)
    started = time.time()
    machine = machine_info()

    if "--accordion" in argv:
        # Another build of accordion (an older commit's, for before/after figures).
        accordion = os.path.abspath(argv[argv.index("--accordion") + 1])
    else:
        accordion = build_accordion(no_build)
    floors = build_floors()
    python, peer_versions = ensure_venv()
    schema, placeholder = schema_path()
    log("generating specs")
    listing = sh([sys.executable, os.path.join(BENCH, "gen_specs.py"), os.path.join(WORK, "specs")] + sizes)
    files = {}
    for line in listing.splitlines():
        name, path, size = line.split("\t")
        files[name] = {"path": path, "bytes": int(size)}
    commands = accordion_commands(accordion)
    tools = make_tools(accordion, commands, floors, python, schema)
    if "--tools" in argv:
        # A subset while optimising, e.g. --tools c-floor,swift-floor,validate
        keep = set(argv[argv.index("--tools") + 1].split(","))
        tools = [t for t in tools if t.key in keep]

    # (timed runs after the warm-up at most, timeout per run in s, time budget per tool in s)
    # Fast tools get 11 runs at every size: on a shared machine a median of 5 is
    # too noisy to judge a target by (BENCHMARKS.md's notes); the time budget
    # still keeps a peer that takes seconds to a few.
    plan = {"sample": (11, 60, 15), "10": (11, 60, 15), "1000": (11, 60, 15),
            "10000": (11, 120, 20), "100000": (11, 180, 40)}
    order = [] if smoke else ["sample"]
    order += [s for s in sizes if s in files]
    results = {}
    broken = []
    for size in order:
        runs, timeout, budget = plan.get(size, (5, 120, 30))
        records = {}
        for tool in tools:
            r = checked_run(tool, size, files[size]["path"], runs, warmup=not smoke, timeout=timeout, budget=budget)
            records[tool.key] = r
            log(f"{size}: {tool.label}: " + (f"{r['status']}: {r['note']}" if r["status"] != "ok"
                                             else f"checked, {r['planned']} timed runs to do"))
        timed_runs(records, size, timeout)
        results[size] = records
        for tool in tools:
            r = records[tool.key]
            log(f"{size}: {tool.label}: " + (fmt_ms(r.get("median_ms")) if r["status"] == "ok"
                                             else f"{r['status']}: {r['note']}"))
            if r["status"] in ("crash", "timeout") and tool.kind != "peer":
                broken.append(f"{tool.label} on {size}: {r['status']} ({r['note']})")
            if r["status"] == "crash" and tool.kind == "peer":
                broken.append(f"{tool.label} on {size}: crashed ({r['note']})")
            if r["status"] in ("rejected", "error"):
                message = f"{tool.label} on {size}: {r['status']} ({r['note']})"
                log("WARNING: " + message)
                if os.environ.get("BENCH_STRICT") == "1" or tool.kind in ("floor", "reference"):
                    broken.append(message)

    model_binary, model_note = build_model_bench()
    model = {"note": model_note}
    if model_note and model_available():
        broken.append(model_note)
    if model_binary:
        args = ["--panels", "1000", "--taps", "10000", "--chunks", "5", "--layout", "1000,10000"] if smoke else []
        log("model bench " + " ".join(args))
        result = subprocess.run([model_binary, *args], capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            broken.append(f"model bench exited {result.returncode}: {result.stderr.strip()[:300]}")
            model["note"] = f"model bench failed (exit {result.returncode})"
        else:
            model = json.loads(result.stdout)
            model["note"] = None

    def scaling(bench, rows, what, describe):
        """One of the linearity benches at two sizes (small ones in smoke)."""
        counts = [1000, 10000] if smoke else [10000, 100000]
        log(f"{what} of " + ", ".join(map(str, counts)))
        result = bench.run(accordion, counts, 1 if smoke else 5)
        if result["note"]:
            broken.append(result["note"])
        for r in result[rows]:
            log(describe(r))
        return result

    drive = {"sessions": [], "note": "`accordion drive` does not exist yet"}
    if "drive" in commands:
        drive = scaling(drive_bench, "sessions", "drive sessions, steps",
                        lambda r: f"drive {r['steps']} steps: {fmt_ms(r['median_ms'])} ({r['ns_per_step'] / 1000:.1f} µs a step)")
    content = scaling(content_bench, "sizes", "content panels, rows and words",
                      lambda r: f"content {r['rows']} rows and words: {fmt_ms(r['median_ms'])}")

    def against_floor(bench, key, count, what, floor):
        """One text benchmark beside its C floor (floor_bench.py), logged."""
        log(f"{count:,} {what}, beside {floor} in C (Benchmarks/{bench.__name__}.py)")
        result = bench.run(accordion, count, 1 if smoke else 5)
        if result["note"]:
            broken.append(result["note"])
        else:
            log(f"{key}: render {fmt_ms(result['render']['median_ms'])}, floor {fmt_ms(result['floor']['median_ms'])}: "
                f"{result['ratio']}×")
        return result

    cjk = against_floor(cjk_bench, "cjk", 10000 if smoke else 100000, "CJK paragraphs rendered",
                        "ICU's line break iterator")
    font = against_floor(font_bench, "font", 1000 if smoke else 10000, "paragraphs measured with Noto Sans",
                         "HarfBuzz and ICU")

    lsp = {"note": "`accordion lsp` does not exist yet"}
    if "lsp" in commands:
        log("lsp session on 1,000 panels")
        try:
            lsp = lsp_bench.run(accordion, 1000, 30 if smoke else 200, 1000 if smoke else 10000)
            lsp["note"] = None if lsp["exit_status"] == 0 and lsp["final_matches_baseline"] else "the lsp session failed"
        except (TimeoutError, EOFError) as e:
            lsp = {"note": f"the lsp session failed: {e}"}
        if lsp["note"]:
            broken.append(lsp["note"])
        else:
            log(f"lsp: change → diagnostics p50 {lsp['latency_ms']['p50']} ms, p95 {lsp['latency_ms']['p95']} ms; "
                f"RSS {lsp['rss_kib'][0][1]} → {lsp['rss_kib'][-1][1]} KiB over {lsp['edits']:,} edits")

    tests = {"note": "`accordion test` does not exist yet"}
    if "test" in commands:
        count = 100 if smoke else 1000
        log(f"test over {count:,} test files, validate over their specs")
        tests = test_files.run(accordion, count, 1 if smoke else 11)
        if tests["note"]:
            broken.append(tests["note"])
        else:
            r = tests["ratios"]["test_files_same"]
            log(f"test files: test ÷ validate {r['median_ms']:.2f} (CPU {r['cpu_median_ms']:.2f})")

    explore = {"note": "`accordion test --explore` does not exist yet"}
    if "test" in commands:
        log("test --explore of the article demo and a 10-panel multiple spec, beside replaying their steps")
        explore = explore_bench.run(accordion, 1 if smoke else 5, smoke)
        if explore["note"]:
            broken.append(explore["note"])
        for r in explore["explorations"]:
            log(f"explore {r['name']}: {r['states']:,} states, {r['steps']:,} steps, CPU {fmt_ms(r['explore_cpu_ms'])} "
                f"({r['states_per_s']:,} states/s), replay CPU {fmt_ms(r['replay_cpu_ms'])}, ratio {r['ratio_cpu']:.2f}")

    counts = [1000] if smoke else [1000, 10000]
    log("the interactive page of " + ", ".join(map(str, counts)) + " panels in headless chromium, beside a floor page")
    page = page_bench.run(accordion, counts, 1 if smoke else 5)
    if page["note"]:
        broken.append(page["note"])
    for r in page["sizes"]:
        for kind in ("floor", "page"):
            log(f"page bench {r['panels']} {kind}: " + page_bench.describe(r[kind]))

    count = 15000 if smoke else 150000
    log(f"validate with {count:,} warnings, beside the same spec without them")
    warnings = warnings_bench.run(accordion, count, 1 if smoke else 5, MEASURE)
    if warnings["note"]:
        broken.append(warnings["note"])
    else:
        log(f"warnings: {fmt_ms(warnings['warnings']['median_ms'])} ({warnings['warnings']['peak_rss_kib']} KiB) "
            f"beside {fmt_ms(warnings['clean']['median_ms'])} ({warnings['clean']['peak_rss_kib']} KiB) clean")

    data = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)),
        "mode": "smoke" if smoke else "full",
        "duration_s": round(time.time() - started, 1),
        "machine": machine,
        "peers": peer_versions,
        "schema": {"path": os.path.relpath(schema, ROOT), "placeholder": placeholder},
        "runs": "1 run each (smoke)" if smoke else "at most 11 at every size",
        "accordion_commands": sorted(commands),
        "files": {k: {"path": os.path.relpath(v["path"], ROOT), "bytes": v["bytes"]} for k, v in files.items()},
        "results": results,
        "model": model,
        "drive": drive,
        "content": content,
        "cjk": cjk,
        "font": font,
        "lsp": lsp,
        "tests": tests,
        "page": page,
        "warnings": warnings,
        "explore": explore,
    }
    data["machine"]["loadavg_at_end"] = list(os.getloadavg())
    data["targets"] = targets(results, files, model, drive, lsp, content, tests, page, cjk=cjk, warnings=warnings, explore=explore,
                              font=font)
    data["files"] = {k: v for k, v in data["files"].items() if k in results}
    with open(os.path.join(out_dir, "bench-results.json"), "w") as f:
        json.dump(data, f, indent=2)
        f.write("\n")
    for v in data["files"].values():
        v["path"] = os.path.join(ROOT, v["path"])
    write_markdown(os.path.join(out_dir, "BENCHMARKS.md"), data, tools)
    log(f"wrote {os.path.relpath(os.path.join(out_dir, 'BENCHMARKS.md'), ROOT)} and bench-results.json "
        f"in {time.time() - started:.0f} s")
    for t in data["targets"]:
        log(f"target: {t['target']}: {t['result']}" + (f" ({t['measured']})" if t["measured"] is not None else ""))
    if broken:
        log("the harness broke:\n  " + "\n  ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except HarnessError as e:
        log(f"error: {e}")
        sys.exit(1)
