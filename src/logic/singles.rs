//! Singles: a unit with one empty cell left (full house), a cell with one candidate left (naked
//! single), a digit with one place left in a unit (hidden single).
//!
//! One step wanted, from a state that keeps the order its singles arose in (`Arisen`), the
//! singles are taken in that order, as HoDoKu takes them: a full house is the first cell to
//! come down to one candidate that is the last empty cell of a unit; else the first such cell
//! (naked single); else the first digit to come down to one place in a unit (hidden single).
//! Otherwise, and when every step is wanted, they are found in scan order.

use crate::grid::{bit, digits, full_mask, Mask};

use super::{state::Arisen, step::say, Finder, Part, State, Step, Technique};

/// The unit of which `cell`, an empty cell, is the last empty cell, if any.
fn last_empty_in(s: &State, cell: usize) -> Option<usize> {
    debug_assert_eq!(s.value(cell), 0);
    let full = full_mask(s.size());
    // A unit with all digits but one placed has at least `n - 1` cells filled (more only when a
    // digit is placed twice), so its one empty cell is `cell`.
    (s.units_of(cell).into_iter()).find(|&u| (full & !s.placed_in(u)).count_ones() == 1)
}

/// A cell with exactly one candidate, that digit.
fn only_digit(s: &State, cell: usize) -> Option<u8> {
    let m = s.cands(cell);
    (s.value(cell) == 0 && m != 0 && m & (m - 1) == 0).then(|| m.trailing_zeros() as u8 + 1)
}

/// The step of a full house at `cell` in unit `u`, holding `d`.
fn full_house_step(quiet: bool, s: &State, cell: usize, u: usize, d: u8) -> Step {
    let unit = s.unit_name(u);
    let text = say(quiet, || {
        format!(
            "{} is the last empty cell in {unit}, so {} is {}.",
            s.name(cell),
            s.name(cell),
            s.sym(d)
        )
    });
    Step::new(Technique::FullHouse, text)
        .place(cell, d)
        .cells([cell])
        .unit(unit)
        .figure(quiet, |fig| fig.role(Part::Single, [cell], bit(d)))
}

/// The full house a solving path takes first: the first cell to come down to one candidate
/// that is the last empty cell of a unit, as (cell, unit, digit). Every cell that came down to
/// one candidate is in the queue, a full house too.
fn first_full_house(s: &State, a: &Arisen) -> Option<(usize, usize, u8)> {
    a.naked.iter().find_map(|&c| {
        let c = c as usize;
        let d = only_digit(s, c)?;
        last_empty_in(s, c).map(|u| (c, u, d))
    })
}

/// The naked single a solving path takes first: the first cell still holding one candidate of
/// those that came down to one, as (cell, digit).
fn first_naked_single(s: &State, a: &Arisen) -> Option<(usize, u8)> {
    (a.naked.iter()).find_map(|&c| only_digit(s, c as usize).map(|d| (c as usize, d)))
}

/// The hidden single a solving path takes first: the first digit to come down to one place in
/// a unit that is still there, as (cell, digit, unit).
fn first_hidden_single(s: &State, a: &Arisen) -> Option<(usize, u8, usize)> {
    (a.hidden.iter())
        .find(|&&(c, d, _)| s.value(c as usize) == 0 && s.cands(c as usize) & bit(d) != 0)
        .map(|&(c, d, u)| (c as usize, d, u as usize))
}

/// A single a solving path takes: its technique, cell, digit and (for a full house or a hidden
/// single) unit. A rating reads only the technique, so the walk makes it a [`Step`] only when
/// the step is kept (on a path of singles, making and dropping steps cost a twentieth).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Single {
    pub technique: Technique,
    pub cell: usize,
    pub digit: u8,
    unit: usize,
}

impl Single {
    /// The step of this single in state `s` (or any state of the same puzzle: the sentence
    /// names cells, units and symbols only).
    pub fn step(&self, s: &State, quiet: bool) -> Step {
        let Single {
            technique,
            cell,
            digit,
            unit,
        } = *self;
        match technique {
            Technique::FullHouse => full_house_step(quiet, s, cell, unit, digit),
            Technique::NakedSingle => naked_single_step(quiet, s, cell, digit),
            _ => hidden_single_step(quiet, s, cell, digit, unit),
        }
    }
}

/// The single a solving path takes next when the ladder starts with the singles, from a state
/// that keeps the order its singles arose in: the same step as the three techniques' finders,
/// one after another, without a finder (on a path of singles, finders cost a tenth of the
/// rating). `None` when the state keeps no order or has no single.
#[inline]
pub(super) fn next_single(s: &State) -> Option<Single> {
    let a = s.arisen()?;
    if let Some((cell, unit, digit)) = first_full_house(s, a) {
        return Some(Single {
            technique: Technique::FullHouse,
            cell,
            digit,
            unit,
        });
    }
    if let Some((cell, digit)) = first_naked_single(s, a) {
        return Some(Single {
            technique: Technique::NakedSingle,
            cell,
            digit,
            unit: 0,
        });
    }
    first_hidden_single(s, a).map(|(cell, digit, unit)| Single {
        technique: Technique::HiddenSingle,
        cell,
        digit,
        unit,
    })
}

/// The last empty cell of a unit takes the one digit the unit lacks.
pub(super) fn full_house(f: &mut Finder<'_>) {
    let s = f.state;
    if let (false, Some(a)) = (f.wants_all(), s.arisen()) {
        if let Some((c, u, d)) = first_full_house(s, a) {
            f.add(full_house_step(f.quiet(), s, c, u, d));
        }
        return;
    }
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
        if f.add(full_house_step(f.quiet(), s, cell, u, d)) {
            return;
        }
    }
}

/// The step of a naked single at `cell`, holding `d`.
fn naked_single_step(quiet: bool, s: &State, cell: usize, d: u8) -> Step {
    let text = say(quiet, || {
        format!(
            "{} has no candidate left but {}, so {} is {}.",
            s.name(cell),
            s.sym(d),
            s.name(cell),
            s.sym(d)
        )
    });
    Step::new(Technique::NakedSingle, text)
        .place(cell, d)
        .cells([cell])
        .figure(quiet, |fig| fig.role(Part::Single, [cell], bit(d)))
}

/// A cell with one candidate left holds it.
pub(super) fn naked_single(f: &mut Finder<'_>) {
    let s = f.state;
    if let (false, Some(a)) = (f.wants_all(), s.arisen()) {
        if let Some((c, d)) = first_naked_single(s, a) {
            f.add(naked_single_step(f.quiet(), s, c, d));
        }
        return;
    }
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
            if f.add(naked_single_step(f.quiet(), s, cell, d)) {
                return;
            }
        }
    }
}

/// A digit that fits only one cell of a unit goes there. Boxes are scanned first, then rows,
/// then columns, as people usually look.
pub(super) fn hidden_single(f: &mut Finder<'_>) {
    let s = f.state;
    if let (false, Some(a)) = (f.wants_all(), s.arisen()) {
        if let Some((c, d, u)) = first_hidden_single(s, a) {
            f.add(hidden_single_step(f.quiet(), s, c, d, u));
        }
        return;
    }
    let n = s.size();
    let order = (2 * n..3 * n).chain(0..2 * n);
    for u in order {
        for d in digits(s.ones(u) & !s.placed_in(u)) {
            let Some(&cell) = s.unit(u).iter().find(|&&c| s.cands(c) & bit(d) != 0) else {
                continue;
            };
            if f.add(hidden_single_step(f.quiet(), s, cell, d, u)) {
                return;
            }
        }
    }
}

/// The step of a hidden single: in unit `u`, `d` fits only `cell`.
fn hidden_single_step(quiet: bool, s: &State, cell: usize, d: u8, u: usize) -> Step {
    let unit = s.unit_name(u);
    let text = say(quiet, || {
        format!(
            "In {unit}, {} fits only in {}, so {} is {}.",
            s.sym(d),
            s.name(cell),
            s.name(cell),
            s.sym(d)
        )
    });
    Step::new(Technique::HiddenSingle, text)
        .place(cell, d)
        .cells([cell])
        .unit(unit)
        .figure(quiet, |fig| fig.role(Part::Single, [cell], bit(d)))
}
