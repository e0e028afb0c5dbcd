"""``bidwell --desktop``: the app in a window of its own, with no browser around it, offline.

Flet's desktop client draws it where it is installed and ready (its client unpacked on this computer: it
downloads itself at first run, which cannot happen offline). Otherwise an installed Chromium, Chrome or Edge
opens the app served on this computer as an app window (``--app``), with a profile of Bidwell's own, so the
window is its own process: when it is closed, Bidwell stops.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_cache_dir

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "microsoft-edge",
            "microsoft-edge-stable", "msedge", "chrome")
"""The browsers that open an app window, by the names they are installed under, the first found used."""

INSTALLED_APPS = (
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    r"%ProgramFiles%\Google\Chrome\Application\chrome.exe",
    r"%ProgramFiles(x86)%\Google\Chrome\Application\chrome.exe",
    r"%ProgramFiles(x86)%\Microsoft\Edge\Application\msedge.exe",
    r"%ProgramFiles%\Microsoft\Edge\Application\msedge.exe",
)
"""Where macOS and Windows keep them, off the PATH."""

WINDOW_SIZE = "480,900"
"""A phone's shape, a little larger: the screens are made for one."""


def flet_client_ready() -> bool:
    """Whether Flet's desktop client is installed and can open a window without downloading anything."""
    if importlib.util.find_spec("flet_desktop") is None:
        return False
    import flet_desktop

    try:
        # The checks flet_desktop.ensure_client_cached() makes before it downloads: a client packed with the
        # package, or one unpacked at an earlier (online) run.
        bundled = Path(flet_desktop.get_package_bin_dir(), flet_desktop.get_artifact_filename())
        unpacked = getattr(flet_desktop, "__get_client_storage_dir")(None)
    except Exception:  # noqa: BLE001 - a flet-desktop whose insides changed is one not known to be ready
        return False
    return bundled.exists() or unpacked.exists()


def app_browser() -> str | None:
    """The installed browser that opens app windows (Chromium, Chrome or Edge), or None."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    for place in INSTALLED_APPS:
        path = Path(os.path.expandvars(place))
        if "%" not in str(path) and path.is_file():
            return str(path)
    return None


class AppWindow:
    """An app window of ``browser`` on Bidwell's address, in a profile folder of its own (per port, so two
    Bidwells on two ports are two windows, each its own process)."""

    def __init__(self, browser: str, port: int):
        self.browser = browser
        self.profile = Path(user_cache_dir("bidwell", appauthor=False)) / f"window-{port}"
        self._process: subprocess.Popen | None = None

    def command(self, url: str) -> list[str]:
        """The browser's command line for the window on ``url``."""
        command = [self.browser, f"--app={url}", f"--user-data-dir={self.profile}", f"--window-size={WINDOW_SIZE}",
                   "--no-first-run", "--no-default-browser-check"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--no-sandbox")  # Chromium will not start as root with its sandbox
        return command

    def open(self, url: str, closed: Callable[[], None]) -> None:
        """Open the window on ``url``; ``closed()`` is called once it is closed (its process ended)."""
        self.profile.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(self.command(url), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)
        process = self._process

        def wait() -> None:
            process.wait()
            closed()

        threading.Thread(target=wait, name="app-window", daemon=True).start()

    def close(self) -> None:
        """Close the window, if it is still open (Bidwell was stopped from its terminal)."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()

