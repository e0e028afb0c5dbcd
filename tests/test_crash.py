"""Killing a writer at any instant loses at most the action being written, and corrupts nothing."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap

from companion.history import GameStore

WRITER = textwrap.dedent(
    """
    import sys
    from companion.history import GameStore
    from scoring.game import Game

    store = GameStore(sys.argv[1])
    while True:
        saved = store.start(Game.new("rage-n-glyphs", ["Béla", "Łucja", "さくら"], options={"bidding": "secret"}))
        while not saved.state.finished:
            state = saved.state
            if state.next_bidder is not None:
                saved.bid(state.next_bidder, state.allowed_bids[-1] // 3)
            else:
                saved.record_tricks([state.current.cards, 0, 0])
            print(saved.id, len(saved.game.log), flush=True)
    """
)


def test_a_writer_killed_at_random_moments_keeps_every_saved_action(tmp_path):
    folder = tmp_path / "data"
    chance = random.Random(20261122)
    acknowledged: dict[str, int] = {}
    for _ in range(30):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE, text=True)
        for _ in range(chance.randint(1, 60)):
            game_id, length = writer.stdout.readline().split()
            acknowledged[game_id] = int(length)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        # Saves that returned before the kill may still sit unread in the pipe: they count as saved too.
        for line in writer.stdout.read().splitlines():
            if len(line.split()) == 2:
                game_id, length = line.split()
                acknowledged[game_id] = int(length)
        store = GameStore(folder)
        for game_id, length in acknowledged.items():
            stored = store.open(game_id).game
            # At most the action being written when the writer died may be there beyond what it reported.
            assert length <= len(stored.log) <= length + 1, f"{game_id}: {length} saved, {len(stored.log)} back"
        assert {s.id for s in store.history(per_page=1000).items} >= set(acknowledged)
        assert not [n.text for n in store.notices if "no good copy" in n.text]
