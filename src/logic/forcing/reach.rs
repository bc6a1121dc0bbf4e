//! What each premise implies: the reach of forcing chains and of forcing nets.

use super::*;

/// What each premise implies. Premise `2k + 1` is candidate `k` (`cell * n + d - 1`) true,
/// `2k` false. A premise's row holds per digit (index `d - 1`) the cells where the premise makes
/// that digit true, or false, as a bit set over the cells (at most 81 here): the state's own
/// bit boards line up with it, so the contradictions are found a digit at a time.
///
/// The two tables are 210 KB each at 9x9, and a search writes the rows of the premises it
/// looks at, a third of them or fewer. So a dropped `Reach` clears just those rows and leaves
/// the tables to the next one of its engine ([`Cache`]), instead of a new search zeroing
/// (and faulting in) 420 KB each time. Every row is written only once its premise is `done`.
pub(super) struct Reach<'a> {
    /// Where the tables go when this is dropped.
    pub(super) spare: &'a Spare,
    pub(super) n: usize,
    pub(super) on: Vec<u128>,
    pub(super) off: Vec<u128>,
    /// Premises searched (candidates of the state).
    pub(super) done: Vec<bool>,
}

/// The tables of the last [`Reach`] dropped, all zero.
pub(super) type Spare = RefCell<Option<(Vec<u128>, Vec<u128>)>>;

/// What the forcing family keeps in the engine.
#[derive(Default)]
pub(in crate::logic) struct Cache {
    /// The tables of the last [`Reach`] dropped, all zero.
    pub(super) spare: Spare,
    /// The last one-step net search's [`Closures`].
    pub(super) closures: RefCell<Option<Closures>>,
}

impl<'a> Reach<'a> {
    pub(super) fn new(cx: &'a Engine, s: &State) -> Reach<'a> {
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

    pub(super) fn on(&self, p: usize) -> &[u128] {
        &self.on[p * self.n..(p + 1) * self.n]
    }

    pub(super) fn off(&self, p: usize) -> &[u128] {
        &self.off[p * self.n..(p + 1) * self.n]
    }

    /// Sets candidate (`c`, `d`) in a row.
    pub(super) fn set(row: &mut [u128], c: usize, d: u8) {
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
pub(super) fn candidates_in<'a>(
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
pub(super) fn boards_of(s: &State) -> Vec<u128> {
    (1..=s.size() as u8).map(|d| s.board_bits(d)).collect()
}

/// Chains: what single links imply from each premise (those of `need` when given).
pub(super) fn chain_reach<'a>(
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
pub(super) struct Closures {
    pub(super) shape: Shape,
    pub(super) values: Vec<u8>,
    pub(super) cands: Vec<Mask>,
    /// Per premise, whether `marks` holds what it filled in to ([`KEPT`]), it broke the state
    /// ([`BROKE`]), or neither ([`NOT_KEPT`]: a partner's, or one after the search stopped).
    pub(super) kept: Vec<u8>,
    /// The same for the search being made.
    pub(super) next: Vec<u8>,
    /// Per premise, its marks (where `kept` says so).
    pub(super) marks: Vec<Marks>,
}

pub(super) const NOT_KEPT: u8 = 0;
pub(super) const KEPT: u8 = 1;
pub(super) const BROKE: u8 = 2;

impl Closures {
    /// The closures of the last search, for a search of `s` (`base` its marks): with the
    /// changes since when `s` follows from the state they were made in, else with none kept.
    pub(super) fn take(
        cx: &Engine,
        s: &State,
        base: &Marks,
        premises: usize,
    ) -> (Closures, Option<Changes>) {
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
    pub(super) fn put(mut self, cx: &Engine) {
        std::mem::swap(&mut self.kept, &mut self.next);
        *cx.caches.forcing.closures.borrow_mut() = Some(self);
    }

    /// How `s` follows from the state these closures were made in, when it does: every digit
    /// placed there is placed in `s`, and each other cell of `s` holds a digit or candidates
    /// it had there. The cells placed since (cell, digit index) and the candidates taken
    /// since from the cells still empty (cell, digit index).
    pub(super) fn changes_to(&self, s: &State) -> Option<Changes> {
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
    pub(super) fn fill(
        &mut self,
        s: &State,
        base: &Marks,
        p: usize,
        changes: Option<&Changes>,
    ) -> bool {
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
pub(super) fn refill(t: &mut Marks, s: &State, changes: &Changes) -> bool {
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
pub(super) struct Changes {
    pub(super) placed: Vec<(usize, usize)>,
    pub(super) taken: Vec<(usize, usize)>,
}

/// Nets: what singles imply from each premise. Also returns the premises that break the state.
///
/// `first`: only the best conclusion is wanted, so the search stops at the first premise, in
/// order, that assumes a candidate false and breaks the state: that candidate is true, a
/// placement resting on nothing else, which nothing found later can beat (see [`Found`]). The
/// premises after it are then neither searched nor marked done. Premises on bit boards then
/// start from what they led to at the last such search, where this state follows from that
/// one (see [`Closures`]).
pub(super) fn net_reach<'a>(cx: &'a Engine, s: &State, first: bool) -> (Reach<'a>, Vec<bool>) {
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
pub(super) fn share_with_partners(
    r: &mut Reach<'_>,
    s: &State,
    (c, d): (usize, u8),
    on: usize,
    p: usize,
) {
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
pub(super) fn net_premise(
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
pub(super) fn assume(t: &mut Marks, s: &State, c: usize, i: usize, on: bool) -> bool {
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
pub(super) fn marks_rows(marks: &Marks, t: &Marks, on_bits: &mut [u128], off_bits: &mut [u128]) {
    for (e, (on, off)) in on_bits.iter_mut().zip(off_bits.iter_mut()).enumerate() {
        *on |= t.placed[e] & marks.boards[e];
        *off |= marks.boards[e] & !t.boards[e] & !t.placed[e];
    }
}

/// [`net_premise`] on a copy of `marks` (the state's): assumes candidate (`c`, `d`) true (`on`)
/// or false, fills in singles and sets what became true and false (rows left as they were
/// when the state broke).
pub(super) fn marks_premise(
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
pub(super) fn partners(s: &State, c: usize, d: u8) -> impl Iterator<Item = (usize, u8)> + '_ {
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
