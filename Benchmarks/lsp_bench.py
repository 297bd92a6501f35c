#!/usr/bin/env python3
"""`accordion lsp` under a scripted client on a 1,000-panel spec
(Benchmarks/gen_specs.py): how long a change takes to come back as
diagnostics, and whether the server's memory stays bounded over a long
editing session.

Latency: each of N changes (an unknown id typed into a tap, then fixed; a
panel's title edited) is sent as an incremental didChange alone, after a
quiet spell longer than the server's 150 ms debounce (a single edit, which
the server analyses at once); the time from writing the change to reading
its publishDiagnostics is the figure (p50, p95, max). A few bursts of three
quick changes are timed as well, from their last change (those wait for the
burst to be quiet for the debounce).

Memory: 10,000 random incremental edits (inserts with multi-byte text,
deletions, replacements, anywhere below `panels:`), with a malformed message
every 500 edits and a didSave every 25 (so the spec is re-analysed, often
in a broken state), the text kept about the spec's size; the server's RSS
(/proc/PID/status) and the text's size are sampled every 1,000 edits. The session ends with shutdown and exit: the server must
still be answering.

Usage: lsp_bench.py ACCORDION [--panels 1000] [--changes 200] [--edits 10000]
Prints the measurements as JSON.
"""
import json
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Tests", "LSP"))
import gen_specs  # noqa: E402
from lsp_client import Client  # noqa: E402


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Document:
    """The client's copy of the text, to compute positions (UTF-16) of its edits."""

    def __init__(self, text):
        self.text = text
        self.version = 1

    def position(self, index):
        line = self.text.count("\n", 0, index)
        start = self.text.rfind("\n", 0, index) + 1
        return {"line": line, "character": len(self.text[start:index].encode("utf-16-le")) // 2}

    def edit(self, start, end, new):
        change = {"range": {"start": self.position(start), "end": self.position(end)}, "text": new}
        self.text = self.text[:start] + new + self.text[end:]
        self.version += 1
        return change


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def run(accordion, panels=1000, changes=200, edits=10000):
    client = Client(accordion)
    client.initialize()
    uri = "file:///bench/panels-%d.yaml" % panels
    doc = Document(gen_specs.spec(panels))
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": doc.text}})
    first = client.diagnostics(uri, timeout=60)
    baseline = len(first["diagnostics"])

    def send(change, save):
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": doc.version}, "contentChanges": [change]})
        if save:
            client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})

    # Latency, published at once (didSave).
    tap = doc.text.index("  - tap: ") + len("  - tap: ")
    tap_end = doc.text.index("\n", tap)
    original_id = doc.text[tap:tap_end]
    title = doc.text.index("title: ", doc.text.index("panels:")) + len("title: ")
    latencies = []
    errors_seen = 0
    for k in range(changes):
        if k % 3 == 0:
            change = doc.edit(tap, tap + len(original_id), "no-such-panel")
            original_len = len("no-such-panel")
        elif k % 3 == 1:
            change = doc.edit(tap, tap + original_len, original_id)
        else:
            change = doc.edit(title, title + 1, "ABC"[k % 3])
        time.sleep(0.17)  # a quiet spell: this change is a single edit, not part of a burst
        sent = time.monotonic()
        send(change, save=False)
        got = client.diagnostics(uri, version=doc.version, timeout=30)
        latencies.append((client.last_time - sent) * 1000)
        errors_seen += any(d["severity"] == 1 for d in got["diagnostics"])
    debounced = []
    for k in range(5):
        time.sleep(0.17)
        for j in range(3):  # a burst: the first change is answered at once, the last after the debounce
            change = doc.edit(title, title + 1, "XYZ"[j])
            sent = time.monotonic()
            send(change, save=False)
        client.diagnostics(uri, version=doc.version, timeout=30)
        debounced.append((client.last_time - sent) * 1000)
        client.held = []

    # Memory over a long random session.
    rng = random.Random(16)
    pieces = ["a", " ", "\n", ": ", "- ", "é", "\U0001F389", "0x1ABC9C", "tap: VC1\n", "  ", "#", "'", "{", "]", "ü\u00df"]
    base_length = len(doc.text)
    protect = doc.text.index("\npanels:\n") + len("\npanels:\n")
    samples = [(0, rss_kib(client.proc.pid), len(doc.text.encode("utf-8")))]
    started = time.monotonic()
    for k in range(1, edits + 1):
        n = len(doc.text)
        # Anywhere after `panels:`: the file stays an accordion spec (its top-level keys intact).
        a = rng.randrange(protect, n + 1)
        b = min(n, a + rng.choice([0, 0, 1, 3, 12]))
        new = "".join(rng.choice(pieces) for _ in range(rng.choice([0, 1, 1, 2, 4])))
        if a == b and not new:
            new = "x"
        # The text stays about the spec's size, so what memory does is the server's doing, not the text's.
        excess = len(doc.text) - base_length
        if excess > 0:
            b = min(n, a + len(new) + min(excess, 64))
        send(doc.edit(a, b, new), save=k % 25 == 0)
        if k % 500 == 0:
            client.write_raw(b"Content-Length: 7\r\n\r\n{oops!}")
            client.write_raw(b"X-Nothing: 1\r\n\r\n")
        if k % 1000 == 0:
            # Wait for this version's diagnostics, so the samples are taken with the work done.
            client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
            client.diagnostics(uri, version=doc.version, timeout=60)
            client.held = []
            samples.append((k, rss_kib(client.proc.pid), len(doc.text.encode("utf-8"))))
    session_s = time.monotonic() - started
    # The server still holds exactly the client's text: a full-text change to the original spec gives its diagnostics back.
    doc.version += 1
    doc.text = gen_specs.spec(panels)
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": doc.version}, "contentChanges": [{"text": doc.text}]})
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    final = client.diagnostics(uri, version=doc.version, timeout=60)
    status = client.close()
    after_first = samples[1][1] if len(samples) > 1 else samples[0][1]
    return {
        "panels": panels,
        "bytes": len(gen_specs.spec(panels).encode("utf-8")),
        "changes": changes,
        "latency_ms": {"p50": round(statistics.median(latencies), 2), "p95": round(percentile(latencies, 95), 2),
                       "max": round(max(latencies), 2)},
        "debounced_ms": {"median": round(statistics.median(debounced), 1), "max": round(max(debounced), 1)},
        "errors_seen": errors_seen,
        "edits": edits,
        "session_s": round(session_s, 1),
        "rss_kib": [(k, kib) for k, kib, _ in samples],
        "text_bytes": [(k, size) for k, _, size in samples],
        "rss_growth_after_first_1000_kib": samples[-1][1] - after_first,
        "final_matches_baseline": len(final["diagnostics"]) == baseline,
        "exit_status": status,
    }


def main(argv):
    def arg(name, default):
        return int(argv[argv.index(name) + 1]) if name in argv else default
    result = run(os.path.abspath(argv[1]), arg("--panels", 1000), arg("--changes", 200), arg("--edits", 10000))
    print(json.dumps(result, indent=2))
    ok = result["exit_status"] == 0 and result["final_matches_baseline"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
