"""A standard-library LSP client over a pipe, shared by the protocol test and the benchmark.

It starts `accordion lsp`, writes Content-Length framed JSON-RPC, and reads the
server's messages on a thread into a queue, so a test can wait for a response
or a notification with a time limit instead of blocking forever.
"""
import json
import queue
import subprocess
import threading
import time


class Client:
    def __init__(self, accordion, stderr=subprocess.PIPE):
        self.proc = subprocess.Popen([accordion, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self.inbox = queue.Queue()
        self.next_id = 1
        self.held = []  # messages read while waiting for something else
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            self.inbox.put((time.monotonic(), json.loads(body)))

    def write_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    @staticmethod
    def frame(message):
        body = json.dumps(message).encode("utf-8")
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def send(self, message):
        self.write_raw(self.frame(message))

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request_message(self, method, params=None):
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.next_id += 1
        return message

    def request(self, method, params=None, timeout=10):
        message = self.request_message(method, params)
        self.send(message)
        return self.wait(lambda m: m.get("id") == message["id"] and "method" not in m, timeout)

    def wait(self, predicate, timeout=10):
        """The first message (held or new) that satisfies predicate; others are held."""
        for i, (t, m) in enumerate(self.held):
            if predicate(m):
                del self.held[i]
                self.last_time = t
                return m
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message within %ss; held: %s" % (timeout, [m for _, m in self.held][-5:]))
            try:
                item = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if item is None:
                raise EOFError("the server closed its output")
            t, m = item
            if predicate(m):
                self.last_time = t
                return m
            self.held.append((t, m))

    def diagnostics(self, uri, timeout=10, version=None):
        def match(m):
            if m.get("method") != "textDocument/publishDiagnostics" or m["params"]["uri"] != uri:
                return False
            return version is None or m["params"].get("version") == version
        return self.wait(match, timeout)["params"]

    def initialize(self, encodings=None):
        caps = {"general": {"positionEncodings": encodings}} if encodings else {}
        result = self.request("initialize", {"processId": None, "rootUri": None, "capabilities": caps})
        self.notify("initialized", {})
        return result["result"]

    def close(self):
        try:
            self.request("shutdown")
            self.notify("exit")
            return self.proc.wait(timeout=10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
