"""The Bidwell app, served to a browser (phones at the table open it too).

Until the scorekeeping screens land this shows the games Bidwell knows,
read from the same templates the engine scores with.
"""

from __future__ import annotations

import os

HOST = "127.0.0.1"


def main(page) -> None:  # noqa: ANN001 - flet's Page, imported lazily
    """Build the start screen on ``page``."""
    import flet as ft

    from scoring.definitions import all_games

    page.title = "Bidwell"
    page.theme_mode = ft.ThemeMode.SYSTEM
    games = [
        ft.ListTile(
            title=ft.Text(game.name),
            subtitle=ft.Text(f"{game.min_players}–{game.max_players} players"),
        )
        for game in all_games()
    ]
    page.add(
        ft.SafeArea(
            ft.Column(
                [
                    ft.Text("Bidwell", size=32, weight=ft.FontWeight.BOLD),
                    ft.Text("The scorekeeper for Oh Hell and its family. Scoring screens are on their way; "
                            "the games below can already be scored with 'bidwell score'."),
                    *games,
                ]
            )
        )
    )


def serve(*, port: int = 8550, open_browser: bool = True) -> int:
    """Serve the app on 127.0.0.1:``port`` without any CDN; returns when the server stops."""
    import flet as ft

    print(f"Bidwell is at http://{HOST}:{port}", flush=True)
    has_display = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or os.name == "nt"
    view = ft.AppView.WEB_BROWSER if open_browser and has_display else None
    ft.run(main, view=view, host=HOST, port=port, no_cdn=True)
    return 0
