//! The paragraph and puzzle reader: groups lines into paragraphs, decides which lines are
//! one-liners, grid rows, separators or errors, and builds [`Puzzle`]s with every cell's range.
//!
//! Everything is linear in the size of the text: each line is classified once, each paragraph
//! is walked a bounded number of times, and no search looks back over earlier puzzles.

use std::collections::BTreeSet;

use super::alphabet::{invalid_symbol, invalid_symbol_text, CellText, Table, TableCache};
use super::directive;
use super::lines::{self, char_cells, default_value, is_blank, Kind, Ln};
use super::src::Src;
use super::{Alphabet, Cells, Directive, Directives, Layout, ParsedFile, Puzzle};
use crate::finding::{Code, Finding};
use crate::grid::{Shape, SIZES};
use crate::text::TextRange;

/// After this many `unrecognized-line` findings the rest are summed up in one more finding, so
/// a huge file that is not a puzzle file at all does not produce millions of findings.
const MAX_UNRECOGNIZED: usize = 1000;

pub(super) fn parse(text: &str) -> ParsedFile {
    parse_piece(
        Src::whole(text),
        TextRange::new(0, text.len()),
        &mut ReaderState::default(),
        true,
    )
}

/// Where the reader stands between two pieces of a long text: what the pieces read so far
/// settled for the ones after them. Two equal states read the same piece the same way, which
/// is what lets an editor reuse the reading of a piece that did not change.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReaderState {
    /// The file's default directives.
    defaults: Directives,
    /// Puzzles read so far: the index of the next one.
    next_index: usize,
    last_shape: Option<Shape>,
    reported: BTreeSet<usize>,
    unrecognized: usize,
    first_unlisted: Option<TextRange>,
}

impl ReaderState {
    /// Puzzles read so far.
    pub fn puzzles(&self) -> usize {
        self.next_index
    }

    /// Sets the count of puzzles read so far (the index the next piece's puzzles start at).
    pub fn set_puzzles(&mut self, n: usize) {
        self.next_index = n;
    }

    /// The first unrecognized line past those listed one by one: the last piece's summary
    /// finding points back at it.
    pub fn first_unlisted(&self) -> Option<TextRange> {
        self.first_unlisted
    }
}

/// Reads the lines of `text[piece]`, continuing from `state`, with every range into the whole
/// text. `last` marks the final piece, where file-wide findings (`no-puzzle`, the count of
/// unlisted lines) are made.
pub(super) fn parse_piece(
    text: Src<'_>,
    piece: TextRange,
    state: &mut ReaderState,
    last: bool,
) -> ParsedFile {
    let st = std::mem::take(state);
    let mut r = Reader {
        text,
        out: ParsedFile {
            defaults: st.defaults,
            ..ParsedFile::default()
        },
        index_base: st.next_index,
        reported: st.reported,
        last_shape: st.last_shape,
        unrecognized: st.unrecognized,
        first_unlisted: st.first_unlisted,
        tables: TableCache::default(),
        ks: Vec::new(),
    };
    let mut para: Vec<Ln> = Vec::new();
    for ln in lines::lines_in(text, piece.start, piece.end) {
        if ln.kind == Kind::Blank {
            if !para.is_empty() {
                r.paragraph(&para);
                para.clear();
            }
        } else {
            para.push(ln);
        }
    }
    if !para.is_empty() {
        r.paragraph(&para);
    }
    if last {
        r.finish();
    }
    // Only the defaults' reports matter past this piece (a puzzle's own directives concern it
    // alone); keeping the others would make the state depend on where earlier pieces lie.
    let defaults = &r.out.defaults.all;
    r.reported
        .retain(|&o| defaults.iter().any(|d| d.range.start == o));
    *state = ReaderState {
        defaults: r.out.defaults.clone(),
        next_index: r.index_base + r.out.puzzles.len(),
        last_shape: r.last_shape,
        reported: std::mem::take(&mut r.reported),
        unrecognized: r.unrecognized,
        first_unlisted: r.first_unlisted,
    };
    r.out
}

pub(super) struct Reader<'t> {
    pub(super) text: Src<'t>,
    pub(super) out: ParsedFile,
    /// The index of the first puzzle of this piece (0 unless the text is read in pieces).
    pub(super) index_base: usize,
    /// Directives (by start offset) whose mismatch with a puzzle was already reported, so a
    /// file-wide default that fits no puzzle is said once, not once a puzzle.
    pub(super) reported: BTreeSet<usize>,
    /// The shape of the previous puzzle, for saying `box-shape` once per change of shape.
    pub(super) last_shape: Option<Shape>,
    pub(super) unrecognized: usize,
    pub(super) first_unlisted: Option<TextRange>,
    /// Lookup tables of the alphabets seen lately.
    pub(super) tables: TableCache,
    /// Buffers reused from line to line, so a long collection does not allocate for each.
    pub(super) ks: Vec<usize>,
}

/// A summary of one line of a grid paragraph, read both ways (one character a cell, and as
/// numbers). Only counts are kept, never the tokens: a paragraph of two million lines must not
/// hold two million token lists; the few lines that become rows are read again.
struct GridLine {
    ln: Ln,
    /// Cells when read one character a cell.
    n_chars: usize,
    /// The largest value of a character in the widest default alphabet (0 when all blank,
    /// `u8::MAX` when some character is no symbol at all).
    max_default: u8,
    /// Every character is a cell of the declared `@symbols` (false when none are declared).
    declared_ok: bool,
    /// When the line reads as numbers and blanks: how many, the largest number, and whether
    /// some number has two digits.
    numbers: Option<NumSummary>,
    sep_like: bool,
}

#[derive(Clone, Copy)]
struct NumSummary {
    count: usize,
    max: u32,
    multi: bool,
}

impl NumSummary {
    fn fits(&self, n: usize) -> bool {
        self.count == n && self.max as usize <= n
    }
}

impl Reader<'_> {
    fn finish(&mut self) {
        if self.unrecognized > MAX_UNRECOGNIZED {
            let more = self.unrecognized - MAX_UNRECOGNIZED;
            let at = self.first_unlisted.unwrap_or_default();
            self.out.findings.push(Finding::new(
                Code::UnrecognizedLine,
                at,
                format!(
                    "{more} more lines from here on are not comments, directives, separators, grid rows or one-liners (only the first {MAX_UNRECOGNIZED} are listed)"
                ),
            ));
        }
        if self.index_base + self.out.puzzles.len() == 0 {
            self.out.findings.push(Finding::new(
                Code::NoPuzzle,
                TextRange::empty(0),
                "this file holds no puzzle: no line reads as a grid row or a one-liner",
            ));
        }
    }

    fn slice(&self, r: TextRange) -> &str {
        self.text.get(r.as_range()).unwrap_or("")
    }

    /// Reads one paragraph (a run of non-blank lines).
    fn paragraph(&mut self, para: &[Ln]) {
        let first_puzzle = self.out.puzzles.len();
        // FORMAT.md: exactly 16 lines of 16 cells make a 16x16 grid, otherwise such lines are
        // 4x4 one-liners; counted once here so the walk below stays linear.
        let mut ks = std::mem::take(&mut self.ks);
        ks.clear();
        ks.extend(para.iter().map(|l| {
            if l.plain {
                l.body.len()
            } else if l.kind == Kind::Content {
                self.first_field_cells(l)
            } else {
                0
            }
        }));
        let lines16 = ks.iter().filter(|&&k| k == 16).count();
        let mut pending: Vec<Directive> = Vec::new();
        let mut seg: Vec<Ln> = Vec::new();
        // The size a paragraph is "under" for the 16-cell rule: the latest `@size` (or
        // `@symbols`) seen in it so far, else the file's; it stays for the rest of the
        // paragraph even after the directive was given to a puzzle.
        let mut para_size = self.settings(&[]).declared();
        for (ln, &k) in para.iter().zip(ks.iter()) {
            match ln.kind {
                Kind::Blank | Kind::Comment => {}
                Kind::Directive => {
                    if !seg.is_empty() {
                        let own = std::mem::take(&mut pending);
                        self.grid(&seg, own);
                        seg.clear();
                    }
                    let d = directive::read(self.text, ln.full, ln.body);
                    if let Some(n) = self.settings(std::slice::from_ref(&d)).declared() {
                        para_size = Some(n);
                    }
                    pending.push(d);
                }
                Kind::Content => {
                    let declared = para_size;
                    let grid16 = declared == Some(16) || (declared.is_none() && lines16 == 16);
                    let one_liner = (k > 25
                        || (k == 16 && !grid16 && matches!(declared, None | Some(4))))
                        && !self.is_border_line(ln, k);
                    if one_liner {
                        if !seg.is_empty() {
                            let own = std::mem::take(&mut pending);
                            self.grid(&seg, own);
                            seg.clear();
                        }
                        let own = std::mem::take(&mut pending);
                        self.one_liner(ln, own);
                    } else {
                        seg.push(*ln);
                    }
                }
            }
        }
        self.ks = ks;
        if !seg.is_empty() {
            let own = std::mem::take(&mut pending);
            self.grid(&seg, own);
        }
        if pending.is_empty() {
            return;
        }
        if self.out.puzzles.len() > first_puzzle {
            // Directives below the last puzzle of their paragraph (an `@solution` under the
            // grid) belong to it; they come too late to change how it was read.
            let idx = self.index_base + self.out.puzzles.len() - 1;
            self.check_directives(&pending, Some(idx));
            if let Some(p) = self.out.puzzles.last_mut() {
                if let Some(r) = pending.iter().rev().find(|d| d.key == "rating") {
                    p.rating = Some(r.value.clone());
                }
                p.directives.all.extend(pending);
            }
        } else if self.index_base + self.out.puzzles.len() == 0 {
            self.check_directives(&pending, None);
            self.out.defaults.all.extend(pending);
        } else {
            // A paragraph of directives between puzzles belongs to none (FORMAT.md: such
            // paragraphs are fine and never warn); its keys are still checked.
            self.check_directives(&pending, None);
        }
    }

    /// True for a separator line that must not be taken for a one-liner of blanks: one with a
    /// character that is no cell (`+`, box drawing), or whose cell count fits no puzzle. A long
    /// line of dashes of exactly `N*N` reads as cells, and so is a one-liner.
    fn is_border_line(&self, ln: &Ln, k: usize) -> bool {
        let body = self.slice(ln.body);
        lines::is_separator_like(body)
            && (!SIZES.iter().any(|&n| n * n == k)
                || body
                    .chars()
                    .any(|ch| !lines::is_cell_separator(ch) && default_value(ch).is_none()))
    }

    /// How many cells the first whitespace-separated field of a content line holds.
    fn first_field_cells(&self, ln: &Ln) -> usize {
        let (field, _) = lines::first_field(self.text, ln.body);
        lines::count_cells(self.text, field)
    }

    fn unrecognized(&mut self, ln: &Ln, message: String, puzzle: Option<usize>) {
        self.unrecognized += 1;
        if self.unrecognized > MAX_UNRECOGNIZED {
            if self.first_unlisted.is_none() {
                self.first_unlisted = Some(ln.full);
            }
            return;
        }
        let mut f = Finding::new(Code::UnrecognizedLine, ln.full, message);
        f.puzzle = puzzle;
        self.out.findings.push(f);
    }

    /// Adds a puzzle: its directives are the file's defaults followed by its own.
    fn push_puzzle(&mut self, mut p: Puzzle, own: Vec<Directive>, trailing_rating: Option<String>) {
        self.check_directives(&own, Some(p.index));
        let own_rating = own
            .iter()
            .rev()
            .find(|d| d.key == "rating")
            .map(|d| d.value.clone());
        let default_rating = self.out.defaults.get("rating").map(|d| d.value.clone());
        p.rating = own_rating.or(trailing_rating).or(default_rating);
        let mut all = Vec::with_capacity(self.out.defaults.all.len() + own.len());
        all.extend(self.out.defaults.all.iter().cloned());
        all.extend(own);
        p.directives = Directives { all };
        self.out.puzzles.push(p);
    }

    /// A line whose first field holds a whole puzzle.
    fn one_liner(&mut self, ln: &Ln, own: Vec<Directive>) {
        let idx = self.index_base + self.out.puzzles.len();
        let st = self.settings(&own);
        let (field, rest, k) = if ln.plain {
            (ln.body, TextRange::empty(ln.body.end), ln.body.len())
        } else {
            let (field, rest) = lines::first_field(self.text, ln.body);
            (field, rest, lines::count_cells(self.text, field))
        };
        // `@symbols` only settles the size of a one-liner when its cell count does not.
        let n = st
            .size
            .or_else(|| st.declared().filter(|_| !SIZES.iter().any(|&s| s * s == k)))
            .unwrap_or_else(|| nearest_size(k));
        let guess = self.tables.get(&st.guess_alphabet(n));
        // A long run of prose or noise is no puzzle: it must be mostly cells.
        let plain = self.text.get(field.as_range()).filter(|_| ln.plain);
        let mut valid = 0;
        match plain {
            Some(bytes) => {
                valid = bytes
                    .bytes()
                    .filter(|&b| !matches!(guess.get_byte(b), CellText::Invalid))
                    .count()
            }
            None => lines::for_each_cell(self.text, field, |_, _, ch| {
                valid += usize::from(guess.valid(ch))
            }),
        }
        if valid * 2 <= k {
            let msg = format!(
                "this line is not a comment, directive, separator, grid row or one-liner: most of its {k} characters are not cells of a {n}x{n} puzzle"
            );
            self.unrecognized(ln, msg, None);
            self.check_directives(&own, None);
            return;
        }
        let (shape, alphabet) = self.resolve(&st, n, idx, ln.full);
        let cells_n = n * n;
        let table = self.tables.get(&alphabet);
        // A plain line of exactly the puzzle's cells: one byte a cell, from the field's start.
        let run = (plain.is_some() && k == cells_n).then_some(Cells::Run {
            start: field.start,
            n: cells_n,
        });
        let mut p = new_puzzle(idx, Layout::OneLiner, shape, alphabet, ln.full, run);
        p.range = ln.full;
        let mut invalid = Vec::new();
        match plain {
            // A plain line (digits and dots, one byte a cell): straight through the table.
            Some(bytes) if k == cells_n => {
                for (i, (&b, given)) in bytes.as_bytes().iter().zip(&mut p.givens).enumerate() {
                    match table.get_byte(b) {
                        CellText::Blank => {}
                        CellText::Invalid => {
                            let start = field.start + i;
                            invalid.push((i, b as char, TextRange::new(start, start + 1)))
                        }
                        CellText::Given(v) => *given = v,
                    }
                }
            }
            _ => lines::for_each_cell(self.text, field, |i, range, ch| {
                if i >= cells_n {
                    return;
                }
                p.cells.set(i, range);
                match table.get(ch) {
                    CellText::Given(v) => p.givens[i] = v,
                    CellText::Blank => {}
                    CellText::Invalid => invalid.push((i, ch, range)),
                }
            }),
        }
        for (i, ch, range) in invalid {
            let f = invalid_symbol(&p, i, ch, range);
            self.out.findings.push(f);
            p.has_syntax_error = true;
        }
        for i in k..p.cells.len() {
            p.cells.set(i, TextRange::empty(field.end));
        }
        if k != cells_n {
            let detail = if k < cells_n {
                let first_missing = shape.cell_name(k);
                format!("the cells from {first_missing} on are missing")
            } else {
                format!("{} cells too many", k - cells_n)
            };
            let f = Finding::new(
                Code::RowLength,
                field,
                format!(
                    "this one-liner has {k} cells; a {n}x{n} puzzle needs {cells_n} ({detail})"
                ),
            )
            .in_puzzle(idx);
            self.out.findings.push(f);
            p.has_syntax_error = true;
        }
        let mut trailing_rating = None;
        if !rest.is_empty() {
            p.trailing = Some(rest);
            trailing_rating =
                directive::rating_in(self.text, rest).map(|r| self.slice(r).to_string());
        }
        self.push_puzzle(p, own, trailing_rating);
    }

    fn grid_line(&self, ln: &Ln, declared: Option<&Table>) -> GridLine {
        let mut n_chars = 0;
        let mut max_default = 0;
        let mut declared_ok = declared.is_some();
        for (_, ch) in char_cells(self.text, ln.body) {
            n_chars += 1;
            max_default = max_default.max(default_value(ch).unwrap_or(u8::MAX));
            declared_ok &= declared.is_some_and(|t| t.valid(ch));
        }
        let mut count = 0;
        let mut max = 0;
        let numbers = lines::scan_numbers(self.text, ln.body, |t| {
            count += 1;
            max = max.max(t.value);
        })
        .map(|multi| NumSummary { count, max, multi });
        GridLine {
            ln: *ln,
            n_chars,
            max_default,
            declared_ok,
            numbers,
            sep_like: lines::is_separator_like(self.slice(ln.body)),
        }
    }

    fn not_a_row_message(&self, ln: &Ln) -> String {
        let mut k = 0usize;
        // Only a line that is clearly made of cells gets the size hint (lower-case letters
        // count as prose here); prose ("Puzzle 1") is told how to write a title or a note.
        let mut cellish = 0usize;
        for (_, ch) in char_cells(self.text, ln.body) {
            k += 1;
            if ch.is_ascii_digit() || is_blank(ch) || ('A'..='P').contains(&ch) {
                cellish += 1;
            }
        }
        if k > 0 && cellish * 3 >= k * 2 {
            format!(
                "this line reads as {k} cells, which fits no puzzle: a grid row holds 4, 6, 8, 9, 12, 16 or 25 cells and a one-liner 16, 36, 64, 81, 144, 256 or 625"
            )
        } else {
            "this line is not a comment, directive, separator, grid row or one-liner; write a title as `@title ...` and a note after `#`".to_string()
        }
    }

    /// How many of a line's characters are cells under `table`.
    fn valid_chars(&self, ln: &Ln, table: &Table) -> usize {
        char_cells(self.text, ln.body)
            .filter(|&(_, ch)| table.valid(ch))
            .count()
    }

    /// A run of content lines that are not one-liners: one grid (with `row-count` when it has
    /// more or fewer than `N` rows), or unrecognized lines when no size fits.
    fn grid(&mut self, seg: &[Ln], own: Vec<Directive>) {
        let st = self.settings(&own);
        let declared = st
            .symbols
            .as_ref()
            .map(|(s, _)| (s.len(), Table::new(&Alphabet::new(s))));
        let gls: Vec<GridLine> = seg
            .iter()
            .map(|l| self.grid_line(l, declared.as_ref().map(|(_, t)| t)))
            .collect();
        // Rows written as numbers only make sense with the default alphabet.
        let numbers_ok = st.symbols.is_none();
        let n = match st.size {
            Some(n) => n,
            None => match infer_size(&gls, numbers_ok, declared.as_ref().map(|(len, _)| *len)) {
                Some(n) => n,
                None => {
                    for gl in &gls {
                        if !gl.sep_like {
                            let msg = self.not_a_row_message(&gl.ln);
                            self.unrecognized(&gl.ln, msg, None);
                        }
                    }
                    self.check_directives(&own, None);
                    return;
                }
            },
        };
        let guess = Table::new(&st.guess_alphabet(n));
        // A grid is in numbered notation when one of its rows is a full row of numbers with a
        // two-digit one; digit groups such as `123 456 789 ABC` do not count.
        let numbered = numbers_ok
            && n > 9
            && gls
                .iter()
                .any(|g| !g.sep_like && g.numbers.is_some_and(|s| s.multi && s.fits(n)));
        // Decide which lines are rows; the others are separators or errors.
        let mut rows: Vec<(usize, bool)> = Vec::new(); // (index into gls, read as numbers)
        let mut stray: Vec<usize> = Vec::new(); // lines that are neither rows nor separators
        for (i, gl) in gls.iter().enumerate() {
            // A line that is a full row one character a cell stays so unless it is a full row
            // of numbers too.
            let as_numbers = numbered
                && gl
                    .numbers
                    .is_some_and(|s| s.fits(n) || gl.n_chars != n || s.count == gl.n_chars);
            // Character counts are known; the validity under the final alphabet is checked
            // again only for lines of the right length (or any line not yet decided).
            let strict = if as_numbers {
                gl.numbers.is_some_and(|s| s.fits(n))
            } else {
                gl.n_chars == n && self.valid_chars(&gl.ln, &guess) == n
            };
            if strict {
                rows.push((i, as_numbers));
            } else if gl.sep_like {
                continue;
            } else if as_numbers || self.valid_chars(&gl.ln, &guess) * 2 > gl.n_chars {
                rows.push((i, as_numbers));
            } else {
                stray.push(i);
            }
        }
        // A stray line inside a puzzle's grid is about that puzzle.
        let idx = self.index_base + self.out.puzzles.len();
        let owner = (!rows.is_empty()).then_some(idx);
        for &i in &stray {
            let msg = self.not_a_row_message(&gls[i].ln);
            self.unrecognized(&gls[i].ln, msg, owner);
        }
        let (Some(&(first_i, _)), Some(&(last_i, _))) = (rows.first(), rows.last()) else {
            self.check_directives(&own, None);
            return;
        };
        let first_line = gls[first_i].ln.full;
        let last_line = gls[last_i].ln.full;
        let (shape, alphabet) = self.resolve(&st, n, idx, first_line);
        let table = Table::new(&alphabet);
        let mut p = new_puzzle(idx, Layout::Grid, shape, alphabet, first_line, None);
        p.range = TextRange::new(first_line.start, last_line.end);
        for (r, &(gi, as_numbers)) in rows.iter().take(n).enumerate() {
            let gl = &gls[gi];
            p.numbered_rows[r] = as_numbers;
            let toks: Vec<(TextRange, CellText)> = if as_numbers {
                let mut toks = Vec::new();
                lines::scan_numbers(self.text, gl.ln.body, |t| {
                    let v = match t.value {
                        0 => CellText::Blank,
                        v if v as usize <= n => CellText::Given(v as u8),
                        _ => CellText::Invalid,
                    };
                    toks.push((t.range, v));
                });
                toks
            } else {
                char_cells(self.text, gl.ln.body)
                    .map(|(range, ch)| (range, table.get(ch)))
                    .collect()
            };
            let k = toks.len();
            for (c, (range, v)) in toks.into_iter().take(n).enumerate() {
                let cell = shape.cell(r, c);
                p.cells.set(cell, range);
                match v {
                    CellText::Given(v) => p.givens[cell] = v,
                    CellText::Blank => {}
                    CellText::Invalid => {
                        let f = invalid_symbol_text(&p, cell, self.slice(range), range, as_numbers);
                        self.out.findings.push(f);
                        p.has_syntax_error = true;
                    }
                }
            }
            for c in k..n {
                p.cells
                    .set(shape.cell(r, c), TextRange::empty(gl.ln.body.end));
            }
            if k != n {
                let detail = if k < n {
                    format!("{} is missing", cell_list(&shape, r, k, n))
                } else {
                    format!("{} cells too many", k - n)
                };
                let f = Finding::new(
                    Code::RowLength,
                    gl.ln.body,
                    format!(
                        "row {} has {k} cells; a {n}x{n} grid needs {n} in every row ({detail})",
                        r + 1
                    ),
                )
                .in_puzzle(idx);
                self.out.findings.push(f);
                p.has_syntax_error = true;
            }
        }
        let end = gls[last_i].ln.body.end;
        for r in rows.len()..n {
            for c in 0..n {
                p.cells.set(shape.cell(r, c), TextRange::empty(end));
            }
        }
        if rows.len() != n {
            let detail = if rows.len() < n {
                let missing = if n - rows.len() == 1 {
                    format!("row {} is missing", n)
                } else {
                    format!("rows {} to {n} are missing", rows.len() + 1)
                };
                // Whole bands point at a blank line between bands, which ends a grid.
                if rows.len() % shape.box_rows == 0 {
                    format!("{missing}; a blank line ends a grid, so bands must not be separated by one")
                } else {
                    missing
                }
            } else {
                format!("{} rows too many", rows.len() - n)
            };
            let f = Finding::new(
                Code::RowCount,
                first_line,
                format!(
                    "this {n}x{n} grid has {} row{}; it needs {n} ({detail})",
                    rows.len(),
                    if rows.len() == 1 { "" } else { "s" }
                ),
            )
            .in_puzzle(idx)
            .with_related(vec![crate::finding::Related {
                message: "the grid's last row".to_string(),
                range: last_line,
            }]);
            self.out.findings.push(f);
            p.has_syntax_error = true;
        }
        self.push_puzzle(p, own, None);
    }
}

/// A puzzle with no givens yet; `cells` defaults to every cell at the start of its first line.
fn new_puzzle(
    index: usize,
    layout: Layout,
    shape: Shape,
    alphabet: Alphabet,
    first_line: TextRange,
    cells: Option<Cells>,
) -> Puzzle {
    let n = shape.cells();
    let cells = cells.unwrap_or_else(|| Cells::filled(n, TextRange::empty(first_line.start)));
    Puzzle {
        index,
        layout,
        shape,
        alphabet,
        givens: vec![0; n],
        cells,
        numbered_rows: vec![false; shape.size],
        first_line,
        range: first_line,
        trailing: None,
        rating: None,
        directives: Directives::default(),
        has_syntax_error: false,
    }
}

/// `r3c9` or `r3c8 to r3c9`: the missing cells of a short row.
fn cell_list(shape: &Shape, r: usize, from: usize, n: usize) -> String {
    let a = shape.cell_name(shape.cell(r, from));
    if from + 1 == n {
        a.to_string()
    } else {
        format!("{a} to {}", shape.cell_name(shape.cell(r, n - 1)))
    }
}

/// The size whose `N*N` is nearest to `k` cells (ties to the larger).
fn nearest_size(k: usize) -> usize {
    let mut best = 9;
    let mut best_d = usize::MAX;
    for n in SIZES {
        let d = (n * n).abs_diff(k);
        if d <= best_d {
            best = n;
            best_d = d;
        }
    }
    best
}

/// Guesses a grid's size from its lines: the size for which most lines read as a full, valid
/// row; ties go to the size that matches the number of rows, then to the larger size. `None`
/// when no line reads as a row of any size.
fn infer_size(gls: &[GridLine], numbers_ok: bool, declared: Option<usize>) -> Option<usize> {
    let mut best: Option<(usize, bool, usize)> = None;
    for n in SIZES {
        let strict = |g: &GridLine| {
            let chars_ok = if declared == Some(n) {
                g.declared_ok
            } else {
                (g.max_default as usize) <= n
            };
            (g.n_chars == n && chars_ok)
                || (numbers_ok && n > 9 && g.numbers.is_some_and(|s| s.fits(n)))
        };
        let count = gls.iter().filter(|g| strict(g)).count();
        if count == 0 {
            continue;
        }
        let rows = gls.iter().filter(|g| strict(g) || !g.sep_like).count();
        let key = (count, rows == n, n);
        if best.is_none_or(|b| key >= b) {
            best = Some(key);
        }
    }
    best.map(|(_, _, n)| n)
}
