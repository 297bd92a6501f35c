#!/usr/bin/env python3
"""Compares the model's nested accordions with `nested_oracle.py`, an
independent reading of the guide's "Nested accordions" and "reveal"
sections, on random nested specs (1-3 levels; random expansion,
collapsible, expanded, indent, headerHeight, disabled and direction per
level; text, rows and contentHeight contents; fit and fill; clip and scroll;
durations, curves and every interruption policy) and random scripts of
`tap` (hidden headers included), `expand`, `collapse` (an id, a top-level
index, `all`), `expand: null`, `reveal` (an id, `{panel, open: true}`),
`setPanels` (new nested definitions, removed panels coming back), `resize`,
`present`/`dismiss`, `wait`, and timed steps landing inside transitions.

First the oracle alone must reproduce the numbers the guide works out by
hand in those sections (the layouts in fill, fit and right-to-left, the
subtree moving at 0.15 s, the log's grouping, kept state, the two reveals).
Then each case writes the spec with its script, reads it back through
`accordion resolve`, and compares the oracle with

- `render --format json` (settled) and `render --format json --steps`;
- `render --format json --at T` at random moments, most of them inside a
  running transition (the dump is rounded to 3 decimals; the flat oracle's
  tolerance);
- `validate`: a `tap-ignored` warning on exactly the taps the oracle
  ignores; a blocked `reveal` (the last step of some cases) makes it exit
  non-zero with `reveal-blocked`.

`--mutations` checks the test itself: a dozen wrong readings of the rules
(each a one-line rewrite of nested_oracle.py) must each disagree with the
model within --cases cases.

Standard library only. Usage:
    nested_oracle_test.py ACCORDION [--cases N] [--seed N] [--keep DIR] [--mutations] [-v]
Prints each disagreement (the spec file kept, the moment, the path,
expected vs actual), what the cases exercised, and
`nested oracle: N passed, N failed`; exit 1 on any disagreement.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nested_oracle  # noqa: E402
from modes_oracle import Rejected  # noqa: E402
from nested_oracle import NestedOracle  # noqa: E402
from oracle_test import diff  # noqa: E402

STATS = {}
FAILURES = {}  # failed cases by check and path, to tell one disagreement from many


def count(key, n=1):
    STATS[key] = STATS.get(key, 0) + n


# ---- random specs and scripts -------------------------------------------

TEXTS = [
    "Short answer.",
    "Returns are free within thirty days of delivery; keep the receipt.",
    "a supercalifragilisticexpialidocious word and more",
    "First paragraph here.\n\nSecond paragraph, a bit longer than the first one.",
    "x" * 70 + " y",
]


class Generator:
    def __init__(self, rng):
        self.rng = rng
        self.next_id = 0

    def leaf(self, d):
        r = self.rng
        if r.random() < 0.35:
            d["contentHeight"] = r.choice([20, 60, 100.5, 150, 400])
        if r.random() < 0.4:
            if r.random() < 0.5:
                c = {"rows": ["Row %d" % k for k in range(r.choice([0, 1, 2, 4]))]}
                if r.random() < 0.3:
                    c["rowHeight"] = r.choice([30, 52.5])
            else:
                c = {"text": r.choice(TEXTS)}
                if r.random() < 0.3:
                    c["padding"] = r.choice([0, 8, 20.5])
                if r.random() < 0.3:
                    c["fontSize"] = r.choice([10, 17])
            d["content"] = c

    def panel(self, depth, levels):
        r = self.rng
        pid = "p%d" % self.next_id
        self.next_id += 1
        d = {"id": pid, "title": "T" + pid}
        if r.random() < 0.2:
            d["headerHeight"] = r.choice([30, 50, 36.5])
        if r.random() < 0.2:
            d["disabled"] = True
        if r.random() < 0.1:
            d["dir"] = r.choice(["ltr", "rtl"])
        if depth + 1 < levels and r.random() < 0.55:
            d["content"] = self.level(depth + 1, levels)
        else:
            self.leaf(d)
        return d

    def rules(self, d, n, panels):
        """A level's own expansion, collapsible and expanded."""
        r = self.rng
        expansion = r.choice(["single", "multiple"])
        if r.random() < 0.7:
            d["expansion"] = expansion
        if r.random() < 0.5:
            d["collapsible"] = r.choice([True, False])
        if n and r.random() < 0.6:
            kind = r.random()
            if kind < 0.2:
                d["expanded"] = None
            elif expansion == "multiple" and d.get("expansion") == "multiple" and kind < 0.7:
                chosen = r.sample(range(n), r.randint(0, n))
                d["expanded"] = [panels[i]["id"] if r.random() < 0.5 else i for i in chosen]
            else:
                i = r.randrange(n)
                d["expanded"] = panels[i]["id"] if r.random() < 0.5 else i

    def level(self, depth, levels):
        r = self.rng
        n = r.choice([1, 2, 2, 3, 4])
        d = {}
        if r.random() < 0.3:
            d["headerHeight"] = r.choice([30, 40, 36.5])
        d["panels"] = [self.panel(depth, levels) for _ in range(n)]
        if r.random() < 0.7:
            d["indent"] = r.choice([0, 8, 16, 20.5])
        if r.random() < 0.15:
            d["dir"] = r.choice(["ltr", "rtl", "auto"])
        self.rules(d, n, d["panels"])
        return d

    def spec(self):
        r = self.rng
        self.next_id = 0
        levels = r.choice([1, 2, 2, 3, 3])
        count("specs with %d levels" % levels)
        layout = r.choice(["fill", "fit"])
        header = r.choice([40, 44, 50])
        n = r.choice([1, 2, 3, 3, 4, 5])
        container = {"headerHeight": header, "layout": layout}
        panels = [self.panel(0, levels) for _ in range(n)]
        if levels > 1 and not any(isinstance(p.get("content"), dict) and "panels" in p["content"] for p in panels):
            i = r.randrange(n)
            panels[i] = dict(self.panel(0, 1), content=self.level(1, levels))
            panels[i].pop("contentHeight", None)
        self.rules(container, n, panels)
        container.update({
            "width": r.choice([200, 320, 375.5]),
            "interruption": r.choice(["ignore", "finish", "retarget"]),
            "animation": {"duration": r.choice([0, 0.3, 1, 1, 0.25, 2.5]),
                          "curve": r.choice(["linear", "easeIn", "easeOut", "easeInOut"])},
        })
        headers = sum(p.get("headerHeight", header) for p in panels)
        self.levels = levels
        if r.random() < 0.15:
            container["style"] = "insetGrouped"
            count("inset-grouped specs")
            headers += 20 * (n + 1)
        if r.random() < 0.4:
            container["overflow"] = "scroll"
            container["height"] = max(20, headers + r.choice([-100, 0, 50, 200, 400]))
        else:
            if r.random() < 0.3:
                container["overflow"] = "clip"
            container["height"] = headers + r.choice([0, 60, 200, 400.25, 700])
        if r.random() < 0.2:
            container["content"] = {k: v for k, v in (("padding", 12), ("fontSize", 13),
                                                        ("lineHeight", 18), ("rowHeight", 40)) if r.random() < 0.5}
        spec = {"accordion": 1, "title": "nested oracle", "container": container, "panels": panels}
        if r.random() < 0.2:
            spec["dir"] = "rtl"
        return spec

    def ref(self, oracle):
        """An id anywhere in the tree, now and then a top-level index."""
        if self.rng.random() < 0.15 and oracle.top.panels:
            return self.rng.randrange(len(oracle.top.panels))
        return self.rng.choice(list(oracle.nodes))

    def step(self, oracle):
        r = self.rng
        busy = oracle.tr is not None and oracle.tr["end"] > oracle.now
        if not oracle.nodes:
            kind = r.choice(["wait", "setPanels"])
        elif busy and r.random() < 0.5:
            kind = "tapAt"
        else:
            kind = r.choices(["tap", "tapAt", "wait", "expand", "collapse", "collapseAll", "reveal", "setPanels",
                              "resize", "present", "dismiss"],
                             [30, 15, 8, 10, 8, 3, 12, 5, 3, 2, 4 if oracle.modal is not None else 0])[0]
            if oracle.modal is not None and kind in ("expand", "collapse", "collapseAll", "reveal", "setPanels",
                                                     "present") and r.random() < 0.8:
                kind = "dismiss"
            if kind == "present" and not oracle.top.O:
                kind = "wait"
        if kind == "tap":
            step = {"tap": self.ref(oracle)}
        elif kind == "tapAt":
            t = oracle.now
            if busy:
                end = oracle.tr["end"]
                t = r.choice([t, r.uniform(t, end), r.uniform(t, end), end])
            else:
                t += r.choice([0, 0.1, 0.5])
            step = {"tap": self.ref(oracle), "at": round(t, 4)}
        elif kind == "wait":
            step = {"wait": r.choice([0, 0.05, 0.1, 0.2, 0.5])}
        elif kind == "expand":
            step = {"expand": self.ref(oracle)}
        elif kind == "collapse":
            step = {"collapse": self.ref(oracle)}
        elif kind == "collapseAll":
            step = {"collapse": "all"} if r.random() < 0.7 else {"expand": None}
        elif kind == "resize":
            headers = oracle.headers_total()
            extra = [0, 30, 300] + ([-100] if oracle.overflow == "scroll" else [])
            step = {"resize": {"width": r.choice([150, 480, 200.5]), "height": max(20, headers + r.choice(extra))}}
        elif kind == "present":
            step = {"present": "Sheet %d" % r.randint(1, 9)}
        elif kind == "dismiss":
            step = {"dismiss": True}
        elif kind == "reveal":
            pid = r.choice(list(oracle.nodes))
            step = {"reveal": pid if r.random() < 0.5 else {"panel": pid, "open": True}}
        else:
            # Top-level references (the stack's and removed ones, which come
            # back with their nested state) and new definitions that may nest.
            old = [n.id for n in oracle.top.panels] + [pid for pid in oracle.defs if r.random() < 0.6]
            items = [pid for pid in dict.fromkeys(old) if r.random() < 0.7]
            r.shuffle(items)
            for _ in range(r.choice([0, 0, 1, 2])):
                items.insert(r.randint(0, len(items)), self.panel(0, self.levels))
            headers = sum(oracle.defs[it].h if isinstance(it, str)
                          else it.get("headerHeight", oracle.top.header) for it in items)
            if items:
                headers += oracle.gap * (len(items) + 1)
            if headers > oracle.H and oracle.overflow != "scroll":
                return {"wait": 0.1}
            step = {"setPanels": items}
        if kind in ("expand", "collapse", "collapseAll", "reveal", "setPanels", "resize", "present",
                    "dismiss") and r.random() < 0.4:
            t = oracle.now
            if busy:
                t = r.uniform(t, oracle.tr["end"])
            step["at"] = round(t, 4)
        if "at" in step and step["at"] < oracle.now:
            step["at"] = oracle.now
        return step


def build_case(gen, rng):
    """A spec and a script the oracle accepts, and now and then a last
    `reveal` it refuses (blocked by a closed disabled panel)."""
    spec = gen.spec()
    oracle = NestedOracle(spec)
    steps, blocked = [], None
    for _ in range(rng.randint(1, 12)):
        step = gen.step(oracle)
        try:
            oracle.apply(step)
        except Rejected as e:
            if str(e).startswith("reveal-blocked") and rng.random() < 0.4:
                blocked = step
                break
            continue
        steps.append(step)
    return spec, steps, blocked


# ---- running a case --------------------------------------------------------

def run(accordion, *args):
    return subprocess.run([accordion] + list(args), capture_output=True, text=True, timeout=120)


def moments(spec, rng, oracle_class):
    """Random moments of the script, most of them inside a transition, and
    the edges of each transition."""
    o = oracle_class(spec)
    spans = []
    for step in spec.get("script", []):
        o.apply(step)
        if o.tr is not None and o.tr["end"] > o.tr["start"]:
            spans.append((o.tr["start"], o.tr["end"]))
    end = o.snapshot()["time"]
    ts = [rng.uniform(0, end + 0.3)]
    for a, b in rng.sample(spans, min(3, len(spans))):
        ts.append(rng.uniform(a, b))
    if spans:
        a, b = rng.choice(spans)
        ts.append(rng.choice([a, b, b - 0.001]))
    return sorted(set(round(t, 3) for t in ts if t >= 0))


def check_case(accordion, spec, steps, blocked, rng, directory, oracle=nested_oracle):
    """The disagreements of one case: [(moment, path, expected, actual)],
    with `oracle` the module holding the reading (a mutant of it in
    --mutations)."""
    NestedOracle, play = oracle.NestedOracle, oracle.play  # noqa: N806
    s = dict(spec)
    s["script"] = steps + ([blocked] if blocked else [])
    path = os.path.join(directory, "spec.json")
    with open(path, "w") as f:
        json.dump(s, f, indent=1)
    proc = run(accordion, "resolve", path)
    if proc.returncode != 0:
        return [("resolve", "$", "exit 0", "exit %d: %s" % (proc.returncode, proc.stderr[:300]))]
    resolved = json.loads(proc.stdout)
    proc = run(accordion, "validate", "--format", "json", path)
    try:
        diags = json.loads(proc.stdout)["diagnostics"]
    except ValueError:
        return [("validate", "$", "a JSON report", proc.stdout[:300] + proc.stderr[:300])]
    if blocked is not None:
        count("blocked reveals")
        rules = [d["rule"] for d in diags if d.get("severity") == "error"]
        if proc.returncode == 0 or "reveal-blocked" not in rules:
            return [("validate", "/script/%d" % len(steps), "exit non-zero with reveal-blocked",
                     "exit %d, errors %s" % (proc.returncode, rules))]
        return []
    errors = [d for d in diags if d.get("severity") == "error"]
    if proc.returncode != 0 or errors:
        return [("validate", "$", "exit 0, no error",
                 "exit %d: %s" % (proc.returncode, json.dumps(errors)[:400]))]
    # tap-ignored on exactly the ignored taps.
    o = NestedOracle(resolved)
    ignored = []
    overflow = ["load"] if o.nested_headers_overflow() else []
    for k, step in enumerate(resolved.get("script", [])):
        outcome = o.apply(step)
        count(outcome[1] or "applied")
        if outcome[0] == "ignored":
            ignored.append("/script/%d" % k)
        if not overflow and o.nested_headers_overflow():
            overflow.append("/script/%d" % k)
    o.snapshot()
    for k, v in o.seen.items():
        count(k, v)
    got = ["/".join(d["instancePath"].split("/")[:3]) for d in diags if d["rule"] == "tap-ignored"]
    problems = []
    if got != ignored:
        problems.append(("validate", "tap-ignored", ignored, got))
    # nested-headers-overflow first where a shown level's headers outgrow
    # its parent's content box (a clipping container: scrolling caps nothing).
    if o.overflow == "clip":
        got = ["/".join(d["instancePath"].split("/")[:3]) if d["instancePath"].startswith("/script/") else "load"
               for d in diags if d["rule"] == "nested-headers-overflow"][:1]
        count("validate nested-headers-overflow", len(overflow))
        if got != overflow:
            problems.append(("validate", "nested-headers-overflow first at", overflow, got))
    # Settled, then at random moments.
    proc = run(accordion, "render", "--format", "json", path)
    if proc.returncode != 0:
        return problems + [("settled", "render", "exit 0", "exit %d: %s" % (proc.returncode, proc.stderr[:300]))]
    d = diff(play(resolved), json.loads(proc.stdout))
    if d:
        problems.append(("settled",) + d)
    for T in moments(resolved, rng, NestedOracle):
        proc = run(accordion, "render", "--format", "json", "--at", repr(T), path)
        if proc.returncode != 0:
            problems.append(("at %r" % T, "render", "exit 0", "exit %d: %s" % (proc.returncode, proc.stderr[:300])))
            continue
        exp = play(resolved, T)
        if exp["transition"] is not None:
            count("mid-transition moments")
            if exp["transition"]["from"] is None and exp["transition"]["to"] is None:
                count("mid-transition moments of a nested tap")
        d = diff(exp, json.loads(proc.stdout))
        if d:
            problems.append(("at %r" % T,) + d)
    if problems or not resolved.get("script"):
        return problems
    # After each step, the container as it settles if the script ended there.
    proc = run(accordion, "render", "--format", "json", "--steps", path)
    if proc.returncode != 0:
        return problems + [("steps", "render", "exit 0", "exit %d: %s" % (proc.returncode, proc.stderr[:300]))]
    o = NestedOracle(resolved)
    expected = []
    for step in resolved["script"]:
        o.apply(step)
        expected.append(o.snapshot())
    d = diff(expected, json.loads(proc.stdout))
    if d:
        problems.append(("--steps",) + d)
    return problems


# ---- the guide's worked examples ------------------------------------------------

def _settings(**container):
    c = {"width": 320, "height": 400}
    c.update(container)
    return {"accordion": 1, "container": c, "panels": [
        {"id": "network", "title": "Network", "content": {"indent": 16, "panels": [
            {"id": "wifi", "title": "Wi-Fi"}, {"id": "bluetooth", "title": "Bluetooth"},
            {"id": "vpn", "title": "VPN"}]}},
        {"id": "sound", "title": "Sound"}, {"id": "about", "title": "About"}]}


def guide_examples():
    """The numbers the guide's "Nested accordions" and "reveal" sections
    work out by hand, from the oracle alone (no model): a check that the
    oracle still reads the guide. Returns (how many, the ones that do not hold)."""
    bad = []
    checks = []

    def check(name, got, want):
        checks.append(name)
        if diff(want, got):
            bad.append("%s: expected %s, oracle %s" % (name, json.dumps(want), json.dumps(got)))

    def frames(dump):
        out = {}

        def walk(panels):
            for p in panels:
                out[p["id"]] = (p["header"] and [p["header"][k] for k in ("x", "y", "width", "height")],
                                p["content"] and [p["content"][k] for k in ("x", "y", "width", "height")])
                if "nested" in p:
                    walk(p["nested"]["panels"])
        walk(dump["panels"])
        return out

    f = frames(nested_oracle.play(_settings()))
    check("fill layout", f, {"network": ([0, 0, 320, 44], [0, 44, 320, 268]),
                             "wifi": ([16, 44, 304, 44], [16, 88, 304, 136]),
                             "bluetooth": ([16, 224, 304, 44], None), "vpn": ([16, 268, 304, 44], None),
                             "sound": ([0, 312, 320, 44], None), "about": ([0, 356, 320, 44], None)})
    spec = _settings(layout="fit")
    level = spec["panels"][0]["content"]
    level.update(expansion="multiple", expanded=["wifi", "bluetooth"])
    level["panels"][0]["contentHeight"] = 60
    level["panels"][1]["content"] = {"rows": ["Headphones"]}
    f = frames(nested_oracle.play(spec))
    check("fit layout", [f[k][0][1] for k in ("wifi", "bluetooth", "vpn", "sound", "about")]
          + [f["wifi"][1][1], f["wifi"][1][3], f["bluetooth"][1][1], f["network"][1][3]],
          [44, 148, 236, 280, 324, 88, 60, 192, 236])
    spec = {"accordion": 1, "dir": "rtl", "container": {"width": 320, "height": 400}, "panels": [
        {"id": "network", "title": "Network", "content": {"indent": 16, "expanded": "bt", "panels": [
            {"id": "wifi", "title": "Wi-Fi"},
            {"id": "bt", "title": "Bluetooth", "content": {"dir": "ltr", "indent": 16, "panels": [
                {"id": "le", "title": "Low Energy"}]}}]}},
        {"id": "sound", "title": "Sound"}]}
    d = nested_oracle.play(spec)
    f = frames(d)
    check("right-to-left levels", [f["network"][1], f["wifi"][0], f["bt"][0], f["bt"][1], f["le"][0], f["le"][1],
                                   len(d["events"])],
          [[0, 44, 320, 312], [0, 44, 304, 44], [0, 88, 304, 44], [0, 132, 304, 224], [16, 132, 288, 44],
           [16, 176, 288, 180], 12])
    spec = _settings(expanded="network", animation={"curve": "linear"})
    spec["panels"].insert(0, {"id": "general", "title": "General"})
    spec["panels"].pop()
    spec["script"] = [{"tap": "general"}]
    f = frames(nested_oracle.play(spec, 0.15))
    check("a subtree moving with its header", [f["network"][0][1], f["wifi"][0][1], f["wifi"][1][1],
                                               f["bluetooth"][0][1], f["vpn"][0][1], f["general"][1]],
          [178, 222, 266, 402, 446, [0, 44, 320, 268]])
    spec = _settings()
    spec["script"] = [{"tap": "sound"}]
    events = [(e["event"], e.get("panel")) for e in nested_oracle.play(spec)["events"]]
    check("the log's grouping", events, [
        ("addChild", "network"), ("addChild", "wifi"), ("viewWillAppear", "network"), ("viewWillAppear", "wifi"),
        ("viewDidAppear", "network"), ("viewDidAppear", "wifi"), ("didMoveToParent", "network"),
        ("didMoveToParent", "wifi"), ("beginIgnoringInteractionEvents", None), ("willMoveToParent", "wifi"),
        ("willMoveToParent", "network"), ("addChild", "sound"), ("viewWillDisappear", "wifi"),
        ("viewWillDisappear", "network"), ("viewWillAppear", "sound"), ("viewDidDisappear", "wifi"),
        ("viewDidDisappear", "network"), ("viewDidAppear", "sound"), ("didMoveToParent", "sound"),
        ("removeFromParent", "wifi"), ("removeFromParent", "network"), ("endIgnoringInteractionEvents", None)])
    spec["script"] = [{"tap": "bluetooth"}, {"tap": "sound"}, {"tap": "network"}]
    check("state kept", nested_oracle.play(spec)["panels"][0]["nested"]["expandedIndices"], [1])
    spec = {"accordion": 1, "title": "Help centre", "panels": [
        {"id": "shipping", "title": "Shipping", "content": {"panels": [
            {"id": "s-when", "title": "When does my order ship?"}, {"id": "s-track", "title": "How do I track it?"}]}},
        {"id": "billing", "title": "Billing", "content": {"panels": [
            {"id": "b-invoice", "title": "Where is my invoice?"}, {"id": "b-refund", "title": "How do refunds work?"}]}}],
        "script": [{"reveal": {"panel": "b-refund", "open": True}}]}
    d = nested_oracle.play(spec)
    check("reveal through a single-mode ancestor", [len(d["events"]), frames(d)["b-refund"][1], d["expandedIndex"]],
          [36, [0, 176, 375, 491], 1])
    spec["panels"][1]["disabled"] = True
    checks.append("a blocked reveal")
    try:
        nested_oracle.play(spec)
        bad.append("a blocked reveal: expected a refusal, oracle applied it")
    except Rejected:
        pass
    spec = {"accordion": 1, "container": {"height": 200, "layout": "fit", "overflow": "scroll", "expanded": None},
            "panels": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"},
                       {"id": "d", "title": "D", "content": {"panels": [
                           {"id": "d1", "title": "D1", "content": {"rows": ["One", "Two"]}},
                           {"id": "d2", "title": "D2"}]}}],
            "script": [{"reveal": "d1"}]}
    d = nested_oracle.play(spec)
    check("reveal scrolling", [d["scroll"], len(d["events"])], [{"offset": 108, "contentHeight": 352}, 10])
    spec["script"] = [{"reveal": "d2"}]
    check("reveal of a closed panel scrolling", nested_oracle.play(spec)["scroll"]["offset"], 152)
    return len(checks), bad


# ---- mutations: the test must catch a wrong reading ------------------------

# Each rewrites one rule of nested_oracle.py's source; --mutations plays
# cases until the model disagrees with each mutant on a case where it agrees
# with the oracle itself. A mutant that survives means the cases do not
# reach that rule.
MUTATIONS = [
    ("a right-to-left level inset from the left",
     'lx = x if L.dir == "rtl" else x + L.indent', "lx = x + L.indent"),
    ("indents that do not add up",
     'lx = x if L.dir == "rtl" else x + L.indent', 'lx = x if L.dir == "rtl" else self.inset + L.indent'),
    ("hidden judged after disabled",
     '        elif not n.shown():\n            reason = "hidden"\n        elif n.disabled:\n            reason = "disabled"\n',
     '        elif n.disabled:\n            reason = "disabled"\n        elif not n.shown():\n            reason = "hidden"\n'),
    ("collapse: all from the top level down", "key=lambda L: -L.depth", "key=lambda L: L.depth"),
    ("a closing panel leaving before its descendants",
     "return list(reversed(self.open_descendants(node))) + [node]", "return [node] + self.open_descendants(node)"),
    ("fit without the nested level's headers",
     "own = sum(m.h for m in L.panels) + sum(inner.values())", "own = sum(inner.values())"),
    ("a nested level's share ignoring its parent's level's k", "share = space / k", "share = space"),
    ("state not kept across close and open",
     "            level.O.discard(closing.index)\n",
     "            level.O.discard(closing.index)\n            if closing.child is not None:\n"
     "                closing.child.O = set()\n"),
    ("reveal opening ancestors from the innermost out",
     "chain = list(reversed(n.ancestors())) + ([n] if open_it else [])",
     "chain = n.ancestors() + ([n] if open_it else [])"),
    ("a reveal scrolling from the expands' own scroll",
     "off = self.scroll_target(n, window)", "off = self.scroll_target(n, self.off)"),
    ("retarget starting from the settled frames", "                before = shown\n", "                before = None\n"),
    ("an appearing nested content moving with its parent's header",
     'chain = ([node] if key[1] == "content" else []) + node.ancestors()', "chain = node.ancestors() + [node]"),
]


def mutant(old, new):
    import types
    path = nested_oracle.__file__
    with open(path) as f:
        source = f.read()
    if source.count(old) != 1:
        raise SystemExit("mutation text not found once in %s: %r" % (path, old))
    module = types.ModuleType("nested_oracle_mutant")
    module.__file__ = path
    exec(compile(source.replace(old, new), path, "exec"), module.__dict__)
    return module


def run_mutations(args, rng, seed):
    mutants = [(name, mutant(old, new)) for name, old, new in MUTATIONS]
    caught = {}
    gen = Generator(rng)
    with tempfile.TemporaryDirectory() as directory:
        for n in range(args.cases):
            if len(caught) == len(mutants):
                break
            spec, steps, blocked = build_case(gen, rng)
            case_seed = rng.randrange(1 << 30)
            if check_case(args.accordion, spec, steps, blocked, random.Random(case_seed), directory):
                continue  # a disagreement of the oracle itself proves nothing about a mutant
            for name, module in mutants:
                if name not in caught and check_case(args.accordion, spec, steps, blocked,
                                                     random.Random(case_seed), directory, module):
                    caught[name] = n
    for name, _ in mutants:
        print("nested oracle: mutant %-60s %s" % (name, "caught at case %d" % caught[name] if name in caught
                                                   else "SURVIVED"))
    survived = len(mutants) - len(caught)
    print("nested oracle: %d of %d mutants caught (seed %d)" % (len(caught), len(mutants), seed))
    return 1 if survived else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("accordion")
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--keep", default=None, help="where failing specs are kept (default: a new temporary directory)")
    ap.add_argument("--mutations", action="store_true",
                    help="check instead that each of a dozen wrong readings of the rules fails within --cases cases")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    print("nested oracle: seed %d (replay with --seed %d)" % (seed, seed))
    rng = random.Random(seed)
    examples, bad = guide_examples()
    for line in bad:
        print("FAIL the guide's worked example, %s" % line)
    print("nested oracle: %d of the guide's %d worked examples hold in the oracle" % (examples - len(bad), examples))
    if args.mutations:
        return run_mutations(args, rng, seed) or (1 if bad else 0)
    gen = Generator(rng)
    keep = args.keep
    passed = failed = 0
    with tempfile.TemporaryDirectory() as directory:
        for n in range(args.cases):
            spec, steps, blocked = build_case(gen, rng)
            problems = check_case(args.accordion, spec, steps, blocked, rng, directory)
            if problems:
                failed += 1
                if keep is None:
                    keep = tempfile.mkdtemp(prefix="nested-oracle-")
                os.makedirs(keep, exist_ok=True)
                kept = os.path.join(keep, "case-%d-seed-%d.json" % (n, seed))
                os.replace(os.path.join(directory, "spec.json"), kept)
                kinds = set()
                for moment, where, exp, act in problems:
                    kind = moment.split(" ")[0] + " " + re.sub(r"\[\d+\]", "[]", str(where))
                    kinds.add(kind)
                for kind in kinds:
                    FAILURES[kind] = FAILURES.get(kind, 0) + 1
                for moment, where, exp, act in problems[:3]:
                    print("FAIL case %d (%s) %s: %s expected %s, model %s" % (
                        n, kept, moment, where, json.dumps(exp)[:300], json.dumps(act)[:300]))
            else:
                passed += 1
                if args.v:
                    print("ok case %d (%d steps)" % (n, len(steps)))
    print("nested oracle: exercised " + ", ".join("%s %d" % kv for kv in sorted(STATS.items())))
    for kind, n in sorted(FAILURES.items()):
        print("nested oracle: %d failed cases disagree on %s" % (n, kind))
    failed += len(bad)
    print("nested oracle: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
