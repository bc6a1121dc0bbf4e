//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn skyscraper(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn two_string_kite(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn turbot_fish(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn empty_rectangle(f: &mut Finder<'_>) {
    let _ = f;
}
