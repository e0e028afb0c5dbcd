"""The app's copy of its games in the browser's storage (companion.publish.standalone), against a stand-in for
Emscripten's file system that answers each copy when the test says so."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.publish.standalone import BrowserStorage
from companion.store.files import StorageError


class FakeFS:
    """Emscripten's FS as far as BrowserStorage uses it: mount, and syncfs answered later by the test."""

    class filesystems:  # Emscripten's name
        IDBFS = "IDBFS"

    def __init__(self):
        self.mounted: list[tuple[str, str]] = []
        self.copies: list[object] = []  # the callbacks of copies under way, oldest first
        self.started = 0
        self.populated = 0

    def mount(self, kind, options, path):
        self.mounted.append((kind, path))

    def syncfs(self, populate, callback):
        if populate:
            self.populated += 1
            callback(None)
        else:
            self.started += 1
            self.copies.append(callback)


def run(coroutine):
    """Run ``coroutine`` on an event loop of its own thread (the browser tests' Playwright keeps one running in
    this thread for the rest of the run)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


def storage(fs: FakeFS) -> BrowserStorage:
    return BrowserStorage(fs, once=lambda function: function)


def test_the_folder_is_mounted_and_read_before_the_games_are_opened(tmp_path):
    fs = FakeFS()
    run(storage(fs).open(str(tmp_path / "bidwell")))
    assert fs.mounted == [("IDBFS", str(tmp_path / "bidwell"))] and fs.populated == 1
    assert (tmp_path / "bidwell").is_dir()


def test_a_storage_that_cannot_be_read_is_said_and_nothing_opened(tmp_path):
    fs = FakeFS()
    fs.syncfs = lambda populate, callback: callback("QuotaExceededError")
    with pytest.raises(StorageError, match=r"could not be read \(QuotaExceededError\)"):
        run(storage(fs).open(str(tmp_path / "bidwell")))


def test_copies_never_overlap_and_writes_during_a_copy_are_copied_once_after_it():
    async def scenario():
        fs = FakeFS()
        kept = storage(fs)
        kept.written()
        await settle()
        assert fs.started == 1
        kept.written()
        kept.written()  # two writes while the first copy runs
        await settle()
        assert fs.started == 1
        fs.copies.pop(0)(None)
        await settle()
        assert fs.started == 2  # one more copy takes both
        fs.copies.pop(0)(None)
        await settle()
        assert fs.started == 2 and not fs.copies
        kept.written()
        await settle()
        assert fs.started == 3

    run(scenario())


def test_a_copy_that_fails_is_told_and_the_next_write_copies_again():
    async def scenario():
        fs = FakeFS()
        kept = storage(fs)
        told: list[str] = []
        kept.failed = told.append
        kept.written()
        await settle()
        fs.copies.pop(0)("QuotaExceededError: the storage is full")
        await settle()
        assert told == [("The last change could not be kept in this browser's storage (QuotaExceededError: the "
                         "storage is full); Bidwell tries again with the next one. Export the game to keep a copy.")]
        kept.written()
        await settle()
        assert fs.started == 2

    run(scenario())
