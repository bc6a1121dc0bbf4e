//! Reading the formatted text back: it must hold the same puzzles (layout, shape, alphabet,
//! givens, each cell as written, candidates, trailing field, rating, directives), the same
//! reader findings and the same comments, in the same order, as the original.

use crate::finding::Finding;
use crate::syntax::{self, ParsedFile, Puzzle};

/// Where the original first reads differently from `new_text`: the start of the puzzle or
/// finding that differs, `usize::MAX` when no place in the original explains it; `None` when
/// both read the same.
pub(super) fn first_difference(old_text: &str, old: &ParsedFile, new_text: &str) -> Option<usize> {
    let new = syntax::parse(new_text);
    for (i, a) in old.puzzles.iter().enumerate() {
        match new.puzzles.get(i) {
            Some(b) if same_puzzle(old_text, a, new_text, b) => {}
            _ => return Some(a.first_line.start),
        }
    }
    if new.puzzles.len() != old.puzzles.len() {
        return Some(usize::MAX);
    }
    for (i, a) in old.findings.iter().enumerate() {
        match new.findings.get(i) {
            Some(b) if same_finding(a, b) => {}
            _ => return Some(a.range.start),
        }
    }
    if new.findings.len() != old.findings.len() || !same_comments(old_text, new_text) {
        return Some(usize::MAX);
    }
    None
}

/// Two puzzles that read the same, wherever they are written.
fn same_puzzle(at: &str, a: &Puzzle, bt: &str, b: &Puzzle) -> bool {
    let slice = |t: &str, r: crate::text::TextRange| t.get(r.as_range()).unwrap_or("").to_string();
    let directives = |p: &Puzzle| -> Vec<(String, String)> {
        p.directives
            .all
            .iter()
            .map(|d| (d.key.clone(), d.value.clone()))
            .collect()
    };
    let written = |t: &str, p: &Puzzle| -> Vec<String> {
        p.cells
            .iter()
            .zip(&p.givens)
            .map(|(r, &g)| if g == 0 { String::new() } else { slice(t, r) })
            .collect()
    };
    a.layout == b.layout
        && a.shape == b.shape
        && a.alphabet == b.alphabet
        && a.givens == b.givens
        && a.rating == b.rating
        && a.has_syntax_error == b.has_syntax_error
        && a.candidates() == b.candidates()
        && a.trailing.map(|r| slice(at, r)) == b.trailing.map(|r| slice(bt, r))
        && directives(a) == directives(b)
        && written(at, a) == written(bt, b)
}

/// Two reader findings that say the same about the same puzzle.
fn same_finding(a: &Finding, b: &Finding) -> bool {
    (a.code, a.severity, &a.message, a.puzzle) == (b.code, b.severity, &b.message, b.puzzle)
}

/// The comments of two texts are the same, in the same order.
fn same_comments(a: &str, b: &str) -> bool {
    comments(a).eq(comments(b))
}

/// Every comment of a text, trimmed, in order.
fn comments(text: &str) -> impl Iterator<Item = &str> {
    syntax::lines(text).filter_map(move |ln| {
        let c = text.get(ln.body.end..ln.full.end).unwrap_or("").trim();
        (!c.is_empty()).then_some(c)
    })
}
