//! The one-liner reader: a line whose first field holds a whole puzzle, `N*N` cells in reading
//! order, and whatever follows it kept as a trailing field (an id, a rating, a note).
//!
//! A collection holds millions of such lines, nearly all plain (digits and dots, one byte a
//! cell), so a plain line is read straight through the alphabet's table with no character
//! decoded, and its cells' ranges are stored as a start and a count ([`Cells::Run`]).

use super::alphabet::{invalid_symbol, CellText, Table};
use super::lines::{self, Ln};
use super::reader::{new_puzzle, Reader};
use super::size::one_liner_size;
use super::{Cells, Directive, Layout, Puzzle};
use crate::finding::{Code, Finding};
use crate::text::TextRange;

/// The cells of a one-liner: its first field and how many cells it holds.
#[derive(Clone, Copy)]
struct Field<'t> {
    range: TextRange,
    /// Cells in the field.
    k: usize,
    /// The field's text when the line is plain (one byte a cell), read the fast way.
    plain: Option<&'t str>,
}

impl<'t> Reader<'t> {
    /// A line whose first field holds a whole puzzle.
    pub(super) fn one_liner(&mut self, ln: &Ln, own: Vec<Directive>) {
        let idx = self.next_index();
        let st = self.settings(&own);
        let (range, rest, k) = self.first_field(ln);
        let field = Field {
            range,
            k,
            plain: self.text.get(range.as_range()).filter(|_| ln.plain),
        };
        let n = one_liner_size(&st, k);
        let guess = self.tables.get(&st.guess_alphabet(n));
        // A long run of prose or noise is no puzzle, however long: it must be mostly cells
        // (docs/format.md#doubtful-cases).
        if self.valid_cells(field, &guess) * 2 <= k {
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
        let run = (field.plain.is_some() && k == cells_n).then_some(Cells::Run {
            start: field.range.start,
            n: cells_n,
        });
        let mut p = new_puzzle(idx, Layout::OneLiner, shape, alphabet, ln.full, run);
        p.range = ln.full;
        self.read_cells(&mut p, field, &table);
        if k != cells_n {
            self.one_liner_length(&mut p, field);
        }
        let trailing_rating = self.trailing_field(&mut p, rest);
        self.push_puzzle(p, own, trailing_rating);
    }

    /// How many of the field's cells are symbols or blanks under `table`.
    fn valid_cells(&self, field: Field<'_>, table: &Table) -> usize {
        match field.plain {
            Some(bytes) => bytes
                .bytes()
                .filter(|&b| !matches!(table.get_byte(b), CellText::Invalid))
                .count(),
            None => {
                let mut valid = 0;
                lines::for_each_cell(self.text, field.range, |_, _, ch| {
                    valid += usize::from(table.valid(ch))
                });
                valid
            }
        }
    }

    /// Reads the field's cells into `p` (past the puzzle's `N*N` cells, none are read), with an
    /// `invalid-symbol` for each cell that is none; missing cells get an empty range at the end
    /// of the field.
    fn read_cells(&mut self, p: &mut Puzzle, field: Field<'_>, table: &Table) {
        let cells_n = p.shape.cells();
        let mut invalid = Vec::new();
        match field.plain {
            // A plain line (digits and dots, one byte a cell): straight through the table.
            Some(bytes) if field.k == cells_n => {
                for (i, (&b, given)) in bytes.as_bytes().iter().zip(&mut p.givens).enumerate() {
                    match table.get_byte(b) {
                        CellText::Blank => {}
                        CellText::Invalid => {
                            let start = field.range.start + i;
                            invalid.push((i, b as char, TextRange::new(start, start + 1)))
                        }
                        CellText::Given(v) => *given = v,
                    }
                }
            }
            _ => lines::for_each_cell(self.text, field.range, |i, range, ch| {
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
            let f = invalid_symbol(p, i, ch, range);
            self.syntax_error(p, f);
        }
        for i in field.k..p.cells.len() {
            p.cells.set(i, TextRange::empty(field.range.end));
        }
    }

    /// The `row-length` finding of a one-liner with more or fewer than `N*N` cells.
    fn one_liner_length(&mut self, p: &mut Puzzle, field: Field<'_>) {
        let (n, k) = (p.shape.size, field.k);
        let cells_n = p.shape.cells();
        let detail = if k < cells_n {
            let first_missing = p.shape.cell_name(k);
            format!("the cells from {first_missing} on are missing")
        } else {
            format!("{} cells too many", k - cells_n)
        };
        let f = Finding::new(
            Code::RowLength,
            field.range,
            format!("this one-liner has {k} cells; a {n}x{n} puzzle needs {cells_n} ({detail})"),
        );
        self.syntax_error(p, f);
    }
}
