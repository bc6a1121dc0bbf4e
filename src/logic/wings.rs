//! Wings: Remote Pair, W-Wing, XY-Wing, XYZ-Wing.
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn remote_pair(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn w_wing(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn xy_wing(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn xyz_wing(f: &mut Finder<'_>) {
    let _ = f;
}
