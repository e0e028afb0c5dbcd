"""The app's copy of its games in the browser's storage (companion.publish.standalone), against a stand-in for
Emscripten's file system that answers each copy when the test says so; and what the store and the play screen do
when the browser refuses to keep a write (tests/browser/test_published.py plays that in a real browser)."""

from __future__ import annotations

import asyncio
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from companion.publish.standalone import BrowserStorage
from companion.store.files import NotKeptError, StorageError
from companion.store.games import GameStore
from companion.texts import t
from companion.views.play import PlayModel
from scoring.game import Game


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
    """The storage of a browser without JSPI: a copy runs after the write that asked for it (nothing waits)."""
    return BrowserStorage(fs, once=lambda function: function, can_wait=lambda: False)


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


def test_a_refused_copy_puts_the_folder_back_as_kept_and_is_told_once_with_the_writes_made_meanwhile():
    async def scenario():
        fs = FakeFS()
        kept = storage(fs)
        told: list[str] = []
        kept.failed = told.append
        kept.written()
        await settle()
        kept.written()  # made during the copy that will be refused: gone with it when the folder is read back
        fs.copies.pop(0)("QuotaExceededError: the storage is full")
        await settle()
        assert fs.populated == 1  # read back from IndexedDB: the folder in memory is what a reload would find
        assert told == [t("browser.not_kept", error="QuotaExceededError: the storage is full")]
        assert fs.started == 1 and not fs.copies  # nothing left to copy: the write made meanwhile went too
        kept.written()
        await settle()
        assert fs.started == 2  # the next write tries again

    run(scenario())


class BrowserLike:
    """A data folder's ``after_write`` as the browser's storage does it where the app waits for the copy: a copy of
    the folder is kept (IndexedDB), and while ``refusing`` the folder is put back as that copy has it and the write
    refused."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.kept = folder.with_name(folder.name + "-kept")
        self.refusing = False

    def written(self) -> None:
        if self.refusing:
            shutil.rmtree(self.folder)
            shutil.copytree(self.kept, self.folder)
            raise NotKeptError("browser.refused", error="QuotaExceededError")
        shutil.rmtree(self.kept, ignore_errors=True)
        shutil.copytree(self.folder, self.kept)


def test_a_bid_the_browser_refuses_to_keep_is_refused_on_the_screen_and_not_taken(tmp_path):
    browser = BrowserLike(tmp_path / "data")
    store = GameStore(browser.folder, after_write=browser.written)
    saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    model = PlayModel(saved)
    assert model.state.next_bidder == 1  # Béla bids first

    browser.refusing = True
    assert not model.tap_bid(2)
    assert model.message is not None and model.message.error
    assert model.message.text == t("browser.refused", error="QuotaExceededError")
    assert model.settling is None and model.last_entry is None  # "Béla bids 2" is said nowhere
    assert model.state.next_bidder == 1 and saved.revision == 1  # not taken: Béla still to bid
    assert GameStore(browser.folder).open(saved.id).state.next_bidder == 1

    browser.refusing = False  # room again: the same bid goes in, and is there for the next reader
    assert model.tap_bid(2)
    assert model.message is None and model.last_entry == t("bid.taken", name="Béla", value=2)
    assert GameStore(browser.kept).open(saved.id).game.log[-1].bid == 2


def test_an_undo_the_browser_refuses_to_keep_leaves_the_action_in_place(tmp_path):
    browser = BrowserLike(tmp_path / "data")
    store = GameStore(browser.folder, after_write=browser.written)
    saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    saved.bid(1, 3)
    browser.refusing = True
    with pytest.raises(NotKeptError):
        saved.undo()
    assert saved.state.next_bidder == 0 and saved.revision == 2
    assert GameStore(browser.kept).open(saved.id).state.next_bidder == 0


def test_a_failed_write_is_not_hidden_by_the_copy_refused_after_it(tmp_path):
    browser = BrowserLike(tmp_path / "data")
    store = GameStore(browser.folder, after_write=browser.written)
    browser.refusing = True
    with pytest.raises(RuntimeError, match="broke half way"), store.folder.writing():
        raise RuntimeError("a write that broke half way")
