//! The `.sudoku` format reader: a line classifier and grid reader that never fails.
//!
//! [`parse`] returns every puzzle it could read plus the findings of the reader (syntax errors,
//! unknown directives, box-shape information); every cell keeps its byte range in the text.
//! [`decode`] turns raw bytes into text or one `encoding` finding.
//!
//! `docs/format.md` is the contract: every layout, directive and code, and how the reader
//! decides the doubtful cases. The code that decides each case says so in a comment that points
//! there.
//!
//! Where things are:
//! - `reader.rs`: the paragraph driver; `Reader::read_as` sends each content line to a reader.
//! - `grid.rs`, `one_liner.rs`: the readers, one per notation (a new one goes beside them).
//! - `size.rs`: size inference; `settings.rs`: what `@size`, `@box` and `@symbols` settle.
//! - `alphabet.rs`: the alphabet and what each character of a cell means.
//! - `directive.rs`: reading `@key value` lines and the form of their values.
//! - `lines.rs`: lines, comments and character classes; `cells.rs`: the ranges of cells.
//! - `pieces.rs`: cutting a long text into pieces read one after another; `src.rs`: the text
//!   or a window onto it; `encoding.rs`: bytes to text, whole or in chunks.

use crate::finding::{Code, Finding};
use std::sync::Arc;

use crate::grid::{Grid, Mask, Shape};
use crate::text::TextRange;

mod alphabet;
mod cells;
mod directive;
mod encoding;
pub mod formats;
#[cfg(test)]
mod fuzz_tests;
mod grid;
mod lines;
mod one_liner;
pub mod outline;
mod pencil;
#[cfg(test)]
mod piece_tests;
mod pieces;
mod reader;
mod settings;
mod size;
mod src;
#[cfg(test)]
mod tests;

pub use alphabet::Alphabet;
pub use cells::Cells;
pub use directive::level_in;
pub use encoding::Decoder;
pub use lines::{Kind as LineKind, Ln as Line};
#[cfg(test)]
pub(crate) use pieces::cut_pieces;
pub use pieces::{content_pieces, Cutter};
pub use reader::ReaderState;
pub use src::Src;

/// How a puzzle was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One line holding all `N*N` cells, optionally followed by a trailing field.
    OneLiner,
    /// `N` rows of `N` cells in one paragraph.
    Grid,
    /// A pencil-mark grid: `N` rows of `N` whitespace-separated tokens, each a solved cell, a
    /// set of candidates, or a cell with no marks.
    PencilGrid,
    /// A candidate line: one line of `N*N*N` characters, `N` a cell.
    CandidateLine,
}

/// What a pencil-mark puzzle (a solving state) holds beyond its solved cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PencilMarks {
    /// Each cell's marks: the bit of its digit for a solved cell, its set for a cell with
    /// candidates, every digit for a cell written with no marks. The digits of solved peers are
    /// not taken out here; [`PencilMarks::allowed`] does that.
    pub candidates: Vec<Mask>,
    /// Which solved cells hold a digit placed after the start (`+5` in a pencil-mark grid, an
    /// `.sdx` `u`, an `.ss` `I` line, an OpenSudoku editable cell) rather than a given; empty
    /// when none is. The checks treat a placed digit as a solved cell of the state; it is kept so
    /// that `convert` writes it back as placed.
    pub placed: Vec<bool>,
    /// The lines of a pencil-mark grid as written, for writing it back (empty for a candidate
    /// line, which is written back cell by cell).
    pub lines: Vec<PencilLine>,
}

impl PencilMarks {
    /// Whether `cell` holds a digit placed after the start.
    pub fn is_placed(&self, cell: usize) -> bool {
        self.placed.get(cell).copied().unwrap_or(false)
    }

    /// Each cell's candidates as the state has them: its marks minus the digits its solved
    /// peers hold (a solved cell keeps its own digit).
    pub fn allowed(&self, grid: &Grid) -> Vec<Mask> {
        grid.candidates()
            .into_iter()
            .zip(&self.candidates)
            .map(|(a, &m)| a & m)
            .collect()
    }
}

/// One line of a pencil-mark grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PencilLine {
    /// Row `row` of the grid: the tokens and the text around them (`gaps[0]` before the first
    /// token, `gaps[i]` between token `i - 1` and token `i`, the last one after the last token).
    Row {
        body: TextRange,
        row: usize,
        tokens: Vec<String>,
        gaps: Vec<String>,
    },
    /// A frame line (`.---.---.`, `:---+---:`): redrawn to the rows' new widths.
    Frame { body: TextRange, text: String },
}

impl PencilLine {
    /// The line's text without its comment, as read.
    pub fn body(&self) -> TextRange {
        match self {
            PencilLine::Row { body, .. } | PencilLine::Frame { body, .. } => *body,
        }
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

    /// Whether an `@allow` names `code`.
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
    /// The candidates of a pencil-mark puzzle (a solving state), `None` for a plain puzzle.
    pub pencil: Option<Arc<PencilMarks>>,
    /// Where the solution of a puzzle read from a table row goes (its solution field, or a
    /// new one): `solve --write` and the fill assists write there, never into its cells.
    /// `None` for every other puzzle.
    pub slot: Option<Arc<formats::SolutionSlot>>,
}

/// How messages name the puzzle at 0-based `index`: `puzzle 3`, or `puzzle 3 (0000183b2e0f4c7d)`
/// with its id.
pub fn puzzle_label(index: usize, id: Option<&str>) -> String {
    match id {
        Some(id) => format!("puzzle {} ({id})", index + 1),
        None => format!("puzzle {}", index + 1),
    }
}

impl Puzzle {
    /// The puzzle's id (`@id`, a table's `id` column, a bank line's leading token), if any.
    pub fn id(&self) -> Option<&str> {
        self.directives
            .get("id")
            .map(|d| d.value.trim())
            .filter(|v| !v.is_empty())
    }

    /// How messages name the puzzle ([`puzzle_label`]).
    pub fn label(&self) -> String {
        puzzle_label(self.index, self.id())
    }

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
        if let Some(slot) = &mut p.slot {
            let s = Arc::make_mut(slot);
            s.range = mv(s.range);
            s.header_end = s.header_end.map(|e| mv(TextRange::empty(e)).start);
        }
        if let Some(pm) = &mut p.pencil {
            for line in &mut Arc::make_mut(pm).lines {
                match line {
                    PencilLine::Row { body, .. } | PencilLine::Frame { body, .. } => {
                        *body = mv(*body)
                    }
                }
            }
        }
        for d in &mut p.directives.all {
            d.range = mv(d.range);
            d.value_range = mv(d.value_range);
        }
        p
    }

    /// Each cell's marks when the puzzle is a pencil-mark puzzle (see [`PencilMarks`]).
    pub fn candidates(&self) -> Option<&[Mask]> {
        self.pencil.as_deref().map(|pm| pm.candidates.as_slice())
    }

    /// The puzzle's givens as a grid model.
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

/// Every line of `text`, classified as the reader classifies it (blank, comment, directive,
/// content), with its body (the line without its comment, trimmed). A text ending with a line
/// terminator ends with an empty line.
pub fn lines(text: &str) -> impl Iterator<Item = Line> + '_ {
    lines::lines_in(Src::whole(text), 0, text.len())
}

/// Whether a line's body is a separator line as the grid reader skips it
/// (docs/format.md#grids): border characters and spaces only, with three strokes.
pub fn is_separator_line(body: &str) -> bool {
    lines::is_separator_like(body)
}

/// Whether `ch` is one of the format's blank characters (`.`, `0`, `_`, `-`, `x`, `X`, `*`).
pub fn is_blank_char(ch: char) -> bool {
    lines::is_blank(ch)
}

/// Reads every puzzle of a text. Never fails: what cannot be read becomes a finding.
pub fn parse(text: &str) -> ParsedFile {
    reader::parse(text)
}

/// Reads one piece of a long text (see [`content_pieces`]), continuing from `state`; ranges
/// point into the whole `text`. Reading every piece in order gives the same puzzles and findings
/// as [`parse`], without holding them all at once. `last` marks the final piece.
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
