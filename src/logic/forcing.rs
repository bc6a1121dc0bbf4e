//! Forcing chains and forcing nets (contradiction and verity).
//!
//! A premise is a candidate assumed true or assumed false. What it implies is collected as two
//! bitsets over the candidates (`cell * n + d - 1`): those made true and those made false.
//!
//! - A forcing chain follows single links of the grouped chains' link graph (a weak link from a
//!   true node, a strong link from a false one), up to 20 links from the premise. Groups (the
//!   places of a digit in a box-line intersection) pass implications on, as in HoDoKu's forcing
//!   chains, but premises and conclusions are candidates.
//! - A forcing net lets an implication rest on several premises: after the assumption, singles
//!   (a cell left with one candidate, a digit left with one place in a unit) are filled in until
//!   nothing follows.
//!
//! Contradiction: a premise that makes a candidate both true and false, or leaves a cell without
//! candidates or a digit without a place in a unit, is false. Verity: when every candidate of a
//! cell, every place of a digit in a unit, or a candidate being true and being false, all imply the
//! same thing, that thing holds. Each step proves one conclusion; the best is a placement, then
//! the proof with the fewest implications. Only up to 9x9: beyond, the bitsets grow with the
//! square of the size and trial is cheaper.
//!
//! Every step wanted (HoDoKu's "find all steps"), a net's verity may also have branches that
//! break: a false premise implies anything, so with two or more live branches the others count
//! for nothing, and with one live branch the others must have implied the conclusion before
//! they broke (HoDoKu's nets stop at a depth, so its verities have such branches; without this
//! rule the conclusion would rest on one branch's consequences, hundreds of steps). On the
//! states of HoDoKu's solving paths of 160 top1465 puzzles, its forcing net steps that we list
//! with the same technique went from 108 to 114 of 115. A solving path leaves such branches to
//! their contradictions.

use crate::grid::{bit, cells_of, digits, full_mask, Mask, Shape};

use std::cell::RefCell;

use super::chains::{Bfs, Graph};
use super::marks::Marks;
use super::{Engine, Finder, Part, State, Step, Technique};

/// The most links of a forcing chain.
const CHAIN_LINKS: usize = 20;
/// The largest size searched.
const MAX_SIZE: usize = 9;

/// What each premise implies. Premise `2k + 1` is candidate `k` (`cell * n + d - 1`) true,
/// `2k` false. A premise's row holds per digit (index `d - 1`) the cells where the premise makes
/// that digit true, or false, as a bit set over the cells (at most 81 here): the state's own
/// bit boards line up with it, so the contradictions are found a digit at a time.
///
/// The two tables are 210 KB each at 9x9, and a search writes the rows of the premises it
/// looks at, a third of them or fewer. So a dropped `Reach` clears just those rows and leaves
/// the tables to the next one of its engine ([`Cache`]), instead of a new search zeroing
/// (and faulting in) 420 KB each time. Every row is written only once its premise is `done`.
struct Reach<'a> {
    /// Where the tables go when this is dropped.
    spare: &'a Spare,
    n: usize,
    on: Vec<u128>,
    off: Vec<u128>,
    /// Premises searched (candidates of the state).
    done: Vec<bool>,
}

/// The tables of the last [`Reach`] dropped, all zero.
type Spare = RefCell<Option<(Vec<u128>, Vec<u128>)>>;

/// What the forcing family keeps in the engine.
#[derive(Default)]
pub(super) struct Cache {
    /// The tables of the last [`Reach`] dropped, all zero.
    spare: Spare,
    /// The last one-step net search's [`Closures`].
    closures: RefCell<Option<Closures>>,
}

impl<'a> Reach<'a> {
    fn new(cx: &'a Engine, s: &State) -> Reach<'a> {
        let n = s.size();
        let cands = s.shape().cells() * n;
        let len = 2 * cands * n;
        let spare = &cx.caches.forcing.spare;
        let (on, off) = match spare.borrow_mut().take() {
            Some((on, off)) if on.len() == len && off.len() == len => (on, off),
            _ => (vec![0; len], vec![0; len]),
        };
        Reach {
            spare,
            n,
            on,
            off,
            done: vec![false; 2 * cands],
        }
    }

    fn on(&self, p: usize) -> &[u128] {
        &self.on[p * self.n..(p + 1) * self.n]
    }

    fn off(&self, p: usize) -> &[u128] {
        &self.off[p * self.n..(p + 1) * self.n]
    }

    /// Sets candidate (`c`, `d`) in a row.
    fn set(row: &mut [u128], c: usize, d: u8) {
        row[usize::from(d) - 1] |= 1 << c;
    }
}

impl Drop for Reach<'_> {
    fn drop(&mut self) {
        let n = self.n;
        for (p, _) in self.done.iter().enumerate().filter(|(_, &done)| done) {
            self.on[p * n..(p + 1) * n].fill(0);
            self.off[p * n..(p + 1) * n].fill(0);
        }
        let tables = (std::mem::take(&mut self.on), std::mem::take(&mut self.off));
        *self.spare.borrow_mut() = Some(tables);
    }
}

/// The candidates of the state in a row (see [`Reach`]), as (candidate, cell, digit) in the
/// order of the candidates (`cell * n + d - 1`); bits of cells that lack the digit are skipped.
fn candidates_in<'a>(
    s: &'a State,
    boards: &'a [u128],
    row: &'a [u128],
) -> impl Iterator<Item = (usize, usize, u8)> + 'a {
    let n = s.size();
    let any = row.iter().zip(boards).fold(0, |m, (&r, &b)| m | (r & b));
    cells_of(any).flat_map(move |c| {
        (0..n)
            .filter(move |&i| (row[i] & boards[i]) >> c & 1 != 0)
            .map(move |i| (c * n + i, c, i as u8 + 1))
    })
}

/// The state's bit boards: per digit (index `d - 1`) the cells that have it.
fn boards_of(s: &State) -> Vec<u128> {
    (1..=s.size() as u8).map(|d| s.board_bits(d)).collect()
}

/// Chains: what single links imply from each premise (those of `need` when given).
fn chain_reach<'a>(
    cx: &'a Engine,
    s: &State,
    g: &Graph,
    bfs: &mut Bfs,
    need: Option<&[bool]>,
) -> Reach<'a> {
    let mut r = Reach::new(cx, s);
    let n = r.n;
    // Groups carry implications along but are neither premises nor conclusions.
    for v in (0..g.nodes()).filter(|&v| !g.is_group(v)) {
        let k = g.cells(v)[0] as usize * n + g.digit[v] as usize - 1;
        for on in 0..2 {
            let p = 2 * k + on;
            if need.is_some_and(|need| !need[p]) {
                continue;
            }
            r.done[p] = true;
            bfs.run(g, 2 * v as u32 + on as u32, CHAIN_LINKS);
            let (on_row, off_row) = (
                &mut r.on[p * n..(p + 1) * n],
                &mut r.off[p * n..(p + 1) * n],
            );
            for &st in bfs.order() {
                let u = (st >> 1) as usize;
                if g.is_group(u) {
                    continue;
                }
                let row = if st & 1 == 1 {
                    &mut *on_row
                } else {
                    &mut *off_row
                };
                Reach::set(row, g.cells(u)[0] as usize, g.digit[u]);
            }
        }
    }
    r
}

/// What each premise led to at the last net search of its engine that wanted one step, on bit
/// boards: the state searched, and per premise the marks its singles were filled in to, or
/// that it broke the state.
///
/// On a solving path, one net step after another takes a candidate or two away and nothing else
/// follows (at a stall of a hard puzzle, 125 of 159 net searches on 160 top1465 puzzles came
/// right after another on a state with at most three candidates fewer). Singles only add to what
/// follows, and reach the same state in any order: so a premise fills in, in the later state,
/// to what it filled in to before with the later state's changes made and filled in again, and
/// a premise that broke the earlier state breaks the later one. Most premises had taken the
/// removed candidates already, and need no singles at all.
#[derive(Clone)]
struct Closures {
    shape: Shape,
    values: Vec<u8>,
    cands: Vec<Mask>,
    /// Per premise, whether `marks` holds what it filled in to ([`KEPT`]), it broke the state
    /// ([`BROKE`]), or neither ([`NOT_KEPT`]: a partner's, or one after the search stopped).
    kept: Vec<u8>,
    /// The same for the search being made.
    next: Vec<u8>,
    /// Per premise, its marks (where `kept` says so).
    marks: Vec<Marks>,
}

const NOT_KEPT: u8 = 0;
const KEPT: u8 = 1;
const BROKE: u8 = 2;

impl Closures {
    /// The closures of the last search, for a search of `s` (`base` its marks): with the
    /// changes since when `s` follows from the state they were made in, else with none kept.
    fn take(cx: &Engine, s: &State, base: &Marks, premises: usize) -> (Closures, Option<Changes>) {
        let last = cx.caches.forcing.closures.borrow_mut().take();
        let mut k = last
            .filter(|k| k.marks.len() == premises)
            .unwrap_or_else(|| Closures {
                shape: s.shape(),
                values: Vec::new(),
                cands: Vec::new(),
                kept: vec![NOT_KEPT; premises],
                next: vec![NOT_KEPT; premises],
                marks: vec![*base; premises],
            });
        let changes = k.changes_to(s);
        if changes.is_none() {
            k.kept.fill(NOT_KEPT);
        }
        k.next.fill(NOT_KEPT);
        k.shape = s.shape();
        k.values.clear();
        k.values.extend_from_slice(s.values());
        k.cands.clear();
        k.cands.extend_from_slice(s.all_cands());
        (k, changes)
    }

    /// Keeps these closures for the next search of the engine.
    fn put(mut self, cx: &Engine) {
        std::mem::swap(&mut self.kept, &mut self.next);
        *cx.caches.forcing.closures.borrow_mut() = Some(self);
    }

    /// How `s` follows from the state these closures were made in, when it does: every digit
    /// placed there is placed in `s`, and each other cell of `s` holds a digit or candidates
    /// it had there. The cells placed since (cell, digit index) and the candidates taken
    /// since from the cells still empty (cell, digit index).
    fn changes_to(&self, s: &State) -> Option<Changes> {
        if self.shape != s.shape() || self.values.len() != s.values().len() {
            return None;
        }
        let mut changes = Changes::default();
        for (c, (&v, &m)) in self.values.iter().zip(&self.cands).enumerate() {
            let now = s.value(c);
            if v != 0 {
                if now != v {
                    return None;
                }
            } else if now != 0 {
                if m & bit(now) == 0 {
                    return None;
                }
                changes.placed.push((c, usize::from(now) - 1));
            } else {
                let left = s.cands(c);
                if left & !m != 0 {
                    return None;
                }
                for d in digits(m & !left) {
                    changes.taken.push((c, usize::from(d) - 1));
                }
            }
        }
        Some(changes)
    }

    /// Fills premise `p` in, in `s` (`base` its marks): from what it filled in to in the
    /// earlier state with the `changes` since made, when kept, else from the start. Its marks
    /// are then `self.marks[p]` (when it does not break the state: then true).
    fn fill(&mut self, s: &State, base: &Marks, p: usize, changes: Option<&Changes>) -> bool {
        let n = s.size();
        let t = &mut self.marks[p];
        let ok = match (changes, self.kept[p]) {
            (Some(_), BROKE) => false,
            (Some(ch), KEPT) => refill(t, s, ch),
            _ => {
                let k = p / 2;
                *t = *base;
                assume(t, s, k / n, k % n, p % 2 == 1)
            }
        };
        self.next[p] = if ok { KEPT } else { BROKE };
        ok
    }
}

/// Makes in `t`, marks a premise filled in to in an earlier state, the `changes` from that
/// state to `s`, and fills in singles again; false when that breaks the state.
fn refill(t: &mut Marks, s: &State, changes: &Changes) -> bool {
    for &(c, d) in &changes.placed {
        if t.placed[d] >> c & 1 != 0 {
            continue;
        }
        if !t.place(s, c, d) {
            return false;
        }
    }
    let mut any = !changes.placed.is_empty();
    for &(c, d) in &changes.taken {
        if t.placed[d] >> c & 1 != 0 {
            return false;
        }
        if t.boards[d] >> c & 1 != 0 {
            t.eliminate(s, c, d);
            any = true;
        }
    }
    !any || t.fill(s)
}

/// The changes from one state to a later one (see [`Closures::changes_to`]).
#[derive(Default)]
struct Changes {
    placed: Vec<(usize, usize)>,
    taken: Vec<(usize, usize)>,
}

/// Nets: what singles imply from each premise. Also returns the premises that break the state.
///
/// `first`: only the best conclusion is wanted, so the search stops at the first premise, in
/// order, that assumes a candidate false and breaks the state: that candidate is true, a
/// placement resting on nothing else, which nothing found later can beat (see [`Found`]). The
/// premises after it are then neither searched nor marked done. Premises on bit boards then
/// start from what they led to at the last such search, where this state follows from that
/// one (see [`Closures`]).
fn net_reach<'a>(cx: &'a Engine, s: &State, first: bool) -> (Reach<'a>, Vec<bool>) {
    let mut r = Reach::new(cx, s);
    let n = r.n;
    let mut broken = vec![false; r.done.len()];
    // A state with an empty cell or a digit without a place breaks under every premise.
    let dead = s.has_gap();
    let mut t = s.fork();
    let small = Marks::of(s);
    // One step wanted, what each premise filled in to is kept for the next search, and taken
    // from the last one where this state follows from its (see `Closures`).
    let mut closures = small
        .as_ref()
        .filter(|_| first && !dead)
        .map(|m| Closures::take(cx, s, m, r.done.len()));
    'premises: for c in s.empty_cells() {
        for d in digits(s.cands(c)) {
            let k = c * n + d as usize - 1;
            for on in 0..2 {
                let p = 2 * k + on;
                if r.done[p] {
                    continue; // a partner's (see below)
                }
                r.done[p] = true;
                let (on_bits, off_bits) = (
                    &mut r.on[p * n..(p + 1) * n],
                    &mut r.off[p * n..(p + 1) * n],
                );
                let ok = !dead
                    && match &small {
                        // The bit boards find what the state would, a broken premise aside:
                        // what it implied before breaking depends on the order of the singles,
                        // and every step wanted a verity may rest on that, so the state then
                        // takes it again in its own order.
                        Some(m) => {
                            let ok = match closures.as_mut() {
                                Some((k, changes)) => {
                                    let ok = k.fill(s, m, p, changes.as_ref());
                                    if ok {
                                        marks_rows(m, &k.marks[p], on_bits, off_bits);
                                    }
                                    ok
                                }
                                None => marks_premise(m, s, c, d, on == 1, on_bits, off_bits),
                            };
                            if !ok && !first {
                                on_bits.fill(0);
                                off_bits.fill(0);
                                net_premise(s, &mut t, c, d, on == 1, on_bits, off_bits);
                            }
                            ok
                        }
                        None => net_premise(s, &mut t, c, d, on == 1, on_bits, off_bits),
                    };
                if !ok {
                    broken[p] = true;
                    if first && on == 0 {
                        break 'premises;
                    }
                    continue;
                }
                share_with_partners(&mut r, s, (c, d), on, p);
            }
        }
    }
    if let Some((k, _)) = closures {
        k.put(cx);
    }
    (r, broken)
}

/// Gives the partners of candidate `cd` the row `p` of `r` that premise `cd` (true when `on`
/// is 1) reached, marking them done. A candidate false makes each partner true at once (the
/// other digit of a cell with two, the other place of a digit with two in a unit), and a partner
/// true makes it false; the same the other way round. Singles lead both to the same state,
/// unless they break it (then what they implied on the way may differ). So the partners'
/// opposite premises imply what this one does.
#[inline]
fn share_with_partners(r: &mut Reach<'_>, s: &State, (c, d): (usize, u8), on: usize, p: usize) {
    let n = r.n;
    for q in partners(s, c, d) {
        let q = 2 * (q.0 * n + q.1 as usize - 1) + 1 - on;
        if !r.done[q] {
            r.done[q] = true;
            r.on.copy_within(p * n..(p + 1) * n, q * n);
            r.off.copy_within(p * n..(p + 1) * n, q * n);
        }
    }
}

/// Assumes candidate (`c`, `d`) true (`on`) or false in `t`, a copy of `s`, fills in singles,
/// and sets in `on_bits` and `off_bits` (rows of a [`Reach`]) the candidates of `s` that became
/// true and false. Returns false when the state broke: then the bits hold what the premise
/// implied until then, for a verity of every step may rest on it (see `analyse`).
fn net_premise(
    s: &State,
    t: &mut State,
    c: usize,
    d: u8,
    on: bool,
    on_bits: &mut [u128],
    off_bits: &mut [u128],
) -> bool {
    t.copy_from(s);
    let start = t.breaks();
    if on {
        t.place(c, d);
    } else {
        t.eliminate(c, bit(d));
    }
    let ok = t.breaks() == start && t.fill_singles();
    for x in s.empty_cells() {
        let v = t.value(x);
        if v != 0 {
            Reach::set(on_bits, x, v);
        }
        let gone = if v != 0 {
            s.cands(x) & !bit(v)
        } else {
            s.cands(x) & !t.cands(x)
        };
        for e in digits(gone) {
            Reach::set(off_bits, x, e);
        }
    }
    ok
}

/// Assumes candidate (`c`, digit index `i`) true (`on`) or false in `t` and fills in singles;
/// false when the state breaks on the way.
fn assume(t: &mut Marks, s: &State, c: usize, i: usize, on: bool) -> bool {
    if on {
        t.place(s, c, i) && t.fill(s)
    } else {
        t.eliminate(s, c, i);
        t.fill(s)
    }
}

/// Sets in `on_bits` and `off_bits` (rows of a [`Reach`]) the candidates of the state of
/// `marks` that the premise filled in to `t` made true and false (marks filled in from an
/// earlier state also hold the digits placed since: those are not candidates, and left out).
fn marks_rows(marks: &Marks, t: &Marks, on_bits: &mut [u128], off_bits: &mut [u128]) {
    for (e, (on, off)) in on_bits.iter_mut().zip(off_bits.iter_mut()).enumerate() {
        *on |= t.placed[e] & marks.boards[e];
        *off |= marks.boards[e] & !t.boards[e] & !t.placed[e];
    }
}

/// [`net_premise`] on a copy of `marks` (the state's): assumes candidate (`c`, `d`) true (`on`)
/// or false, fills in singles and sets what became true and false (rows left as they were
/// when the state broke).
fn marks_premise(
    marks: &Marks,
    s: &State,
    c: usize,
    d: u8,
    on: bool,
    on_bits: &mut [u128],
    off_bits: &mut [u128],
) -> bool {
    let mut t = *marks;
    let ok = assume(&mut t, s, c, usize::from(d) - 1, on);
    if ok {
        marks_rows(marks, &t, on_bits, off_bits);
    }
    ok
}

/// The candidates (cell, digit) true as soon as candidate (`c`, `d`) is false: the cell's other
/// digit when it has two, and the digit's other place in each unit that lacks the digit and
/// has two places for it.
fn partners(s: &State, c: usize, d: u8) -> impl Iterator<Item = (usize, u8)> + '_ {
    let m = s.cands(c);
    let other = (m.count_ones() == 2).then(|| (c, (m & !bit(d)).trailing_zeros() as u8 + 1));
    let tables = s.tables();
    let places = s.units_of(c).into_iter().filter_map(move |u| {
        let spots = s.places(u, d);
        (spots.count_ones() == 2 && s.placed_in(u) & bit(d) == 0).then(|| {
            let at = tables.units[u]
                .iter()
                .enumerate()
                .find(|&(i, &x)| spots & 1 << i != 0 && x != c)
                .map(|(_, &x)| x);
            at.map(|x| (x, d))
        })?
    });
    other.into_iter().chain(places)
}

/// Why a premise fails, or what a set of premises all imply.
#[derive(Clone, Debug)]
enum Proof {
    /// Premise `p` makes candidate `k` true and false.
    Both { p: usize, k: usize },
    /// Premise `p` leaves a cell without candidates.
    EmptyCell { p: usize, cell: usize },
    /// Premise `p` leaves digit `d` without a place in unit `u`.
    EmptyUnit { p: usize, u: usize, d: u8 },
    /// Premise `p` (a net) breaks the state.
    Broken { p: usize },
    /// Every premise of `ps` makes candidate `k` true (`on`) or false.
    Verity {
        ps: Vec<usize>,
        k: usize,
        on: bool,
        what: Branches,
        /// Some premises break the state (see [`analyse`]).
        dead: bool,
    },
}

/// The premises of a verity.
#[derive(Clone, Copy, Debug)]
enum Branches {
    Cell(usize),
    Unit(usize, u8),
    Candidate(usize),
}

/// The conclusions [`analyse`] finds, as (score, cost, proof): every one, or when one step is
/// wanted only the best (highest score, then lowest cost, then first found), whose proof alone
/// is built.
struct Found {
    all: bool,
    list: Vec<(u32, u32, Proof)>,
}

impl Found {
    /// False when a conclusion of this score and cost would lose to the best kept (one wanted).
    fn may_take(&self, score: u32, cost: u32) -> bool {
        self.may_take_with(score, || cost)
    }

    /// [`Found::may_take`] with the cost counted only when there is a best to beat.
    fn may_take_with(&self, score: u32, cost: impl FnOnce() -> u32) -> bool {
        self.all
            || self.list.first().is_none_or(|&(best, least, _)| {
                (std::cmp::Reverse(score), cost()) < (std::cmp::Reverse(best), least)
            })
    }

    fn offer(&mut self, score: u32, cost: u32, proof: impl FnOnce() -> Proof) {
        if !self.all {
            if !self.may_take(score, cost) {
                return;
            }
            self.list.clear();
        }
        self.list.push((score, cost, proof()));
    }
}

/// How many candidates each premise makes true or false (a conclusion resting on fewer is
/// better), counted when first asked: most searches find nothing, and then never ask.
struct Costs<'a> {
    r: &'a Reach<'a>,
    /// Per premise, its count, or `u32::MAX` before it is asked for.
    counted: Vec<u32>,
}

impl Costs<'_> {
    fn get(&mut self, p: usize) -> u32 {
        if self.counted[p] == u32::MAX {
            let r = self.r;
            self.counted[p] = if r.done[p] {
                r.on(p).iter().map(|x| x.count_ones()).sum::<u32>()
                    + r.off(p).iter().map(|x| x.count_ones()).sum::<u32>()
            } else {
                0
            };
        }
        self.counted[p]
    }
}

/// Per digit (index `d - 1`), the units that lack it and have one place left for it (a state
/// may keep singles when every step is wanted): a premise that takes away that place empties
/// the unit. Any other unit lacking the digit has two places or none, so a premise empties it
/// only by taking two of its places.
fn lone_places(s: &State) -> Vec<u128> {
    (1..=s.size() as u8)
        .map(|d| {
            (0..s.unit_count())
                .filter(|&u| s.places(u, d).count_ones() == 1 && s.placed_in(u) & bit(d) == 0)
                .fold(0, |m, u| m | 1 << u)
        })
        .collect()
}

/// The first unit and digit (in that order) whose places in `boards` (the state's, per digit)
/// are all made false by the row `off`, among those that have a place: a unit loses its last
/// place of a digit only where the premise takes one away. `lone`: [`lone_places`].
fn first_emptied_unit(
    s: &State,
    boards: &[u128],
    lone: &[u128],
    off: &[u128],
) -> Option<(usize, u8)> {
    let tables = s.tables();
    let (unit_bits, unit_cells) = (&tables.unit_bits, &tables.unit_cell_bits);
    let mut found: Option<(usize, u8)> = None;
    for i in 0..s.size() {
        let lost = off[i] & boards[i];
        if lost == 0 {
            continue;
        }
        let kept = boards[i] & !off[i];
        // The units where the premise takes one place that was the last, or two.
        let (mut once, mut twice) = (0u128, 0u128);
        for c in cells_of(lost) {
            twice |= once & unit_bits[c];
            once |= unit_bits[c];
        }
        let mut units = twice | (once & lone[i]);
        // Only units before the one found so far can come first.
        if let Some((u, _)) = found {
            units &= (1u128 << u) - 1;
        }
        while units != 0 {
            let u = units.trailing_zeros() as usize;
            units &= units - 1;
            if kept & unit_cells[u] == 0 {
                found = Some((u, i as u8 + 1));
                break;
            }
        }
    }
    found
}

/// True when a forcing chain's verities and contradictions come in pairs in `s`, so that a
/// state with no contradiction has no verity: `s` is not broken and has no single (every empty
/// cell has two candidates or more, every digit two places or more in each unit lacking it).
///
/// A chain read backwards, each candidate's truth swapped, is a chain of the same length: a
/// weak link from "`a` is true" to "`b` is false" is also one from "`b` is true" to "`a` is
/// false", and a strong link the same way round. So when a premise `p` makes every candidate of
/// a cell false, each of them being true makes `p` false: the cell's verity. A unit's places
/// of a digit made false likewise give the unit's verity, and a candidate `k` made true and
/// false gives the verity of `k` true and `k` false. Those sets exist when the cell has two
/// candidates or more and the unit two places or more; at a stall of a solving path they do.
///
/// False always when the engine's switch `no_dual` is on (a test holding this shortcut against
/// the full search).
fn dual(cx: &Engine, s: &State) -> bool {
    if cx.search.no_dual {
        return false;
    }
    let n = s.size();
    !s.is_broken()
        && s.empty_cells().all(|c| s.cands(c).count_ones() >= 2)
        && (0..s.unit_count()).all(|u| {
            digits(full_mask(n) & !s.placed_in(u)).all(|d| s.places(u, d).count_ones() >= 2)
        })
}

/// The premises a forcing chain search must follow (see [`premises_needed`]).
enum Needed {
    /// None: the search finds nothing.
    Nothing,
    /// Every one.
    Every,
    /// Those marked (by premise, as in [`Reach`]).
    Some(Vec<bool>),
}

/// Which premises can take part in a forcing chain's conclusion, read off what each premise
/// leads to by chains of the grouped graph's links however long: the components of the graph's
/// states, which the nice loop gate made for the same state (see [`chains::Reaches`]).
///
/// A verity needs its set's branches (a cell's candidates, a unit's places of a digit, a
/// candidate true and false) to lead to something in common, within [`CHAIN_LINKS`] links and
/// so however long: only the branches of such sets are needed for verities. Where [`dual`]
/// holds, a premise `p` with a contradiction gives a verity concluding that `p` is false, so
/// only the premises whose falsehood some such set's branches all lead to are needed for
/// contradictions. No such set: nothing. A candidate whose truth leads to its falsehood (then
/// there are no sets to read) or a state where `dual` fails: every premise.
///
/// [`chains::Reaches`]: super::chains::Reaches
fn premises_needed(cx: &Engine, s: &State) -> Needed {
    if !dual(cx, s) {
        return Needed::Every;
    }
    let r = super::chains::reaches(cx, s);
    if r.refutes {
        return Needed::Every;
    }
    let g = super::chains::grouped_graph(cx, s);
    let n = s.size();
    // A candidate state's premise: candidate `cell * n + d - 1`, true or false alike.
    let premise = |st: u32| {
        let v = (st >> 1) as usize;
        let k = g.cells(v)[0] as usize * n + usize::from(g.digit[v]) - 1;
        2 * k + (st & 1) as usize
    };
    // And a premise's state.
    let state = |p: usize| 2 * g.cand_node[p / 2] + (p & 1) as u32;
    let mut need = vec![false; 2 * s.shape().cells() * n];
    // What some set's branches all lead to.
    let mut led = vec![0u64; r.words];
    let mut common = vec![0u64; r.words];
    each_verity_set(s, |ps, _| {
        let Some((&first, rest)) = ps.split_first() else {
            return;
        };
        let a = r.of_state(state(first));
        // Most sets' first two branches lead nowhere in common: told before any copy.
        let rest = match rest.split_first() {
            Some((&second, rest)) => {
                let b = r.of_state(state(second));
                if a.iter().zip(b).all(|(x, y)| x & y == 0) {
                    return;
                }
                for ((c, x), y) in common.iter_mut().zip(a).zip(b) {
                    *c = x & y;
                }
                rest
            }
            None => {
                common.copy_from_slice(a);
                rest
            }
        };
        for &p in rest {
            let mut left = 0;
            for (x, y) in common.iter_mut().zip(r.of_state(state(p))) {
                *x &= y;
                left |= *x;
            }
            // Nothing in common: no later branch can add.
            if left == 0 {
                return;
            }
        }
        if common.iter().any(|&x| x != 0) {
            for &p in ps {
                need[p] = true;
            }
            for (x, y) in led.iter_mut().zip(&common) {
                *x |= y;
            }
        }
    });
    if led.iter().all(|&x| x == 0) {
        return Needed::Nothing;
    }
    // The premises whose falsehood is led to: the state of the other truth.
    for (w, &bits) in led.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let st = (w * 64) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            need[premise(st ^ 1)] = true;
        }
    }
    Needed::Some(need)
}

/// Visits the sets of premises a verity rests on, each as its premise numbers (see [`Reach`])
/// and what it is: each cell with two candidates or more (each candidate true), each candidate
/// (true, false), each unit and digit it lacks with two places or more (each place true).
fn each_verity_set(s: &State, mut visit: impl FnMut(&[usize], Branches)) {
    let n = s.size();
    let mut ps: Vec<usize> = Vec::with_capacity(n);
    for c in s.empty_cells() {
        if s.cands(c).count_ones() >= 2 {
            ps.clear();
            ps.extend(digits(s.cands(c)).map(|d| 2 * (c * n + d as usize - 1) + 1));
            visit(&ps, Branches::Cell(c));
        }
        for d in digits(s.cands(c)) {
            let k = c * n + d as usize - 1;
            visit(&[2 * k + 1, 2 * k], Branches::Candidate(k));
        }
    }
    for u in 0..s.unit_count() {
        let cells = s.unit(u);
        for d in digits(full_mask(n) & !s.placed_in(u)) {
            let places = s.places(u, d);
            if places.count_ones() < 2 {
                continue;
            }
            ps.clear();
            ps.extend(
                (0..cells.len())
                    .filter(|&i| places >> i & 1 != 0)
                    .map(|i| 2 * (cells[i] * n + d as usize - 1) + 1),
            );
            visit(&ps, Branches::Unit(u, d));
        }
    }
}

/// Whether two premises' rows (what each makes true, `on_*`, and false, `off_*`) have in
/// common a candidate of `boards` made true by both or false by both. For 9 digits as arrays
/// of that size, which compile to a few vector operations: every verity set asks this.
fn share(on_p: &[u128], off_p: &[u128], on_q: &[u128], off_q: &[u128], boards: &[u128]) -> bool {
    let fold = |on_p: &[u128], off_p: &[u128], on_q: &[u128], off_q: &[u128], boards: &[u128]| {
        let rows = on_p.iter().zip(off_p).zip(on_q.iter().zip(off_q));
        (rows.zip(boards)).fold(0u128, |m, (((a, b), (c, d)), e)| {
            m | ((a & c) | (b & d)) & e
        })
    };
    fn nine(x: &[u128]) -> Option<&[u128; MAX_SIZE]> {
        x.try_into().ok()
    }
    let shared = match (
        nine(on_p),
        nine(off_p),
        nine(on_q),
        nine(off_q),
        nine(boards),
    ) {
        (Some(a), Some(b), Some(c), Some(d), Some(e)) => fold(a, b, c, d, e),
        _ => fold(on_p, off_p, on_q, off_q, boards),
    };
    shared != 0
}

/// Keeps in `on` and `off` what premise rows `on_p` and `off_p` make true and false too;
/// whether anything is left. For 9 digits as arrays of that size (see [`share`]).
fn narrow(on: &mut [u128], off: &mut [u128], on_p: &[u128], off_p: &[u128]) -> bool {
    let and = |on: &mut [u128], off: &mut [u128], on_p: &[u128], off_p: &[u128]| {
        let mut left = 0u128;
        for ((x, y), (a, b)) in on
            .iter_mut()
            .zip(off.iter_mut())
            .zip(on_p.iter().zip(off_p))
        {
            *x &= a;
            *y &= b;
            left |= *x | *y;
        }
        left != 0
    };
    let fixed = (
        <&mut [u128; MAX_SIZE]>::try_from(&mut *on),
        <&mut [u128; MAX_SIZE]>::try_from(&mut *off),
        <&[u128; MAX_SIZE]>::try_from(on_p),
        <&[u128; MAX_SIZE]>::try_from(off_p),
    );
    match fixed {
        (Ok(on), Ok(off), Ok(on_p), Ok(off_p)) => and(on, off, on_p, off_p),
        _ => and(on, off, on_p, off_p),
    }
}

/// (score, cost, proof) of the conclusions: every one when `all`, else the best.
///
/// `settled`: a premise that did not break the state implies no contradiction (a net's premises
/// were filled in until nothing followed, and breaking was checked on the way), so only
/// verities are looked for.
fn analyse(
    cx: &Engine,
    s: &State,
    r: &Reach<'_>,
    broken: &[bool],
    settled: bool,
    all: bool,
) -> Vec<(u32, u32, Proof)> {
    let mut out = Found {
        all,
        list: Vec::new(),
    };
    let mut costs = Costs {
        r,
        counted: vec![u32::MAX; r.done.len()],
    };
    let board = Board::of(s);
    contradictions(s, r, &board, broken, settled, &mut out, &mut costs);
    // Chains, no contradiction: then no verity either, in a state with no single (see
    // [`dual`]).
    if !settled && out.list.is_empty() && dual(cx, s) {
        return out.list;
    }
    verities(s, r, &board.boards, broken, &mut out, &mut costs);
    out.list
}

/// The score of a conclusion from premise `p`: a placement (from "a candidate is false" and a
/// contradiction) beats an elimination.
fn premise_score(p: usize) -> u32 {
    if p & 1 == 0 {
        100
    } else {
        1
    }
}

/// What [`analyse`] reads of the state.
struct Board {
    /// Per digit, its cells.
    boards: Vec<u128>,
    /// Per digit, the cells that are its last place in a unit (see [`lone_places`]).
    lone: Vec<u128>,
    /// What the state lacks already (a cell or a unit of a broken state): it holds under every
    /// premise; the first in order is reported.
    static_cell: Option<usize>,
    static_unit: Option<(usize, u8)>,
}

impl Board {
    fn of(s: &State) -> Board {
        let n = s.size();
        Board {
            boards: boards_of(s),
            lone: lone_places(s),
            static_cell: s.empty_cells().find(|&c| s.cands(c) == 0),
            static_unit: (0..s.unit_count()).find_map(|u| {
                digits(full_mask(n) & !s.placed_in(u))
                    .find(|&d| s.count(u, d) == 0)
                    .map(|d| (u, d))
            }),
        }
    }
}

/// Offers to `out` each premise's contradiction: a broken premise, a candidate made both true
/// and false, a cell left with no candidate, or a unit with no place for a digit.
fn contradictions(
    s: &State,
    r: &Reach<'_>,
    board: &Board,
    broken: &[bool],
    settled: bool,
    out: &mut Found,
    costs: &mut Costs<'_>,
) {
    let n = r.n;
    // One conclusion wanted, the premises that a candidate is false come first: a
    // contradiction there is a placement, which no premise that a candidate is true can beat,
    // so those need no look once one is found. Among equals the first found is kept, and
    // conclusions of different scores never tie, so this order keeps the same one.
    let len = r.done.len();
    let order: Vec<usize> = if out.all {
        (0..len).collect()
    } else {
        (0..len).step_by(2).chain((1..len).step_by(2)).collect()
    };
    for p in order {
        if !r.done[p] {
            continue;
        }
        if broken.get(p).copied().unwrap_or(false) {
            out.offer(premise_score(p), 0, || Proof::Broken { p });
            continue;
        }
        if settled || !out.may_take_with(premise_score(p), || costs.get(p)) {
            continue;
        }
        let (on, off) = (r.on(p), r.off(p));
        // The first candidate (in the order of `cell * n + d - 1`) made both true and false.
        let both = (0..n)
            .filter_map(|i| {
                let x = on[i] & off[i];
                (x != 0).then(|| x.trailing_zeros() as usize * n + i)
            })
            .min();
        if let Some(k) = both {
            out.offer(premise_score(p), costs.get(p), || Proof::Both { p, k });
            continue;
        }
        if let Some(proof) = emptied(s, board, p, off) {
            out.offer(premise_score(p), costs.get(p), || proof);
        }
    }
}

/// The cell left with no candidate, else the unit left with no place for a digit, when
/// premise `p` makes the candidates of `off` false.
fn emptied(s: &State, board: &Board, p: usize, off: &[u128]) -> Option<Proof> {
    let boards = &board.boards;
    // Per digit, the cells that lose it and the cells that keep it.
    let (mut lost_any, mut kept_any) = (0u128, 0u128);
    for i in 0..s.size() {
        lost_any |= off[i] & boards[i];
        kept_any |= boards[i] & !off[i];
    }
    let emptied = lost_any & !kept_any;
    let cell = (emptied != 0).then(|| emptied.trailing_zeros() as usize);
    let empty_cell = cell.into_iter().chain(board.static_cell).min();
    let emptied_unit = (empty_cell.is_none() && lost_any != 0)
        .then(|| first_emptied_unit(s, boards, &board.lone, off))
        .flatten();
    if let Some(cell) = empty_cell {
        Some(Proof::EmptyCell { p, cell })
    } else {
        let unit = [emptied_unit, board.static_unit]
            .into_iter()
            .flatten()
            .min();
        unit.map(|(u, d)| Proof::EmptyUnit { p, u, d })
    }
}

/// Offers to `out` the verities: what every branch of a set of premises (a cell's candidates,
/// a digit's places in a unit) implies alike, as each set is visited.
fn verities(
    s: &State,
    r: &Reach<'_>,
    boards: &[u128],
    broken: &[bool],
    out: &mut Found,
    costs: &mut Costs<'_>,
) {
    let n = r.n;
    let all = out.all;
    let mut on = vec![0u128; n];
    let mut off = vec![0u128; n];
    // Whether any premise broke: most searches have none, and then no branch is dead.
    let any_broken = broken.iter().any(|&b| b);
    each_verity_set(s, |ps, what| {
        // A branch that breaks is false, so it implies anything. A solving path leaves it to its
        // contradiction; every step wanted, a verity may rest on at least two live branches
        // and any that break (HoDoKu's nets stop at a depth, so its verities can have branches
        // that would break deeper).
        let is_dead = |p: usize| any_broken && broken.get(p).copied().unwrap_or(false);
        let dead = ps.iter().filter(|&&p| is_dead(p)).count();
        if dead > 0 && (!all || dead == ps.len()) {
            return;
        }
        // With one live branch, the broken ones count for what they implied before breaking.
        let one_live = dead + 1 == ps.len();
        let mut live = ps.iter().copied().filter(|&p| one_live || !is_dead(p));
        // Most sets' first two branches share nothing; then the set concludes nothing.
        if let (Some(p), Some(q)) = (live.next(), live.next()) {
            if !share(r.on(p), r.off(p), r.on(q), r.off(q), boards) {
                return;
            }
        }
        let mut total = || ps.iter().map(|&p| costs.get(p)).sum::<u32>();
        // One step wanted, a set whose best conclusion (a placement) would lose needs no look.
        if !out.may_take_with(100, &mut total) {
            return;
        }
        on.copy_from_slice(boards);
        off.copy_from_slice(boards);
        for &p in ps.iter().filter(|&&p| one_live || !is_dead(p)) {
            // Nothing left in common: no later branch can add.
            if !narrow(&mut on, &mut off, r.on(p), r.off(p)) {
                return;
            }
        }
        for (bits, is_on) in [(&on, true), (&off, false)] {
            for (k, _, _) in candidates_in(s, boards, bits) {
                out.offer(if is_on { 100 } else { 1 }, total(), || Proof::Verity {
                    ps: ps.to_vec(),
                    k,
                    on: is_on,
                    what,
                    dead: dead > 0,
                });
            }
        }
    });
}

pub(super) fn forcing_chain(f: &mut Finder<'_>) {
    let s = f.state;
    if s.size() > MAX_SIZE {
        return;
    }
    // Most stalls that come this far have no forcing chain: then no search; else only the
    // premises that can take part in one are followed.
    let need = match premises_needed(f.cx, s) {
        Needed::Nothing => return,
        Needed::Every => None,
        Needed::Some(need) => Some(need),
    };
    let g = super::chains::grouped_graph(f.cx, s);
    let mut bfs = Bfs::new(g.nodes());
    let r = chain_reach(f.cx, s, &g, &mut bfs, need.as_deref());
    let found = analyse(f.cx, s, &r, &[], false, f.wants_all());
    emit(f, found, |f, proof| {
        chain_step(f.quiet(), f.state, &g, &mut bfs, proof)
    });
}

pub(super) fn forcing_net(f: &mut Finder<'_>) {
    let s = f.state;
    if s.size() > MAX_SIZE {
        return;
    }
    let found = net_conclusions(f.cx, s, f.wants_all());
    emit(f, found, |f, proof| net_step(f.quiet(), f.state, proof));
}

/// A net's conclusions as [`analyse`] gives them: every one when `all`, else the best.
fn net_conclusions(cx: &Engine, s: &State, all: bool) -> Vec<(u32, u32, Proof)> {
    let (r, broken) = net_reach(cx, s, !all);
    // One step wanted and a false candidate breaks the state: the first such is the best.
    let placement = (0..broken.len())
        .step_by(2)
        .find(|&p| broken[p])
        .filter(|_| !all);
    match placement {
        Some(p) => vec![(100, 0, Proof::Broken { p })],
        None => analyse(cx, s, &r, &broken, true, all),
    }
}

/// Offers the best conclusion, or every one (best first) when all steps are wanted.
fn emit(
    f: &mut Finder<'_>,
    mut found: Vec<(u32, u32, Proof)>,
    mut step: impl FnMut(&Finder<'_>, &Proof) -> Step,
) {
    // When one step is wanted, `analyse` kept only the best. A stable sort keeps the first
    // found among equals.
    found.sort_by_key(|e| (std::cmp::Reverse(e.0), e.1));
    for (_, _, proof) in &found {
        let st = step(f, proof);
        if f.add(st) {
            return;
        }
    }
}

/// The conclusion of a proof: (cell, digit, true).
fn conclusion(n: usize, proof: &Proof) -> (usize, u8, bool) {
    let of = |k: usize| (k / n, (k % n) as u8 + 1);
    match *proof {
        Proof::Both { p, .. }
        | Proof::EmptyCell { p, .. }
        | Proof::EmptyUnit { p, .. }
        | Proof::Broken { p } => {
            let (c, d) = of(p / 2);
            (c, d, p & 1 == 0)
        }
        Proof::Verity { k, on, .. } => {
            let (c, d) = of(k);
            (c, d, on)
        }
    }
}

fn premise_text(s: &State, p: usize) -> String {
    let n = s.size();
    let (c, d) = ((p / 2) / n, ((p / 2) % n) as u8 + 1);
    if p & 1 == 1 {
        format!("{} were {}", s.name(c), s.sym(d))
    } else {
        format!("{} were not {}", s.name(c), s.sym(d))
    }
}

fn result_text(s: &State, c: usize, d: u8, on: bool) -> String {
    if on {
        format!("{} is {}", s.name(c), s.sym(d))
    } else {
        format!("{} is not {}", s.name(c), s.sym(d))
    }
}

fn base_step(s: &State, t: Technique, proof: &Proof, text: String) -> Step {
    let (c, d, on) = conclusion(s.size(), proof);
    let mut step = Step::new(t, text);
    match *proof {
        Proof::EmptyUnit { u, .. }
        | Proof::Verity {
            what: Branches::Unit(u, _),
            ..
        } => step = step.unit(s.unit_name(u)),
        _ => {}
    }
    if on {
        step.place(c, d)
    } else {
        step.eliminate([(c, bit(d))])
    }
}

/// The chain from the premise run last in `bfs` to state `st`, in Eureka-like notation.
fn chain_text(s: &State, g: &Graph, bfs: &Bfs, st: u32, cells: &mut Trace) -> String {
    let mut states = Vec::new();
    let mut cur = st;
    while cur != super::chains::NONE {
        states.push(cur);
        cur = bfs.parent(cur);
    }
    states.reverse();
    let mut out = String::new();
    let node = |x: u32| {
        let v = (x >> 1) as usize;
        (g.cells(v).iter().map(|&c| c as usize), g.digit[v])
    };
    for (i, &x) in states.iter().enumerate() {
        let v = (x >> 1) as usize;
        let (here, digit) = node(x);
        if i > 0 {
            out.push_str(if x & 1 == 1 { " = " } else { " - " });
            let (from, from_digit) = node(states[i - 1]);
            let link = super::Link {
                from: super::Node {
                    cells: from.collect(),
                    digit: from_digit,
                },
                to: super::Node {
                    cells: here.clone().collect(),
                    digit,
                },
                strong: x & 1 == 1,
            };
            if !cells.fig.links.contains(&link) {
                cells.fig.links.push(link);
            }
            let role = super::Role {
                part: Part::Node,
                cells: here.clone().collect(),
                digits: bit(digit),
            };
            if !cells.fig.roles.contains(&role) {
                cells.fig.roles.push(role);
            }
        }
        cells.cells.extend(here);
        out.push_str(&format!("({}){}", s.sym(g.digit[v]), g.node_name(s, v)));
    }
    out
}

/// Runs the BFS of premise `p` and renders its chain to candidate `k` being `on`.
fn chain_to(
    s: &State,
    g: &Graph,
    bfs: &mut Bfs,
    p: usize,
    k: usize,
    on: bool,
    cells: &mut Trace,
) -> String {
    let n = s.size();
    let node = |k: usize| g.node(k / n, (k % n) as u8 + 1);
    bfs.run(g, 2 * node(p / 2) + (p & 1) as u32, CHAIN_LINKS);
    chain_text(s, g, bfs, 2 * node(k) + on as u32, cells)
}

/// What the chains of a forcing chain pass through: their cells in order, and their nodes and
/// links for the figure.
#[derive(Default)]
struct Trace {
    cells: Vec<usize>,
    fig: super::Figure,
}

/// The figure of a forcing chain or net: the premises (`assumption`), what the premises reach
/// (the traced chains' nodes and links, `node`), where they contradict themselves
/// (`contradiction`) and what the step concludes (`conclusion`).
fn forcing_figure(s: &State, proof: &Proof, mut traced: super::Figure) -> super::Figure {
    let n = s.size();
    let candidate = |k: usize| (k / n, (k % n) as u8 + 1);
    let mut fig = super::Figure::default();
    let premises: &[usize] = match proof {
        Proof::Both { p, .. }
        | Proof::EmptyCell { p, .. }
        | Proof::EmptyUnit { p, .. }
        | Proof::Broken { p } => std::slice::from_ref(p),
        Proof::Verity { ps, .. } => ps,
    };
    for &p in premises {
        let (c, d) = candidate(p / 2);
        fig.role(Part::Assumption, [c], bit(d));
    }
    fig.roles.append(&mut traced.roles);
    fig.links.append(&mut traced.links);
    match *proof {
        Proof::Both { k, .. } => {
            let (c, d) = candidate(k);
            fig.role(Part::Contradiction, [c], bit(d));
        }
        Proof::EmptyCell { cell, .. } => fig.role(Part::Contradiction, [cell], s.cands(cell)),
        Proof::EmptyUnit { u, d, .. } => fig.role(Part::Contradiction, s.cells_with(u, d), bit(d)),
        Proof::Broken { .. } | Proof::Verity { .. } => {}
    }
    let (c, d, _) = conclusion(n, proof);
    fig.role(Part::Conclusion, [c], bit(d));
    fig
}

fn chain_step(quiet: bool, s: &State, g: &Graph, bfs: &mut Bfs, proof: &Proof) -> Step {
    let n = s.size();
    let (c, d, on) = conclusion(n, proof);
    let mut cells = Trace::default();
    let so = format!("so {}", result_text(s, c, d, on));
    let text = match proof {
        Proof::Both { p, k } => {
            let a = chain_to(s, g, bfs, *p, *k, true, &mut cells);
            let b = chain_to(s, g, bfs, *p, *k, false, &mut cells);
            let (kc, kd) = (k / n, (k % n) as u8 + 1);
            format!(
                "If {}: {a} and {b}, so {} would be both {} and not {}; {so}.",
                premise_text(s, *p),
                s.name(kc),
                s.sym(kd),
                s.sym(kd)
            )
        }
        Proof::EmptyCell { p, cell } => {
            let chains: Vec<String> = digits(s.cands(*cell))
                .map(|e| chain_to(s, g, bfs, *p, cell * n + e as usize - 1, false, &mut cells))
                .collect();
            format!(
                "If {}, {} would have no candidate left ({}); {so}.",
                premise_text(s, *p),
                s.name(*cell),
                chains.join("; ")
            )
        }
        Proof::EmptyUnit { p, u, d: e } => {
            let chains: Vec<String> = s
                .cells_with(*u, *e)
                .into_iter()
                .map(|x| chain_to(s, g, bfs, *p, x * n + *e as usize - 1, false, &mut cells))
                .collect();
            format!(
                "If {}, {} would have no place left in {} ({}); {so}.",
                premise_text(s, *p),
                s.sym(*e),
                s.unit_name(*u),
                chains.join("; ")
            )
        }
        Proof::Broken { p } => format!("If {}, the puzzle would break; {so}.", premise_text(s, *p)),
        Proof::Verity {
            ps, k, on, what, ..
        } => {
            let chains: Vec<String> = ps
                .iter()
                .map(|&p| chain_to(s, g, bfs, p, *k, *on, &mut cells))
                .collect();
            format!(
                "{}, {} ({}); {so}.",
                verity_text(s, what),
                result_text(s, c, d, *on),
                chains.join("; ")
            )
        }
    };
    let Trace { mut cells, fig } = cells;
    cells.dedup();
    base_step(s, Technique::ForcingChain, proof, text)
        .cells(cells)
        .figure(quiet, |out| *out = forcing_figure(s, proof, fig))
}

fn verity_text(s: &State, what: &Branches) -> String {
    let n = s.size();
    match *what {
        Branches::Cell(c) => format!("Whichever digit {} holds", s.name(c)),
        Branches::Unit(u, d) => format!("Wherever {} goes in {}", s.sym(d), s.unit_name(u)),
        Branches::Candidate(k) => format!(
            "Whether or not {} is {}",
            s.name(k / n),
            s.sym((k % n) as u8 + 1)
        ),
    }
}

fn net_step(quiet: bool, s: &State, proof: &Proof) -> Step {
    let n = s.size();
    let (c, d, on) = conclusion(n, proof);
    let so = format!("so {}", result_text(s, c, d, on));
    let (text, cells) = match proof {
        Proof::Both { p, k } => (
            format!(
                "If {}, singles would make {} both {} and not {}; {so}.",
                premise_text(s, *p),
                s.name(k / n),
                s.sym((k % n) as u8 + 1),
                s.sym((k % n) as u8 + 1)
            ),
            vec![(p / 2) / n, k / n],
        ),
        Proof::EmptyCell { p, cell } => (
            format!(
                "If {}, singles would leave {} without a candidate; {so}.",
                premise_text(s, *p),
                s.name(*cell)
            ),
            vec![(p / 2) / n, *cell],
        ),
        Proof::EmptyUnit { p, u, d: e } => (
            format!(
                "If {}, singles would leave {} without a place in {}; {so}.",
                premise_text(s, *p),
                s.sym(*e),
                s.unit_name(*u)
            ),
            vec![(p / 2) / n],
        ),
        Proof::Broken { p } => (
            format!(
                "If {}, singles would lead to a cell without a candidate or a digit without a \
                 place; {so}.",
                premise_text(s, *p)
            ),
            vec![(p / 2) / n],
        ),
        Proof::Verity { ps, what, dead, .. } => {
            let mut cells: Vec<usize> = ps.iter().map(|&p| (p / 2) / n).collect();
            cells.dedup();
            cells.push(c);
            let or_break = if *dead {
                " or lead to a cell without a candidate or a digit without a place"
            } else {
                ""
            };
            (
                format!(
                    "{}, singles from it give {}{or_break}; {so}.",
                    verity_text(s, what),
                    result_text(s, c, d, on)
                ),
                cells,
            )
        }
    };
    base_step(s, Technique::ForcingNet, proof, text)
        .cells(cells)
        .figure(quiet, |out| {
            *out = forcing_figure(s, proof, super::Figure::default())
        })
}

#[cfg(test)]
mod tests {
    use super::super::chains::tests::run;
    use super::super::Technique;
    use super::*;

    /// The verity looks' row helpers, for 9 digits (rows as arrays) and fewer (as slices),
    /// against the rows read candidate by candidate: `share` is true when the two premises
    /// make some candidate of the boards true both or false both, `narrow` keeps what both
    /// make true and false and tells whether anything is left.
    #[test]
    fn the_row_helpers_agree_with_reading_each_candidate() {
        // Sparse rows, the same every run.
        let mut next = super::super::tests::xorshift(0x2545_f491_4f6c_dd1d);
        let row = |n: usize, next: &mut dyn FnMut() -> u64| -> Vec<u128> {
            (0..n)
                .map(|_| {
                    let mut sparse = || next() & next() & next() & next();
                    u128::from(sparse()) | u128::from(sparse()) << 64
                })
                .collect()
        };
        let (mut shared, mut apart) = (0, 0);
        for n in [4, 6, 8, 9] {
            for _ in 0..2_000 {
                let [on_p, off_p, on_q, off_q, boards] = std::array::from_fn(|_| row(n, &mut next));
                let by_bit = (0..n).any(|i| {
                    (0..128).any(|c| {
                        let has = |r: &[u128]| r[i] >> c & 1 != 0;
                        has(&boards) && (has(&on_p) && has(&on_q) || has(&off_p) && has(&off_q))
                    })
                });
                assert_eq!(share(&on_p, &off_p, &on_q, &off_q, &boards), by_bit);
                if by_bit {
                    shared += 1;
                } else {
                    apart += 1;
                }
                let (mut on, mut off) = (on_q.clone(), off_q.clone());
                let left = narrow(&mut on, &mut off, &on_p, &off_p);
                for i in 0..n {
                    assert_eq!(on[i], on_q[i] & on_p[i]);
                    assert_eq!(off[i], off_q[i] & off_p[i]);
                }
                assert_eq!(left, on.iter().chain(&off).any(|&x| x != 0));
            }
        }
        assert!(
            shared > 500 && apart > 500,
            "{shared} shared, {apart} apart"
        );
    }

    /// The first emptied unit is what a look at every unit and digit finds, on states that keep
    /// hidden singles (a plain puzzle's start) and on their paths, for rows that make a random
    /// part of the candidates false: units left with one place included.
    #[test]
    fn the_first_emptied_unit_is_the_first_of_all_units_emptied() {
        use crate::grid::{Grid, Shape};
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        ];
        let (mut seed, mut through_lone) = (20261204u64, 0);
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 11
        };
        for text in puzzles {
            let values = text
                .bytes()
                .map(|b| b.saturating_sub(b'0').min(9))
                .collect();
            let grid = Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap();
            let path = super::super::solve(State::new(&grid), &super::super::Options::default());
            let mut s = State::new(&grid);
            for step in std::iter::once(None).chain(path.steps.iter().map(Some)) {
                if let Some(step) = step {
                    s.apply(step);
                }
                let (boards, lone) = (boards_of(&s), lone_places(&s));
                let cells = s.tables();
                for _ in 0..20 {
                    // Each candidate false with probability 1/4.
                    let off: Vec<u128> = boards
                        .iter()
                        .map(|&b| {
                            cells_of(b)
                                .filter(|_| next() % 4 == 0)
                                .fold(0, |m, c| m | 1 << c)
                        })
                        .collect();
                    let every = (0..s.unit_count())
                        .flat_map(|u| (0..9).map(move |i| (u, i)))
                        .find(|&(u, i)| {
                            let places = boards[i] & cells.unit_cell_bits[u];
                            places != 0 && places & !off[i] == 0
                        })
                        .map(|(u, i)| (u, i as u8 + 1));
                    assert_eq!(first_emptied_unit(&s, &boards, &lone, &off), every);
                    if let Some((u, d)) = every {
                        through_lone += usize::from(lone[usize::from(d) - 1] >> u & 1 != 0);
                    }
                }
            }
        }
        assert!(through_lone > 0, "some unit had one place left");
    }

    /// What a one-step net search finds of each premise, for comparing two searches: which
    /// premises were done and which broke, and the rows of those done that did not break.
    fn premises_found(cx: &Engine, s: &State) -> (Vec<bool>, Vec<bool>, Vec<u128>, Vec<u128>) {
        let (r, broken) = net_reach(cx, s, true);
        let n = r.n;
        let (mut on, mut off) = (Vec::new(), Vec::new());
        for p in (0..r.done.len()).filter(|&p| r.done[p] && !broken[p]) {
            on.extend_from_slice(&r.on[p * n..(p + 1) * n]);
            off.extend_from_slice(&r.off[p * n..(p + 1) * n]);
        }
        (r.done.clone(), broken, on, off)
    }

    /// A one-step net search that starts its premises from what they filled in to at the
    /// search before finds what a search from scratch does, on the stalls of the hard sample
    /// puzzles' paths one after another (each following from the one before on the same
    /// path), and on a copy of each with a tenth of its candidates taken away at random, the
    /// solution's too (so that premises that filled in before break now).
    #[test]
    fn a_net_search_from_the_last_ones_closures_finds_what_one_from_scratch_does() {
        // From scratch: an engine of its own, which has no closures.
        let fresh = |s: &State| premises_found(&Engine::new(), s);
        let (mut followed, mut pruned) = (0, 0);
        let mut seed = 20_261_205u64;
        let cx = Engine::new();
        let closures = &cx.caches.forcing.closures;
        for s in super::super::tests::stall_states(5)
            .iter()
            .filter(|s| s.size() == 9)
        {
            let before = (closures.borrow().as_ref()).map(|c| c.changes_to(s).is_some());
            followed += usize::from(before == Some(true));
            assert!(fresh(s) == premises_found(&cx, s), "{:?}", s.all_cands());
            // A copy with candidates taken away follows from the state just searched.
            let mut t = s.fork();
            for c in s.empty_cells() {
                for d in digits(s.cands(c)) {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    if seed >> 60 < 2 && t.cands(c).count_ones() > 1 {
                        t.eliminate(c, bit(d));
                    }
                }
            }
            // The path's next stall follows from this one, not from the copy.
            let last = closures.borrow().clone();
            if !t.has_gap() {
                pruned += 1;
                assert!(fresh(&t) == premises_found(&cx, &t), "{:?}", t.all_cands());
            }
            *closures.borrow_mut() = last;
        }
        assert!(followed > 50 && pruned > 50, "{followed} {pruned}");
    }

    /// Every premise of a net implies what its own search finds, those filled in from a
    /// partner's (see `net_reach`) included, on 9x9 states of the fixtures' solving paths.
    #[test]
    fn a_premise_shared_with_a_partner_implies_what_its_own_search_finds() {
        let (mut premises, mut with_partner) = (0, 0);
        let states = super::super::tests::path_states();
        for s in states.iter().step_by(3).filter(|s| s.size() == 9) {
            let n = s.size();
            let cx = Engine::new();
            let (r, broken) = net_reach(&cx, s, false);
            let mut t = s.fork();
            for c in s.empty_cells() {
                for d in digits(s.cands(c)) {
                    for on in 0..2 {
                        let p = 2 * (c * n + d as usize - 1) + on;
                        let (mut yes, mut no) = (vec![0; n], vec![0; n]);
                        let ok = !s.has_gap()
                            && net_premise(s, &mut t, c, d, on == 1, &mut yes, &mut no);
                        assert_eq!(ok, !broken[p]);
                        if ok || !s.has_gap() {
                            assert_eq!((r.on(p), r.off(p)), (&yes[..], &no[..]), "{c} {d} {on}");
                        }
                        premises += 1;
                        with_partner += usize::from(ok && partners(s, c, d).next().is_some());
                    }
                }
            }
        }
        assert!(with_partner > 1_000, "{with_partner} of {premises}");
    }

    /// The bit boards fill in a premise's singles as the state does: the same premises break,
    /// and the others imply the same, on every state of the fixtures' solving paths (sizes 4 to
    /// 9, singles left in most), a quarter of their candidates also taken away at random (so
    /// that many premises break), and with every unit looked at first instead of those the
    /// premise changes (the state having no single of its own). States with a gap are left out,
    /// as `net_reach` asks them no premise.
    #[test]
    fn bit_boards_fill_in_a_premise_as_the_state_does() {
        let (mut ok_count, mut broken_count, mut quiet_count) = (0, 0, 0);
        let states = super::super::tests::path_states_and_pruned(7, 2);
        // A state with a gap breaks under every premise (`net_reach` asks no premise there).
        for s in states
            .iter()
            .filter(|s| s.size() <= MAX_SIZE && !s.has_gap())
        {
            let n = s.size();
            let marks = Marks::of(s).expect("a small shape");
            let every = marks.looking_at_every_unit(s);
            quiet_count += usize::from(marks.dirty_digits == 0);
            let mut t = s.fork();
            for c in s.empty_cells() {
                for d in digits(s.cands(c)) {
                    for on in [false, true] {
                        let mut want = (vec![0; n], vec![0; n]);
                        let ok = net_premise(s, &mut t, c, d, on, &mut want.0, &mut want.1);
                        for m in [&marks, &every] {
                            let mut got = (vec![0; n], vec![0; n]);
                            let fast = marks_premise(m, s, c, d, on, &mut got.0, &mut got.1);
                            assert_eq!(fast, ok, "r{}c{} {d} {on}", c / n + 1, c % n + 1);
                            if ok {
                                assert_eq!(got, want, "r{}c{} {d} {on}", c / n + 1, c % n + 1);
                            }
                        }
                        ok_count += usize::from(ok);
                        broken_count += usize::from(!ok);
                    }
                }
            }
        }
        assert!(
            ok_count > 10_000 && broken_count > 10_000 && quiet_count > 20,
            "{ok_count} {broken_count} {quiet_count}"
        );
    }

    /// One chain conclusion wanted, the premises are looked at in another order and some are
    /// skipped; the conclusion is still the first best of all of them in the order they are
    /// listed (the order `emit` keeps among equals).
    #[test]
    fn the_best_chain_conclusion_is_the_first_best_of_every_one() {
        let mut placements = 0;
        let states = super::super::tests::path_states();
        for s in states.iter().step_by(2).filter(|s| s.size() <= MAX_SIZE) {
            let cx = Engine::new();
            let g = super::super::chains::grouped_graph(&cx, s);
            let mut bfs = Bfs::new(g.nodes());
            let r = chain_reach(&cx, s, &g, &mut bfs, None);
            let mut every = analyse(&cx, s, &r, &[], false, true);
            every.sort_by_key(|e| (std::cmp::Reverse(e.0), e.1));
            every.truncate(1);
            let best = analyse(&cx, s, &r, &[], false, false);
            assert_eq!(format!("{best:?}"), format!("{every:?}"));
            placements += usize::from(matches!(best.first(), Some((100, ..))));
        }
        assert!(placements > 20, "{placements}");
    }

    /// A solving path's net stops at the first false candidate that breaks the state; the
    /// conclusion is the one a search of every premise picks.
    #[test]
    fn a_net_that_stops_early_picks_what_a_full_search_picks() {
        let mut early = 0;
        let states = super::super::tests::path_states();
        for s in states.iter().step_by(3).filter(|s| s.size() == 9) {
            let cx = Engine::new();
            let (r, broken) = net_reach(&cx, s, false);
            let full = analyse(&cx, s, &r, &broken, true, false);
            let best = net_conclusions(&Engine::new(), s, false);
            assert_eq!(format!("{best:?}"), format!("{full:?}"));
            early += usize::from(matches!(best.first(), Some((100, 0, Proof::Broken { .. }))));
        }
        assert!(early > 20, "{early}");
    }

    /// Where [`dual`] holds, a forcing chain search that finds no contradiction finds no
    /// verity, one where [`premises_needed`] says nothing finds nothing, and one that follows
    /// only the premises it names finds what following all finds: on the stalls of hard
    /// puzzles' solving paths, the searches with the shortcuts and without agree (the first
    /// step everywhere, every step on one state in eight).
    #[test]
    fn a_chain_search_cut_short_finds_what_a_full_one_does() {
        let (mut cut, mut some, mut found, mut states) = (0, 0, 0, 0);
        // The full search: without the verities' shortcut.
        let no_dual = super::super::tests::searching(|x| x.no_dual = true);
        for (i, s) in super::super::tests::stall_states(3).iter().enumerate() {
            let cx = Engine::new();
            assert!(dual(&cx, s), "a stall has no single: {:?}", s.all_cands());
            states += 1;
            match premises_needed(&cx, s) {
                Needed::Nothing => cut += 1,
                Needed::Some(need) if need.contains(&false) => some += 1,
                _ => {}
            }
            let limits: &[usize] = if i % 8 == 0 { &[1, usize::MAX] } else { &[1] };
            for &limit in limits {
                let steps = run(Technique::ForcingChain, s, limit);
                let full = super::super::tests::run_in(&no_dual, Technique::ForcingChain, s, limit);
                assert_eq!(steps, full, "{limit} {:?}", s.all_cands());
                found += usize::from(!full.is_empty() && limit == 1);
            }
        }
        assert!(
            cut > 100 && some > 100 && found > 500,
            "{states} stalls, {cut} cut short, {some} with premises left out, {found} with a \
             forcing chain"
        );
    }

    /// Every step on more hard puzzles is true: `top1465.txt` from the shared data when it is
    /// there (skipped silently otherwise); `SUDOKU_CHAIN_PUZZLES` sets how many (default 40).
    #[test]
    fn every_step_is_true_on_top1465_when_present() {
        use crate::grid::Grid;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let Some(text) = [
            "../shared/data/top1465.txt",
            "../../shared/data/top1465.txt",
        ]
        .iter()
        .find_map(|p| std::fs::read_to_string(dir.join(p)).ok()) else {
            return;
        };
        let limit = std::env::var("SUDOKU_CHAIN_PUZZLES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(40);
        let opts = super::super::Options::default();
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(limit)
        {
            let values = line[..81]
                .chars()
                .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
                .collect();
            let grid = Grid::from_values(crate::grid::Shape::for_size(9).unwrap(), values).unwrap();
            let outcome = crate::solver::count_solutions(&grid, 2);
            if outcome.count != 1 {
                continue;
            }
            let solution = outcome.first.unwrap();
            let mut s = State::new(&grid);
            while !s.is_solved() {
                let Some(step) = super::super::next_step(&s, &opts) else {
                    break;
                };
                for &(c, d) in &step.placements {
                    assert_eq!(solution[c], d, "{}: {}", line, step.explanation);
                }
                for &(c, m) in &step.eliminations {
                    assert_eq!(m & bit(solution[c]), 0, "{}: {}", line, step.explanation);
                }
                s.apply(&step);
            }
            assert!(s.is_solved(), "{line}");
        }
    }
}
