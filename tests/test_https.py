"""``bidwell --cert FILE --key FILE``: the app, its websocket and the phone app over https (a phone installs
the offline app only from a secure address), and the refusals of a certificate that cannot be used."""

from __future__ import annotations

import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import trustme
from websockets.sync.client import connect

BIDWELL = Path(sys.executable).with_name("bidwell")
START_SECONDS = 60


@pytest.fixture
def certificate(tmp_path) -> tuple[ssl.SSLContext, Path, Path]:
    """A certificate for 127.0.0.1 from a made-up authority, and a client context that trusts that authority."""
    authority = trustme.CA()
    issued = authority.issue_cert("127.0.0.1")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    issued.cert_chain_pems[0].write_to_path(cert)
    issued.private_key_pem.write_to_path(key)
    client = ssl.create_default_context()
    authority.configure_trust(client)
    return client, cert, key


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str, client: ssl.SSLContext) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, context=client, timeout=5) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_app_and_the_phone_app_are_served_over_https(tmp_path, certificate):
    client, cert, key = certificate
    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "w") as output:
        server = subprocess.Popen([str(BIDWELL), "--lan", "--no-browser", "--port", str(port), "--data",
                                   str(tmp_path / "data"), "--cert", str(cert), "--key", str(key)],
                                  stdout=output, stderr=subprocess.STDOUT)
    try:
        base = f"https://127.0.0.1:{port}"
        deadline = time.monotonic() + START_SECONDS
        while True:  # until it listens, then until the phone app is built (503 meanwhile)
            try:
                status, body = get(f"{base}/phone/", client)
            except OSError:
                status, body = None, b""
            if status == 200 or time.monotonic() > deadline or server.poll() is not None:
                break
            try:
                server.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                pass
        printed = log.read_text()
        assert status == 200, printed
        assert b'<base href="/phone/">' in body
        assert "Bidwell is at https://" in printed
        assert "Over http" not in printed  # the phones can keep the app: nothing to warn of
        assert get(f"{base}/", client)[0] == 200
        with connect(f"wss://127.0.0.1:{port}/ws", ssl=client, origin=f"https://127.0.0.1:{port}") as socket_:
            assert socket_.protocol.state.name == "OPEN"
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert server.returncode == 0


@pytest.mark.parametrize("given, said", [
    (["--cert", "{cert}"], "--cert and --key go together"),
    (["--cert", "{missing}", "--key", "{key}"], "cannot serve https with"),
    (["--cert", "{key}", "--key", "{key}"], "cannot serve https with"),
])
def test_a_certificate_that_cannot_be_used_is_refused_in_one_line(tmp_path, certificate, given, said):
    _, cert, key = certificate
    arguments = [part.format(cert=cert, key=key, missing=tmp_path / "none.pem") for part in given]
    refused = subprocess.run([str(BIDWELL), "--no-browser", "--port", str(free_port()), "--data",
                              str(tmp_path / "data"), *arguments], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(f"error: {said}") and refused.stderr.count("\n") == 1, refused.stderr
