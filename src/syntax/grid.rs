//! The grid reader: a run of a paragraph's content lines that are not one-liners, read as one
//! grid of `N` rows of `N` cells (one character a cell, or numbers for sizes above 9), with
//! separator lines skipped and every other line reported.
//!
//! [`Reader::grid`] reads as a list of steps: summarise the lines, settle the size, decide which
//! lines are rows, read each row, then report a wrong number of rows.

use super::alphabet::{invalid_symbol_text, Alphabet, CellText, Table};
use super::lines::{self, char_cells, is_blank, Ln};
use super::reader::{new_puzzle, Reader};
use super::settings::Settings;
use super::size::{grid_size, GridLine};
use super::{Directive, Layout, Puzzle};
use crate::finding::{Code, Finding, Related};
use crate::grid::Shape;
use crate::text::TextRange;

/// A line of the grid that is read as a row.
#[derive(Clone, Copy)]
struct Row {
    /// Index of the line in the grid's lines.
    line: usize,
    /// The row is written as numbers (`10 . 3 16 ...`), not one character a cell.
    as_numbers: bool,
}

/// What a grid's line is, once the grid's size is known.
enum LineRole {
    Row(Row),
    /// A separator line between bands: skipped.
    Separator,
    /// Neither a row nor a separator: an `unrecognized-line`.
    Stray,
}

impl Reader<'_> {
    /// A run of content lines that are not one-liners: one grid (with `row-count` when it has
    /// more or fewer than `N` rows), or unrecognized lines when no size fits.
    pub(super) fn grid(&mut self, seg: &[Ln], own: Vec<Directive>) {
        let st = self.settings(&own);
        let gls = self.summarise(seg, &st);
        // Rows written as numbers only make sense with the default alphabet.
        let numbers_ok = st.symbols.is_none();
        let Some(n) = grid_size(&st, &gls, numbers_ok) else {
            self.no_grid(&gls, &own);
            return;
        };
        let numbered = numbers_ok && is_numbered(&gls, n);
        let rows = self.pick_rows(&gls, n, numbered, &st);
        let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
            self.check_directives(&own, None);
            return;
        };
        let idx = self.next_index();
        let first_line = gls[first.line].ln.full;
        let last_line = gls[last.line].ln.full;
        let (shape, alphabet) = self.resolve(&st, n, idx, first_line);
        let table = Table::new(&alphabet);
        let mut p = new_puzzle(idx, Layout::Grid, shape, alphabet, first_line, None);
        p.range = TextRange::new(first_line.start, last_line.end);
        // Rows past the `N`th are not read; `row_count` reports them.
        for (r, row) in rows.iter().take(n).enumerate() {
            self.read_row(&mut p, r, &gls[row.line].ln, row.as_numbers, &table);
        }
        let end = gls[last.line].ln.body.end;
        for r in rows.len()..n {
            for c in 0..n {
                p.cells.set(shape.cell(r, c), TextRange::empty(end));
            }
        }
        if rows.len() != n {
            self.row_count(&mut p, rows.len(), last_line);
        }
        self.push_puzzle(p, own, None);
    }

    /// Summarises every line once (see [`GridLine`]), under the declared `@symbols` if any.
    fn summarise(&self, seg: &[Ln], st: &Settings) -> Vec<GridLine> {
        let declared = st
            .symbols
            .as_ref()
            .map(|(s, _)| Table::new(&Alphabet::new(s)));
        seg.iter()
            .map(|l| GridLine::read(self.text, l, declared.as_ref()))
            .collect()
    }

    /// No line reads as a row of any size: every line but the separators is unrecognized, and
    /// the directives above belong to no puzzle.
    fn no_grid(&mut self, gls: &[GridLine], own: &[Directive]) {
        for gl in gls {
            if !gl.sep_like {
                let msg = self.not_a_row_message(&gl.ln);
                self.unrecognized(&gl.ln, msg, None);
            }
        }
        self.check_directives(own, None);
    }

    /// The lines of a size-`n` grid that are rows, in order; every line that is neither a row
    /// nor a separator is reported, as part of the grid's puzzle when the grid has rows.
    fn pick_rows(&mut self, gls: &[GridLine], n: usize, numbered: bool, st: &Settings) -> Vec<Row> {
        let guess = Table::new(&st.guess_alphabet(n));
        let mut rows = Vec::new();
        let mut stray = Vec::new();
        for (i, gl) in gls.iter().enumerate() {
            match self.line_role(i, gl, n, numbered, &guess) {
                LineRole::Row(row) => rows.push(row),
                LineRole::Separator => {}
                LineRole::Stray => stray.push(i),
            }
        }
        // A stray line inside a puzzle's grid is about that puzzle.
        let owner = (!rows.is_empty()).then_some(self.next_index());
        for i in stray {
            let msg = self.not_a_row_message(&gls[i].ln);
            self.unrecognized(&gls[i].ln, msg, owner);
        }
        rows
    }

    /// Whether line `i` of a size-`n` grid is a row, a separator or a stray line
    /// (docs/format.md#grids): a line that reads as `n` valid cells is a row, even all blanks;
    /// otherwise a separator line is skipped; otherwise a line more than half made of cells is
    /// a row with errors; any other line is stray.
    fn line_role(
        &self,
        i: usize,
        gl: &GridLine,
        n: usize,
        numbered: bool,
        guess: &Table,
    ) -> LineRole {
        // A line that is a full row one character a cell stays so unless it is a full row
        // of numbers too (docs/format.md#numbered-rows: digit groups such as `123 456 789 111`).
        let as_numbers = numbered
            && gl
                .numbers
                .is_some_and(|s| s.fits(n) || gl.n_chars != n || s.count == gl.n_chars);
        let row = LineRole::Row(Row {
            line: i,
            as_numbers,
        });
        // Character counts are known; the validity under the final alphabet is checked
        // again only for lines of the right length (or any line not yet decided).
        let strict = if as_numbers {
            gl.numbers.is_some_and(|s| s.fits(n))
        } else {
            gl.n_chars == n && self.valid_chars(&gl.ln, guess) == n
        };
        if strict {
            row
        } else if gl.sep_like {
            LineRole::Separator
        } else if as_numbers || self.valid_chars(&gl.ln, guess) * 2 > gl.n_chars {
            row
        } else {
            LineRole::Stray
        }
    }

    /// Reads row `r` of `p` from `ln`: its cells' ranges and givens, an `invalid-symbol` for
    /// each cell that is none, and `row-length` when it has more or fewer than `N` cells (the
    /// missing ones get an empty range at the end of the line, the extra ones are not read).
    fn read_row(&mut self, p: &mut Puzzle, r: usize, ln: &Ln, as_numbers: bool, table: &Table) {
        let n = p.shape.size;
        p.numbered_rows[r] = as_numbers;
        let toks = self.row_cells(ln, as_numbers, n, table);
        let k = toks.len();
        for (c, (range, v)) in toks.into_iter().take(n).enumerate() {
            let cell = p.shape.cell(r, c);
            p.cells.set(cell, range);
            match v {
                CellText::Given(v) => p.givens[cell] = v,
                CellText::Blank => {}
                CellText::Invalid => {
                    let f = invalid_symbol_text(p, cell, self.slice(range), range, as_numbers);
                    self.syntax_error(p, f);
                }
            }
        }
        for c in k..n {
            p.cells
                .set(p.shape.cell(r, c), TextRange::empty(ln.body.end));
        }
        if k != n {
            let detail = if k < n {
                format!("{} is missing", cell_list(&p.shape, r, k, n))
            } else {
                format!("{} cells too many", k - n)
            };
            let f = Finding::new(
                Code::RowLength,
                ln.body,
                format!(
                    "row {} has {k} cells; a {n}x{n} grid needs {n} in every row ({detail})",
                    r + 1
                ),
            );
            self.syntax_error(p, f);
        }
    }

    /// The cells of a row with what each stands for: numbers and blanks for a numbered row,
    /// else one character a cell looked up in `table`.
    fn row_cells(
        &self,
        ln: &Ln,
        as_numbers: bool,
        n: usize,
        table: &Table,
    ) -> Vec<(TextRange, CellText)> {
        if !as_numbers {
            return char_cells(self.text, ln.body)
                .map(|(range, ch)| (range, table.get(ch)))
                .collect();
        }
        let mut toks = Vec::new();
        lines::scan_numbers(self.text, ln.body, |t| {
            let v = match t.value {
                0 => CellText::Blank,
                v if v as usize <= n => CellText::Given(v as u8),
                _ => CellText::Invalid,
            };
            toks.push((t.range, v));
        });
        toks
    }

    /// The `row-count` finding of a grid of `found` rows, on its first line.
    fn row_count(&mut self, p: &mut Puzzle, found: usize, last_line: TextRange) {
        let n = p.shape.size;
        let detail = if found < n {
            let missing = if n - found == 1 {
                format!("row {} is missing", n)
            } else {
                format!("rows {} to {n} are missing", found + 1)
            };
            // Whole bands point at a blank line between bands, which ends a grid.
            if found % p.shape.box_rows == 0 {
                format!(
                    "{missing}; a blank line ends a grid, so bands must not be separated by one"
                )
            } else {
                missing
            }
        } else {
            format!("{} rows too many", found - n)
        };
        let f = Finding::new(
            Code::RowCount,
            p.first_line,
            format!(
                "this {n}x{n} grid has {found} row{}; it needs {n} ({detail})",
                if found == 1 { "" } else { "s" }
            ),
        )
        .with_related(vec![Related {
            elsewhere: None,
            message: "the grid's last row".to_string(),
            range: last_line,
        }]);
        self.syntax_error(p, f);
    }

    /// The message of an `unrecognized-line` in a grid paragraph.
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
}

/// A grid is in numbered notation when one of its rows is a full row of numbers with a
/// two-digit one; digit groups such as `123 456 789 ABC` do not count. Only for sizes above
/// 9, with the default alphabet (docs/format.md#numbered-rows).
fn is_numbered(gls: &[GridLine], n: usize) -> bool {
    n > 9
        && gls
            .iter()
            .any(|g| !g.sep_like && g.numbers.is_some_and(|s| s.multi && s.fits(n)))
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
