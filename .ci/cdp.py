"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe):
Python's standard library only. Used by .ci/browser-check.py."""

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium; `page()` opens a tab attached with a flat session."""

    def __init__(self, binary):
        self.profile = tempfile.mkdtemp(prefix="fling-chromium-")
        # Our ends and Chromium's: it reads commands on fd 3 and writes replies on fd 4.
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def arrange():
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        args = [
            binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=" + self.profile, "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--disable-component-update", "--mute-audio", "--hide-scrollbars", "about:blank",
        ]
        self.proc = subprocess.Popen(
            args, preexec_fn=arrange, pass_fds=(3, 4), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        for fd in (self.to_chrome, self.from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            import select
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message from Chromium in time")
            ready, _, _ = select.select([self.from_chrome], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        ident = self.next_id
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            n = os.write(self.to_chrome, data)
            data = data[n:]
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == ident:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def pump(self, seconds):
        """Collects events for `seconds`."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                self.events.append(self._read_message(deadline))
        except TimeoutError:
            pass

    def page(self, width=1280, height=800):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Page(self, target, session, width, height)


class Page:
    def __init__(self, browser, target, session, width, height):
        self.b, self.target, self.session = browser, target, session
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(domain + ".enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def send(self, method, params=None, timeout=60):
        return self.b.send(method, params, session=self.session, timeout=timeout)

    def my_events(self, method):
        return [e for e in self.b.events if e.get("sessionId") == self.session and e.get("method") == method]

    def open(self, url, timeout=60):
        """Navigates and waits until the page says it is ready; returns seconds taken."""
        start = time.monotonic()
        self.send("Page.navigate", {"url": url})
        deadline = start + timeout
        while time.monotonic() < deadline:
            if self.eval("document.body && document.body.getAttribute('data-ready')") == "1":
                return time.monotonic() - start
            time.sleep(0.02)
        raise TimeoutError(f"{url} was not ready within {timeout} s")

    def eval(self, expression, timeout=60):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                           timeout=timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result.get("result", {}).get("value")

    def key(self, key, code=None, vk=None):
        params = {"key": key, "code": code or key, "windowsVirtualKeyCode": vk or 0, "nativeVirtualKeyCode": vk or 0}
        self.send("Input.dispatchKeyEvent", dict(params, type="rawKeyDown"))
        if key == " ":
            self.send("Input.dispatchKeyEvent", dict(params, type="char", text=" "))
        self.send("Input.dispatchKeyEvent", dict(params, type="keyUp"))

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def click_element(self, selector, fraction=0.5):
        box = self.eval(f"(function(){{const r=document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                        f"return [r.left, r.top, r.width, r.height];}})()")
        self.click(box[0] + box[2] * fraction, box[1] + box[3] / 2)

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.b.send("Target.closeTarget", {"targetId": self.target})
