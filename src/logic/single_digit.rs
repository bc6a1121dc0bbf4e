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

#[cfg(test)]
pub(super) mod tests {
    use super::super::{Engine, Technique};
    use super::*;
    use crate::grid::{bit, Mask};

    /// A 9x9 state from 81 whitespace-separated tokens: a single digit is placed, several
    /// digits are the candidates of an empty cell.
    pub(in crate::logic) fn pm(text: &str) -> State {
        use crate::grid::Shape;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(tokens.len(), 81, "81 tokens");
        let mut values = vec![0u8; 81];
        let mut cands = vec![0 as Mask; 81];
        for (i, t) in tokens.iter().enumerate() {
            let ds: Vec<u8> = t.bytes().map(|ch| ch - b'0').collect();
            if ds.len() == 1 {
                values[i] = ds[0];
            } else {
                cands[i] = ds.iter().fold(0, |m, &d| m | bit(d));
            }
        }
        State::from_candidates(Shape::for_size(9).unwrap(), values, cands).unwrap()
    }

    /// Every step technique `t` finds in `state` (all-steps mode).
    pub(in crate::logic) fn found(state: &State, t: Technique) -> Vec<Step> {
        crate::logic::all_steps(state, &crate::logic::Options::default())
            .into_iter()
            .filter(|s| s.technique == t)
            .collect()
    }

    /// Eliminations in the tests' notation: `r1c5:37 r2c2:4`, sorted.
    pub(in crate::logic) fn elim_text(state: &State, step: &Step) -> String {
        let parts: Vec<String> = step
            .eliminations
            .iter()
            .map(|&(c, m)| format!("{}:{}", state.name(c), state.syms(m)))
            .collect();
        parts.join(" ")
    }

    /// Checks a table of cases: for each (technique, state, eliminations), the technique's first
    /// instance makes exactly those eliminations, all-steps mode lists it too, and the step names
    /// its technique and cells; for each (technique, state) of `nothing`, nothing is found.
    pub(in crate::logic) fn check_table(
        cases: &[(Technique, &str, &str)],
        nothing: &[(Technique, &str)],
    ) {
        for &(t, grid, want) in cases {
            let s = pm(grid);
            let cx = Engine::new();
            let mut f = cx.finder(&s, 1);
            crate::logic::find(t, &mut f);
            let step = f
                .last()
                .unwrap_or_else(|| panic!("{t} finds nothing in {grid}"));
            assert_eq!(elim_text(&s, &step), want, "{t}: {}", step.explanation);
            assert!(
                step.explanation.starts_with(t.name()),
                "{}",
                step.explanation
            );
            assert!(step.cells.len() >= 3, "{t}: {:?}", step.cells);
            let all = found(&s, t);
            assert!(
                all.iter().any(|st| elim_text(&s, st) == want),
                "{t}: all-steps mode misses {want}"
            );
        }
        for &(t, grid) in nothing {
            let all = found(&pm(grid), t);
            assert!(all.is_empty(), "{t} finds {:?}", all[0].explanation);
        }
    }

    const SKYSCRAPER_1: &str = "
        34789   34589   34567   245789  245689  1       256789  23679   23589
        34789   34589   34567   245789  245689  67      256789  23679   1
        1789    1589    2       5789    5689    3       56789   4       589
        1234789 123489  1347    34789   34689   67      16      5       2489
        14789   14589   1457    45789   45689   2       3       16      489
        23489   6       345     34589   1       59      2489    29      7
        1234    1234    134     6       7       8       12459   1239    23459
        6       2347    8       1       59      59      247     237     234
        5       17      9       23      23      4       17      8       6
    ";

    const SKYSCRAPER_2: &str = "
        3568  34589 1     24589 24589 67    2359  789   23
        3568  34589 489   24589 24589 67    2359  789   1
        7     589   2     589   1     3     6     4     58
        38    389   7     6     489   2     1     5     48
        25    1     6     4589  34589 49    2349  89    7
        4     25    89    7     3589  1     239   6     23
        28    248   48    3     6     5     7     1     9
        1     7     5     249   249   49    8     3     6
        9     6     3     1     7     8     45    2     45
    ";

    const TWO_STRING_KITE_1: &str = "
        3489 349  1    58   24   7    259  6    29
        489  49   7    58   24   6    259  3    1
        6    5    2    1    9    3    8    4    7
        234  234  8    9    6    5    1    7    24
        24   6    9    24   7    1    3    8    5
        7    1    5    24   3    8    24   9    6
        29   7    6    3    1    24   49   5    8
        5    29   3    6    8    24   7    1    49
        1    8    4    7    5    9    6    2    3
    ";

    const TWO_STRING_KITE_2: &str = "
        3569  5689  68    79    2     1379  369   4     15679
        359   7     24    489   1348  6     2389  1235  1259
        369   1     24    5     3478  34789 23689 2367  2679
        2     356   7     49    1456  149   3469  8     14569
        156   568   168   3     4568  2489  7     256   24569
        4     3568  9     278   15678 1278  236   12356 1256
        79    249   5     6     478   2478  1     29    3
        8     26    3     1     9     5     246   267   2467
        1679  2469  16    247   347   2347  5     269   8
    ";

    const TURBOT_FISH_1: &str = "
        3     2469  469   5     789   2678  1     2479  279
        12459 7     14569 2369  139   236   245   8     2359
        1259  1259  8     2379  1379  4     257   2379  6
        6     1258  15    4     3578  23578 9     1237  12378
        1249  3     149   2789  6     278   278   5     1278
        259   2589  7     2389  3589  1     6     23    4
        8     4569  4569  1     457   567   3     2479  2579
        14579 1459  3     78    2     578   4578  6     15789
        1457  1456  2     3678  34578 9     4578  147   1578
    ";

    const TURBOT_FISH_2: &str = "
        1458   158    6      2478   247    3      2459   2459   247
        48     9      7      2468   246    5      1      3      246
        345    2      35     467    9      1      456    8      467
        2359   35     23589  12469  23456  29     23456  7      123468
        6      357    23589  12479  23457  279    2345   1245   12348
        2357   4      1      267    23567  8      2356   256    9
        12379  1367   239    5      27     279    8      12469  12346
        1259   156    259    3      8      4      7      1269   126
        23789  378    4      279    1      6      239    29     5
    ";

    const EMPTY_RECTANGLE_1: &str = "
        368 389 1   689 4   7   689 5   2
        4   89  7   689 2   5   689 3   1
        68  5   2   1   89  3   7   4   689
        38  38  9   7   6   2   5   1   4
        2   7   4   5   89  1   689 689 3
        1   6   5   489 3   49  2   89  7
        9   2   6   3   1   8   4   7   5
        7   1   8   49  5   469 3   2   69
        5   4   3   2   7   69  1   689 689
    ";

    const EMPTY_RECTANGLE_2: &str = "
        368 389 1   689 4   7   689 5   2
        4   89  7   689 2   5   689 3   1
        68  5   2   1   89  3   7   4   69
        38  38  9   7   6   2   5   1   4
        2   7   4   5   89  1   69  689 3
        1   6   5   489 3   49  2   89  7
        9   2   6   3   1   8   4   7   5
        7   1   8   49  5   469 3   2   69
        5   4   3   2   7   69  1   69  8
    ";

    #[test]
    fn every_step_lists_a_skyscraper_as_a_turbot_fish_too() {
        // As HoDoKu's "find all steps" does; the solving path's ladder reaches the Skyscraper
        // first, and the path and ratings are unchanged (scripts/same_output.sh).
        let s = pm(SKYSCRAPER_1);
        let all = found(&s, Technique::TurbotFish);
        assert!(
            all.iter()
                .any(|st| elim_text(&s, st) == "r1c8:6 r2c8:6 r4c7:6"
                    && st.explanation.starts_with("Turbot Fish")),
            "{:?}",
            all.iter().map(|st| elim_text(&s, st)).collect::<Vec<_>>()
        );
    }

    /// Each case: a state where the technique applies (taken from solving paths of the HoDoKu
    /// sample, except where noted) and the exact eliminations its first instance makes.
    #[test]
    fn the_table_of_cases() {
        check_table(
            &[
                (Technique::Skyscraper, SKYSCRAPER_1, "r1c8:6 r2c8:6 r4c7:6"),
                (Technique::Skyscraper, SKYSCRAPER_2, "r1c5:9 r2c5:9 r5c4:9"),
                (Technique::TwoStringKite, TWO_STRING_KITE_1, "r1c1:9"),
                (Technique::TwoStringKite, TWO_STRING_KITE_2, "r6c6:1"),
                (Technique::TurbotFish, TURBOT_FISH_1, "r4c8:3"),
                (Technique::TurbotFish, TURBOT_FISH_2, "r7c1:7"),
                (Technique::EmptyRectangle, EMPTY_RECTANGLE_1, "r5c7:8"),
                (Technique::EmptyRectangle, EMPTY_RECTANGLE_2, "r8c4:9"),
            ],
            // States where the technique finds nothing: each is a state where a later technique
            // of the ladder was the easiest step.
            &[
                (Technique::RemotePair, SKYSCRAPER_1),
                (Technique::MultiColors, TWO_STRING_KITE_1),
                (Technique::Skyscraper, TWO_STRING_KITE_1),
                (Technique::TwoStringKite, TURBOT_FISH_1),
                (Technique::TurbotFish, EMPTY_RECTANGLE_1),
            ],
        );
    }
}
