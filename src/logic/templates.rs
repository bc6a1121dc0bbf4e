//! Templates: the ways one digit can fill the grid, once in every row, column and box, among
//! its places.
//!
//! One-digit reasoning (fish of every kind, the single-digit patterns, X-Chains, colors) knows
//! only that each row, column and box lacking the digit holds it exactly once, among its places.
//! Every template obeys that, so it is a world such reasoning cannot rule out: a place lying in a
//! template is never removed by one-digit reasoning, nor is a digit placed by it (the other
//! places of that cell's row would lie in no template). So when every place of a digit lies in
//! some template, no one-digit technique finds anything for it, and the costly ones need not
//! search (see [`barren::search_digit_since`](super::barren::search_digit_since)).
//!
//! Finding out: for each place not yet in a template found, a depth-first search for a
//! template through it, the row with the fewest open places first. The answer is "yes" only
//! when every place was reached; a place in no template, a search over its node budget, or a
//! state whose places disagree with its placed digits (a pencil-mark grid can) answer "no",
//! and the techniques search as before.

use std::cell::RefCell;

use crate::grid::bit;

use super::{Engine, State};

/// The most cells a grid has (25x25), in 64-bit words.
const WORDS: usize = 10;

/// The most search nodes spent on one digit of one state before answering "no".
const BUDGET: u32 = 20_000;

/// What an answer depends on: the size, the box rows, the digit's places, and the units
/// holding the digit placed (bit `u` for unit `u`).
type Key = (u8, u8, [u64; WORDS], u128);

/// What templates keep in the engine: per digit (index `d - 1`), the last answer (a step
/// changes the places of one digit or two, and the one-digit techniques ask about every digit,
/// one technique after another).
#[derive(Default)]
pub(super) struct Cache {
    last: RefCell<Vec<Option<(Key, bool)>>>,
}

/// True when every place of digit `d` lies in some template of `s`: then no one-digit
/// technique can remove a candidate of `d` or place it. False when one does not, and when that
/// could not be settled within the budget; false always when the engine's templates are off
/// (a test holding the searches they spare against full searches).
pub(super) fn every_place_fits(cx: &Engine, s: &State, d: u8) -> bool {
    if cx.search.templates_off {
        return false;
    }
    let last = &cx.caches.templates.last;
    let shape = s.shape();
    let n = shape.size;
    let board = s.board(d);
    let mut places = [0u64; WORDS];
    places[..board.len()].copy_from_slice(board);
    let placed = (0..3 * n)
        .filter(|&u| s.placed_in(u) & bit(d) != 0)
        .fold(0u128, |m, u| m | 1 << u);
    let key = (n as u8, shape.box_rows as u8, places, placed);
    let slot = usize::from(d) - 1;
    let known = match last.borrow().get(slot) {
        Some(Some((k, answer))) if *k == key => Some(*answer),
        _ => None,
    };
    if let Some(answer) = known {
        return answer;
    }
    let answer = settle(s, d, placed);
    let mut last = last.borrow_mut();
    if last.len() <= slot {
        last.resize(slot + 1, None);
    }
    last[slot] = Some((key, answer));
    answer
}

/// [`every_place_fits`] worked out: `placed` has bit `u` for each unit `u` holding `d`.
fn settle(s: &State, d: u8, placed: u128) -> bool {
    let shape = s.shape();
    let n = shape.size;
    // Each row's places, as a mask over the columns; the units holding a place.
    let mut row_cols = [0u32; 32];
    let mut open = [0u32; 3];
    for (w, &word) in s.board(d).iter().enumerate() {
        let mut x = word;
        while x != 0 {
            let c = w * 64 + x.trailing_zeros() as usize;
            x &= x - 1;
            // Its row, column and box, from the shape's tables (no division).
            let [r, col, b] = s.units_of(c);
            let (col, b) = (col - n, b - 2 * n);
            row_cols[r] |= 1 << col;
            open[0] |= 1 << r;
            open[1] |= 1 << col;
            open[2] |= 1 << b;
        }
    }
    // A unit has places exactly when it lacks the digit; else the state is broken or its
    // marks disagree with its digits, and the reasoning above does not hold as it is.
    let units = (0..3).fold(0u128, |m, kind| m | u128::from(open[kind]) << (kind * n));
    if units != !placed & ((1u128 << (3 * n)) - 1) {
        return false;
    }
    // As many rows as columns and boxes lack it (not so when it is placed twice in a unit).
    let m = open[0].count_ones();
    if open[1].count_ones() != m || open[2].count_ones() != m {
        return false;
    }
    let mut fit = Fit {
        row_cols: &row_cols[..n],
        pick: [0; 32],
        nodes: 0,
        band: [0; 32],
        stack: [0; 32],
        across: n / shape.box_cols,
        stack_cols: [0; 32],
    };
    for i in 0..n {
        fit.band[i] = ((i / shape.box_rows) * fit.across) as u8;
        fit.stack[i] = (i / shape.box_cols) as u8;
        fit.stack_cols[i / shape.box_cols] |= 1 << i;
    }
    fit.every_place()
}

/// The search for templates of one digit.
struct Fit<'a> {
    /// Per row, its places as a mask over the columns.
    row_cols: &'a [u32],
    /// The column picked in each row by the last template found.
    pick: [u8; 32],
    /// Nodes searched so far.
    nodes: u32,
    /// The shape's boxes, worked out once (the search asks for every row it looks at): per
    /// row the first box of its band, per column its stack, the boxes across a band, and per
    /// stack its columns as a mask.
    band: [u8; 32],
    stack: [u8; 32],
    across: usize,
    stack_cols: [u32; 32],
}

impl Fit<'_> {
    /// True when every place lies in a template found.
    fn every_place(&mut self) -> bool {
        let rows = self.row_cols.len();
        let open: u32 = (0..rows)
            .filter(|&r| self.row_cols[r] != 0)
            .fold(0, |m, r| m | 1 << r);
        let mut covered = [0u32; 32];
        for r in 0..rows {
            loop {
                let left = self.row_cols[r] & !covered[r];
                if left == 0 {
                    break;
                }
                let c = left.trailing_zeros() as usize;
                self.pick[r] = c as u8;
                let found = self.extend(open & !(1 << r), 1 << c, 1 << self.box_at(r, c));
                if found != Some(true) {
                    return false;
                }
                for (q, row) in covered.iter_mut().enumerate().take(rows) {
                    if open & 1 << q != 0 {
                        *row |= 1 << self.pick[q];
                    }
                }
            }
        }
        true
    }

    /// The box of row `r`, column `c`.
    fn box_at(&self, r: usize, c: usize) -> usize {
        usize::from(self.band[r] + self.stack[c])
    }

    /// The columns of row `r` whose box is among `boxes`.
    fn in_boxes(&self, r: usize, boxes: u32) -> u32 {
        let mut stacks = boxes >> self.band[r] & ((1u64 << self.across) - 1) as u32;
        let mut cols = 0;
        while stacks != 0 {
            cols |= self.stack_cols[stacks.trailing_zeros() as usize];
            stacks &= stacks - 1;
        }
        cols
    }

    /// Picks a column in each row of `rows`, none in `cols` or in a box of `boxes`: Some(true)
    /// when it could (the picks are in `pick`), Some(false) when no way exists, None when the
    /// budget ran out.
    fn extend(&mut self, rows: u32, cols: u32, boxes: u32) -> Option<bool> {
        if rows == 0 {
            return Some(true);
        }
        // The row with the fewest columns left.
        let mut best = (u32::MAX, 0, 0);
        let mut x = rows;
        while x != 0 {
            let r = x.trailing_zeros() as usize;
            x &= x - 1;
            let options = self.row_cols[r] & !cols & !self.in_boxes(r, boxes);
            let count = options.count_ones();
            if count == 0 {
                return Some(false);
            }
            if count < best.0 {
                best = (count, r, options);
            }
        }
        let (_, r, mut options) = best;
        while options != 0 {
            self.nodes += 1;
            if self.nodes > BUDGET {
                return None;
            }
            let c = options.trailing_zeros() as usize;
            options &= options - 1;
            self.pick[r] = c as u8;
            match self.extend(
                rows & !(1 << r),
                cols | 1 << c,
                boxes | 1 << self.box_at(r, c),
            ) {
                Some(false) => {}
                other => return other,
            }
        }
        Some(false)
    }
}
