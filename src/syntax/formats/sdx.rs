//! SudoCue `.sdx`, a game in progress: nine lines of nine space-separated tokens, each a digit
//! (a given), `u` and a digit (a digit the user placed), or a cell's candidates run together
//! (`679`). A pencil-mark state, read into the same model as a `.sudoku` pencil-mark grid.

use super::build::{self, cell_error, CellIn, Made, N};
use super::reader;
use crate::finding::{Code, Finding};
use crate::grid::bit;
use crate::syntax::lines::lines_in;
use crate::syntax::src::Src;
use crate::syntax::{Layout, ParsedFile, PencilLine};
use crate::text::TextRange;

/// The tokens of a line: runs of non-whitespace characters, with their ranges.
pub(super) fn tokens(text: &str, line: TextRange) -> Vec<TextRange> {
    let s = &text[line.as_range()];
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        match (ch.is_whitespace(), start) {
            (true, Some(st)) => {
                out.push(TextRange::new(line.start + st, line.start + i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// One token: `Ok` with the cell, or `Err` with why it is no token.
fn cell_of(tok: &str, range: TextRange) -> Result<CellIn, String> {
    let (placed, digits) = match tok.strip_prefix(['u', 'U']) {
        Some(rest) => (true, rest),
        None => (false, tok),
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b'1'..=b'9').contains(&b)) {
        return Err(format!(
            "`{tok}` is no .sdx cell: a digit, `u` and a digit (placed), or the cell's candidates (`679`)"
        ));
    }
    let ds: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    match (placed, ds.as_slice()) {
        (_, [d]) => Ok(CellIn {
            range,
            value: *d,
            placed,
            marks: None,
        }),
        (true, _) => Err(format!(
            "`{tok}`: `u` marks one placed digit, not a set of candidates"
        )),
        (false, _) => Ok(CellIn {
            range,
            value: 0,
            placed: false,
            marks: Some(ds.iter().fold(0, |m, &d| m | bit(d))),
        }),
    }
}

/// Reads an `.sdx` file: one puzzle.
pub(super) fn parse(text: &str) -> ParsedFile {
    let mut r = reader(text);
    let mut cells: Vec<CellIn> = Vec::new();
    let mut errors: Vec<Finding> = Vec::new();
    let mut lines = Vec::new();
    let (mut first, mut last) = (None, None);
    let mut row = 0;
    for ln in lines_in(Src::whole(text), 0, text.len()) {
        if text[ln.full.as_range()].trim().is_empty() {
            continue;
        }
        if row == N {
            r.unrecognized(
                &ln,
                "this line follows the nine rows of the .sdx grid".to_string(),
                Some(r.next_index()),
            );
            continue;
        }
        let body = TextRange::new(
            ln.full.start,
            ln.full.start + text[ln.full.as_range()].trim_end().len(),
        );
        let toks = tokens(text, body);
        first.get_or_insert(ln.full);
        last = Some(ln.full);
        for (c, &t) in toks.iter().take(N).enumerate() {
            match cell_of(&text[t.as_range()], t) {
                Ok(cell) => cells.push(cell),
                Err(why) => {
                    errors.push(cell_error(
                        Code::InvalidSymbol,
                        t,
                        format!("r{}c{}: {why}; it is read as an open cell", row + 1, c + 1),
                    ));
                    cells.push(CellIn::open(t));
                }
            }
        }
        for _ in toks.len()..N {
            cells.push(CellIn::open(TextRange::empty(body.end)));
        }
        if toks.len() != N {
            errors.push(cell_error(
                Code::RowLength,
                body,
                format!(
                    "row {} has {} tokens; an .sdx row has 9, one a cell",
                    row + 1,
                    toks.len()
                ),
            ));
        }
        lines.push(PencilLine::Row {
            body,
            row,
            tokens: toks
                .iter()
                .map(|t| text[t.as_range()].to_string())
                .collect(),
            gaps: gaps(text, body, &toks),
        });
        row += 1;
    }
    let (Some(first), Some(last)) = (first, last) else {
        return r.done();
    };
    if row != N {
        errors.push(cell_error(
            Code::RowCount,
            first,
            format!("this .sdx grid has {row} rows; it needs 9"),
        ));
    }
    let made = Made {
        layout: if row == N {
            Layout::PencilGrid
        } else {
            Layout::Grid
        },
        first_line: first,
        range: TextRange::new(first.start, last.end),
        pencil: true,
        lines: if row == N { lines } else { Vec::new() },
    };
    build::push(&mut r, &cells, made, Vec::new(), errors);
    r.done()
}

/// The text around a row's tokens: before the first, between each two, after the last.
pub(super) fn gaps(text: &str, body: TextRange, toks: &[TextRange]) -> Vec<String> {
    let mut at = body.start;
    let mut out = Vec::with_capacity(toks.len() + 1);
    for t in toks {
        out.push(text[at..t.start].to_string());
        at = t.end;
    }
    out.push(text[at..body.end].to_string());
    out
}
