"""Build companion/assets/fonts/BidwellSans-Regular.ttf: Noto Sans with Noto Sans JP's glyphs added.

Flutter's web client draws text with its own fonts and, offline, cannot
fetch a fallback for a missing glyph, so Japanese names would show as empty
boxes. Noto Sans covers Latin (Hungarian, Polish, German), Greek and
Cyrillic; Noto Sans JP covers kana and kanji but not Latin Extended-A. One
merged family covers every name the app must draw. Both fonts are under the
SIL Open Font License 1.1 (companion/assets/fonts/OFL.txt).

Run once when the fonts change (needs fonttools and npm):

    npm pack @expo-google-fonts/noto-sans@0.4.2 @expo-google-fonts/noto-sans-jp@0.4.3
    tar xzf expo-google-fonts-noto-sans-0.4.2.tgz && tar xzf expo-google-fonts-noto-sans-jp-0.4.3.tgz
    python tools/build_font.py package
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import merge, subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parent.parent / "companion" / "assets" / "fonts"


def build(package: Path, weight: str) -> Path:
    latin = package / weight / f"NotoSans_{weight}.ttf"
    japanese = package / weight / f"NotoSansJP_{weight}.ttf"
    # Drop from the Japanese font what Noto Sans already has, so Latin keeps Noto Sans's shapes.
    have = set(TTFont(latin).getBestCmap())
    wanted = [code for code in TTFont(japanese).getBestCmap() if code not in have]
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    # Tables only one of the two fonts has cannot be merged; names need none of them.
    options.drop_tables += ["BASE", "vhea", "vmtx", "STAT", "GSUB", "GPOS", "GDEF"]
    trimmed = OUT / f".jp-{weight}.ttf"
    font = TTFont(japanese)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    font.save(trimmed)
    base = TTFont(latin)
    del base["STAT"]
    latin_copy = OUT / f".latin-{weight}.ttf"
    base.save(latin_copy)
    merged = merge.Merger().merge([str(latin_copy), str(trimmed)])
    trimmed.unlink()
    latin_copy.unlink()
    target = OUT / "BidwellSans-Regular.ttf"
    for record in merged["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = "Bidwell Sans"
    merged.save(target)
    return target


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    print(build(Path(sys.argv[1]), "400Regular"))  # Flutter draws bold from it
