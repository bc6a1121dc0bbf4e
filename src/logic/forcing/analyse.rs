//! The conclusions of what the premises imply: contradictions and verities.

use super::*;

/// Why a premise fails, or what a set of premises all imply.
#[derive(Clone, Debug)]
pub(super) enum Proof {
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
pub(super) enum Branches {
    Cell(usize),
    Unit(usize, u8),
    Candidate(usize),
}

/// The conclusions [`analyse`] finds, as (score, cost, proof): every one, or when one step is
/// wanted only the best (highest score, then lowest cost, then first found), whose proof alone
/// is built.
pub(super) struct Found {
    pub(super) all: bool,
    pub(super) list: Vec<(u32, u32, Proof)>,
}

impl Found {
    /// False when a conclusion of this score and cost would lose to the best kept (one wanted).
    pub(super) fn may_take(&self, score: u32, cost: u32) -> bool {
        self.may_take_with(score, || cost)
    }

    /// [`Found::may_take`] with the cost counted only when there is a best to beat.
    pub(super) fn may_take_with(&self, score: u32, cost: impl FnOnce() -> u32) -> bool {
        self.all
            || self.list.first().is_none_or(|&(best, least, _)| {
                (std::cmp::Reverse(score), cost()) < (std::cmp::Reverse(best), least)
            })
    }

    pub(super) fn offer(&mut self, score: u32, cost: u32, proof: impl FnOnce() -> Proof) {
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
pub(super) struct Costs<'a> {
    pub(super) r: &'a Reach<'a>,
    /// Per premise, its count, or `u32::MAX` before it is asked for.
    pub(super) counted: Vec<u32>,
}

impl Costs<'_> {
    pub(super) fn get(&mut self, p: usize) -> u32 {
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
pub(super) fn lone_places(s: &State) -> Vec<u128> {
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
pub(super) fn first_emptied_unit(
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
pub(super) fn dual(cx: &Engine, s: &State) -> bool {
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
pub(super) enum Needed {
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
/// [`chains::Reaches`]: crate::logic::chains::Reaches
pub(super) fn premises_needed(cx: &Engine, s: &State) -> Needed {
    if !dual(cx, s) {
        return Needed::Every;
    }
    let r = crate::logic::chains::reaches(cx, s);
    if r.refutes {
        return Needed::Every;
    }
    let g = crate::logic::chains::grouped_graph(cx, s);
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
pub(super) fn each_verity_set(s: &State, mut visit: impl FnMut(&[usize], Branches)) {
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
pub(super) fn share(
    on_p: &[u128],
    off_p: &[u128],
    on_q: &[u128],
    off_q: &[u128],
    boards: &[u128],
) -> bool {
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
pub(super) fn narrow(on: &mut [u128], off: &mut [u128], on_p: &[u128], off_p: &[u128]) -> bool {
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
pub(super) fn analyse(
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
pub(super) fn premise_score(p: usize) -> u32 {
    if p & 1 == 0 {
        100
    } else {
        1
    }
}

/// What [`analyse`] reads of the state.
pub(super) struct Board {
    /// Per digit, its cells.
    pub(super) boards: Vec<u128>,
    /// Per digit, the cells that are its last place in a unit (see [`lone_places`]).
    pub(super) lone: Vec<u128>,
    /// What the state lacks already (a cell or a unit of a broken state): it holds under every
    /// premise; the first in order is reported.
    pub(super) static_cell: Option<usize>,
    pub(super) static_unit: Option<(usize, u8)>,
}

impl Board {
    pub(super) fn of(s: &State) -> Board {
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
pub(super) fn contradictions(
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
pub(super) fn emptied(s: &State, board: &Board, p: usize, off: &[u128]) -> Option<Proof> {
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
pub(super) fn verities(
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
