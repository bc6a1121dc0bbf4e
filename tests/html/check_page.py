"""Checks one `explain --format html` page as headless Chromium showed it (tests/html/run.sh).

Arguments: the work folder, the page's name, Chromium's log. The folder holds NAME.html (the
page), NAME.json (`explain --format json` of the same file), NAME.lines (the file as
`convert --to line --lossy` writes it, for the givens), NAME.dom and NAME.noscript.dom (the DOM
after loading, with scripts on and off) and NAME.png (a screenshot). Prints what it checked;
exits 1 with the reasons when something is wrong.
"""

import json
import re
import struct
import sys
import zlib
from html.parser import HTMLParser

work, name, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
problems = []


def problem(text):
    problems.append(text)


class Page(HTMLParser):
    """The page's sections, steps and SVG elements with their data- attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections = []  # each: {"class", "steps": [...], "nav_hidden", "start": [...]}
        self.stack = []
        self.text_of = None
        self.external = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.stack.append(tag)
        for key in ("src", "href", "srcset", "data", "poster", "action"):
            if key in a:
                self.external.append((tag, key, a[key]))
        if tag == "section" and "puzzle" in (a.get("class") or "").split():
            self.sections.append(
                {"class": a.get("class", ""), "steps": [], "nav_hidden": None, "start": []}
            )
        elif not self.sections:
            return
        section = self.sections[-1]
        if tag == "li" and "step" in (a.get("class") or "").split():
            section["steps"].append({"class": a.get("class", ""), "marks": [], "svgs": 0})
        elif tag == "div" and "nav" in (a.get("class") or "").split():
            section["nav_hidden"] = "hidden" in a
        elif tag == "svg":
            if section["steps"]:
                section["steps"][-1]["svgs"] += 1
        if "data-role" in a:
            mark = {
                "tag": tag,
                "role": a["data-role"],
                "cell": a.get("data-cell"),
                "digit": a.get("data-digit"),
                "text": "",
            }
            where = section["steps"][-1]["marks"] if section["steps"] else section["start"]
            where.append(mark)
            if tag == "text":
                self.text_of = mark

    def handle_endtag(self, tag):
        if self.stack:
            self.stack.pop()
        if tag == "text":
            self.text_of = None

    def handle_data(self, data):
        if self.text_of is not None:
            self.text_of["text"] += data


def parse(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    return page


def givens_of(lines_path):
    """Per puzzle, its givens {cell name: symbol}, from `convert --to line --lossy`: one
    puzzle a line, `.` blank (a pencil-mark puzzle's solved cells are its givens)."""
    puzzles = []
    for line in open(lines_path, encoding="utf-8"):
        cells = line.split()[0] if line.strip() else ""
        n = int(round(len(cells) ** 0.5))
        if not cells or n * n != len(cells):
            continue
        puzzles.append(
            {f"r{i // n + 1}c{i % n + 1}": ch for i, ch in enumerate(cells) if ch not in ".0"}
        )
    return puzzles


def decode_png(path):
    """Width, height and rows of pixels (tuples of channel bytes) of an 8-bit RGB(A) PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = prev[i]
            ul = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + left) & 255
            elif f == 2:
                line[i] = (line[i] + up) & 255
            elif f == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif f == 4:
                p = left + up - ul
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - ul)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else ul)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


doc = json.load(open(f"{work}/{name}.json", encoding="utf-8"))
puzzles = [p for f in doc["files"] for p in f["puzzles"]]
page = parse(f"{work}/{name}.dom")
off = parse(f"{work}/{name}.noscript.dom")
source = parse(f"{work}/{name}.html")
givens = givens_of(f"{work}/{name}.lines")

if len(page.sections) != len(puzzles):
    problem(f"{len(page.sections)} sections for {len(puzzles)} puzzles")
if len(givens) != len(puzzles):
    problem(f"the test read {len(givens)} puzzles from the file, explain {len(puzzles)}")
if source.external:
    problem(f"the page refers to other resources: {source.external[:5]}")

steps_checked = marks_checked = 0
for k, (section, puzzle) in enumerate(zip(page.sections, puzzles)):
    where = f"puzzle {k + 1}"
    steps = section["steps"]
    if len(steps) != len(puzzle["steps"]):
        problem(f"{where}: {len(steps)} steps on the page, {len(puzzle['steps'])} in the JSON")
        continue
    # The script ran: one step shown, the navigation visible.
    if steps:
        shown = [i for i, s in enumerate(steps) if "current" in s["class"].split()]
        if shown != [0] or "paged" not in section["class"].split() or section["nav_hidden"]:
            problem(f"{where}: the script did not page the steps ({shown}, {section['class']!r})")
    # The givens are in their cells, in the first picture.
    first = steps[0]["marks"] if steps else section["start"]
    drawn = {m["cell"]: m["text"] for m in first if m["role"] == "given"}
    if k < len(givens) and drawn != givens[k]:
        missing = {c: v for c, v in givens[k].items() if drawn.get(c) != v}
        extra = {c: v for c, v in drawn.items() if givens[k].get(c) != v}
        problem(f"{where}: givens differ: missing {missing}, extra {extra}")
    size = puzzle["size"]
    for i, (step, want) in enumerate(zip(steps, puzzle["steps"])):
        if size <= 16 and step["svgs"] != 1:
            problem(f"{where} step {i + 1}: {step['svgs']} pictures")
            continue
        if step["svgs"] == 0:
            continue
        # Each struck candidate and placed digit, as (cell, symbol), against the JSON step.
        struck = sorted((m["cell"], m["text"]) for m in step["marks"] if m["role"] == "elimination")
        placed = sorted((m["cell"], m["text"]) for m in step["marks"] if m["role"] == "placement")
        want_struck = sorted((e["cell"], d) for e in want["eliminations"] for d in e["digits"])
        want_placed = sorted((p["cell"], p["digit"]) for p in want["placements"])
        if struck != want_struck:
            problem(f"{where} step {i + 1}: struck {struck}, the JSON removes {want_struck}")
        if placed != want_placed:
            problem(f"{where} step {i + 1}: placed {placed}, the JSON places {want_placed}")
        steps_checked += 1
        marks_checked += len(struck) + len(placed)

# With scripts off every step is shown and the navigation stays hidden.
for k, section in enumerate(off.sections):
    if any("current" in s["class"].split() for s in section["steps"]) or "paged" in section["class"]:
        problem(f"puzzle {k + 1}: with scripts off the steps are still paged")
    if section["steps"] and section["nav_hidden"] is not True:
        problem(f"puzzle {k + 1}: with scripts off the buttons show")

# The screenshot has ink: dark pixels and several colours.
width, height, bpp, rows = decode_png(f"{work}/{name}.png")
dark = colours = 0
seen = set()
for row in rows[::3]:
    for x in range(0, width * bpp, bpp * 3):
        px = row[x : x + 3]
        seen.add(px)
        if sum(px) < 3 * 128:
            dark += 1
samples = (len(rows[::3])) * len(range(0, width * bpp, bpp * 3))
if dark < samples // 200 or len(seen) < 8:
    problem(f"the screenshot looks blank: {dark} dark of {samples} samples, {len(seen)} colours")

# No console message, no refused load, no request.
log = open(log_path, encoding="utf-8", errors="replace").read()
for line in log.splitlines():
    if re.search(r"CONSOLE|Uncaught|Refused to|Content Security Policy|net::ERR_", line):
        problem(f"Chromium: {line.strip()[:300]}")

if problems:
    for p in problems[:40]:
        print(f"{name}: {p}", file=sys.stderr)
    sys.exit(1)
print(
    f"{name}: {len(page.sections)} puzzles, {steps_checked} steps' marks ({marks_checked}) as "
    f"the JSON says, scripts on and off, a {width}x{height} screenshot with ink, no console "
    f"message"
)
