//! Wings: patterns of bivalue cells (and one trivalue cell for the XYZ-Wing).
//!
//! - Remote Pair: cells that all hold only the same two digits, each seeing the next, form a
//!   chain whose cells alternate between the two digits; a cell that sees two chain cells an odd
//!   number of links apart (at least 3, so the chain has at least 4 cells) sees both digits and
//!   loses them. A solving path takes the chain that removes most along any path of linked cells
//!   with that pair (an even number of them), as HoDoKu's does. Listing every step, the chains
//!   are the shortest paths between their ends, and the whole set of linked cells with that
//!   pair is one more step: its cells alternate too, so a cell seeing two of different parity
//!   loses both digits.
//! - W-Wing: two cells holding only x and y that do not see each other, and a conjugate pair of
//!   x (any unit) whose ends see one cell each: one of the two cells is y. Listing every step,
//!   the two cells may see each other, as in HoDoKu's "find all steps".
//! - XY-Wing: a pivot holding x and y that sees pincers holding x and z and y and z: one pincer
//!   is z.
//! - XYZ-Wing: a pivot holding x, y and z that sees pincers holding x and z and y and z: one of
//!   the three is z, so the cells seeing all three lose z.
//!
//! Instances are taken in scan order (cells in reading order).

use crate::grid::{bit, digits, Mask};

use super::single_digit::conjugate_pairs;
use super::{
    engine::Search,
    step::{removal_text, say, Part},
    Finder, State, Step, Technique,
};

/// The empty cells holding exactly two candidates.
fn bivalue(s: &State) -> Vec<usize> {
    s.empty_cells()
        .filter(|&c| s.cands(c).count_ones() == 2)
        .collect()
}

/// The cells other than `pattern` that see every cell of `ends` and hold digits of `mask`,
/// each with the digits of `mask` it holds.
fn seeing_all(s: &State, mask: Mask, ends: &[usize], pattern: &[usize]) -> Vec<(usize, Mask)> {
    let Some((&first, rest)) = ends.split_first() else {
        return Vec::new();
    };
    s.peers(first)
        .iter()
        .copied()
        .filter(|&c| {
            s.cands(c) & mask != 0 && !pattern.contains(&c) && rest.iter().all(|&e| s.sees(c, e))
        })
        .map(|c| (c, s.cands(c) & mask))
        .collect()
}

/// `4 or 7`.
fn or_text(s: &State, mask: Mask) -> String {
    let ds: Vec<String> = digits(mask).map(|d| s.sym(d).to_string()).collect();
    ds.join(" or ")
}

pub(super) fn remote_pair(f: &mut Finder<'_>) {
    let s = f.state;
    // The cells holding each pair, pair by pair, each pair's in reading order.
    let mut cells: Vec<(Mask, usize)> = (bivalue(s).into_iter()).map(|c| (s.cands(c), c)).collect();
    cells.sort_unstable();
    // One step wanted: the chain that removes most, along any path (see `remote_pair_paths`).
    let mut best_paths = Vec::new();
    for run in cells.chunk_by(|a, b| a.0 == b.0) {
        if run.len() < 4 {
            continue;
        }
        let mask = run[0].0;
        let group: Vec<usize> = run.iter().map(|e| e.1).collect();
        let k = group.len();
        if !f.wants_all() {
            best_paths.extend(remote_pair_paths(f, mask, &group));
            continue;
        }
        // Breadth-first search from each cell: distances and parents inside the group.
        for start in 0..k {
            let mut dist = vec![usize::MAX; k];
            let mut parent = vec![usize::MAX; k];
            let mut queue = vec![start];
            dist[start] = 0;
            let mut head = 0;
            while head < queue.len() {
                let x = queue[head];
                head += 1;
                for y in 0..k {
                    if dist[y] == usize::MAX && s.sees(group[x], group[y]) {
                        dist[y] = dist[x] + 1;
                        parent[y] = x;
                        queue.push(y);
                    }
                }
            }
            if f.wants_all() && !dist[..start].iter().any(|&d| d != usize::MAX) {
                // Listing every step, the whole linked set also counts as one step, as HoDoKu
                // lists a remote pair along any path through it, not only a shortest one.
                if remote_pair_set(f, mask, &group, &queue, &dist) {
                    return;
                }
            }
            for (end, &dend) in dist.iter().enumerate().skip(start + 1) {
                if dend == usize::MAX || dend < 3 || dend % 2 == 0 {
                    continue;
                }
                let mut path = vec![end];
                while *path.last().unwrap() != start {
                    path.push(parent[*path.last().unwrap()]);
                }
                path.reverse();
                let chain: Vec<usize> = path.iter().map(|&i| group[i]).collect();
                let elims = chain_removals(s, mask, &chain);
                if !elims.is_empty() && f.add(remote_pair_step(f.quiet(), s, mask, &chain, elims)) {
                    return;
                }
            }
        }
    }
    f.add_best(best_paths);
}

/// The most simple paths [`remote_pair_paths`] follows in one group of cells.
const REMOTE_PAIR_PATHS: usize = 20_000;

/// (candidates removed, chain, eliminations) of the best path so far.
type Best = (u32, Vec<usize>, Vec<(usize, Mask)>);
/// What a path removes, kept as it grows (grids of at most 128 cells): per cell of the
/// path, the peers of the cells up to it of each parity, and the cells seeing two of its
/// cells an odd number (at least 3) of links apart, up to it. A path's count is then a
/// few bit operations instead of [`chain_removals`] on every path.
struct Sight<'a> {
    peers: &'a [u128],
    /// The cells holding a digit of the pair, and those holding both.
    any: u128,
    both: u128,
    chain: u128,
    parity: Vec<[u128; 2]>,
    seen: Vec<u128>,
}
impl Sight<'_> {
    fn push(&mut self, c: usize) {
        let m = self.parity.len();
        let p = self.peers[c];
        let mut parity = self.parity.last().copied().unwrap_or([0; 2]);
        parity[m % 2] |= p;
        let far = if m >= 3 {
            p & self.parity[m - 3][1 - m % 2]
        } else {
            0
        };
        self.seen.push(self.seen.last().copied().unwrap_or(0) | far);
        self.parity.push(parity);
        self.chain |= 1 << c;
    }
    fn pop(&mut self, c: usize) {
        self.parity.pop();
        self.seen.pop();
        self.chain &= !(1 << c);
    }
    /// Per cell of `group`, the most candidates a path through it may remove. A path
    /// stays in its cell's part of the group (the cells linked to it), and where that
    /// part's cells take two colours, every link joining two of different colours (as
    /// they must, when the pair's digits alternate along every path), a cell removes
    /// only when it sees cells of both colours: cells an odd number of links apart
    /// differ. Where they cannot, a cell removes only when it sees two of the part.
    fn most(&self, s: &State, group: &[usize]) -> Vec<u32> {
        const NONE: u8 = u8::MAX;
        let count = |e: u128| {
            let e = e & self.any;
            e.count_ones() + (e & self.both).count_ones()
        };
        let mut most = vec![0; group.len()];
        let mut colour = vec![NONE; group.len()];
        let mut part = Vec::with_capacity(group.len());
        for first in 0..group.len() {
            if colour[first] != NONE {
                continue;
            }
            colour[first] = 0;
            part.clear();
            part.push(first);
            let mut two_coloured = true;
            let mut at = 0;
            while at < part.len() {
                let x = part[at];
                at += 1;
                for y in 0..group.len() {
                    if !s.sees(group[x], group[y]) {
                        continue;
                    }
                    if colour[y] == NONE {
                        colour[y] = 1 - colour[x];
                        part.push(y);
                    } else if colour[y] == colour[x] {
                        two_coloured = false;
                    }
                }
            }
            let (mut seen, mut one, mut two) = ([0u128; 2], 0u128, 0u128);
            for &x in &part {
                let p = self.peers[group[x]];
                seen[usize::from(colour[x])] |= p;
                two |= one & p;
                one |= p;
            }
            let bound = count(if two_coloured { seen[0] & seen[1] } else { two });
            for &x in &part {
                most[x] = bound;
            }
        }
        most
    }
    /// The candidates the path removes, as [`chain_removals`] counts them.
    fn count(&self) -> u32 {
        let e = self.seen.last().copied().unwrap_or(0) & !self.chain & self.any;
        e.count_ones() + (e & self.both).count_ones()
    }
}
struct Walk<'a> {
    s: &'a State,
    /// The engine's switches (see [`remote_pair_paths`]).
    search: Search,
    mask: Mask,
    group: &'a [usize],
    path: Vec<usize>,
    on: Vec<bool>,
    paths: usize,
    best: Option<Best>,
    sight: Option<Sight<'a>>,
    /// The most the paths from the current start may remove (see [`Sight::most`]).
    most: u32,
}
impl Walk<'_> {
    fn enter(&mut self, y: usize) {
        self.on[y] = true;
        self.path.push(y);
        if let Some(sight) = &mut self.sight {
            sight.push(self.group[y]);
        }
    }
    fn leave(&mut self) {
        if let Some(y) = self.path.pop() {
            self.on[y] = false;
            if let Some(sight) = &mut self.sight {
                sight.pop(self.group[y]);
            }
        }
    }
    /// True once no path can remove more than the best so far (only a path removing
    /// more replaces it).
    fn done(&self) -> bool {
        if self.search.unbound {
            return false;
        }
        self.best.as_ref().map_or(0, |b| b.0) >= self.most
    }
    fn go(&mut self) {
        if self.paths >= REMOTE_PAIR_PATHS || self.done() {
            return;
        }
        self.paths += 1;
        if self.path.len() >= 4 && self.path.len() % 2 == 0 {
            let best = self.best.as_ref().map_or(0, |b| b.0);
            let quick = self.sight.as_ref().map(Sight::count);
            // Only a path that beats the best so far is written out; checking the counts,
            // every path is, to hold its quick count against the full one.
            let check = self.search.check_counts;
            if check || quick.is_none_or(|q| q > best) {
                let chain: Vec<usize> = self.path.iter().map(|&i| self.group[i]).collect();
                let elims = chain_removals(self.s, self.mask, &chain);
                let count = elims.iter().map(|e| e.1.count_ones()).sum();
                if check {
                    assert!(quick.is_none_or(|q| q == count), "remote pair {chain:?}");
                }
                if count > best {
                    self.best = Some((count, chain, elims));
                }
            }
        }
        let last = *self.path.last().unwrap();
        for y in 0..self.group.len() {
            if !self.on[y] && self.s.sees(self.group[last], self.group[y]) {
                self.enter(y);
                self.go();
                self.leave();
            }
        }
    }
}

/// The remote pairs of `group` (cells holding only `mask`) along every simple path of linked
/// cells (up to [`REMOTE_PAIR_PATHS`]): for each path of an even number of cells, four or more
/// (its ends hold different digits), the cells that see two of its cells an odd number (at
/// least 3) of links apart lose both digits. Only the path removing most (the first of equals)
/// is returned, as a solving path takes it: HoDoKu's does, along a longer path than the
/// shortest where that removes more, and not the whole linked set where no one path covers it.
/// The walk from a cell stops once no path through it can remove more than the best so far
/// (most often nothing: on 17-clue puzzles this halved the time of remote pairs), unless the
/// engine's switch `unbound` says otherwise; its switch `check_counts` writes out every path
/// and holds the quick count against the full one.
fn remote_pair_paths(f: &Finder<'_>, mask: Mask, group: &[usize]) -> Option<Step> {
    let s = f.state;
    let search = f.cx.search;
    let peers = &s.tables().peer_bits[..];
    let sight = (!peers.is_empty()).then(|| {
        let (mut any, mut both) = (0u128, 0u128);
        for c in s.empty_cells() {
            let held = s.cands(c) & mask;
            any |= u128::from(held != 0) << c;
            both |= u128::from(held == mask) << c;
        }
        Sight {
            peers,
            any,
            both,
            chain: 0,
            parity: Vec::with_capacity(group.len()),
            seen: Vec::with_capacity(group.len()),
        }
    });
    let mut walk = Walk {
        s,
        search,
        mask,
        group,
        path: Vec::new(),
        on: vec![false; group.len()],
        paths: 0,
        best: None,
        most: u32::MAX,
        sight,
    };
    let most = walk.sight.as_ref().map(|sight| sight.most(s, group));
    for start in 0..group.len() {
        if let Some(most) = &most {
            walk.most = most[start];
        }
        if walk.done() {
            continue;
        }
        walk.enter(start);
        walk.go();
        walk.leave();
    }
    let (_, chain, elims) = walk.best?;
    Some(remote_pair_step(f.quiet(), s, mask, &chain, elims))
}

/// What a remote pair chain removes: for every two of its cells an odd number (at least 3) of
/// links apart, both digits from the cells seeing both (merged per cell, in cell order).
fn chain_removals(s: &State, mask: Mask, chain: &[usize]) -> Vec<(usize, Mask)> {
    let mut elims = Vec::new();
    for i in 0..chain.len() {
        for j in (i + 3..chain.len()).step_by(2) {
            elims.extend(seeing_all(s, mask, &[chain[i], chain[j]], chain));
        }
    }
    Step::new(Technique::RemotePair, String::new())
        .eliminate(elims)
        .eliminations
}

/// The step of a remote pair chain removing `elims`.
fn remote_pair_step(
    quiet: bool,
    s: &State,
    mask: Mask,
    chain: &[usize],
    elims: Vec<(usize, Mask)>,
) -> Step {
    let step = Step::new(Technique::RemotePair, String::new())
        .eliminate(elims)
        .cells(chain.iter().copied())
        .figure(quiet, |fig| pair_chain(fig, chain, mask));
    let text = say(quiet, || {
        format!(
            "Remote Pair: {} all hold only {}, and each sees the next, so they alternate \
             between {}; {} and {} hold different digits, so {}.",
            s.names_text(chain),
            s.syms_text(mask),
            s.syms_text(mask),
            s.name(chain[0]),
            s.name(chain[chain.len() - 1]),
            removal_text(s, &step.eliminations)
        )
    });
    Step {
        explanation: text.into_boxed_str(),
        ..step
    }
}

/// The figure of a chain of cells each holding only the two digits of `mask`, each seeing the
/// next: every cell a `node`, and the links read as an XY-chain from the smaller digit of the
/// first cell (strong inside a cell, weak between cells on the same digit).
pub(super) fn pair_chain(fig: &mut super::Figure, chain: &[usize], mask: Mask) {
    let mut ds = digits(mask);
    let (Some(a), Some(b)) = (ds.next(), ds.next()) else {
        return;
    };
    for &c in chain {
        fig.role(Part::Node, [c], mask);
    }
    let (mut from, mut to) = (a, b);
    for (i, &c) in chain.iter().enumerate() {
        fig.link([c], from, [c], to, true);
        if let Some(&next) = chain.get(i + 1) {
            fig.link([c], to, [next], to, false);
        }
        (from, to) = (to, from);
    }
}

/// The remote pair of a whole linked set of cells holding only `mask`: `order` is the set in
/// breadth-first order from its first cell, at distances `dist` (indices into `group`). The
/// cells at even distances hold one digit and those at odd distances the other, so a cell seeing
/// two cells of different parity loses both digits. Offered only when some elimination comes
/// from two cells at least 3 links apart (else it is a naked pair's). Returns as
/// [`Finder::add`].
fn remote_pair_set(
    f: &mut Finder<'_>,
    mask: Mask,
    group: &[usize],
    order: &[usize],
    dist: &[usize],
) -> bool {
    let quiet = f.quiet();
    let s = f.state;
    let cells: Vec<usize> = order.iter().map(|&i| group[i]).collect();
    // Two linked cells of the same parity: the cells cannot alternate (a broken state).
    let clash = order.iter().enumerate().any(|(a, &x)| {
        order[a + 1..]
            .iter()
            .any(|&y| dist[x] % 2 == dist[y] % 2 && s.sees(group[x], group[y]))
    });
    if cells.len() < 4 || clash {
        return false;
    }
    let mut elims = Vec::new();
    let mut far = false;
    for (a, &x) in order.iter().enumerate() {
        for &y in &order[a + 1..] {
            if dist[x] % 2 != dist[y] % 2 {
                let seen = seeing_all(s, mask, &[group[x], group[y]], &cells);
                far |= !seen.is_empty() && !s.sees(group[x], group[y]);
                elims.extend(seen);
            }
        }
    }
    if !far {
        return false;
    }
    let parity = |p: usize| -> Vec<usize> {
        order
            .iter()
            .filter(|&&i| dist[i] % 2 == p)
            .map(|&i| group[i])
            .collect()
    };
    let step = Step::new(Technique::RemotePair, String::new())
        .eliminate(elims)
        .cells(cells.iter().copied())
        .figure(quiet, |fig| {
            fig.role(Part::ColorA, parity(0), mask);
            fig.role(Part::ColorB, parity(1), mask);
        });
    let text = say(quiet, || {
        format!(
            "Remote Pair: {} all hold only {}, and linked cells see each other, so {} hold one \
             of the two and {} the other; a cell that sees both kinds loses both, so {}.",
            s.names_text(&cells),
            s.syms_text(mask),
            s.names_text(&parity(0)),
            s.names_text(&parity(1)),
            removal_text(s, &step.eliminations)
        )
    });
    f.add(Step {
        explanation: text.into_boxed_str(),
        ..step
    })
}

pub(super) fn w_wing(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    let cells = bivalue(s);
    if cells.len() < 2 {
        return;
    }
    let pairs = conjugate_pairs(f.cx, s);
    // Every step wanted, the two cells may see each other, as HoDoKu's "find all steps" lists
    // them (a naked pair then removes as much, and a solving path takes that first).
    let any = f.wants_all();
    for (i, &c1) in cells.iter().enumerate() {
        let mask = s.cands(c1);
        for &c2 in &cells[i + 1..] {
            if s.cands(c2) != mask || (s.sees(c1, c2) && !any) {
                continue;
            }
            for x in digits(mask) {
                let y = mask & !bit(x);
                // The first conjugate pair of x whose ends see one cell each.
                let link = pairs[usize::from(x) - 1].iter().find_map(|pr| {
                    [(pr.a, pr.b), (pr.b, pr.a)]
                        .into_iter()
                        .find(|&(p, q)| {
                            p != c1
                                && p != c2
                                && q != c1
                                && q != c2
                                && s.sees(p, c1)
                                && s.sees(q, c2)
                        })
                        .map(|(p, q)| (pr, p, q))
                });
                let Some((pr, p, q)) = link else {
                    continue;
                };
                let elims = seeing_all(s, y, &[c1, c2], &[]);
                if elims.is_empty() {
                    continue;
                }
                let text = say(quiet, || {
                    format!(
                        "W-Wing: {} and {} hold only {}; {} in {} lies only in {} and {}, which \
                         see them, so they are not both {}, hence one of them is {}, and {}.",
                        s.name(c1),
                        s.name(c2),
                        s.syms_text(mask),
                        s.sym(x),
                        s.unit_name(pr.unit),
                        s.name(p),
                        s.name(q),
                        s.sym(x),
                        s.syms_text(y),
                        removal_text(s, &elims)
                    )
                });
                let step = Step::new(Technique::WWing, text)
                    .eliminate(elims)
                    .figure(quiet, |fig| {
                        fig.role(Part::Pincer, [c1, c2], mask);
                        fig.role(Part::Bridge, [p, q], bit(x));
                        let z = y.trailing_zeros() as u8 + 1;
                        fig.link([c1], z, [c1], x, true);
                        fig.link([c1], x, [p], x, false);
                        fig.link([p], x, [q], x, true);
                        fig.link([q], x, [c2], x, false);
                        fig.link([c2], x, [c2], z, true);
                    })
                    .cells([c1, p, q, c2])
                    .unit(s.unit_name(pr.unit));
                if f.add(step) {
                    return;
                }
            }
        }
    }
}

pub(super) fn xy_wing(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    let cells = bivalue(s);
    // One step wanted: the wing whose three cells, in reading order, come first (HoDoKu's
    // choice on its paths; the first pivot met was not in one of 21 top1465 path states).
    let mut first: Option<([usize; 3], Step)> = None;
    for &pivot in &cells {
        let pm = s.cands(pivot);
        for &p1 in s.peers(pivot) {
            let m1 = s.cands(p1);
            if m1.count_ones() != 2 || (m1 & pm).count_ones() != 1 {
                continue;
            }
            let x = m1 & pm;
            let y = pm & !x;
            // One orientation per wing: the pincer holding the pivot's smaller digit first.
            if x > y {
                continue;
            }
            let z = m1 & !pm;
            for &p2 in s.peers(pivot) {
                if p2 == p1 || s.cands(p2) != y | z {
                    continue;
                }
                let elims = seeing_all(s, z, &[p1, p2], &[pivot]);
                if elims.is_empty() {
                    continue;
                }
                let text = say(quiet, || {
                    format!(
                    "XY-Wing: {} ({}) sees {} ({}) and {} ({}); either way one of {} and {} is \
                     {}, so {}.",
                    s.name(pivot),
                    or_text(s, pm),
                    s.name(p1),
                    or_text(s, m1),
                    s.name(p2),
                    or_text(s, y | z),
                    s.name(p1),
                    s.name(p2),
                    s.syms_text(z),
                    removal_text(s, &elims)
                )
                });
                let step = Step::new(Technique::XyWing, text)
                    .eliminate(elims)
                    .figure(quiet, |fig| {
                        fig.role(Part::Pivot, [pivot], pm);
                        fig.role(Part::Pincer, [p1], m1);
                        fig.role(Part::Pincer, [p2], y | z);
                        let one = |m: Mask| m.trailing_zeros() as u8 + 1;
                        let (x, y, z) = (one(x), one(y), one(z));
                        fig.link([p1], z, [p1], x, true);
                        fig.link([p1], x, [pivot], x, false);
                        fig.link([pivot], x, [pivot], y, true);
                        fig.link([pivot], y, [p2], y, false);
                        fig.link([p2], y, [p2], z, true);
                    })
                    .cells([pivot, p1, p2]);
                if f.wants_all() {
                    if f.add(step) {
                        return;
                    }
                    continue;
                }
                let mut key = [pivot, p1, p2];
                key.sort_unstable();
                if first.as_ref().is_none_or(|(k, _)| key < *k) {
                    first = Some((key, step));
                }
            }
        }
    }
    if let Some((_, step)) = first {
        f.add(step);
    }
}

pub(super) fn xyz_wing(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    for pivot in s.empty_cells() {
        let pm = s.cands(pivot);
        if pm.count_ones() != 3 {
            continue;
        }
        let peers = s.peers(pivot);
        for (i, &p1) in peers.iter().enumerate() {
            let m1 = s.cands(p1);
            if m1.count_ones() != 2 || m1 & !pm != 0 {
                continue;
            }
            for &p2 in &peers[i + 1..] {
                let m2 = s.cands(p2);
                if m2.count_ones() != 2 || m2 & !pm != 0 || m2 == m1 {
                    continue;
                }
                let z = m1 & m2;
                let elims = seeing_all(s, z, &[pivot, p1, p2], &[]);
                if elims.is_empty() {
                    continue;
                }
                let text = say(quiet, || {
                    format!(
                    "XYZ-Wing: {} ({}) sees {} ({}) and {} ({}); one of the three is {}, so {}.",
                    s.name(pivot),
                    or_text(s, pm),
                    s.name(p1),
                    or_text(s, m1),
                    s.name(p2),
                    or_text(s, m2),
                    s.syms_text(z),
                    removal_text(s, &elims)
                )
                });
                let step = Step::new(Technique::XyzWing, text)
                    .eliminate(elims)
                    .figure(quiet, |fig| {
                        fig.role(Part::Pivot, [pivot], pm);
                        fig.role(Part::Pincer, [p1], m1);
                        fig.role(Part::Pincer, [p2], m2);
                    })
                    .cells([pivot, p1, p2]);
                if f.add(step) {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{run_in, searching};
    use super::super::Technique;

    /// A remote pair search that stops once no path can remove more than the best so far
    /// takes the step the whole search takes: on the states of the fixtures' solving paths,
    /// copies with candidates taken away (broken ones among them, where the cells of a pair
    /// need not alternate), and the stalls of the extreme puzzles' paths.
    #[test]
    fn a_remote_pair_search_cut_short_takes_the_step_the_whole_search_does() {
        let mut states = super::super::tests::path_states_and_pruned(5, 3);
        states.extend(super::super::tests::stall_states(1));
        let (mut found, mut broken) = (0, 0);
        // Both hold every path's quick count against the full one; the whole search walks
        // past the bound on what a path may remove.
        let bound = searching(|x| x.check_counts = true);
        let unbound = searching(|x| {
            x.check_counts = true;
            x.unbound = true;
        });
        for s in &states {
            let cut = run_in(&bound, Technique::RemotePair, s, 1);
            let whole = run_in(&unbound, Technique::RemotePair, s, 1);
            assert_eq!(cut, whole, "{:?}", s.all_cands());
            found += usize::from(!cut.is_empty());
            broken += usize::from(!cut.is_empty() && s.is_broken());
        }
        assert!(
            found > 300 && broken > 100,
            "{} states, {found} found, {broken} broken",
            states.len()
        );
    }
}
