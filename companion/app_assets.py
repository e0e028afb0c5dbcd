"""Files shipped with the app: its assets folder and the font that draws every name."""

from pathlib import Path

ASSETS = Path(__file__).with_name("assets")
FONT_FILE = ASSETS / "fonts" / "BidwellSans-Regular.ttf"
