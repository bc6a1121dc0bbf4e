//! Remembering one-digit searches that found nothing.
//!
//! Fish and the single-digit patterns look at one digit at a time, and what they find for a
//! digit depends only on the cells where that digit is still a candidate. Along a solving path
//! a step changes the places of one or two digits, so the same searches would run again and
//! again on places they already found empty. This keeps, in the engine, the (technique,
//! shape, digit, places) whose search found nothing, and the searches skip those. A skipped search
//! would have found nothing, so steps, paths and ratings are exactly what they were without it.
//! These records are forgotten when the engine starts the next puzzle ([`Cache::forget`]):
//! another puzzle's places never match them.
//!
//! Only an exhaustive search may be remembered as barren: one that would have reported any
//! instance, not one that was looking only for instances better than an earlier digit's.
//!
//! Along a path a digit's places only shrink. When they are a subset of the places of the last
//! barren search of the same technique and digit, an instance now must differ from every
//! instance then (each of which removed nothing, and removes no more now): it must rest on a
//! place that has gone since. The searches that can use this (finned, sashimi and Franken fish)
//! get those gone places and look only at instances one of whose base units holds one (see
//! [`search_digit_since`]).
//!
//! A search that looks at one region of the grid at a time (Sue de Coq where a box meets a
//! line) finds there what the region's cells hold and nothing else, so the same holds for
//! regions: per engine and technique, the cells of each region when a search there last found
//! nothing ([`region_is_barren`], [`remember_region`]). Along a path a step changes a few
//! cells, and most regions are searched again unchanged. Naked and hidden subsets search one
//! unit at a time too; looked up in a hash map they cost more than they spared (1% more on
//! 2,000 17-clue puzzles), so per unit and search a plain array keeps the unit's places of
//! each digit, copied at once from the state's table ([`quiet_units`]): 193M to 110M
//! instructions on every ninth top1465 puzzle, 22.7M to 22.4M on 2,000 17-clue puzzles.
//!
//! Before any of that, a digit whose every place lies in a template (`templates.rs`) is not
//! searched at all, by any of these techniques: one-digit reasoning cannot remove a place that
//! some way of filling in the digit uses. Where the costly fish run on a solving path, nearly
//! every digit is such (1,264 of 1,278 finned Franken Swordfish digit searches on 300 top1465
//! puzzles).

use std::cell::{Cell, RefCell};

use rustc_hash::{FxHashMap, FxHashSet};

use super::{templates, Engine, State, Technique};
use crate::grid::{Mask, Shape};

/// The most cells a grid has (25x25), in 64-bit words.
const WORDS: usize = 10;

/// Entries kept per engine before the memory is dropped and filling starts again: about 1 MB.
const CAPACITY: usize = 1 << 14;

/// A digit's places: bit `c` set when cell `c` still has the digit.
type Places = [u64; WORDS];

/// (technique, size, box rows, digit, places).
type Key = (Technique, u8, u8, u8, Places);

/// (technique, size, box rows, digit): whose last barren places [`Cache`] keeps.
type Slot = (Technique, u8, u8, u8);

/// A [`Key`] whose places lie in the first 128 cells (every grid of up to 128 cells): 16 bytes
/// of places to hash and compare instead of 80, and a set a third the size, which a long run
/// of puzzles keeps in the faster caches.
type SmallKey = (Technique, u8, u8, u8, u128);

/// The most cells a region has: a box and a line of 9x9 (Sue de Coq searches sizes up to 9).
const REGION: usize = 18;

/// A placed cell in a [`Region`] (no cell has every candidate bit).
const PLACED: Mask = Mask::MAX;

/// A region's cells as a search there reads them: each empty cell's candidates, [`PLACED`]
/// for a placed cell, in the order given, then zeros; and the shape.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Region {
    shape: Shape,
    cells: [Mask; REGION],
}

/// The region of `cells` (at most [`REGION`]; those past it are left out, so a caller must
/// give no more).
pub(super) fn region(s: &State, cells: impl IntoIterator<Item = usize>) -> Region {
    let mut r = Region {
        shape: s.shape(),
        cells: [0; REGION],
    };
    for (slot, c) in r.cells.iter_mut().zip(cells) {
        *slot = if s.value(c) != 0 { PLACED } else { s.cands(c) };
    }
    r
}

/// What the engine keeps of the searches that found nothing (see the module's notes).
#[derive(Default)]
pub(super) struct Cache {
    /// Per technique and region (a unit, an intersection: the technique's own numbering), the
    /// region when a search there last found nothing.
    regions: RefCell<FxHashMap<(Technique, usize), Region>>,
    /// The units where the subsets' searches last found nothing.
    quiet: RefCell<QuietUnits>,
    /// The barren one-digit searches (see [`Key`]).
    barren: RefCell<FxHashSet<Key>>,
    /// The keys of `barren` that are [`SmallKey`]s, kept here instead.
    barren_small: RefCell<FxHashSet<SmallKey>>,
    /// Per technique, shape and digit, the places of its last barren search.
    last: RefCell<FxHashMap<Slot, Places>>,
    /// How many region and unit searches were skipped as remembered barren.
    pub skipped: Cell<usize>,
}

impl Cache {
    fn skip(&self, n: usize) {
        self.skipped.set(self.skipped.get().wrapping_add(n));
    }
}

/// True when a search of technique `t` in region `at` found nothing on the same cells `r`
/// (never when the engine remembers no regions or units).
pub(super) fn region_is_barren(cx: &Engine, t: Technique, at: usize, r: &Region) -> bool {
    if cx.search.unremembered {
        return false;
    }
    let b = &cx.caches.barren;
    let barren = b.regions.borrow().get(&(t, at)) == Some(r);
    b.skip(usize::from(barren));
    barren
}

/// Notes that a search of technique `t` in region `at` found nothing on the cells `r`.
pub(super) fn remember_region(cx: &Engine, t: Technique, at: usize, r: Region) {
    cx.caches.barren.regions.borrow_mut().insert((t, at), r);
}

/// The most digits of a grid whose unit searches [`QuietUnits`] remembers: 9x9 and smaller.
const UNIT: usize = 9;

/// A unit as a search of its cells' candidates reads it: each digit's places there (a bit per
/// cell of the unit), then zeros. They are the candidates of the unit's empty cells, read off
/// the state's own table at once.
pub(super) type UnitCells = [u32; UNIT];

/// The places of each digit in unit `u` as a [`UnitCells`], for a grid of at most [`UNIT`]
/// digits.
pub(super) fn unit_cells(s: &State, u: usize) -> Option<UnitCells> {
    let places = s.unit_places(u);
    let mut r = [0; UNIT];
    r.get_mut(..places.len())?.copy_from_slice(places);
    Some(r)
}

/// How many searches [`QuietUnits`] tells apart (naked and hidden subsets of 2, 3 and 4).
pub(super) const UNIT_SEARCHES: usize = 6;

/// Per search (a technique's own numbering, below [`UNIT_SEARCHES`]) and unit of one shape,
/// the unit's cells when the search there last found nothing. A plain array, not a map: the
/// searches it spares (naked and hidden subsets) cost little more than a hashed look-up.
#[derive(Default)]
struct QuietUnits {
    shape: Option<Shape>,
    units: usize,
    cells: Vec<Option<UnitCells>>,
}

/// The units of `s` (bit `u`) where search `search` last found nothing on the same cells as
/// now (a search that reads the unit's cells alone): one look at the engine's table for all of
/// them, not one per unit. None for a grid of more than [`UNIT`] digits or 64 units, and when
/// the engine remembers no regions or units.
pub(super) fn quiet_units(cx: &Engine, s: &State, search: usize) -> u64 {
    if cx.search.unremembered {
        return 0;
    }
    let units = s.unit_count();
    if units > 64 {
        return 0;
    }
    let quiet = {
        let q = cx.caches.barren.quiet.borrow();
        if q.shape != Some(s.shape()) {
            return 0;
        }
        let kept = &q.cells[search * q.units..(search + 1) * q.units];
        let mut quiet = 0u64;
        for (u, kept) in kept.iter().enumerate() {
            let Some(kept) = kept else {
                continue;
            };
            if same_places(kept, s.unit_places(u)) {
                quiet |= 1 << u;
            }
        }
        quiet
    };
    cx.caches.barren.skip(quiet.count_ones() as usize);
    quiet
}

/// Whether a unit's places `kept` then are its `places` now (a unit of at most [`UNIT`]
/// digits; `kept` is zero past them). Read in place and without an early way out, over arrays
/// of a fixed size for 9 digits (a few vector operations): a copy of the unit's places and a
/// library comparison cost a call each, for 36 bytes, and the subsets' searches ask for every
/// unit at every stall.
fn same_places(kept: &UnitCells, places: &[u32]) -> bool {
    let differ = |places: &[u32]| (kept.iter().zip(places)).fold(0, |m, (a, b)| m | (a ^ b));
    places.len() <= UNIT
        && match <&UnitCells>::try_from(places) {
            Ok(nine) => differ(nine),
            Err(_) => differ(places),
        } == 0
}

/// Whether unit `u` is among the units of [`quiet_units`] (none past the 64th).
pub(super) fn is_quiet(quiet: u64, u: usize) -> bool {
    u < 64 && quiet >> u & 1 != 0
}

/// Notes that search `search` in unit `u` found nothing on the cells `cells`.
pub(super) fn remember_quiet_unit(
    cx: &Engine,
    s: &State,
    search: usize,
    u: usize,
    cells: UnitCells,
) {
    let mut q = cx.caches.barren.quiet.borrow_mut();
    if q.shape != Some(s.shape()) {
        let units = s.unit_count();
        *q = QuietUnits {
            shape: Some(s.shape()),
            units,
            cells: vec![None; UNIT_SEARCHES * units],
        };
    }
    let at = search * q.units + u;
    q.cells[at] = Some(cells);
}

fn key(t: Technique, s: &State, d: u8) -> Key {
    let mut places = [0u64; WORDS];
    let board = s.board(d);
    places[..board.len()].copy_from_slice(board);
    let shape = s.shape();
    // Sizes are at most 25, so they fit a byte.
    (t, shape.size as u8, shape.box_rows as u8, d, places)
}

/// The places of digit `d` gone since the last barren search of the same technique and digit,
/// when every place now was a place then.
fn gone_since(b: &Cache, k: &Key) -> Option<Places> {
    let (t, size, rows, d, places) = *k;
    let last = b.last.borrow();
    let then = last.get(&(t, size, rows, d))?;
    let mut gone = [0u64; WORDS];
    for w in 0..WORDS {
        if places[w] & !then[w] != 0 {
            return None;
        }
        gone[w] = then[w] & !places[w];
    }
    Some(gone)
}

/// A record that grew past this many entries' room is given back down to [`SMALL_ROOM`] by
/// [`Cache::forget`]; a smaller one is only emptied.
const LARGE_ROOM: usize = 1024;
/// The room [`Cache::forget`] leaves a record that grew large.
const SMALL_ROOM: usize = 256;

impl Cache {
    /// Forgets the barren searches of one-digit techniques, for a new puzzle: its places are
    /// not another's, and the records a long path filled (up to [`CAPACITY`] entries each,
    /// about 2 MB in all) are slow to look in.
    pub fn forget(&mut self) {
        // The same for each record (two sets and a map, which share no trait for this).
        macro_rules! empty {
            ($record:ident) => {{
                let r = self.$record.get_mut();
                r.clear();
                if r.capacity() > LARGE_ROOM {
                    r.shrink_to(SMALL_ROOM);
                }
            }};
        }
        empty!(barren_small);
        empty!(barren);
        empty!(last);
    }
}

/// `k` as a [`SmallKey`], when its places lie in the first 128 cells.
fn small(k: &Key) -> Option<SmallKey> {
    let (t, size, rows, d, places) = *k;
    (places[2..].iter().all(|&w| w == 0)).then(|| {
        (
            t,
            size,
            rows,
            d,
            u128::from(places[0]) | u128::from(places[1]) << 64,
        )
    })
}

/// True when a search on `k` was remembered as barren.
fn is_barren(b: &Cache, k: &Key) -> bool {
    match small(k) {
        Some(sk) => b.barren_small.borrow().contains(&sk),
        None => b.barren.borrow().contains(k),
    }
}

fn remember(b: &Cache, k: Key) {
    let (t, size, rows, d, places) = k;
    {
        let mut last = b.last.borrow_mut();
        if last.len() >= CAPACITY {
            last.clear();
        }
        last.insert((t, size, rows, d), places);
    }
    fn insert<T: std::hash::Hash + Eq>(set: &RefCell<FxHashSet<T>>, k: T) {
        let mut b = set.borrow_mut();
        if b.len() >= CAPACITY {
            b.clear();
        }
        b.insert(k);
    }
    match small(&k) {
        Some(sk) => insert(&b.barren_small, sk),
        None => insert(&b.barren, k),
    }
}

/// Runs `search` for digit `d` of technique `t`, unless the same search found nothing before
/// on the same places. `search` returns whether it found an instance; `exhaustive` says whether
/// it would have reported any instance at all (then finding none is remembered).
pub(super) fn search_digit(
    cx: &Engine,
    t: Technique,
    s: &State,
    d: u8,
    exhaustive: bool,
    search: impl FnOnce() -> bool,
) {
    search_digit_since(cx, t, s, d, exhaustive, |_| search());
}

/// [`search_digit`] for a search that can look only at what changed: `search` gets the places
/// (bit `c` for cell `c`) that held the digit at the last barren search of this technique and
/// digit and hold it no more, when every place now held it then. An instance that those places
/// leave as it was then removed nothing then and removes nothing now, so `search` may skip every
/// instance it can show to be such (for a fish, one whose base units hold none of them), and
/// must report the others as a full search would.
pub(super) fn search_digit_since(
    cx: &Engine,
    t: Technique,
    s: &State,
    d: u8,
    exhaustive: bool,
    search: impl FnOnce(Option<&[u64]>) -> bool,
) {
    let b = &cx.caches.barren;
    let k = key(t, s, d);
    if is_barren(b, &k) {
        return;
    }
    // Every place in a template: no one-digit technique finds anything (see `templates.rs`).
    if templates::every_place_fits(cx, s, d) {
        if exhaustive {
            remember(b, k);
        }
        return;
    }
    let gone = gone_since(b, &k);
    if gone.is_some_and(|g| g.iter().all(|&w| w == 0)) {
        return; // the same places as a barren search: nothing
    }
    if !search(gone.as_ref().map(|g| &g[..])) && exhaustive {
        remember(b, k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{bit, Grid, Shape};

    fn state() -> State {
        empty(9)
    }

    /// An engine with templates off: an empty grid's places all fit, so nothing would be
    /// searched.
    fn templates_off() -> Engine {
        let mut cx = Engine::new();
        cx.search.templates_off = true;
        cx
    }

    fn empty(n: usize) -> State {
        State::new(&Grid::from_values(Shape::for_size(n).unwrap(), vec![0; n * n]).unwrap())
    }

    /// On 9x9 (its places kept under a small key) and 16x16 (256 cells, under the whole key).
    #[test]
    fn a_barren_search_is_skipped_only_for_the_same_places() {
        let cx = templates_off();
        for n in [9, 16] {
            let mut s = empty(n);
            let mut runs = 0;
            for _ in 0..2 {
                search_digit(&cx, Technique::XWing, &s, 5, true, || {
                    runs += 1;
                    false
                });
            }
            assert_eq!(runs, 1, "the second search on the same places is skipped");
            s.eliminate(0, bit(5));
            search_digit(&cx, Technique::XWing, &s, 5, true, || {
                runs += 1;
                false
            });
            assert_eq!(runs, 2, "other places search again");
            search_digit(&cx, Technique::Swordfish, &s, 5, true, || {
                runs += 1;
                false
            });
            assert_eq!(runs, 3, "another technique searches again");
        }
    }

    /// A forgotten barren search runs again, on 9x9 and 16x16; one remembered after that is
    /// skipped as before.
    #[test]
    fn a_forgotten_barren_search_runs_again() {
        let mut cx = templates_off();
        for n in [9, 16] {
            let s = empty(n);
            let mut runs = 0;
            let mut search = |cx: &Engine| {
                search_digit(cx, Technique::XWing, &s, 5, true, || {
                    runs += 1;
                    false
                })
            };
            search(&cx);
            cx.caches.barren.forget();
            search(&cx);
            search(&cx);
            assert_eq!(runs, 2, "searched again once after forgetting");
        }
    }

    /// A record that a long path grew is given back down to a small one when forgotten, so that
    /// the next puzzle looks in a small table.
    #[test]
    fn forgetting_gives_a_grown_record_back() {
        let mut b = Cache::default();
        for i in 0..4 * LARGE_ROOM as u128 {
            b.barren_small
                .get_mut()
                .insert((Technique::XWing, 9, 3, 1, i));
        }
        b.forget();
        let small = b.barren_small.get_mut();
        assert!(small.is_empty());
        assert!(
            small.capacity() <= LARGE_ROOM,
            "room for {}",
            small.capacity()
        );
    }

    /// Not only the last barren places are skipped: every barren search is remembered, on 9x9
    /// (under the small key) and on 16x16 (under the whole key).
    #[test]
    fn an_older_barren_search_is_skipped_too() {
        let cx = templates_off();
        for n in [9, 16] {
            let (whole, mut less) = (empty(n), empty(n));
            less.eliminate(0, bit(6));
            let mut runs = 0;
            for s in [&less, &whole, &less] {
                search_digit(&cx, Technique::Skyscraper, s, 6, true, || {
                    runs += 1;
                    false
                });
            }
            assert_eq!(
                runs, 2,
                "{n}x{n}: the first places are skipped the second time"
            );
        }
    }

    #[test]
    fn a_search_gets_the_places_gone_since_the_last_barren_one() {
        let cx = templates_off();
        let mut s = state();
        let mut seen = Vec::new();
        let search = |seen: &mut Vec<_>, s: &State, found: bool| {
            search_digit_since(&cx, Technique::FinnedXWing, s, 4, true, |gone| {
                seen.push(gone.map(|g| g.to_vec()));
                found
            });
        };
        search(&mut seen, &s, false);
        s.eliminate(3, bit(4));
        s.eliminate(70, bit(4));
        search(&mut seen, &s, true);
        s.eliminate(5, bit(4));
        search(&mut seen, &s, false);
        let mut gone = vec![0u64; WORDS];
        gone[0] = 1 << 3 | 1 << 5;
        gone[1] = 1 << (70 - 64);
        assert_eq!(seen[0], None, "nothing barren yet");
        assert_eq!(
            seen[1].as_ref().map(|g| g[..2].to_vec()),
            Some(vec![1 << 3, 1 << (70 - 64)])
        );
        assert_eq!(
            seen[2],
            Some(gone),
            "since the last barren search, not the last search"
        );
        // Places that are no subset (another state) are searched whole; the same places skip.
        let mut fresh = state();
        fresh.eliminate(10, bit(4));
        search(&mut seen, &fresh, false);
        assert_eq!(seen[3], None);
        search(&mut seen, &fresh, false);
        assert_eq!(
            seen.len(),
            4,
            "the same places as a barren search are skipped"
        );
    }

    #[test]
    fn a_search_that_found_something_or_was_not_exhaustive_is_not_remembered() {
        let cx = templates_off();
        let s = state();
        let mut runs = 0;
        for (exhaustive, found) in [(true, true), (false, false)] {
            for _ in 0..2 {
                search_digit(&cx, Technique::Jellyfish, &s, 7, exhaustive, || {
                    runs += 1;
                    found
                });
            }
        }
        assert_eq!(runs, 4);
    }

    #[test]
    fn a_digit_whose_places_all_fit_templates_is_not_searched_and_is_remembered() {
        let s = state();
        let mut cx = Engine::new();
        let mut runs = 0;
        search_digit(&cx, Technique::XWing, &s, 5, true, || {
            runs += 1;
            false
        });
        assert_eq!(runs, 0, "every place of an empty grid lies in a template");
        // The same engine with templates off: the record stands.
        cx.search.templates_off = true;
        search_digit(&cx, Technique::XWing, &s, 5, true, || {
            runs += 1;
            false
        });
        assert_eq!(runs, 0, "remembered as barren");
    }
}
