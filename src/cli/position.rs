//! Byte offsets to 1-based or 0-based line/column pairs, columns in Unicode scalar values.
//!
//! [`LineIndex::line_col`] counts from the start of the line every time, which is quadratic
//! when a single 2 MB line carries many findings. Findings arrive sorted by position, so the
//! locator remembers the last answer and counts on from it when the next offset is further
//! along the same line. The answers are exactly those of `LineIndex::line_col(.., Utf32)`.

use crate::text::{floor_char_boundary, LineCol, LineIndex, TextRange};

pub struct Locator<'a> {
    text: &'a str,
    index: LineIndex,
    /// The last offset located, its line and its column.
    last: (usize, u32, u32),
}

impl<'a> Locator<'a> {
    pub fn new(text: &'a str) -> Self {
        Locator {
            text,
            index: LineIndex::new(text),
            last: (0, 0, 0),
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    pub fn index(&self) -> &LineIndex {
        &self.index
    }

    /// The 0-based line and column (in `char`s) of a byte offset, clamped into the text.
    pub fn locate(&mut self, offset: usize) -> LineCol {
        let offset = floor_char_boundary(self.text, offset.min(self.text.len()));
        let line = self.index.line_of(offset);
        let (last_offset, last_line, last_col) = self.last;
        let col = if line as u32 == last_line && offset >= last_offset {
            last_col as usize + self.text[last_offset..offset].chars().count()
        } else {
            let start = self.index.line_start(line).unwrap_or(0);
            self.text[start..offset].chars().count()
        };
        let pos = LineCol {
            line: line as u32,
            col: col as u32,
        };
        self.last = (offset, pos.line, pos.col);
        pos
    }

    /// Both ends of a range, 0-based.
    pub fn locate_range(&mut self, range: TextRange) -> (LineCol, LineCol) {
        let start = self.locate(range.start);
        let end = self.locate(range.end.max(range.start));
        (start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::ColumnUnit;

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
}
