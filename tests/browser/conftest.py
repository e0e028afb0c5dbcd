"""Fixtures of the browser tests: one app server and one Chromium per run, a new phone-sized tab per test."""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path

import greenlet
import pytest
from phone import CHROMIUM_ARGS, PHONE, Phone, Server, chromium, keep_what_failed, watch
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

# As long as an action may take (the pages' default): on a busy machine an answer can take more than
# expect's own 5 seconds to come back from the server and be drawn.
expect.set_options(timeout=15_000)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that failed leaves its tabs' pictures and its servers' output under tests/artifacts/failures/."""
    report = yield
    if report.when == "call" and report.failed:
        keep_what_failed(item)
    return report


STUCK_SECONDS = 300
"""Half the run's per-test timeout: a browser test still running then is stuck (the slowest take about a minute on
a busy machine), and says where before pytest-timeout ends the run."""


def chromium_at_work(seconds: float = 2.0) -> str:
    """Chromium's processes, each with its kind, its state and the share of a core it used over ``seconds``: a page
    looping for ever shows a renderer at 100 %, a deadlock every process idle (Flet's client draws in the
    renderer, through the GPU process's SwiftShader). Read from /proc, as the test's own thread is stuck in a
    Playwright call."""
    def processes() -> dict[int, tuple[str, str, int]]:
        found = {}
        for entry in Path("/proc").iterdir():
            try:
                # Split on spaces too: Chromium rewrites its own command line as one string.
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").split()
                if not entry.name.isdigit() or not command or b"chrom" not in command[0]:
                    continue
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:  # gone meanwhile
                continue
            kind = next((part.removeprefix(b"--type=").decode() for part in command if part.startswith(b"--type=")),
                        "browser")
            found[int(entry.name)] = (kind, fields[0], int(fields[11]) + int(fields[12]))
        return found

    before = processes()
    time.sleep(seconds)
    after = processes()
    ticks = os.sysconf("SC_CLK_TCK") * seconds
    lines = [f"  {pid} {kind:<14} state {state} {100 * (used - before[pid][2]) / ticks:5.1f} % of a core"
             for pid, (kind, state, used) in sorted(after.items()) if pid in before]
    return "Chromium's processes over the last {} s:\n{}".format(seconds, "\n".join(lines) or "  none")


@pytest.fixture(autouse=True)
def say_where_a_stuck_test_waits(request) -> Iterator[None]:
    """A test stuck in a Playwright call that never returns (one without a timeout of its own, or Chromium gone
    quiet) prints the call it waits in. pytest-timeout's dump of the threads cannot: the test's code waits in a
    greenlet of the main thread while Playwright's event loop runs in another."""
    def say() -> None:
        print(f"\n{request.node.nodeid} still running after {STUCK_SECONDS} s; where it waits:", file=sys.__stderr__)
        for suspended in gc.get_objects():
            if isinstance(suspended, greenlet.greenlet) and suspended.gr_frame is not None:
                # The innermost frames: the test's own line and the Playwright call it waits in.
                traceback.print_stack(suspended.gr_frame, limit=12, file=sys.__stderr__)
        print(chromium_at_work(), file=sys.__stderr__)
        sys.__stderr__.flush()

    timer = threading.Timer(STUCK_SECONDS, say)
    timer.daemon = True
    timer.start()
    yield
    timer.cancel()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The one Playwright of the run (a second one cannot start beside it)."""
    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("app-data")).start()
    yield running
    running.kill()


@pytest.fixture
def phone(browser, server, request) -> Iterator[Phone]:
    watch(request, server)
    context = watch(request, browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                                 accept_downloads=True))
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield Phone(page, request.node.name).open(server.url)
    context.close()


@pytest.fixture
def own_server(tmp_path, request) -> Iterator:
    """Start a ``bidwell`` process of this test's own (with extra arguments); every one is killed after."""
    servers: list[Server] = []

    def start(*extra: str) -> Server:
        server = watch(request, Server(tmp_path / "data", *extra))
        servers.append(server.start())
        return server

    yield start
    for server in servers:
        server.kill()


@pytest.fixture
def open_phone(browser, request):
    """Open a phone-sized tab of its own on ``url`` (each in its own browser context); all are closed after."""
    contexts = []

    def open_(url: str, name: str, **context_options) -> Phone:
        context = browser.new_context(**{"viewport": PHONE, "device_scale_factor": 1, "has_touch": True,
                                         "accept_downloads": True, **context_options})
        contexts.append(watch(request, context))
        page = context.new_page()
        page.set_default_timeout(15_000)
        return Phone(page, name).open(url, as_a_phone=context_options.get("is_mobile", False))

    yield open_
    for context in contexts:
        context.close()
