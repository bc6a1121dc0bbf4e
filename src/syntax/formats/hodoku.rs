//! HoDoKu library lines: `:TTTT:d:cells:deleted:eliminations:extra`, one puzzle a line. `TTTT`
//! is a technique code, `d` a digit (or `x`), `cells` 81 cells (`.` or `0` blank) with `+` before
//! a digit placed after the start, `deleted` the candidates already removed as space-separated
//! `drc` triples (digit, row, column). A line with placed digits or deleted candidates is a
//! pencil-mark state; `:0000:x:cells:::` is a plain puzzle. `#` lines are comments.

use super::build::{self, cell_error, CellIn, Made, N};
use super::{meta_directive, reader};
use crate::finding::{Code, Finding};
use crate::grid::{bit, full_mask, Mask};
use crate::syntax::lines::{lines_in, Ln};
use crate::syntax::src::Src;
use crate::syntax::{Directive, Layout, ParsedFile};
use crate::text::TextRange;

/// How many puzzle lines decide whether a text is a HoDoKu library.
const SAMPLE: usize = 5;

/// The `@meta` names the fields around the cells are kept under.
pub const FIELDS: [&str; 4] = ["technique", "digit", "eliminations", "extra"];

/// Whether a line starts as a library line does: `:` four digits `:`.
fn is_library_line(line: &str) -> bool {
    let b = line.trim_start().as_bytes();
    b.len() > 6 && b[0] == b':' && b[1..5].iter().all(u8::is_ascii_digit) && b[5] == b':'
}

/// Whether a line holds no puzzle: blank, or a `#` comment.
fn is_aside(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// Whether a text is a HoDoKu library: its first puzzle lines (up to five) are all library
/// lines.
pub(super) fn looks_like_hodoku(text: &str) -> bool {
    let mut seen = 0;
    for line in text.lines().filter(|l| !is_aside(l)).take(SAMPLE) {
        if !is_library_line(line) {
            return false;
        }
        seen += 1;
    }
    seen > 0
}

/// The fields of a line between its colons, with their ranges (the line starts at `at`).
fn fields(line: &str, at: usize) -> Vec<TextRange> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in line.bytes().enumerate() {
        if b == b':' {
            out.push(TextRange::new(at + start, at + i));
            start = i + 1;
        }
    }
    out.push(TextRange::new(at + start, at + line.len()));
    out
}

/// Reads a library: each line a puzzle.
pub(super) fn parse(text: &str) -> ParsedFile {
    let mut r = reader(text);
    for ln in lines_in(Src::whole(text), 0, text.len()) {
        let line = &text[ln.full.as_range()];
        if is_aside(line) {
            continue;
        }
        if !is_library_line(line) {
            r.unrecognized(
                &ln,
                "this line is no HoDoKu library line (`:TTTT:d:cells:deleted:eliminations:extra`)"
                    .to_string(),
                None,
            );
            continue;
        }
        read_line(&mut r, text, &ln);
    }
    r.done()
}

/// Reads one library line.
fn read_line(r: &mut super::Reader<'_>, text: &str, ln: &Ln) {
    let line = &text[ln.full.as_range()];
    let lead = line.len() - line.trim_start().len();
    let body_end = ln.full.start + line.trim_end().len();
    let fs = fields(&text[ln.full.start + lead..body_end], ln.full.start + lead);
    // fs[0] is empty (before the first colon): technique, digit, cells, deleted, eliminations,
    // extra.
    let get = |i: usize| fs.get(i).copied();
    let Some(cells_range) = get(3) else {
        r.unrecognized(
            ln,
            "this HoDoKu line has no cells field (`:TTTT:d:cells:...`)".to_string(),
            None,
        );
        return;
    };
    let mut cells: Vec<CellIn> = Vec::with_capacity(81);
    let mut errors: Vec<Finding> = Vec::new();
    let cs = &text[cells_range.as_range()];
    let mut plus: Option<usize> = None;
    for (i, ch) in cs.char_indices() {
        let at = cells_range.start + i;
        let range = TextRange::new(plus.unwrap_or(at), at + ch.len_utf8());
        match ch {
            '+' if plus.is_none() => {
                plus = Some(at);
                continue;
            }
            '1'..='9' => cells.push(CellIn {
                range,
                value: ch as u8 - b'0',
                placed: plus.is_some(),
                marks: None,
            }),
            '.' | '0' if plus.is_none() => cells.push(CellIn::open(range)),
            _ => {
                errors.push(cell_error(
                    Code::InvalidSymbol,
                    range,
                    format!(
                        "`{}` is no cell of a HoDoKu line: a digit, `+` and a digit (placed), or `.`/`0`; it is read as an open cell",
                        &text[range.as_range()]
                    ),
                ));
                cells.push(CellIn::open(range));
            }
        }
        plus = None;
    }
    if cells.len() != 81 {
        r.unrecognized(
            ln,
            format!(
                "this HoDoKu line's cells field holds {} cells; it needs 81",
                cells.len()
            ),
            None,
        );
        return;
    }
    let mut own: Vec<Directive> = Vec::new();
    let mut pencil = cells.iter().any(|c| c.placed);
    if let Some(del) = get(4) {
        let mut removed: Vec<Mask> = vec![0; 81];
        for (i, tok) in text[del.as_range()].split_whitespace().enumerate() {
            let b = tok.as_bytes();
            let ok = b.len() == 3 && b.iter().all(|c| (b'1'..=b'9').contains(c));
            if !ok {
                errors.push(cell_error(
                    Code::InvalidSymbol,
                    del,
                    format!("`{tok}` (deleted candidate {}) is no `drc` triple (digit, row, column, each 1 to 9); it is left out", i + 1),
                ));
                continue;
            }
            let cell = usize::from(b[1] - b'1') * 9 + usize::from(b[2] - b'1');
            removed[cell] |= bit(b[0] - b'0');
            pencil = true;
        }
        for (c, m) in cells.iter_mut().zip(removed) {
            if m != 0 && c.value == 0 {
                c.marks = Some(full_mask(N) & !m);
            }
        }
    }
    for (name, i) in FIELDS.iter().zip([1usize, 2, 5, 6]) {
        let Some(mut f) = get(i) else { continue };
        if i == 6 {
            // The extra field runs to the end of the line, colons and all.
            f = TextRange::new(f.start, body_end);
        }
        let v = text[f.as_range()].trim();
        let default = match *name {
            "technique" => "0000",
            "digit" => "x",
            _ => "",
        };
        if !v.is_empty() && v != default {
            own.push(meta_directive(name, v, ln.full));
        }
    }
    let made = Made {
        layout: Layout::OneLiner,
        first_line: ln.full,
        range: ln.full,
        pencil,
        lines: Vec::new(),
    };
    build::push(r, &cells, made, own, errors);
}
