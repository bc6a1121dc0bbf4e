//! Fish: basic (X-Wing, Swordfish, Jellyfish), finned and sashimi, Franken and finned Franken.
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn basic(f: &mut Finder<'_>, rows: usize) {
    let _ = (f, rows);
}

pub(super) fn finned(f: &mut Finder<'_>, rows: usize, sashimi: bool) {
    let _ = (f, rows, sashimi);
}

pub(super) fn franken(f: &mut Finder<'_>, rows: usize) {
    let _ = (f, rows);
}

pub(super) fn finned_franken(f: &mut Finder<'_>, rows: usize) {
    let _ = (f, rows);
}
