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

/// One almost locked set.
#[derive(Clone, Debug, PartialEq)]
struct Als {
    cells: Cells,
    cands: Mask,
    /// The unit it was found in.
    unit: usize,
    /// Its cells holding digit `d` (index `d - 1`).
    with: [Cells; MAX_DIGITS],
    /// The cells outside it that see every one of its cells holding `d` (index `d - 1`).
    buddies: [Cells; MAX_DIGITS],
}

/// Every ALS of a state and the RCCs between them.
#[derive(Debug, PartialEq)]
struct Sets {
    /// The cells holding digit `d` as a candidate (index `d - 1`).
    with_digit: [Cells; MAX_DIGITS],
    als: Vec<Als>,
    /// Each ALS's cells, side by side: the chain search reads them for every link it follows,
    /// and reading them out of the large [`Als`] records cost most of its time.
    cells: Vec<Cells>,
    /// For each ALS, the ALS it does not overlap and shares RCCs with, and those RCCs.
    links: Links,
    /// The same with the overlapping ALS too (an RCC digit is never in the overlap: a cell
    /// does not see itself). Shared with the next build, which keeps the links of the sets
    /// both have (see [`Before`]).
    overlapping: Rc<Links>,
    /// The sets in HoDoKu's order; both link lists of a set are in this order (the searches
    /// read [`Links::later`]).
    by_rank: Vec<usize>,
    /// This build's number in its engine, and per set the number of the build that found its
    /// unit's sets as they are (see [`Barren`]).
    stamps: Stamps,
}

/// When the sets were found: the build's number in its engine, and per set the number of the
/// build that found its unit's sets as they are (a unit's sets are kept from build to build
/// while its cells' candidates stay the same). Two builds of the same state are equal whatever
/// their stamps.
#[derive(Debug)]
struct Stamps {
    build: u32,
    born: Vec<u32>,
}

impl PartialEq for Stamps {
    fn eq(&self, _: &Stamps) -> bool {
        true
    }
}

/// What the last search of a solving path that found nothing saw, per technique: the number of
/// its sets' build and the cells holding each digit then.
///
/// What two sets remove together (ALS-XZ), or three (ALS-XY-Wing), depends on the sets and on
/// the cells holding each digit alone: their restricted commons depend on the sets alone, and
/// the cells that lose a digit are those seeing all of it in the sets that still hold it. Along
/// a path the cells holding a digit only become fewer, so sets that were all there at such a
/// search (their units' sets found no later than its build) still remove nothing together
/// while the cells holding each digit are a subset of those then: the search skips them. On
/// hard puzzles a step changes the sets of three units or so of 27.
#[derive(Clone, Copy)]
struct Barren {
    build: u32,
    with_digit: [Cells; MAX_DIGITS],
}

/// The searches that keep a [`Barren`] record: its index in [`Cache`]'s.
const XZ: usize = 0;
const WING: usize = 1;

/// What the ALS family keeps in the engine.
#[derive(Default)]
pub(super) struct Cache {
    /// The sets of the last state looked at: the three ALS techniques run one after another on
    /// the same state, so they build them once (`None`: a size they do not search).
    last: RefCell<Memo<Option<Sets>>>,
    /// Per unit, its sets as the last build found them (see [`UnitSets`]).
    units: RefCell<Vec<UnitSets>>,
    /// The last build's restricted commons (see [`Before`]).
    before: RefCell<Option<Before>>,
    /// How many units' sets builds took from the build before.
    reused: Cell<usize>,
    /// How many builds of the sets were made (see [`Stamps`]).
    builds: Cell<u32>,
    /// Per search that keeps one, its [`Barren`] record.
    barren: Cell<[Option<Barren>; 2]>,
}

/// The sets of one unit, and what they were found from: a unit's sets depend on its cells'
/// candidates alone, and a step on a hard puzzle changes those of three units or so of 27 (on
/// 60 top1465 puzzles, 20 of 27 units on average were as at the last build).
#[derive(Default)]
struct UnitSets {
    /// The shape, and the candidates of the unit's cells (`Mask::MAX` for a placed cell).
    shape: Option<crate::grid::Shape>,
    cands: Vec<Mask>,
    /// The number of the build that found these sets (see [`Stamps`]).
    born: u32,
    als: Vec<Als>,
    /// The sets in HoDoKu's order within the unit (see [`lex`]).
    order: Vec<u32>,
}

/// What a build of the sets leaves the next one: where each unit's sets began, and the
/// overlapping links. Whether two sets share restricted commons depends on the two sets alone,
/// so two sets of units left as they were keep their links; on hard puzzles most pairs are such.
struct Before {
    /// Per unit, the index of its first set, then the number of sets.
    bases: Vec<u32>,
    overlapping: Rc<Links>,
}

/// All units' sets one after another (see [`gather`]).
struct Gathered {
    als: Vec<Als>,
    /// HoDoKu's order of the sets, in which a solving path meets them (see the module's
    /// notes): by unit (rows, columns, boxes), then by their cells in lexicographic order.
    by_rank: Vec<usize>,
    /// Per set, the number of the build that found its unit's sets.
    born: Vec<u32>,
    /// Per unit, the index of its first set, then the number of sets.
    bases: Vec<u32>,
}

/// The sets of `units` one after another (made with room for all at once: the records are
/// large, and growing the vector copied them again and again).
fn gather(units: &[UnitSets]) -> Gathered {
    let total: usize = units.iter().map(|kept| kept.als.len()).sum();
    let mut g = Gathered {
        als: Vec::with_capacity(total),
        by_rank: Vec::with_capacity(total),
        born: Vec::with_capacity(total),
        bases: Vec::with_capacity(units.len() + 1),
    };
    for kept in units {
        let base = g.als.len();
        g.bases.push(base as u32);
        g.als.extend_from_slice(&kept.als);
        g.born.resize(g.als.len(), kept.born);
        g.by_rank
            .extend(kept.order.iter().map(|&i| base + i as usize));
    }
    g.bases.push(g.als.len() as u32);
    g
}

impl Cache {
    /// Finds again the sets of each unit of `s` whose cells' candidates changed since the last
    /// build (which then count as born in `build`); per unit, true when its sets were kept.
    fn refresh_units(&self, s: &State, with_digit: &[Cells; MAX_DIGITS], build: u32) -> Vec<bool> {
        // At most 128 cells (checked by the caller), so the shape keeps its peer bit sets.
        let peers = &s.tables().peer_bits;
        let mut union = vec![0 as Mask; 1 << s.size()];
        let mut same_units: Vec<bool> = Vec::with_capacity(s.unit_count());
        let mut units = self.units.borrow_mut();
        units.resize_with(s.unit_count(), UnitSets::default);
        for (u, kept) in units.iter_mut().enumerate() {
            let cells = s.unit(u);
            let key = |c: usize| {
                if s.value(c) != 0 {
                    Mask::MAX
                } else {
                    s.cands(c)
                }
            };
            let same = kept.shape == Some(s.shape())
                && kept.cands.len() == cells.len()
                && cells.iter().zip(&kept.cands).all(|(&c, &m)| key(c) == m);
            self.reused
                .set(self.reused.get().wrapping_add(usize::from(same)));
            if !same {
                kept.shape = Some(s.shape());
                kept.cands.clear();
                kept.cands.extend(cells.iter().map(|&c| key(c)));
                kept.born = build;
                unit_sets(s, u, with_digit, peers, &mut union, &mut kept.als);
                kept.order.clear();
                kept.order.extend(0..kept.als.len() as u32);
                let sets = &kept.als;
                kept.order
                    .sort_by(|&i, &j| lex(sets[i as usize].cells, sets[j as usize].cells));
            }
            same_units.push(same);
        }
        same_units
    }

    /// The links between `als` (overlapping sets too), taking those between sets of units kept
    /// from the last build (`same_units`) from it.
    fn overlapping_links(
        &self,
        als: &[Als],
        with_digit: &[Cells; MAX_DIGITS],
        cells: usize,
        bases: &[u32],
        same_units: &[bool],
        by_rank: &[usize],
    ) -> Links {
        let before = self.before.borrow();
        match before.as_ref() {
            Some(b) if b.bases.len() == bases.len() => {
                // Each set of the build before kept in this one, its index here.
                let mut now = vec![NOT_KEPT; *b.bases.last().unwrap_or(&0) as usize];
                let mut fresh = vec![true; als.len()];
                for u in (0..same_units.len()).filter(|&u| same_units[u]) {
                    let (was, is) = (b.bases[u] as usize, bases[u] as usize);
                    for k in 0..bases[u + 1] as usize - is {
                        now[was + k] = (is + k) as u32;
                        fresh[is + k] = false;
                    }
                }
                let kept = Some((&fresh[..], &*b.overlapping, &now[..]));
                rcc_links(als, with_digit, cells, kept, by_rank)
            }
            _ => rcc_links(als, with_digit, cells, None, by_rank),
        }
    }
}

impl Sets {
    /// The sets of `s` (`None` inside for a size the ALS techniques do not search), shared with
    /// the previous call when it looked at the same state.
    fn of(cx: &Engine, s: &State) -> Rc<Option<Sets>> {
        let c = &cx.caches.als;
        c.last.borrow_mut().get(s, |s| Sets::new(c, s))
    }

    fn new(c: &Cache, s: &State) -> Option<Sets> {
        let n = s.size();
        let cells = s.shape().cells();
        if n > MAX_DIGITS || cells > Cells::BITS as usize {
            return None;
        }
        let mut with_digit = [0; MAX_DIGITS];
        for c in s.empty_cells() {
            for d in digits(s.cands(c)) {
                with_digit[usize::from(d) - 1] |= 1 << c;
            }
        }
        let build = c.builds.get().wrapping_add(1);
        c.builds.set(build);
        let same_units = c.refresh_units(s, &with_digit, build);
        let Gathered {
            als,
            by_rank,
            born,
            bases,
        } = gather(&c.units.borrow());
        // The overlapping sets' links, and those of the sets apart picked from them in the
        // same order: computing both cost a tenth more on hard puzzles.
        let mut rank = vec![0; als.len()];
        for (r, &i) in by_rank.iter().enumerate() {
            rank[i] = r as u32;
        }
        let mut overlapping =
            c.overlapping_links(&als, &with_digit, cells, &bases, &same_units, &by_rank);
        let mut links = Links::apart(&overlapping, &als);
        overlapping.rank(&rank);
        links.rank(&rank);
        let overlapping = Rc::new(overlapping);
        *c.before.borrow_mut() = Some(Before {
            bases,
            overlapping: Rc::clone(&overlapping),
        });
        Some(Sets {
            with_digit,
            cells: als.iter().map(|a| a.cells).collect(),
            als,
            links,
            overlapping,
            by_rank,
            stamps: Stamps { build, born },
        })
    }

    /// Per set, whether it was there at the last search of technique `t` (a [`Barren`]
    /// index) that found nothing, when the cells holding each digit are a subset of those then:
    /// such sets together remove nothing now either. `None` when no set is, and when the
    /// engine's switch `no_barren_sets` is on (a test holding the searches that skip sets
    /// found barren against full ones).
    fn barren(&self, cx: &Engine, t: usize) -> Option<Vec<bool>> {
        if cx.search.no_barren_sets {
            return None;
        }
        let b = cx.caches.als.barren.get()[t]?;
        let fewer = (self.with_digit.iter().zip(&b.with_digit)).all(|(now, then)| now & !then == 0);
        // Build numbers wrap after 2^32 builds: then a record from before is never trusted.
        let since = self.stamps.build.wrapping_sub(b.build);
        (fewer && since < 1 << 31).then(|| {
            let stamps = &self.stamps;
            (stamps.born.iter())
                .map(|&x| stamps.build.wrapping_sub(x) >= since)
                .collect()
        })
    }

    /// Notes that a search of technique `t` found nothing in these sets.
    fn found_nothing(&self, cx: &Engine, t: usize) {
        let record = &cx.caches.als.barren;
        let mut all = record.get();
        all[t] = Some(Barren {
            build: self.stamps.build,
            with_digit: self.with_digit,
        });
        record.set(all);
    }

    /// The links of set `i` (apart) to the sets ranked after it: its links are in rank order.
    fn later_links(&self, i: usize) -> &[Link] {
        self.links.later(i)
    }

    /// `{r1c1, r1c2} (1 2 5)`.
    fn text(&self, s: &State, i: usize) -> String {
        let cells: Vec<String> = cells_of(self.als[i].cells)
            .map(|c| s.name(c).to_string())
            .collect();
        let ds: Vec<String> = digits(self.als[i].cands)
            .map(|d| s.sym(d).to_string())
            .collect();
        format!("{{{}}} ({})", cells.join(", "), ds.join(" "))
    }
}

/// A link from one ALS to another: the other set's index and their RCCs. Eight bytes: the
/// chain search walks these lists for every set it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link {
    next: u32,
    rcc: Mask,
}

/// Per set, its links, one after another in one vector (thousands of short vectors cost their
/// allocations at every build and drop).
#[derive(Clone, Debug, PartialEq)]
struct Links {
    /// Set `i`'s links are `flat[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    flat: Vec<Link>,
    /// Set `i`'s links to sets ranked after it begin at `flat[later[i]]` (once the lists are
    /// in rank order, see [`Links::rank`]): the searches that go forward ask for every set they
    /// reach, and a binary search there cost a tenth of the ALS-XY-Chains.
    later: Vec<u32>,
}

impl Links {
    fn of(&self, i: usize) -> &[Link] {
        &self.flat[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// Set `i`'s links to the sets ranked after it.
    fn later(&self, i: usize) -> &[Link] {
        &self.flat[self.later[i] as usize..self.start[i + 1] as usize]
    }

    /// Notes where each set's links to later sets begin, the lists being in the order of
    /// `rank`.
    fn rank(&mut self, rank: &[u32]) {
        self.later = (0..rank.len())
            .map(|i| {
                let links = self.of(i);
                self.start[i] + links.partition_point(|l| rank[l.next as usize] <= rank[i]) as u32
            })
            .collect();
    }

    /// The links of `sets` sets given as `pairs` (each pair once), each set's list in the
    /// sets' order `by_rank`.
    fn of_pairs(sets: usize, pairs: &[(u32, u32, Mask)], by_rank: &[usize]) -> Links {
        let mut start = vec![0u32; sets + 1];
        for &(i, j, _) in pairs {
            start[i as usize + 1] += 1;
            start[j as usize + 1] += 1;
        }
        for i in 0..sets {
            start[i + 1] += start[i];
        }
        // Each set's partners as the pairs came, then placed again taking the partners in rank
        // order: a set `j` met in that order goes next in the list of each of its partners (a
        // pair's RCCs are the same both ways). Two passes, and no sort of every list.
        let mut fill = start.clone();
        let mut came = vec![Link { next: 0, rcc: 0 }; 2 * pairs.len()];
        for &(i, j, rcc) in pairs {
            for (from, next) in [(i, j), (j, i)] {
                came[fill[from as usize] as usize] = Link { next, rcc };
                fill[from as usize] += 1;
            }
        }
        fill.copy_from_slice(&start);
        let mut flat = vec![Link { next: 0, rcc: 0 }; came.len()];
        for &j in by_rank {
            for l in &came[start[j] as usize..start[j + 1] as usize] {
                let i = l.next as usize;
                flat[fill[i] as usize] = Link {
                    next: j as u32,
                    rcc: l.rcc,
                };
                fill[i] += 1;
            }
        }
        Links {
            start,
            flat,
            later: Vec::new(),
        }
    }

    /// The links of `overlapping` between sets that do not overlap, in the same order.
    fn apart(overlapping: &Links, als: &[Als]) -> Links {
        let mut links = Links {
            start: Vec::with_capacity(als.len() + 1),
            flat: Vec::with_capacity(overlapping.flat.len()),
            later: Vec::new(),
        };
        links.start.push(0);
        for (i, a) in als.iter().enumerate() {
            let apart = |k: &&Link| a.cells & als[k.next as usize].cells == 0;
            links.flat.extend(overlapping.of(i).iter().filter(apart));
            links.start.push(links.flat.len() as u32);
        }
        links
    }
}

/// A set of the build before that this build does not keep.
const NOT_KEPT: u32 = u32::MAX;

/// Per ALS, the ALS it shares RCCs with (each pair listed in both, overlapping ones too) and
/// those RCCs, each list in the sets' order `by_rank`. With `before` (which sets are `fresh`,
/// the links of the build before, and each of its sets' index now or [`NOT_KEPT`]), two sets
/// that are not fresh keep their links and only the pairs with a fresh set are looked for.
fn rcc_links(
    als: &[Als],
    with_digit: &[Cells; MAX_DIGITS],
    cells: usize,
    before: Option<(&[bool], &Links, &[u32])>,
    by_rank: &[usize],
) -> Links {
    let index = FirstCells::new(als, cells);
    // The pairs in order, then each set's links placed in that order.
    let mut pairs: Vec<(u32, u32, Mask)> = Vec::with_capacity(index.sets.len());
    if let Some((_, old, now)) = before {
        // Pairs of kept sets, as they were.
        for (o, &i) in now.iter().enumerate().filter(|e| *e.1 != NOT_KEPT) {
            for l in old.of(o) {
                let j = now[l.next as usize];
                if j != NOT_KEPT && i < j {
                    pairs.push((i, j, l.rcc));
                }
            }
        }
    }
    let fresh = |i: usize| before.is_none_or(|(fresh, _, _)| fresh[i]);
    let mut found: Vec<(usize, Mask)> = Vec::new();
    for (i, a) in als.iter().enumerate() {
        if !fresh(i) {
            continue;
        }
        found.clear();
        for d in digits(a.cands) {
            let x = usize::from(d) - 1;
            for c in cells_of(a.buddies[x] & with_digit[x]) {
                let list = index.of(x, c);
                let mut check = |j: u32| {
                    let b = &als[j as usize];
                    if a.buddies[x] & b.with[x] == b.with[x] {
                        found.push((j as usize, bit(d)));
                    }
                };
                if before.is_none() {
                    // Each pair once, from its first set: the lists are in the sets' order.
                    let later = list.iter().rev().take_while(|&&j| j as usize > i);
                    later.for_each(|&j| check(j));
                } else {
                    // Each pair with a fresh set once: from the fresh one, or the first of two.
                    let new = list
                        .iter()
                        .filter(|&&j| j as usize > i || !fresh(j as usize));
                    new.filter(|&&j| j as usize != i).for_each(|&j| check(j));
                }
            }
        }
        push_pairs(i, &mut found, &mut pairs);
    }
    Links::of_pairs(als.len(), &pairs, by_rank)
}

/// Each ALS by digit and by its first cell holding the digit: a partner sharing the RCC x has
/// that cell among the cells seeing all x of the other set. One flat array in (digit, cell)
/// order: `sets[start[k]..start[k + 1]]` for key `k = x * cells + cell`, each list in the sets'
/// order.
struct FirstCells {
    start: Vec<u32>,
    sets: Vec<u32>,
    cells: usize,
}

impl FirstCells {
    fn new(als: &[Als], cells: usize) -> FirstCells {
        let key = |a: &Als, x: usize| x * cells + a.with[x].trailing_zeros() as usize;
        let mut start = vec![0u32; MAX_DIGITS * cells + 1];
        for a in als {
            for d in digits(a.cands) {
                start[key(a, usize::from(d) - 1) + 1] += 1;
            }
        }
        for k in 0..MAX_DIGITS * cells {
            start[k + 1] += start[k];
        }
        let mut sets = vec![0u32; start[MAX_DIGITS * cells] as usize];
        let mut fill = start.clone();
        for (j, a) in als.iter().enumerate() {
            for d in digits(a.cands) {
                let k = key(a, usize::from(d) - 1);
                sets[fill[k] as usize] = j as u32;
                fill[k] += 1;
            }
        }
        FirstCells { start, sets, cells }
    }

    /// The sets whose first cell holding digit index `x` is `cell`.
    fn of(&self, x: usize, cell: usize) -> &[u32] {
        let k = x * self.cells + cell;
        &self.sets[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// Adds to `pairs` set `i`'s pairs from `found` (partner, one RCC digit each), one per
/// partner with all its RCCs.
fn push_pairs(i: usize, found: &mut [(usize, Mask)], pairs: &mut Vec<(u32, u32, Mask)>) {
    found.sort_unstable();
    for k in 0..found.len() {
        let (j, m) = found[k];
        if k > 0 && found[k - 1].0 == j {
            continue;
        }
        let rcc = found[k..]
            .iter()
            .take_while(|f| f.0 == j)
            .fold(m, |r, f| r | f.1);
        pairs.push((i.min(j) as u32, i.max(j) as u32, rcc));
    }
}

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

/// Compares two sets of cells as the sequences of their cells: HoDoKu's order of a unit's sets
/// (a set before the sets it begins, as a depth-first enumeration of the unit's cells meets
/// them).
fn lex(mut a: Cells, mut b: Cells) -> std::cmp::Ordering {
    while a != 0 && b != 0 {
        let (x, y) = (a.trailing_zeros(), b.trailing_zeros());
        if x != y {
            return x.cmp(&y);
        }
        a &= a - 1;
        b &= b - 1;
    }
    (a != 0).cmp(&(b != 0))
}

/// The sets of unit `u` into `out`: each set once, in the first unit holding it (rows, then
/// columns, then boxes): a single cell in its row, a box's set lying in one row or column in
/// that line. `with_digit`: the cells holding each digit (a set's cells holding one are read
/// from it, so the sets still depend on the unit's cells' candidates alone); `union`: room for
/// `2^n` masks.
fn unit_sets(
    s: &State,
    u: usize,
    with_digit: &[Cells; MAX_DIGITS],
    peers: &[u128],
    union: &mut [Mask],
    out: &mut Vec<Als>,
) {
    out.clear();
    let n = s.size();
    // A unit's empty cells, at most one per digit (the sets are searched up to 9 digits).
    let mut room = [0usize; MAX_DIGITS];
    let mut len = 0;
    for &c in s.unit(u).iter().filter(|&&c| s.value(c) == 0) {
        if let Some(slot) = room.get_mut(len) {
            *slot = c;
            len += 1;
        }
    }
    let open = &room[..len];
    for pick in 1usize..1 << open.len() {
        let low = pick.trailing_zeros() as usize;
        union[pick] = union[pick & (pick - 1)] | s.cands(open[low]);
        let k = pick.count_ones();
        if union[pick].count_ones() != k + 1 {
            continue;
        }
        let set: Cells = (0..open.len())
            .filter(|i| pick & 1 << i != 0)
            .fold(0, |m, i| m | 1 << open[i]);
        let one_line = |i: usize| {
            let mut cs = cells_of(set).map(|c| s.units_of(c)[i]);
            let first = cs.next();
            cs.all(|l| Some(l) == first)
        };
        let line = u >= 2 * n && (one_line(0) || one_line(1));
        if (u >= n && k == 1) || line {
            continue;
        }
        // Filled in where it lies: a set is some 300 bytes, and made first it was copied.
        out.push(Als {
            cells: set,
            cands: union[pick],
            unit: u,
            with: [0; MAX_DIGITS],
            buddies: [0; MAX_DIGITS],
        });
        let Some(a) = out.last_mut() else {
            continue;
        };
        for d in digits(a.cands) {
            let i = usize::from(d) - 1;
            let w = set & with_digit[i];
            a.with[i] = w;
            a.buddies[i] = cells_of(w).fold(!0, |m, c| m & peers[c]) & !set;
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
