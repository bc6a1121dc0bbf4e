//! Lines of a `.sudoku` text and the character classes the format gives meaning to: comments,
//! cell separators, blanks, and the border characters of separator lines.

use super::src::Src;
use crate::text::TextRange;

/// Whitespace between cells; tabs count as spaces, and so does any other Unicode space.
pub(super) fn is_space(ch: char) -> bool {
    ch.is_whitespace()
}

/// [`is_space`] for an ASCII byte.
pub(super) fn is_space_byte(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

/// [`is_cell_separator`] for an ASCII byte.
pub(super) fn is_cell_separator_byte(b: u8) -> bool {
    is_space_byte(b) || b == b'|' || b == b','
}

/// Characters that separate cells and boxes inside a row and carry no meaning.
pub(super) fn is_cell_separator(ch: char) -> bool {
    is_space(ch) || matches!(ch, '|' | ',' | '│' | '┃' | '║')
}

/// The blank characters of the format (docs/format.md#cells-and-alphabets); `0` only counts
/// when it is not a symbol, which the caller checks first.
pub(super) fn is_blank(ch: char) -> bool {
    matches!(ch, '.' | '0' | '_' | '-' | 'x' | 'X' | '*')
}

/// Characters a separator line may hold besides spaces.
fn is_border(ch: char) -> bool {
    matches!(ch, '-' | '=' | '+' | '|' | '*' | '.' | ':' | '\'')
        || ('\u{2500}'..='\u{257F}').contains(&ch)
}

/// Horizontal strokes: a separator line needs at least three.
fn is_stroke(ch: char) -> bool {
    matches!(ch, '-' | '=' | '─' | '━' | '═')
}

/// True when `s` is made of border characters and spaces only, with at least three strokes.
pub(super) fn is_separator_like(s: &str) -> bool {
    // An ASCII line (most of a collection's, and most stop at their first cell) is read a byte
    // at a time, without decoding characters.
    if s.is_ascii() {
        separator(s.bytes().map(char::from))
    } else {
        separator(s.chars())
    }
}

/// [`is_separator_like`] on a line's characters.
fn separator(chars: impl Iterator<Item = char>) -> bool {
    let mut strokes = 0usize;
    for ch in chars {
        if is_stroke(ch) {
            strokes += 1;
        } else if !(is_space(ch) || is_border(ch)) {
            return false;
        }
    }
    strokes >= 3
}

/// The value a character has in the widest default alphabet (`1`-`9`, `A`-`Z`): `Some(0)` for a
/// blank, `Some(v)` for a symbol, `None` for anything else. Used to guess a grid's size before
/// its alphabet is known.
pub(super) fn default_value(ch: char) -> Option<u8> {
    if is_blank(ch) {
        return Some(0);
    }
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        _ => None,
    }
}

/// What kind of line it is, before any context is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Nothing but whitespace: ends a paragraph.
    Blank,
    /// Only a comment (after optional whitespace).
    Comment,
    /// `@key value`.
    Directive,
    /// Anything else: a row, a separator, a one-liner, or an unrecognized line.
    Content,
}

/// One line of the text.
#[derive(Clone, Copy, Debug)]
pub struct Ln {
    /// The line without its terminator (`\n` or `\r\n`).
    pub full: TextRange,
    /// The line without its comment, trimmed of whitespace.
    pub body: TextRange,
    pub kind: Kind,
    /// The line is nothing but digits and dots (`body == full`): the line of a collection of
    /// one-liners, which needs no further scan for comments, fields or separators.
    pub plain: bool,
}

/// Splits `text[start..end]` into lines, classifying each one. Runs in linear time: each byte
/// is looked at a bounded number of times.
///
/// Ranges point into the whole `text`. `start` must be a line
/// start and `end` a line start or the end of the text.
pub(super) fn lines_in(text: Src<'_>, start: usize, end: usize) -> impl Iterator<Item = Ln> + '_ {
    let end = end.min(text.end());
    let mut pos = start.min(end);
    let mut done = pos >= end && end < text.end();
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let rest = text.get(pos..end)?;
        let (line_end, next) = match rest.find('\n') {
            Some(i) => (pos + i, pos + i + 1),
            None => {
                done = true;
                (end, end)
            }
        };
        if next >= end && line_end < end && end < text.end() {
            // A piece that ends right after this line's terminator: the next piece starts
            // there. (At the end of the whole text, the empty last line is still read, as it
            // always was.)
            done = true;
        }
        let start = pos;
        pos = next;
        let mut content_end = line_end;
        if content_end > start && text.byte(content_end - 1) == Some(b'\r') {
            content_end -= 1;
        }
        Some(classify(text, TextRange::new(start, content_end)))
    })
}

fn classify(text: Src<'_>, full: TextRange) -> Ln {
    let s = text.get(full.as_range()).unwrap_or("");
    if is_plain(s.as_bytes()) {
        return Ln {
            full,
            body: full,
            kind: Kind::Content,
            plain: true,
        };
    }
    let lead = s.len() - s.trim_start_matches(is_space).len();
    let directive = s[lead..].starts_with('@');
    let (cut, has_comment) = comment_start(s, !directive);
    let kept = &s[..cut];
    let trimmed_end = kept.trim_end_matches(is_space).len();
    let body = if trimmed_end <= lead {
        TextRange::empty(full.start + lead.min(cut))
    } else {
        TextRange::new(full.start + lead, full.start + trimmed_end)
    };
    let kind = if body.is_empty() {
        if has_comment {
            Kind::Comment
        } else {
            Kind::Blank
        }
    } else if directive {
        Kind::Directive
    } else {
        Kind::Content
    };
    Ln {
        full,
        body,
        kind,
        plain: false,
    }
}

/// True for a non-empty run of digits and dots. Checks every byte without stopping early, which
/// the compiler turns into a few vector instructions per line.
fn is_plain(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes.iter().fold(true, |ok, &b| {
            ok & ((b.wrapping_sub(b'0') < 10) | (b == b'.'))
        })
}

/// Where the comment of a line starts (its length when there is none) and whether it has one.
/// `#` starts a comment at the line start or after whitespace; `//` does after whitespace that
/// follows some content (after a puzzle's cells), and never in a directive, whose value may be a
/// URL (docs/format.md#comments: `@url https://...` keeps its value).
pub(super) fn comment_start(s: &str, allow_slashes: bool) -> (usize, bool) {
    let bytes = s.as_bytes();
    if s.is_ascii() {
        // Every collection of one-liners: bytes are characters, so no decoding is needed.
        let mut after_space = true;
        let mut seen_content = false;
        for (i, &b) in bytes.iter().enumerate() {
            if after_space {
                if b == b'#' {
                    return (i, true);
                }
                if allow_slashes && seen_content && b == b'/' && bytes.get(i + 1) == Some(&b'/') {
                    return (i, true);
                }
            }
            after_space = is_space_byte(b);
            seen_content |= !after_space;
        }
        return (s.len(), false);
    }
    let mut after_space = true;
    let mut seen_content = false;
    for (i, ch) in s.char_indices() {
        if after_space {
            if ch == '#' {
                return (i, true);
            }
            if allow_slashes && seen_content && ch == '/' && bytes.get(i + 1) == Some(&b'/') {
                return (i, true);
            }
        }
        after_space = is_space(ch);
        seen_content |= !after_space;
    }
    (s.len(), false)
}

/// How many cells [`char_cells`] would yield, without building them.
pub(super) fn count_cells(text: Src<'_>, range: TextRange) -> usize {
    let s = text.get(range.as_range()).unwrap_or("");
    if s.is_ascii() {
        s.bytes().filter(|&b| !is_cell_separator_byte(b)).count()
    } else {
        char_cells(text, range).count()
    }
}

/// Hands the cells of `text[range]` to `each`, as [`char_cells`] yields them, with their
/// index; ASCII text (every collection of one-liners) is read byte by byte without decoding
/// characters.
pub(super) fn for_each_cell(
    text: Src<'_>,
    range: TextRange,
    mut each: impl FnMut(usize, TextRange, char),
) {
    let s = text.get(range.as_range()).unwrap_or("");
    if s.is_ascii() {
        let mut k = 0;
        for (i, &b) in s.as_bytes().iter().enumerate() {
            if !is_cell_separator_byte(b) {
                let start = range.start + i;
                each(k, TextRange::new(start, start + 1), b as char);
                k += 1;
            }
        }
    } else {
        for (k, (r, ch)) in char_cells(text, range).enumerate() {
            each(k, r, ch);
        }
    }
}

/// The non-separator characters of `range` with their byte ranges: the cells of a row read one
/// character a cell.
pub(super) fn char_cells(
    text: Src<'_>,
    range: TextRange,
) -> impl Iterator<Item = (TextRange, char)> + '_ {
    let s = text.get(range.as_range()).unwrap_or("");
    s.char_indices()
        .filter(|&(_, ch)| !is_cell_separator(ch))
        .map(move |(i, ch)| {
            let start = range.start + i;
            (TextRange::new(start, start + ch.len_utf8()), ch)
        })
}

/// A token of a row read as numbers: `value` 0 for a blank.
#[derive(Clone, Copy, Debug)]
pub(super) struct NumTok {
    pub range: TextRange,
    pub value: u32,
}

/// Reads `range` as whitespace- or comma-separated numbers and blanks, handing each token to
/// `each`. `None` when a token is neither (tokens already handed over are then to be
/// discarded); otherwise whether some number has two or more digits, which is what makes a row
/// a numbered row rather than one character a cell.
pub(super) fn scan_numbers(
    text: Src<'_>,
    range: TextRange,
    mut each: impl FnMut(NumTok),
) -> Option<bool> {
    let s = text.get(range.as_range())?;
    let mut multi = false;
    let mut start: Option<usize> = None;
    // A sentinel separator at the end closes the last token without a second code path.
    for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        if is_cell_separator(ch) {
            if let Some(st) = start.take() {
                let tok = &s[st..i];
                let value = if tok.bytes().all(|b| b.is_ascii_digit()) {
                    multi |= tok.len() >= 2;
                    // Long digit runs are out of range anyway; cap them instead of overflowing.
                    if tok.len() > 3 {
                        u32::MAX
                    } else {
                        tok.parse::<u32>().unwrap_or(u32::MAX)
                    }
                } else if tok.chars().nth(1).is_none() && tok.chars().all(is_blank) {
                    0
                } else {
                    return None;
                };
                each(NumTok {
                    range: TextRange::new(range.start + st, range.start + i),
                    value,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    Some(multi)
}

/// The first whitespace-separated field of a body and what follows it (trimmed, possibly
/// empty).
pub(super) fn first_field(text: Src<'_>, body: TextRange) -> (TextRange, TextRange) {
    let s = text.get(body.as_range()).unwrap_or("");
    // Collections are ASCII: a byte scan finds the end of the first field without decoding
    // characters (an ASCII byte is a whole character, so the offset is a char boundary).
    let end = match s.bytes().position(|b| is_space_byte(b) || !b.is_ascii()) {
        Some(i) if s.as_bytes()[i].is_ascii() => i,
        Some(_) => s.find(is_space).unwrap_or(s.len()),
        None => s.len(),
    };
    let rest = &s[end..];
    let lead = rest.len() - rest.trim_start_matches(is_space).len();
    (
        TextRange::new(body.start, body.start + end),
        TextRange::new(
            body.start + end + lead,
            body.end.max(body.start + end + lead),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ASCII line read a byte at a time reads as its decoded characters do, on every ASCII
    /// byte among strokes and alone, in pairs (some lines are separators, most are not).
    #[test]
    fn separators_read_the_same_a_byte_at_a_time() {
        let mut separators = 0;
        for a in 0..128u8 {
            for b in 0..128u8 {
                let (a, b) = (char::from(a), char::from(b));
                for s in [format!("{a}--{b}"), format!("-{a}-{b}-"), format!("{a}{b}")] {
                    let want = separator(s.chars());
                    assert_eq!(is_separator_like(&s), want, "{s:?}");
                    separators += usize::from(want);
                }
            }
        }
        assert!(separators > 100, "{separators}");
    }
}
