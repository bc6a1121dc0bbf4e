//! Coloring: Simple Colors (trap and wrap) and Multi-Colors.
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn simple_colors(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn multi_colors(f: &mut Finder<'_>) {
    let _ = f;
}
