"""Drive headless Chromium from a test: Playwright for Python with the system's Chromium (``executable_path``),
behind the few calls the tests make (open a page and wait until it is ready, evaluate JavaScript, take a
screenshot, send a DevTools command).

>>> with Browser(tmp_path) as b:                               # doctest: +SKIP
...     b.open(path.as_uri(), ready="window.nqueensReplay && window.nqueensReplay.ready !== undefined")
...     b.eval("document.title")
"""

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    pass


class Browser:
    """One headless Chromium with its own profile folder and one page of ``width`` x ``height`` CSS pixels."""

    def __init__(self, profile, width=1280, height=2000):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        try:
            self._context = self._playwright.chromium.launch_persistent_context(
                str(profile),
                executable_path=CHROMIUM,
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"],
                viewport={"width": width, "height": height},
                device_scale_factor=1,
            )
        except BaseException:
            self._playwright.stop()
            raise
        self.page = self._context.pages[0] if self._context.pages else self._context.new_page()
        self._devtools = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self._context.close()
        finally:
            self._playwright.stop()

    def open(self, url, ready="document.readyState === 'complete'", timeout=60):
        """Open ``url`` and wait until the expression ``ready`` is true there."""
        from playwright.sync_api import Error

        try:
            self.page.goto(url, timeout=timeout * 1000)
            self.page.wait_for_function(
                f"document.readyState === 'complete' && !!({ready})", timeout=timeout * 1000, polling=100
            )
        except Error as exc:
            raise BrowserError(f"{url} did not get ready: {ready} ({exc.message})") from exc
        self._devtools = None

    def eval(self, expression):
        """The value of a JavaScript expression in the open page (JSON-like values come back as Python; a promise
        is awaited)."""
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(expression)
        except Error as exc:
            raise BrowserError(f"{expression}: {exc.message}") from exc

    def send(self, method, params=None):
        """A DevTools protocol command to the open page (``Network.emulateNetworkConditions``, ...); its result."""
        if self._devtools is None:
            self._devtools = self._context.new_cdp_session(self.page)
        return self._devtools.send(method, params or {})

    def screenshot(self, path):
        self.page.screenshot(path=str(path))
