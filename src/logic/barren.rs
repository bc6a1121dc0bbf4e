//! Remembering one-digit searches that found nothing.
//!
//! Fish and the single-digit patterns look at one digit at a time, and what they find for a
//! digit depends only on the cells where that digit is still a candidate. Along a solving path
//! a step changes the places of one or two digits, so the same searches would run again and
//! again on places they already found empty. This keeps, per thread, the (technique, shape,
//! digit, places) whose search found nothing, and the searches skip those. A skipped search
//! would have found nothing, so steps, paths and ratings are exactly what they were without it.
//!
//! Only an exhaustive search may be remembered as barren: one that would have reported any
//! instance, not one that was looking only for instances better than an earlier digit's.

use std::cell::RefCell;

use rustc_hash::FxHashSet;

use super::{State, Technique};

/// The most cells a grid has (25x25), in 64-bit words.
const WORDS: usize = 10;

/// Entries kept per thread before the memory is dropped and filling starts again: about 1 MB.
const CAPACITY: usize = 1 << 14;

/// A digit's places: bit `c` set when cell `c` still has the digit.
type Places = [u64; WORDS];

/// (technique, size, box rows, digit, places).
type Key = (Technique, u8, u8, u8, Places);

thread_local! {
    static BARREN: RefCell<FxHashSet<Key>> = RefCell::new(FxHashSet::default());
}

fn key(t: Technique, s: &State, d: u8) -> Key {
    let mut places = [0u64; WORDS];
    let board = s.board(d);
    places[..board.len()].copy_from_slice(board);
    let shape = s.shape();
    // Sizes are at most 25, so they fit a byte.
    (t, shape.size as u8, shape.box_rows as u8, d, places)
}

/// Runs `search` for digit `d` of technique `t`, unless the same search found nothing before
/// on the same places. `search` returns whether it found an instance; `exhaustive` says whether
/// it would have reported any instance at all (then finding none is remembered).
pub(super) fn search_digit(
    t: Technique,
    s: &State,
    d: u8,
    exhaustive: bool,
    search: impl FnOnce() -> bool,
) {
    let k = key(t, s, d);
    if BARREN.with(|b| b.borrow().contains(&k)) {
        return;
    }
    if !search() && exhaustive {
        BARREN.with(|b| {
            let mut b = b.borrow_mut();
            if b.len() >= CAPACITY {
                b.clear();
            }
            b.insert(k);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{bit, Grid, Shape};

    fn state() -> State {
        let values = vec![0; 81];
        State::new(&Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap())
    }

    #[test]
    fn a_barren_search_is_skipped_only_for_the_same_places() {
        let mut s = state();
        let mut runs = 0;
        for _ in 0..2 {
            search_digit(Technique::XWing, &s, 5, true, || {
                runs += 1;
                false
            });
        }
        assert_eq!(runs, 1, "the second search on the same places is skipped");
        s.eliminate(0, bit(5));
        search_digit(Technique::XWing, &s, 5, true, || {
            runs += 1;
            false
        });
        assert_eq!(runs, 2, "other places search again");
        search_digit(Technique::Swordfish, &s, 5, true, || {
            runs += 1;
            false
        });
        assert_eq!(runs, 3, "another technique searches again");
    }

    #[test]
    fn a_search_that_found_something_or_was_not_exhaustive_is_not_remembered() {
        let s = state();
        let mut runs = 0;
        for (exhaustive, found) in [(true, true), (false, false)] {
            for _ in 0..2 {
                search_digit(Technique::Jellyfish, &s, 7, exhaustive, || {
                    runs += 1;
                    found
                });
            }
        }
        assert_eq!(runs, 4);
    }
}
