//! The formatter behind `sudoku-lsp fmt` and the editor's document and range formatting: one
//! implementation, protocol-neutral, that turns a text into edits.
//!
//! It rewrites the layout and never the content: every given, blank, candidate set, comment,
//! directive value, trailing field and the order of everything stay; only blanks are written
//! with the configured character, and spacing, separators and frames follow the configured
//! [`Style`]. Work is done paragraph by paragraph (`layout.rs` finds which puzzle owns each line,
//! `render.rs` writes each paragraph anew): a paragraph with a syntax error or a line the reader
//! could not place is left as it is and named in [`Formatted::untouched`]. Runs of blank lines
//! become one blank line and none lead or trail the text, so no paragraph is split or joined
//! and every directive keeps its puzzle. Each line keeps its own line ending (a missing final
//! one is added).
//!
//! Before an answer is given the new text is read again (`verify.rs`) and compared with the
//! old one: same puzzles, cells, candidates, directives, trailing fields, comments and reader
//! findings. A paragraph that would read differently is left untouched instead, so formatting
//! can never change what a file means (docs/format.md).

mod layout;
mod render;
#[cfg(test)]
mod tests;
mod verify;

use crate::finding::{apply_edits, Edit};
use crate::text::TextRange;

use layout::File;

/// The layout `[format]` in `sudoku-lsp.toml` asks for: plain data the configuration reads.
pub use crate::config::{GridStyle, Style};

/// A paragraph the formatter left as it was, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untouched {
    /// The paragraph's lines (the whole text when the whole file was left).
    pub range: TextRange,
    pub reason: String,
}

/// What formatting a text gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Formatted {
    /// Edits on the original text, sorted, not overlapping, each covering whole lines that
    /// change (empty when the text is formatted already).
    pub edits: Vec<Edit>,
    /// The paragraphs left as they were.
    pub untouched: Vec<Untouched>,
}

impl Formatted {
    /// The formatted text.
    pub fn apply(&self, text: &str) -> String {
        // The edits come from disjoint chunks of the text; should that ever fail, nothing
        // changes rather than half of it.
        apply_edits(text, &self.edits).unwrap_or_else(|| text.to_string())
    }
}

/// Formats a whole text, read as the reader reads it: a byte-order mark is the decoder's to
/// skip (the CLI writes it back), so a text that still starts with one starts with a character
/// that is no comment, and its first paragraph is left untouched.
pub fn format(text: &str, style: &Style) -> Formatted {
    format_in(text, style, None)
}

/// Formats the paragraphs (and runs of blank lines) that `range` touches, and nothing else.
pub fn format_range(text: &str, style: &Style, range: TextRange) -> Formatted {
    format_in(text, style, Some(range))
}

/// How many times a paragraph that would read differently is put back before the whole text
/// is left as it is.
const MAX_REVERTS: usize = 16;

fn format_in(text: &str, style: &Style, only: Option<TextRange>) -> Formatted {
    let parsed = crate::syntax::parse(text);
    let file = File::read(text, &parsed);
    let mut chunks = file.chunks(style, only);
    for _ in 0..MAX_REVERTS {
        let edits = layout::edits(text, &chunks);
        let Some(new_text) = apply_edits(text, &edits) else {
            break;
        };
        match verify::first_difference(text, &parsed, &new_text) {
            None => {
                let untouched = layout::untouched(&chunks);
                return Formatted { edits, untouched };
            }
            Some(at) if layout::revert(&mut chunks, text, at) => {}
            Some(_) => break,
        }
    }
    whole_file_untouched(text)
}

/// The answer when formatting would change how the text reads in a way no single paragraph
/// explains: nothing changes.
fn whole_file_untouched(text: &str) -> Formatted {
    Formatted {
        edits: Vec::new(),
        untouched: vec![Untouched {
            range: TextRange::new(0, text.len()),
            reason: "formatting it would change how it reads".to_string(),
        }],
    }
}
