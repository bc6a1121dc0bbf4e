//! Simple Sudoku `.ss`: a boxed grid (`*-----------*` frames, `|38.|...|5.6|` rows, `.` blank),
//! read by the grid reader (`grid.rs`), then `Idrc` lines (digit `d` placed at row `r`, column
//! `c`) and `Edrc...` lines (candidate `d` removed from row `r`, columns `c...`). With either
//! kind of line the puzzle is a pencil-mark state.

use std::sync::Arc;

use super::reader;
use crate::finding::{Code, Finding};
use crate::grid::{bit, full_mask};
use crate::syntax::lines::{lines_in, Kind, Ln};
use crate::syntax::src::Src;
use crate::syntax::{ParsedFile, PencilMarks};
use crate::text::TextRange;

/// An `I` or `E` line: its letter and its digits (each 1 to 9), when it is one.
fn step_line(line: &str) -> Option<(u8, Vec<u8>)> {
    let t = line.trim();
    let letter = t.bytes().next()?.to_ascii_uppercase();
    let ds: Vec<u8> = t.bytes().skip(1).map(|b| b.wrapping_sub(b'0')).collect();
    let ok = match letter {
        b'I' => ds.len() == 3,
        b'E' => (3..=11).contains(&ds.len()),
        _ => false,
    };
    (ok && ds.iter().all(|d| (1..=9).contains(d))).then_some((letter, ds))
}

/// Whether a line starts the `I`/`E` part: a letter `I` or `E` followed by a digit.
fn starts_steps(line: &str) -> bool {
    let b = line.trim().as_bytes();
    matches!(b.first(), Some(b'I' | b'E' | b'i' | b'e')) && b.get(1).is_some_and(u8::is_ascii_digit)
}

/// Reads an `.ss` file: one puzzle.
pub(super) fn parse(text: &str) -> ParsedFile {
    let mut r = reader(text);
    let mut grid: Vec<Ln> = Vec::new();
    let mut steps: Vec<Ln> = Vec::new();
    for ln in lines_in(Src::whole(text), 0, text.len()) {
        let line = &text[ln.full.as_range()];
        if line.trim().is_empty() {
            continue;
        }
        if !steps.is_empty() || starts_steps(line) {
            steps.push(ln);
        } else if ln.kind == Kind::Content {
            grid.push(ln);
        }
    }
    if grid.is_empty() {
        for ln in &steps {
            r.unrecognized(
                ln,
                "an .ss file's I and E lines follow its grid".to_string(),
                None,
            );
        }
        return r.done();
    }
    let before = r.out.puzzles.len();
    r.grid(&grid, Vec::new());
    let Some(mut p) = (r.out.puzzles.len() > before)
        .then(|| r.out.puzzles.pop())
        .flatten()
    else {
        return r.done();
    };
    if p.shape.size != 9 || steps.is_empty() {
        for ln in &steps {
            r.unrecognized(
                ln,
                "this line follows an .ss grid that is no 9x9 grid".to_string(),
                Some(p.index),
            );
        }
        r.out.puzzles.push(p);
        return r.done();
    }
    let mut marks = vec![full_mask(9); 81];
    let mut placed = vec![false; 81];
    let mut errors: Vec<Finding> = Vec::new();
    for ln in &steps {
        let body = {
            let s = &text[ln.full.as_range()];
            let lead = s.len() - s.trim_start().len();
            TextRange::new(ln.full.start + lead, ln.full.start + s.trim_end().len())
        };
        let Some((letter, ds)) = step_line(&text[ln.full.as_range()]) else {
            r.unrecognized(
                ln,
                "this line is no .ss step line: `Idrc` places digit d at row r, column c; `Edrc` removes candidate d from row r, column c (more columns may follow)".to_string(),
                Some(p.index),
            );
            continue;
        };
        let (d, row) = (ds[0], usize::from(ds[1]) - 1);
        if letter == b'I' {
            let cell = row * 9 + usize::from(ds[2]) - 1;
            if p.givens[cell] != 0 {
                let f = Finding::new(
                    Code::UnrecognizedLine,
                    ln.full,
                    format!(
                        "this line places {d} at {}, which the grid already holds",
                        p.shape.cell_name(cell)
                    ),
                )
                .in_puzzle(p.index);
                errors.push(f);
                continue;
            }
            p.givens[cell] = d;
            placed[cell] = true;
            p.cells.set(cell, body);
        } else {
            for &c in &ds[2..] {
                let cell = row * 9 + usize::from(c) - 1;
                marks[cell] &= !bit(d);
            }
        }
    }
    for (cell, m) in marks.iter_mut().enumerate() {
        if p.givens[cell] != 0 {
            *m = bit(p.givens[cell]);
        }
    }
    r.out.findings.extend(errors);
    p.pencil = Some(Arc::new(PencilMarks {
        candidates: marks,
        placed: if placed.contains(&true) {
            placed
        } else {
            Vec::new()
        },
        lines: Vec::new(),
    }));
    r.out.puzzles.push(p);
    r.done()
}
