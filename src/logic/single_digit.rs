//! Single-digit patterns: short chains of one digit built from conjugate pairs (a unit where the
//! digit has exactly two places, so one of them holds it).
//!
//! - Skyscraper: conjugate pairs in two parallel lines (two rows or two columns) with one end of
//!   each in the same crossing line; one of the two other ends holds the digit.
//! - 2-String Kite: a conjugate pair in a row and one in a column, with one end of each in the
//!   same box (four distinct cells); one of the two other ends holds the digit.
//! - Turbot Fish: every other strong-weak-strong chain of one digit: conjugate pairs `b1-a1` and
//!   `a2-b2` in any two units (at least one a box, or two parallel lines whose ends `a1`, `a2`
//!   see each other through a box only), `a1` sees `a2`, four distinct cells. The chains that are
//!   Skyscrapers or 2-String Kites by the definitions above are left to those techniques, except
//!   when every step is wanted: then Turbot Fish lists them too, as HoDoKu's "find all steps"
//!   does (on 60 positions, 73 of its 97 Turbot Fish, was 17).
//! - Empty Rectangle: a box whose places for a digit all lie in one row and one column of the box
//!   (in both, not in one only), and a conjugate pair in a line outside the box with one end in
//!   that row (or column); the cell where the other end's line meets the box's column (row) loses
//!   the digit. Conjugate pairs in boxes are not used as the ER's pair (those chains are Turbot
//!   Fish).
//!
//! Every pattern removes the digit from the cells that see both ends (for the Empty Rectangle, the
//! one cell named above). Instances are taken in scan order (digit, then units).

use std::cell::RefCell;
use std::rc::Rc;

use crate::grid::{bit, Mask};

use super::{
    barren,
    state::Memo,
    step::{removal_text, say, Part},
    Engine, Finder, State, Step, Technique,
};

/// What kind of unit a conjugate pair lives in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Row,
    Col,
    Box,
}

/// Two cells that are the only places of a digit in a unit: one of them holds it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pair {
    pub a: usize,
    pub b: usize,
    /// The unit (row, column or box index as in [`State::unit`]); a pair that is conjugate in a
    /// line and in a box is kept once, with the line.
    pub unit: usize,
    pub kind: Kind,
}

/// What the one-digit techniques keep in the engine: the conjugate pairs of the last state
/// asked for (seven techniques in a row on the ladder read them in the same state).
#[derive(Default)]
pub(super) struct Cache {
    pairs: RefCell<Memo<Vec<Vec<Pair>>>>,
}

/// Every conjugate pair of every digit (`pairs[d - 1]`), each digit's rows first, then columns,
/// then boxes; each pair of cells once. Shared with the previous call on the same state.
pub(super) fn conjugate_pairs(cx: &Engine, s: &State) -> Rc<Vec<Vec<Pair>>> {
    (cx.caches.single_digit.pairs.borrow_mut()).get(s, pairs_of)
}

fn pairs_of(s: &State) -> Vec<Vec<Pair>> {
    let n = s.size();
    let mut out: Vec<Vec<Pair>> = vec![Vec::new(); n];
    for u in 0..3 * n {
        let kind = match u / n {
            0 => Kind::Row,
            1 => Kind::Col,
            _ => Kind::Box,
        };
        let cells = s.unit(u);
        for (i, pairs) in out.iter_mut().enumerate() {
            // Bit `k`: the unit's `k`-th cell holds the digit.
            let m = s.places(u, i as u8 + 1);
            if m.count_ones() != 2 {
                continue;
            }
            let a = cells[m.trailing_zeros() as usize];
            let b = cells[(m & (m - 1)).trailing_zeros() as usize];
            if kind == Kind::Box && pairs.iter().any(|p| p.a == a && p.b == b) {
                continue;
            }
            pairs.push(Pair {
                a,
                b,
                unit: u,
                kind,
            });
        }
    }
    out
}

/// The cells other than `pattern` that hold `d` and see both `x` and `y`, each losing `d`.
pub(super) fn seeing_both(
    s: &State,
    d: u8,
    x: usize,
    y: usize,
    pattern: &[usize],
) -> Vec<(usize, Mask)> {
    let b = bit(d);
    s.peers(x)
        .iter()
        .copied()
        .filter(|&c| s.cands(c) & b != 0 && !pattern.contains(&c) && s.sees(c, y))
        .map(|c| (c, b))
        .collect()
}

/// Which of the three techniques a strong-weak-strong chain `b1=a1-a2=b2` belongs to.
fn class(s: &State, p: &Pair, a1: usize, q: &Pair, a2: usize) -> Technique {
    let sh = s.shape();
    match (p.kind, q.kind) {
        (Kind::Row, Kind::Row) if sh.col(a1) == sh.col(a2) => Technique::Skyscraper,
        (Kind::Col, Kind::Col) if sh.row(a1) == sh.row(a2) => Technique::Skyscraper,
        (Kind::Row, Kind::Col) | (Kind::Col, Kind::Row)
            if s.units_of(a1)[2] == s.units_of(a2)[2] =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}

/// Finds every chain `b1=a1-a2=b2` of technique `t` over the conjugate pairs of each digit.
fn chains(f: &mut Finder<'_>, t: Technique) {
    let all = conjugate_pairs(f.cx, f.state);
    // Every step wanted: Turbot Fish lists every such chain, Skyscrapers and Kites too, as
    // HoDoKu's "find all steps" does; a solving path takes them as the easier techniques.
    let any_class = t == Technique::TurbotFish && f.wants_all();
    by_digit(f, t, |f, d| {
        chains_digit(f, t, d, &all[usize::from(d) - 1], any_class)
    });
}

/// Runs `search` (true when `f` wants no more) for each digit in turn until `f` wants no more.
/// What these patterns find for a digit depends only on its places, so a solving path skips the
/// digits whose places a search of `t` found barren (every step wanted, Turbot Fish lists more,
/// so nothing is skipped).
fn by_digit(f: &mut Finder<'_>, t: Technique, mut search: impl FnMut(&mut Finder<'_>, u8) -> bool) {
    let s = f.state;
    for d in 1..=s.size() as u8 {
        let mut done = false;
        if f.wants_all() {
            done = search(f, d);
        } else {
            barren::search_digit(f.cx, t, s, d, true, || {
                let before = f.count();
                done = search(f, d);
                f.count() > before
            });
        }
        if done {
            return;
        }
    }
}

/// The chains of technique `t` of digit `d` over its conjugate pairs, into `f`: true when `f`
/// wants no more.
fn chains_digit(f: &mut Finder<'_>, t: Technique, d: u8, pairs: &[Pair], any_class: bool) -> bool {
    let quiet = f.quiet();
    let s = f.state;
    for i in 0..pairs.len() {
        for j in i + 1..pairs.len() {
            let (p, q) = (&pairs[i], &pairs[j]);
            if p.unit == q.unit {
                continue;
            }
            if !lines_fit(t, p, q) {
                continue;
            }
            for (a1, b1) in [(p.a, p.b), (p.b, p.a)] {
                for (a2, b2) in [(q.a, q.b), (q.b, q.a)] {
                    if a1 == a2 || a1 == b2 || b1 == a2 || b1 == b2 || !s.sees(a1, a2) {
                        continue;
                    }
                    if class(s, p, a1, q, a2) != t && !any_class {
                        continue;
                    }
                    // Two parallel lines whose both ends are aligned are an X-Wing.
                    if t == Technique::Skyscraper && s.sees(b1, b2) && same_cross(s, p, b1, b2) {
                        continue;
                    }
                    let cells = [b1, a1, a2, b2];
                    let elims = seeing_both(s, d, b1, b2, &cells);
                    if elims.is_empty() {
                        continue;
                    }
                    let step = chain_step(quiet, s, (t, d), (p, q), cells, elims);
                    if f.add(step) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// True when pairs `p` and `q` lie in lines technique `t` can join: skyscrapers need parallel
/// lines, kites a row and a column.
fn lines_fit(t: Technique, p: &Pair, q: &Pair) -> bool {
    match t {
        Technique::Skyscraper => p.kind == q.kind && p.kind != Kind::Box,
        Technique::TwoStringKite => matches!(
            (p.kind, q.kind),
            (Kind::Row, Kind::Col) | (Kind::Col, Kind::Row)
        ),
        _ => true,
    }
}

/// The step of chain technique `t` of digit `d` over pairs `p` and `q`, joined at `a1` and
/// `a2` (`cells`: `[b1, a1, a2, b2]`), removing `elims`.
fn chain_step(
    quiet: bool,
    s: &State,
    (t, d): (Technique, u8),
    (p, q): (&Pair, &Pair),
    cells: [usize; 4],
    elims: Vec<(usize, Mask)>,
) -> Step {
    let [b1, a1, a2, b2] = cells;
    let how = match t {
        Technique::Skyscraper => {
            let cross = if p.kind == Kind::Row {
                s.unit_count() / 3 + s.shape().col(a1)
            } else {
                s.shape().row(a1)
            };
            format!("share {}", s.unit_name(cross))
        }
        _ => {
            let shared = common_unit(s, a1, a2);
            format!("share {}", s.unit_name(shared))
        }
    };
    let text = say(quiet, || {
        format!(
            "{}: {} in {} lies only in {} and {}, and in {} only in {} and {}; \
             {} and {} {how}, so they are not both {}, hence one of {} and {} \
             is {}, and {}.",
            t.name(),
            s.sym(d),
            s.unit_name(p.unit),
            s.name(b1),
            s.name(a1),
            s.unit_name(q.unit),
            s.name(a2),
            s.name(b2),
            s.name(a1),
            s.name(a2),
            s.sym(d),
            s.name(b1),
            s.name(b2),
            s.sym(d),
            removal_text(s, &elims)
        )
    });
    Step::new(t, text)
        .eliminate(elims)
        .figure(quiet, |fig| {
            for c in cells {
                fig.role(Part::Node, [c], bit(d));
            }
            fig.link([b1], d, [a1], d, true);
            fig.link([a1], d, [a2], d, false);
            fig.link([a2], d, [b2], d, true);
        })
        .cells(cells)
        .unit(s.unit_name(p.unit))
        .unit(s.unit_name(q.unit))
}

/// True when `b1` and `b2` lie in the same line crossing the parallel lines of pair `p`.
fn same_cross(s: &State, p: &Pair, b1: usize, b2: usize) -> bool {
    let sh = s.shape();
    match p.kind {
        Kind::Row => sh.col(b1) == sh.col(b2),
        Kind::Col => sh.row(b1) == sh.row(b2),
        Kind::Box => false,
    }
}

/// A unit that two cells that see each other share: their row, else column, else box.
fn common_unit(s: &State, a: usize, b: usize) -> usize {
    let (ua, ub) = (s.units_of(a), s.units_of(b));
    (0..3).find(|&i| ua[i] == ub[i]).map_or(ua[2], |i| ua[i])
}

pub(super) fn skyscraper(f: &mut Finder<'_>) {
    chains(f, Technique::Skyscraper);
}

pub(super) fn two_string_kite(f: &mut Finder<'_>) {
    chains(f, Technique::TwoStringKite);
}

pub(super) fn turbot_fish(f: &mut Finder<'_>) {
    chains(f, Technique::TurbotFish);
}

pub(super) fn empty_rectangle(f: &mut Finder<'_>) {
    let s = f.state;
    let sh = s.shape();
    let n = s.size();
    // Per box, the rows and the columns it spans, in order.
    let spans: Vec<(Vec<usize>, Vec<usize>)> = (2 * n..3 * n)
        .map(|bx| {
            let box_cells = s.unit(bx);
            let mut rows: Vec<usize> = box_cells.iter().map(|&c| sh.row(c)).collect();
            rows.sort_unstable();
            rows.dedup();
            let mut cols: Vec<usize> = box_cells.iter().map(|&c| sh.col(c)).collect();
            cols.sort_unstable();
            cols.dedup();
            (rows, cols)
        })
        .collect();
    let all = conjugate_pairs(f.cx, s);
    by_digit(f, Technique::EmptyRectangle, |f, d| {
        empty_rectangle_digit(f, d, &spans, &all[usize::from(d) - 1])
    });
}

/// The empty rectangles of digit `d` into `f` (`spans`: each box's rows and columns; `pairs`:
/// the digit's conjugate pairs): true when `f` wants no more.
fn empty_rectangle_digit(
    f: &mut Finder<'_>,
    d: u8,
    spans: &[(Vec<usize>, Vec<usize>)],
    pairs: &[Pair],
) -> bool {
    let quiet = f.quiet();
    let s = f.state;
    let sh = s.shape();
    let n = s.size();
    let b = bit(d);
    for (bx, (rows, cols)) in (2 * n..3 * n).zip(spans) {
        let m = s.places(bx, d);
        if m.count_ones() < 2 {
            continue;
        }
        let box_cells = s.unit(bx);
        let in_box: Vec<usize> = (0..n)
            .filter(|&k| m & 1 << k != 0)
            .map(|k| box_cells[k])
            .collect();
        for &r in rows {
            for &c in cols {
                let all_in = in_box.iter().all(|&x| sh.row(x) == r || sh.col(x) == c);
                let only_row = in_box.iter().all(|&x| sh.row(x) == r);
                let only_col = in_box.iter().all(|&x| sh.col(x) == c);
                if !all_in || only_row || only_col {
                    continue;
                }
                for pr in pairs {
                    for (p, q) in [(pr.a, pr.b), (pr.b, pr.a)] {
                        let Some(target) = er_target(s, (rows, cols), (r, c), pr, (p, q)) else {
                            continue;
                        };
                        if s.cands(target) & b == 0 {
                            continue;
                        }
                        let elims = vec![(target, b)];
                        let at = ErAt {
                            d,
                            bx,
                            r,
                            c,
                            in_box: &in_box,
                        };
                        let step = er_step(quiet, s, &at, pr, (p, q), elims);
                        if f.add(step) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// Where an empty rectangle in a box spanning `rows` and `cols`, crossing at row `r` and column
/// `c`, with pair `pr` read from `p` to `q`, removes the digit: for a pair in a column outside
/// the box with `p` in row `r`, where `q`'s row meets column `c`; for a pair in a row, the other
/// way round. None when the pair does not fit.
fn er_target(
    s: &State,
    (rows, cols): (&[usize], &[usize]),
    (r, c): (usize, usize),
    pr: &Pair,
    (p, q): (usize, usize),
) -> Option<usize> {
    let sh = s.shape();
    match pr.kind {
        Kind::Col if !cols.contains(&sh.col(p)) && sh.row(p) == r && !rows.contains(&sh.row(q)) => {
            Some(sh.cell(sh.row(q), c))
        }
        Kind::Row if !rows.contains(&sh.row(p)) && sh.col(p) == c && !cols.contains(&sh.col(q)) => {
            Some(sh.cell(r, sh.col(q)))
        }
        _ => None,
    }
}

/// An empty rectangle's place: digit `d` in box `bx` (in cells `in_box`), crossing at row `r`
/// and column `c`.
struct ErAt<'a> {
    d: u8,
    bx: usize,
    r: usize,
    c: usize,
    in_box: &'a [usize],
}

/// The step of the empty rectangle `at` with pair `pr` read from `p` to `q`, removing `elims`.
fn er_step(
    quiet: bool,
    s: &State,
    at: &ErAt<'_>,
    pr: &Pair,
    (p, q): (usize, usize),
    elims: Vec<(usize, Mask)>,
) -> Step {
    let n = s.size();
    let ErAt {
        d,
        bx,
        r,
        c,
        in_box,
    } = *at;
    let other = if pr.kind == Kind::Col { n + c } else { r };
    let text = say(quiet, || {
        format!(
            "Empty Rectangle: in {}, {} lies only in {} and {}; in {} it \
             lies only in {} and {}, so either {} is {} or {} is, which \
             leaves {}'s {} in {}; either way {}.",
            s.unit_name(bx),
            s.sym(d),
            s.unit_name(r),
            s.unit_name(n + c),
            s.unit_name(pr.unit),
            s.name(p),
            s.name(q),
            s.name(q),
            s.sym(d),
            s.name(p),
            s.unit_name(bx),
            s.sym(d),
            s.unit_name(other),
            removal_text(s, &elims)
        )
    });
    Step::new(Technique::EmptyRectangle, text)
        .eliminate(elims)
        .figure(quiet, |fig| {
            fig.role(Part::BoxCells, in_box.iter().copied(), bit(d));
            fig.role(Part::Node, [p], bit(d));
            fig.role(Part::Node, [q], bit(d));
            fig.link([p], d, [q], d, true);
        })
        .cells(in_box.iter().copied().chain([p, q]))
        .unit(s.unit_name(bx))
        .unit(s.unit_name(pr.unit))
}
