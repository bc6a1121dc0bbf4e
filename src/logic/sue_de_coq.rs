//! Sue de Coq.
//! Not written yet: it finds nothing.

use super::Finder;

pub(super) fn sue_de_coq(f: &mut Finder<'_>) {
    let _ = f;
}
