//! SadMan/SudoCue `.sdk`: `#A` author, `#D` description, `#C` comment, `#B` date, `#S`
//! source, `#L` level, `#U` URL lines, an optional `[Puzzle]` line, then the grid, read by the
//! grid reader (`grid.rs`).

use super::{field_directive, is_our_level, meta_directive, reader};
use crate::syntax::lines::{lines_in, Kind};
use crate::syntax::src::Src;
use crate::syntax::{Directive, ParsedFile};
use crate::text::TextRange;

/// The directive an `#X` line becomes: its `.sudoku` key, or `None` for a field kept as
/// `@meta` under the returned name.
fn key_of(letter: u8, value: &str) -> Result<&'static str, &'static str> {
    match letter.to_ascii_uppercase() {
        b'A' => Ok("author"),
        b'B' => Ok("date"),
        b'S' => Ok("source"),
        b'U' => Ok("url"),
        b'L' if is_our_level(value) => Ok("level"),
        b'L' => Err("level"),
        b'D' => Err("description"),
        b'C' => Err("comment"),
        _ => Err(""),
    }
}

/// Reads an `.sdk` file: its metadata lines become the grid's directives.
pub(super) fn parse(text: &str) -> ParsedFile {
    let mut r = reader(text);
    let mut own: Vec<Directive> = Vec::new();
    let mut seg = Vec::new();
    for ln in lines_in(Src::whole(text), 0, text.len()) {
        let line = &text[ln.full.as_range()];
        let t = line.trim_start();
        let lead = line.len() - t.len();
        let b = t.as_bytes();
        if b.first() == Some(&b'#') && b.get(1).is_some_and(|c| c.is_ascii_alphabetic()) {
            let value_start = ln.full.start + lead + 2;
            let v = TextRange::new(value_start, ln.full.end);
            let value = text[v.as_range()].trim();
            let lead_v = text[v.as_range()].len() - text[v.as_range()].trim_start().len();
            let v = TextRange::new(v.start + lead_v, v.start + lead_v + value.len());
            match key_of(b[1], value) {
                Ok(key) => own.push(field_directive(text, key, ln.full, v)),
                Err("") => own.push(meta_directive(&(b[1] as char).to_string(), value, ln.full)),
                Err(name) => own.push(meta_directive(name, value, ln.full)),
            }
            continue;
        }
        if t.trim().eq_ignore_ascii_case("[puzzle]") {
            continue;
        }
        if ln.kind == Kind::Content {
            seg.push(ln);
        }
    }
    if !seg.is_empty() {
        let (checked, meta): (Vec<Directive>, Vec<Directive>) =
            own.into_iter().partition(|d| d.key != "meta");
        let before = r.out.puzzles.len();
        r.grid(&seg, checked);
        if let Some(p) = r.out.puzzles.get_mut(before) {
            p.directives.all.extend(meta);
        }
    }
    r.done()
}
