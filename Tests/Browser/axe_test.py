#!/usr/bin/env python3
"""axe-core over every sample page, in headless chromium.

Each sample under samples/ is rendered with `accordion render --format html`
once per container mode (the sample as written, and with each other
combination of `expansion` and `collapsible`), and once more as written
under `prefers-color-scheme: dark` (the page's dark appearance), opened
from disk, and checked by axe-core (the axe.min.js that PyPI's
axe-selenium-python ships; scripts/fetch-axe-core.sh installs it) at several
moments: at load, after a click on each header in turn once it has settled,
and in the middle of a transition (the page's test clock holds it there).
Every violation fails the run, colour contrast included, with one exception:
a header whose colours the author chose and `accordion validate` warned about
as `low-contrast` (the author's choice, already reported to them). The page's
own chrome and the default palette must reach WCAG AA.

The script is injected over the DevTools protocol (Runtime.evaluate), so the
page itself keeps loading nothing.

Before the pages, the way the modes are written into a spec is checked on
every shape a spec may give `container` (a block, a flow mapping on one
line or several, none), by what `accordion resolve` reads back.

Standard library only. Usage: axe_test.py [--accordion PATH] [--axe PATH] [-k TEXT] [-v]
Prints one line per sample and mode, then `N passed, N failed`; exits 1 on any failure.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from cdp import CDPError, launch, setup_failed  # noqa: E402

# The rule a page may break only on the headers validate warned about.
CONTRAST = "color-contrast"


class Failure(Exception):
    pass


def cli(accordion, *args):
    result = subprocess.run([accordion, *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"accordion {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def with_container_keys(text, keys):
    """The spec text with `keys` set under `container:` (replacing the
    sample's own values of those keys, continuation lines included), at the
    indentation its keys use; a flow mapping (`container: {width: 320}`,
    on one line or several) stays one, on one line; a spec without
    `container` gets one before its `panels`."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if re.match(r"^container\s*:", line)), None)
    if start is None:
        at = next((i for i, line in enumerate(lines) if re.match(r"^panels\s*:", line)), len(lines))
        return "\n".join(lines[:at] + ["container:"] + [f"  {key}: {value}" for key, value in keys.items()] + lines[at:])
    rest = lines[start].split(":", 1)[1].lstrip()
    if rest.startswith("{"):
        return with_flow_container_keys(lines, start, keys)
    if rest and not rest.startswith("#"):
        raise Failure(f"cannot set {', '.join(keys)}: `container:` at line {start + 1} is neither a mapping nor a flow mapping")
    end = start + 1
    while end < len(lines) and (lines[end].startswith((" ", "\t")) or not lines[end].strip()):
        end += 1
    body = lines[start + 1:end]
    indent = next((re.match(r"^(\s+)", line).group(1) for line in body if line.strip()), "  ")
    kept, dropping = [], False
    for line in body:
        if re.match(rf"^{indent}\S", line):
            dropping = any(re.match(rf"^{indent}{key}\s*:", line) for key in keys)
        if not dropping:
            kept.append(line)
    added = [f"{indent}{key}: {value}" for key, value in keys.items()]
    return "\n".join(lines[:start + 1] + added + kept + lines[end:])


def with_flow_container_keys(lines, start, keys):
    """`with_container_keys` for `container: {...}`: the mapping's entries
    (split at the commas outside brackets and quotes) less those of `keys`,
    then `keys`, as one flow mapping on the `container:` line; what follows
    its closing brace (a comment) is kept."""
    text = "\n".join(lines[start:])
    first = text.index("{")
    entries, current, depth, quote, i = [], "", 0, None, first
    while i < len(text):
        c = text[i]
        if quote:
            current += c
            if quote == "'" and c == "'" and text[i + 1:i + 2] == "'":
                current += "'"
                i += 2
                continue
            if quote == '"' and c == "\\":
                current += text[i + 1:i + 2]
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "'\"" and (not current.strip() or current.rstrip()[-1] in ":[{,"):
            quote = c
            current += c
        elif c in "[{":
            depth += 1
            if depth > 1:
                current += c
        elif c in "]}":
            depth -= 1
            if depth == 0:
                break
            current += c
        elif c == "," and depth == 1:
            entries.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    else:
        raise Failure(f"cannot set {', '.join(keys)}: the flow mapping of `container:` at line {start + 1} does not close")
    if current.strip():
        entries.append(current.strip())
    kept = [e for e in entries if not any(re.match(rf"^[\"']?{key}[\"']?\s*:", e) for key in keys)]
    added = [f"{key}: {value}" for key, value in keys.items()]
    after = text[i + 1:]
    return "\n".join(lines[:start]) + ("\n" if start else "") + "container: {" + ", ".join(kept + added) + "}" + after


# The shapes a spec may give `container` (block, one-line and multi-line
# flow, none), each with keys the modes replace and one they keep.
CONTAINER_SHAPES = {
    "block": "accordion: 1\ncontainer:\n  width: 320\n  expansion: multiple\n  expanded:\n    - a\n    - b\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\n",
    "one-line flow": "accordion: 1\ncontainer: {width: 320, expansion: multiple, expanded: [a, b]}  # two open\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\n",
    "multi-line flow": "accordion: 1\ncontainer: {width: 320,\n  separator: {color: '#C6C6C8', thickness: 1}, expanded: [a, b],\n  expansion: multiple}\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\n",
    "absent": "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\n",
}


def check_container_shapes(accordion, workdir):
    """Every shape of `CONTAINER_SHAPES` rewritten by `with_container_keys`
    resolves to the keys set and the width kept; raises Failure otherwise."""
    keys = {"expansion": "single", "collapsible": "false", "expanded": "b"}
    for shape, text in CONTAINER_SHAPES.items():
        spec = os.path.join(workdir, f"shape-{shape.replace(' ', '-')}.yaml")
        with open(spec, "w", encoding="utf-8") as f:
            f.write(with_container_keys(text, keys))
        container = json.loads(cli(accordion, "resolve", spec)).get("container", {})
        want = {"expansion": "single", "collapsible": False, "expanded": "b"}
        if "width" in text:
            want["width"] = 320
        got = {key: container.get(key) for key in want}
        if got != want:
            raise Failure(f"container keys set in a spec with a {shape} `container`: {got}, expected {want}")


def modes(accordion, sample):
    """The container modes a sample is checked in: as written, then each
    other combination of `expansion` and `collapsible` (in `single`, only
    the first of several initially open panels stays open)."""
    dump = json.loads(cli(accordion, "render", "--format", "json", "--no-script", sample))
    own = (dump["container"]["expansion"], dump["container"]["collapsible"])
    first = dump["expandedPanel"]
    found = [{}]
    for expansion in ("single", "multiple"):
        for collapsible in (True, False):
            if (expansion, collapsible) == own:
                continue
            keys = {"expansion": expansion, "collapsible": str(collapsible).lower()}
            if expansion == "single" and own[0] == "multiple":
                keys["expanded"] = first or "null"  # a list is `multiple`'s alone
            found.append(keys)
    return found


def label(keys):
    return ", ".join(f"{k}: {v}" for k, v in keys.items()) or "as written"


AXE_RUN = """(async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })) }));
})()"""


def warned_headers(accordion, spec):
    """The header ids (`h0`, `h1`, ...) the page gives the panels whose
    colours `accordion validate` warns about as low-contrast: each warning's
    panel (its pointer into the spec, a panel of `panels` or a `setPanels`
    definition) by id, then its place in the stack the page shows (the one
    after the script, as `render` dumps it)."""
    report = json.loads(subprocess.run([accordion, "validate", "--format", "json", spec],
                                       capture_output=True, text=True).stdout)
    document = json.loads(cli(accordion, "resolve", spec))
    ids = set()
    for d in report["diagnostics"]:
        if d["rule"] != "low-contrast":
            continue
        node = document
        for part in d.get("instancePath", "").split("/")[1:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, dict) and "id" in node:
            ids.add(node["id"])
    stack = [p["id"] for p in json.loads(cli(accordion, "render", "--format", "json", spec))["panels"]]
    return {f"h{i}" for i, panel in enumerate(stack) if panel in ids}


def violations(browser, axe_source, warned=frozenset()):
    """axe-core's violations on the page as it is now; colour contrast on a
    header validate warned about (or on what it holds) is the author's."""
    if not browser.eval("typeof window.axe === 'object'"):
        browser.eval(axe_source + "\n;true")
    found = browser.eval(AXE_RUN)
    kept = []
    for v in found:
        if v["id"] == CONTRAST:
            v["nodes"] = [n for n in v["nodes"]
                          if not any(re.match(rf"^#{h}(\b|$| )", n["target"]) for h in warned)]
            if not v["nodes"]:
                continue
        kept.append(v)
    return kept


def describe(found):
    parts = []
    for v in found[:3]:
        nodes = "; ".join(f"{n['target']}: {n['summary']}".replace("\n", " ") for n in v["nodes"][:2])
        parts.append(f"{v['id']} ({v['impact']}: {v['help']}) at {nodes}")
    return " | ".join(parts)


def header_count(browser):
    return browser.eval("document.querySelectorAll('#screen .header').length")


def check_page(browser, axe_source, path, warned=frozenset()):
    """Runs axe at load, after clicking each header once it has settled, and
    mid-transition; returns how many moments were checked."""
    browser.navigate("file://" + path + "?clock=manual")
    errors = [e for e in browser.events if e["method"] == "Runtime.exceptionThrown"]
    if errors:
        raise Failure(f"script error: {errors[0]['params']['exceptionDetails'].get('text')}")
    checked = 0

    def at(moment):
        nonlocal checked
        found = violations(browser, axe_source, warned)
        checked += 1
        if found:
            raise Failure(f"{moment}: {describe(found)}")

    at("at load")
    n = header_count(browser)
    mid_done = False
    for i in range(n):
        state = browser.eval("window.__accordion.state()")
        t = state["now"] + 1
        browser.eval(f"window.__accordion.setTime({t!r})")
        browser.eval(f"document.getElementById('h{i}').click()")
        running = browser.eval("window.__accordion.state().transition")
        if running and not mid_done:
            browser.eval(f"window.__accordion.setTime({(running['start'] + running['end']) / 2!r})")
            at(f"mid-transition after a click on header {i}")
            mid_done = True
        browser.eval(f"window.__accordion.setTime({t + 10!r})")
        at(f"after a click on header {i}")
    return checked


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accordion", default=os.environ.get("ACCORDION_BIN") or os.path.join(ROOT, ".build/release/accordion"))
    parser.add_argument("--axe", help="axe.min.js (default: the one scripts/fetch-axe-core.sh installs)")
    parser.add_argument("-k", help="only samples whose file name contains this")
    parser.add_argument("-v", "--verbose", action="store_true", help="keep the pages")
    parser.add_argument("samples", nargs="*", help="spec files (default: samples/*.yaml)")
    args = parser.parse_args()
    if not os.access(args.accordion, os.X_OK):
        return setup_failed(f"no accordion binary at {args.accordion} (build it first)")
    axe_path = args.axe
    if axe_path is None:
        fetched = subprocess.run([os.path.join(ROOT, "scripts", "fetch-axe-core.sh")], capture_output=True, text=True)
        if fetched.returncode != 0:
            return setup_failed(f"cannot install axe-core: {fetched.stderr.strip()}")
        axe_path = os.path.join(ROOT, fetched.stdout.strip().splitlines()[-1])
    axe_source = open(axe_path, encoding="utf-8").read()
    version = re.search(r"axe v([0-9.]+)", axe_source[:200])
    print(f"     axe-core {version.group(1) if version else '(unknown version)'} from {os.path.relpath(axe_path, ROOT)}")
    # The samples' test files (*.test.yaml) name a spec; they are none.
    samples = args.samples or sorted(p for p in glob.glob(os.path.join(ROOT, "samples", "*.yaml")) if not p.endswith(".test.yaml"))
    workdir = tempfile.mkdtemp(prefix="accordion-axe-")
    passed = failed = moments = 0
    started = time.monotonic()
    try:
        check_container_shapes(args.accordion, workdir)
        passed += 1
        print(f"ok   container keys set in every shape of `container` ({', '.join(CONTAINER_SHAPES)})", flush=True)
    except Exception as e:  # a helper that cannot rewrite a shape fails this check, not the run
        failed += 1
        print(f"FAIL container keys: {type(e).__name__}: {e}", flush=True)
    browser = launch(1280, 1000)
    if browser is None:
        return 1
    try:
        for sample in samples:
            name = os.path.splitext(os.path.basename(sample))[0]
            if args.k and args.k not in name:
                continue
            # Every mode in the light appearance; the sample as written in the dark one too.
            for keys, appearance in [(keys, "light") for keys in modes(args.accordion, sample)] + [({}, "dark")]:
                check = f"axe {name} ({label(keys)}{', dark' if appearance == 'dark' else ''})"
                try:
                    text = open(sample, encoding="utf-8").read()
                    spec = os.path.join(workdir, f"{name}-{'-'.join(keys.values()) or 'as-written'}.yaml")
                    with open(spec, "w", encoding="utf-8") as f:
                        f.write(with_container_keys(text, keys) if keys else text)
                    page = spec[:-5] + f"-{appearance}.html"
                    cli(args.accordion, "render", "--format", "html", "-o", page, spec)
                    browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": appearance}])
                    try:
                        count = check_page(browser, axe_source, page, warned_headers(args.accordion, spec))
                    finally:
                        browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "light"}])
                except (Failure, CDPError) as e:
                    failed += 1
                    print(f"FAIL {check}: {e}", flush=True)
                    continue
                passed += 1
                moments += count
                print(f"ok   {check}: {count} moments, no violation", flush=True)
    finally:
        browser.close()
    if args.verbose:
        print(f"pages kept in {workdir}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"{moments} moments checked in {time.monotonic() - started:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
