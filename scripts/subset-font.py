#!/usr/bin/env python3
"""Make the self-hosted font: Inter Tight, weights 300 to 700, Latin subset, woff2.

Reads the variable font shipped by the PyPI package `fontpkg-inter-tight`, keeps the Basic
Latin, Latin-1 and general punctuation ranges, limits its weight axis to 300-700 (the light
headings, and the text's 400-600 where the system has no San Francisco), and writes a woff2
(needs `fonttools` and `brotli`). Usage: subset-font.py OUTPUT.woff2
"""
import pathlib
import sys

import fontpkg_inter_tight
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

WEIGHTS = (300, 700)  # as `heading_font_weights` in Templates/tokens.yml says
LATIN = "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+2074,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: subset-font.py OUTPUT.woff2")
    files = pathlib.Path(fontpkg_inter_tight.__file__).parent / "files"
    source = next(p for p in files.glob("InterTight*.ttf") if "Italic" not in p.name)
    # Read whole: fontTools's lazy tables cannot subset the variations of a variable font.
    font = TTFont(source, recalcTimestamp=False, lazy=False)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["kern", "liga", "calt", "tnum", "case"]
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(LATIN))
    subsetter.subset(font)
    font = instancer.instantiateVariableFont(font, {"wght": WEIGHTS})
    output = pathlib.Path(sys.argv[1])
    output.parent.mkdir(parents=True, exist_ok=True)
    temporary = output.with_suffix(".tmp")
    font.flavor = "woff2"
    font.save(temporary)
    temporary.replace(output)


if __name__ == "__main__":
    main()
