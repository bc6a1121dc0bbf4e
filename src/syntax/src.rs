//! The text the reader reads: a whole text, or a window onto part of a longer one (the part of a
//! large file `check` holds in memory while streaming it). Offsets are always into the whole
//! text, so a range read through a window is the same range the whole text would give.

use std::ops::Range;

/// A text, or a window onto a longer one, read with offsets into the whole text.
#[derive(Clone, Copy, Debug)]
pub struct Src<'a> {
    text: &'a str,
    /// The offset of `text` in the whole text.
    base: usize,
}

impl<'a> Src<'a> {
    /// The whole text.
    pub fn whole(text: &'a str) -> Self {
        Src { text, base: 0 }
    }

    /// `text` is the part of a longer text that starts at byte `base`.
    pub fn window(text: &'a str, base: usize) -> Self {
        Src { text, base }
    }

    /// Where the window ends in the whole text.
    pub fn end(self) -> usize {
        self.base + self.text.len()
    }

    /// The text of a range of the whole text; `None` outside the window or off a character
    /// boundary.
    pub fn get(self, r: Range<usize>) -> Option<&'a str> {
        let start = r.start.checked_sub(self.base)?;
        let end = r.end.checked_sub(self.base)?;
        self.text.get(start..end)
    }

    /// The byte at an offset of the whole text, when inside the window.
    pub fn byte(self, at: usize) -> Option<u8> {
        self.text
            .as_bytes()
            .get(at.checked_sub(self.base)?)
            .copied()
    }
}
