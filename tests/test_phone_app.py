"""What ``bidwell --lan`` answers at ``/phone/`` while the phone app is built, once it is, and if it cannot be."""

from __future__ import annotations

import asyncio
import gzip
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli
import pytest

from companion.publish.build import PublishError
from companion.publish.phone_app import PhoneApp
from companion.server.compressed import Compressed
from companion.server.web import WithFolders


def ask(app, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """GET ``path`` from the ASGI ``app``: the status, headers and text of the answer."""
    status, answer_headers, body = ask_bytes(app, path, headers)
    return status, answer_headers, body.decode("utf-8", "replace")


def ask_bytes(app, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """GET ``path`` from the ASGI ``app`` with ``headers``: the status, headers and body of the answer."""
    sent: list[dict] = []
    requested = False

    async def receive() -> dict:
        nonlocal requested
        if requested:  # the client stays until the answer is complete (a file's answer listens for it leaving)
            await asyncio.Event().wait()
        requested = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "root_path": "",
             "query_string": b"", "scheme": "http",
             "headers": [(b"host", b"127.0.0.1:8550"),
                         *((key.lower().encode(), value.encode()) for key, value in (headers or {}).items())],
             "server": ("127.0.0.1", 8550), "http_version": "1.1"}
    with ThreadPoolExecutor(1) as thread:  # the browser tests' Playwright keeps this thread's event loop
        thread.submit(asyncio.run, app(scope, receive, send)).result()
    start = next(message for message in sent if message["type"] == "http.response.start")
    answer = {key.decode(): value.decode() for key, value in start["headers"]}
    body = b"".join(message.get("body", b"") for message in sent if message["type"] == "http.response.body")
    return start["status"], answer, body


async def host_app(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"the host's app"})


@pytest.fixture
def phone_app():
    app = PhoneApp()
    yield app
    app.remove()


def test_while_it_is_built_the_phone_is_asked_to_wait_and_the_host_app_is_untouched(phone_app):
    served = WithFolders(host_app, {"/phone/": phone_app})
    status, headers, text = ask(served, "/phone/")
    assert status == 503 and headers["retry-after"] == "3"
    assert "being prepared; this page reloads in a moment" in text and 'http-equiv="refresh"' in text
    assert ask(served, "/")[2] == "the host's app"
    assert ask(served, "/phonebook")[2] == "the host's app"
    status, headers, _ = ask(served, "/phone")
    assert status == 308 and headers["location"] == "/phone/"


def test_once_built_every_screen_address_is_the_page_and_a_missing_file_is_not_found(phone_app):
    phone_app.build()
    served = WithFolders(host_app, {"/phone/": phone_app})
    status, _, page = ask(served, "/phone/")
    assert status == 200 and '<base href="/phone/">' in page
    assert ask(served, "/phone/game/abc123/hand/2") == ask(served, "/phone/")
    assert ask(served, "/phone/manifest.json")[1]["content-type"] == "application/json"
    assert ask(served, "/phone/nothing-here.js")[0] == 404


def test_each_file_is_sent_as_its_compressed_copy_where_the_browser_takes_one(phone_app):
    phone_app.build()
    served = Compressed(WithFolders(host_app, {"/phone/": phone_app}), None)
    script = (phone_app._folder / "site" / "main.dart.js").read_bytes()
    for accepted, encoding, decompress in (("gzip, deflate, br", "br", brotli.decompress),
                                           ("gzip, deflate", "gzip", gzip.decompress)):
        status, headers, body = ask_bytes(served, "/phone/main.dart.js", {"Accept-Encoding": accepted})
        assert status == 200 and headers["content-encoding"] == encoding, headers
        assert headers["content-type"].startswith("text/javascript") and "Accept-Encoding" in headers["vary"]
        assert int(headers["content-length"]) == len(body) < len(script) / 2 and decompress(body) == script
    status, headers, body = ask_bytes(served, "/phone/main.dart.js")
    assert status == 200 and "content-encoding" not in headers and body == script
    status, headers, page = ask_bytes(served, "/phone/game/abc123", {"Accept-Encoding": "gzip"})
    assert headers["content-type"].startswith("text/html") and b'<base href="/phone/">' in gzip.decompress(page)


def test_a_build_that_cannot_be_made_says_why_on_the_phone(phone_app, monkeypatch):
    def refuse(*args, **kwargs):
        raise PublishError("cannot publish: the flet-web package is not installed; install Bidwell again")

    monkeypatch.setattr("companion.publish.phone_app.publish", refuse)
    phone_app.build()
    assert phone_app.wait_built(0)
    status, _, text = ask(WithFolders(host_app, {"/phone/": phone_app}), "/phone/")
    assert status == 500
    assert "could not be prepared on this computer: cannot publish: the flet-web package is not installed" in text


def test_the_build_is_removed_with_the_server(phone_app):
    phone_app.build()
    folder = Path(phone_app._folder)
    assert (folder / "site" / "index.html").is_file()
    phone_app.remove()
    assert not folder.exists()


SERVER_HOLDING_A_BUILD = """
import sys, tempfile
tempfile.tempdir = sys.argv[1]
from companion.publish.phone_app import PhoneApp
app = PhoneApp()
print(app._folder, flush=True)
sys.stdin.read()
"""


def server_holding_a_build(folder: Path) -> tuple[subprocess.Popen, Path]:
    """A process that started a phone app's build in ``folder`` and runs on (until killed): its build folder."""
    process = subprocess.Popen([sys.executable, "-c", SERVER_HOLDING_A_BUILD, str(folder)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    build = Path(process.stdout.readline().strip())
    (build / "site").mkdir()
    (build / "site" / "index.html").write_text("the app", encoding="utf-8")
    return process, build


def test_a_killed_servers_build_goes_at_the_next_start_and_a_running_ones_stays(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    killed, abandoned = server_holding_a_build(tmp_path)
    running, in_use = server_holding_a_build(tmp_path)
    try:
        killed.kill()  # as a test's server is stopped, or a closed terminal's: no clean-up of its own
        killed.wait(timeout=10)
        app = PhoneApp()
        try:
            assert not abandoned.exists()
            assert (in_use / "site" / "index.html").read_text(encoding="utf-8") == "the app"
        finally:
            app.remove()
        assert sorted(tmp_path.iterdir()) == [in_use]
    finally:
        running.kill()
        running.wait(timeout=10)
