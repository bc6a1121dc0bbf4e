//! Byte ranges in a document and the conversion of byte offsets to lines and columns.
//!
//! The core speaks only in byte offsets into the UTF-8 text. Renderers turn offsets into
//! line/column pairs in the unit they need: bytes (UTF-8), UTF-16 code units (the language
//! server's default) or Unicode scalar values (the CLI's JSON and human output).
//!
//! The width of a character in each unit is [`ColumnUnit::width`]; every count of columns, in
//! either direction, goes through it or [`ColumnUnit::columns`] and [`ColumnUnit::prefix_len`].
//! [`LineIndex`] answers any single question; a [`Cursor`] answers a run of questions in
//! increasing order (the CLI's `Locator`, the language server's `Mapper`) in one pass over a
//! long line.

use std::ops::Range;

/// A half-open byte range `start..end` into a document's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextRange {
    /// The first byte of the range.
    pub start: usize,
    /// The byte just after the range.
    pub end: usize,
}

impl TextRange {
    /// The range `start..end`; `start` must not be after `end`.
    pub fn new(start: usize, end: usize) -> Self {
        debug_assert!(start <= end, "inverted range {start}..{end}");
        TextRange { start, end }
    }

    /// The empty range at `at` (a position between two bytes).
    pub fn empty(at: usize) -> Self {
        TextRange { start: at, end: at }
    }

    /// How many bytes the range covers.
    pub fn len(self) -> usize {
        self.end - self.start
    }

    /// True when the range covers no byte.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// True when `offset` is inside the range or sits at its end (a cursor right after a cell
    /// still "touches" it).
    pub fn touches(self, offset: usize) -> bool {
        self.start <= offset && offset <= self.end
    }

    /// True when the byte at `offset` is inside the range (its end is not).
    pub fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }

    /// The range moved `by` bytes further into the text (from a piece's text to the whole).
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

    /// The range as a standard range, to slice the text with.
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

impl ColumnUnit {
    /// How many columns `ch` takes in this unit.
    pub fn width(self, ch: char) -> usize {
        match self {
            ColumnUnit::Utf8 => ch.len_utf8(),
            ColumnUnit::Utf16 => ch.len_utf16(),
            ColumnUnit::Utf32 => 1,
        }
    }

    /// How many columns `text` takes in this unit: the sum of [`width`](Self::width) over its
    /// characters, with the shortcuts the standard library offers for bytes and `char`s.
    pub fn columns(self, text: &str) -> usize {
        match self {
            ColumnUnit::Utf8 => text.len(),
            ColumnUnit::Utf16 => text.chars().map(char::len_utf16).sum(),
            ColumnUnit::Utf32 => text.chars().count(),
        }
    }

    /// The number of bytes of the characters of `chars` that fit in `col` columns: the byte
    /// offset of column `col` in a line whose content is `chars`. A column past the end gives
    /// the length of the whole line; a column inside a character (half a surrogate pair) gives
    /// that character's start.
    pub fn prefix_len(self, chars: impl IntoIterator<Item = char>, col: usize) -> usize {
        let mut seen = 0usize;
        let mut bytes = 0usize;
        for ch in chars {
            let w = self.width(ch);
            if seen + w > col {
                break;
            }
            seen += w;
            bytes += ch.len_utf8();
        }
        bytes
    }
}

/// A 0-based line and column, the column counted in some [`ColumnUnit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    /// The 0-based line.
    pub line: u32,
    /// The 0-based column, in the unit of the conversion that gave it.
    pub col: u32,
}

/// Where every line starts, so offsets convert to line/column pairs in `O(log lines)`.
///
/// Lines end at `\n`; a `\r` before it belongs to the line's terminator, not to its content, but
/// a position may still point at it (it is a valid column).
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// The byte offset of the start of each line, the first one 0.
    line_starts: Vec<usize>,
    /// The length of the text, where the last line ends.
    len: usize,
}

impl LineIndex {
    /// Indexes the lines of `text`.
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

    /// How many lines the text has: one more than its line ends (the last may be empty).
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
        LineCol {
            line: line as u32,
            col: unit.columns(&text[start..offset]) as u32,
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
        range.start + unit.prefix_len(line_text.chars(), pos.col as usize)
    }
}

/// Converts byte offsets of one text into line/column pairs, remembering its last answer.
///
/// [`LineIndex::line_col`] counts a column from the start of its line every time, which is
/// quadratic when a single 2 MB line carries a thousand findings. Findings come sorted by
/// position, so the cursor counts on from its last answer when the next offset is further
/// along the same line, and from the line's start otherwise. Its answers are exactly those of
/// `LineIndex::line_col`, in any order of questions.
#[derive(Clone, Copy, Debug)]
pub struct Cursor {
    /// The unit columns are counted in.
    unit: ColumnUnit,
    /// The last offset converted (moved to a character boundary).
    offset: usize,
    /// The 0-based line of `offset`.
    line: usize,
    /// The column of `offset`.
    col: usize,
}

impl Cursor {
    /// A cursor at the start of a text, counting columns in `unit`.
    pub fn new(unit: ColumnUnit) -> Self {
        Cursor {
            unit,
            offset: 0,
            line: 0,
            col: 0,
        }
    }

    /// The unit columns are counted in.
    pub fn unit(&self) -> ColumnUnit {
        self.unit
    }

    /// The line and column of byte `offset` in `text`, whose line index is `index`; the same
    /// text and index must be passed every time. Clamped like [`LineIndex::line_col`].
    pub fn line_col(&mut self, text: &str, index: &LineIndex, offset: usize) -> LineCol {
        let offset = floor_char_boundary(text, offset);
        let line = index.line_of(offset);
        let col = if line == self.line && offset >= self.offset {
            self.col + self.unit.columns(&text[self.offset..offset])
        } else {
            let start = index.line_start(line).unwrap_or(0);
            self.unit.columns(&text[start..offset])
        };
        *self = Cursor {
            unit: self.unit,
            offset,
            line,
            col,
        };
        LineCol {
            line: line as u32,
            col: col as u32,
        }
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

    const UNITS: [ColumnUnit; 3] = [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Utf32];

    /// A text with one-, two-, three- and four-byte characters, CRLF, an empty line, no final
    /// line end.
    const MIXED: &str = "ab\r\n║5─x\n𝄞xé\n\n\r\nlast𝄞";

    #[test]
    fn the_cursor_agrees_with_the_line_index_in_any_order() {
        let index = LineIndex::new(MIXED);
        let len = MIXED.len();
        let orders: [Vec<usize>; 4] = [
            (0..=len + 3).collect(),
            (0..=len).rev().collect(),
            vec![7, 2, 9, 1, 30, 8, 8, 0, len, 5, 6],
            (0..=len).map(|i| (i * 7) % (len + 1)).collect(),
        ];
        for unit in UNITS {
            for order in &orders {
                let mut cursor = Cursor::new(unit);
                for &offset in order {
                    assert_eq!(
                        cursor.line_col(MIXED, &index, offset),
                        index.line_col(MIXED, offset, unit),
                        "{unit:?}, offset {offset}"
                    );
                }
            }
        }
    }

    #[test]
    fn widths_and_columns_agree_and_prefix_len_inverts_them() {
        for unit in UNITS {
            assert_eq!(
                unit.columns(MIXED),
                MIXED.chars().map(|c| unit.width(c)).sum::<usize>()
            );
            for (i, _) in MIXED.char_indices() {
                let col = unit.columns(&MIXED[..i]);
                assert_eq!(unit.prefix_len(MIXED.chars(), col), i, "{unit:?} {i}");
            }
            assert_eq!(unit.prefix_len(MIXED.chars(), usize::MAX), MIXED.len());
        }
        // Inside a character: its start.
        assert_eq!(ColumnUnit::Utf16.prefix_len("a𝄞".chars(), 2), 1);
        assert_eq!(ColumnUnit::Utf8.prefix_len("a║".chars(), 3), 1);
    }
}
