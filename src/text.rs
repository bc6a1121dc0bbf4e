//! Byte ranges in a document and the conversion of byte offsets to lines and columns.
//!
//! The core speaks only in byte offsets into the UTF-8 text. Renderers turn offsets into
//! line/column pairs in the unit they need: bytes (UTF-8), UTF-16 code units (the language
//! server's default) or Unicode scalar values (the CLI's JSON and human output).

use std::ops::Range;

/// A half-open byte range `start..end` into a document's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextRange {
    pub start: usize,
    pub end: usize,
}

impl TextRange {
    pub fn new(start: usize, end: usize) -> Self {
        debug_assert!(start <= end, "inverted range {start}..{end}");
        TextRange { start, end }
    }

    pub fn empty(at: usize) -> Self {
        TextRange { start: at, end: at }
    }

    pub fn len(self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// True when `offset` is inside the range or sits at its end (a cursor right after a cell
    /// still "touches" it).
    pub fn touches(self, offset: usize) -> bool {
        self.start <= offset && offset <= self.end
    }

    pub fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }

    pub fn shifted(self, by: usize) -> Self {
        TextRange::new(self.start + by, self.end + by)
    }

    /// Moves the range by `delta` bytes when it starts at or after `from`; earlier ranges stay.
    pub fn moved_from(self, from: usize, delta: isize) -> Self {
        if self.start < from {
            self
        } else {
            TextRange {
                start: self.start.saturating_add_signed(delta),
                end: self.end.saturating_add_signed(delta),
            }
        }
    }

    pub fn as_range(self) -> Range<usize> {
        self.start..self.end
    }
}

/// The unit in which a column is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnUnit {
    /// Bytes of UTF-8.
    Utf8,
    /// UTF-16 code units (LSP's default and what VS Code uses).
    Utf16,
    /// Unicode scalar values (`char`s): the CLI's JSON and human output.
    Utf32,
}

/// A 0-based line and column, the column counted in some [`ColumnUnit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// Where every line starts, so offsets convert to line/column pairs in `O(log lines)`.
///
/// Lines end at `\n`; a `\r` before it belongs to the line's terminator, not to its content, but
/// a position may still point at it (it is a valid column).
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut line_starts = Vec::with_capacity(text.len() / 16 + 1);
        line_starts.push(0);
        // `find` on a char uses memchr, many bytes at a time; a text of millions of lines is
        // indexed for every file the CLI renders and every edit the server sees.
        let mut at = 0;
        while let Some(i) = text[at..].find('\n') {
            at += i + 1;
            line_starts.push(at);
        }
        LineIndex {
            line_starts,
            len: text.len(),
        }
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The byte offset where line `line` starts, or `None` past the last line.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.line_starts.get(line).copied()
    }

    /// The byte range of line `line` without its terminator (`\n` or `\r\n`).
    pub fn line_range(&self, text: &str, line: usize) -> Option<TextRange> {
        let start = self.line_start(line)?;
        let mut end = self
            .line_starts
            .get(line + 1)
            .map(|&next| next - 1)
            .unwrap_or(self.len);
        if end > start && text.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        Some(TextRange::new(start, end))
    }

    /// The 0-based line holding byte `offset` (offsets past the end land on the last line).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.len);
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    /// Converts a byte offset into a line and a column in `unit`. An offset inside a multi-byte
    /// character is moved back to that character's start.
    pub fn line_col(&self, text: &str, offset: usize, unit: ColumnUnit) -> LineCol {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.line_starts[line];
        let prefix = &text[start..offset];
        let col = match unit {
            ColumnUnit::Utf8 => prefix.len(),
            ColumnUnit::Utf16 => prefix.chars().map(char::len_utf16).sum(),
            ColumnUnit::Utf32 => prefix.chars().count(),
        };
        LineCol {
            line: line as u32,
            col: col as u32,
        }
    }

    /// Converts a line and column in `unit` back into a byte offset. Every input is clamped: a
    /// line past the end gives the end of the text, a column past the end of its line gives the
    /// end of the line, and a column inside a character (half a surrogate pair) gives the
    /// character's start.
    pub fn offset(&self, text: &str, pos: LineCol, unit: ColumnUnit) -> usize {
        let line = pos.line as usize;
        let Some(range) = self.line_range(text, line) else {
            return text.len();
        };
        let line_text = &text[range.as_range()];
        let want = pos.col as usize;
        let mut seen = 0usize;
        for (i, ch) in line_text.char_indices() {
            if seen >= want {
                return range.start + i;
            }
            let w = match unit {
                ColumnUnit::Utf8 => ch.len_utf8(),
                ColumnUnit::Utf16 => ch.len_utf16(),
                ColumnUnit::Utf32 => 1,
            };
            if seen + w > want {
                return range.start + i;
            }
            seen += w;
        }
        range.end
    }
}

/// The largest char boundary at or below `offset`.
pub fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    if offset >= text.len() {
        return text.len();
    }
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_in_each_unit() {
        let text = "ab\r\n║5─\n𝄞x";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 3);
        let five = text.find('5').unwrap();
        assert_eq!(
            idx.line_col(text, five, ColumnUnit::Utf8),
            LineCol { line: 1, col: 3 }
        );
        assert_eq!(
            idx.line_col(text, five, ColumnUnit::Utf16),
            LineCol { line: 1, col: 1 }
        );
        let x = text.find('x').unwrap();
        assert_eq!(idx.line_col(text, x, ColumnUnit::Utf16).col, 2);
        assert_eq!(idx.line_col(text, x, ColumnUnit::Utf32).col, 1);
        assert_eq!(
            idx.offset(text, LineCol { line: 2, col: 2 }, ColumnUnit::Utf16),
            x
        );
        // Half a surrogate pair snaps back to the character's start.
        assert_eq!(
            idx.offset(text, LineCol { line: 2, col: 1 }, ColumnUnit::Utf16),
            text.find('𝄞').unwrap()
        );
        // Out of range positions clamp.
        assert_eq!(
            idx.offset(text, LineCol { line: 0, col: 99 }, ColumnUnit::Utf16),
            2
        );
        assert_eq!(
            idx.offset(text, LineCol { line: 9, col: 0 }, ColumnUnit::Utf16),
            text.len()
        );
        assert_eq!(idx.line_range(text, 0), Some(TextRange::new(0, 2)));
    }
}
