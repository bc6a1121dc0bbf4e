//! Size inference: how big a puzzle is when no `@size` says so. A grid takes the size most of
//! its lines fit as a full row, read from a one-pass summary of each line ([`GridLine`]); a
//! one-liner takes the size whose `N*N` is nearest its cell count.

use super::alphabet::Table;
use super::lines::{self, char_cells, default_value, Ln};
use super::settings::Settings;
use super::src::Src;
use crate::grid::SIZES;

/// A summary of one line of a grid paragraph, read both ways (one character a cell, and as
/// numbers). Only counts are kept, never the tokens: a paragraph of two million lines must not
/// hold two million token lists; the few lines that become rows are read again.
pub(super) struct GridLine {
    pub(super) ln: Ln,
    /// Cells when read one character a cell.
    pub(super) n_chars: usize,
    /// The largest value of a character in the widest default alphabet (0 when all blank,
    /// `u8::MAX` when some character is no symbol at all).
    pub(super) max_default: u8,
    /// Every character is a cell of the declared `@symbols` (false when none are declared).
    pub(super) declared_ok: bool,
    /// When the line reads as numbers and blanks: how many, the largest number, and whether
    /// some number has two digits.
    pub(super) numbers: Option<NumSummary>,
    /// The line is made of border characters, as a separator line is.
    pub(super) sep_like: bool,
}

/// A line read as numbers and blanks (`10 . 3 16 ...`), by its counts only.
#[derive(Clone, Copy)]
pub(super) struct NumSummary {
    /// Numbers and blanks on the line.
    pub(super) count: usize,
    /// The largest number.
    pub(super) max: u32,
    /// Some number has two or more digits.
    pub(super) multi: bool,
}

impl NumSummary {
    /// The line is a full row of a size-`n` grid written as numbers.
    pub(super) fn fits(&self, n: usize) -> bool {
        self.count == n && self.max as usize <= n
    }
}

impl GridLine {
    /// Summarises `ln`; `declared` is the table of the `@symbols`, when given.
    pub(super) fn read(text: Src<'_>, ln: &Ln, declared: Option<&Table>) -> GridLine {
        let mut n_chars = 0;
        let mut max_default = 0;
        let mut declared_ok = declared.is_some();
        for (_, ch) in char_cells(text, ln.body) {
            n_chars += 1;
            max_default = max_default.max(default_value(ch).unwrap_or(u8::MAX));
            declared_ok &= declared.is_some_and(|t| t.valid(ch));
        }
        let mut count = 0;
        let mut max = 0;
        let numbers = lines::scan_numbers(text, ln.body, |t| {
            count += 1;
            max = max.max(t.value);
        })
        .map(|multi| NumSummary { count, max, multi });
        GridLine {
            ln: *ln,
            n_chars,
            max_default,
            declared_ok,
            numbers,
            sep_like: lines::is_separator_like(text.get(ln.body.as_range()).unwrap_or("")),
        }
    }
}

/// The size of a grid: `@size` if given, else the one its lines fit best (see [`infer_size`]).
/// `numbers_ok` allows rows written as numbers. `None` when no line reads as a row of any size.
pub(super) fn grid_size(st: &Settings, gls: &[GridLine], numbers_ok: bool) -> Option<usize> {
    // `@symbols` gives a grid its alphabet, but its rows still decide its size; the alphabet's
    // length only says which lines it reads (docs/format.md#how-a-grids-size-is-found).
    let declared = st.symbols.as_ref().map(|(s, _)| s.len());
    st.size.or_else(|| infer_size(gls, numbers_ok, declared))
}

/// The size of a one-liner of `k` cells: `@size` if given, else the size of `@symbols` when `k`
/// is no puzzle's cell count, else the size whose `N*N` is nearest `k`.
pub(super) fn one_liner_size(st: &Settings, k: usize) -> usize {
    // `@symbols` only settles the size of a one-liner when its cell count does not.
    st.size
        .or_else(|| st.declared().filter(|_| !SIZES.iter().any(|&s| s * s == k)))
        .unwrap_or_else(|| nearest_size(k))
}

/// The size whose `N*N` is nearest to `k` cells (ties to the larger).
fn nearest_size(k: usize) -> usize {
    let mut best = 9;
    let mut best_d = usize::MAX;
    for n in SIZES {
        let d = (n * n).abs_diff(k);
        if d <= best_d {
            best = n;
            best_d = d;
        }
    }
    best
}

/// Guesses a grid's size from its lines: the size for which most lines read as a full, valid
/// row; ties go to the size that matches the number of rows, then to the larger size. `None`
/// when no line reads as a row of any size. `declared` is the length of the `@symbols`, whose
/// table `GridLine::declared_ok` was read with.
fn infer_size(gls: &[GridLine], numbers_ok: bool, declared: Option<usize>) -> Option<usize> {
    let mut best: Option<(usize, bool, usize)> = None;
    for n in SIZES {
        let strict = |g: &GridLine| {
            let chars_ok = if declared == Some(n) {
                g.declared_ok
            } else {
                (g.max_default as usize) <= n
            };
            (g.n_chars == n && chars_ok)
                || (numbers_ok && n > 9 && g.numbers.is_some_and(|s| s.fits(n)))
        };
        let count = gls.iter().filter(|g| strict(g)).count();
        if count == 0 {
            continue;
        }
        let rows = gls.iter().filter(|g| strict(g) || !g.sep_like).count();
        let key = (count, rows == n, n);
        if best.is_none_or(|b| key >= b) {
            best = Some(key);
        }
    }
    best.map(|(_, _, n)| n)
}
