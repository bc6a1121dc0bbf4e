//! Uniqueness: BUG+1, Uniqueness Tests 1-6, Hidden Rectangle, Avoidable Rectangles 1-2. Valid only
//! in a puzzle known to have one solution (`Options::unique`).
//!
//! All but BUG+1 rest on the deadly rectangle: four cells in two rows, two columns and exactly
//! two boxes, none of them a given, holding `a` and `b` crosswise. Swapping `a` and `b` in those
//! four cells gives a second solution, so in a puzzle with one solution the pattern never
//! completes. Rectangles across four boxes are never used; any box shape works.
//!
//! Corners are numbered in reading order, `0 = (r1, c1)`, `1 = (r1, c2)`, `2 = (r2, c1)`,
//! `3 = (r2, c2)`: corner `i ^ 1` shares a row with `i`, `i ^ 2` a column, `i ^ 3` is opposite.
//! For the uniqueness tests and the hidden rectangle all four corners are empty and still hold
//! both `a` and `b` (RATING.md); a corner's *extra* digits are its candidates other than `a`, `b`.
//!
//! - **Uniqueness Test 1**: three corners hold only `a` and `b`; the fourth loses `a` and `b`.
//! - **Uniqueness Test 2**: two corners sharing a row or column (the roof) hold only `a`, `b` and
//!   one extra digit `x`, the same in both, the other two only `a` and `b`; one roof corner is
//!   `x`, so `x` leaves every cell that sees both roof corners.
//! - **Uniqueness Test 3**: the two roof corners (sharing a row or column, the other two holding
//!   only `a` and `b`) have extra digits `E`; one of them holds a digit of `E`, so they act as
//!   one cell with candidates `E`. When, in a unit holding both roof corners, `k` other empty
//!   cells (1 to 3) hold with `E` exactly `k + 1` digits, those digits leave the unit's other
//!   cells (a naked subset with the roof). Hidden form: the roof holds at most one of `a` and `b`;
//!   when `a`, `b` and up to two more digits that are no extra of the roof, `k` digits, fit in
//!   such a unit only in the roof and in `k - 1` other cells, those cells lose every other digit.
//! - **Uniqueness Test 4**: as in test 3, and in a unit holding both roof corners `a` fits only
//!   in the roof: one roof corner is `a`, and were the other `b` the two floor corners would
//!   complete the rectangle, so `b` leaves both roof corners (and the same with `a`, `b`
//!   swapped).
//! - **Uniqueness Test 5**: two opposite corners, or three corners, hold `a`, `b` and one extra
//!   digit `x`, the same in each, the rest only `a` and `b`; one of them is `x`, so `x` leaves
//!   every cell that sees all of them.
//! - **Uniqueness Test 6**: two opposite corners hold only `a` and `b`, the other two have extra
//!   digits, and `a` fits in both rows (or in both columns) of the rectangle only at its corners:
//!   `a` sits on one diagonal, and on the corners with extras it would complete the rectangle, so
//!   `a` leaves those two corners. (HoDoKu asks the rows and the columns; the rows or the columns
//!   suffice, and after X-Wing the two are the same.)
//! - **Hidden Rectangle**: a corner holds only `a` and `b`; in the row and in the column of its
//!   opposite corner `a` fits only at the rectangle's corners. Were the opposite corner `b`, the
//!   two others would be `a`, the first `b`: the rectangle complete, so the opposite corner loses
//!   `b` (and the same with `a`, `b` swapped).
//! - **Avoidable Rectangle Type 1**: three corners were solved during solving (none a given):
//!   two opposite ones hold `b`, the third `a`; the empty fourth corner loses `a`.
//! - **Avoidable Rectangle Type 2**: two corners sharing a row or column were solved during
//!   solving, `a` and `b`; the other two are empty, the one under `a` holds only `b` and `x`, the
//!   one under `b` only `a` and `x`; one of them is `x`, so `x` leaves every cell that sees both.
//!   Avoidable rectangles never fire on a state read from candidates, where every placed cell
//!   counts as a given. Avoidable rectangles with more than one extra digit per empty corner,
//!   and types beyond 2, are not searched.
//! - **BUG+1**: every empty cell holds two candidates but one, which holds three, and every
//!   candidate digit fits exactly twice in each unit except one digit that fits three times in
//!   each unit of that cell. Without that digit the grid would be a bivalue universal grave (no
//!   solution or several), so the cell holds it.

use std::cell::RefCell;
use std::rc::Rc;

use crate::grid::{bit, cells_of, digits, full_mask, Mask, Unit};

use super::{
    state::Memo,
    step::{removal_text, say, Part},
    subsets::subset_removals,
    Engine, Finder, State, Step, Technique,
};

/// Four cells in two rows, two columns and two boxes, in reading order.
#[derive(Clone, Copy, Debug)]
struct Rect {
    corners: [usize; 4],
    /// Unit indexes of the two rows and the two columns.
    rows: [usize; 2],
    cols: [usize; 2],
}

impl Rect {
    /// The rectangle on rows `r0`, `r1` and columns `c0`, `c1` (any order), when its four cells
    /// lie in exactly two boxes.
    fn new(s: &State, (r0, r1): (usize, usize), (c0, c1): (usize, usize)) -> Option<Rect> {
        let shape = s.shape();
        let (ra, rb) = (r0.min(r1), r0.max(r1));
        let (ca, cb) = (c0.min(c1), c0.max(c1));
        let corners = [
            shape.cell(ra, ca),
            shape.cell(ra, cb),
            shape.cell(rb, ca),
            shape.cell(rb, cb),
        ];
        // Each corner's box, from the shape's tables (no division).
        let b = corners.map(|c| s.units_of(c)[2]);
        let two_boxes = (b[0] == b[1] && b[2] == b[3] && b[0] != b[2])
            || (b[0] == b[2] && b[1] == b[3] && b[0] != b[1]);
        let n = s.size();
        two_boxes.then_some(Rect {
            corners,
            rows: [ra, rb],
            cols: [n + ca, n + cb],
        })
    }

    fn units(&self, s: &State) -> Vec<Unit> {
        let r = self.rows.iter().chain(&self.cols);
        r.map(|&u| s.unit_name(u)).collect()
    }

    /// The units (row, column, box) that hold both corners `i` and `j`.
    fn shared_units(&self, s: &State, i: usize, j: usize) -> Vec<usize> {
        let (ui, uj) = (s.units_of(self.corners[i]), s.units_of(self.corners[j]));
        (0..3).filter(|&k| ui[k] == uj[k]).map(|k| ui[k]).collect()
    }
}

/// A unique rectangle candidate: four empty corners that all hold `a` and `b`.
struct Ur {
    rect: Rect,
    a: u8,
    b: u8,
    /// Each corner's candidates other than `a` and `b`.
    extra: [Mask; 4],
    /// Bit `i` set when corner `i` has extra digits.
    ext: u8,
    /// Bit `i` set when corner `i` lacks `a` or `b` (only where [`each_ur`] allows it).
    lacks: u8,
}

impl Ur {
    fn ab(&self) -> Mask {
        bit(self.a) | bit(self.b)
    }

    fn cell(&self, i: usize) -> usize {
        self.rect.corners[i]
    }

    fn cells(&self, idx: &[usize]) -> Vec<usize> {
        idx.iter().map(|&i| self.cell(i)).collect()
    }

    /// The corners with extra digits.
    fn with_extras(&self) -> Corners {
        Corners::of(self.ext)
    }

    /// The corners holding exactly `a` and `b`.
    fn bivalue(&self) -> Corners {
        Corners::of(!(self.ext | self.lacks))
    }
}

/// Some of a rectangle's corners (their indices, in order), on the stack: asked for every
/// rectangle by every test.
struct Corners {
    idx: [usize; 4],
    len: usize,
}

impl Corners {
    /// The corners of the bits of `mask` (bit `i` for corner `i`).
    fn of(mask: u8) -> Corners {
        let mut c = Corners {
            idx: [0; 4],
            len: 0,
        };
        for i in (0..4).filter(|&i| mask & (1 << i) != 0) {
            c.idx[c.len] = i;
            c.len += 1;
        }
        c
    }
}

impl std::ops::Deref for Corners {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.idx[..self.len]
    }
}

/// Offers every step `find` makes from every unique rectangle candidate with at least one
/// corner holding only its two digits (every technique of this file but the avoidable
/// rectangles needs one), until the finder has enough. Each rectangle and digit pair is seen
/// once, from its first such corner.
///
/// The other corners hold both digits, as RATING.md's defaults want, unless `lacking`: then a
/// corner needs only one of them. The deadly pattern does not depend on the candidates: a
/// solution with the four corners alternating gives a second one by swapping them, whatever
/// was eliminated on the way. HoDoKu's solving paths take hidden rectangles and Uniqueness
/// Test 4 with such corners, whose proofs read only the candidates they name.
fn each_ur(f: &mut Finder<'_>, lacking: bool, mut find: impl FnMut(&State, &Ur, &mut Vec<Step>)) {
    let s = f.state;
    let mut out = Vec::new();
    for ur in urs(f.cx, s, lacking).iter() {
        find(s, ur, &mut out);
        for step in out.drain(..) {
            if f.add(step) {
                return;
            }
        }
    }
}

/// What the uniqueness family keeps in the engine: the rectangles of the last state asked for,
/// `[0]` with both digits in every corner, `[1]` with one at least (the six uniqueness tests
/// and the hidden rectangle look at the same ones, one after another on the same state).
#[derive(Default)]
pub(super) struct Cache {
    urs: [RefCell<Memo<Vec<Ur>>>; 2],
}

/// The rectangles of `s` that [`each_ur`] offers, in its order, shared with the previous call
/// on the same state.
fn urs(cx: &Engine, s: &State, lacking: bool) -> Rc<Vec<Ur>> {
    cx.caches.uniqueness.urs[usize::from(lacking)]
        .borrow_mut()
        .get(s, |s| list_urs(s, lacking))
}

/// The rectangles of `s`: see [`each_ur`].
fn list_urs(s: &State, lacking: bool) -> Vec<Ur> {
    let shape = s.shape();
    let n = s.size();
    // A hard puzzle's states have a dozen or two: room for them, not growing from one.
    let mut out = Vec::with_capacity(32);
    let holds = |c: usize, ab: Mask| {
        if lacking {
            s.cands(c) & ab != 0
        } else {
            s.cands(c) & ab == ab
        }
    };
    let unit_bits = &s.tables().unit_cell_bits;
    let (mut cols, mut rows) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for first in 0..shape.cells() {
        let ab = s.cands(first);
        if ab.count_ones() != 2 {
            continue;
        }
        let (r0, c0) = s.row_col(first);
        // The columns of the other cells of its row holding the digits, and the rows of those
        // of its column, in order: from bit sets of the cells when the grid has them.
        cols.clear();
        rows.clear();
        if unit_bits.is_empty() {
            cols.extend((0..n).filter(|&c| c != c0 && holds(shape.cell(r0, c), ab)));
            rows.extend((0..n).filter(|&r| r != r0 && holds(shape.cell(r, c0), ab)));
        } else {
            let (x, y) = (
                s.board_bits(digits(ab).next().unwrap_or(1)),
                s.board_bits(digits(ab).last().unwrap_or(1)),
            );
            let with = (if lacking { x | y } else { x & y }) & !(1u128 << first);
            cols.extend(cells_of(with & unit_bits[r0]).map(|c| s.row_col(c).1));
            rows.extend(cells_of(with & unit_bits[n + c0]).map(|c| s.row_col(c).0));
        }
        for &c1 in &cols {
            for &r1 in &rows {
                if !holds(shape.cell(r1, c1), ab) {
                    continue;
                }
                let Some(rect) = Rect::new(s, (r0, r1), (c0, c1)) else {
                    continue;
                };
                let extra = rect.corners.map(|c| s.cands(c) & !ab);
                let ext = (0..4).fold(0u8, |m, i| m | (u8::from(extra[i] != 0) << i));
                let lacks = (0..4).fold(0u8, |m, i| {
                    m | (u8::from(s.cands(rect.corners[i]) & ab != ab) << i)
                });
                // Seen from its first bivalue corner only.
                if rect.corners[(!(ext | lacks)).trailing_zeros() as usize] != first {
                    continue;
                }
                let mut ds = digits(ab);
                out.push(Ur {
                    rect,
                    a: ds.next().unwrap_or(0),
                    b: ds.next().unwrap_or(0),
                    extra,
                    ext,
                    lacks,
                });
            }
        }
    }
    out
}

fn ut_technique(kind: u8) -> Technique {
    match kind {
        1 => Technique::UniquenessTest1,
        2 => Technique::UniquenessTest2,
        3 => Technique::UniquenessTest3,
        4 => Technique::UniquenessTest4,
        5 => Technique::UniquenessTest5,
        _ => Technique::UniquenessTest6,
    }
}

/// The eliminations of `mask` from the cells that see every cell of `cells`.
fn seen_elims(s: &State, cells: &[usize], mask: Mask) -> Vec<(usize, Mask)> {
    s.seen_by_all(cells)
        .into_iter()
        .filter(|&c| s.cands(c) & mask != 0)
        .map(|c| (c, s.cands(c) & mask))
        .collect()
}

pub(super) fn uniqueness_test(f: &mut Finder<'_>, kind: u8) {
    let quiet = f.quiet();
    each_ur(f, kind == 4, |s, ur, out| match kind {
        1 => ut1(quiet, s, ur, out),
        2 | 5 => one_extra_digit(quiet, s, ur, kind, out),
        3 => ut3(quiet, s, ur, out),
        4 => ut4(quiet, s, ur, out),
        _ => ut6(quiet, s, ur, out),
    });
}

/// The sentence's opening: "r1c1 and r1c4 hold only 2 and 7".
fn hold_only(s: &State, ur: &Ur, idx: &[usize]) -> String {
    let verb = if idx.len() == 1 { "holds" } else { "hold" };
    format!(
        "{} {verb} only {}",
        s.names_text(&ur.cells(idx)),
        s.syms_text(ur.ab())
    )
}

fn ut_step(
    quiet: bool,
    s: &State,
    ur: &Ur,
    kind: u8,
    text: String,
    elims: Vec<(usize, Mask)>,
) -> Step {
    let step = Step::new(ut_technique(kind), text)
        .eliminate(elims)
        .figure(quiet, |fig| ur_figure(fig, ur))
        .cells(ur.rect.corners);
    with_units(step, ur.rect.units(s))
}

/// A rectangle's parts: its corners with the rectangle's two digits (`rectangle`), and each
/// corner with extra digits, with those digits (`extra`).
fn ur_figure(fig: &mut super::Figure, ur: &Ur) {
    fig.role(Part::Rectangle, ur.rect.corners, ur.ab());
    for &i in ur.with_extras().iter() {
        fig.role(Part::Extra, [ur.cell(i)], ur.extra[i]);
    }
}

/// Adds the units of a rectangle (its rows, then its columns) to a step.
fn with_units(step: Step, units: Vec<Unit>) -> Step {
    units.into_iter().fold(step, Step::unit)
}

fn ut1(quiet: bool, s: &State, ur: &Ur, out: &mut Vec<Step>) {
    if ur.ext.count_ones() != 1 {
        return;
    }
    let [i] = ur.with_extras()[..] else {
        return;
    };
    let cell = ur.cell(i);
    let elims = vec![(cell, s.cands(cell) & ur.ab())];
    let text = say(quiet, || {
        format!(
        "Uniqueness Test 1: {}; if {} were {} or {} the puzzle would have two solutions, so {}.",
        hold_only(s, ur, &ur.bivalue()),
        s.name(cell),
        s.sym(ur.a),
        s.sym(ur.b),
        removal_text(s, &elims)
    )
    });
    out.push(ut_step(quiet, s, ur, 1, text, elims));
}

/// The two corners with extras (or lacking a digit) when they share a row or column (the roof),
/// else `None`.
fn roof(ur: &Ur) -> Option<[usize; 2]> {
    let odd = ur.ext | ur.lacks;
    if odd.count_ones() != 2 {
        return None;
    }
    let i = odd.trailing_zeros() as usize;
    let j = (odd & (odd - 1)).trailing_zeros() as usize;
    (i ^ j != 3).then_some([i, j])
}

fn ut3(quiet: bool, s: &State, ur: &Ur, out: &mut Vec<Step>) {
    let Some([i, j]) = roof(ur) else { return };
    let e = ur.extra[i] | ur.extra[j];
    if e.count_ones() > 4 {
        return;
    }
    let roof = ur.cells(&[i, j]);
    let shared = ur.rect.shared_units(s, i, j);
    for &u in &shared {
        // Other empty cells of the unit that could join a subset of at most 4 digits.
        let others: Vec<usize> = s
            .unit(u)
            .iter()
            .copied()
            .filter(|&c| {
                s.value(c) == 0 && !roof.contains(&c) && (e | s.cands(c)).count_ones() <= 4
            })
            .collect();
        for k in 1..=3usize {
            for combo in super::subsets::combinations(&others, k) {
                let digits_mask = combo.iter().fold(e, |m, &c| m | s.cands(c));
                if digits_mask.count_ones() as usize != k + 1 {
                    continue;
                }
                // When the roof shares a line and a box and the subset lies in both, it is a
                // naked subset of each: one step clears both (found from the first of them).
                let units: Vec<usize> = shared
                    .iter()
                    .copied()
                    .filter(|&v| combo.iter().all(|&c| s.unit(v).contains(&c)))
                    .collect();
                if units[0] != u {
                    continue;
                }
                // A cell of both units loses the same digits from either: listed once.
                let mut elims: Vec<(usize, Mask)> = units
                    .iter()
                    .flat_map(|&v| {
                        let rest = s.unit(v).iter().copied().filter(|c| !roof.contains(c));
                        subset_removals(s, rest, &combo, digits_mask)
                    })
                    .collect();
                elims.sort_unstable();
                elims.dedup();
                if elims.is_empty() {
                    continue;
                }
                let names: Vec<String> =
                    units.iter().map(|&v| s.unit_name(v).to_string()).collect();
                let unit = s.unit_name(u);
                let in_units = names.join(" and ");
                let text = say(quiet, || {
                    format!(
                        "Uniqueness Test 3: {}, so {} must hold {} or the puzzle would have \
                     two solutions; with {} they form a naked subset of {} in {in_units}, so \
                     {}.",
                        hold_only(s, ur, &ur.bivalue()),
                        s.names_text(&roof).replacen(" and ", " or ", 1),
                        s.syms_text(e).replacen(" and ", " or ", 1),
                        s.names_text(&combo),
                        s.syms_text(digits_mask),
                        removal_text(s, &elims)
                    )
                });
                let step = ut3_step(quiet, ur, text, elims, (combo, digits_mask), unit);
                out.push(
                    units[1..]
                        .iter()
                        .fold(step, |st, &v| st.unit(s.unit_name(v))),
                );
            }
        }
        ut3_hidden(quiet, s, ur, &roof, e, u, out);
    }
}

/// Uniqueness Test 3 with a hidden subset in unit `u`, which holds both roof corners: at least one
/// roof corner holds an extra digit, so the roof holds at most one of `a` and `b`. When `a`, `b`
/// and up to two more digits (none an extra of the roof), `k` digits in all, fit in the unit only
/// in the roof and in `k - 1` other cells, those cells hold one each of them and lose every other
/// digit.
fn ut3_hidden(
    quiet: bool,
    s: &State,
    ur: &Ur,
    roof: &[usize],
    e: Mask,
    u: usize,
    out: &mut Vec<Step>,
) {
    let cells = s.unit(u);
    let roof_pos = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| roof.contains(c))
        .fold(0u32, |m, (i, _)| m | 1 << i);
    let ab = ur.ab();
    let outside = |d: u8| s.places(u, d) & !roof_pos;
    let base = outside(ur.a) | outside(ur.b);
    // Digits that could join: unplaced in the unit, not `a` or `b`, no extra of the roof.
    let more: Vec<u8> = digits(full_mask(s.size()) & !ab & !e & !s.placed_in(u))
        .filter(|&d| s.places(u, d) != 0)
        .collect();
    for k in 0..=2usize {
        for combo in super::subsets::combinations(&more, k) {
            let pos = combo.iter().fold(base, |m, &d| m | outside(d));
            if pos.count_ones() as usize != k + 1 {
                continue;
            }
            let held = combo.iter().fold(ab, |m, &d| m | bit(d));
            let subset: Vec<usize> = digits(pos).map(|i| cells[usize::from(i) - 1]).collect();
            let elims = subset_removals(s, subset.iter().copied(), &[], !held);
            if elims.is_empty() {
                continue;
            }
            let unit = s.unit_name(u);
            let text = say(quiet, || {
                format!(
                    "Uniqueness Test 3: {}, so {} cannot both hold {} or the puzzle would have \
                     two solutions; in {unit} {} fit only there and in {}, a hidden subset, so {}.",
                    hold_only(s, ur, &ur.bivalue()),
                    s.names_text(roof),
                    s.syms_text(ab).replacen(" and ", " or ", 1),
                    s.syms_text(held),
                    s.names_text(&subset),
                    removal_text(s, &elims)
                )
            });
            out.push(ut3_step(quiet, ur, text, elims, (subset, held), unit));
        }
    }
}

/// A Uniqueness Test 3 step: the rectangle's corners, then the subset's other cells, in `unit`.
fn ut3_step(
    quiet: bool,
    ur: &Ur,
    text: String,
    elims: Vec<(usize, Mask)>,
    (cells, held): (Vec<usize>, Mask),
    unit: Unit,
) -> Step {
    Step::new(Technique::UniquenessTest3, text)
        .eliminate(elims)
        .figure(quiet, |fig| {
            ur_figure(fig, ur);
            fig.role(Part::Subset, cells.iter().copied(), held);
        })
        .cells(ur.rect.corners)
        .cells(cells)
        .unit(unit)
}

fn ut4(quiet: bool, s: &State, ur: &Ur, out: &mut Vec<Step>) {
    let Some([i, j]) = roof(ur) else { return };
    let roof = ur.cells(&[i, j]);
    for u in ur.rect.shared_units(s, i, j) {
        for (d, other) in [(ur.a, ur.b), (ur.b, ur.a)] {
            if s.places(u, d).count_ones() != 2 || roof.iter().any(|&c| s.cands(c) & bit(d) == 0) {
                continue;
            }
            // A roof corner may lack `other` already.
            let elims: Vec<(usize, Mask)> = roof
                .iter()
                .map(|&c| (c, s.cands(c) & bit(other)))
                .filter(|e| e.1 != 0)
                .collect();
            let unit = s.unit_name(u);
            let text = say(quiet, || {
                format!(
                "Uniqueness Test 4: {}, and in {unit}, {} fits only in {}, so one of them is {}; \
                 if either were {} the puzzle would have two solutions, so {}.",
                hold_only(s, ur, &ur.bivalue()),
                s.sym(d),
                s.names_text(&roof),
                s.sym(d),
                s.sym(other),
                removal_text(s, &elims)
            )
            });
            let step = Step::new(Technique::UniquenessTest4, text)
                .eliminate(elims)
                .figure(quiet, |fig| {
                    ur_figure(fig, ur);
                    fig.link([roof[0]], d, [roof[1]], d, true);
                })
                .cells(ur.rect.corners)
                .unit(unit);
            out.push(step);
        }
    }
}

/// Tests 2 and 5: every corner with extras holds just one extra digit `x`, the same in each;
/// for test 2 they are two corners sharing a row or column, for test 5 two opposite corners or
/// three. One of them is `x`, so `x` leaves every cell that sees all of them.
fn one_extra_digit(quiet: bool, s: &State, ur: &Ur, kind: u8, out: &mut Vec<Step>) {
    if !(2..=3).contains(&ur.ext.count_ones()) {
        return;
    }
    let idx = ur.with_extras();
    let x = ur.extra[idx[0]];
    let shape_ok = match idx[..] {
        [i, j] => (i ^ j == 3) == (kind == 5),
        [_, _, _] => kind == 5,
        _ => false,
    };
    if !shape_ok || x.count_ones() != 1 || idx.iter().any(|&i| ur.extra[i] != x) {
        return;
    }
    let cells = ur.cells(&idx);
    let elims = seen_elims(s, &cells, x);
    if elims.is_empty() {
        return;
    }
    let text = say(quiet, || {
        format!(
        "Uniqueness Test {kind}: {}, and {} hold only {}; one of them must be {} or the puzzle \
         would have two solutions, so {}.",
        hold_only(s, ur, &ur.bivalue()),
        s.names_text(&cells),
        s.syms_text(ur.ab() | x),
        s.syms_text(x),
        removal_text(s, &elims)
    )
    });
    out.push(ut_step(quiet, s, ur, kind, text, elims));
}

fn ut6(quiet: bool, s: &State, ur: &Ur, out: &mut Vec<Step>) {
    if ur.ext != 0b1001 && ur.ext != 0b0110 {
        return;
    }
    let idx = ur.with_extras();
    let [i, j] = idx[..] else { return };
    if i ^ j != 3 {
        return;
    }
    let ext = ur.cells(&[i, j]);
    for d in [ur.a, ur.b] {
        // `d` fits in both rows, or in both columns, only at the corners.
        let lines = [("rows", ur.rect.rows), ("columns", ur.rect.cols)];
        let Some((name, pair)) = lines
            .iter()
            .find(|(_, pair)| pair.iter().all(|&u| s.places(u, d).count_ones() == 2))
        else {
            continue;
        };
        let elims: Vec<(usize, Mask)> = ext.iter().map(|&c| (c, bit(d))).collect();
        let n = s.size();
        let text = say(quiet, || {
            format!(
                "Uniqueness Test 6: {}, and in {name} {} and {}, {} fits only in the rectangle's \
             corners; were {} {} the puzzle would have two solutions, so {}.",
                hold_only(s, ur, &ur.bivalue()),
                pair[0] % n + 1,
                pair[1] % n + 1,
                s.sym(d),
                s.names_text(&ext),
                s.sym(d),
                removal_text(s, &elims)
            )
        });
        out.push(ut_step(quiet, s, ur, 6, text, elims));
    }
}

pub(super) fn hidden_rectangle(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    each_ur(f, true, |s, ur, out| {
        for &i in ur.bivalue().iter() {
            let o = i ^ 3;
            let cell = ur.cell(o);
            let [row, col, _] = s.units_of(cell);
            for (d, other) in [(ur.a, ur.b), (ur.b, ur.a)] {
                // `d` fits only in the rectangle in the row and the column of the corner
                // opposite `i` (its neighbours there are corners `o ^ 1` and `o ^ 2`), which
                // holds `other`.
                let has = |k: usize, x: u8| s.cands(ur.cell(k)) & bit(x) != 0;
                if s.places(row, d).count_ones() != 2
                    || s.places(col, d).count_ones() != 2
                    || ![o, o ^ 1, o ^ 2].iter().all(|&k| has(k, d))
                    || !has(o, other)
                {
                    continue;
                }
                let elims = vec![(cell, bit(other))];
                let text = say(quiet, || {
                    format!(
                    "Hidden Rectangle: {}, and in {} and {}, {} fits only in the rectangle; if {} \
                     were {} the puzzle would have two solutions, so {}.",
                    hold_only(s, ur, &[i]),
                    s.unit_name(row),
                    s.unit_name(col),
                    s.sym(d),
                    s.name(cell),
                    s.sym(other),
                    removal_text(s, &elims)
                )
                });
                let step = Step::new(Technique::HiddenRectangle, text)
                    .eliminate(elims)
                    .figure(quiet, |fig| ur_figure(fig, ur))
                    .cells(ur.rect.corners)
                    .unit(s.unit_name(row))
                    .unit(s.unit_name(col));
                out.push(step);
            }
        }
    });
}

pub(super) fn avoidable_rectangle(f: &mut Finder<'_>, kind: u8) {
    let s = f.state;
    let shape = s.shape();
    let n = s.size();
    // Solved during solving: placed, not a given.
    let solved = |c: usize| s.value(c) != 0 && !s.is_given(c);
    // The columns of each row where a cell was solved, and the rows of each column.
    let (mut in_row, mut in_col) = (vec![0u32; n], vec![0u32; n]);
    for c in (0..shape.cells()).filter(|&c| solved(c)) {
        let (r, col) = s.row_col(c);
        in_row[r] |= 1 << col;
        in_col[col] |= 1 << r;
    }
    let solved = Solved { in_row, in_col };
    for e in 0..shape.cells() {
        if s.value(e) != 0 {
            continue;
        }
        let stop = if kind == 1 {
            avoidable_1_at(f, &solved, e)
        } else {
            avoidable_2_at(f, &solved, e)
        };
        if stop {
            return;
        }
    }
}

/// The cells solved during solving (placed, not given), by line: the columns of each row where
/// one was, and the rows of each column.
struct Solved {
    in_row: Vec<u32>,
    in_col: Vec<u32>,
}

/// The lines whose bits are set in `m`.
fn line_bits(m: u32, n: usize) -> impl Iterator<Item = usize> {
    (0..n).filter(move |&i| m & (1 << i) != 0)
}

/// Avoidable rectangles of type 1 with `e` the empty corner; true when the finder wants no more.
fn avoidable_1_at(f: &mut Finder<'_>, solved: &Solved, e: usize) -> bool {
    let s = f.state;
    let shape = s.shape();
    let n = s.size();
    let (re, ce) = s.row_col(e);
    // `e` is the empty corner; `p` in its row and `q` in its column hold the same digit, the
    // corner opposite `e` another one.
    for cp in line_bits(solved.in_row[re], n) {
        let p = shape.cell(re, cp);
        for rq in line_bits(solved.in_col[ce] & solved.in_col[cp], n) {
            let q = shape.cell(rq, ce);
            let opp = shape.cell(rq, cp);
            let a = s.value(opp);
            if s.value(q) != s.value(p) || s.cands(e) & bit(a) == 0 {
                continue;
            }
            let Some(rect) = Rect::new(s, (re, rq), (ce, cp)) else {
                continue;
            };
            if f.add(ar1(f.quiet(), s, &rect, e, [p, q, opp])) {
                return true;
            }
        }
    }
    false
}

/// Avoidable rectangles of type 2 with `e` one of the empty corners; true when the finder wants
/// no more.
fn avoidable_2_at(f: &mut Finder<'_>, solved: &Solved, e: usize) -> bool {
    let s = f.state;
    let shape = s.shape();
    let n = s.size();
    let (in_row, in_col) = (&solved.in_row, &solved.in_col);
    let (re, ce) = s.row_col(e);
    // Type 2: `e` and `g`, empty and in one line, hold `a`+`x` and `b`+`x`; the corner
    // opposite `e` was solved as `a`, the one opposite `g` as `b`.
    let me = s.cands(e);
    if me.count_ones() != 2 {
        return false;
    }
    let row = (ce + 1..n).map(|c| (shape.cell(re, c), true));
    let col = (re + 1..n).map(|r| (shape.cell(r, ce), false));
    for (g, same_row) in row.chain(col) {
        let mg = s.cands(g);
        let x = me & mg;
        if mg.count_ones() != 2 || x.count_ones() != 1 || me == mg {
            continue;
        }
        let (a, b) = (me & !x, mg & !x);
        let (rg, cg) = s.row_col(g);
        // The other lines where both cells opposite `e` and `g` were solved.
        let across = if same_row {
            in_col[ce] & in_col[cg]
        } else {
            in_row[re] & in_row[rg]
        };
        for k in line_bits(across, n) {
            // `oe` is opposite `e` and holds `a`; `og` is opposite `g` and holds `b`.
            let (oe, og) = if same_row {
                (shape.cell(k, cg), shape.cell(k, ce))
            } else {
                (shape.cell(rg, k), shape.cell(re, k))
            };
            if bit(s.value(oe)) != a || bit(s.value(og)) != b {
                continue;
            }
            let rect = if same_row {
                Rect::new(s, (re, k), (ce, cg))
            } else {
                Rect::new(s, (re, rg), (ce, k))
            };
            let Some(rect) = rect else { continue };
            if let Some(step) = ar2(f.quiet(), s, &rect, [oe, og], [e, g], x) {
                if f.add(step) {
                    return true;
                }
            }
        }
    }
    false
}

/// Type 1: `p` and `q` (opposite each other) hold `b`, `opp` holds `a`; the empty `e` is not `a`.
fn ar1(quiet: bool, s: &State, rect: &Rect, e: usize, [p, q, opp]: [usize; 3]) -> Step {
    let (a, b) = (s.value(opp), s.value(p));
    let elims = vec![(e, bit(a))];
    let text = say(quiet, || {
        format!(
            "Avoidable Rectangle Type 1: {} ({}), {} ({}) and {} ({}) were solved, none of them a \
         given; if {} were {} the puzzle would have two solutions, so {}.",
            s.name(opp),
            s.sym(a),
            s.name(p),
            s.sym(b),
            s.name(q),
            s.sym(b),
            s.name(e),
            s.sym(a),
            removal_text(s, &elims)
        )
    });
    let step = Step::new(Technique::AvoidableRectangleType1, text)
        .eliminate(elims)
        .figure(quiet, |fig| {
            fig.role(Part::Rectangle, rect.corners, bit(a) | bit(b))
        })
        .cells(rect.corners);
    with_units(step, rect.units(s))
}

/// Type 2: the solved `i`, `j` share a line; the empty corners opposite them, `oi` and `oj`,
/// hold `i`'s and `j`'s digit and `x`; one of them is `x`.
fn ar2(
    quiet: bool,
    s: &State,
    rect: &Rect,
    [i, j]: [usize; 2],
    empty: [usize; 2],
    x: Mask,
) -> Option<Step> {
    let [oi, oj] = empty;
    let elims = seen_elims(s, &empty, x);
    if elims.is_empty() {
        return None;
    }
    let text = say(quiet, || {
        format!(
        "Avoidable Rectangle Type 2: {} ({}) and {} ({}) were solved, neither a given, {} holds \
         only {} and {} only {}; one of them must be {} or the puzzle would have two solutions, \
         so {}.",
        s.name(i),
        s.sym(s.value(i)),
        s.name(j),
        s.sym(s.value(j)),
        s.name(oi),
        s.syms_text(s.cands(oi)),
        s.name(oj),
        s.syms_text(s.cands(oj)),
        s.syms_text(x),
        removal_text(s, &elims)
    )
    });
    let step = Step::new(Technique::AvoidableRectangleType2, text)
        .eliminate(elims)
        .figure(quiet, |fig| {
            let ab = bit(s.value(i)) | bit(s.value(j));
            fig.role(Part::Rectangle, rect.corners, ab);
            fig.role(Part::Extra, empty, x);
        })
        .cells(rect.corners);
    Some(with_units(step, rect.units(s)))
}

pub(super) fn bug_plus_1(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    let mut triple = None;
    for c in s.empty_cells() {
        match s.cands(c).count_ones() {
            2 => {}
            3 if triple.is_none() => triple = Some(c),
            _ => return,
        }
    }
    let Some(cell) = triple else { return };
    let mine = s.units_of(cell);
    // In every unit, each digit fits 0 or 2 times, but for one digit fitting 3 times in each unit
    // of the trivalue cell.
    let mut extra: Option<u8> = None;
    for u in 0..s.unit_count() {
        // Digits fitting at least once, twice, three and four times.
        let (mut once, mut twice, mut thrice, mut four): (Mask, Mask, Mask, Mask) = (0, 0, 0, 0);
        for &c in s.unit(u) {
            let m = s.cands(c);
            four |= thrice & m;
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        if once & !twice != 0 || four != 0 {
            return;
        }
        if mine.contains(&u) {
            if thrice.count_ones() != 1 {
                return;
            }
            let d = thrice.trailing_zeros() as u8 + 1;
            if extra.is_some_and(|e| e != d) {
                return;
            }
            extra = Some(d);
        } else if thrice != 0 {
            return;
        }
    }
    let Some(d) = extra else { return };
    if s.cands(cell) & bit(d) == 0 {
        return;
    }
    let [row, col, bx] = mine.map(|u| s.unit_name(u));
    let others = s.cands(cell) & !bit(d);
    let text = say(quiet, || {
        format!(
        "BUG+1: every empty cell but {} holds two candidates, and {} fits three times in {row}, \
         {col} and {bx}; were {} not {} the puzzle would have no solution or two, so {} is {} \
         and {} {} removed from it.",
        s.name(cell),
        s.sym(d),
        s.name(cell),
        s.sym(d),
        s.name(cell),
        s.sym(d),
        s.syms_text(others),
        if others.count_ones() == 1 { "is" } else { "are" }
    )
    });
    // The cell's other candidates go, as HoDoKu writes it; the naked single that follows places
    // the digit (and scores as on HoDoKu's path).
    let step = Step::new(Technique::BugPlus1, text)
        .eliminate([(cell, others)])
        .figure(quiet, |fig| fig.role(Part::Extra, [cell], bit(d)))
        .cells([cell])
        .unit(row)
        .unit(col)
        .unit(bx);
    f.add(step);
}

#[cfg(test)]
mod tests {
    use super::super::tests::nine;
    use super::super::{find, solve, Options, ALL_STEPS_LIMIT};
    use super::*;
    use crate::solver::count_solutions;

    fn found(s: &State, t: Technique) -> Vec<Step> {
        let cx = Engine::new();
        let mut f = cx.finder(s, ALL_STEPS_LIMIT);
        find(t, &mut f);
        f.into_steps()
    }

    /// Every uniqueness step available anywhere on the solving paths of a quarter of the sample
    /// (not only the ones the path takes) is true.
    #[test]
    fn every_uniqueness_step_on_the_sample_paths_is_true() {
        let sample = include_str!("../../tests/data/hodoku-sample.tsv");
        let lines = sample.lines().filter(|l| !l.starts_with('#'));
        let mut fired = std::collections::BTreeSet::new();
        for line in lines.step_by(4) {
            let grid = nine(line.split('\t').next().unwrap());
            let solution = count_solutions(&grid, 2).first.unwrap();
            let path = solve(State::new(&grid), &Options::default());
            let mut state = State::new(&grid);
            for step in &path.steps {
                for &t in Technique::ALL.iter().filter(|t| t.needs_uniqueness()) {
                    for st in found(&state, t) {
                        for &(c, m) in &st.eliminations {
                            assert_eq!(m & bit(solution[c]), 0, "{}", st.explanation);
                        }
                        for &(c, v) in &st.placements {
                            assert_eq!(solution[c], v, "{}", st.explanation);
                        }
                        fired.insert(t);
                    }
                }
                state.apply(step);
            }
        }
        assert!(fired.len() >= 6, "{fired:?}");
    }

    /// The rectangles kept per state are the state's own: walking the solving paths, each
    /// state's list (the previous state's kept until asked) is the one listed afresh.
    #[test]
    fn the_rectangles_kept_are_those_of_the_state_asked() {
        let summary = |urs: &[Ur]| -> Vec<([usize; 4], u8, u8, u8, u8)> {
            (urs.iter())
                .map(|u| (u.rect.corners, u.a, u.b, u.ext, u.lacks))
                .collect()
        };
        let (mut states, mut listed) = (0, 0);
        let cx = Engine::new();
        for s in crate::logic::tests::path_states() {
            for lacking in [false, true] {
                let kept = urs(&cx, &s, lacking);
                assert_eq!(summary(&kept), summary(&list_urs(&s, lacking)));
                // Asked again on the same state: the same list, not listed again.
                assert!(Rc::ptr_eq(&kept, &urs(&cx, &s, lacking)));
                listed += kept.len();
            }
            states += 1;
        }
        assert!(
            states > 1000 && listed > 1000,
            "{states} states, {listed} rectangles"
        );
    }
}
