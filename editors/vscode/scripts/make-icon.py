#!/usr/bin/env python3
"""Draws the extension's marketplace icon, images/icon.png (128x128 RGBA), with the standard
library only: a rounded dark-blue tile holding a 9x9 grid with its 3x3 boxes, a few givens as
light squares and one clashing pair in red, the two cells a diagnostic would point at.

Run from editors/vscode: python3 scripts/make-icon.py
"""
import struct
import zlib

SIZE = 128
BACK = (24, 44, 84, 255)
GRID = (150, 170, 210, 255)
BOX = (235, 240, 250, 255)
GIVEN = (120, 170, 240, 255)
CLASH = (235, 80, 70, 255)
CLEAR = (0, 0, 0, 0)

MARGIN = 16
CELL = 10  # 9 cells of 10 px plus 4 box lines of 2 px and 6 cell lines of 1 px: 96 px.
GIVENS = [(0, 0), (0, 4), (1, 3), (2, 7), (3, 1), (4, 4), (4, 8), (5, 6), (6, 2), (7, 5), (8, 0), (8, 8)]
CLASHES = [(2, 1), (2, 5)]


def line_offsets():
    """The x (or y) where each line starts and its width: box lines 2 px, cell lines 1 px."""
    out, at = [], MARGIN
    for i in range(10):
        width = 2 if i % 3 == 0 else 1
        out.append((at, width))
        at += width + (CELL if i < 9 else 0)
    return out


def cell_origin(i, lines):
    at, width = lines[i]
    return at + width


def draw():
    px = [[CLEAR] * SIZE for _ in range(SIZE)]
    radius = 22
    for y in range(SIZE):
        for x in range(SIZE):
            dx = max(radius - x, 0, x - (SIZE - 1 - radius))
            dy = max(radius - y, 0, y - (SIZE - 1 - radius))
            if dx * dx + dy * dy <= radius * radius:
                px[y][x] = BACK
    lines = line_offsets()
    end = lines[-1][0] + lines[-1][1]
    for i, (at, width) in enumerate(lines):
        colour = BOX if i % 3 == 0 else GRID
        for t in range(at, at + width):
            for s in range(MARGIN, end):
                px[t][s] = colour
                px[s][t] = colour
    for cells, colour in ((GIVENS, GIVEN), (CLASHES, CLASH)):
        for r, c in cells:
            y0, x0 = cell_origin(r, lines), cell_origin(c, lines)
            for y in range(y0 + 2, y0 + CELL - 2):
                for x in range(x0 + 2, x0 + CELL - 2):
                    px[y][x] = colour
    return px


def png(px):
    raw = b"".join(b"\0" + bytes(v for p in row for v in p) for row in px)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    import os
    os.makedirs("images", exist_ok=True)
    with open("images/icon.png", "wb") as f:
        f.write(png(draw()))
