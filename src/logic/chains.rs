//! Chains and loops: X-Chain, XY-Chain, Nice Loop / AIC and their grouped forms.
//! Not written yet: these find nothing.

use super::Finder;

pub(super) fn x_chain(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn xy_chain(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn nice_loop(f: &mut Finder<'_>) {
    let _ = f;
}

pub(super) fn grouped_nice_loop(f: &mut Finder<'_>) {
    let _ = f;
}
