"""The keys the phone knows the screens by (companion.ui.session.BackGuard.key): a screen shown again as the one over
it closes is a new screen to Flutter's navigator, drawn at once, where the same key would play the route's 300 ms
transition with the closed screen drawn whole; a screen uncovered as it was keeps its key."""

from companion.ui.session import BackGuard, path_of


async def _never_asked() -> None:
    raise AssertionError("no question is asked of the phone here")


def drawn(guard: BackGuard, location: str, *stack: tuple[str, bool]) -> list[str]:
    """The keys of the screens of ``stack`` (address, drawn anew) as the Router draws them at ``location``."""
    return [guard.key(path, location, drawn_anew=anew) for path, anew in stack]


def test_the_screen_beneath_gets_a_new_key_as_the_one_over_it_closes_and_keeps_it_as_another_opens():
    guard = BackGuard(_never_asked)
    game, hand = "/game/g1", "/game/g1/hand/1"
    assert drawn(guard, game, ("/", True), (game, True)) == ["/", game]
    assert drawn(guard, hand, ("/", True), (game, True), (hand, True)) == ["/", game, hand]
    back = drawn(guard, game, ("/", True), (game, True))
    assert back[0] == "/" and back[1] != game and path_of(back[1]) == game
    # Drawn again where it is (a tap on it), or with a screen opened over it: the same key, nothing drawn anew.
    assert drawn(guard, game, ("/", True), (game, True)) == back
    assert drawn(guard, hand, ("/", True), (game, True), (hand, True)) == [*back, hand]
    again = drawn(guard, game, ("/", True), (game, True))
    assert again[1] not in (game, back[1]) and path_of(again[1]) == game
    # Two screens closed at once (the game left for the start screen): the start screen is the one drawn anew.
    start = drawn(guard, "/", ("/", True))
    assert start != ["/"] and path_of(start[0]) == "/"


def test_a_screen_uncovered_as_it_was_keeps_its_key_and_one_on_another_branch_opens_with_its_own():
    guard = BackGuard(_never_asked)
    history, past = "/history", "/history/g1"
    assert drawn(guard, history, ("/", True), (history, False)) == ["/", history]
    assert drawn(guard, past, ("/", True), (history, False), (past, True)) == ["/", history, past]
    assert drawn(guard, history, ("/", True), (history, False)) == ["/", history]
    # A screen that is not beneath the one closed (another branch) opens with its plain key.
    assert drawn(guard, "/stats", ("/", True), ("/stats", False)) == ["/", "/stats"]
