//! Fish: one digit, `k` base units whose candidates for it all lie in `k` cover units. Every base
//! unit holds the digit once and the base units share no candidate, so the `k` digits of the base
//! fill the `k` cover units: the digit leaves every other cell of the cover units.
//!
//! What each technique covers (sizes 2 to 4 for basic and finned fish, 2 and 3 for Franken, as
//! RATING.md's ladder lists them; every grid size):
//!
//! - **Basic fish** (X-Wing, Swordfish, Jellyfish): `k` rows as base and `k` columns as cover, or
//!   `k` columns as base and `k` rows as cover.
//! - **Finned fish**: the same, except that some base candidates (the *fins*, at most 5) lie
//!   outside the cover units. Either a fin holds the digit or the fish stands, so only the cover
//!   cells outside the base that see every fin lose it (for rows and columns: the cover cells in
//!   the fins' box).
//! - **Sashimi fish**: a finned fish one of whose base units holds, apart from its fins, at most
//!   one candidate, so that the fish without its fins would be degenerate (that base unit alone
//!   would not need a cover unit of its own). A finned fish that is not sashimi is reported as
//!   finned, a sashimi one only as sashimi. Every base unit keeps at least one candidate that is
//!   not a fin (otherwise the pattern is a locked candidate, not a fish).
//! - **Franken fish**: base units are rows and boxes with columns and boxes as cover, or columns
//!   and boxes with rows and boxes as cover, with at least one box among them (a box is never
//!   both base and cover). Base units must not share a candidate. Mutant fish (rows and columns
//!   in one set) are off, as in HoDoKu's default configuration.
//! - **Finned Franken fish**: a Franken fish with fins: base candidates outside the cover units
//!   (exo fins) and base candidates shared by two base units (endo fins, at most 2); at most 5
//!   fins in all. Eliminations must see every fin.
//! - **Every step** (HoDoKu's "find all steps"): finned Franken fish also come in the degenerate
//!   forms HoDoKu lists there. A base unit may hold fins only, and cover units that hold no base
//!   candidate complete a base whose other candidates need fewer cover units than there are base
//!   units. Either way a fin must hold the digit, so every cover cell that sees all fins loses
//!   it; the reasoning of a fish with fins holds as it is. On 60 positions this took the finned
//!   Franken fish HoDoKu lists that we list too from 1,534 to 1,806 of 1,817 (Swordfish) and
//!   1,306 to 1,427 of 1,431 (X-Wing). A solving path takes none of them (ours cover all of
//!   HoDoKu's path Franken fish without them).
//! - Cannibalism: a base candidate that lies in two cover units is removed too (counting the
//!   digits of the base, the cover units would hold `k + 1`); with fins, only when it sees every
//!   fin, and only as an addition: a finned fish is reported only when it removes a candidate
//!   outside its base. Only Franken fish can have cover units that overlap.
//! - Not covered: mutant fish, fish of 5 or more base units, Franken Jellyfish, Kraken fish.
//!
//! Each step's `cells` are the base candidates that are not fins (the fish's body, in reading
//! order), then the fins (in reading order); the cells that lose the digit are in its
//! eliminations. `units` are the base units, then the cover units.
//!
//! Search: basic and finned fish on bit masks of positions per line (for finned fish, per set of
//! base lines and per box: the base candidates outside the box fix most cover lines, the rest
//! are chosen among the lines through the box). Franken fish on bit sets of cells: the base
//! units are chosen in order, then the cover units by taking the first base candidate not yet
//! covered and either covering it with a unit that holds it or making it a fin, pruned as soon as
//! no candidate outside the base that sees every fin can still lie in a cover unit. On a solving
//! path, a digit whose places shrank since a search that found nothing is searched only with a
//! base unit that lost a place (see `barren.rs`). Among the
//! instances, the one removing the most candidates is kept (every instance when all steps are
//! listed); an instance removing no more than the best so far is not built.

use crate::grid::{bit, Mask, Unit};

use super::{
    barren,
    step::{removal_text, say, Part},
    templates, Finder, State, Step, Technique,
};

/// HoDoKu's default limits.
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

fn basic_technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

fn finned_technique(k: usize, sashimi: bool) -> Technique {
    match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (3, false) => Technique::FinnedSwordfish,
        (3, true) => Technique::SashimiSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (_, true) => Technique::SashimiJellyfish,
    }
}

fn franken_technique(k: usize, finned: bool) -> Technique {
    match (k, finned) {
        (2, false) => Technique::FrankenXWing,
        (3, false) => Technique::FrankenSwordfish,
        (2, true) => Technique::FinnedFrankenXWing,
        _ => Technique::FinnedFrankenSwordfish,
    }
}

/// Units for a sentence: `rows 2 and 7` when they are all of one kind, else `row 2 and box 5`.
fn units_text(units: &[Unit]) -> String {
    let numbers = |kind: &str, f: &dyn Fn(&Unit) -> Option<usize>| -> Option<String> {
        let ns: Option<Vec<String>> = units
            .iter()
            .map(|u| f(u).map(|i| (i + 1).to_string()))
            .collect();
        ns.map(|ns| {
            let plural = if ns.len() > 1 { "s" } else { "" };
            format!("{kind}{plural} {}", super::step::and_list(&ns))
        })
    };
    numbers("row", &|u| match u {
        Unit::Row(i) => Some(*i),
        _ => None,
    })
    .or_else(|| {
        numbers("column", &|u| match u {
            Unit::Col(i) => Some(*i),
            _ => None,
        })
    })
    .or_else(|| {
        numbers("box", &|u| match u {
            Unit::Box(i) => Some(*i),
            _ => None,
        })
    })
    .unwrap_or_else(|| {
        let names: Vec<String> = units.iter().map(|u| u.to_string()).collect();
        super::step::and_list(&names)
    })
}

/// A fish found: enough to build its step.
struct Found {
    technique: Technique,
    digit: u8,
    base: Vec<usize>,
    cover: Vec<usize>,
    body: Vec<usize>,
    fins: Vec<usize>,
    elims: Vec<usize>,
}

impl Found {
    fn step(&self, quiet: bool, s: &State) -> Step {
        let d = self.digit;
        let elims: Vec<(usize, Mask)> = self.elims.iter().map(|&c| (c, bit(d))).collect();
        let base: Vec<Unit> = self.base.iter().map(|&u| s.unit_name(u)).collect();
        let cover: Vec<Unit> = self.cover.iter().map(|&u| s.unit_name(u)).collect();
        let fins = match self.fins.len() {
            0 => String::new(),
            1 => format!(" or in the fin {}", s.names_text(&self.fins)),
            _ => format!(" or in the fins {}", s.names_text(&self.fins)),
        };
        let sees = match self.fins.len() {
            0 => "",
            1 => ", which see the fin",
            _ => ", which see every fin",
        };
        let sees = if self.elims.len() == 1 && !sees.is_empty() {
            sees.replacen("see", "sees", 1)
        } else {
            sees.to_string()
        };
        let text = say(quiet, || {
            format!(
                "{} on {}: in {}, {} fits only in {}{fins}, so {}{sees}.",
                self.technique.name(),
                s.sym(d),
                units_text(&base),
                s.sym(d),
                units_text(&cover),
                removal_text(s, &elims),
            )
        });
        let mut step = Step::new(self.technique, text)
            .eliminate(elims)
            .figure(quiet, |fig| self.draw(s, fig))
            .cells(self.body.iter().copied())
            .cells(self.fins.iter().copied());
        for u in base.into_iter().chain(cover) {
            step = step.unit(u);
        }
        step
    }
}

impl Found {
    /// The fish's parts: the candidates of its base units but the fins (`base`), those of its
    /// cover units outside them (`cover`), and the fins (`fin`).
    fn draw(&self, s: &State, fig: &mut super::Figure) {
        let d = self.digit;
        let holders = |units: &[usize], skip: &[usize]| {
            let mut cells: Vec<usize> = (units.iter())
                .flat_map(|&u| s.cells_with(u, d))
                .filter(|c| !skip.contains(c))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            cells
        };
        let base = holders(&self.base, &self.fins);
        let skip: Vec<usize> = base.iter().chain(&self.fins).copied().collect();
        let cover = holders(&self.cover, &skip);
        fig.role(Part::Base, base, bit(d));
        fig.role(Part::Cover, cover, bit(d));
        fig.role(Part::Fin, self.fins.iter().copied(), bit(d));
    }
}

/// Hands the instances to the finder: the best one, or all of them.
fn report(f: &mut Finder<'_>, found: Vec<Found>) {
    if found.is_empty() {
        return;
    }
    let s = f.state;
    if f.wants_all() {
        let steps = found.iter().map(|x| x.step(f.quiet(), s)).collect();
        f.add_best(steps);
    } else {
        // The first of those removing the most, built into a step alone.
        let best = found
            .iter()
            .fold(None::<&Found>, |best, x| match best {
                Some(b) if b.elims.len() >= x.elims.len() => Some(b),
                _ => Some(x),
            })
            .expect("not empty");
        f.add(best.step(f.quiet(), s));
    }
}

/// Passes every `k`-element subset of `items` (`k` at most 4), in lexicographic order of
/// positions, to `visit`. Iterative and generic: the fish searches call it for every digit of
/// every state.
fn subsets_of(items: &[usize], k: usize, mut visit: impl FnMut(&[usize])) {
    const MAX_K: usize = 4;
    let m = items.len();
    if k == 0 || k > MAX_K || k > m {
        return;
    }
    // `at[j]`: the position in `items` of the subset's `j`-th element.
    let mut at = [0usize; MAX_K];
    for (j, a) in at.iter_mut().enumerate().take(k) {
        *a = j;
    }
    let mut pick = [0usize; MAX_K];
    loop {
        for j in 0..k {
            pick[j] = items[at[j]];
        }
        visit(&pick[..k]);
        // The last position that can still move right, then everything after it packed.
        let Some(j) = (0..k).rev().find(|&j| at[j] < m - k + j) else {
            return;
        };
        at[j] += 1;
        for i in j + 1..k {
            at[i] = at[i - 1] + 1;
        }
    }
}

/// X-Wing, Swordfish, Jellyfish: `k` rows whose candidates for a digit lie in `k` columns, or the
/// other way round.
pub(super) fn basic(f: &mut Finder<'_>, k: usize) {
    let s = f.state;
    let n = s.size();
    let mut found = Vec::new();
    for d in 1..=n as u8 {
        barren::search_digit(f.cx, basic_technique(k), s, d, true, || {
            let before = found.len();
            basic_digit(s, k, d, &mut found);
            found.len() > before
        });
    }
    report(f, found);
}

/// The basic fish of size `k` of one digit, into `found`.
fn basic_digit(s: &State, k: usize, d: u8, found: &mut Vec<Found>) {
    let n = s.size();
    for (base0, cover0) in [(0, n), (n, 0)] {
        // Positions of d in each base line (bit i: the line's i-th cell, which lies in cover
        // line i).
        let places: Vec<u32> = (0..n).map(|i| s.places(base0 + i, d)).collect();
        let lines: Vec<usize> = (0..n)
            .filter(|&i| (2..=k as u32).contains(&places[i].count_ones()))
            .collect();
        subsets_of(&lines, k, |pick| {
            let union = pick.iter().fold(0u32, |m, &i| m | places[i]);
            if union.count_ones() as usize != k {
                return;
            }
            let mut elims = Vec::new();
            let mut body = Vec::new();
            for j in (0..n).filter(|&j| union & (1 << j) != 0) {
                for (i, &c) in s.unit(cover0 + j).iter().enumerate() {
                    if s.cands(c) & bit(d) != 0 {
                        if pick.contains(&i) {
                            body.push(c);
                        } else {
                            elims.push(c);
                        }
                    }
                }
            }
            if elims.is_empty() {
                return;
            }
            body.sort_unstable();
            elims.sort_unstable();
            found.push(Found {
                technique: basic_technique(k),
                digit: d,
                base: pick.iter().map(|&i| base0 + i).collect(),
                cover: (0..n)
                    .filter(|&j| union & (1 << j) != 0)
                    .map(|j| cover0 + j)
                    .collect(),
                body,
                fins: Vec::new(),
                elims,
            });
        });
    }
}

/// Finned and sashimi X-Wing, Swordfish, Jellyfish, on bit masks of positions: for `k` base lines
/// and a box, the fins are the base candidates in the box outside the cover lines, so every base
/// candidate outside the box's lines (across) must be covered; the cover lines left to choose are
/// among those through the box.
pub(super) fn finned(f: &mut Finder<'_>, k: usize, sashimi: bool) {
    let s = f.state;
    let n = s.size();
    let shape = s.shape();
    let mut found: Vec<Found> = Vec::new();
    let mut best = (!f.wants_all()).then_some(0usize);
    // Per box: the rows and the columns it spans, as masks.
    let spans: Vec<(u32, u32)> = (2 * n..3 * n)
        .map(|b| {
            s.unit(b).iter().fold((0, 0), |(r, c), &x| {
                let (row, col) = s.row_col(x);
                (r | 1 << row, c | 1 << col)
            })
        })
        .collect();
    for d in 1..=n as u8 {
        let exhaustive = best.is_none_or(|b| b == 0);
        barren::search_digit_since(
            f.cx,
            finned_technique(k, sashimi),
            s,
            d,
            exhaustive,
            |gone| {
                // The rows and the columns holding a place gone since a barren search (units
                // `0..n` are the rows, `n..2n` the columns).
                let gone = gone.map(|g| {
                    let units = gone_units(g, &shape.tables().unit_bits);
                    let lines = (1u128 << n) - 1;
                    ((units & lines) as u32, (units >> n & lines) as u32)
                });
                let before = found.len();
                finned_digit(s, (k, sashimi), d, &spans, gone, &mut best, &mut found);
                found.len() > before
            },
        );
    }
    report(f, found);
}

/// The finned (or sashimi) fish of size `k` of one digit: instances removing more than `best`
/// (when set) go to `found`. With `gone` (the rows and the columns holding a place the digit lost
/// since a barren search, see [`barren::search_digit_since`]), only fish with such a base line:
/// a fish whose base lines lost nothing has the same body and fins as then, and its cover lines
/// only lost candidates it could remove, so it removes nothing now either.
fn finned_digit(
    s: &State,
    (k, sashimi): (usize, bool),
    d: u8,
    spans: &[(u32, u32)],
    gone: Option<(u32, u32)>,
    best: &mut Option<usize>,
    found: &mut Vec<Found>,
) {
    let n = s.size();
    for rows_base in [true, false] {
        // The base lines one of which must have lost a place (all of them: no restriction).
        let gone_lines = lost_lines(gone, rows_base);
        let (base0, cover0) = if rows_base { (0, n) } else { (n, 0) };
        let cell = |line: usize, pos: usize| {
            if rows_base {
                line * n + pos
            } else {
                pos * n + line
            }
        };
        let places: Vec<u32> = (0..n).map(|i| s.places(base0 + i, d)).collect();
        let lines: Vec<usize> = (0..n).filter(|&i| places[i] != 0).collect();
        subsets_of(&lines, k, |pick| {
            let picked = pick.iter().fold(0u32, |m, &i| m | 1 << i);
            if picked & gone_lines == 0 {
                return; // the same fish as at the barren search
            }
            let union = pick.iter().fold(0u32, |m, &i| m | places[i]);
            if union.count_ones() as usize <= k {
                return; // a basic fish, or no fish
            }
            for &(box_rows, box_cols) in spans {
                let (box_lines, box_pos) = if rows_base {
                    (box_rows, box_cols)
                } else {
                    (box_cols, box_rows)
                };
                if picked & box_lines == 0 {
                    continue;
                }
                // Positions that must be covered: all but the base candidates in the box.
                let must = must_cover(pick, &places, box_lines, box_pos);
                let need = must.count_ones() as usize;
                if need > k {
                    continue;
                }
                let free = union & box_pos & !must;
                // Every subset of `free` of the size still needed.
                let mut t = free;
                loop {
                    if t.count_ones() as usize == k - need {
                        let cover = must | t;
                        consider(
                            s,
                            d,
                            k,
                            sashimi,
                            pick,
                            &places,
                            cover,
                            box_lines,
                            box_pos,
                            &cell,
                            (base0, cover0),
                            best,
                            found,
                        );
                    }
                    if t == 0 {
                        break;
                    }
                    t = (t - 1) & free;
                }
            }
        });
    }
}

/// The lines, rows (`rows_base`) or columns, one of which a fish's base must hold when `gone`
/// restricts the search (see [`finned_digit`]); all lines when it does not.
#[inline]
fn lost_lines(gone: Option<(u32, u32)>, rows_base: bool) -> u32 {
    match gone {
        None => !0,
        Some((rows, cols)) => {
            if rows_base {
                rows
            } else {
                cols
            }
        }
    }
}

/// The positions a finned fish on base lines `pick` (with `places` per line) must cover: all
/// but the base candidates in the box spanning `box_lines` x `box_pos`.
#[inline]
fn must_cover(pick: &[usize], places: &[u32], box_lines: u32, box_pos: u32) -> u32 {
    pick.iter().fold(0u32, |m, &i| {
        m | if box_lines & 1 << i != 0 {
            places[i] & !box_pos
        } else {
            places[i]
        }
    })
}

/// One finned fish candidate: base lines `pick`, cover lines `cover` (positions), fins in the box
/// spanning `box_lines` x `box_pos`.
#[allow(clippy::too_many_arguments)]
fn consider(
    s: &State,
    d: u8,
    k: usize,
    sashimi: bool,
    pick: &[usize],
    places: &[u32],
    cover: u32,
    box_lines: u32,
    box_pos: u32,
    cell: &dyn Fn(usize, usize) -> usize,
    (base0, cover0): (usize, usize),
    best: &mut Option<usize>,
    found: &mut Vec<Found>,
) {
    let n = s.size();
    let fins_any = pick.iter().any(|&i| places[i] & !cover != 0);
    // Every base line keeps a candidate in the cover lines.
    if !fins_any || pick.iter().any(|&i| places[i] & cover == 0) {
        return;
    }
    let picked = pick.iter().fold(0u32, |m, &i| m | 1 << i);
    let fin_count: u32 = pick
        .iter()
        .map(|&i| (places[i] & !cover).count_ones())
        .sum();
    if fin_count > MAX_FINS {
        return;
    }
    let is_sashimi = pick.iter().any(|&i| (places[i] & cover).count_ones() <= 1);
    if is_sashimi != sashimi {
        return;
    }
    // The cover candidates in the fins' box, off the base lines.
    let b = bit(d);
    let mut elims = Vec::new();
    for line in (0..n).filter(|&l| box_lines & 1 << l != 0 && picked & 1 << l == 0) {
        for pos in (0..n).filter(|&p| cover & box_pos & 1 << p != 0) {
            let c = cell(line, pos);
            if s.cands(c) & b != 0 {
                elims.push(c);
            }
        }
    }
    if elims.is_empty() || best.is_some_and(|x| elims.len() <= x) {
        return;
    }
    if best.is_some() {
        *best = Some(elims.len());
    }
    elims.sort_unstable();
    let mut body = Vec::new();
    let mut fins = Vec::new();
    for &i in pick {
        for p in 0..n {
            if places[i] & 1 << p != 0 {
                if cover & 1 << p != 0 {
                    body.push(cell(i, p));
                } else {
                    fins.push(cell(i, p));
                }
            }
        }
    }
    body.sort_unstable();
    fins.sort_unstable();
    found.push(Found {
        technique: finned_technique(k, sashimi),
        digit: d,
        base: pick.iter().map(|&i| base0 + i).collect(),
        cover: (0..n)
            .filter(|&p| cover & 1 << p != 0)
            .map(|p| cover0 + p)
            .collect(),
        body,
        fins,
        elims,
    });
}

/// Franken X-Wing and Swordfish.
pub(super) fn franken(f: &mut Finder<'_>, k: usize) {
    search(f, Kind::Franken, k);
}

/// Finned Franken X-Wing and Swordfish.
pub(super) fn finned_franken(f: &mut Finder<'_>, k: usize) {
    search(f, Kind::FinnedFranken, k);
}

/// The fish the cell-set search looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Franken,
    FinnedFranken,
}

impl Kind {
    fn finned(self) -> bool {
        self == Kind::FinnedFranken
    }
}

/// Picks a bit set wide enough for the grid's cells.
fn search(f: &mut Finder<'_>, kind: Kind, k: usize) {
    match f.state.shape().cells() {
        0..=128 => search_in::<2>(f, kind, k),
        129..=256 => search_in::<4>(f, kind, k),
        _ => search_in::<10>(f, kind, k),
    }
}

/// A set of cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Set<const W: usize>([u64; W]);

impl<const W: usize> Set<W> {
    const EMPTY: Self = Set([0; W]);
    /// Every cell: the identity of [`Set::and`].
    const ALL: Self = Set([u64::MAX; W]);

    fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    fn and(mut self, o: Self) -> Self {
        for w in 0..W {
            self.0[w] &= o.0[w];
        }
        self
    }

    fn or(mut self, o: Self) -> Self {
        for w in 0..W {
            self.0[w] |= o.0[w];
        }
        self
    }

    fn minus(mut self, o: Self) -> Self {
        for w in 0..W {
            self.0[w] &= !o.0[w];
        }
        self
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    fn first(&self) -> Option<usize> {
        (0..W)
            .find(|&w| self.0[w] != 0)
            .map(|w| w * 64 + self.0[w].trailing_zeros() as usize)
    }

    /// The cells, in order, without allocating.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..W).flat_map(move |w| {
            let mut x = self.0[w];
            std::iter::from_fn(move || {
                (x != 0).then(|| {
                    let i = x.trailing_zeros() as usize;
                    x &= x - 1;
                    w * 64 + i
                })
            })
        })
    }

    fn cells(&self) -> Vec<usize> {
        self.iter().collect()
    }
}

/// The search for one kind, size and digit; the base and cover units chosen so far are on
/// stacks.
struct Search<'a, const W: usize> {
    kind: Kind,
    k: usize,
    n: usize,
    digit: u8,
    /// The cells holding the digit.
    dset: Set<W>,
    /// Per unit, its cells holding the digit.
    unit_sets: &'a [Set<W>],
    /// Per cell, its peers.
    peers: &'a [Set<W>],
    /// Per cell, its units as a bit set over the units.
    unit_bits: &'a [u128],
    /// The units that may be cover units in this orientation, as a bit set over the units.
    cover_ok: u128,
    base: Vec<usize>,
    /// How many cover units are chosen (the units are `cover_units`).
    cover_count: usize,
    /// The base and the cover units as bit sets over the units (at most 75).
    base_units: u128,
    cover_units: u128,
    found: Vec<Found>,
    /// When only the best instance is wanted: the most eliminations found so far, so that
    /// instances removing no more are dropped before they are built.
    best: Option<usize>,
    /// Every step wanted: the fish HoDoKu's "find all steps" lists beyond a solving path's are
    /// listed too. A finned fish whose base needs fewer cover units than base units is completed
    /// with cover units holding no base candidate (see [`Search::fill_covers`]), and a base unit
    /// may hold fins only.
    all_steps: bool,
    /// Units holding a place the digit lost since a barren search: when set, only instances
    /// with one of them as a base unit are searched. Base units that lost no place have the
    /// same body and fins as then, and cover units only lose candidates to remove, so such an
    /// instance removes nothing now either (see [`barren::search_digit_since`]).
    gone: Option<u128>,
}

fn search_in<const W: usize>(f: &mut Finder<'_>, kind: Kind, k: usize) {
    let s = f.state;
    let n = s.size();
    let peers: Vec<Set<W>> = (0..s.shape().cells())
        .map(|c| {
            let mut p = Set::EMPTY;
            for &q in s.peers(c) {
                p.insert(q);
            }
            p
        })
        .collect();
    let unit_bits = &s.tables().unit_bits;
    let mut found = Vec::new();
    let mut best = (!f.wants_all()).then_some(0);
    let technique = franken_technique(k, kind.finned());
    for d in 1..=n as u8 {
        // Every step wanted: the search lists more (`Search::all_steps`), so what a one-step
        // search found barren is searched again, unless templates rule the digit out (they
        // hold for the fish listed only then too).
        if best.is_none() {
            if !templates::every_place_fits(f.cx, s, d) {
                franken_digit(
                    s,
                    kind,
                    k,
                    d,
                    (&peers, unit_bits),
                    None,
                    &mut best,
                    &mut found,
                );
            }
            continue;
        }
        let exhaustive = best.is_none_or(|b| b == 0);
        barren::search_digit_since(f.cx, technique, s, d, exhaustive, |gone| {
            let gone = gone.map(|g| gone_units(g, unit_bits));
            let before = found.len();
            franken_digit(
                s,
                kind,
                k,
                d,
                (&peers, unit_bits),
                gone,
                &mut best,
                &mut found,
            );
            found.len() > before
        });
    }
    report(f, found);
}

/// The units holding a cell of `places` (bit `c` for cell `c`), as a bit set over the units.
fn gone_units(places: &[u64], unit_bits: &[u128]) -> u128 {
    let mut units = 0;
    for (w, &word) in places.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            units |= unit_bits[w * 64 + x.trailing_zeros() as usize];
            x &= x - 1;
        }
    }
    units
}

/// The Franken fish of one digit: instances removing more than `best` (when set) go to `found`.
/// With `gone` (units holding a place the digit lost since a barren search, see
/// [`barren::search_digit_since`]), only instances with such a base unit.
#[allow(clippy::too_many_arguments)]
fn franken_digit<const W: usize>(
    s: &State,
    kind: Kind,
    k: usize,
    d: u8,
    (peers, unit_bits): (&[Set<W>], &[u128]),
    gone: Option<u128>,
    best: &mut Option<usize>,
    found: &mut Vec<Found>,
) {
    if gone == Some(0) {
        return;
    }
    let n = s.size();
    let b = bit(d);
    let mut dset = Set::EMPTY;
    for c in 0..s.shape().cells() {
        if s.cands(c) & b != 0 {
            dset.insert(c);
        }
    }
    if dset.is_empty() {
        return;
    }
    let unit_sets: Vec<Set<W>> = (0..3 * n)
        .map(|u| {
            let mut m = Set::EMPTY;
            for &c in s.unit(u) {
                if s.cands(c) & b != 0 {
                    m.insert(c);
                }
            }
            m
        })
        .collect();
    // Orientations: (base kinds, cover kinds) over [rows, columns, boxes].
    let orientations = [
        ([true, false, true], [false, true, true]),
        ([false, true, true], [true, false, true]),
    ];
    for (base_ok, cover_ok) in orientations {
        let pool: Vec<usize> = (0..3 * n)
            .filter(|&u| base_ok[u / n] && !unit_sets[u].is_empty())
            .collect();
        let mut search = Search {
            kind,
            k,
            n,
            digit: d,
            dset,
            unit_sets: &unit_sets,
            peers,
            unit_bits,
            cover_ok: (0..3 * n)
                .filter(|&u| cover_ok[u / n])
                .fold(0, |m, u| m | 1 << u),
            base: Vec::with_capacity(k),
            cover_count: 0,
            base_units: 0,
            cover_units: 0,
            found: Vec::new(),
            best: *best,
            all_steps: best.is_none(),
            gone,
        };
        search.bases(&pool, 0, Set::EMPTY, Set::EMPTY);
        found.append(&mut search.found);
        *best = search.best;
    }
}

impl<const W: usize> Search<'_, W> {
    /// Chooses the base units from `pool[from..]`: `union` is their candidates so far, `endo` the
    /// candidates two of them share.
    fn bases(&mut self, pool: &[usize], from: usize, union: Set<W>, endo: Set<W>) {
        if self.base.len() == self.k {
            let mut fin_sees = Set::ALL;
            for c in endo.iter() {
                fin_sees = fin_sees.and(self.peers[c]);
            }
            if !endo.is_empty() && !self.may_eliminate(union, 0, fin_sees) {
                return;
            }
            let fins = (endo, endo.len());
            self.covers(union, Set::EMPTY, Set::EMPTY, fins, fin_sees, 0, 0);
            return;
        }
        for i in from..pool.len() {
            if pool.len() - i < self.k - self.base.len() {
                break;
            }
            let u = pool[i];
            if self.base.len() + 1 == self.k
                && self
                    .gone
                    .is_some_and(|g| (self.base_units | 1 << u) & g == 0)
            {
                continue; // the last base unit must make the instance new
            }
            let cells = self.unit_sets[u];
            let shared = union.and(cells);
            let endo = endo.or(shared);
            if !endo.is_empty() && (self.kind != Kind::FinnedFranken || endo.len() > MAX_ENDO_FINS)
            {
                continue;
            }
            self.base.push(u);
            self.base_units |= 1 << u;
            self.bases(pool, i + 1, union.or(cells), endo);
            self.base.pop();
            self.base_units &= !(1 << u);
        }
    }

    /// Chooses the cover units: the first base candidate neither covered nor a fin is covered by
    /// one of its units, or (finned kinds) becomes a fin. `banned` holds the units an earlier
    /// branch tried already, so that each set of cover units is reached once; `exo_units` the
    /// units holding an exo fin (base candidates made fins here, not shared by two base units).
    /// `fins` comes with its count.
    #[allow(clippy::too_many_arguments)]
    fn covers(
        &mut self,
        base: Set<W>,
        covered: Set<W>,
        overlap: Set<W>,
        (fins, fin_count): (Set<W>, u32),
        fin_sees: Set<W>,
        banned: u128,
        exo_units: u128,
    ) {
        let open = base.minus(covered).minus(fins);
        let Some(c) = open.first() else {
            if self.cover_count == self.k {
                self.evaluate(base, covered, overlap, fins, fin_sees);
            } else if self.all_steps && !fins.is_empty() {
                self.fill_covers(base, covered, overlap, (fins, fin_sees), exo_units, 0);
            }
            return;
        };
        let finned = self.kind.finned();
        if self.cover_count == self.k {
            // Every base candidate left open is a fin.
            if !finned || fin_count + open.len() > MAX_FINS {
                return;
            }
            let mut fin_sees = fin_sees;
            for x in open.iter() {
                fin_sees = fin_sees.and(self.peers[x]);
            }
            self.evaluate(base, covered, overlap, fins.or(open), fin_sees);
            return;
        }
        let mut banned = banned;
        // A cover unit never holds a fin: that cell would be covered, not a fin. The units `c`
        // lies in are distinct, so what the loop adds to `banned` never bars a later one: the
        // units barred at entry suffice. Lowest unit first: its row, column, then box.
        let barred = !self.cover_ok | self.base_units | self.cover_units | banned | exo_units;
        let mut options = self.unit_bits[c] & !barred;
        while options != 0 {
            let one = options & options.wrapping_neg();
            options &= !one;
            let u = one.trailing_zeros() as usize;
            let cells = self.unit_sets[u];
            self.cover_count += 1;
            self.cover_units |= one;
            self.covers(
                base,
                covered.or(cells),
                overlap.or(covered.and(cells)),
                (fins, fin_count),
                fin_sees,
                banned,
                exo_units,
            );
            self.cover_count -= 1;
            self.cover_units &= !one;
            banned |= one;
        }
        if finned && fin_count < MAX_FINS {
            // `c` is open, so neither a fin nor an endo fin: it is an exo fin.
            let fin_sees = fin_sees.and(self.peers[c]);
            let mut fins2 = fins;
            fins2.insert(c);
            let exo_units = exo_units | self.unit_bits[c];
            if self.may_eliminate(base, exo_units, fin_sees) {
                let fins = (fins2, fin_count + 1);
                self.covers(base, covered, overlap, fins, fin_sees, banned, exo_units);
            }
        }
    }

    /// Completes the cover units, from unit `from` on, with units holding no base candidate.
    /// HoDoKu's "find all steps" lists such fish: the base candidates that are not fins lie in
    /// fewer cover units than there are base units, so a fin must hold the digit, and every
    /// cover cell seeing all fins loses it. A unit holding such a cell is tried, and the first
    /// holding none (any other would remove the same). Only when every step is wanted; a
    /// solving path takes none (HoDoKu's paths do not need them: ours cover all of its Franken
    /// fish steps).
    fn fill_covers(
        &mut self,
        base: Set<W>,
        covered: Set<W>,
        overlap: Set<W>,
        (fins, fin_sees): (Set<W>, Set<W>),
        exo_units: u128,
        from: usize,
    ) {
        if self.cover_count == self.k {
            self.evaluate(base, covered, overlap, fins, fin_sees);
            return;
        }
        let targets = fin_sees.and(self.dset).minus(base);
        let mut options =
            self.cover_ok & !self.base_units & !self.cover_units & !exo_units & !((1 << from) - 1);
        let mut idle_tried = false;
        while options != 0 {
            let u = options.trailing_zeros() as usize;
            options &= options - 1;
            let cells = self.unit_sets[u];
            if !cells.and(base).is_empty() {
                continue;
            }
            if cells.and(targets).is_empty() {
                if idle_tried {
                    continue;
                }
                idle_tried = true;
            }
            self.cover_count += 1;
            self.cover_units |= 1 << u;
            self.fill_covers(
                base,
                covered.or(cells),
                overlap.or(covered.and(cells)),
                (fins, fin_sees),
                exo_units,
                u + 1,
            );
            self.cover_count -= 1;
            self.cover_units &= !(1 << u);
        }
    }

    /// True when some candidate outside the base sees every fin and lies in a unit that can
    /// still become a cover unit (one holding no exo fin, `exo_units` holding those: chosen
    /// already or with room left).
    fn may_eliminate(&self, base: Set<W>, exo_units: u128, fin_sees: Set<W>) -> bool {
        let mut open = self.cover_ok & !self.base_units & !exo_units;
        if self.cover_count >= self.k {
            open &= self.cover_units;
        }
        fin_sees
            .and(self.dset)
            .minus(base)
            .iter()
            .any(|x| self.unit_bits[x] & open != 0)
    }

    fn evaluate(
        &mut self,
        base: Set<W>,
        covered: Set<W>,
        overlap: Set<W>,
        fins: Set<W>,
        fin_sees: Set<W>,
    ) {
        let n = self.n;
        let finned = self.kind.finned();
        if finned == fins.is_empty() {
            return;
        }
        if (self.base_units | self.cover_units) >> (2 * n) == 0 {
            return; // no box: a basic fish
        }
        let body = base.minus(fins);
        // Every base unit keeps a candidate that is not a fin (on a solving path).
        if !self.all_steps
            && self
                .base
                .iter()
                .any(|&u| self.unit_sets[u].and(body).is_empty())
        {
            return;
        }
        // Cannibalism (a base candidate in two cover units) only adds to a finned fish that
        // removes something outside its base: the search prunes on those.
        let mut outside = covered.and(self.dset).minus(base);
        let mut cannibals = overlap.and(body);
        if !fins.is_empty() {
            outside = outside.and(fin_sees);
            cannibals = cannibals.and(fin_sees);
            if outside.is_empty() {
                return;
            }
        }
        let elims = outside.or(cannibals);
        let count = elims.len() as usize;
        if count == 0 || self.best.is_some_and(|b| count <= b) {
            return;
        }
        let technique = franken_technique(self.k, self.kind.finned());
        if self.best.is_some() {
            self.best = Some(count);
        }
        // In order, as the bits run.
        let cover: Vec<usize> = (0..3 * n)
            .filter(|&u| self.cover_units >> u & 1 != 0)
            .collect();
        self.found.push(Found {
            technique,
            digit: self.digit,
            base: self.base.clone(),
            cover,
            body: body.cells(),
            fins: fins.cells(),
            elims: elims.cells(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};
    use crate::logic::tests::cases;
    use crate::logic::Engine;
    use crate::solver::count_solutions;

    /// Runs one fish technique alone: the step the solving path takes, or every instance.
    fn run(s: &State, t: Technique, limit: usize) -> Vec<Step> {
        let cx = Engine::new();
        let mut f = cx.finder(s, limit);
        match t {
            Technique::XWing => basic(&mut f, 2),
            Technique::Swordfish => basic(&mut f, 3),
            Technique::Jellyfish => basic(&mut f, 4),
            Technique::FinnedXWing => finned(&mut f, 2, false),
            Technique::SashimiXWing => finned(&mut f, 2, true),
            Technique::FinnedSwordfish => finned(&mut f, 3, false),
            Technique::SashimiSwordfish => finned(&mut f, 3, true),
            Technique::FinnedJellyfish => finned(&mut f, 4, false),
            Technique::SashimiJellyfish => finned(&mut f, 4, true),
            Technique::FrankenXWing => franken(&mut f, 2),
            Technique::FrankenSwordfish => franken(&mut f, 3),
            Technique::FinnedFrankenXWing => finned_franken(&mut f, 2),
            Technique::FinnedFrankenSwordfish => finned_franken(&mut f, 3),
            _ => unreachable!("not a fish"),
        }
        f.into_steps()
    }

    const FISH: [Technique; 13] = [
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::FrankenXWing,
        Technique::FrankenSwordfish,
        Technique::FinnedFrankenXWing,
        Technique::FinnedFrankenSwordfish,
    ];

    fn solution(puzzle: &str) -> Vec<u8> {
        let values = puzzle
            .chars()
            .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
            .collect();
        let grid = Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap();
        count_solutions(&grid, 2).first.unwrap()
    }

    /// Every instance of every fish in the positions of the solving paths (the cases
    /// `tests/techniques/<fish>/on-a-solving-path.txt`) is true: it removes no digit of the
    /// solution of the puzzle the position comes from (the case's `puzzle:`).
    #[test]
    fn every_fish_instance_in_these_positions_is_true() {
        let mut positions = 0;
        for t in FISH.iter().filter(|&&t| t != Technique::FrankenXWing) {
            let name = format!("{}/on-a-solving-path", t.id());
            let s = cases::position(&name);
            let sol = solution(&cases::header(&name, "puzzle").expect("a puzzle"));
            for t in FISH {
                for step in run(&s, t, usize::MAX) {
                    assert!(!step.eliminations.is_empty());
                    for &(c, m) in &step.eliminations {
                        assert_eq!(m & bit(sol[c]), 0, "{}", step.explanation);
                    }
                    assert_eq!(step.units.len() % 2, 0, "as many base as cover units");
                }
            }
            positions += 1;
        }
        assert_eq!(positions, 12);
    }

    #[test]
    fn an_empty_grid_holds_no_fish_of_any_kind() {
        let empty = State::new(&Grid::empty(Shape::for_size(9).unwrap()));
        for t in FISH {
            assert!(run(&empty, t, usize::MAX).is_empty(), "{t}");
        }
    }

    #[test]
    fn units_are_named_for_a_sentence() {
        assert_eq!(units_text(&[Unit::Row(1), Unit::Row(6)]), "rows 2 and 7");
        assert_eq!(units_text(&[Unit::Row(1), Unit::Box(4)]), "row 2 and box 5");
    }
}
