//! Singles: a unit with one empty cell left (full house), a cell with one candidate left (naked
//! single), a digit with one place left in a unit (hidden single).

use crate::grid::{bit, digits, full_mask, Mask};

use super::{step::say, Finder, Step, Technique};

/// The last empty cell of a unit takes the one digit the unit lacks.
pub(super) fn full_house(f: &mut Finder<'_>) {
    let s = f.state;
    let full = full_mask(s.size());
    for (u, &placed) in s.all_placed().iter().enumerate() {
        let missing = full & !placed;
        if missing.count_ones() != 1 {
            continue;
        }
        let mut empty = s.unit(u).iter().filter(|&&c| s.value(c) == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        if s.cands(cell) & missing == 0 {
            continue;
        }
        let d = missing.trailing_zeros() as u8 + 1;
        let unit = s.unit_name(u);
        let text = say(|| {
            format!(
                "{} is the last empty cell in {unit}, so {} is {}.",
                s.name(cell),
                s.name(cell),
                s.sym(d)
            )
        });
        let step = Step::new(Technique::FullHouse, text)
            .place(cell, d)
            .cells([cell])
            .unit(unit);
        if f.add(step) {
            return;
        }
    }
}

/// A cell with one candidate left holds it.
pub(super) fn naked_single(f: &mut Finder<'_>) {
    let s = f.state;
    // A placed cell has no candidates, so a cell with one is empty. Chunks are tested without
    // branches first, as most states have no naked single.
    let single = |m: Mask| m != 0 && m & m.wrapping_sub(1) == 0;
    const CHUNK: usize = 16;
    for (i, chunk) in s.all_cands().chunks(CHUNK).enumerate() {
        if !chunk.iter().fold(false, |any, &m| any | single(m)) {
            continue;
        }
        for (j, &m) in chunk.iter().enumerate() {
            if !single(m) {
                continue;
            }
            let cell = i * CHUNK + j;
            let d = m.trailing_zeros() as u8 + 1;
            let text = say(|| {
                format!(
                    "{} has no candidate left but {}, so {} is {}.",
                    s.name(cell),
                    s.sym(d),
                    s.name(cell),
                    s.sym(d)
                )
            });
            if f.add(
                Step::new(Technique::NakedSingle, text)
                    .place(cell, d)
                    .cells([cell]),
            ) {
                return;
            }
        }
    }
}

/// A digit that fits only one cell of a unit goes there. Boxes are scanned first, then rows,
/// then columns, as people usually look.
pub(super) fn hidden_single(f: &mut Finder<'_>) {
    let s = f.state;
    let n = s.size();
    let order = (2 * n..3 * n).chain(0..2 * n);
    for u in order {
        for d in digits(s.ones(u) & !s.placed_in(u)) {
            let Some(&cell) = s.unit(u).iter().find(|&&c| s.cands(c) & bit(d) != 0) else {
                continue;
            };
            let unit = s.unit_name(u);
            let text = say(|| {
                format!(
                    "In {unit}, {} fits only in {}, so {} is {}.",
                    s.sym(d),
                    s.name(cell),
                    s.name(cell),
                    s.sym(d)
                )
            });
            let step = Step::new(Technique::HiddenSingle, text)
                .place(cell, d)
                .cells([cell])
                .unit(unit);
            if f.add(step) {
                return;
            }
        }
    }
}
