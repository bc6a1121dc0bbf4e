//! Intersections of a box with a row or column: a digit of a box confined to one line (pointing),
//! a digit of a line confined to one box (claiming), and a naked pair or triple inside such an
//! intersection that clears both the line and the box (locked pair, locked triple).

use crate::grid::{bit, digits, Intersection, Mask};

use super::subsets::{least_in_subset, may_hold, naked_sets, small_cells, subset_removals};
use super::{
    step::{removal_text, say, Part},
    Finder, Step, Technique,
};

/// For each box and each line crossing it in more than one cell: the box, the line, the shared
/// cells and their positions in both.
fn intersections(f: &Finder<'_>) -> &'static [Intersection] {
    &f.state.tables().intersections
}

/// In a box, a digit whose places all lie in one line is removed from the rest of that line.
pub(super) fn pointing(f: &mut Finder<'_>) {
    confined(f, true);
}

/// In a line, a digit whose places all lie in one box is removed from the rest of that box.
pub(super) fn claiming(f: &mut Finder<'_>) {
    confined(f, false);
}

/// The order HoDoKu takes them in: unit by unit (boxes for pointing, rows then columns for
/// claiming), in each unit digit by digit, and for a digit each line (or box) it crosses.
fn confined(f: &mut Finder<'_>, pointing: bool) {
    let s = f.state;
    let tables = s.tables();
    let all = &tables.intersections;
    for group in &tables.confine_groups[usize::from(!pointing)] {
        for (i, &places) in s.unit_places(group.unit).iter().enumerate() {
            // A digit with more places in the unit than any intersection has cells, or none, is
            // confined to no intersection.
            if places == 0 || places.count_ones() > group.widest {
                continue;
            }
            let d = i as u8 + 1;
            for &(x, inside) in &group.members {
                // The places in the unit, all inside the intersection (here, where it is
                // cheap: most are not).
                if places & !inside == 0 && confined_in(f, &all[x], pointing, d) {
                    return;
                }
            }
        }
    }
}

/// Offers the step of digit `d` confined to intersection `x`, if it is. Returns true when the
/// finder has enough.
fn confined_in(f: &mut Finder<'_>, x: &Intersection, pointing: bool, d: u8) -> bool {
    let quiet = f.quiet();
    let s = f.state;
    // Pointing: the digit is confined in the box, eliminated in the line; claiming: the other
    // way round.
    let ((from, in_from), (to, in_to)) = if pointing {
        ((x.b, x.in_box), (x.line, x.in_line))
    } else {
        ((x.line, x.in_line), (x.b, x.in_box))
    };
    // In the intersection, nowhere else in `from`, and somewhere else in `to`.
    let (pf, pt) = (s.places(from, d), s.places(to, d));
    if pf == 0 || pf & !in_from != 0 || pt & !in_to == 0 {
        return false;
    }
    let places = s.cells_with(from, d);
    let elims: Vec<(usize, Mask)> = s
        .cells_with(to, d)
        .into_iter()
        .filter(|c| !x.cells.contains(c))
        .map(|c| (c, bit(d)))
        .collect();
    let (tech, from_u, to_u) = if pointing {
        (
            Technique::LockedCandidatesPointing,
            s.unit_name(x.b),
            s.unit_name(x.line),
        )
    } else {
        (
            Technique::LockedCandidatesClaiming,
            s.unit_name(x.line),
            s.unit_name(x.b),
        )
    };
    let text = say(quiet, || {
        format!(
            "In {from_u}, {} lies only in {} ({}), so {}.",
            s.sym(d),
            to_u,
            s.names_text(&places),
            removal_text(s, &elims)
        )
    });
    let step = Step::new(tech, text)
        .eliminate(elims)
        .figure(quiet, |fig| {
            fig.role(Part::Locked, places.iter().copied(), bit(d))
        })
        .cells(places)
        .unit(from_u)
        .unit(to_u);
    f.add(step)
}

/// `k` cells of a box-line intersection holding `k` digits between them: the digits go in those
/// cells, so they leave the rest of the box and of the line. Only a subset that removes digits
/// from both counts as locked; one that clears a single unit is that unit's naked subset.
pub(super) fn locked_subset(f: &mut Finder<'_>, k: usize) {
    let quiet = f.quiet();
    let s = f.state;
    let tech = if k == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    let least = least_in_subset(f);
    let small = small_cells(f, k, least);
    let tables = s.tables();
    for x in intersections(f) {
        // Read first, alone: most intersections stop here.
        if !may_hold(small, x.bits, k) {
            continue;
        }
        let Intersection {
            b,
            line,
            ref cells,
            bits,
            ..
        } = *x;
        // Locked only when it clears something in the box outside the line and something in
        // the line outside the box; otherwise it is a naked subset of one unit (as HoDoKu
        // counts it: a removal from the intersection's third cell alone is the line's, or the
        // box's, naked subset). Most subsets found have cleared both long ago: up to 128
        // cells, the digits' boards tell at once.
        let clears_both = |_: &[usize], union: Mask| {
            bits == 0 || {
                let unit_bits = &tables.unit_cell_bits;
                let holders = digits(union).fold(0u128, |m, d| m | s.board_bits(d));
                let clears = |u: usize| holders & unit_bits[u] & !bits != 0;
                clears(b) && clears(line)
            }
        };
        for (combo, union) in naked_sets(s, cells, k, least, clears_both) {
            let in_box = subset_removals(s, s.unit(b).iter().copied(), &combo, union);
            let in_line = subset_removals(s, s.unit(line).iter().copied(), &combo, union);
            let outside = |elims: &[(usize, Mask)]| elims.iter().any(|e| !cells.contains(&e.0));
            if !outside(&in_box) || !outside(&in_line) {
                continue;
            }
            let elims: Vec<(usize, Mask)> = in_box.into_iter().chain(in_line).collect();
            let (bu, lu) = (s.unit_name(b), s.unit_name(line));
            let text = say(quiet, || {
                format!(
                    "{} hold only {} between them and lie in both {bu} and {lu}, so {}.",
                    s.names_text(&combo),
                    s.syms_text(union),
                    removal_text(s, &sorted(elims.clone()))
                )
            });
            let mut step = Step::new(tech, text)
                .eliminate(elims)
                .figure(quiet, |fig| {
                    fig.role(Part::Subset, combo.iter().copied(), union)
                })
                .cells(combo);
            // The units even while quiet: applying the step reads the line (see
            // `State::apply`).
            step.units = vec![bu, lu];
            if f.add(step) {
                return;
            }
        }
    }
}

fn sorted(mut v: Vec<(usize, Mask)>) -> Vec<(usize, Mask)> {
    v.sort_unstable();
    v.dedup();
    v
}
