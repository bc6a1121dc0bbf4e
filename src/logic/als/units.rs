//! The almost locked sets of one unit, in HoDoKu's order.

use super::*;

/// Compares two sets of cells as the sequences of their cells: HoDoKu's order of a unit's sets
/// (a set before the sets it begins, as a depth-first enumeration of the unit's cells meets
/// them).
pub(super) fn lex(mut a: Cells, mut b: Cells) -> std::cmp::Ordering {
    while a != 0 && b != 0 {
        let (x, y) = (a.trailing_zeros(), b.trailing_zeros());
        if x != y {
            return x.cmp(&y);
        }
        a &= a - 1;
        b &= b - 1;
    }
    (a != 0).cmp(&(b != 0))
}

/// The sets of unit `u` into `out`: each set once, in the first unit holding it (rows, then
/// columns, then boxes): a single cell in its row, a box's set lying in one row or column in
/// that line. `with_digit`: the cells holding each digit (a set's cells holding one are read
/// from it, so the sets still depend on the unit's cells' candidates alone); `union`: room for
/// `2^n` masks.
pub(super) fn unit_sets(
    s: &State,
    u: usize,
    with_digit: &[Cells; MAX_DIGITS],
    peers: &[u128],
    union: &mut [Mask],
    out: &mut Vec<Als>,
) {
    out.clear();
    let n = s.size();
    // A unit's empty cells, at most one per digit (the sets are searched up to 9 digits).
    let mut room = [0usize; MAX_DIGITS];
    let mut len = 0;
    for &c in s.unit(u).iter().filter(|&&c| s.value(c) == 0) {
        if let Some(slot) = room.get_mut(len) {
            *slot = c;
            len += 1;
        }
    }
    let open = &room[..len];
    for pick in 1usize..1 << open.len() {
        let low = pick.trailing_zeros() as usize;
        union[pick] = union[pick & (pick - 1)] | s.cands(open[low]);
        let k = pick.count_ones();
        if union[pick].count_ones() != k + 1 {
            continue;
        }
        let set: Cells = (0..open.len())
            .filter(|i| pick & 1 << i != 0)
            .fold(0, |m, i| m | 1 << open[i]);
        let one_line = |i: usize| {
            let mut cs = cells_of(set).map(|c| s.units_of(c)[i]);
            let first = cs.next();
            cs.all(|l| Some(l) == first)
        };
        let line = u >= 2 * n && (one_line(0) || one_line(1));
        if (u >= n && k == 1) || line {
            continue;
        }
        // Filled in where it lies: a set is some 300 bytes, and made first it was copied.
        out.push(Als {
            cells: set,
            cands: union[pick],
            unit: u,
            with: [0; MAX_DIGITS],
            buddies: [0; MAX_DIGITS],
        });
        let Some(a) = out.last_mut() else {
            continue;
        };
        for d in digits(a.cands) {
            let i = usize::from(d) - 1;
            let w = set & with_digit[i];
            a.with[i] = w;
            a.buddies[i] = cells_of(w).fold(!0, |m, c| m & peers[c]) & !set;
        }
    }
}
