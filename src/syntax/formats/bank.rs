//! Bank lines: `<hex id> <cells> [<rating>]`, one puzzle a line (the large rated banks). The id
//! is kept as `@id`, the cells read as a one-liner, the trailing token as its rating.

use super::{field_directive, reader};
use crate::syntax::lines::{Kind, Ln};
use crate::syntax::src::Src;
use crate::syntax::ParsedFile;
use crate::text::TextRange;

/// How many puzzle lines decide whether a text is a bank.
const SAMPLE: usize = 5;

/// A bank line's parts: the id's range and the rest (cells, then the rating if any).
fn split(line: &str) -> Option<(TextRange, TextRange)> {
    let lead = line.len() - line.trim_start().len();
    let rest = &line[lead..];
    let id_len = rest.find(|c: char| c.is_whitespace())?;
    let id = &rest[..id_len];
    if !(4..=40).contains(&id.len()) || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let after = &rest[id_len..];
    let gap = after.len() - after.trim_start().len();
    let cells_start = lead + id_len + gap;
    let body_end = line.trim_end().len();
    // `get`: an id followed by white space only leaves no cells (the range would be reversed).
    let cells = line.get(cells_start..body_end)?;
    let first = cells.split_whitespace().next()?;
    // The cells: at least a 6x6 one-liner, so a 4x4 one-liner with a trailing field is no id.
    if first.len() < 36 || !super::table::is_cell_string(first) {
        return None;
    }
    Some((
        TextRange::new(lead, lead + id_len),
        TextRange::new(cells_start, body_end),
    ))
}

/// A line that looks like a bank line but whose cells are not a puzzle's: a hex id, then a run
/// of at least 36 digits and dots of no puzzle's length. Returns that run's length. Such a line is
/// one finding, never read as `.sudoku` text with a finding a character.
fn loose(line: &str) -> Option<usize> {
    let mut toks = line.split_whitespace();
    let id = toks.next()?;
    let cells = toks.next()?;
    let hex = (4..=40).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_hexdigit());
    let digits = cells.len() >= 36 && cells.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    (hex && digits).then_some(cells.len())
}

/// Whether a line holds no puzzle: blank, or a `#` comment.
fn is_aside(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// Whether a text is a bank: its first puzzle lines (up to five) are all bank lines.
pub(super) fn looks_like_bank(text: &str) -> bool {
    let mut seen = 0;
    for line in text.lines().filter(|l| !is_aside(l)).take(SAMPLE) {
        if split(line).is_none() && loose(line).is_none() {
            return false;
        }
        seen += 1;
    }
    seen > 0
}

/// Reads a bank: each bank line a one-liner with its id; comments and blank lines skipped;
/// any other line is an `unrecognized-line`.
pub(super) fn parse(text: &str) -> ParsedFile {
    let mut r = reader(text);
    for ln in crate::syntax::lines::lines_in(Src::whole(text), 0, text.len()) {
        let line = &text[ln.full.as_range()];
        if is_aside(line) {
            continue;
        }
        let Some((id, cells)) = split(line) else {
            let message = match loose(line) {
                Some(k) => format!(
                    "this bank line's cells are {k} characters, which is no puzzle's size (81 for a 9x9): the line is not read"
                ),
                None => "this line is not a bank line (`<hex id> <cells> [<rating>]`)".to_string(),
            };
            r.unrecognized(&ln, message, None);
            continue;
        };
        let (id, cells) = (id.shifted(ln.full.start), cells.shifted(ln.full.start));
        let body = &text.as_bytes()[cells.as_range()];
        let row = Ln {
            full: ln.full,
            body: cells,
            kind: Kind::Content,
            plain: body.iter().all(|&b| b.is_ascii_digit() || b == b'.'),
        };
        r.one_liner(&row, vec![field_directive(text, "id", id, id)]);
    }
    r.done()
}
