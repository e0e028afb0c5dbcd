"""Draw Bidwell's app icons (companion/publish/files/icons): a score card on the app's blue, with tally marks.

The installed web app shows them on the home screen and in the install prompt; the maskable ones keep the
drawing inside the middle 80 % that every launcher's mask leaves. Run once when the drawing changes (Pillow
comes with reportlab):

    python tools/build_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "companion" / "publish" / "files" / "icons"
BLUE = (58, 96, 143)
PAPER = (250, 248, 240)
INK = (32, 52, 80)
RED = (186, 26, 26)


def draw(size: int, *, maskable: bool) -> Image.Image:
    scale = 4  # drawn large and shrunk, for smooth edges
    big = size * scale
    image = Image.new("RGB", (big, big), BLUE) if maskable else Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if not maskable:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.22, fill=BLUE)
    inset = 0.22 if maskable else 0.16
    left, top, right, bottom = big * (inset + 0.06), big * inset, big * (1 - inset - 0.06), big * (1 - inset)
    pen.rounded_rectangle((left, top, right, bottom), radius=big * 0.05, fill=PAPER)
    width = right - left
    line = max(2, int(big * 0.028))
    # Four tallies and the stroke across them, then a tick: a hand scored, a bid made.
    for mark in range(4):
        x = left + width * (0.18 + mark * 0.12)
        pen.line((x, top + width * 0.18, x, top + width * 0.56), fill=INK, width=line)
    pen.line((left + width * 0.10, top + width * 0.50, left + width * 0.62, top + width * 0.24), fill=RED, width=line)
    pen.line((left + width * 0.22, bottom - width * 0.42, left + width * 0.38, bottom - width * 0.26,
              left + width * 0.78, bottom - width * 0.66), fill=INK, width=int(line * 1.4), joint="curve")
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        draw(size, maskable=False).save(OUT / f"icon-{size}.png", optimize=True)
        draw(size, maskable=True).save(OUT / f"icon-maskable-{size}.png", optimize=True)
    draw(192, maskable=True).save(OUT / "apple-touch-icon-192.png", optimize=True)


if __name__ == "__main__":
    main()
