#!/usr/bin/env python3
"""`accordion lsp` through a standard-library client over a pipe: every
method, document sync with multi-byte text in UTF-16 and UTF-8,
cancellation, malformed input, and the oracle that matters most: for every
fixture of Tests/Fixtures/validate the published diagnostics are exactly
what `accordion validate --format json` prints. The last check runs
Neovim's own client (nvim_test.py). The `lsp` stage of scripts/run-tests.sh.

usage: protocol_test.py ACCORDION
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "Drive"))
from lsp_client import Client  # noqa: E402
from stage import Failure, run_checks  # noqa: E402

ACCORDION = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/accordion"))
SAMPLE = os.path.join(ROOT, "samples", "article-demo.yaml")


def check(condition, message):
    if not condition:
        raise Failure(message)


def uri_of(path):
    return "file://" + os.path.abspath(path)


# ---------------------------------------------------------------- positions

def to_units(text, encoding):
    """Code units of text in the client's encoding."""
    return len(text.encode("utf-16-le")) // 2 if encoding == "utf-16" else len(text.encode("utf-8"))


def position_of(text, line, column, encoding):
    """validate's 1-based line and scalar column as an LSP position: the same
    place, but lines counted as the protocol counts them (a lone CR ends a
    line there, not in the loader's line numbers)."""
    index = sum(len(l) + 1 for l in text.split("\n")[:line - 1]) + column - 1
    breaks = [m.end() for m in re.finditer("\r\n|\r|\n", text[:index])]
    start = breaks[-1] if breaks else 0
    return {"line": len(breaks), "character": to_units(text[start:index], encoding)}


def expected_diagnostics(path, encoding="utf-16"):
    """validate --format json's diagnostics for path, as the server should publish them."""
    run = subprocess.run([ACCORDION, "validate", "--format", "json", path], capture_output=True, text=True, timeout=30)
    report = json.loads(run.stdout)
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    severities = {"error": 1, "warning": 2, "note": 3}
    out = []
    for d in report["diagnostics"]:
        item = {
            "range": {"start": position_of(text, d["line"], d["column"], encoding),
                      "end": position_of(text, d["endLine"], d["endColumn"], encoding)},
            "severity": severities[d["severity"]],
            "code": d["rule"],
            "source": "accordion",
            "message": d["message"] + ("\nhelp: " + d["help"] if d["help"] is not None else ""),
        }
        if d["related"]:
            item["relatedInformation"] = [{
                "location": {"uri": uri_of(path), "range": {
                    "start": position_of(text, r["line"], r["column"], encoding),
                    "end": position_of(text, r["endLine"], r["endColumn"], encoding)}},
                "message": r["message"]} for r in d["related"]]
        out.append(item)
    return out


def apply_edits(text, edits, encoding):
    """Applies TextEdits (non-overlapping) to text, from the last to the first."""
    lines = text.split("\n")

    def offset(p):
        line = lines[p["line"]] if p["line"] < len(lines) else ""
        base = sum(len(l.encode("utf-8")) + 1 for l in lines[:p["line"]])
        raw = line.encode("utf-16-le" if encoding == "utf-16" else "utf-8")
        width = 2 if encoding == "utf-16" else 1
        prefix = raw[:p["character"] * width].decode("utf-16-le" if encoding == "utf-16" else "utf-8")
        return base + len(prefix.encode("utf-8"))
    data = text.encode("utf-8")
    for e in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        a, b = offset(e["range"]["start"]), offset(e["range"]["end"])
        data = data[:a] + e["newText"].encode("utf-8") + data[b:]
    return data.decode("utf-8")


def find(text, needle, nth=0, encoding="utf-16", shift=0):
    """The LSP position of the nth occurrence of needle (plus shift characters)."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += shift
    before = text[:at]
    line = before.count("\n")
    return {"line": line, "character": to_units(before[before.rfind("\n") + 1:], encoding)}


# ------------------------------------------------------------------ sessions

class Session:
    """A client that has initialized, with helpers for one open document."""

    def __init__(self, encodings=None):
        self.client = Client(ACCORDION)
        self.result = self.client.initialize(encodings)
        self.encoding = self.result["capabilities"]["positionEncoding"]
        self.versions = {}

    def open(self, uri, text, wait=True):
        self.versions[uri] = 1
        self.client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        return self.client.diagnostics(uri, version=1) if wait else None

    def change(self, uri, changes, wait=True):
        self.versions[uri] += 1
        version = self.versions[uri]
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})
        return self.client.diagnostics(uri, version=version) if wait else None

    def request(self, method, uri, **params):
        params["textDocument"] = {"uri": uri}
        response = self.client.request(method, params)
        if "error" in response:
            raise Failure("%s answered an error: %s" % (method, response["error"]))
        return response["result"]

    def open_sample(self, uri):
        """Opens samples/article-demo.yaml as uri; returns its text."""
        with open(SAMPLE, encoding="utf-8") as f:
            text = f.read()
        self.open(uri, text)
        return text

    def close(self):
        return self.client.close()


def lifecycle():
    s = Session()
    caps = s.result["capabilities"]
    for name in ["hoverProvider", "completionProvider", "definitionProvider", "referencesProvider", "renameProvider",
                 "documentSymbolProvider", "codeActionProvider"]:
        check(name in caps, "capability %s not advertised" % name)
    check(caps["textDocumentSync"]["change"] == 2, "incremental sync not advertised")
    check(s.result["serverInfo"]["name"] == "accordion", "serverInfo")
    r = s.client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": "file:///x.yaml"}})
    check(r.get("error", {}).get("code") == -32601, "unknown request: %s" % r)
    s.client.notify("workspace/unknownNotification", {"x": 1})  # ignored without a reply
    r = s.client.request("shutdown")
    check(r.get("result", "missing") is None, "shutdown result: %s" % r)
    r = s.client.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32803, "request after shutdown: %s" % r)
    s.client.notify("exit")
    code = s.client.proc.wait(timeout=10)
    check(code == 0, "exit after shutdown: status %s" % code)

    c = Client(ACCORDION)
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32002, "request before initialize: %s" % r)
    c.notify("exit")
    code = c.proc.wait(timeout=10)
    check(code == 1, "exit without shutdown: status %s" % code)
    return "capabilities, MethodNotFound, shutdown/exit 0, before initialize -32002, exit without shutdown 1"


def encodings():
    s8 = Session(["utf-8", "utf-16"])
    check(s8.encoding == "utf-8", "utf-8 offered, got %s" % s8.encoding)
    s8.close()
    s16 = Session(["utf-32"])
    check(s16.encoding == "utf-16", "utf-16 default, got %s" % s16.encoding)
    s16.close()
    return "utf-8 taken when offered, utf-16 otherwise"


def fixtures_identical():
    s = Session()
    paths = sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/validate/*/*.yaml")))
    silent = []
    compared = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        uri = uri_of(path)
        expected = expected_diagnostics(path, s.encoding)
        s.versions[uri] = 1
        s.client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        try:
            got = s.client.diagnostics(uri, timeout=1.5)["diagnostics"]
        except TimeoutError:
            # Not an accordion spec by its text (no `accordion:` or `panels:` key): left alone.
            silent.append(os.path.basename(path))
            check(all(l.startswith("#") or not l.strip() for l in text.splitlines()), "%s: no diagnostics published" % path)
            continue
        for e, g in zip(expected, got):
            if e != g:
                raise Failure("%s: expected %s, got %s" % (os.path.basename(path), json.dumps(e), json.dumps(g)))
        check(len(expected) == len(got), "%s: %d diagnostics from validate, %d from lsp" % (path, len(expected), len(got)))
        compared += 1
        s.client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    s.close()
    check(compared >= len(paths) - 1, "only %d of %d fixtures compared" % (compared, len(paths)))
    return "%d fixtures identical to validate --format json (not specs, so left alone: %s)" % (compared, ", ".join(silent) or "none")


MULTIBYTE = """accordion: 1
title: "Caf\u00e9 \U0001F389"
panels:
  - {title: "\u00e9\U0001F389\u00fc", id: VC1, color: 0x123456}
  - {title: "\U0001F600\U0001F600", id: VC2}
script:
  - tap: VC1
"""


def multibyte(encoding):
    def run():
        s = Session([encoding] if encoding == "utf-8" else None)
        check(s.encoding == encoding, "encoding %s" % s.encoding)
        uri = "file:///tmp/multibyte-%s.yaml" % encoding
        got = s.open(uri, MULTIBYTE)["diagnostics"]
        # colour-without-alpha on 0x123456, after multi-byte characters on its line.
        warn = [d for d in got if d["code"] == "colour-without-alpha"]
        check(len(warn) == 1, "colour warning: %s" % got)
        want = {"start": find(MULTIBYTE, "0x123456", encoding=encoding),
                "end": find(MULTIBYTE, "0x123456", encoding=encoding, shift=8)}
        check(warn[0]["range"] == want, "range %s, expected %s" % (warn[0]["range"], want))
        # Incremental: rename VC1's definition (after the emoji) to VX1: the tap's id is unknown.
        start = find(MULTIBYTE, "VC1", encoding=encoding)
        end = dict(start, character=start["character"] + 3)
        text = MULTIBYTE.replace("id: VC1", "id: VX1")
        # A second change in the same notification inserts an emoji before VC2's id on its line.
        start2 = find(text, "id: VC2", encoding=encoding)
        text2 = text.replace("id: VC2", "\U0001F389x: 1, id: VC2")
        got = s.change(uri, [{"range": {"start": start, "end": end}, "text": "VX1"},
                             {"range": {"start": start2, "end": start2}, "text": "\U0001F389x: 1, "}])["diagnostics"]
        with open("/tmp/accordion-lsp-multibyte-%s.yaml" % encoding, "w", encoding="utf-8") as f:
            f.write(text2)
        expected = expected_diagnostics(f.name, encoding)
        for e in expected:
            e.pop("relatedInformation", None)
        for g in got:
            g.pop("relatedInformation", None)
        check(got == expected, "after incremental edits: %s, expected %s" % (json.dumps(got), json.dumps(expected)))
        check(any(d["code"] == "unknown-panel-id" for d in got), "the tap's id is unknown now")
        # A full-text change puts it back.
        got = s.change(uri, [{"text": MULTIBYTE}])["diagnostics"]
        check([d["code"] for d in got] == ["colour-without-alpha"], "full sync: %s" % got)
        s.close()
        os.unlink(f.name)
        return "%d diagnostics after two incremental edits around emoji, as validate gives them" % len(expected)
    return run


def random_edits():
    """2,000 random incremental edits (multi-byte text among them) and
    malformed frames: the server ends with exactly the client's text, seen
    through diagnostics identical to validate's on that text."""
    import random
    rng = random.Random(7)
    s = Session()
    uri = "file:///tmp/random.yaml"
    text = s.open_sample(uri)
    protect = text.index("\npanels:\n") + len("\npanels:\n")
    pieces = ["a", " ", "\n", ": ", "- ", "\u00e9", "\U0001F389", "VC1", "#", "'", "{", "\r\n", "\r", "\u00fc\u00df"]
    seen = []
    for k in range(2000):
        a = rng.randrange(protect, len(text) + 1)
        b = min(len(text), a + rng.choice([0, 0, 1, 4]))
        # No position falls inside a CRLF: the protocol has no way to name one.
        a, b = [x - 1 if 0 < x < len(text) and text[x - 1:x + 1] == "\r\n" else x for x in (a, b)]
        a = max(a, protect)
        b = max(a, b)
        new = "".join(rng.choice(pieces) for _ in range(rng.choice([0, 1, 2])))
        start, end = find_index(text, a), find_index(text, b)
        text = text[:a] + new + text[b:]
        s.change(uri, [{"range": {"start": start, "end": end}, "text": new}], wait=False)
        if k % 400 == 0:
            s.client.write_raw(b"Content-Length: 3\r\n\r\n{x}")
        if k % 250 == 249:
            # A checkpoint: the server's text is the client's.
            s.client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
            got = s.client.diagnostics(uri, version=s.versions[uri])["diagnostics"]
            path = "/tmp/accordion-lsp-random.yaml"
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            expected = expected_diagnostics(path, s.encoding)
            os.unlink(path)
            for d in got + expected:
                d.pop("relatedInformation", None)
            check(got == expected, "after %d edits: %s, expected %s" % (k + 1, json.dumps(got)[:800], json.dumps(expected)[:800]))
            seen.append(len(got))
    check(s.close() == 0, "the server did not exit cleanly")
    return "8 checkpoints with %s diagnostics, each as validate gives them for the client's text" % seen


def find_index(text, index):
    """The UTF-16 LSP position of a str index (lines broken at LF, CRLF or CR)."""
    line_start = 0
    line = 0
    i = 0
    while True:
        j = min([k for k in (text.find("\n", i, index), text.find("\r", i, index)) if k != -1], default=-1)
        if j == -1:
            break
        i = j + (2 if text.startswith("\r\n", j) and j + 1 < index else 1)
        line += 1
        line_start = i
    return {"line": line, "character": to_units(text[line_start:index], "utf-16")}


def debounce():
    s = Session()
    uri = "file:///tmp/debounce.yaml"
    text = s.open_sample(uri)
    time.sleep(0.3)  # a quiet spell: the next change is answered at once
    sent = time.monotonic()
    s.change(uri, [{"text": text + "# first\n"}], wait=False)
    first = s.client.diagnostics(uri, version=s.versions[uri])
    lead = s.client.last_time - sent
    check(lead < 0.1, "a single change after a quiet spell published %.3f s after it, not at once" % lead)
    sent = time.monotonic()
    for i in range(5):  # a burst of five quick edits: one publication, for the last version
        s.change(uri, [{"text": text + "# %d\n" % i}], wait=False)
    got = s.client.diagnostics(uri, version=s.versions[uri])
    delay = s.client.last_time - sent
    check(delay >= 0.1, "the burst was published %.3f s after its first change, before the debounce" % delay)
    early = [m for _, m in s.client.held if m.get("method") == "textDocument/publishDiagnostics"]
    check(not early, "intermediate versions were published: %s" % [m["params"]["version"] for m in early])
    s.client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    cleared = s.client.diagnostics(uri)
    check(cleared["diagnostics"] == [], "didClose clears: %s" % cleared)
    s.close()
    return ("a single change published after %.0f ms; a burst of five once, %.0f ms after it began; didClose clears"
            % (lead * 1000, delay * 1000))


def not_a_spec():
    s = Session()
    uri = "file:///tmp/workflow.yaml"
    s.open(uri, "name: CI\non: push\njobs: {}\n", wait=False)
    s.client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    # Flow-style panels, in a text that parses: the ids come from the tree.
    flow = "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\nscript:\n  - tap: \n"
    s.open("file:///tmp/flow.yaml", flow)
    r = s.request("textDocument/completion", "file:///tmp/flow.yaml", position={"line": 5, "character": 9})
    check([(i["label"], i.get("detail")) for i in r["items"]] == [("a", "A"), ("b", "B")], "flow-style ids: %s" % r["items"])
    r = s.request("textDocument/completion", uri, position={"line": 0, "character": 0})
    check(r == [] or r.get("items") == [], "completion in a non-spec: %s" % r)
    try:
        got = s.client.diagnostics(uri, timeout=0.5)
        raise Failure("diagnostics for a file that is not a spec: %s" % got)
    except TimeoutError:
        pass
    s.close()
    return "no diagnostics, no completion"


def test_files():
    """A *.test.yaml gets `validate`'s diagnostics for it: each case checked
    against the spec it names, read from the disk, or the editor's text of
    the spec when it is open there (a change to the spec checks the test
    file again)."""
    with tempfile.TemporaryDirectory(prefix="accordion-lsp-") as root:
        spec_path = os.path.join(root, "specs", "two.yaml")
        os.makedirs(os.path.dirname(spec_path))
        spec_text = "accordion: 1\npanels: [{id: a, title: A}, {id: b, title: B}]\n"
        with open(spec_path, "w", encoding="utf-8") as f:
            f.write(spec_text)
        test_path = os.path.join(root, "tests", "two.test.yaml")
        os.makedirs(os.path.dirname(test_path))
        test_text = "spec: ../specs/two.yaml\ncases:\n  - name: opens c\n    script: [{tap: c}]\n"
        with open(test_path, "w", encoding="utf-8") as f:
            f.write(test_text)
        expected = subprocess.run([ACCORDION, "validate", "--format", "json", test_path], capture_output=True, text=True)
        wanted = [(d["rule"], d["line"], d["column"]) for d in json.loads(expected.stdout)["diagnostics"]]
        check(wanted == [("unknown-panel-id", 4, 20)], "validate of the test file: %s" % wanted)
        s = Session()
        test_uri = uri_of(test_path)
        got = s.open(test_uri, test_text)["diagnostics"]
        check([(d["code"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) for d in got] == wanted,
              "the editor's diagnostics are validate's: %s" % got)
        # The spec opened in the editor with an unsaved `c`: the test file is checked against that text.
        spec_uri = uri_of(spec_path)
        s.open(spec_uri, spec_text)
        end = {"line": 1, "character": len("panels: [{id: a, title: A}, {id: b, title: B}")}
        s.change(spec_uri, [{"range": {"start": end, "end": end}, "text": ", {id: c, title: C}"}])
        again = s.client.diagnostics(test_uri, version=1)
        check(again["diagnostics"] == [], "after the spec gained `c`: %s" % again)
        # Closed without saving: the disk's spec, without `c`, counts again.
        s.client.notify("textDocument/didClose", {"textDocument": {"uri": spec_uri}})
        back = s.client.diagnostics(test_uri, version=1)
        check([d["code"] for d in back["diagnostics"]] == ["unknown-panel-id"], "after closing the spec: %s" % back)
        s.close()
    return "diagnostics as validate's, following the spec's text"


def cancellation():
    s = Session()
    uri = "file:///tmp/cancel.yaml"
    s.open_sample(uri)
    hover = s.client.request_message("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 9, "character": 3}})
    cancel = {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": hover["id"]}}
    s.client.write_raw(Client.frame(hover) + Client.frame(cancel))
    r = s.client.wait(lambda m: m.get("id") == hover["id"])
    check(r.get("error", {}).get("code") == -32800, "cancelled request: %s" % r)
    # Cancelling an answered request changes nothing; the server goes on.
    s.client.notify("$/cancelRequest", {"id": hover["id"]})
    r = s.request("textDocument/hover", uri, position={"line": 9, "character": 3})
    check(r is not None and "contents" in r, "hover after a cancel: %s" % r)
    s.close()
    return "a request cancelled in the same read is answered -32800"


def malformed():
    s = Session()
    c = s.client
    c.write_raw(b"Content-Length: 9\r\n\r\n{not json")
    r = c.wait(lambda m: "error" in m and m["error"]["code"] == -32700)
    check(r["id"] is None, "parse error id: %s" % r)
    c.write_raw(b"Content-Type: application/json\r\n\r\n")  # no Content-Length: logged, dropped
    c.send({"jsonrpc": "2.0", "id": 900, "params": {}})
    r = c.wait(lambda m: m.get("id") == 900)
    check(r["error"]["code"] == -32600, "no method: %s" % r)
    r = c.request("textDocument/hover", {"position": {"line": 0, "character": 0}})
    check(r["error"]["code"] == -32602, "hover without a document: %s" % r)
    c.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///nowhere.yaml"},
                                                                            "contentChanges": [{"range": 5}]}})
    c.write_raw(b"Content-Length: 4\r\n\r\n\xff\xfe\x00[")
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///nowhere.yaml"}, "position": {"line": 0, "character": 0}})
    check("error" in r and r["error"]["code"] == -32602, "still serving: %s" % r)
    # A change far outside the text is clamped, not a crash.
    uri = "file:///tmp/clamp.yaml"
    s.open(uri, "accordion: 1\npanels: []\n")
    got = s.change(uri, [{"range": {"start": {"line": 99, "character": 5}, "end": {"line": 120, "character": 0}}, "text": "title: x\n"}])
    check(got["diagnostics"] == [], "after a clamped edit: %s" % got)
    code = s.close()
    check(code == 0, "exit status %s" % code)
    log = c.proc.stderr.read().decode()
    check("Content-Length" in log, "the header without Content-Length is logged: %r" % log)
    return "parse error, invalid request, invalid params, bad header logged, clamped edit; still serving"


def bad_frames():
    """Issue 29's attack: every kind of bad frame, one after another on one
    server; after each, the next three requests are answered, the bad
    request (when its id can be read) gets an error, and shutdown and exit
    still work. Before the fix the first bad frame made the server deaf."""
    s = Session()
    c = s.client
    uri = "file:///tmp/resync.yaml"
    s.open_sample(uri)

    def body(request_id, text="x"):
        return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "textDocument/hover",
                           "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0},
                                      "note": text}}, ensure_ascii=False).encode("utf-8")

    kinds = []
    for n, (name, make) in enumerate([
        ("short", lambda b: b"Content-Length: %d\r\n\r\n" % (len(b) - 10) + b),
        ("characters, not bytes", lambda b: b"Content-Length: %d\r\n\r\n" % len(b.decode("utf-8")) + b),
        ("long", lambda b: b"Content-Length: %d\r\n\r\n" % (len(b) + 25) + b),
        ("negative", lambda b: b"Content-Length: -12\r\n\r\n" + b),
        ("not a number", lambda b: b"Content-Length: 1e3\r\n\r\n" + b),
        ("missing", lambda b: b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + b),
        ("LF only", lambda b: b"Content-Length: %d\n\n" % len(b) + b),
        ("CR only", lambda b: b"Content-Length: %d\r\r" % len(b) + b),
        ("over the limit", lambda b: b"Content-Length: 99999999999\r\n\r\n" + b),
        ("body not JSON", lambda b: b"Content-Length: %d\r\n\r\n" % len(b) + b.replace(b'"method"', b"method")),
        ("bytes that start no header", lambda b: b"\x00\xff garbage }{ \r\n\r\n"),
    ]):
        bad_id = 5000 + n
        c.write_raw(make(body(bad_id, "\U0001F389 na\u00efve \u4e2d\u6587")))
        # The next three requests, each waited for in turn (a client that waits for answers).
        took = []
        for k in range(3):
            start = time.monotonic()
            r = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 9, "character": 3}}, timeout=5)
            check("result" in r, "%s: request %d after it: %s" % (name, k + 1, r))
            took.append(time.monotonic() - start)
        if name != "bytes that start no header":
            r = c.wait(lambda m: m.get("id") == bad_id, timeout=5)
            check("error" in r and r["error"]["code"] in (-32600, -32700), "%s: the bad request's answer: %s" % (name, r))
        kinds.append(name)
    r = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    check(r.get("error", {}).get("code") == -32600, "a second initialize: %s" % r)
    code = s.close()
    check(code == 0, "shutdown and exit after the bad frames: status %s" % code)
    log = c.proc.stderr.read().decode()
    for phrase in ["was its Content-Length short?", "runs into the next message's header", "is negative", "is not a number",
                   "without Content-Length", "ended by LF alone", "ended by CR alone", "over the limit", "not JSON", "start no header"]:
        check(phrase in log, "nothing logged about %r: %s" % (phrase, log[-2000:]))
    return "%d kinds of bad frame, each followed by 3 answered requests and an error for the bad one; " \
        "a second initialize -32600; shutdown/exit 0" % len(kinds)


def unread_log():
    """10,000 requests, a short frame (logged twice) before every 10th, to a
    server whose standard error nobody reads: every request is answered
    (the log never makes the server wait: a full pipe used to block it once
    64 KiB of log lines piled up) and its memory stays flat."""
    s = Session()
    c = s.client

    def rss():
        with open("/proc/%d/status" % c.proc.pid) as f:
            return next(int(l.split()[1]) for l in f if l.startswith("VmRSS"))
    marks = []
    for i in range(10000):
        if i % 2000 == 0:
            marks.append(rss())
        if i % 10 == 0:
            c.write_raw(b'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":"bad","method":"x"}')
        r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}},
                      timeout=5)
        check("error" in r or "result" in r, "request %d: %s" % (i, r))
        c.held = [(t, m) for t, m in c.held if m.get("id") is not None]  # the parse errors of the short frames
    marks.append(rss())
    check(max(marks[1:]) - marks[1] < 2048, "RSS grew: %s KiB" % marks)
    # What it could not write was dropped, never waited for: about a pipe's worth is there.
    fd = c.proc.stderr.fileno()
    os.set_blocking(fd, False)
    log = b""
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            break
        if not chunk:
            break
        log += chunk
    check(len(log) < 128 << 10 and log.count(b"dropped input") < 2000, "%d bytes of log" % len(log))
    # Once the log is read again, the next line says how many were dropped.
    c.write_raw(b'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":"bad","method":"x"}')
    c.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}})
    os.set_blocking(fd, True)
    check(s.close() == 0, "exit after shutdown")
    rest = c.proc.stderr.read().decode()
    check(re.match(r"accordion lsp: \d+ log lines dropped: standard error was full\n", rest), "after the log was read: %r" % rest[:300])
    return "10,000 requests answered with the log unread; RSS every 2,000 (KiB): %s" % marks


def navigation():
    s = Session()
    uri = "file:///tmp/demo.yaml"
    text = s.open_sample(uri)
    tap = find(text, "tap: VC3", shift=5)
    # hover: a panel id, a key, an enum value's key
    h = s.request("textDocument/hover", uri, position=tap)
    check("View Controller 3" in h["contents"]["value"] and "0x9B59B6FF" in h["contents"]["value"], "panel hover: %s" % h)
    h = s.request("textDocument/hover", uri, position=find(text, "headerHeight: 44"))
    check("Header height" in h["contents"]["value"] and "Default: `44`" in h["contents"]["value"], "key hover: %s" % h)
    h = s.request("textDocument/hover", uri, position=find(text, "easeInOut"))
    check("`easeIn`" in h["contents"]["value"], "value hover: %s" % h)
    # definition and references
    d = s.request("textDocument/definition", uri, position=tap)
    check(d == [{"uri": uri, "range": {"start": find(text, "id: VC3", shift=4), "end": find(text, "id: VC3", shift=7)}}],
          "definition: %s" % d)
    refs = s.request("textDocument/references", uri, position=tap, context={"includeDeclaration": True})
    uses = s.request("textDocument/references", uri, position=tap, context={"includeDeclaration": False})
    check(len(refs) == 6 and len(uses) == 5, "references: %d with the declaration, %d without" % (len(refs), len(uses)))
    # rename, and the renamed text validates as the original did
    p = s.request("textDocument/prepareRename", uri, position=tap)
    check(p["placeholder"] == "VC3", "prepareRename: %s" % p)
    edit = s.request("textDocument/rename", uri, position=tap, newName="Third")
    renamed = apply_edits(text, edit["changes"][uri], s.encoding)
    # Every use in the spec (comments keep their words).
    want = "\n".join(l if l.lstrip().startswith("#") else l.replace("VC3", "Third") for l in text.split("\n"))
    check(renamed == want, "rename edits: %s" % edit)
    got = s.change(uri, [{"text": renamed}])["diagnostics"]
    check(not [d for d in got if d["severity"] == 1], "errors after the rename: %s" % got)
    bad = s.client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": tap, "newName": "two words"})
    check(bad.get("error", {}).get("code") == -32602, "rename to an invalid id: %s" % bad)
    clash = s.client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": find(renamed, "Third"), "newName": "VC1"})
    check(clash.get("error", {}).get("code") == -32602, "rename onto an existing id: %s" % clash)
    # symbols
    symbols = s.request("textDocument/documentSymbol", uri)
    names = [(x["name"], [c["name"] for c in x.get("children", [])]) for x in symbols]
    check(names[0] == ("container", []) and names[1] == ("panels", ["VC1", "VC2", "Third"])
          and names[2][0] == "script" and names[2][1][:3] == ["tap Third", "wait 0.5", "tap VC2"], "symbols: %s" % names)
    s.close()
    return "hover (id, key, value), definition, references, prepareRename, rename (+2 refusals), symbols"


COMPLETION = """accordion: 1
container:
  layout: f
  expanded: 
  animation:
    curve: 
panels:
  - id: inbox
    title: Inbox
  - id: sent
    title: Sent
    
  - i
script:
  - tap: 
  - 
  - expect:
      expanded: 
      interaction: 
  - setPanels:
    - 
"""


def completion():
    s = Session(["utf-8"])
    uri = "file:///tmp/complete.yaml"
    s.open(uri, COMPLETION)

    def labels(line_text, nth=0):
        at = find(COMPLETION, line_text, nth=nth, encoding=s.encoding, shift=len(line_text.rstrip("\n")))
        r = s.request("textDocument/completion", uri, position=at)
        return [i["label"] for i in r["items"]], r["items"]

    got, _ = labels("layout: f")
    check(got == ["fill", "fit"], "layout values: %s" % got)
    got, _ = labels("expanded: ")
    check(got == ["inbox", "sent"], "container.expanded ids: %s" % got)
    got, _ = labels("curve: ")
    check(got == ["linear", "easeIn", "easeOut", "easeInOut"], "curves: %s" % got)
    got, items = labels("  - i\n")
    check(got[:2] == ["id", "title"] and "color" in got, "panel keys: %s" % got)
    check("Unique name" in items[0]["documentation"]["value"], "key documentation: %s" % items[0])
    check(items[0]["textEdit"]["range"]["start"] == find(COMPLETION, "  - i\n", shift=4, encoding=s.encoding), "word range: %s" % items[0])
    got, _ = labels("    title: Sent\n    ")
    check("id" not in got and "title" not in got and "color" in got, "keys the panel has are left out: %s" % got)
    got, _ = labels("tap: ")
    check(got == ["inbox", "sent"], "tap ids: %s" % got)
    got, items = labels("  - \n", 0)
    check(got[:3] == ["tap", "at", "wait"] and "setPanels" in got and "expect" in got, "step kinds: %s" % got)
    got, _ = labels("      expanded: ")
    check(got == ["inbox", "sent"], "expect.expanded ids: %s" % got)
    got, _ = labels("interaction: ")
    check(got == ["enabled", "disabled"], "interaction values: %s" % got)
    got, _ = labels("    - \n")
    check("inbox" in got and "id" in got, "setPanels item: ids or a panel's keys: %s" % got)
    # Flow-style panels, in a text that parses: the ids come from the tree.
    flow = "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\nscript:\n  - tap: \n"
    s.open("file:///tmp/flow.yaml", flow)
    r = s.request("textDocument/completion", "file:///tmp/flow.yaml", position={"line": 5, "character": 9})
    check([(i["label"], i.get("detail")) for i in r["items"]] == [("a", "A"), ("b", "B")], "flow-style ids: %s" % r["items"])
    r = s.request("textDocument/completion", uri, position={"line": 0, "character": 0})
    got = [i["label"] for i in r["items"]]
    check(got == ["accordion", "title", "tolerance", "measure", "font", "lang", "dir", "device"], "top-level keys not yet written: %s" % got)
    s.close()
    return "values, ids in 4 places, step kinds, keys with documentation, top level"


def code_actions():
    s = Session()
    fixed = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/validate/invalid/*.yaml"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        uri = uri_of(path)
        try:
            got = s.open(uri, text)["diagnostics"]
        except TimeoutError:
            continue
        whole = {"start": {"line": 0, "character": 0}, "end": {"line": len(text.split("\n")), "character": 0}}
        actions = s.request("textDocument/codeAction", uri, range=whole, context={"diagnostics": got})
        for action in actions:
            check(action["kind"] == "quickfix", "kind: %s" % action)
            target = action["diagnostics"][0]
            after = apply_edits(text, action["edit"]["changes"][uri], s.encoding)
            # The fix removes its diagnostic (same rule at the same place) and adds no error.
            now = s.change(uri, [{"text": after}])["diagnostics"]
            same = [d for d in now if d["code"] == target["code"] and d["range"]["start"] == target["range"]["start"]]
            check(not same, "%s: '%s' leaves %s" % (os.path.basename(path), action["title"], same))
            errors_before = len([d for d in got if d["severity"] == 1])
            errors_after = len([d for d in now if d["severity"] == 1])
            check(errors_after <= errors_before, "%s: '%s' adds errors: %s" % (os.path.basename(path), action["title"], now))
            s.change(uri, [{"text": text}])
            fixed.append(action["title"])
        s.client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    s.close()
    titles = " ".join(fixed)
    for kind in ["Change to `headerHeight`", "0x1ABC9CFF", "Quote the colour", "Write true", "Write just the number", "Quote it"]:
        check(kind in titles, "no quick fix like %r among %s" % (kind, fixed))
    return "%d quick fixes, each removes its diagnostic" % len(fixed)


def neovim():
    """Neovim's own client (nvim_test.py, which installs Debian's neovim when missing)."""
    run = subprocess.run([sys.executable, "-B", os.path.join(HERE, "nvim_test.py"), ACCORDION],
                         capture_output=True, text=True, timeout=120)
    last = (run.stdout.strip().splitlines() or [""])[-1]
    check(run.returncode == 0, "nvim_test.py exit %d:\n%s%s" % (run.returncode, run.stdout, run.stderr[-2000:]))
    return last


UNICODE_IDS = """accordion: 1
container: {expanded: 设置}
panels:
  - {id: 设置, title: 设置}
  - {id: 设置中心, title: 中心}
  - {id: caf\u00e9, title: Café}
script:
  - tap: 设置中心
  - tap: 设置
  - tap: 设址
  - tap: \n"""


def unicode_ids():
    """Panel ids in any script: did-you-mean, completion, references (a whole
    word: 设置 is not found inside 设置中心) and rename to another Unicode id."""
    s = Session(["utf-16"])
    uri = "file:///tmp/unicode-ids.yaml"
    got = s.open(uri, UNICODE_IDS)
    unknown = [d for d in got["diagnostics"] if d["code"] == "unknown-panel-id"]
    check(len(unknown) == 1 and "`设置`" in unknown[0]["message"] + json.dumps(unknown[0], ensure_ascii=False),
          "did you mean: %s" % got["diagnostics"])
    at = find(UNICODE_IDS, "  - tap: \n", shift=9, encoding=s.encoding)
    r = s.request("textDocument/completion", uri, position=at)
    labels = [i["label"] for i in r["items"]]
    check(labels == ["设置", "设置中心", "café"], "completion: %s" % labels)
    tap = find(UNICODE_IDS, "tap: 设置\n", shift=5, encoding=s.encoding)
    refs = s.request("textDocument/references", uri, position=tap, context={"includeDeclaration": True})
    check(len(refs) == 3, "references of 设置 (expanded, its id, one tap): %s" % refs)
    edit = s.request("textDocument/rename", uri, position=tap, newName="設定")
    renamed = apply_edits(UNICODE_IDS, edit["changes"][uri], s.encoding)
    want = UNICODE_IDS.replace("expanded: 设置}", "expanded: 設定}").replace("id: 设置,", "id: 設定,").replace("tap: 设置\n", "tap: 設定\n")
    check(renamed == want, "rename: %r" % renamed)
    bad = s.client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": tap, "newName": "设置™"})
    check(bad.get("error", {}).get("code") == -32602, "rename to a symbol: %s" % bad)
    s.close()
    return "did-you-mean, completion, whole-word references and rename with ids in Chinese"


def guard(thunk):
    def run():
        try:
            return thunk()
        except (TimeoutError, EOFError, AssertionError, json.JSONDecodeError) as e:
            raise Failure("%s: %s" % (type(e).__name__, e))
    return run


NESTED = """accordion: 1
panels:
  - id: network
    title: Network
    content:
      expanded: wifi
      indent: 16
      panels:
        - {id: wifi, title: Wi-Fi}
        - {id: vpn, title: VPN}
  - {id: sound, title: Sound}
script:
  - tap: wifi
"""


def project_file():
    """The project file's own problems (issue 27) reach the editor at the
    places `validate` gives: for `.accordion.yaml` on the disk when it
    governs an open spec, and for it as the editor holds it once open; a
    fix there is followed by the spec's diagnostics."""
    with tempfile.TemporaryDirectory(prefix="accordion-lsp-") as root:
        project_path = os.path.join(root, ".accordion.yaml")
        project_text = "rules:\n  low-contrast: error\n  no-such-rule: off\n"
        with open(project_path, "w", encoding="utf-8") as f:
            f.write(project_text)
        spec_path = os.path.join(root, "specs", "light.yaml")
        os.makedirs(os.path.dirname(spec_path))
        spec_text = "accordion: 1\npanels: [{id: a, title: A, color: '#FFD60A'}]\n"
        with open(spec_path, "w", encoding="utf-8") as f:
            f.write(spec_text)
        expected = subprocess.run([ACCORDION, "validate", "--format", "json", spec_path], capture_output=True, text=True)
        wanted = sorted((os.path.basename(d["file"]), d["rule"], d["line"], d["column"])
                        for d in json.loads(expected.stdout)["diagnostics"])
        check(wanted == [(".accordion.yaml", "unknown-rule-id", 3, 3), ("light.yaml", "low-contrast", 2, 35)],
              "validate of the spec: %s" % wanted)
        s = Session()
        spec_uri, project_uri = uri_of(spec_path), uri_of(project_path)
        s.open(spec_uri, spec_text, wait=False)
        on_disk = s.client.diagnostics(project_uri)["diagnostics"]
        spec = s.client.diagnostics(spec_uri, version=1)["diagnostics"]
        got = sorted([(".accordion.yaml", d["code"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) for d in on_disk]
                     + [("light.yaml", d["code"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) for d in spec])
        check(got == wanted, "the editor's diagnostics are validate's: %s" % got)
        check([d["severity"] for d in spec] == [1], "low-contrast raised to an error: %s" % spec)
        # Opened and fixed (not saved): its own diagnostics clear, and the spec follows its text.
        s.open(project_uri, project_text)
        fixed = s.change(project_uri, [{"text": "rules:\n  low-contrast: off\n"}])["diagnostics"]
        check(fixed == [], "the fixed project file: %s" % fixed)
        # The spec is published again on each change of its project file: the last says low-contrast is off.
        s.client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == spec_uri
                      and m["params"]["diagnostics"] == [])
        s.close()
    return "the project file's problems on the disk and open, the spec following its text"


def nested_ids():
    """Nested panels' ids (issue 25): a definition inside `content.panels`,
    a nested level's `expanded` and a step naming a nested id are one id to
    definition, references, rename and completion."""
    s = Session()
    uri = "file:///tmp/nested.yaml"
    s.open(uri, NESTED)
    tap = find(NESTED, "tap: wifi", shift=5)
    d = s.request("textDocument/definition", uri, position=tap)
    check(d == [{"uri": uri, "range": {"start": find(NESTED, "id: wifi", shift=4), "end": find(NESTED, "id: wifi", shift=8)}}],
          "definition of a nested id: %s" % d)
    refs = s.request("textDocument/references", uri, position=find(NESTED, "expanded: wifi", shift=11),
                     context={"includeDeclaration": True})
    check(len(refs) == 3, "references of a nested id (definition, nested expanded, tap): %s" % refs)
    edit = s.request("textDocument/rename", uri, position=tap, newName="wlan")
    renamed = apply_edits(NESTED, edit["changes"][uri], s.encoding)
    check(renamed == NESTED.replace("wifi", "wlan"), "rename of a nested id: %s" % edit)
    clash = s.client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": tap, "newName": "sound"})
    check(clash.get("error", {}).get("code") == -32602, "rename onto an id of another level: %s" % clash)
    at = find(NESTED, "expanded: ", shift=len("expanded: "))
    got = [i["label"] for i in s.request("textDocument/completion", uri, position=at)["items"]]
    check("wifi" in got and "vpn" in got, "ids offered at a nested expanded: %s" % got)
    at = find(NESTED, "      indent: 16\n", shift=len("      "))
    got = [i["label"] for i in s.request("textDocument/completion", uri, position=at)["items"]]
    check("collapsible" in got and "expansion" in got, "a nested level's keys offered: %s" % got)
    # A reveal names an id as its value or as its mapping's `panel`: both are uses.
    revealing = NESTED + "  - reveal: wifi\n  - reveal: {panel: vpn, open: true}\n  - reveal: \n"
    ruri = "file:///tmp/nested-reveal.yaml"
    s.open(ruri, revealing)
    refs = s.request("textDocument/references", ruri, position=find(revealing, "id: vpn", shift=4),
                     context={"includeDeclaration": True})
    check(len(refs) == 2, "references of vpn (its id, the reveal's panel): %s" % refs)
    edit = s.request("textDocument/rename", ruri, position=find(revealing, "reveal: wifi", shift=8), newName="wlan")
    renamed = apply_edits(revealing, edit["changes"][ruri], s.encoding)
    check(renamed == revealing.replace("wifi", "wlan"), "rename through a reveal: %s" % edit)
    at = find(revealing, "  - reveal: \n", shift=len("  - reveal: "))
    got = [i["label"] for i in s.request("textDocument/completion", ruri, position=at)["items"]]
    check("vpn" in got and "network" in got, "ids of every level offered at a reveal: %s" % got)
    s.close()
    return "definition, references, rename (+1 refusal) and completion of nested ids, through reveal too; a level's keys"


def update_ids():
    """An update names a top-level panel as its mapping's `panel` (the
    schema's panelId): a use to references and rename, and ids are offered
    there; its other keys are the panel's properties, offered as keys."""
    s = Session()
    uri = "file:///tmp/update.yaml"
    text = NESTED + "  - update: {panel: network, title: Net}\n  - update:\n      panel: \n"
    s.open(uri, text)
    refs = s.request("textDocument/references", uri, position=find(text, "id: network", shift=4),
                     context={"includeDeclaration": True})
    check(any(r["range"]["start"] == find(text, "panel: network", shift=7) for r in refs),
          "references of network include the update's panel: %s" % refs)
    edit = s.request("textDocument/rename", uri, position=find(text, "panel: network", shift=7), newName="net")
    renamed = apply_edits(text, edit["changes"][uri], s.encoding)
    check(renamed == text.replace("network", "net"), "rename through an update: %s" % edit)
    at = find(text, "      panel: \n", shift=len("      panel: "))
    got = [i["label"] for i in s.request("textDocument/completion", uri, position=at)["items"]]
    check("network" in got, "ids offered at an update's panel: %s" % got)
    s.close()
    return "references, rename and completion through an update's panel"


CHECKS = [
    ("lifecycle", lifecycle),
    ("position encodings", encodings),
    ("diagnostics identical to validate", fixtures_identical),
    ("incremental edits, UTF-16", multibyte("utf-16")),
    ("incremental edits, UTF-8", multibyte("utf-8")),
    ("random edits and malformed frames", random_edits),
    ("debounce and close", debounce),
    ("not a spec", not_a_spec),
    ("test files", test_files),
    ("project file", project_file),
    ("cancellation", cancellation),
    ("malformed input", malformed),
    ("bad frames resynchronise", bad_frames),
    ("a log nobody reads", unread_log),
    ("hover, definition, references, rename, symbols", navigation),
    ("nested ids", nested_ids),
    ("update ids", update_ids),
    ("completion", completion),
    ("unicode panel ids", unicode_ids),
    ("code actions", code_actions),
    ("neovim", neovim),
]

if __name__ == "__main__":
    sys.exit(run_checks("lsp", [(name, guard(thunk)) for name, thunk in CHECKS]))
