//! The byte ranges of a puzzle's cells. A plain one-liner, the line of a collection of
//! millions, has one byte a cell in a row, so its 81 ranges are two numbers instead of 1.3 KB.

use crate::text::TextRange;

/// The byte range of each of a puzzle's cells, in reading order.
#[derive(Clone, Debug)]
pub enum Cells {
    /// Cell `i` is the byte at `start + i`, for `n` cells.
    Run { start: usize, n: usize },
    /// Any other layout: one range a cell.
    Ranges(Vec<TextRange>),
}

impl Default for Cells {
    fn default() -> Self {
        Cells::Ranges(Vec::new())
    }
}

impl Cells {
    /// `n` cells, each at `range` until set.
    pub fn filled(n: usize, range: TextRange) -> Self {
        Cells::Ranges(vec![range; n])
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        match self {
            Cells::Run { n, .. } => *n,
            Cells::Ranges(r) => r.len(),
        }
    }

    /// No cells at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The range of cell `i`, or `None` past the last cell.
    pub fn get(&self, i: usize) -> Option<TextRange> {
        match self {
            Cells::Run { start, n } => (i < *n).then(|| TextRange::new(start + i, start + i + 1)),
            Cells::Ranges(r) => r.get(i).copied(),
        }
    }

    /// The range of cell `i`; an empty range at 0 past the last cell (callers index cells of
    /// their own shape, so this never happens in practice).
    pub fn at(&self, i: usize) -> TextRange {
        self.get(i).unwrap_or_default()
    }

    /// Every cell's range, in reading order.
    pub fn iter(&self) -> impl Iterator<Item = TextRange> + '_ {
        (0..self.len()).map(|i| self.at(i))
    }

    /// Sets the range of cell `i` (no effect past the last cell).
    pub fn set(&mut self, i: usize, range: TextRange) {
        if self.get(i) == Some(range) {
            return;
        }
        if let Cells::Run { .. } = self {
            *self = Cells::Ranges(self.iter().collect());
        }
        if let Cells::Ranges(r) = self {
            if let Some(slot) = r.get_mut(i) {
                *slot = range;
            }
        }
    }

    /// The cells moved as [`TextRange::moved_from`] moves each range.
    pub fn moved_from(&self, from: usize, delta: isize) -> Cells {
        match self {
            Cells::Run { start, n } if *start >= from => Cells::Run {
                start: start.saturating_add_signed(delta),
                n: *n,
            },
            _ => Cells::Ranges(self.iter().map(|r| r.moved_from(from, delta)).collect()),
        }
    }
}

impl PartialEq for Cells {
    /// Equal when every cell has the same range, however they are stored.
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Cells {}

impl FromIterator<TextRange> for Cells {
    fn from_iter<I: IntoIterator<Item = TextRange>>(iter: I) -> Self {
        Cells::Ranges(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_reads_sets_and_moves_like_its_ranges() {
        let run = Cells::Run { start: 10, n: 4 };
        let ranges: Cells = (10..14).map(|s| TextRange::new(s, s + 1)).collect();
        assert_eq!(run, ranges);
        assert_eq!(run.len(), 4);
        assert_eq!(run.get(3), Some(TextRange::new(13, 14)));
        assert_eq!(run.get(4), None);
        for (from, delta) in [(0, 5), (10, -3), (12, 7), (14, 2), (20, 1)] {
            assert_eq!(
                run.moved_from(from, delta),
                ranges.moved_from(from, delta),
                "{from} {delta}"
            );
        }
        let mut a = run.clone();
        let mut b = ranges.clone();
        a.set(1, TextRange::empty(30));
        b.set(1, TextRange::empty(30));
        assert_eq!(a, b);
        assert_eq!(a.at(1), TextRange::empty(30));
        a.set(9, TextRange::empty(1));
        assert_eq!(a, b);
        let mut same = run.clone();
        same.set(2, TextRange::new(12, 13));
        assert!(matches!(same, Cells::Run { .. }));
    }
}
