#!/usr/bin/env python3
"""Measures how `accordion` handles the hostile-input corpus: wall time and
peak memory (ru_maxrss from wait4) of resolve, validate and render on each
input, plus the schema-side limits (validate --schema) and render's output
size. Prints a Markdown table for RELIABILITY.md.

    Fuzz/hostile-figures.py [path/to/accordion]   (default .build/release/accordion)

The inputs are the same as Tests/AccordionCLITests/HostileInputTests.swift
generates (kept in step by hand: the tests check behaviour, this measures).
"""
import os, resource, signal, sys, tempfile, threading, time, shutil, subprocess

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/accordion")


TIMEOUT = 30          # seconds before a run is killed and reported as such
MEMORY = 4 << 30      # address-space cap, so a blow-up cannot take the machine


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args, stdin=None):
    """Runs the binary; returns (exit status, seconds, peak RSS MiB, stdout bytes, first stderr line)."""
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    start = time.monotonic()
    p = subprocess.Popen([BINARY] + args, stdout=out, stderr=err,
                         stdin=subprocess.DEVNULL if stdin is None else open(stdin, "rb"),
                         env=dict(os.environ, NO_COLOR="1"), preexec_fn=limit_memory)
    timer = threading.Timer(TIMEOUT, lambda: p.send_signal(signal.SIGKILL))
    timer.start()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    seconds = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode == -signal.SIGKILL and seconds >= TIMEOUT:
        return "killed", seconds, usage.ru_maxrss / 1024, 0, f"still running after {TIMEOUT} s"
    out.seek(0, 2)
    size = out.tell()
    err.seek(0)
    first = err.read(400).decode("utf-8", "replace").split("\n")[0]
    if not first:
        out.seek(0)
        first = out.read(400).decode("utf-8", "replace").split("\n")[0]
    return p.returncode, seconds, usage.ru_maxrss / 1024, size, first


def billion_laughs():
    names = "abcdefghij"
    text = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for i in range(1, len(names)):
        text += f"{names[i]}: &{names[i]} [" + ", ".join([f"*{names[i-1]}"] * 9) + "]\n"
    return text.encode()


def merge_chain(n):
    text = "m0: &m0 {k0: 0}\n"
    for i in range(1, n):
        text += f"m{i}: &m{i} {{<<: *m{i-1}, k{i}: {i}}}\n"
    return text.encode()


def repeated_merges(copies, mappings):
    text = "base: &b {" + ", ".join(f"k{i}: {i}" for i in range(200)) + "}\nall:\n"
    lst = "[" + ", ".join(["*b"] * copies) + "]"
    for i in range(mappings):
        text += f"  - {{<<: {lst}, own{i}: {i}}}\n"
    return text.encode()


def big_file():
    line = b"# a comment line that fills the file up to the limit and one byte over it\n"
    size = (64 << 20) + 1
    data = line * (size // len(line))
    return data + b"#" * (size - len(data))


VALID = "accordion: 1\ntitle: UTF-16 spec\npanels:\n  - {id: VC1, title: \u00dcber}\n  - {id: VC2, title: Zwei}\n"
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4"
                    "890000000d4944415478 9c63f8cfc0f01f000500 01ff89993d1d0000000049454e44ae426082".replace(" ", ""))

INPUTS = [
    ("billion laughs", billion_laughs()),
    ("merge chain, 5,000 levels", merge_chain(5000)),
    ("repeated merges, 1,000 x 100 x 200 keys", repeated_merges(100, 1000)),
    ("1 MiB string aliased 3,000 times", b'a: &a "' + b"x" * (1 << 20) + b'"\nb: [' + b", ".join([b"*a"] * 3000) + b"]\n"),
    ("100,000-deep block (`- - - …`)", b"- " * 100000 + b"x\n"),
    ("100,000-deep flow `[`", b"[" * 100000 + b"]" * 100000),
    ("100,000-deep flow `{a: `", b"{a: " * 100000 + b"}" * 100000),
    ("64 MiB + 1 byte", None),  # generated lazily
    ("1 MiB single-line scalar", b"a" * (1 << 20)),
    ("1 MiB title in a valid spec", b"accordion: 1\ntitle: " + b"a" * (1 << 20) + b"\npanels:\n  - {id: a, title: A}\n"),
    ("control character U+0001", b"key: a\x01b\n"),
    ("control character U+007F", b"key: a\x7fb\n"),
    ("C1 control U+0080", "key: a\u0080b\n".encode()),
    ("overlong UTF-8 (C0 AF)", b"key: \xc0\xaf\n"),
    ("truncated UTF-8 mid-line", b"key: \xe2\x82\nnext: 1\n"),
    ("truncated UTF-8 at end", b"key: a\xe2"),
    ("UTF-16LE with BOM (valid spec)", b"\xff\xfe" + VALID.encode("utf-16-le")),
    ("UTF-16BE with BOM (valid spec)", b"\xfe\xff" + VALID.encode("utf-16-be")),
    ("UTF-16LE without BOM", VALID.encode("utf-16-le")),
    ("empty file", b""),
    ("PNG", PNG),
    ("NUL byte", b"accordion: 1\npanels: []\ntitle: a\x00b\n"),
    ("8,000 unknown tap targets, one per line",
     ("accordion: 1\npanels:\n  - {id: abc, title: T}\nscript:\n" + "".join(f"  - tap: x{i}\n" for i in range(8000))).encode()),
    ("8,000 problems on one 100 KB line",
     ("{accordion: 1, panels: [{id: abc, title: T}], script: [" + ", ".join(f"{{tap: x{i}}}" for i in range(8000)) + "]}\n").encode()),
    ("10,000 unknown ids among 10,000 panels",
     ("accordion: 1\ncontainer: {height: 100000, headerHeight: 1}\npanels:\n" + "".join(f"  - {{id: p{i}, title: T}}\n" for i in range(10000))
      + "script:\n" + "".join(f"  - tap: x{i}\n" for i in range(10000))).encode()),
    ("1 MiB enum value", b"accordion: 1\ncontainer: {layout: " + b"f" * (1 << 20) + b"}\npanels: []\n"),
    ("numbers near 1.8e308 (valid; sums saturate)",
     b"accordion: 1\ncontainer: {width: 1e308, height: 1e308, headerHeight: 1e307, animation: {duration: 1.7e308}}\n"
     b"panels:\n  - {id: a, title: A}\n  - {id: b, title: B, contentHeight: 1e308}\nscript:\n  - wait: 999999999\n  - tap: b\n"
     b"  - {tap: a, at: 1e9}\n"),
    ("a clock past 10^9 s (wait: 1.7e308)",
     b"accordion: 1\npanels:\n  - {id: a, title: A}\nscript:\n  - wait: 1.7e308\n  - wait: 1.7e308\n"),
]

SCHEMA_CASES = [
    ("$ref cycle", b'$defs:\n  a: {$ref: "#/$defs/b"}\n  b: {$ref: "#/$defs/a"}\n$ref: "#/$defs/a"\n', b"x: 1\n"),
    ("$ref to itself at the root", b'$ref: "#"\n', b"x: 1\n"),
    ("allOf nested 5,000 deep", b"allOf: [" * 5000 + b"{}" + b"]" * 5000 + b"\n", b"x: 1\n"),
    ("properties nested 400 deep, instance too",
     b"".join([b"{properties: {a: "] * 400) + b"{type: integer}" + b"}}" * 400 + b"\n",
     b"".join([b"{a: "] * 400) + b"x" + b"}" * 400 + b"\n"),
    ("anyOf 3^10 fan-out", b"$defs:\n" + b"".join(
        f'  d{i}: {{anyOf: [{{$ref: "#/$defs/d{i+1}"}}, {{$ref: "#/$defs/d{i+1}"}}, {{$ref: "#/$defs/d{i+1}"}}]}}\n'.encode()
        for i in range(10)) + b"  d10: {type: string}\n$ref: \"#/$defs/d0\"\n", b"1\n"),
    ("allOf $ref fan-out 2^30", b"$defs:\n" + b"".join(
        f'  d{i}: {{allOf: [{{$ref: "#/$defs/d{i+1}"}}, {{$ref: "#/$defs/d{i+1}"}}]}}\n'.encode()
        for i in range(30)) + b"  d30: {type: integer}\n$ref: \"#/$defs/d0\"\n", b"1\n"),
    ("multipleOf 1e-308 on 1e308", b"multipleOf: 1e-308\n", b"1e308\n"),
    ("multipleOf 4.9e-324", b"multipleOf: 4.9e-324\n", b"0.1\n"),
    ("multipleOf 1.7e308 on 0.5", b"multipleOf: 1.7976931348623157e308\n", b"0.5\n"),
    ("pattern (a+)+$ on a^40 b", b'pattern: "(a+)+$"\n', b'"' + b"a" * 40 + b'b"\n'),
    ("pattern (a|aa)+$ on a^5000 b", b'pattern: "^(a|aa)+$"\n', b'"' + b"a" * 5000 + b'b"\n'),
    ("pattern (.*a){20} on a^100", b'pattern: "(.*a){20}"\n', b'"' + b"a" * 100 + b'"\n'),
    ("1,000 strings x pattern (x+x+)+y",
     b'items: {pattern: "(x+x+)+y"}\n', b"[" + b", ".join([b'"' + b"x" * 30 + b'"'] * 1000) + b"]\n"),
    ("patternProperties (a|a)*$ x 1,000 keys",
     b'patternProperties: {"^(a|a)*$": true}\n', b"{" + b", ".join(b"a" * 40 + str(i).encode() + b": 1" for i in range(1000)) + b"}\n"),
    ("uniqueItems on 20,000 items", b"uniqueItems: true\n", b"[" + b", ".join(str(i).encode() for i in range(20000)) + b"]\n"),
    ("pattern with 100,000 nested groups", b'pattern: "' + b"(" * 100000 + b"a" + b")" * 100000 + b'"\n', b"x\n"),
    ("pattern a{1000000}", b'pattern: "a{1000000}"\n', b'"aaa"\n'),
]


def render_spec(panels, taps):
    text = f"accordion: 1\ntitle: Big\ncontainer: {{height: {panels * 10 + 400}, headerHeight: 10, animation: {{duration: 0}}}}\npanels:\n"
    text += "".join(f"  - {{id: p{i}, title: Panel {i}}}\n" for i in range(panels))
    text += "script:\n" + "".join(f"  - tap: {(i * 7) % panels}\n" for i in range(taps))
    return text.encode()


RENDER_CASES = [
    ("100 panels, 100 taps", render_spec(100, 100)),
    ("1,000 panels, 1,000 taps", render_spec(1000, 1000)),
    ("10,000 panels, 100 taps", render_spec(10000, 100)),
    ("100 panels, 10,000 taps", render_spec(100, 10000)),
]


def main():
    work = tempfile.mkdtemp(prefix="accordion-figures-")
    try:
        print(f"Binary: {BINARY}\n")
        print("| input | command | exit | time (s) | peak RSS (MiB) | first line of the report |")
        print("|---|---|---|---|---|---|")
        for name, data in INPUTS:
            path = os.path.join(work, "input.yaml")
            with open(path, "wb") as f:
                f.write(big_file() if data is None else data)
            for command in ["resolve", "validate", "render"]:
                args = [command, path] if command != "render" else ["render", "--format", "json", path]
                code, secs, rss, _, first = run(args)
                first = first.replace(path, "F").replace("|", "\\|")[:110]
                print(f"| {name} | {command} | {code} | {secs:.3f} | {rss:.1f} | {first} |")
        special = [("a directory", ["resolve", work]), ("a FIFO", ["resolve", os.path.join(work, "fifo.yaml")]),
                   ("/dev/zero", ["render", "/dev/zero"])]
        os.mkfifo(os.path.join(work, "fifo.yaml"))
        for name, args in special:
            code, secs, rss, _, first = run(args)
            print(f"| {name} | {args[0]} | {code} | {secs:.3f} | {rss:.1f} | {first.replace(work, 'D')[:110]} |")

        print("\n| schema case (`validate --schema S I`) | exit | time (s) | peak RSS (MiB) | first line |")
        print("|---|---|---|---|---|")
        for name, schema, instance in SCHEMA_CASES:
            s = os.path.join(work, "schema.yaml")
            i = os.path.join(work, "instance.yaml")
            open(s, "wb").write(schema)
            open(i, "wb").write(instance)
            code, secs, rss, _, first = run(["validate", "--schema", s, i])
            first = first.replace(s, "S").replace(i, "I").replace("|", "\\|")[:110]
            print(f"| {name} | {code} | {secs:.3f} | {rss:.1f} | {first} |")

        print("\n| render output size | input bytes | format | exit | time (s) | peak RSS (MiB) | output bytes | ratio |")
        print("|---|---|---|---|---|---|---|---|")
        for name, data in RENDER_CASES:
            path = os.path.join(work, "spec.yaml")
            open(path, "wb").write(data)
            for fmt in [["--format", "json"], ["--format", "svg"], ["--format", "json", "--steps"], ["--format", "svg", "--steps"]]:
                code, secs, rss, size, first = run(["render"] + fmt + [path])
                print(f"| {name} | {len(data)} | {' '.join(fmt[1:])} | {code} | {secs:.3f} | {rss:.1f} | {size} | {size / len(data):.1f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
