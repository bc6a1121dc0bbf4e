//! The `.sudoku` format reader: a line classifier and grid reader that never fails.
//!
//! [`parse`] returns every puzzle it could read plus the findings of the reader (syntax errors,
//! unknown directives, box-shape information); every cell keeps its byte range in the text.
//! [`decode`] turns raw bytes into text or one `encoding` finding.
//!
//! # How doubtful cases are read
//!
//! FORMAT.md is the contract; where it leaves a choice, the reader decides as follows.
//!
//! - **Comments**: `#` at the start of a line or after whitespace; `//` after whitespace that
//!   follows some content of a non-directive line (so `@url https://...` keeps its value).
//! - **Paragraphs and directives**: directives attach to the next puzzle of their paragraph (in a
//!   collection, to the next one-liner only). Directives after the last puzzle of a paragraph (an
//!   `@solution` under its grid) attach to that puzzle, but come too late to change its size,
//!   box or alphabet. Directive paragraphs before the first puzzle are the file's defaults; a
//!   directive-only paragraph between puzzles belongs to none (its keys are still checked).
//! - **One-liner or grid row**: a content line whose first field holds more than 25 cells is a
//!   one-liner (with `row-length` when the count is not `N*N` for its size: the declared
//!   `@size`, else the size whose `N*N` is nearest). A first field of exactly 16 cells is a 4x4
//!   one-liner unless the paragraph is under `@size 16` or holds exactly sixteen such lines.
//!   A line that is mostly not cells is an `unrecognized-line`, however long.
//! - **Grid size**: `@size` if given; else the size for which most lines read as a full row of
//!   valid cells (ties: the size equal to the number of rows, then the larger). `@symbols`
//!   gives the alphabet (and, for the 16-line rule, a size) but a grid's rows still decide its
//!   size; an alphabet of another length is reported and the default one used.
//! - **Rows**: a line that reads as `N` valid cells is a row, even all blanks (`---------`);
//!   otherwise a separator line (border characters, three strokes) is skipped; otherwise a line
//!   more than half made of cells is a row with errors (`invalid-symbol`, `row-length`); any
//!   other line is an `unrecognized-line`. Extra rows past `N` give `row-count` and are not read.
//! - **Numbered rows**: only for sizes above 9 with the default alphabet; once one row of a grid
//!   is a full row of numbers with a two-digit one, every row made of numbers and blanks is read
//!   as numbers, except a row that is a full row one character a cell and not a full row of
//!   numbers (digit groups such as `123 456 789 111`).
//! - **Rating**: the puzzle's own `@rating`, else the first token of a one-liner's trailing
//!   field that is `KEY=VALUE`/`KEY:VALUE` with a rating key (`rating`, `r`, `se`, `er`, `ep`,
//!   `ed`, `diff`, `difficulty`), or a bare decimal number below 100, optionally with
//!   `/`-separated parts (`11.9`, `9.1/9.1/8.3`; a bare `2` is an id), else a file-wide
//!   `@rating`.
//! - **box-shape**: said for a puzzle whose non-square box was assumed (no valid `@box`), when
//!   its shape differs from the previous puzzle's; so a file of 6x6 puzzles hears it once.
//! - **Bad directive values** (`@size 7`, `@box 2-3`, an `@box` or `@symbols` that does not fit
//!   the puzzle) are `unknown-directive` warnings on the value, once per directive.
//! - **Huge files**: after 1000 `unrecognized-line` findings one more sums up the rest.

use std::sync::{Arc, OnceLock};

use crate::finding::{Code, Finding};
use crate::grid::{Grid, Shape};
use crate::text::TextRange;

mod cells;
mod directive;
mod encoding;
#[cfg(test)]
mod fuzz_tests;
mod lines;
#[cfg(test)]
mod piece_tests;
mod reader;
mod src;
#[cfg(test)]
mod tests;

/// How a puzzle was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One line holding all `N*N` cells, optionally followed by a trailing field.
    OneLiner,
    /// `N` rows of `N` cells in one paragraph.
    Grid,
}

/// The symbols of a puzzle in value order: `symbols[d - 1]` writes digit `d`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    /// Shared: a collection's million puzzles hold one or two alphabets between them.
    pub symbols: Arc<[char]>,
}

/// The widest default alphabet.
const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Alphabet {
    pub fn new(symbols: &[char]) -> Self {
        Alphabet {
            symbols: symbols.into(),
        }
    }

    /// `1`-`9` then `A`-`Z`, the first `n` of them (built once per `n`).
    pub fn default_for(n: usize) -> Self {
        static DEFAULTS: OnceLock<Vec<Arc<[char]>>> = OnceLock::new();
        let all = DEFAULTS.get_or_init(|| {
            (0..=DEFAULT_SYMBOLS.len())
                .map(|k| DEFAULT_SYMBOLS.chars().take(k).collect())
                .collect()
        });
        let symbols = all
            .get(n)
            .or(all.last())
            .map_or_else(|| Arc::from([]), Arc::clone);
        Alphabet { symbols }
    }

    /// The digit a symbol stands for (letters case-insensitive), or `None`.
    pub fn value_of(&self, ch: char) -> Option<u8> {
        self.symbols
            .iter()
            .position(|&s| s == ch || s.eq_ignore_ascii_case(&ch))
            .map(|i| i as u8 + 1)
    }

    /// The character that writes digit `d` (1-based); `?` when out of range.
    pub fn symbol(&self, d: u8) -> char {
        self.symbols
            .get((d as usize).wrapping_sub(1))
            .copied()
            .unwrap_or('?')
    }

    /// Writes a grid's values on one line in this alphabet (`.` for an empty cell).
    pub fn line(&self, values: &[u8]) -> String {
        if self.symbols.iter().all(char::is_ascii) {
            // Every alphabet but the rarest: one byte a cell through a table, no encoding.
            let mut table = [b'?'; 256];
            table[0] = b'.';
            for (i, &ch) in self.symbols.iter().enumerate().take(255) {
                table[i + 1] = ch as u8;
            }
            let bytes: Vec<u8> = values.iter().map(|&v| table[v as usize]).collect();
            return String::from_utf8(bytes).unwrap_or_default();
        }
        values
            .iter()
            .map(|&v| if v == 0 { '.' } else { self.symbol(v) })
            .collect()
    }
}

/// One `@key value` line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Directive {
    /// The key, lower-cased, without the `@`.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// The whole directive line (without its terminator).
    pub range: TextRange,
    /// The value's range.
    pub value_range: TextRange,
}

/// The directives that apply to one puzzle: the file's defaults followed by its own, so a later
/// directive with the same key wins.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Directives {
    pub all: Vec<Directive>,
}

impl Directives {
    /// The last directive with `key`.
    pub fn get(&self, key: &str) -> Option<&Directive> {
        self.all.iter().rev().find(|d| d.key == key)
    }

    /// Every code named by the `@allow` directives (file-wide and the puzzle's own).
    pub fn allowed(&self) -> impl Iterator<Item = &str> {
        self.all
            .iter()
            .filter(|d| d.key == "allow")
            .flat_map(|d| d.value.split(|c: char| c.is_whitespace() || c == ','))
            .filter(|s| !s.is_empty())
    }

    pub fn allows(&self, code: Code) -> bool {
        self.allowed().any(|c| c == code.as_str())
    }
}

/// One puzzle as read from the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// 0-based position of the puzzle in its file.
    pub index: usize,
    pub layout: Layout,
    pub shape: Shape,
    pub alphabet: Alphabet,
    /// `size * size` values in reading order: `0` for a blank (and for an invalid symbol or a
    /// missing cell), else the digit.
    pub givens: Vec<u8>,
    /// The byte range of each cell's text, `size * size` of them. A cell missing from a short
    /// row or a missing row gets an empty range at the end of the text read for it.
    pub cells: Cells,
    /// For each row, whether it is written as numbers (`10 . 3 16 ...`); a filled-in cell in
    /// such a row is written as a number.
    pub numbered_rows: Vec<bool>,
    /// The first grid line (the one-liner's line), without its terminator: where puzzle-wide
    /// findings sit.
    pub first_line: TextRange,
    /// From the start of the first grid line to the end of the last one.
    pub range: TextRange,
    /// The trailing field after a one-liner's cells (comment excluded), if any.
    pub trailing: Option<TextRange>,
    /// The declared rating: `@rating`, or a rating in a one-liner's trailing field.
    pub rating: Option<String>,
    /// File defaults followed by the puzzle's own directives.
    pub directives: Directives,
    /// True when the reader reported `invalid-symbol`, `row-length` or `row-count` for this
    /// puzzle: it is still checked cell by cell but gets no verdict.
    pub has_syntax_error: bool,
}

impl Puzzle {
    pub fn grid(&self) -> Grid {
        Grid {
            shape: self.shape,
            values: self.givens.clone(),
        }
    }

    /// The cell whose text contains `offset`, or ends at it.
    pub fn cell_at(&self, offset: usize) -> Option<usize> {
        self.cells
            .iter()
            .position(|r| r.contains(offset))
            .or_else(|| {
                self.cells
                    .iter()
                    .position(|r| !r.is_empty() && r.end == offset)
            })
    }

    /// The text that writes digit `d` in `cell`, in the notation of the cell's row.
    pub fn write_digit(&self, cell: usize, d: u8) -> String {
        let row = self.shape.row(cell);
        if self.numbered_rows.get(row).copied().unwrap_or(false) {
            d.to_string()
        } else {
            self.alphabet.symbol(d).to_string()
        }
    }
}

/// What the reader made of a file.
#[derive(Clone, Debug, Default)]
pub struct ParsedFile {
    pub puzzles: Vec<Puzzle>,
    /// The reader's findings, each with its puzzle index when it is about one puzzle.
    pub findings: Vec<Finding>,
    /// The file-wide default directives.
    pub defaults: Directives,
}

/// Turns a file's bytes into text: skips a UTF-8 byte-order mark; a UTF-16 byte-order mark or
/// bytes that are not UTF-8 give one `encoding` finding instead. Returns the text and the
/// number of bytes skipped at the start (3 for a BOM), which offsets into the text are
/// relative to.
pub fn decode(bytes: &[u8]) -> Result<(&str, usize), Finding> {
    encoding::decode(bytes)
}

/// Reads every puzzle of a text. Never fails: what cannot be read becomes a finding.
pub fn parse(text: &str) -> ParsedFile {
    reader::parse(text)
}

pub use cells::Cells;
pub use reader::ReaderState;
pub use src::Src;

/// Reads one piece of a long text (see [`pieces`]), continuing from `state`; ranges point into
/// the whole `text`. Reading every piece in order gives the same puzzles and findings as
/// [`parse`], without holding them all at once. `last` marks the final piece.
pub fn parse_piece(
    text: &str,
    piece: TextRange,
    state: &mut ReaderState,
    last: bool,
) -> ParsedFile {
    reader::parse_piece(Src::whole(text), piece, state, last)
}

/// [`parse_piece`] on a window onto a longer text: `window` is the text from byte `base` of the
/// whole text on, and must hold the piece and, unless the piece is the last, at least the first
/// byte after it. Ranges point into the whole text.
pub fn parse_window(
    window: &str,
    base: usize,
    piece: TextRange,
    state: &mut ReaderState,
    last: bool,
) -> ParsedFile {
    reader::parse_piece(Src::window(window, base), piece, state, last)
}

/// A line whose first field is the cells of a whole puzzle of size 6 or more in the default
/// alphabet: never a grid row (those hold at most 25 cells), a separator (no digit) or a
/// directive.
fn is_plain_one_liner(line: &str) -> bool {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let field = line.split([' ', '\t']).next().unwrap_or("");
    matches!(field.len(), 36 | 64 | 81 | 144 | 256 | 625)
        && field.bytes().any(|b| (b'1'..=b'9').contains(&b))
        && field
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'*' | b'-'))
}

/// Whether more than half of a plain one-liner's cells are blank marks, which every alphabet
/// reads as cells: then the line is a puzzle whatever the alphabet in force, never an
/// `unrecognized-line`. A piece must start with a puzzle, or directives closing its first
/// paragraph would not find the puzzle they belong to (it sits in the piece before).
fn is_mostly_blank(line: &str) -> bool {
    let field = line.split([' ', '\t', '\r']).next().unwrap_or("");
    let blanks = field
        .bytes()
        .filter(|&b| matches!(b, b'.' | b'0' | b'_' | b'-' | b'x' | b'X' | b'*'))
        .count();
    blanks * 2 > field.len()
}

/// Cuts a text into pieces that can be read one after another with [`parse_piece`], giving the
/// same puzzles and findings as [`parse`] without holding them all at once.
///
/// A cut is made only between two plain one-liners (a first field of 36 or more cells, one of
/// them a digit), the second mostly blanks, since such a line is a whole puzzle whatever its
/// neighbours are: grids and directive blocks are never split, nor a paragraph after a line
/// that changes how its later lines read; a text without such places is one piece.
/// Where to cut depends on the text around the cut, not on its position: the second line's hash
/// must be 0 modulo 512, once the piece is at least 8 KiB long (and always at 256 KiB). An edit
/// then changes only the piece it falls in; every other piece keeps its exact text, so an editor
/// can reuse what it read of them before.
/// The piece sizes of [`content_pieces`]: a cut needs at least the first, and is forced at the
/// second.
const MIN_PIECE: usize = 8 * 1024;
const MAX_PIECE: usize = 256 * 1024;

pub fn content_pieces(text: &str) -> Vec<TextRange> {
    cut_pieces(text, MIN_PIECE, MAX_PIECE)
}

/// [`content_pieces`] with the piece sizes as parameters (tests cut small texts finely).
pub(crate) fn cut_pieces(text: &str, min_piece: usize, max_piece: usize) -> Vec<TextRange> {
    let mut cutter = Cutter::with_sizes(min_piece, max_piece);
    let mut out = Vec::new();
    let whole = Src::whole(text);
    loop {
        let start = cutter.piece_start();
        match cutter.next_cut(whole, true) {
            Some(cut) => out.push(TextRange::new(start, cut)),
            None => {
                out.push(TextRange::new(start, text.len()));
                return out;
            }
        }
    }
}

/// The cuts of [`content_pieces`] found one at a time, in a text that may arrive in parts:
/// `check` reads a long file through a window and cuts it as it goes, exactly where
/// `content_pieces` would have cut the whole text.
#[derive(Clone, Debug)]
pub struct Cutter {
    min_piece: usize,
    max_piece: usize,
    /// Where the current piece starts.
    start: usize,
    /// The line before `line_start`, whole.
    prev_line: TextRange,
    /// The next line to look at.
    line_start: usize,
    /// The paragraph being read holds, since the piece started, a line that changes how its
    /// later lines read (see [`holds_context`]): no cut until a blank line ends it.
    held: bool,
}

impl Default for Cutter {
    fn default() -> Self {
        Cutter::with_sizes(MIN_PIECE, MAX_PIECE)
    }
}

impl Cutter {
    fn with_sizes(min_piece: usize, max_piece: usize) -> Self {
        Cutter {
            min_piece,
            max_piece,
            start: 0,
            prev_line: TextRange::empty(0),
            line_start: 0,
            held: false,
        }
    }

    /// Where the piece being cut starts.
    pub fn piece_start(&self) -> usize {
        self.start
    }

    /// Looks at the whole lines of `window` from where the last call stopped, and returns the
    /// end of the current piece (where the next one starts) when it finds a cut. `None` when
    /// there is none in the window: read more text, or, when `at_end` (the window reaches the
    /// end of the whole text), the rest of the text is the last piece.
    pub fn next_cut(&mut self, window: Src<'_>, at_end: bool) -> Option<usize> {
        let end = window.end();
        while self.line_start < end {
            let rest = window.get(self.line_start..end)?;
            // `find` on a char is memchr; the cheap tests come first, so most lines cost no
            // more.
            let line_end = match rest.find('\n') {
                Some(i) => self.line_start + i,
                None if at_end => end,
                // A line not read to its end yet.
                None => return None,
            };
            let line = &rest[..line_end - self.line_start];
            let plain = is_plain_one_liner(line);
            if !plain {
                // A plain one-liner neither ends a paragraph nor changes how others read.
                let next = (line_end + 1).min(end);
                self.held = match lines::lines_in(window, self.line_start, next).next() {
                    Some(ln) if ln.kind == lines::Kind::Blank => false,
                    Some(ln) => self.held || holds_context(window, &ln),
                    None => self.held,
                };
            }
            let size = self.line_start - self.start;
            let cut = size >= self.min_piece
                && (size >= self.max_piece || line_hash(line) % 512 == 0)
                && !self.held
                && self.prev_line.start >= self.start
                && !self.prev_line.is_empty()
                && window
                    .get(self.prev_line.as_range())
                    .is_some_and(is_plain_one_liner)
                && plain
                && is_mostly_blank(line);
            let line_start = self.line_start;
            self.prev_line = TextRange::new(line_start, line_end);
            self.line_start = line_end + 1;
            if cut {
                self.start = line_start;
                return Some(line_start);
            }
        }
        None
    }
}

/// Whether a line changes how the later lines of its paragraph read, so that a cut after it
/// would read them otherwise than the whole text does: an `@size` or `@symbols` directive (the
/// size the paragraph is under for the 16-cell rule), or a line of 16 cells (whether such lines
/// are 4x4 one-liners or rows of a 16x16 grid depends on how many the paragraph holds).
fn holds_context(text: Src<'_>, ln: &lines::Ln) -> bool {
    match ln.kind {
        lines::Kind::Directive => {
            let key = directive::read(text, ln.full, ln.body).key;
            key == "size" || key == "symbols"
        }
        lines::Kind::Content if ln.plain => ln.body.len() == 16,
        lines::Kind::Content => lines::count_cells(text, lines::first_field(text, ln.body).0) == 16,
        lines::Kind::Blank | lines::Kind::Comment => false,
    }
}

/// FNV-1a: cheap, and stable across runs and machines, so the same text always cuts the same.
fn line_hash(line: &str) -> u64 {
    line.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Puzzle {
    /// The same puzzle moved: ranges from `from` on move by `delta` bytes and the index by
    /// `index_delta`. Ranges before `from` (the file's default directives, when a piece after
    /// them moves) stay.
    pub fn moved(&self, from: usize, delta: isize, index_delta: isize) -> Puzzle {
        let mv = |r: TextRange| r.moved_from(from, delta);
        let mut p = self.clone();
        p.index = p.index.saturating_add_signed(index_delta);
        p.cells = self.cells.moved_from(from, delta);
        p.first_line = mv(p.first_line);
        p.range = mv(p.range);
        p.trailing = p.trailing.map(mv);
        for d in &mut p.directives.all {
            d.range = mv(d.range);
            d.value_range = mv(d.value_range);
        }
        p
    }
}
