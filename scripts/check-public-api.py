#!/usr/bin/env python3
"""Checks that the library products' public API carries no unsafe contract.

Dumps the public symbol graph of every library module (`swift package
dump-symbol-graph`, the public declarations an app importing them sees) and
fails on any public declaration that names a borrowed node handle
(`YAMLNodeRef` and its views, valid only while their document lives), an
unmanaged reference, or a raw pointer that outlives the call: a pointer is
allowed only as the parameter of a closure the API calls (`withUTF8 { bytes
in ... }`) or as an argument the caller lends for the call. Standard library
only; prints "public-api: N passed, N failed".
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["AccordionDiagnostics", "AccordionYAML", "JSONSchema", "AccordionSpec",
           "AccordionModel", "AccordionUnicode", "AccordionText", "AccordionRender", "AccordionParallel"]
FORBIDDEN = re.compile(r"\b(YAMLNodeRef|YAMLScalarRef|YAMLItemsRef|YAMLEntriesRef|Unmanaged|"
                       r"Unsafe(Mutable)?(Raw)?Pointer|withExtendedLifetime)\b")
# A buffer pointer only as a closure's parameter or a lent argument: `(UnsafeBufferPointer<...>) ->`
# or `name: UnsafeBufferPointer<...>` in a parameter list; never as a result or a stored value.
BUFFER_AS_RESULT = re.compile(r"->\s*Unsafe(Mutable)?(Raw)?BufferPointer|(var|let)\s+\w+\s*:\s*Unsafe")


def main():
    result = subprocess.run(["swift", "package", "dump-symbol-graph"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout[-2000:], result.stderr[-2000:])
        print("public-api: 0 passed, 1 failed")
        return 1
    folder = next(line.split("Files written to ", 1)[1].strip()
                  for line in result.stdout.splitlines() if "Files written to" in line)
    passed = failed = 0
    for module in MODULES:
        with open(os.path.join(folder, f"{module}.symbols.json")) as f:
            graph = json.load(f)
        problems = []
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            declaration = "".join(t["spelling"] for t in symbol.get("declarationFragments", []))
            if FORBIDDEN.search(declaration) or BUFFER_AS_RESULT.search(declaration):
                problems.append(f"{'.'.join(symbol['pathComponents'])}: {declaration}")
        if problems:
            failed += 1
            print(f"{module}: public declarations with an unsafe contract:")
            for p in problems:
                print(f"  {p}")
        else:
            passed += 1
            print(f"{module}: {len(graph['symbols'])} public symbols, none with an unsafe contract")
    print(f"public-api: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
