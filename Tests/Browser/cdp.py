"""A minimal Chrome DevTools Protocol client over --remote-debugging-pipe.

Standard library only: chromium reads NUL-terminated JSON commands on fd 3
and writes NUL-terminated JSON replies and events on fd 4, so no websocket
client (and no PyPI package) is needed to drive a real browser.
"""
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class CDPError(Exception):
    pass


def setup_failed(message):
    """Prints a run's setup failure and its zero counts; returns the exit status.
    Nothing is skipped silently: a missing binary or browser fails the run."""
    print(f"FAIL setup: {message}")
    print("0 passed, 1 failed")
    return 1


def launch(width, height):
    """A headless chromium, or None after reporting why it cannot start."""
    try:
        return Browser(width=width, height=height)
    except Exception as e:
        setup_failed(f"cannot start headless chromium: {e}")
        return None


class Browser:
    """One headless chromium process and one page target, driven over CDP."""

    def __init__(self, width=1200, height=900, extra_args=()):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            raise CDPError("chromium is not installed (make browser-test installs it with apt-get)")
        self.profile = tempfile.mkdtemp(prefix="accordion-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def child_fds():
            # The pipe protocol fixes the descriptors: 3 = commands in, 4 = replies out.
            # Move both ends out of the way first: either may already be 3 or 4,
            # and dup2 onto itself would keep its close-on-exec flag.
            r, w = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(r, 3)
            os.dup2(w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        args = [
            exe, "--headless=new", "--remote-debugging-pipe",
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--disable-component-update", "--disable-default-apps", "--mute-audio",
            "--disable-features=Translate,MediaRouter,OptimizationHints",
            # The network is off: every host name resolves to nothing.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--force-device-scale-factor=1", "--hide-scrollbars",
            f"--window-size={width},{height}",
            f"--user-data-dir={self.profile}",
            *extra_args, "about:blank",
        ]
        self.stderr = open(os.path.join(self.profile, "stderr.log"), "wb")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.stderr,
                                     stderr=self.stderr, preexec_fn=child_fds,
                                     # Python's descriptors are close-on-exec (PEP 446); only
                                     # the dup2'ed 3 and 4 survive exec, so keep them open.
                                     close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events = []
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True, session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Network.enable")
        # And offline for the page too, so even a literal IP address could not be reached.
        self.call("Network.emulateNetworkConditions", offline=True, latency=0,
                  downloadThroughput=-1, uploadThroughput=-1)
        self.viewport(width, height)

    def viewport(self, width, height):
        """CSS px at device scale 1, so rectangles and screenshot pixels agree."""
        self.width, self.height = width, height
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    # -- protocol -----------------------------------------------------------
    def _send(self, message):
        data = json.dumps(message).encode() + b"\0"
        while data:
            n = os.write(self._to_browser, data)
            data = data[n:]

    def _read_message(self, deadline):
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CDPError("timed out waiting for chromium")
            ready, _, _ = select.select([self._from_browser], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise CDPError("chromium closed the pipe (crashed?)")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, session=True, timeout=30, **params):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session and self.session:
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method, timeout=30):
        deadline = time.monotonic() + timeout
        for i, e in enumerate(self.events):
            if e["method"] == method:
                return self.events.pop(i)
        while True:
            reply = self._read_message(deadline)
            if reply.get("method") == method:
                return reply
            if "method" in reply:
                self.events.append(reply)

    def drain(self):
        """Collects events that arrived without waiting."""
        try:
            while True:
                reply = self._read_message(time.monotonic() + 0.05)
                if "method" in reply:
                    self.events.append(reply)
        except CDPError:
            pass

    # -- conveniences -------------------------------------------------------
    def navigate(self, url):
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def eval(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise CDPError(f"page error: {result['exceptionDetails']}")
        return result["result"].get("value")

    def click(self, x, y):
        """A real mouse click: move, press, release at (x, y) in CSS px."""
        self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        self.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", clickCount=1)
        self.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button="left", clickCount=1)

    KEYS = {
        "Enter": {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"},
        "Space": {"key": " ", "code": "Space", "windowsVirtualKeyCode": 32, "text": " "},
        "Tab": {"key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9},
        "ArrowDown": {"key": "ArrowDown", "code": "ArrowDown", "windowsVirtualKeyCode": 40},
        "ArrowUp": {"key": "ArrowUp", "code": "ArrowUp", "windowsVirtualKeyCode": 38},
        "Home": {"key": "Home", "code": "Home", "windowsVirtualKeyCode": 36},
        "End": {"key": "End", "code": "End", "windowsVirtualKeyCode": 35},
    }

    def key(self, name):
        """A real key press: keyDown (with its text, so Enter/Space activate), keyUp."""
        k = self.KEYS[name]
        down = {"type": "keyDown" if "text" in k else "rawKeyDown", **k}
        self.call("Input.dispatchKeyEvent", **down)
        up = {key: value for key, value in k.items() if key != "text"}
        self.call("Input.dispatchKeyEvent", type="keyUp", **up)

    def screenshot_png(self):
        import base64
        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])

    def close(self):
        try:
            self.call("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        self.stderr.close()
        shutil.rmtree(self.profile, ignore_errors=True)
