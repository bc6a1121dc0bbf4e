//! What each part of a text is, for an editor's colours and folds: each line's class with its
//! comment and directive key and value ([`lines`]), and what each cell of a puzzle holds
//! ([`Puzzle::cell_kind`]). The reader's own line classifier decides, so the colours say what
//! the reader reads.

use super::lines::{self, comment_start, is_blank, lines_in, Kind};
use super::src::Src;
use super::{Layout, Puzzle};
use crate::text::TextRange;

/// A line's class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineClass {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment.
    Comment,
    /// `@key value`.
    Directive,
    /// Anything else: a row, a separator line, a one-liner, an unrecognized line.
    Content,
}

/// One line: its class, its text without the comment (trimmed), its comment, and for a
/// directive the ranges of `@key` and of the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineParts {
    /// The line without its terminator.
    pub full: TextRange,
    pub class: LineClass,
    pub body: TextRange,
    pub comment: Option<TextRange>,
    pub key: Option<TextRange>,
    pub value: Option<TextRange>,
}

/// The lines of `text[start..end]` (`start` a line start), classified as the reader does.
pub fn lines(text: &str, start: usize, end: usize) -> impl Iterator<Item = LineParts> + '_ {
    let src = Src::whole(text);
    lines_in(src, start, end).map(move |ln| {
        let s = text.get(ln.full.as_range()).unwrap_or("");
        let class = match ln.kind {
            Kind::Blank => LineClass::Blank,
            Kind::Comment => LineClass::Comment,
            Kind::Directive => LineClass::Directive,
            Kind::Content => LineClass::Content,
        };
        let comment = if ln.plain {
            None
        } else {
            let (cut, has) = comment_start(s, class != LineClass::Directive);
            has.then(|| TextRange::new(ln.full.start + cut, ln.full.end))
        };
        let (key, value) = if class == LineClass::Directive {
            let d = super::directive::read(src, ln.full, ln.body);
            let value = (!d.value_range.is_empty()).then_some(d.value_range);
            (Some(super::directive::key_range(src, &d)), value)
        } else {
            (None, None)
        };
        LineParts {
            full: ln.full,
            class,
            body: ln.body,
            comment,
            key,
            value,
        }
    })
}

/// Whether `s` (a line's text without its comment) is a separator line (`------+-------`).
pub fn is_separator_line(s: &str) -> bool {
    lines::is_separator_like(s)
}

/// What a cell's text holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// A digit: a given, or a solved cell of a pencil-mark state.
    Given,
    /// A blank (`.`, `0`, ...): an empty cell.
    Blank,
    /// The candidates of a pencil-mark state's empty cell.
    Candidates,
    /// Something that is no symbol of the puzzle's alphabet (`invalid-symbol`).
    Invalid,
}

impl Puzzle {
    /// What cell `cell` holds, as written in `text`; `None` for a cell missing from its row.
    pub fn cell_kind(&self, text: &str, cell: usize) -> Option<CellKind> {
        let range = self.cells.get(cell).filter(|r| !r.is_empty())?;
        if self.givens.get(cell).copied().unwrap_or(0) != 0 {
            return Some(CellKind::Given);
        }
        let s = text.get(range.as_range())?;
        let mut chars = s.chars();
        let first = chars.next()?;
        let single = chars.next().is_none();
        let valid = |ch: char| self.alphabet.value_of(ch).is_some() || is_blank(ch);
        Some(match self.layout {
            Layout::CandidateLine if s.chars().all(valid) => CellKind::Candidates,
            Layout::PencilGrid if !single && s.chars().all(valid) => CellKind::Candidates,
            _ if single && self.alphabet.value_of(first).is_none() && is_blank(first) => {
                CellKind::Blank
            }
            // A numbered row writes a blank as `0` or `.` and a digit as a number.
            _ if !single && s.chars().all(|c| c.is_ascii_digit()) => CellKind::Blank,
            _ => CellKind::Invalid,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    #[test]
    fn lines_name_comments_and_directive_parts() {
        let text = "# header\n@title  The one \n\n1.3.....2....... # four\n";
        let got: Vec<LineParts> = lines(text, 0, text.len()).collect();
        assert_eq!(got[0].class, LineClass::Comment);
        assert_eq!(got[0].comment, Some(TextRange::new(0, 8)));
        let d = &got[1];
        assert_eq!(d.class, LineClass::Directive);
        assert_eq!(&text[d.key.unwrap().as_range()], "@title");
        assert_eq!(&text[d.value.unwrap().as_range()], "The one");
        assert_eq!(got[2].class, LineClass::Blank);
        assert_eq!(&text[got[3].comment.unwrap().as_range()], "# four");
    }

    #[test]
    fn cells_are_given_blank_candidates_or_invalid() {
        let text = "1.3?....2.......\n";
        let p = &parse(text).puzzles[0];
        let kinds: Vec<_> = (0..4).map(|c| p.cell_kind(text, c).unwrap()).collect();
        assert_eq!(
            kinds,
            [
                CellKind::Given,
                CellKind::Blank,
                CellKind::Given,
                CellKind::Invalid
            ]
        );
    }
}
