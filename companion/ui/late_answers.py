"""A tab's answer to a method called on a control that has gone since: handed to its caller, not a cut connection.

Flet 1.0.5's ``Session.handle_invoke_method_results`` raises when the answer names a control the session no longer
holds (its index keeps controls weakly, so one a closed screen held goes whenever the garbage collector says), and
it runs in the loop that reads the tab's websocket: the error ends the tab's connection. A bounce on a screen's
Back, refused with ``View.confirm_pop(False)`` as the screen closed, cut the phone off that way (the server said
"Control with ID … is not registered"; the phone hung on a dead link). The answer is the phone's, whatever became
of the control: it is handed to whoever waits for it, as Flet does for a control still there.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def answers_reach_their_callers() -> None:
    """Make every Flet session hand a tab's answer to a method call to its caller even where the control called has
    gone since, and never end the tab's connection over it. Idempotent; a Flet that no longer raises is unchanged
    in effect (the wrapper acts only on its refusal)."""
    from flet.messaging.session import Session

    original = Session.handle_invoke_method_results
    if getattr(original, "hands_answers_on", False):
        return

    def handle_invoke_method_results(self, control_id, call_id, result, error):  # noqa: ANN001, ANN202 - Flet's
        try:
            return original(self, control_id, call_id, result, error)
        except RuntimeError:
            waiting = getattr(self, "_Session__method_calls", {}).pop(call_id, None)
            results = getattr(self, "_Session__method_call_results", None)
            if waiting is None or results is None:
                log.info("an answer to call %s on control %s, gone, was dropped", call_id, control_id)
                return None
            results[waiting] = (result, error)
            waiting.set()
            return None

    handle_invoke_method_results.hands_answers_on = True
    Session.handle_invoke_method_results = handle_invoke_method_results
