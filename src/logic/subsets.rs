//! Subsets: `k` cells of a unit holding only `k` digits between them (naked), or `k` digits of a
//! unit that fit only `k` cells (hidden). Either way those cells take those digits.

use crate::grid::{bit, digits, full_mask, Mask, MAX_SIZE};

use super::{
    barren,
    step::{removal_text, say, Part},
    Finder, State, Step, Technique,
};

/// Every `k`-element subset of `items`, in lexicographic order.
pub(super) fn combinations<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go<T: Copy>(items: &[T], k: usize, from: usize, pick: &mut Vec<T>, out: &mut Vec<Vec<T>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - pick.len() {
                break;
            }
            pick.push(items[i]);
            go(items, k, i + 1, pick, out);
            pick.pop();
        }
    }
    go(items, k, 0, &mut pick, &mut out);
    out
}

/// The largest subset searched (quadruples).
const MAX_K: usize = 4;

/// Calls `visit` with every `k` items (at most [`MAX_K`]) whose masks together have at most `k`
/// bits, in lexicographic order, and that union: a depth-first search that drops a branch as
/// soon as its union is too wide. Nothing is allocated: this runs for
/// every unit at every step of a path.
fn tight_sets<T: Copy + Default>(
    items: &[T],
    k: usize,
    mask: impl Fn(T) -> u32,
    visit: impl FnMut(&[T], u32),
) {
    struct Search<'a, T, M, V> {
        items: &'a [T],
        k: usize,
        mask: M,
        visit: V,
        pick: [T; MAX_K],
    }
    impl<T: Copy, M: Fn(T) -> u32, V: FnMut(&[T], u32)> Search<'_, T, M, V> {
        fn go(&mut self, len: usize, from: usize, union: u32) {
            if len == self.k {
                (self.visit)(&self.pick[..len], union);
                return;
            }
            for i in from..self.items.len() {
                if self.items.len() - i < self.k - len {
                    break;
                }
                let u = union | (self.mask)(self.items[i]);
                if u.count_ones() as usize > self.k {
                    continue;
                }
                self.pick[len] = self.items[i];
                self.go(len + 1, i + 1, u);
            }
        }
    }
    if k == 0 || k > MAX_K {
        return;
    }
    Search {
        items,
        k,
        mask,
        visit,
        pick: [T::default(); MAX_K],
    }
    .go(0, 0, 0);
}

/// The fewest candidates a cell of a naked or locked subset may have: 2 on a solving path, 1
/// when every step is wanted (as HoDoKu's "find all steps" counts a cell left with one
/// candidate in a subset; on a path its naked single comes first).
pub(super) fn least_in_subset(f: &Finder<'_>) -> u32 {
    if f.wants_all() {
        1
    } else {
        2
    }
}

/// The naked subsets among `cells`: every `k` empty cells whose candidates together are `k`
/// digits, with those digits, each cell with at least `least` candidates (see
/// [`least_in_subset`]), that `wanted` keeps (given the cells and the digits; most subsets a
/// path meets removed what they could long ago, and nothing is built for those).
pub(super) fn naked_sets(
    s: &State,
    cells: &[usize],
    k: usize,
    least: u32,
    wanted: impl Fn(&[usize], Mask) -> bool,
) -> Vec<(Vec<usize>, Mask)> {
    // On the stack: this runs for every unit at every step of a path.
    let mut open = [0usize; MAX_SIZE];
    let mut len = 0;
    for &c in cells.iter().take(MAX_SIZE) {
        if s.value(c) == 0 && (least..=k as u32).contains(&s.cands(c).count_ones()) {
            open[len] = c;
            len += 1;
        }
    }
    if len < k {
        return Vec::new();
    }
    let mut out = Vec::new();
    tight_sets(
        &open[..len],
        k,
        |c| s.cands(c),
        |combo, union| {
            if union.count_ones() as usize == k && wanted(combo, union) {
                out.push((combo.to_vec(), union));
            }
        },
    );
    out
}

/// The empty cells with `least` to `k` candidates, those a naked subset of `k` cells is made
/// of (see [`naked_sets`]), as a bit set over the cells; `None` for shapes of more than 128
/// cells. A unit with fewer than `k` of them holds no such subset, which is cheaper to tell
/// than to search.
pub(super) fn small_cells(f: &Finder<'_>, k: usize, least: u32) -> Option<u128> {
    f.count_planes().map(|count| {
        (least as usize..=k.min(31)).fold(0u128, |small, v| {
            let equal = (0..5).fold(!0u128, |m, i| {
                m & if v >> i & 1 != 0 { count[i] } else { !count[i] }
            });
            small | equal
        })
    })
}

/// True when the cells of `bits` (a unit's, or part of one) may hold a naked subset of `k`
/// cells, given [`small_cells`].
pub(super) fn may_hold(small: Option<u128>, bits: u128, k: usize) -> bool {
    small.is_none_or(|m| (m & bits).count_ones() as usize >= k)
}

/// What a naked subset removes from the cells of `others` outside it: their candidates among
/// its digits.
pub(super) fn subset_removals(
    s: &State,
    others: impl IntoIterator<Item = usize>,
    subset: &[usize],
    digits: Mask,
) -> Vec<(usize, Mask)> {
    others
        .into_iter()
        .filter(|c| !subset.contains(c) && s.cands(*c) & digits != 0)
        .map(|c| (c, s.cands(c) & digits))
        .collect()
}

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuadruple,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuadruple,
    }
}

/// `k` cells of a unit whose candidates together are `k` digits: those digits leave the rest of
/// the unit.
pub(super) fn naked(f: &mut Finder<'_>, k: usize) {
    let wordless = f.quiet();
    let s = f.state;
    let n = s.size();
    let least = least_in_subset(f);
    let small = small_cells(f, k, least);
    let unit_bits = &s.tables().unit_cell_bits;
    // A solving path's search in a unit reads the unit's cells alone: one that found nothing
    // is not made again on the same cells (every step wanted, subsets of one cell count too).
    let remember = !f.wants_all();
    let quiet = if remember {
        barren::quiet_units(f.cx, s, k - 2)
    } else {
        0
    };
    // Boxes first, then rows and columns.
    for u in (2 * n..3 * n).chain(0..2 * n) {
        if !may_hold(small, unit_bits.get(u).copied().unwrap_or(0), k) || barren::is_quiet(quiet, u)
        {
            continue;
        }
        let cells = remember.then(|| barren::unit_cells(s, u)).flatten();
        // Only a subset that some other cell of the unit still sees is a step.
        let clears = |combo: &[usize], union: Mask| {
            (s.unit(u).iter()).any(|&c| s.cands(c) & union != 0 && !combo.contains(&c))
        };
        let found = naked_sets(s, s.unit(u), k, least, clears);
        if let (true, Some(c)) = (found.is_empty(), cells) {
            barren::remember_quiet_unit(f.cx, s, k - 2, u, c);
        }
        for (combo, union) in found {
            let elims = subset_removals(s, s.unit(u).iter().copied(), &combo, union);
            let unit = s.unit_name(u);
            let text = say(wordless, || {
                format!(
                    "In {unit}, {} hold only {} between them, so {}.",
                    s.names_text(&combo),
                    s.syms_text(union),
                    removal_text(s, &elims)
                )
            });
            let step = Step::new(naked_technique(k), text)
                .eliminate(elims)
                .figure(wordless, |fig| {
                    fig.role(Part::Subset, combo.iter().copied(), union)
                })
                .cells(combo)
                .unit(unit);
            if f.add(step) {
                return;
            }
        }
    }
}

/// `k` digits of a unit that fit only `k` cells between them: those cells lose every other
/// candidate.
pub(super) fn hidden(f: &mut Finder<'_>, k: usize) {
    let wordless = f.quiet();
    let s = f.state;
    let n = s.size();
    // As for naked subsets: a solving path's search that found nothing in a unit is not made
    // again on the same cells.
    let remember = !f.wants_all();
    let quiet = if remember {
        barren::quiet_units(f.cx, s, 3 + k - 2)
    } else {
        0
    };
    for u in (2 * n..3 * n).chain(0..2 * n) {
        if barren::is_quiet(quiet, u) {
            continue;
        }
        let cells = remember.then(|| barren::unit_cells(s, u)).flatten();
        let mut open = [0u8; MAX_SIZE];
        let mut len = 0;
        for d in digits(full_mask(n) & !s.placed_in(u)) {
            if (1..=k as u32).contains(&s.places(u, d).count_ones()) {
                open[len] = d;
                len += 1;
            }
        }
        let mut found = Vec::new();
        // Only a subset whose cells hold some other digit is a step.
        let unit = s.unit(u);
        let clears = |combo: &[u8], places: u32| {
            let mask = combo.iter().fold(0, |m, &d| m | bit(d));
            (0..unit.len()).any(|i| places & (1 << i) != 0 && s.cands(unit[i]) & !mask != 0)
        };
        tight_sets(
            &open[..len],
            k,
            |d| s.places(u, d),
            |combo, places| {
                if places.count_ones() as usize == k && clears(combo, places) {
                    found.push((combo.to_vec(), places));
                }
            },
        );
        if let (true, Some(c)) = (found.is_empty(), cells) {
            barren::remember_quiet_unit(f.cx, s, 3 + k - 2, u, c);
        }
        for (combo, places) in found {
            let mask = combo.iter().fold(0, |m, &d| m | bit(d));
            let cells: Vec<usize> = s
                .unit(u)
                .iter()
                .enumerate()
                .filter(|&(i, _)| places & (1 << i) != 0)
                .map(|(_, &c)| c)
                .collect();
            let elims = subset_removals(s, cells.iter().copied(), &[], !mask);
            let unit = s.unit_name(u);
            let text = say(wordless, || {
                format!(
                    "In {unit}, {} fit only in {}, so {}.",
                    s.syms_text(mask),
                    s.names_text(&cells),
                    removal_text(s, &elims)
                )
            });
            let step = Step::new(hidden_technique(k), text)
                .eliminate(elims)
                .figure(wordless, |fig| {
                    fig.role(Part::Subset, cells.iter().copied(), mask)
                })
                .cells(cells)
                .unit(unit);
            if f.add(step) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Engine;

    /// Along the solving paths of every size (consecutive states, so that units come back
    /// unchanged), and at the stalls of hard puzzles with copies less some candidates, each
    /// subset search finds the same with the units remembered quiet skipped as with every unit
    /// searched.
    #[test]
    fn a_unit_remembered_quiet_would_find_nothing() {
        type Search = fn(&mut Finder<'_>, usize);
        let searches: [(Search, usize); 6] = [
            (naked, 2),
            (naked, 3),
            (naked, 4),
            (hidden, 2),
            (hidden, 3),
            (hidden, 4),
        ];
        let states = crate::logic::tests::path_states_and_pruned(29, 3)
            .into_iter()
            .chain(crate::logic::tests::stall_states(4));
        // One engine remembers along the states; the other searches every unit.
        let cx = Engine::new();
        let unremembered = crate::logic::tests::searching(|x| x.unremembered = true);
        let (mut states_seen, mut found) = (0, 0);
        for s in states {
            for &(search, k) in &searches {
                let run = |cx: &Engine, s: &State| {
                    let mut f = cx.finder(s, 1);
                    search(&mut f, k);
                    f.into_steps()
                };
                let remembered = run(&cx, &s);
                let full = run(&unremembered, &s);
                assert_eq!(remembered, full, "k {k}: {:?}", s.all_cands());
                found += usize::from(!full.is_empty());
            }
            states_seen += 1;
        }
        let skipped = cx.caches.barren.skipped.get();
        assert!(
            states_seen > 5000 && found > 20_000 && skipped > 100_000,
            "{states_seen} states, {found} subsets, {skipped} units skipped"
        );
    }
}
