//! Uniqueness: BUG+1, Uniqueness Tests 1-6, Hidden Rectangle, Avoidable Rectangles 1-2. Valid only
//! in a puzzle known to have one solution.
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn bug_plus_1(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn uniqueness_test(f: &mut Finder<'_>, kind: u8) {
    let _ = (f, kind);
}

pub(super) fn hidden_rectangle(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn avoidable_rectangle(f: &mut Finder<'_>, kind: u8) {
    let _ = (f, kind);
}
