#!/usr/bin/env python3
"""Runs every example of docs/spec-guide.md against the `accordion` binary,
so the guide cannot drift from the tool.

The guide's conventions (all invisible or self-describing on GitHub):

* A ```yaml block is a whole spec. The checker saves it as `spec.yaml` in a
  scratch directory (later blocks overwrite it) and validates it:
  - unmarked, it must be valid with no warning at all (`validate --strict`);
  - after `<!-- guide: warns RULE ... -->` it must be valid, and its
    diagnostics must name exactly these rules;
  - after `<!-- guide: invalid RULE ... -->` it must be invalid (exit 1), and
    its diagnostics must name exactly these rules;
  - after `<!-- guide: fragment -->` it is a piece of a spec: it is not saved,
    only loaded (`accordion resolve`), so it must at least be well-formed YAML;
  - after `<!-- guide: file NAME.test.yaml -->` it is a test file, saved as
    NAME.test.yaml (beside spec.yaml, which it names): `accordion test` must
    read it and the spec (exit 0 or 1, not 2); a console block after it
    shows what its cases find.
* A ```console block is a command and what it prints: its first line is
  `$ accordion ...` (a shell pipeline through standard tools is allowed), the
  rest is the exact output, standard error included. The checker runs the
  command in the scratch directory, with the binary first on PATH and colour
  off, and compares the output byte for byte.

Each block is one check. Last, the checker changes one digit in the first
console block with digits in its output and checks that the comparison then
fails, so a checker that cannot fail does not pass either.

Usage: check_guide.py [--accordion PATH] [--guide PATH] [-v]
Prints one line per failure and ends with "guide: N passed, N failed".
"""

import argparse
import difflib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^<!--\s*guide:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^```(\w*)\s*$")


class Block:
    """One fenced block of the guide with the marker written just before it."""

    def __init__(self, lang, text, line, marker):
        self.lang = lang
        self.text = text
        self.line = line
        self.marker = marker


def blocks(markdown):
    """The fenced blocks of `markdown`, in order. A marker applies to the
    block that starts on the next non-blank line."""
    found = []
    lines = markdown.split("\n")
    marker = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line)
        if m:
            marker = m.group(1)
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            start = i + 1
            body = []
            i += 1
            while i < len(lines) and lines[i] != "```":
                body.append(lines[i])
                i += 1
            if i == len(lines):
                raise SystemExit(f"guide line {start}: unclosed ``` block")
            found.append(Block(fence.group(1), "\n".join(body) + "\n", start, marker))
            marker = None
        elif line.strip():
            marker = None
        i += 1
    return found


class Checker:
    def __init__(self, accordion, scratch, verbose):
        self.accordion = os.path.abspath(accordion)
        self.scratch = scratch
        self.verbose = verbose
        self.env = dict(os.environ)
        self.env.pop("FORCE_COLOR", None)
        self.env["NO_COLOR"] = "1"
        self.env["PATH"] = os.path.dirname(self.accordion) + os.pathsep + self.env.get("PATH", "")

    def run(self, argv):
        return subprocess.run([self.accordion] + argv, cwd=self.scratch, env=self.env,
                              capture_output=True, text=True, timeout=60)

    def diagnostics(self, path):
        """Exit status and the rule ids of `validate --format json`."""
        done = self.run(["validate", "--format", "json", "--color", "never", path])
        try:
            rules = sorted({d["rule"] for d in json.loads(done.stdout)["diagnostics"]})
        except (ValueError, KeyError) as error:
            return done.returncode, None, f"unreadable validate output ({error}): {done.stdout}{done.stderr}"
        return done.returncode, rules, ""

    def check_spec(self, block):
        """A yaml block: a whole spec (saved as spec.yaml) or a fragment."""
        words = (block.marker or "").split()
        kind, expected = (words[0], sorted(set(words[1:]))) if words else ("valid", [])
        if kind == "file":
            names = words[1:]
            if len(names) != 1 or not names[0].endswith(".test.yaml") or "/" in names[0]:
                return "`guide: file` takes one name ending in .test.yaml"
            with open(os.path.join(self.scratch, names[0]), "w") as f:
                f.write(block.text)
            return self.check_test_file(names[0])
        if kind == "fragment":
            path = os.path.join(self.scratch, "fragment.yaml")
            with open(path, "w") as f:
                f.write(block.text)
            done = self.run(["resolve", "--color", "never", "fragment.yaml"])
            return "" if done.returncode == 0 else f"fragment is not well-formed YAML:\n{done.stderr}"
        if kind not in ("valid", "warns", "invalid"):
            return f"unknown marker `guide: {block.marker}`"
        with open(os.path.join(self.scratch, "spec.yaml"), "w") as f:
            f.write(block.text)
        status, rules, problem = self.diagnostics("spec.yaml")
        if problem:
            return problem
        want_status = 1 if kind == "invalid" else 0
        if status != want_status or rules != expected:
            shown = self.run(["validate", "--color", "never", "spec.yaml"]).stdout
            return (f"expected {kind} with rules {expected or 'none'}; got exit {status} with rules "
                    f"{rules or 'none'}:\n{shown}")
        return ""

    def check_test_file(self, name):
        """A test file just saved: `accordion test` reads it and its spec
        (its cases may pass or fail; exit 2 is a file that cannot run)."""
        done = self.run(["test", "--format", "json", "--color", "never", name])
        if done.returncode not in (0, 1):
            return f"`accordion test {name}` exited {done.returncode}:\n{done.stderr}"
        return ""

    def check_console(self, block):
        """A console block: `$ accordion ...` and its exact output."""
        first, _, expected = block.text.partition("\n")
        if not first.startswith("$ accordion"):
            return "a console block must start with `$ accordion ...`"
        command = first[2:]
        done = subprocess.run(["bash", "-c", command], cwd=self.scratch, env=self.env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
        actual = done.stdout
        if actual == expected:
            return ""
        diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                    "guide", "accordion", n=2)
        return f"output of `{command}` differs:\n" + "".join(diff)

    def check(self, block):
        """"" when the block passes, the failure when not, None when it is
        not an example (prose code such as a formula)."""
        try:
            if block.lang == "yaml":
                return self.check_spec(block)
            if block.lang == "console":
                return self.check_console(block)
        except subprocess.TimeoutExpired as timeout:
            return f"`{timeout.cmd}` did not finish within {timeout.timeout} s"
        return None


def run_guide(markdown, checker, report):
    """Checks every block; returns (passed, failed)."""
    passed = failed = 0
    for block in blocks(markdown):
        problem = checker.check(block)
        if problem is None:
            continue
        if problem:
            failed += 1
            report(f"FAIL guide line {block.line} ({block.lang}): {problem}")
        else:
            passed += 1
            if checker.verbose:
                report(f"ok   guide line {block.line} ({block.lang})")
    return passed, failed


def mutated(markdown):
    """The guide with one digit changed in the output of its first console
    block that prints a digit, or None when there is none."""
    for block in blocks(markdown):
        if block.lang != "console":
            continue
        first, _, output = block.text.partition("\n")
        m = re.search(r"\d", output)
        if not m:
            continue
        digit = str((int(m.group()) + 1) % 10)
        changed_output = output[:m.start()] + digit + output[m.end():]
        return markdown.replace(block.text, first + "\n" + changed_output, 1)
    return None


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accordion", default=os.path.join(root, ".build/release/accordion"))
    parser.add_argument("--guide", default=os.path.join(root, "docs/spec-guide.md"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if not os.access(args.accordion, os.X_OK):
        print(f"no accordion binary at {args.accordion}: run `swift build -c release` first")
        print("guide: 0 passed, 1 failed")
        return 1
    with open(args.guide) as f:
        markdown = f.read()
    with tempfile.TemporaryDirectory(prefix="accordion-guide-") as scratch:
        checker = Checker(args.accordion, scratch, args.verbose)
        passed, failed = run_guide(markdown, checker, print)
        if passed + failed == 0:
            print("FAIL the guide has no example")
            failed += 1
        broken = mutated(markdown)
        quiet = Checker(args.accordion, scratch, False)
        if broken is not None and run_guide(broken, quiet, lambda _: None)[1] > 0:
            passed += 1
        else:
            print("FAIL a guide with one output digit changed still passes: the checker cannot fail")
            failed += 1
    print(f"guide: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
