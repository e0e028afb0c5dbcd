"""What companion.server.compressed sends a browser: compressed files in the encoding it takes, with their own
length and ETag, and everything it cannot or need not compress as it is."""

from __future__ import annotations

import asyncio
import gzip
import os
from concurrent.futures import ThreadPoolExecutor

import brotli
import httpx
import pytest
from starlette.staticfiles import StaticFiles

from companion.server.compressed import BEST_LEVELS, IN_MEMORY, Compressed, make_copies_now, write_siblings
from companion.server.web import web_client_files

SCRIPT = b"".join(b"function line%d() { return 'a line of script that repeats'; }\n" % n for n in range(8000))
PAGE = b"<html><head><title>Bidwell</title></head><body>" + b"<p>a paragraph</p>" * 200 + b"</body></html>"


@pytest.fixture
def site(tmp_path):
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "main.js").write_bytes(SCRIPT)
    (folder / "index.html").write_bytes(PAGE)
    (folder / "picture.png").write_bytes(os.urandom(4000))
    app = Compressed(StaticFiles(directory=folder), tmp_path / "copies")
    yield folder, app
    app.close()


class Answer:
    def __init__(self, response: httpx.Response, raw: bytes):
        self.status_code, self.headers, self.raw = response.status_code, response.headers, raw


def get(app, path: str, **headers: str) -> Answer:
    """The answer to a GET, with its body as it came over the wire (httpx would decode it)."""
    async def fetch() -> Answer:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            async with client.stream("GET", path, headers=headers) as response:
                return Answer(response, b"".join([chunk async for chunk in response.aiter_raw()]))

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, fetch()).result()


def test_a_big_file_is_sent_as_it_is_until_its_gzip_copy_is_made_then_gzipped(site):
    folder, app = site
    assert len(SCRIPT) > IN_MEMORY
    first = get(app, "/main.js", **{"Accept-Encoding": "gzip, deflate"})
    assert "content-encoding" not in first.headers and first.raw == SCRIPT
    assert first.headers["vary"] == "Accept-Encoding"
    assert app.wait(60)
    second = get(app, "/main.js", **{"Accept-Encoding": "gzip, deflate"})
    assert second.headers["content-encoding"] == "gzip"
    assert int(second.headers["content-length"]) < len(SCRIPT) / 10
    assert gzip.decompress(second.raw) == SCRIPT
    assert second.headers["etag"] == first.headers["etag"][:-1] + '-gz"'
    assert second.headers["vary"] == "Accept-Encoding"


def test_prepared_files_are_compressed_from_the_first_request_in_both_encodings(site):
    folder, app = site
    app.prepare([("/main.js", folder / "main.js")])
    assert app.wait(120)
    for encoding, decode in (("gzip", gzip.decompress), ("br", brotli.decompress)):
        answer = get(app, "/main.js", **{"Accept-Encoding": f"{encoding}"})
        assert answer.headers["content-encoding"] == encoding
        assert decode(answer.raw) == SCRIPT
        assert int(answer.headers["content-length"]) == len(answer.raw)


def test_brotli_is_preferred_where_the_browser_takes_it(site):
    folder, app = site
    answer = get(app, "/index.html", **{"Accept-Encoding": "gzip, deflate, br"})
    assert answer.headers["content-encoding"] == "br"
    assert brotli.decompress(answer.raw) == PAGE
    assert int(answer.headers["content-length"]) == len(answer.raw) < len(PAGE) / 5


def test_a_browser_that_takes_no_compression_gets_the_file_as_it_is(site):
    folder, app = site
    answer = get(app, "/index.html", **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in answer.headers
    assert answer.raw == PAGE and answer.headers["vary"] == "Accept-Encoding"


def test_a_copy_the_browser_holds_is_not_sent_again(site):
    folder, app = site
    held = get(app, "/index.html", **{"Accept-Encoding": "gzip"})
    again = get(app, "/index.html", **{"Accept-Encoding": "gzip", "If-None-Match": held.headers["etag"]})
    assert again.status_code == 304 and again.headers["etag"] == held.headers["etag"]


def test_pictures_and_ranges_pass_as_they_are(site):
    folder, app = site
    picture = get(app, "/picture.png", **{"Accept-Encoding": "gzip, br"})
    assert "content-encoding" not in picture.headers
    assert picture.raw == (folder / "picture.png").read_bytes()
    part = get(app, "/main.js", **{"Accept-Encoding": "gzip, br", "Range": "bytes=0-99"})
    assert part.status_code == 206 and "content-encoding" not in part.headers and part.raw == SCRIPT[:100]


def test_websockets_pass_untouched():
    seen = []

    async def app(scope, receive, send):
        seen.append(scope)

    compressed = Compressed(app, None)
    scope = {"type": "websocket", "path": "/ws", "headers": [(b"accept-encoding", b"gzip")]}
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, compressed(scope, None, None)).result()
    compressed.close()
    assert seen == [scope]


def test_the_web_clients_big_files_are_those_prepared():
    addresses = dict(web_client_files())
    assert "/main.dart.js" in addresses and "/canvaskit/skwasm.wasm" in addresses
    assert all(path.is_file() for path in addresses.values())


def test_copies_made_before_the_server_runs_are_sent_from_the_first_request(site, tmp_path):
    folder, app = site
    estimates = []
    made = make_copies_now([("/main.js", folder / "main.js")], tmp_path / "copies", told=estimates.append)
    assert made == 2 and len(estimates) == 1 and estimates[0] > 0  # said before the wait, in seconds
    app.prepare([("/main.js", folder / "main.js")])
    for encoding, decode in (("gzip", gzip.decompress), ("br", brotli.decompress)):
        answer = get(app, "/main.js", **{"Accept-Encoding": encoding})  # before the background's copies are made
        assert answer.headers["content-encoding"] == encoding
        assert decode(answer.raw) == SCRIPT


def test_a_reinstall_that_writes_the_same_bytes_keeps_the_copies_and_a_changed_file_gets_new_ones(site, tmp_path):
    folder, _ = site
    files, cache = [("/main.js", folder / "main.js")], tmp_path / "copies"
    assert make_copies_now(files, cache) == 2
    kept = sorted(path.name for path in cache.glob("*.*z"))
    os.utime(folder / "main.js", ns=(1, 1))  # written again by an upgrade: a new time, the same content
    estimates = []
    assert make_copies_now(files, cache, told=estimates.append) == 0 and estimates == []
    (folder / "main.js").write_bytes(SCRIPT + b"// the next version\n")
    assert make_copies_now(files, cache, told=estimates.append) == 2 and len(estimates) == 1
    assert set(kept) < {path.name for path in cache.glob("*.*z")}


def test_a_copies_folder_that_cannot_be_written_makes_no_copies_and_no_error(site, tmp_path):
    folder, _ = site
    (tmp_path / "a file").write_text("")
    assert make_copies_now([("/main.js", folder / "main.js")], tmp_path / "a file" / "copies") == 0


def test_a_folders_siblings_are_its_files_best_copies_kept_by_content_for_the_next_build(site, tmp_path):
    folder, _ = site
    cache, estimates = tmp_path / "copies", []
    written = write_siblings(folder, cache, levels=BEST_LEVELS, told=estimates.append)
    assert sorted(path.name for path in written) == ["index.html.br", "index.html.gz", "main.js.br", "main.js.gz"]
    assert brotli.decompress((folder / "main.js.br").read_bytes()) == SCRIPT
    assert gzip.decompress((folder / "index.html.gz").read_bytes()) == PAGE
    assert (folder / "main.js.br").read_bytes() == brotli.compress(SCRIPT, quality=11)  # the smallest brotli makes
    assert not list(folder.glob("picture.png.*"))  # compressed already
    assert len(estimates) == 1 and estimates[0] > 0
    again = tmp_path / "again"
    again.mkdir()
    (again / "main.js").write_bytes(SCRIPT)
    assert sorted(path.name for path in write_siblings(again, cache, told=estimates.append)) == [
        "main.js.br", "main.js.gz"]
    assert len(estimates) == 1  # nothing left to wait for: the big file's copies were kept
