//! Every almost locked set of a state, and the restricted commons that link them, kept from build to build.

use super::*;

/// One almost locked set.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Als {
    pub(super) cells: Cells,
    pub(super) cands: Mask,
    /// The unit it was found in.
    pub(super) unit: usize,
    /// Its cells holding digit `d` (index `d - 1`).
    pub(super) with: [Cells; MAX_DIGITS],
    /// The cells outside it that see every one of its cells holding `d` (index `d - 1`).
    pub(super) buddies: [Cells; MAX_DIGITS],
}

/// Every ALS of a state and the RCCs between them.
#[derive(Debug, PartialEq)]
pub(super) struct Sets {
    /// The cells holding digit `d` as a candidate (index `d - 1`).
    pub(super) with_digit: [Cells; MAX_DIGITS],
    pub(super) als: Vec<Als>,
    /// Each ALS's cells, side by side: the chain search reads them for every link it follows,
    /// and reading them out of the large [`Als`] records cost most of its time.
    pub(super) cells: Vec<Cells>,
    /// For each ALS, the ALS it does not overlap and shares RCCs with, and those RCCs.
    pub(super) links: Links,
    /// The same with the overlapping ALS too (an RCC digit is never in the overlap: a cell
    /// does not see itself). Shared with the next build, which keeps the links of the sets
    /// both have (see [`Before`]).
    pub(super) overlapping: Rc<Links>,
    /// The sets in HoDoKu's order; both link lists of a set are in this order (the searches
    /// read [`Links::later`]).
    pub(super) by_rank: Vec<usize>,
    /// This build's number in its engine, and per set the number of the build that found its
    /// unit's sets as they are (see [`Barren`]).
    pub(super) stamps: Stamps,
}

/// When the sets were found: the build's number in its engine, and per set the number of the
/// build that found its unit's sets as they are (a unit's sets are kept from build to build
/// while its cells' candidates stay the same). Two builds of the same state are equal whatever
/// their stamps.
#[derive(Debug)]
pub(super) struct Stamps {
    pub(super) build: u32,
    pub(super) born: Vec<u32>,
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
pub(super) struct Barren {
    pub(super) build: u32,
    pub(super) with_digit: [Cells; MAX_DIGITS],
}

/// The searches that keep a [`Barren`] record: its index in [`Cache`]'s.
pub(super) const XZ: usize = 0;
pub(super) const WING: usize = 1;

/// What the ALS family keeps in the engine.
#[derive(Default)]
pub(in crate::logic) struct Cache {
    /// The sets of the last state looked at: the three ALS techniques run one after another on
    /// the same state, so they build them once (`None`: a size they do not search).
    pub(super) last: RefCell<Memo<Option<Sets>>>,
    /// Per unit, its sets as the last build found them (see [`UnitSets`]).
    pub(super) units: RefCell<Vec<UnitSets>>,
    /// The last build's restricted commons (see [`Before`]).
    pub(super) before: RefCell<Option<Before>>,
    /// How many units' sets builds took from the build before.
    pub(super) reused: Cell<usize>,
    /// How many builds of the sets were made (see [`Stamps`]).
    pub(super) builds: Cell<u32>,
    /// Per search that keeps one, its [`Barren`] record.
    pub(super) barren: Cell<[Option<Barren>; 2]>,
}

/// The sets of one unit, and what they were found from: a unit's sets depend on its cells'
/// candidates alone, and a step on a hard puzzle changes those of three units or so of 27 (on
/// 60 top1465 puzzles, 20 of 27 units on average were as at the last build).
#[derive(Default)]
pub(super) struct UnitSets {
    /// The shape, and the candidates of the unit's cells (`Mask::MAX` for a placed cell).
    pub(super) shape: Option<crate::grid::Shape>,
    pub(super) cands: Vec<Mask>,
    /// The number of the build that found these sets (see [`Stamps`]).
    pub(super) born: u32,
    pub(super) als: Vec<Als>,
    /// The sets in HoDoKu's order within the unit (see [`lex`]).
    pub(super) order: Vec<u32>,
}

/// What a build of the sets leaves the next one: where each unit's sets began, and the
/// overlapping links. Whether two sets share restricted commons depends on the two sets alone,
/// so two sets of units left as they were keep their links; on hard puzzles most pairs are such.
pub(super) struct Before {
    /// Per unit, the index of its first set, then the number of sets.
    pub(super) bases: Vec<u32>,
    pub(super) overlapping: Rc<Links>,
}

/// All units' sets one after another (see [`gather`]).
pub(super) struct Gathered {
    pub(super) als: Vec<Als>,
    /// HoDoKu's order of the sets, in which a solving path meets them (see the module's
    /// notes): by unit (rows, columns, boxes), then by their cells in lexicographic order.
    pub(super) by_rank: Vec<usize>,
    /// Per set, the number of the build that found its unit's sets.
    pub(super) born: Vec<u32>,
    /// Per unit, the index of its first set, then the number of sets.
    pub(super) bases: Vec<u32>,
}

/// The sets of `units` one after another (made with room for all at once: the records are
/// large, and growing the vector copied them again and again).
pub(super) fn gather(units: &[UnitSets]) -> Gathered {
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
    pub(super) fn refresh_units(
        &self,
        s: &State,
        with_digit: &[Cells; MAX_DIGITS],
        build: u32,
    ) -> Vec<bool> {
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
    pub(super) fn overlapping_links(
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
    pub(super) fn of(cx: &Engine, s: &State) -> Rc<Option<Sets>> {
        let c = &cx.caches.als;
        c.last.borrow_mut().get(s, |s| Sets::new(c, s))
    }

    pub(super) fn new(c: &Cache, s: &State) -> Option<Sets> {
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
    pub(super) fn barren(&self, cx: &Engine, t: usize) -> Option<Vec<bool>> {
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
    pub(super) fn found_nothing(&self, cx: &Engine, t: usize) {
        let record = &cx.caches.als.barren;
        let mut all = record.get();
        all[t] = Some(Barren {
            build: self.stamps.build,
            with_digit: self.with_digit,
        });
        record.set(all);
    }

    /// The links of set `i` (apart) to the sets ranked after it: its links are in rank order.
    pub(super) fn later_links(&self, i: usize) -> &[Link] {
        self.links.later(i)
    }

    /// `{r1c1, r1c2} (1 2 5)`.
    pub(super) fn text(&self, s: &State, i: usize) -> String {
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
pub(super) struct Link {
    pub(super) next: u32,
    pub(super) rcc: Mask,
}

/// Per set, its links, one after another in one vector (thousands of short vectors cost their
/// allocations at every build and drop).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Links {
    /// Set `i`'s links are `flat[start[i]..start[i + 1]]`.
    pub(super) start: Vec<u32>,
    pub(super) flat: Vec<Link>,
    /// Set `i`'s links to sets ranked after it begin at `flat[later[i]]` (once the lists are
    /// in rank order, see [`Links::rank`]): the searches that go forward ask for every set they
    /// reach, and a binary search there cost a tenth of the ALS-XY-Chains.
    pub(super) later: Vec<u32>,
}

impl Links {
    pub(super) fn of(&self, i: usize) -> &[Link] {
        &self.flat[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// Set `i`'s links to the sets ranked after it.
    pub(super) fn later(&self, i: usize) -> &[Link] {
        &self.flat[self.later[i] as usize..self.start[i + 1] as usize]
    }

    /// Notes where each set's links to later sets begin, the lists being in the order of
    /// `rank`.
    pub(super) fn rank(&mut self, rank: &[u32]) {
        self.later = (0..rank.len())
            .map(|i| {
                let links = self.of(i);
                self.start[i] + links.partition_point(|l| rank[l.next as usize] <= rank[i]) as u32
            })
            .collect();
    }

    /// The links of `sets` sets given as `pairs` (each pair once), each set's list in the
    /// sets' order `by_rank`.
    pub(super) fn of_pairs(sets: usize, pairs: &[(u32, u32, Mask)], by_rank: &[usize]) -> Links {
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
    pub(super) fn apart(overlapping: &Links, als: &[Als]) -> Links {
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
pub(super) const NOT_KEPT: u32 = u32::MAX;

/// Per ALS, the ALS it shares RCCs with (each pair listed in both, overlapping ones too) and
/// those RCCs, each list in the sets' order `by_rank`. With `before` (which sets are `fresh`,
/// the links of the build before, and each of its sets' index now or [`NOT_KEPT`]), two sets
/// that are not fresh keep their links and only the pairs with a fresh set are looked for.
pub(super) fn rcc_links(
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
pub(super) struct FirstCells {
    pub(super) start: Vec<u32>,
    pub(super) sets: Vec<u32>,
    pub(super) cells: usize,
}

impl FirstCells {
    pub(super) fn new(als: &[Als], cells: usize) -> FirstCells {
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
    pub(super) fn of(&self, x: usize, cell: usize) -> &[u32] {
        let k = x * self.cells + cell;
        &self.sets[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// Adds to `pairs` set `i`'s pairs from `found` (partner, one RCC digit each), one per
/// partner with all its RCCs.
pub(super) fn push_pairs(i: usize, found: &mut [(usize, Mask)], pairs: &mut Vec<(u32, u32, Mask)>) {
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
