//! The pencil-mark reader: solving states written out with their candidates
//! (docs/format.md#pencil-mark-grids).
//!
//! Two notations:
//! - a **pencil-mark grid**: `N` rows of `N` whitespace-separated tokens (`N` from 4 to 9), each
//!   one symbol (a solved cell), several symbols (its candidates) or `.`/`0` (no marks yet), with
//!   `|`, `│` and frame lines (`.---.---.`, `:---+---:`) as separators. Whether a paragraph is
//!   one is decided for the whole paragraph, before one-liners and size inference
//!   ([`Reader::pencil_size`]);
//! - a **candidate line**: `N*N*N` characters on one line, `N` a cell, the `d`-th showing symbol
//!   `d` while `d` is a candidate, else `.` or `0`.
//!
//! Every cell's range is its token (its `N` characters on a candidate line), so findings,
//! hovers and fills point at what was written.

use std::sync::Arc;

use super::alphabet::{CellText, Table};
use super::directive;
use super::lines::{self, is_separator_like, is_space, Kind, Ln};
use super::reader::{new_puzzle, Reader};
use super::{Directive, Layout, PencilLine, PencilMarks, Puzzle};
use crate::finding::{Code, Finding, Related, Severity};
use crate::grid::{bit, full_mask, Mask};
use crate::text::TextRange;

/// A paragraph with more content lines than this is no pencil-mark grid (9 rows, 4 frames and
/// a few stray lines at most), so a collection of a million one-liners is not scanned for one.
const MAX_PENCIL_LINES: usize = 24;

/// The candidate-line sizes read without `@size 4` or `@candidates`: `N*N*N` characters that are
/// no one-liner's length. 64 characters are an 8x8 one-liner unless told otherwise.
const CANDIDATE_LINE_SIZES: [usize; 3] = [9, 8, 6];

/// Characters that separate the tokens of a pencil-mark row (besides whitespace).
fn is_pipe(ch: char) -> bool {
    matches!(ch, '|' | '│' | '┃' | '║')
}

/// The size of a candidate line of `k` characters, if it is one: `N*N*N` for `N` of 9, 8 or 6
/// (unless another size is declared), or 64 for 4x4 under `@size 4` or `@candidates`.
pub(super) fn candidate_line_size(k: usize, under: Option<usize>, marked: bool) -> Option<usize> {
    if k == 64 && (under == Some(4) || marked) {
        return Some(4);
    }
    CANDIDATE_LINE_SIZES
        .into_iter()
        .find(|&n| n * n * n == k && under.is_none_or(|u| u == n))
}

/// What a row's token holds.
enum Token {
    Solved(u8),
    Marks(Mask),
    /// `.` or `0`: no marks, every candidate its solved peers allow.
    NoMarks,
    /// A character that is no symbol (the first one).
    Invalid(char),
}

impl<'t> Reader<'t> {
    /// The tokens of a pencil-mark row: runs of characters between whitespace and pipes.
    fn tokens(&self, body: TextRange) -> Vec<TextRange> {
        let s = self.slice(body);
        let mut out = Vec::new();
        let mut start = None;
        for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
            let sep = is_space(ch) || is_pipe(ch);
            match (sep, start) {
                (true, Some(st)) => {
                    out.push(TextRange::new(body.start + st, body.start + i));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        out
    }

    /// Whether `@candidates` marks this paragraph's puzzle: in the paragraph or among the file's
    /// defaults.
    pub(super) fn marked_candidates(&self, para: &[Ln]) -> bool {
        self.out.defaults.get("candidates").is_some()
            || para.iter().take(MAX_PENCIL_LINES * 2).any(|ln| {
                ln.kind == Kind::Directive
                    && directive::read(self.text, ln.full, ln.body).key == "candidates"
            })
    }

    /// The size `N` when the paragraph is a pencil-mark grid, decided for the whole paragraph
    /// before one-liners and size inference (docs/format.md#pencil-mark-grids): most of its
    /// rows (lines other than frames) hold `N` tokens, `N` from 4 to 9, and about `N` rows there
    /// are; and some token has two or more symbols, unless `@candidates` marks it. `under` is the
    /// size declared for it, which must then be `N`.
    pub(super) fn pencil_size(
        &self,
        para: &[Ln],
        marked: bool,
        under: Option<usize>,
    ) -> Option<usize> {
        let mut counts = [0usize; 10];
        let (mut rows, mut content, mut multi) = (0usize, 0usize, false);
        for ln in para.iter().filter(|l| l.kind == Kind::Content) {
            content += 1;
            if content > MAX_PENCIL_LINES {
                return None;
            }
            if ln.plain {
                // Digits and dots with no space: one token, no row of 4 or more.
                rows += 1;
                continue;
            }
            if is_separator_like(self.slice(ln.body)) {
                continue;
            }
            rows += 1;
            let toks = self.tokens(ln.body);
            if let Some(c) = counts.get_mut(toks.len()) {
                *c += 1;
            }
            multi |= toks.iter().any(|t| self.slice(*t).chars().nth(1).is_some());
        }
        let n = (4..=9).max_by_key(|&n| (counts[n], n))?;
        let fits = counts[n] * 2 > rows && under.is_none_or(|u| u == n);
        let shaped = marked || (multi && rows + 1 >= n && rows <= n + 1);
        (fits && shaped).then_some(n)
    }

    /// Reads a pencil-mark grid of size `n` from a paragraph's content lines: frames are
    /// skipped, lines of tokens are rows, anything else is an `unrecognized-line`.
    pub(super) fn pencil_grid(&mut self, seg: &[Ln], own: Vec<Directive>, n: usize) {
        let st = self.settings(&own);
        let guess = Table::new(&st.guess_alphabet(n));
        // Each line: a frame (None) or a row's tokens; strays are reported below.
        let mut lines: Vec<(Ln, Option<Vec<TextRange>>)> = Vec::new();
        let mut stray = Vec::new();
        for ln in seg {
            if is_separator_like(self.slice(ln.body)) {
                lines.push((*ln, None));
                continue;
            }
            let toks = self.tokens(ln.body);
            let (mut valid, mut all) = (0usize, 0usize);
            for t in &toks {
                for ch in self.slice(*t).chars() {
                    all += 1;
                    valid += usize::from(guess.valid(ch));
                }
            }
            if toks.len() == n || (toks.len() >= 2 && valid * 2 > all) {
                lines.push((*ln, Some(toks)));
            } else {
                stray.push(*ln);
            }
        }
        let rows: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].1.is_some()).collect();
        let (Some(&first), Some(&last)) = (rows.first(), rows.last()) else {
            for ln in &stray {
                self.unrecognized(ln, not_a_row(n), None);
            }
            self.check_directives(&own, None);
            return;
        };
        let idx = self.next_index();
        for ln in &stray {
            self.unrecognized(ln, not_a_row(n), Some(idx));
        }
        let first_line = lines[first].0.full;
        let last_line = lines[last].0.full;
        let (shape, alphabet) = self.resolve(&st, n, idx, first_line);
        let table = Table::new(&alphabet);
        let mut p = new_puzzle(idx, Layout::PencilGrid, shape, alphabet, first_line, None);
        p.range = TextRange::new(first_line.start, last_line.end);
        let mut marks = vec![full_mask(n); n * n];
        let mut written = Vec::new();
        let mut r = 0;
        for (ln, toks) in &lines {
            let Some(toks) = toks else {
                let text = self.slice(ln.body).to_string();
                written.push(PencilLine::Frame {
                    body: ln.body,
                    text,
                });
                continue;
            };
            if r >= n {
                continue;
            }
            self.read_pencil_row(&mut p, &mut marks, r, ln, toks, &table);
            written.push(PencilLine::Row {
                body: ln.body,
                row: r,
                tokens: toks.iter().map(|t| self.slice(*t).to_string()).collect(),
                gaps: self.gaps(ln.body, toks),
            });
            r += 1;
        }
        let end = lines[last].0.body.end;
        for row in r..n {
            for c in 0..n {
                p.cells.set(shape.cell(row, c), TextRange::empty(end));
            }
        }
        if rows.len() != n {
            let f = Finding::new(
                Code::RowCount,
                p.first_line,
                format!(
                    "this {n}x{n} pencil-mark grid has {} rows of tokens; it needs {n}",
                    rows.len()
                ),
            )
            .with_related(vec![Related {
                message: "the grid's last row".to_string(),
                range: last_line,
            }]);
            self.syntax_error(&mut p, f);
        }
        p.pencil = Some(Arc::new(PencilMarks {
            candidates: marks,
            lines: written,
        }));
        self.push_puzzle(p, own, None);
    }

    /// The text around a row's tokens: before the first, between each two, after the last.
    fn gaps(&self, body: TextRange, toks: &[TextRange]) -> Vec<String> {
        let mut at = body.start;
        let mut out = Vec::with_capacity(toks.len() + 1);
        for t in toks {
            out.push(self.slice(TextRange::new(at, t.start)).to_string());
            at = t.end;
        }
        out.push(self.slice(TextRange::new(at, body.end)).to_string());
        out
    }

    /// Reads row `r` of a pencil-mark grid: each token's cell range, solved digit or marks, an
    /// `invalid-symbol` for a bad token, and `row-length` for a row of another number of tokens.
    fn read_pencil_row(
        &mut self,
        p: &mut Puzzle,
        marks: &mut [Mask],
        r: usize,
        ln: &Ln,
        toks: &[TextRange],
        table: &Table,
    ) {
        let n = p.shape.size;
        for (c, &range) in toks.iter().take(n).enumerate() {
            let cell = p.shape.cell(r, c);
            p.cells.set(cell, range);
            match token(self.slice(range), table) {
                Token::Solved(v) => {
                    p.givens[cell] = v;
                    marks[cell] = bit(v);
                }
                Token::Marks(m) => marks[cell] = m,
                Token::NoMarks => {}
                Token::Invalid(ch) => {
                    let f = bad_token(p, cell, self.slice(range), ch, range);
                    self.syntax_error(p, f);
                }
            }
        }
        for c in toks.len()..n {
            p.cells
                .set(p.shape.cell(r, c), TextRange::empty(ln.body.end));
        }
        if toks.len() != n {
            let k = toks.len();
            let f = Finding::new(
                Code::RowLength,
                ln.body,
                format!(
                    "row {} has {k} tokens; a {n}x{n} pencil-mark grid needs {n} in every row (one token a cell: a digit, its candidates, or `.`)",
                    r + 1
                ),
            );
            self.syntax_error(p, f);
        }
    }

    /// A candidate line of size `n`: `n*n*n` characters, `n` a cell.
    pub(super) fn candidate_line(&mut self, ln: &Ln, own: Vec<Directive>, n: usize) {
        let idx = self.next_index();
        let st = self.settings(&own);
        let (field, rest, _) = self.first_field(ln);
        let (shape, alphabet) = self.resolve(&st, n, idx, ln.full);
        let table = Table::new(&alphabet);
        let mut p = new_puzzle(idx, Layout::CandidateLine, shape, alphabet, ln.full, None);
        p.range = ln.full;
        let chars: Vec<(TextRange, char)> = lines::char_cells(self.text, field).collect();
        let mut marks = vec![0 as Mask; n * n];
        let mut bad = Vec::new();
        for (cell, group) in chars.chunks(n).take(n * n).enumerate() {
            let (Some(a), Some(b)) = (group.first(), group.last()) else {
                continue;
            };
            p.cells.set(cell, TextRange::new(a.0.start, b.0.end));
            let mut m: Mask = 0;
            let mut wrong = None;
            for (j, &(range, ch)) in group.iter().enumerate() {
                match table.get(ch) {
                    CellText::Given(v) if v as usize == j + 1 => m |= bit(v),
                    CellText::Blank => {}
                    CellText::Given(v) => {
                        wrong = wrong.or(Some((range, ch, format!("{ch} belongs at place {v} of the cell's {n} characters, not at place {}", j + 1))))
                    }
                    CellText::Invalid => {
                        wrong = wrong.or(Some((range, ch, "it is no symbol of the puzzle".to_string())))
                    }
                }
            }
            marks[cell] = m;
            if m.count_ones() == 1 {
                p.givens[cell] = m.trailing_zeros() as u8 + 1;
            }
            if let Some(w) = wrong {
                bad.push((cell, w));
            }
        }
        for (cell, (range, ch, why)) in bad {
            let name = p.shape.cell_name(cell);
            let mut f = Finding::new(
                Code::InvalidSymbol,
                range,
                format!("`{ch}` in {name} of this candidate line is not a candidate: {why}; each cell's {n} characters show symbol d at place d, or `.`"),
            )
            .in_puzzle(p.index);
            f.severity = Severity::Error;
            self.syntax_error(&mut p, f);
        }
        p.pencil = Some(Arc::new(PencilMarks {
            candidates: marks,
            lines: Vec::new(),
        }));
        let mut trailing_rating = None;
        if !rest.is_empty() {
            p.trailing = Some(rest);
            trailing_rating =
                directive::rating_in(self.text, rest).map(|r| self.slice(r).to_string());
        }
        self.push_puzzle(p, own, trailing_rating);
    }
}

/// What a token means under `table`: one symbol is a solved cell, a lone blank no marks, two or
/// more symbols the cell's candidates.
fn token(text: &str, table: &Table) -> Token {
    let mut chars = text.chars();
    let (Some(first), None) = (chars.next(), chars.next()) else {
        let mut m: Mask = 0;
        for ch in text.chars() {
            match table.get(ch) {
                CellText::Given(v) => m |= bit(v),
                _ => return Token::Invalid(ch),
            }
        }
        return Token::Marks(m);
    };
    match table.get(first) {
        CellText::Given(v) => Token::Solved(v),
        CellText::Blank => Token::NoMarks,
        CellText::Invalid => Token::Invalid(first),
    }
}

/// The `invalid-symbol` finding of a pencil-mark token with a character that is no symbol.
fn bad_token(p: &Puzzle, cell: usize, written: &str, ch: char, range: TextRange) -> Finding {
    let n = p.shape.size;
    let name = p.shape.cell_name(cell);
    let syms: String = p.alphabet.symbols.iter().collect();
    let shown: String = written.chars().take(12).collect();
    let mut f = Finding::new(
        Code::InvalidSymbol,
        range,
        format!(
            "`{shown}` in {name} is not a token of this {n}x{n} pencil-mark grid: `{ch}` is no symbol ({syms}); a token is one symbol (solved), several (candidates) or `.` (no marks); it is read as a cell with no marks"
        ),
    )
    .in_puzzle(p.index);
    f.severity = Severity::Error;
    f
}

/// The message of a stray line in a pencil-mark grid.
fn not_a_row(n: usize) -> String {
    format!("this line is not a row of this {n}x{n} pencil-mark grid (one token a cell), a frame line, a comment or a directive")
}
