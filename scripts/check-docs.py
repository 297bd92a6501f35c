#!/usr/bin/env python3
"""Checks the library documentation: `make docs` builds it with no DocC
warning, every public symbol is documented, and the articles' code is the
code a test compiles.

Stages (each one check):
  1. `scripts/build-docs.sh` (what `make docs` runs) succeeds; it passes
     `--warnings-as-errors` to `docc convert`, so any DocC warning fails it;
  2. per module, from the symbol graphs it wrote (.build/docs-symbols), every
     public symbol has a doc comment with a summary, and every function,
     method, initializer or subscript documents what its signature has:
       - each parameter (`- Parameter name:` or an entry under `- Parameters:`),
       - `- Returns:` when it returns something other than `Void`
         (initializers and subscripts' setters are not "returns"),
       - `- Throws:` when it is declared `throws`.
     A member that implements a protocol's requirement (`==`, `hash(into:)`,
     a collection's `subscript` and `index(after:)`, `description`) needs its
     summary only: its parameters and result are the protocol's. So does a
     memberwise initializer, one whose every parameter is named after a
     documented public property of its type: that property's comment says
     what the argument is, once;
  3. every ```swift block of the catalogs' articles appears, line for line
     (indentation aside), in the test that compiles and runs it
     (Tests/AccordionSpecTests/DocArticleTests.swift), so an article cannot
     drift from the API.

`--no-build` reads the symbol graphs of an earlier `make docs`. Standard
library only; the last line is "docs: N passed, N failed".
"""

import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYMBOLS = os.path.join(ROOT, ".build", "docs-symbols")
MODULES = ["AccordionDiagnostics", "AccordionParallel", "AccordionYAML", "JSONSchema",
           "AccordionModel", "AccordionUnicode", "AccordionText", "AccordionSpec", "AccordionRender"]
ARTICLE_TEST = os.path.join(ROOT, "Tests", "AccordionSpecTests", "DocArticleTests.swift")
CALLABLE = {"swift.func", "swift.method", "swift.type.method", "swift.init",
            "swift.subscript", "swift.type.subscript", "swift.func.op"}
PARAMETER = re.compile(r"^\s*[-*+]\s+Parameter\s+(\w+)\s*:", re.I)
PARAMETERS = re.compile(r"^\s*[-*+]\s+Parameters\s*:\s*$", re.I)
LIST_ENTRY = re.compile(r"^(\s*)[-*+]\s+(\w+)\s*:")
RETURNS = re.compile(r"^\s*[-*+]\s+Returns\s*:", re.I)
THROWS = re.compile(r"^\s*[-*+]\s+Throws\s*:", re.I)


def documented_parameters(lines):
    """The parameter names a doc comment documents, in either DocC form."""
    names, in_list, indent = set(), False, None
    for line in lines:
        if m := PARAMETER.match(line):
            names.add(m.group(1))
            in_list = False
            continue
        if PARAMETERS.match(line):
            in_list, indent = True, len(line) - len(line.lstrip())
            continue
        if in_list:
            m = LIST_ENTRY.match(line)
            if m and len(m.group(1)) > indent:
                names.add(m.group(2))
            elif line.strip() and len(line) - len(line.lstrip()) <= indent:
                in_list = False
    return names


def problems_of(symbol, summary_only):
    """What a public symbol's doc comment lacks, as short phrases."""
    lines = [l["text"] for l in (symbol.get("docComment") or {}).get("lines", [])]
    if not any(l.strip() for l in lines):
        return ["no doc comment"]
    if not lines[0].strip() or lines[0].lstrip().startswith("- "):
        return ["no summary line"]
    kind = symbol["kind"]["identifier"]
    if kind not in CALLABLE or summary_only:
        return []
    problems = []
    signature = symbol.get("functionSignature") or {}
    documented = documented_parameters(lines)
    for p in signature.get("parameters", []):
        names = {p.get("name"), p.get("internalName")} - {None, "_"}
        if names and not names & documented:
            problems.append(f"parameter `{p.get('internalName') or p.get('name')}` undocumented")
    declaration = "".join(t["spelling"] for t in symbol.get("declarationFragments", []))
    returns = "".join(t["spelling"] for t in signature.get("returns", [])).strip()
    if kind != "swift.init" and returns not in ("", "Void", "()") and not any(RETURNS.match(l) for l in lines):
        problems.append("no `- Returns:`")
    if re.search(r"\)\s*(async\s+)?(throws|rethrows)\b", declaration) and not any(THROWS.match(l) for l in lines):
        problems.append("no `- Throws:`")
    return problems


def check_module(module):
    path = os.path.join(SYMBOLS, module, f"{module}.symbols.json")
    if not os.path.exists(path):
        print(f"{module}: no symbol graph at {path} (run `make docs`)")
        return False
    symbols, requirements, parent = [], set(), {}
    for graph_path in glob.glob(os.path.join(SYMBOLS, module, "*.symbols.json")):
        with open(graph_path) as f:
            graph = json.load(f)
        symbols += graph["symbols"]
        requirements |= {r["source"] for r in graph["relationships"] if "sourceOrigin" in r}
        parent |= {r["source"]: r["target"] for r in graph["relationships"] if r["kind"] == "memberOf"}
    public = [s for s in symbols if s.get("accessLevel") in ("public", "open")]
    # The documented properties of each type, by name, for memberwise initializers.
    properties = {}
    for s in public:
        if s["kind"]["identifier"] == "swift.property" and not problems_of(s, True):
            properties.setdefault(parent.get(s["identifier"]["precise"]), set()).add(s["names"]["title"])
    undocumented = []
    for s in public:
        precise = s["identifier"]["precise"]
        summary_only = precise in requirements or (
            s["kind"]["identifier"] == "swift.init"
            and {p.get("name") for p in (s.get("functionSignature") or {}).get("parameters", [])}
            <= properties.get(parent.get(precise), set()))
        problems = problems_of(s, summary_only)
        if problems:
            location = s.get("location", {})
            where = location.get("uri", "").replace(f"file://{ROOT}/", "")
            line = location.get("position", {}).get("line", -1) + 1
            undocumented.append(f"  {where}:{line}: {'.'.join(s['pathComponents'])}: {', '.join(problems)}")
    if undocumented:
        print(f"{module}: {len(undocumented)} of {len(public)} public symbols not fully documented:")
        print("\n".join(sorted(undocumented)))
        return False
    print(f"{module}: {len(public)} public symbols, all documented")
    return True


def check_articles():
    """Every swift block of every article is in the test that compiles it."""
    try:
        with open(ARTICLE_TEST) as f:
            test = [l.strip() for l in f.read().splitlines()]
    except OSError:
        print(f"articles: {ARTICLE_TEST} is missing")
        return False
    missing, blocks = [], 0
    for article in sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md"))):
        with open(article) as f:
            text = f.read()
        for block in re.findall(r"```swift\n(.*?)```", text, re.S):
            blocks += 1
            lines = [l.strip() for l in block.splitlines() if l.strip()]
            if not contains_in_order(test, lines):
                missing.append(f"  {os.path.relpath(article, ROOT)}: block starting `{lines[0]}`")
    if missing:
        print(f"articles: {len(missing)} code block(s) not found verbatim in {os.path.relpath(ARTICLE_TEST, ROOT)}:")
        print("\n".join(missing))
        return False
    print(f"articles: {blocks} code blocks, each compiled by {os.path.relpath(ARTICLE_TEST, ROOT)}")
    return True


def contains_in_order(haystack, needle):
    """Whether `needle`'s lines occur as consecutive non-blank lines of `haystack`."""
    lines = [l for l in haystack if l]
    n = len(needle)
    return any(lines[i:i + n] == needle for i in range(len(lines) - n + 1))


def main():
    passed = failed = 0
    if "--no-build" not in sys.argv:
        build = subprocess.run(["bash", os.path.join(ROOT, "scripts", "build-docs.sh")], cwd=ROOT)
        if build.returncode == 0:
            passed += 1
            print("make docs: built with no DocC warning")
        else:
            failed += 1
            print(f"make docs: failed (exit {build.returncode})")
    for ok in [check_module(m) for m in MODULES] + [check_articles()]:
        passed, failed = (passed + 1, failed) if ok else (passed, failed + 1)
    print(f"docs: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
