"""Build `han-fallback.ttf.xz`: the Han characters that WenQuanYi Micro Hei lacks, from Hanazono Mincho.

Not part of the site: run it by hand to rebuild the file, with fontTools installed (`pip install fonttools`)
and the Debian package fonts-hanazono unpacked (`apt-get download fonts-hanazono && dpkg-deb -x ...`):

    python referee/fonts/build_fallback.py /path/to/HanaMinA.ttf /path/to/HanaMinB.ttf

It keeps CJK Unified Ideographs Extension A, the compatibility ideographs, the radicals and the few basic
ideographs missing from the main font (from HanaMinA), and all of Extension B (from HanaMinB); hinting and
layout tables are dropped (reportlab uses neither), and the merged font is renamed, as the Open Font Licence
asks of a modified font, and compressed with xz (about 10 MB, 26 MB unpacked).
"""

from __future__ import annotations

import lzma
import sys
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).resolve().parent
MAIN_FONT = HERE / "wqy-microhei.ttc"
OUTPUT = HERE / "han-fallback.ttf.xz"
FAMILY = "TableRef Han Fallback"


def in_extension_a_and_friends(code: int) -> bool:
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF


def in_extension_b(code: int) -> bool:
    return 0x20000 <= code <= 0x2A6DF


def subset_font(source: Path, keep, covered: set[int], target: Path) -> None:
    font = TTFont(str(source))
    codes = [code for code in font.getBestCmap() if code not in covered and keep(code)]
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.glyph_names = False
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.drop_tables += ["GSUB", "GPOS", "vhea", "vmtx", "VORG", "FFTM"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codes)
    subsetter.subset(font)
    font.save(str(target))


def rename(font: TTFont) -> None:
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            names.removeNames(nameID=record.nameID)
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName("Regular", 2, 3, 1, 0x409)
    names.setName(f"{FAMILY}; derived from Hanazono Mincho 20170904", 3, 3, 1, 0x409)
    names.setName(FAMILY, 4, 3, 1, 0x409)
    names.setName(FAMILY.replace(" ", ""), 6, 3, 1, 0x409)


def main(hana_a: Path, hana_b: Path) -> None:
    covered = set(TTCollection(str(MAIN_FONT)).fonts[0].getBestCmap())
    with tempfile.TemporaryDirectory() as folder:
        part_a, part_b = Path(folder) / "a.ttf", Path(folder) / "b.ttf"
        subset_font(hana_a, in_extension_a_and_friends, covered, part_a)
        subset_font(hana_b, in_extension_b, covered, part_b)
        merged = Merger().merge([str(part_a), str(part_b)])
        rename(merged)
        unpacked = Path(folder) / "merged.ttf"
        merged.save(str(unpacked))
        OUTPUT.write_bytes(lzma.compress(unpacked.read_bytes(), preset=9 | lzma.PRESET_EXTREME))
    print(f"{OUTPUT.name}: {OUTPUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
