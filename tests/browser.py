"""Drive headless Chromium from a test, with nothing but the standard library: the DevTools protocol over the
pipe Chromium opens with ``--remote-debugging-pipe`` (it reads commands on file descriptor 3 and answers on 4,
each message JSON ending with a NUL byte).

>>> with Browser(tmp_path) as b:                               # doctest: +SKIP
...     b.open(path.as_uri(), ready="window.nqueensReplay && window.nqueensReplay.ready !== undefined")
...     b.eval("document.title")
"""

import base64
import fcntl
import json
import os
import shutil
import subprocess
import time

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, profile, width=1280, height=2000):
        self.size = (width, height)
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        # out of the way of 3 and 4, where the child needs them
        high_r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 20)
        high_w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 20)
        os.close(to_chrome_r)
        os.close(from_chrome_w)

        def plumb():
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",  # CI runs as root
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            pass_fds=(3, 4),
            preexec_fn=plumb,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(high_r)
        os.close(high_w)
        self.write = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.read = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.write.close()
        self.read.close()

    def send(self, method, params=None, session=True, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        self.write.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise BrowserError("Chromium did not answer in time")
            chunk = self.read.read(1 << 16)
            if not chunk:
                raise BrowserError("Chromium closed the pipe")
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(raw)

    def open(self, url, ready="document.readyState === 'complete'", timeout=60):
        """Open ``url`` in a new tab and wait until the expression ``ready`` is true there."""
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)[
            "sessionId"
        ]
        width, height = self.size
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        self.send("Page.enable")
        self.send("Page.navigate", {"url": url})
        deadline = time.monotonic() + timeout
        while not self.eval(f"document.readyState === 'complete' && !!({ready})"):
            if time.monotonic() > deadline:
                raise BrowserError(f"{url} did not get ready: {ready}")
            time.sleep(0.1)

    def eval(self, expression):
        """The value of a JavaScript expression in the open page (JSON-like values come back as Python)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
