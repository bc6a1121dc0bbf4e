//! Almost locked sets: the XZ-Rule, ALS XY-Wing and ALS XY-Chain.
//!
//! An almost locked set (ALS) is `k` cells of one unit holding `k + 1` candidates between them
//! (a single bivalue cell is one). Two ALS that do not overlap share a restricted common
//! candidate (RCC) `x` when every cell of either holding `x` sees every cell of the other
//! holding `x`: `x` is then in at most one of them, so the other is locked on its remaining
//! digits.
//!
//! - XZ-Rule: two ALS with an RCC `x`; a digit `z` common to both (not `x`) is in one of them,
//!   so it leaves every cell that sees all the `z` of both. With two RCCs (doubly linked) both
//!   sets are locked: each RCC leaves the cells that see all of its cells in both sets, and each
//!   other digit of a set leaves the cells that see all of its cells in that set.
//! - XY-Wing and XY-Chain: ALS `A1 .. Ak` (3 for the wing, 4 to 6 for the chain), pairwise not
//!   overlapping, consecutive sets linked by RCCs, consecutive RCCs different. If `z` (common to
//!   `A1` and `Ak`, neither the first nor the last RCC) were in neither end, `A1` would be locked
//!   on its RCC to `A2`, pushing the next RCC into `A3`, ... and `Ak` would be locked on `z`.
//!   So `z` leaves every cell that sees all the `z` of both ends, a cell of a middle ALS too
//!   (the conclusion holds whatever the middle sets hold).
//! - When every step is wanted (HoDoKu's "find all steps"), the wing's and chain's sets may
//!   overlap, as HoDoKu lists them there; a set is used once. The reasoning above holds as it
//!   is: an RCC digit is never in the shared cells (a cell does not see itself), and a shared
//!   cell never loses `z` (it does not see itself either). The chain search then explores up
//!   to 1,000,000 chain steps per call instead of 20,000, shared out over the first sets (at
//!   least 2,000 each), so that chains from every set are tried.
//! - A solving path keeps the wing's sets apart, as RATING.md's defaults say (with overlapping
//!   sets our first step differed from HoDoKu's on 37 more of its path states). Its chains go
//!   forward only, and their sets may overlap: the sets are ordered by unit (rows, columns,
//!   boxes), then by their cells read as a sequence, and each set of a chain comes later than
//!   the one before. That is what HoDoKu's own paths take (inferred from them, read as a black
//!   box): on its paths of 160 top1465 puzzles, our first step was its technique in 3,013 of
//!   3,034 states instead of 2,971, the 42 more being forcing chains and nets where we took
//!   an ALS-XY-Chain that HoDoKu never finds. Of its 12 ALS-XY-Chains we took 12 first (11
//!   its very instance), against 8 (1) before; going forward with the sets apart, 5 (4); with
//!   the sets in the order we collect them (by the bit pattern of their cells), 11 (9).
//!
//! Everything is computed once per call with bit masks of cells (grids of at most 128 cells and
//! 9 digits: sizes 4, 6, 8 and 9); other sizes find nothing.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::grid::{bit, cells_of, digits, Mask};

use super::{
    state::Memo,
    step::{removal_text, say, Part},
    Engine, Finder, State, Step, Technique,
};

mod sets;
mod units;

pub(super) use self::sets::*;
use self::units::*;

/// A set of cells, bit `c` for cell `c`.
type Cells = u128;

/// The most digits handled.
const MAX_DIGITS: usize = 9;

/// The most ALS chain steps explored per call, so that a dense position cannot stall the engine.
const CHAIN_BUDGET: usize = 20_000;
/// The same when every step is wanted and sets may overlap (many more links to follow).
const ALL_STEPS_CHAIN_BUDGET: usize = 50 * CHAIN_BUDGET;
/// The least share of [`ALL_STEPS_CHAIN_BUDGET`] each first set of a chain gets.
const ALL_STEPS_MIN_SHARE: usize = 2_000;
/// The most sets of a chain searched (ALS-XY-Chain's six).
const MAX_CHAIN: usize = 6;

/// One instance found: its ALS in order and the RCCs between consecutive ones.
struct Found {
    count: u32,
    elims: Vec<(usize, Mask)>,
    chain: Vec<usize>,
    rccs: Vec<Mask>,
}

/// Keeps the instance removing most (shortest first among equals), or, when every step is
/// wanted, the shortest instance per set of eliminations.
struct Collector {
    all: bool,
    best: Option<Found>,
    map: HashMap<Vec<(usize, Mask)>, Found>,
}

impl Collector {
    fn new(all: bool) -> Collector {
        Collector {
            all,
            best: None,
            map: HashMap::new(),
        }
    }

    /// Offers eliminations given per digit (`targets[d - 1]`, the cells losing `d`).
    fn offer(&mut self, targets: &[Cells; MAX_DIGITS], chain: &[usize], rccs: &[Mask]) {
        if targets.iter().all(|&t| t == 0) {
            return;
        }
        let count: u32 = targets.iter().map(|t| t.count_ones()).sum();
        if !self.all {
            if let Some(b) = &self.best {
                if b.count > count || (b.count == count && b.chain.len() <= chain.len()) {
                    return;
                }
            }
        }
        let any = targets.iter().fold(0, |m, t| m | t);
        let elims: Vec<(usize, Mask)> = cells_of(any)
            .map(|c| {
                let m = (0..MAX_DIGITS)
                    .filter(|&i| targets[i] & 1 << c != 0)
                    .fold(0, |m, i| m | 1 << i);
                (c, m)
            })
            .collect();
        let found = Found {
            count,
            elims,
            chain: chain.to_vec(),
            rccs: rccs.to_vec(),
        };
        if self.all {
            match self.map.get(&found.elims) {
                Some(old) if old.chain.len() <= found.chain.len() => {}
                _ => {
                    self.map.insert(found.elims.clone(), found);
                }
            }
        } else {
            self.best = Some(found);
        }
    }

    /// The instances kept, most eliminations first, then shortest.
    fn into_found(self) -> Vec<Found> {
        let mut out: Vec<Found> = if self.all {
            self.map.into_values().collect()
        } else {
            self.best.into_iter().collect()
        };
        out.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then(a.chain.len().cmp(&b.chain.len()))
                .then(a.elims.cmp(&b.elims))
        });
        out
    }
}

fn units_of(sets: &Sets, s: &State, found: &Found) -> Vec<crate::grid::Unit> {
    found
        .chain
        .iter()
        .map(|&i| s.unit_name(sets.als[i].unit))
        .collect()
}

fn chain_cells(sets: &Sets, found: &Found) -> Vec<usize> {
    found
        .chain
        .iter()
        .flat_map(|&i| cells_of(sets.als[i].cells))
        .collect()
}

/// The figure of a chain of sets: each set (`als`, numbered in chain order), the candidates of
/// each restricted common in the two sets it joins (`restricted`), and each restricted common
/// as a weak link between those candidates of one set and the next.
fn draw(fig: &mut super::Figure, sets: &Sets, found: &Found) {
    for &i in &found.chain {
        fig.role(Part::Als, cells_of(sets.als[i].cells), sets.als[i].cands);
    }
    for (k, pair) in found.chain.windows(2).enumerate() {
        let Some(&rcc) = found.rccs.get(k) else {
            break;
        };
        let (a, b) = (&sets.als[pair[0]], &sets.als[pair[1]]);
        for x in digits(rcc) {
            let xi = usize::from(x) - 1;
            fig.role(Part::Restricted, cells_of(a.with[xi] | b.with[xi]), bit(x));
            fig.link(cells_of(a.with[xi]), x, cells_of(b.with[xi]), x, false);
        }
    }
}

/// Calls `visit(cells, digits, with)` for every ALS of two cells or more of `s`, in the order
/// the ALS techniques see them; `with[d - 1]` is its cells holding digit `d`. Nothing for a
/// size the ALS techniques do not search. (ALS nodes of the grouped chains, see `chains/`.)
pub(super) fn each_set(
    cx: &Engine,
    s: &State,
    mut visit: impl FnMut(u128, Mask, &[u128; MAX_DIGITS]),
) {
    let memo = Sets::of(cx, s);
    let Some(sets) = memo.as_ref() else {
        return;
    };
    for a in sets.als.iter().filter(|a| a.cells.count_ones() >= 2) {
        visit(a.cells, a.cands, &a.with);
    }
}

/// ALS-XZ: two ALS sharing one or two restricted common candidates.
pub(super) fn xz(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    let memo = Sets::of(f.cx, s);
    let Some(sets) = memo.as_ref() else {
        return;
    };
    let mut col = Collector::new(f.wants_all());
    // Pairs of sets there at the last search that found nothing need no look (see `Barren`).
    let old = if col.all { None } else { sets.barren(f.cx, XZ) };
    let old = |i: usize| old.as_ref().is_some_and(|o| o[i]);
    // In HoDoKu's order of the sets (each pair once), which a solving path's first pair needs.
    'pairs: for &i in &sets.by_rank {
        let a = &sets.als[i];
        let old_i = old(i);
        for &Link { next, rcc } in sets.later_links(i) {
            let j = next as usize;
            if old_i && old(j) {
                continue;
            }
            let b = &sets.als[j];
            let mut targets = [0 as Cells; MAX_DIGITS];
            for z in digits(a.cands & b.cands & !rcc) {
                let zi = usize::from(z) - 1;
                targets[zi] = a.buddies[zi] & b.buddies[zi] & sets.with_digit[zi];
            }
            if rcc.count_ones() >= 2 {
                // Doubly linked: both sets are locked.
                for x in digits(rcc) {
                    let xi = usize::from(x) - 1;
                    targets[xi] |= a.buddies[xi] & b.buddies[xi] & sets.with_digit[xi];
                }
                for (p, q) in [(a, b), (b, a)] {
                    for z in digits(p.cands & !rcc) {
                        let zi = usize::from(z) - 1;
                        targets[zi] |= p.buddies[zi] & sets.with_digit[zi] & !q.cells;
                    }
                }
            }
            col.offer(&targets, &[i, j], &[rcc]);
            // A solving path takes the first pair that removes anything, as HoDoKu's does
            // (on its paths of 160 top1465 puzzles, 37 of its 55 ALS-XZ steps were ours
            // then, against 31 when we took the pair removing most; 42 with the sets in
            // HoDoKu's order, every state where our first step is an ALS-XZ).
            if !col.all && col.best.is_some() {
                break 'pairs;
            }
        }
    }
    if !col.all && col.best.is_none() {
        sets.found_nothing(f.cx, XZ);
    }
    let steps = col
        .into_found()
        .into_iter()
        .map(|found| {
            let rcc = found.rccs[0];
            let (what, common) = if rcc.count_ones() >= 2 {
                ("restricted commons", s.syms_text(rcc))
            } else {
                ("restricted common", s.syms_text(rcc))
            };
            let text = say(quiet, || {
                format!(
                    "ALS-XZ: {} and {} share the {what} {common}, so {}.",
                    sets.text(s, found.chain[0]),
                    sets.text(s, found.chain[1]),
                    removal_text(s, &found.elims)
                )
            });
            build(quiet, Technique::AlsXz, text, sets, s, found)
        })
        .collect();
    f.add_best(steps);
}

fn build(quiet: bool, t: Technique, text: String, sets: &Sets, s: &State, found: Found) -> Step {
    let mut step = Step::new(t, text)
        .cells(chain_cells(sets, &found))
        .figure(quiet, |fig| draw(fig, sets, &found));
    for u in units_of(sets, s, &found) {
        step = step.unit(u);
    }
    step.eliminate(found.elims)
}

/// ALS-XY-Wing: three ALS, the middle one linked to each end by a different RCC.
pub(super) fn xy_wing(f: &mut Finder<'_>) {
    if f.wants_all() {
        chains(f, 3, 3, Technique::AlsXyWing);
        return;
    }
    let s = f.state;
    let memo = Sets::of(f.cx, s);
    let Some(sets) = memo.as_ref() else {
        return;
    };
    let found = first_wing(f.cx, sets);
    if found.is_none() {
        sets.found_nothing(f.cx, WING);
    }
    let steps = found.map(|found| chain_step(f.quiet(), s, sets, found, Technique::AlsXyWing));
    f.add_best(steps.into_iter().collect());
}

/// A solving path's ALS-XY-Wing: the first one met walking the linked pairs of sets apart in
/// HoDoKu's order, as its own paths take them (read from them as a black box). The pairs are
/// listed by the ranks of their sets (`Sets::by_rank`), the lower first; each pair is joined with
/// every later pair sharing exactly one set with it, that set the middle of the wing, in the
/// order of the list; the first such wing whose ends are apart and remove anything is taken,
/// with every digit it removes for its first two RCCs that differ. (On HoDoKu's paths of 160
/// top1465 puzzles this took its very instance in all of the 42 states where our first step
/// was a wing; the search removing most took it in 33.)
fn first_wing(cx: &Engine, sets: &Sets) -> Option<Found> {
    // The linked pairs in order, and per set the positions of the pairs it is in (ascending).
    // A set is in one pair per link, so its positions take the places of its links in `at`,
    // laid out as the links are (`fill[i]`: where set `i`'s next one goes). Each pair keeps
    // where it stands in its two sets' lists: the pairs after it there follow.
    let start = &sets.links.start;
    let mut at = vec![0u32; sets.links.flat.len()];
    let mut fill = start.clone();
    let mut pairs: Vec<Pair> = Vec::with_capacity(at.len() / 2);
    for &i in &sets.by_rank {
        for l in sets.later_links(i) {
            let j = l.next as usize;
            let (fi, fj) = (fill[i] as usize, fill[j] as usize);
            at[fi] = pairs.len() as u32;
            at[fj] = pairs.len() as u32;
            fill[i] += 1;
            fill[j] += 1;
            pairs.push(Pair {
                sets: [i as u32, j as u32],
                rcc: l.rcc,
                at: [fi as u32, fj as u32],
            });
        }
    }
    // Wings of sets there at the last search that found nothing need no look (see `Barren`).
    let old = sets.barren(cx, WING);
    let old = |i: usize| old.as_ref().is_some_and(|o| o[i]);
    for pair in &pairs {
        let [i, j] = pair.sets.map(|x| x as usize);
        let old_pair = old(i) && old(j);
        // The later pairs holding `i`, then those holding `j` (none holds both: one pair
        // each). In the order of the pairs, the first wing is the one of the two lists'
        // first wings that comes first.
        let mut first: Option<(u32, Found)> = None;
        for (middle, end_a, k) in [(i, j, 0), (j, i, 1)] {
            let later = &at[pair.at[k] as usize + 1..fill[middle] as usize];
            for &q in later {
                if first.as_ref().is_some_and(|f| f.0 < q) {
                    break;
                }
                let other = &pairs[q as usize];
                let end_b = (other.sets[0] + other.sets[1]) as usize - middle;
                if old_pair && old(end_b) {
                    continue;
                }
                if let Some(found) = wing(sets, [end_a, middle, end_b], pair.rcc, other.rcc) {
                    first = Some((q, found));
                    break;
                }
            }
        }
        if let Some((_, found)) = first {
            return Some(found);
        }
    }
    None
}

/// Two linked sets of [`first_wing`]: the sets, their RCCs, and where the pair stands in each
/// set's list of pairs.
struct Pair {
    sets: [u32; 2],
    rcc: Mask,
    at: [u32; 2],
}

/// The wing `ends[0] -rcc1- ends[1] -rcc2- ends[2]` with the first pair of different RCC
/// digits that removes anything, if its ends are apart.
fn wing(sets: &Sets, chain: [usize; 3], rcc1: Mask, rcc2: Mask) -> Option<Found> {
    let (a, b) = (&sets.als[chain[0]], &sets.als[chain[2]]);
    if a.cells & b.cells != 0 {
        return None;
    }
    let common = a.cands & b.cands;
    // Most wings remove nothing whatever the RCCs: tell first. A digit that is an RCC of
    // every pair of RCCs to try (a single digit each way) is never removed, and it is the
    // digit that would most often pass the test (on every ninth top1465 puzzle, 514,000 of
    // 2.2 million wings passed it with the RCCs tested too, and 98 removed anything).
    let hit = |z: u8| {
        let zi = usize::from(z) - 1;
        a.buddies[zi] & b.buddies[zi] & sets.with_digit[zi]
    };
    let never = if rcc1.count_ones() == 1 && rcc2.count_ones() == 1 {
        rcc1 | rcc2
    } else {
        0
    };
    if !digits(common & !never).any(|z| hit(z) != 0) {
        return None;
    }
    for x in digits(rcc1) {
        for y in digits(rcc2).filter(|&y| y != x) {
            let mut targets = [0 as Cells; MAX_DIGITS];
            for z in digits(common & !bit(x) & !bit(y)) {
                targets[usize::from(z) - 1] = hit(z);
            }
            if targets.iter().all(|&t| t == 0) {
                continue;
            }
            let mut col = Collector::new(false);
            col.offer(&targets, &chain, &[bit(x), bit(y)]);
            if col.best.is_some() {
                return col.best;
            }
        }
    }
    None
}

/// ALS-XY-Chain: four to six ALS linked in a row by RCCs, consecutive RCCs different.
pub(super) fn xy_chain(f: &mut Finder<'_>) {
    chains(f, 4, 6, Technique::AlsXyChain);
}

/// The depth-first search over chains of `min..=max` ALS.
struct Search<'a> {
    sets: &'a Sets,
    /// The RCC links followed: `sets.links`, or with overlapping sets (every step wanted).
    links: &'a Links,
    overlap: bool,
    min: usize,
    max: usize,
    /// The chain's sets, `chain[..len]`, and the RCCs between them, `rccs[..len - 1]`, for
    /// the `len` of [`Search::extend`] (arrays, not vectors: the search would push and pop at
    /// every one of its steps).
    chain: [usize; MAX_CHAIN],
    rccs: [Mask; MAX_CHAIN],
    /// Per digit `z`, the cells holding `z` that see every `z` of the chain's first set: the
    /// most `z` can leave.
    first_targets: [Cells; MAX_DIGITS],
    /// The digits whose `first_targets` are not empty.
    first_hope: Mask,
    budget: usize,
    /// A solving path's ALS-XY-Chain: each next set comes later in HoDoKu's order
    /// (`Sets::by_rank`) than the one before.
    forward: bool,
    col: Collector,
}

impl Search<'_> {
    /// Extends the chain of `len` sets whose last ALS was entered by the RCC `last` (a single
    /// digit mask), `used` the cells of the chain so far.
    fn extend(&mut self, len: usize, used: Cells, last: Mask) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let sets = self.sets;
        let end = self.chain[len - 1];
        // Each chain is met from both ends (going forward, from its first set only); check
        // it once.
        let once = self.forward || self.chain[0] < end;
        if len >= self.min && once {
            let e = &sets.als[end];
            let shared = self.first_hope & e.cands & !self.rccs[0] & !last;
            // Most chains remove nothing: tell first, without filling the per-digit targets.
            let hit =
                |z: u8| self.first_targets[usize::from(z) - 1] & e.buddies[usize::from(z) - 1];
            if digits(shared).any(|z| hit(z) != 0) {
                let mut targets = [0 as Cells; MAX_DIGITS];
                for z in digits(shared) {
                    targets[usize::from(z) - 1] = hit(z);
                }
                self.col
                    .offer(&targets, &self.chain[..len], &self.rccs[..len - 1]);
            }
        }
        if len >= self.max {
            return;
        }
        let overlap = self.overlap;
        // Going forward, only the sets ranked after this one.
        let links = if self.forward {
            self.links.later(end)
        } else {
            self.links.of(end)
        };
        for &Link { next, rcc } in links {
            let next = next as usize;
            // The digit just used cannot link again: tested first, as it needs no memory.
            let rest = rcc & !last;
            if rest == 0 {
                continue;
            }
            // Going forward every set of the chain is ranked before `next`: none is it, and
            // the cells used are not asked.
            let used = if self.forward {
                used
            } else {
                let cells = sets.cells[next];
                let taken = if overlap {
                    self.chain[..len].contains(&next)
                } else {
                    cells & used != 0
                };
                if taken {
                    continue;
                }
                used | cells
            };
            self.chain[len] = next;
            for x in digits(rest) {
                self.rccs[len - 1] = bit(x);
                self.extend(len + 1, used, bit(x));
                if self.budget == 0 {
                    return;
                }
            }
        }
    }
}

fn chains(f: &mut Finder<'_>, min: usize, max: usize, t: Technique) {
    let s = f.state;
    let memo = Sets::of(f.cx, s);
    let Some(sets) = memo.as_ref() else {
        return;
    };
    // A solving path's ALS-XY-Chain goes forward only, its sets may overlap (see the module's
    // notes).
    let forward = !f.wants_all() && t == Technique::AlsXyChain;
    // Every step wanted: the sets may overlap, as in HoDoKu's "find all steps".
    let overlap = f.wants_all() || forward;
    let links = if overlap {
        &sets.overlapping
    } else {
        &sets.links
    };
    let mut search = Search {
        sets,
        links,
        overlap,
        min,
        max,
        chain: [0; MAX_CHAIN],
        rccs: [0; MAX_CHAIN],
        first_targets: [0; MAX_DIGITS],
        first_hope: 0,
        budget: if f.wants_all() {
            ALL_STEPS_CHAIN_BUDGET
        } else {
            CHAIN_BUDGET
        },
        forward,
        col: Collector::new(f.wants_all()),
    };
    // Every step wanted, each first set gets its share of the budget, so that the chains from
    // the first sets cannot use it all up.
    let share = (ALL_STEPS_CHAIN_BUDGET / sets.als.len().max(1)).max(ALL_STEPS_MIN_SHARE);
    'sets: for (i, a) in sets.als.iter().enumerate() {
        if f.wants_all() {
            search.budget = share;
        }
        if search.budget == 0 {
            break 'sets;
        }
        search.first_hope = 0;
        for z in digits(a.cands) {
            let zi = usize::from(z) - 1;
            search.first_targets[zi] = a.buddies[zi] & sets.with_digit[zi];
            if search.first_targets[zi] != 0 {
                search.first_hope |= bit(z);
            }
        }
        let firsts = if forward { links.later(i) } else { links.of(i) };
        for &Link { next: j, rcc } in firsts {
            let j = j as usize;
            let b = &sets.als[j];
            for x in digits(rcc) {
                // Only worth following when some other digit of the first set has a cell to
                // leave (a cell of the next set too: it will be a middle one).
                let hope = search.first_hope & !bit(x) != 0;
                if !hope {
                    continue;
                }
                search.chain[..2].copy_from_slice(&[i, j]);
                search.rccs[0] = bit(x);
                search.extend(2, a.cells | b.cells, bit(x));
            }
        }
    }
    let steps = (search.col.into_found().into_iter())
        .map(|found| chain_step(f.quiet(), s, sets, found, t))
        .collect();
    f.add_best(steps);
}

/// The step of a wing or chain found.
fn chain_step(quiet: bool, s: &State, sets: &Sets, found: Found, t: Technique) -> Step {
    let mut links = sets.text(s, found.chain[0]);
    for (k, &i) in found.chain.iter().enumerate().skip(1) {
        links.push_str(&format!(
            " -{}- {}",
            s.syms_text(found.rccs[k - 1]),
            sets.text(s, i)
        ));
    }
    let name = if t == Technique::AlsXyWing {
        "ALS-XY-Wing"
    } else {
        "ALS-XY-Chain"
    };
    let text = say(quiet, || {
        format!(
        "{name}: {links} are linked by restricted commons, so one end holds each digit they share, and {}.",
        removal_text(s, &found.elims)
    )
    });
    build(quiet, t, text, sets, s, found)
}

#[cfg(test)]
mod tests {
    /// The sets' links, set by set.
    fn lists(links: &Links) -> impl Iterator<Item = &[Link]> + '_ {
        (links.start.windows(2)).map(|w| &links.flat[w[0] as usize..w[1] as usize])
    }

    /// Each set's rank in HoDoKu's order (the inverse of `by_rank`).
    fn ranks(sets: &Sets) -> Vec<usize> {
        let mut rank = vec![0; sets.by_rank.len()];
        for (r, &i) in sets.by_rank.iter().enumerate() {
            rank[i] = r;
        }
        rank
    }
    use super::*;
    use crate::logic::tests::cases;

    fn run_in(cx: &Engine, state: &State, find: fn(&mut Finder<'_>), limit: usize) -> Vec<Step> {
        let mut f = cx.finder(state, limit);
        find(&mut f);
        f.into_steps()
    }

    /// The wing of overlapping sets every step lists in this position, and the other the
    /// first step takes (`tests/techniques/als-xy-wing/`): every step's links join
    /// overlapping sets, a solving path's only sets that share no cell.
    #[test]
    fn every_step_lists_wings_of_overlapping_sets_and_a_path_keeps_them_apart() {
        let s = cases::position("als-xy-wing/every-step-lists-wings-of-overlapping-sets");
        // On a solving path (one step wanted) the chains follow links between sets that share
        // no cell; every step's links join overlapping sets too.
        let memo = Sets::of(&Engine::new(), &s);
        let sets = memo.as_ref().as_ref().expect("9x9 has sets");
        let overlaps = |links: &Links| {
            lists(links).enumerate().any(|(i, l)| {
                l.iter()
                    .any(|j| sets.als[i].cells & sets.als[j.next as usize].cells != 0)
            })
        };
        assert!(!overlaps(&sets.links));
        assert!(overlaps(&sets.overlapping));
    }

    /// A build that takes the sets of units left as they were from the build before, and the
    /// links between two such units' sets, is the build from scratch, state after state along
    /// solving paths of every size searched, and the sets are ranked by unit, then by their
    /// cells in lexicographic order.
    #[test]
    fn sets_kept_per_unit_are_those_a_fresh_build_finds() {
        let states = crate::logic::tests::path_states()
            .into_iter()
            .chain(crate::logic::tests::stall_states(5));
        let cx = Engine::new();
        let c = &cx.caches.als;
        let mut builds = 0;
        for s in states.filter(|s| s.size() <= MAX_DIGITS) {
            let kept = Sets::new(c, &s);
            c.units.borrow_mut().clear();
            let fresh = Sets::new(c, &s);
            assert_eq!(kept, fresh, "{:?}", s.all_cands());
            let Some(sets) = fresh else {
                continue;
            };
            builds += 1;
            let mut order: Vec<usize> = (0..sets.als.len()).collect();
            order.sort_by(|&i, &j| {
                let (a, b) = (&sets.als[i], &sets.als[j]);
                a.unit.cmp(&b.unit).then_with(|| lex(a.cells, b.cells))
            });
            assert_eq!(sets.by_rank, order);
        }
        let reused = c.reused.get();
        assert!(
            builds > 1000 && reused > 10 * builds,
            "{builds} builds, {reused} units' sets taken from the build before"
        );
    }

    /// Along the stalls of hard solving paths, one after another as a path meets them, and
    /// along the paths of every size, the first ALS-XZ and ALS-XY-Wing of searches that skip
    /// sets found barren are those of full searches; and they do skip some. Where a stall has
    /// one, it is searched right after a copy without what that step removes, which keeps
    /// most units' sets and may find nothing: the stall's own search must not skip the step's
    /// sets then.
    #[test]
    fn searches_skipping_sets_found_barren_find_what_full_ones_do() {
        // The quick searches in one engine, one after another; the full ones in another whose
        // searches skip no sets.
        let cx = Engine::new();
        let no_barren = crate::logic::tests::searching(|x| x.no_barren_sets = true);
        let full = |s: &State, find: fn(&mut Finder<'_>)| run_in(&no_barren, s, find, 1);
        // (state, technique): `XZ` or `WING`, the search of `finds`.
        let finds: [fn(&mut Finder<'_>); 2] = [xz, xy_wing];
        let mut runs: Vec<(State, usize)> = Vec::new();
        for s in crate::logic::tests::stall_states(2) {
            for t in [XZ, WING] {
                if let Some(step) = full(&s, finds[t]).first() {
                    let mut cut = s.fork();
                    for &(c, m) in &step.eliminations {
                        if cut.cands(c) & !m != 0 {
                            cut.eliminate(c, m);
                        }
                    }
                    runs.push((cut, t));
                }
                runs.push((s.clone(), t));
            }
        }
        for s in crate::logic::tests::path_states() {
            runs.extend([(s.clone(), XZ), (s, WING)]);
        }
        let (mut found, mut skipped) = (0, 0);
        for (s, t) in runs.iter().filter(|r| r.0.size() <= MAX_DIGITS) {
            let find = finds[*t];
            let sets = Sets::of(&cx, s);
            let old = (sets.as_ref().as_ref()).and_then(|sets| sets.barren(&cx, *t));
            skipped += old.map_or(0, |o| o.iter().filter(|&&x| x).count());
            let quick = run_in(&cx, s, find, 1);
            let full = full(s, find);
            assert_eq!(quick, full, "{:?}", s.all_cands());
            found += full.len();
        }
        assert!(
            found > 100 && skipped > 10_000,
            "{found} steps found, {skipped} sets skipped"
        );
    }

    /// The first wing walking every two linked pairs in order, the plain way: each pair, then
    /// each later pair sharing one of its sets.
    fn first_wing_by_pairs(sets: &Sets) -> Option<(Vec<usize>, Vec<Mask>)> {
        let pairs: Vec<(usize, usize, Mask)> = (sets.by_rank.iter())
            .flat_map(|&i| {
                sets.later_links(i)
                    .iter()
                    .map(move |l| (i, l.next as usize, l.rcc))
            })
            .collect();
        for (p, &(i, j, rcc1)) in pairs.iter().enumerate() {
            for &(k, l, rcc2) in &pairs[p + 1..] {
                let (middle, end_b) = if k == i || k == j {
                    (k, l)
                } else if l == i || l == j {
                    (l, k)
                } else {
                    continue;
                };
                let end_a = i + j - middle;
                if let Some(f) = wing(sets, [end_a, middle, end_b], rcc1, rcc2) {
                    return Some((f.chain, f.rccs));
                }
            }
        }
        None
    }

    #[test]
    fn the_first_wing_is_the_first_walking_every_two_linked_pairs_in_order() {
        let states = crate::logic::tests::stall_states(3);
        let (mut found, mut none) = (0, 0);
        let cx = crate::logic::tests::searching(|x| x.no_barren_sets = true);
        for s in states.iter().filter(|s| s.size() <= MAX_DIGITS) {
            let Some(sets) = Sets::new(&cx.caches.als, s) else {
                continue;
            };
            let quick = first_wing(&cx, &sets).map(|f| (f.chain, f.rccs));
            assert_eq!(quick, first_wing_by_pairs(&sets), "{:?}", s.all_cands());
            if quick.is_some() {
                found += 1;
            } else {
                none += 1;
            }
        }
        assert!(found > 500 && none > 200, "{found} wings, {none} without");
    }

    #[test]
    fn each_sets_links_are_its_restricted_commons_in_rank_order() {
        let states = crate::logic::tests::path_states();
        let (mut lists, mut apart) = (0, 0);
        for s in states.iter().filter(|s| s.size() <= MAX_DIGITS).step_by(7) {
            let Some(sets) = Sets::new(&Engine::new().caches.als, s) else {
                continue;
            };
            let als = &sets.als;
            let rank = ranks(&sets);
            // RCC `x` of sets `a` and `b`: every cell of either holding `x` sees every cell of
            // the other holding `x` (a shared cell does not see itself).
            let rcc = |a: &Als, b: &Als| {
                digits(a.cands & b.cands)
                    .filter(|&d| {
                        let i = usize::from(d) - 1;
                        cells_of(a.with[i]).all(|x| cells_of(b.with[i]).all(|y| s.sees(x, y)))
                    })
                    .fold(0, |m, d| m | bit(d))
            };
            for (i, a) in als.iter().enumerate() {
                let mut want: Vec<Link> = (0..als.len())
                    .filter(|&j| j != i)
                    .map(|j| Link {
                        next: j as u32,
                        rcc: rcc(a, &als[j]),
                    })
                    .filter(|l| l.rcc != 0)
                    .collect();
                want.sort_by_key(|l| rank[l.next as usize]);
                // The forward searches' lists: those ranked after the set.
                let later = |want: &[Link]| -> Vec<Link> {
                    let after = |l: &&Link| rank[l.next as usize] > rank[i];
                    want.iter().filter(after).copied().collect()
                };
                assert_eq!(sets.overlapping.of(i), &want[..], "set {i}");
                assert_eq!(
                    sets.overlapping.later(i),
                    &later(&want)[..],
                    "set {i} later"
                );
                want.retain(|l| a.cells & als[l.next as usize].cells == 0);
                assert_eq!(sets.links.of(i), &want[..], "set {i} apart");
                assert_eq!(
                    sets.links.later(i),
                    &later(&want)[..],
                    "set {i} apart later"
                );
                lists += 1;
                apart += want.len();
            }
        }
        assert!(
            lists > 1000 && apart > 1000,
            "{lists} sets, {apart} links apart"
        );
    }
}
