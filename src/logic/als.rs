//! Almost locked sets: the XZ-Rule, ALS XY-Wing and ALS XY-Chain.
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn xz(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn xy_wing(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn xy_chain(f: &mut Finder<'_>) {
    let _ = f;
}
