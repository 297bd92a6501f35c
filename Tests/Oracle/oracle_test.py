#!/usr/bin/env python3
"""Compares the model with `modes_oracle.py`, an independent reading of the
expansion-mode semantics, on random specs and scripts in every expansion,
collapsibility, interruption policy, layout and curve.

Each case is one `accordion drive` session: every step's outcome (applied or
ignored, with its reason) is compared, and after each step snapshots at the
step's own moment and at random moments before the next step (inside running
transitions too) compare every frame (to the dump's 3 decimals), the
expanded set, the transition, the visible controller and the whole
containment log. A few cases also compare `render --format json --at T` and
`--steps` of the spec with the script in it, and where `validate` warns
(`tap-ignored`, `content-overflow`). The cases are random (the seed is printed;
--seed replays it).

Standard library only. Usage: oracle_test.py ACCORDION [--cases N] [--seed N] [-v]
Prints each disagreement (spec, moment, expected vs actual) and
`oracle: N passed, N failed`; exit 1 on any disagreement.
"""
import argparse
import copy
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from modes_oracle import Oracle, Rejected  # noqa: E402

# A dumped number is rounded to 3 decimals; the oracle's is not.
TOLERANCE = 0.0005 + 1e-6


def diff(expected, actual, path="$"):
    """The first place where the oracle's dump and the model's differ."""
    if isinstance(expected, bool) or isinstance(actual, bool) or expected is None or actual is None \
            or isinstance(expected, str) or isinstance(actual, str):
        return None if expected == actual else (path, expected, actual)
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return None if abs(expected - actual) <= TOLERANCE else (path, expected, actual)
    if isinstance(expected, dict) and isinstance(actual, dict):
        for k in expected:
            if k not in actual:
                return (path + "." + k, expected[k], "<missing>")
            d = diff(expected[k], actual[k], path + "." + k)
            if d:
                return d
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (e, a) in enumerate(zip(expected, actual)):
            d = diff(e, a, "%s[%d]" % (path, i))
            if d:
                return d
        if len(expected) != len(actual):
            return (path + ".length", len(expected), len(actual))
        return None
    return None if expected == actual else (path, expected, actual)


# ---- random specs and scripts -------------------------------------------

class Generator:
    def __init__(self, rng):
        self.rng = rng
        self.next_id = 0
        self.named_all = False

    def new_panel(self, layout):
        r = self.rng
        pid = "p%d" % self.next_id
        self.next_id += 1
        # A panel named `all`: `collapse: all` must still mean every open one.
        if self.rng.random() < 0.03 and not self.named_all:
            pid, self.named_all = "all", True
        d = {"id": pid, "title": "P%s" % pid}
        if r.random() < 0.3:
            d["headerHeight"] = r.choice([30, 44, 50, 61.5, 33.3])
        if layout == "fit" and r.random() < 0.6:
            d["contentHeight"] = r.choice([20, 60, 100.5, 150, 300, 900])
        if r.random() < 0.2:
            d["disabled"] = True
        if r.random() < 0.5:
            d["content"] = self.content()
        return d

    # Texts for the wrap's edge cases: long words, blank lines of spaces and
    # tabs, CR LF, runs of whitespace, non-ASCII (a combining accent is two
    # code points), empty and whitespace-only texts.
    TEXTS = [
        "", "  \n\t ", "Short answer.",
        "Returns are free within thirty days of delivery; keep the receipt.",
        "a supercalifragilisticexpialidocious word and more",
        "one two\n\n  \nthree  four\tfive\r\nsix\n\n",
        "h\u00e9llo w\u00f6rld cafe\u0301s \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8 ok",
        "x" * 130 + " y",
        "First paragraph here.\n\nSecond paragraph, a bit longer than the first one.\n\n\nThird.",
    ]

    def content(self):
        r = self.rng
        if r.random() < 0.5:
            rows = [r.choice(["Inbox", "Drafts", {"title": "Sent", "detail": "12"}, {"title": "Spam"}])
                    for _ in range(r.choice([0, 1, 3, 7]))]
            c = {"rows": rows}
            if r.random() < 0.3:
                c["rowHeight"] = r.choice([30, 52.5])
        else:
            c = {"text": r.choice(self.TEXTS)}
            if r.random() < 0.3:
                c["padding"] = r.choice([0, 8, 20.5])
            if r.random() < 0.3:
                c["fontSize"] = r.choice([10, 17])
            if r.random() < 0.3:
                c["lineHeight"] = r.choice([16, 24.5])
        return c

    def heights(self, panels, header):
        return sum(p.get("headerHeight", header) for p in panels)

    def spec(self):
        r = self.rng
        self.named_all = False
        layout = r.choice(["fill", "fit"])
        expansion = r.choice(["single", "multiple"])
        header = r.choice([40, 44, 50])
        n = r.choice([0, 1, 2, 3, 3, 4, 4, 5, 6, 9])
        panels = [self.new_panel(layout) for _ in range(n)]
        container = {
            "width": r.choice([100, 320, 375.5]),
            "headerHeight": header,
            "layout": layout,
            "expansion": expansion,
            "collapsible": r.choice([True, False]),
            "interruption": r.choice(["ignore", "finish", "retarget"]),
            "animation": {"duration": r.choice([0, 0.3, 1, 1, 0.25, 0.001, 2.5]),
                          "curve": r.choice(["linear", "easeIn", "easeOut", "easeInOut"])},
        }
        container["height"] = max(20, self.heights(panels, header) + r.choice([0, 50, 200, 400.25]))
        if r.random() < 0.5:
            # A scrolling container: its headers may outgrow it.
            container["overflow"] = "scroll"
            container["height"] = max(20, self.heights(panels, header) + r.choice([-300, -120.5, -44, 0, 50, 200]))
        elif r.random() < 0.2:
            container["overflow"] = "clip"
        # Inset-grouped sections now and then, from a generator of their own (the other draws stay
        # what they were); the sections' gaps get room as the headers do.
        if random.Random(f"style {container['width']} {header} {n} {layout} {expansion}").random() < 0.3:
            container["style"] = "insetGrouped"
            STATS["inset-grouped specs"] = STATS.get("inset-grouped specs", 0) + 1
            container["height"] += 20 * (n + 1) if n else 0
        if r.random() < 0.3:
            container["content"] = {k: v for k, v in (("padding", 12), ("fontSize", 13), ("lineHeight", 18),
                                                        ("rowHeight", 40)) if r.random() < 0.5}
        if n and r.random() < 0.6:
            kind = r.random()
            if kind < 0.15:
                container["expanded"] = None
            elif expansion == "multiple" and kind < 0.7:
                chosen = r.sample(range(n), r.randint(0, n))
                container["expanded"] = [panels[i]["id"] if r.random() < 0.5 else i for i in chosen]
            else:
                i = r.randrange(n)
                container["expanded"] = panels[i]["id"] if r.random() < 0.5 else i
        return {"accordion": 1, "title": "oracle", "container": container, "panels": panels}

    def ref(self, oracle):
        i = self.rng.randrange(len(oracle.panels))
        return oracle.panels[i].id if self.rng.random() < 0.6 else i

    def step(self, oracle):
        """A random step the validator accepts, given the oracle's state."""
        r = self.rng
        n = len(oracle.panels)
        modal = oracle.modal is not None
        while True:
            busy = oracle.tr is not None and oracle.tr["end"] > oracle.now
            if busy and n and r.random() < 0.5:
                kind = "tapAt"
                break
            kind = r.choices(
                ["tap", "tapAt", "wait", "expand", "collapse", "collapseAll", "setPanels",
                 "resize", "present", "dismiss", "scroll", "reveal", "update"],
                [30, 25, 8, 6, 6, 3, 3, 3, 3, 3, 6 if oracle.overflow == "scroll" else 1, 4, 4])[0]
            if kind in ("tap", "tapAt", "expand", "collapse", "reveal", "update") and n == 0:
                continue
            if modal and kind in ("expand", "collapse", "collapseAll", "setPanels", "present", "reveal"):
                continue
            if kind == "dismiss" and not modal:
                continue
            if kind == "present" and (modal or not oracle.O):
                continue
            break
        step = {}
        if kind == "tap":
            step = {"tap": self.ref(oracle)}
        elif kind == "tapAt":
            # A moment inside the running transition when there is one.
            t = oracle.now
            if oracle.tr is not None and oracle.tr["end"] > t:
                end = oracle.tr["end"]
                t = r.choice([t, r.uniform(t, end), r.uniform(t, end), end, max(t, end - 1e-6),
                              min(end, t + 1e-6)])
            else:
                t += r.choice([0, 0.1, 0.5])
            step = {"tap": self.ref(oracle), "at": t}
        elif kind == "wait":
            step = {"wait": r.choice([0, 0.05, 0.1, 0.2, 0.5, 1])}
        elif kind == "expand":
            step = {"expand": self.ref(oracle)}
        elif kind == "collapse":
            target = self.ref(oracle)
            if target == "all":
                target = [p.id for p in oracle.panels].index("all")
            step = {"collapse": target}
        elif kind == "collapseAll":
            step = {"collapse": "all"} if r.random() < 0.7 else {"expand": None}
        elif kind == "setPanels":
            layout = oracle.layout
            items = []
            old = [p.id for p in oracle.panels] + [pid for pid in oracle.defs if r.random() < 0.3]
            for pid in dict.fromkeys(old):
                if r.random() < 0.6:
                    items.append(pid)
            r.shuffle(items)
            for _ in range(r.choice([0, 0, 1, 2])):
                items.insert(r.randint(0, len(items)), self.new_panel(layout))
            headers = sum(oracle.defs[it].h if isinstance(it, str)
                          else it.get("headerHeight", oracle.default_header) for it in items)
            if items:
                headers += oracle.gap * (len(items) + 1)
            if headers > oracle.H and oracle.overflow != "scroll":
                return {"wait": 0.1}
            step = {"setPanels": items}
        elif kind == "resize":
            headers = oracle.headers_total()
            extra = [0, 30, 300] + ([-100, -20.5] if oracle.overflow == "scroll" else [])
            step = {"resize": {"width": r.choice([100, 480, 200.5]),
                               "height": max(20, headers + r.choice(extra))}}
        elif kind == "scroll":
            step = {"scroll": r.choice([0, -10, 44, 100.5, 250, 1e4, r.uniform(0, 600)])}
        elif kind == "reveal":
            # Ids only; a reveal that would open a closed disabled panel is an error, not drawn.
            i = r.randrange(n)
            panel = oracle.panels[i]
            if r.random() < 0.5:
                step = {"reveal": panel.id}
            elif panel.disabled and i not in oracle.O:
                step = {"reveal": {"panel": panel.id}}
            else:
                step = {"reveal": {"panel": panel.id, "open": True}}
        elif kind == "update":
            # Ids only, any non-empty subset; under a modal too. A content
            # of rows or ASCII text, which the oracle's reading measures.
            panel = oracle.panels[r.randrange(n)]
            fields = {}
            while not fields:
                if r.random() < 0.5:
                    fields["disabled"] = r.random() < 0.5
                if r.random() < 0.3:
                    fields["title"] = r.choice(["Done", "Step %d" % r.randint(1, 9), ""])
                if r.random() < 0.4:
                    fields["content"] = r.choice([
                        {"rows": ["r%d" % k for k in range(r.randint(0, 8))]},
                        {"text": r.choice(["short", "a longer text " * r.randint(1, 30)])}])
            step = {"update": dict({"panel": panel.id}, **fields)}
        elif kind == "present":
            step = {"present": "Sheet %d" % r.randint(1, 9)}
        elif kind == "dismiss":
            step = {"dismiss": True}
        # Timed programmatic steps land inside transitions too.
        if kind in ("expand", "collapse", "resize", "present", "setPanels", "scroll", "reveal", "update") and r.random() < 0.4:
            t = oracle.now
            if oracle.tr is not None and oracle.tr["end"] > t:
                t = r.uniform(t, oracle.tr["end"])
            step["at"] = t
        return step


# What the cases exercised, printed at the end so a generator that stops
# reaching a rule shows.
STATS = {}


# ---- running a case --------------------------------------------------------

def build_case(gen, rng):
    spec = gen.spec()
    oracle = Oracle(spec)
    steps = []
    for _ in range(rng.randint(1, 12)):
        step = gen.step(oracle)
        try:
            outcome = oracle.apply(step)
        except Rejected:
            break
        steps.append((step, outcome))
    return spec, steps


def run_case(accordion, spec, steps, rng, directory):
    """Plays one case through `accordion drive`; returns the disagreements."""
    path = os.path.join(directory, "spec.json")
    with open(path, "w") as f:
        json.dump(spec, f, indent=1)
    # Replay on a fresh oracle to pick the moments and the expected answers.
    oracle = Oracle(spec)
    lines = []
    expect = []
    for k, (step, _) in enumerate(steps):
        interrupting = "tap" in step and oracle.running(oracle.step_time(step))
        outcome = oracle.apply(step)
        STATS[outcome[1] or "applied"] = STATS.get(outcome[1] or "applied", 0) + 1
        if interrupting and outcome[0] == "applied":
            key = "accepted during a transition (%s)" % oracle.interruption
            STATS[key] = STATS.get(key, 0) + 1
        lines.append(json.dumps(step))
        expect.append(("step", step, outcome))
        t = oracle.now
        nxt = None
        if k + 1 < len(steps):
            probe = copy.deepcopy(oracle)
            nxt = probe.step_time(steps[k + 1][0])
        else:
            nxt = t + 1.2
        ts = [t] + [rng.uniform(t, nxt) for _ in range(2) if nxt > t]
        # The edges of a running transition, where off-by-one readings show.
        if oracle.tr is not None:
            ts += [T for T in (oracle.tr["end"] - 1e-6, oracle.tr["end"]) if t <= T <= nxt]
        for T in ts:
            if oracle.running(T):
                STATS["mid-transition snapshots"] = STATS.get("mid-transition snapshots", 0) + 1
            lines.append(json.dumps({"snapshot": {"at": T}}))
            expect.append(("snapshot", T, oracle.snapshot(T)))
    lines.append(json.dumps({"snapshot": True}))
    expect.append(("snapshot", None, oracle.snapshot()))
    proc = subprocess.run([accordion, "drive", path], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)
    answers = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    problems = []
    if proc.returncode != 0 or len(answers) != len(expect):
        problems.append("drive exited %d with %d answers for %d lines: %s" % (
            proc.returncode, len(answers), len(expect), proc.stderr[:400]))
        return problems
    for (kind, what, exp), ans, line in zip(expect, answers, lines):
        if kind == "step":
            got = (ans.get("outcome"), ans.get("reason"))
            if got != exp:
                problems.append("step %s: expected %s, model %s (%s)" % (
                    line, exp, got, json.dumps(ans.get("error") or ans.get("warning"))[:300]))
                return problems
        else:
            d = diff(exp, ans.get("snapshot"))
            if not d and ("scroll" in (ans.get("snapshot") or {})) != ("scroll" in exp):
                d = ("$.scroll", exp.get("scroll", "<absent>"), ans["snapshot"].get("scroll", "<absent>"))
            if "scroll" in exp:
                STATS["scroll snapshots"] = STATS.get("scroll snapshots", 0) + 1
            if d:
                where = "settled" if what is None else "at %r" % what
                problems.append("snapshot %s after %d steps: %s expected %s, model %s" % (
                    where, sum(1 for e in expect[:answers.index(ans)] if e[0] == "step"),
                    d[0], json.dumps(d[1])[:300], json.dumps(d[2])[:300]))
                return problems
    return problems


def render_case(accordion, spec, steps, rng, directory):
    """`render --format json --at T` of the spec with its script."""
    s = dict(spec)
    s["script"] = [st for st, _ in steps]
    path = os.path.join(directory, "script.json")
    with open(path, "w") as f:
        json.dump(s, f, indent=1)
    oracle = Oracle(spec)
    for st, _ in steps:
        oracle.apply(st)
    end = oracle.snapshot()["time"]
    T = round(rng.uniform(0, end + 0.2), 3)
    # Steps after T do not run: replay only those at or before it.
    o2 = Oracle(spec)
    for st, _ in steps:
        if o2.step_time(st) > T:
            break
        o2.apply(st)
    exp = o2.snapshot(T)
    proc = subprocess.run([accordion, "render", "--format", "json", "--at", repr(T), path],
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        return ["render --at %r exited %d: %s" % (T, proc.returncode, proc.stderr[:400])]
    d = diff(exp, json.loads(proc.stdout))
    if d:
        return ["render --at %r: %s expected %s, model %s" % (T, d[0], json.dumps(d[1])[:300],
                                                             json.dumps(d[2])[:300])]
    # `validate`: a warning on exactly the taps the container ignores, and
    # `content-overflow` once, at the first moment the settled stack is taller
    # than the container.
    proc = subprocess.run([accordion, "validate", "--format", "json", path],
                          capture_output=True, text=True, timeout=60)
    diags = json.loads(proc.stdout)["diagnostics"]
    o4 = Oracle(spec)
    ignored, overflow, empty = [], [], []
    if o4.overflows():
        overflow.append("load")
    if o4.opens_to_nothing():
        empty.append("load")
    for k, (st, _) in enumerate(steps):
        if o4.apply(st)[0] == "ignored":
            ignored.append("/script/%d" % k)
        if o4.overflows() and not overflow:
            overflow.append("/script/%d" % k)
        if o4.opens_to_nothing() and not empty:
            empty.append("/script/%d" % k)
    got_ignored = [x["instancePath"] for x in diags if x["rule"] == "tap-ignored"]
    got_overflow = [x["instancePath"] for x in diags if x["rule"] == "content-overflow"]
    got_overflow = [p if p.startswith("/script/") else "load" for p in got_overflow]
    got_overflow = ["/".join(p.split("/")[:3]) if p != "load" else p for p in got_overflow]
    STATS["validate content-overflow"] = STATS.get("validate content-overflow", 0) + len(overflow)
    STATS["validate tap-ignored"] = STATS.get("validate tap-ignored", 0) + len(ignored)
    if got_ignored != ignored:
        return ["validate: tap-ignored at %s, expected at %s" % (got_ignored, ignored)]
    if got_overflow != overflow:
        return ["validate: content-overflow at %s, expected at %s" % (got_overflow, overflow)]
    got_empty = [x["instancePath"] for x in diags if x["rule"] == "open-panel-without-height"]
    got_empty = ["load" if p == "/container/overflow" else "/".join(p.split("/")[:3]) for p in got_empty]
    STATS["validate open-panel-without-height"] = STATS.get("validate open-panel-without-height", 0) + len(empty)
    if got_empty != empty:
        return ["validate: open-panel-without-height at %s, expected at %s" % (got_empty, empty)]
    # `--steps`: after each step, the container as it settles if the script ended there.
    proc = subprocess.run([accordion, "render", "--format", "json", "--steps", path],
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        return ["render --steps exited %d: %s" % (proc.returncode, proc.stderr[:400])]
    dumps = json.loads(proc.stdout)
    o3 = Oracle(spec)
    expected = []
    for st, _ in steps:
        o3.apply(st)
        expected.append(o3.snapshot())
    d = diff(expected, dumps if steps else [])
    if d:
        return ["render --steps: %s expected %s, model %s" % (d[0], json.dumps(d[1])[:300],
                                                              json.dumps(d[2])[:300])]
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("accordion")
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--renders", type=int, default=60)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    print("oracle: seed %d (replay with --seed %d)" % (seed, seed))
    rng = random.Random(seed)
    gen = Generator(rng)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as directory:
        for n in range(args.cases):
            spec, steps = build_case(gen, rng)
            problems = run_case(args.accordion, spec, steps, rng, directory)
            if not problems and n < args.renders:
                problems = render_case(args.accordion, spec, steps, rng, directory)
            if problems:
                failed += 1
                s = dict(spec)
                s["script"] = [st for st, _ in steps]
                print("FAIL case %d: %s" % (n, problems[0]))
                print("  spec: %s" % json.dumps(s))
            else:
                passed += 1
                if args.v:
                    print("ok case %d (%d steps)" % (n, len(steps)))
    print("oracle: exercised " + ", ".join("%s %d" % kv for kv in sorted(STATS.items())))
    print("oracle: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
