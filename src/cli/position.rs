//! Byte offsets to 0-based line/column pairs for the CLI's output, columns in Unicode scalar
//! values.
//!
//! Findings arrive sorted by position, so the locator converts them with a [`Cursor`], which
//! counts on from its last answer along a long line instead of from the line's start. The
//! answers are exactly those of `LineIndex::line_col(.., Utf32)`.
//!
//! A long file is streamed through a window (see `render`): a locator then sees only the window,
//! plus the few earlier blocks of text that findings may still point back to (the file's header,
//! where its default directives are).

use std::sync::Arc;

use crate::text::{floor_char_boundary, ColumnUnit, Cursor, LineCol, LineIndex, TextRange};

/// A block of text from before the window, kept because findings may point into it.
#[derive(Debug)]
pub struct Earlier {
    /// Its offset in the whole text.
    start: usize,
    /// The 0-based line of the whole text it starts on.
    line: u32,
    /// The block itself.
    text: String,
    /// The lines of `text`.
    index: LineIndex,
}

impl Earlier {
    /// `text` starts at byte `start`, on line `line`, of the whole text; it should end at a
    /// line end.
    pub fn new(text: String, start: usize, line: u32) -> Self {
        Earlier {
            start,
            line,
            index: LineIndex::new(&text),
            text,
        }
    }

    /// Whether the block holds `offset` of the whole text (its end included).
    fn contains(&self, offset: usize) -> bool {
        offset >= self.start && offset - self.start <= self.text.len()
    }
}

/// Converts byte offsets of a text, or of a window onto it, into lines and columns (in `char`s)
/// of the whole text.
pub struct Locator<'a> {
    /// The text, or the window onto it.
    text: &'a str,
    /// Where the window starts in the whole text.
    base: usize,
    /// The 0-based line of the whole text the window starts on.
    base_line: u32,
    /// The lines of the window.
    index: LineIndex,
    /// Blocks from before the window that findings may point back into.
    earlier: &'a [Arc<Earlier>],
    /// Walks forward through the window.
    cursor: Cursor,
}

impl<'a> Locator<'a> {
    /// A locator for a whole text.
    pub fn new(text: &'a str) -> Self {
        Locator::window(text, 0, 0, &[])
    }

    /// A locator for `text`, the part of a longer text that starts at byte `base`, on the
    /// 0-based line `base_line`; offsets before the window are looked up in `earlier`.
    pub fn window(text: &'a str, base: usize, base_line: u32, earlier: &'a [Arc<Earlier>]) -> Self {
        Locator {
            text,
            base,
            base_line,
            index: LineIndex::new(text),
            earlier,
            cursor: Cursor::new(ColumnUnit::Utf32),
        }
    }

    /// The number of lines the window starts (the last one may be empty or unfinished).
    pub fn lines(&self) -> usize {
        self.index.line_count()
    }

    /// The 0-based line and column (in `char`s) of a byte offset, clamped into the text.
    pub fn locate(&mut self, offset: usize) -> LineCol {
        if offset < self.base {
            return self.locate_earlier(offset);
        }
        let pos = self
            .cursor
            .line_col(self.text, &self.index, offset - self.base);
        LineCol {
            line: self.base_line.saturating_add(pos.line),
            col: pos.col,
        }
    }

    /// The line and column of an offset before the window, from the block that holds it.
    fn locate_earlier(&self, offset: usize) -> LineCol {
        match self.earlier.iter().find(|e| e.contains(offset)) {
            Some(e) => {
                let pos = e
                    .index
                    .line_col(&e.text, offset - e.start, ColumnUnit::Utf32);
                LineCol {
                    line: e.line.saturating_add(pos.line),
                    col: pos.col,
                }
            }
            // Nothing kept there: the reader never points back outside what was kept, so this
            // is only a fallback that keeps the output well-formed.
            None => LineCol {
                line: self.base_line,
                col: 0,
            },
        }
    }

    /// Both ends of a range, 0-based.
    pub fn locate_range(&mut self, range: TextRange) -> (LineCol, LineCol) {
        let start = self.locate(range.start);
        let end = self.locate(range.end.max(range.start));
        (start, end)
    }

    /// The line holding `offset` (without its terminator) and the offset it starts at, when
    /// the text is at hand.
    pub fn line_at(&self, offset: usize) -> Option<(usize, &str)> {
        let (text, index, base) = if offset < self.base {
            let e = self.earlier.iter().find(|e| e.contains(offset))?;
            (e.text.as_str(), &e.index, e.start)
        } else {
            (self.text, &self.index, self.base)
        };
        let local = floor_char_boundary(text, (offset - base).min(text.len()));
        let range = index.line_range(text, index.line_of(local))?;
        Some((base + range.start, text.get(range.as_range())?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_line_index_in_any_order() {
        let text = "ab\r\n║5─x\n𝄞x\n\nlast";
        let index = LineIndex::new(text);
        let mut locator = Locator::new(text);
        let offsets: Vec<usize> = (0..=text.len() + 3)
            .chain((0..text.len()).rev())
            .chain([7, 2, 9, 1, 30])
            .collect();
        for offset in offsets {
            assert_eq!(
                locator.locate(offset),
                index.line_col(text, offset, ColumnUnit::Utf32),
                "offset {offset}"
            );
        }
    }

    #[test]
    fn a_window_with_an_earlier_block_agrees_with_the_whole_text() {
        let text = "@box 2x3\n# header\nab\r\n║5─x\n𝄞x\n\nlast";
        let head_end = text.find("ab").unwrap();
        let window_start = text.find("𝄞").unwrap();
        let index = LineIndex::new(text);
        let line_of = |o: usize| index.line_of(o) as u32;
        let earlier = [Arc::new(Earlier::new(text[..head_end].to_string(), 0, 0))];
        let mut locator = Locator::window(
            &text[window_start..],
            window_start,
            line_of(window_start),
            &earlier,
        );
        for offset in (0..=head_end).chain(window_start..=text.len()) {
            assert_eq!(
                locator.locate(offset),
                index.line_col(text, offset, ColumnUnit::Utf32),
                "offset {offset}"
            );
            if offset == head_end {
                // The start of a line the block does not hold: located, but not shown.
                continue;
            }
            let whole = index.line_range(text, index.line_of(offset)).unwrap();
            assert_eq!(
                locator.line_at(offset),
                Some((whole.start, &text[whole.as_range()])),
                "offset {offset}"
            );
        }
    }
}
