//! Forcing chains and forcing nets (contradiction and verity).
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn forcing_chain(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn forcing_net(f: &mut Finder<'_>) {
    let _ = f;
}
