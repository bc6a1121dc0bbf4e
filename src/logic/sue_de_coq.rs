//! Sue de Coq: where a box meets a line (row or column), two or more empty cells `C` hold
//! candidates `V`, at least two more than cells. Add cells `D` from the rest of the line and `E`
//! from the rest of the box, such that each part shares a digit with `V` and the cells of `C`,
//! `D` and `E` together hold exactly as many digits as they are cells, a digit of both `D` and
//! `E` counting twice. The intersection's third cell, when `C` has two, may join either part
//! (as HoDoKu's find all steps has it: on 14 positions, 30 of its 54 Sue de Coq steps need it).
//!
//! A digit sits at most once in the line part (`C` and `D`) and once in the box part (`C` and
//! `E`), so a digit of `D` only lies at most once in the pattern, and so do one of `E` only and
//! one of `C` only, while a digit of both `D` and `E` may lie twice, in `D` and in `E` (in `C`
//! it would be once). The count leaves no room: each is placed as often as it can be. So the
//! digits of `D`, and those of `V` not in `E`, leave the rest of the line; the digits of `E`,
//! and those of `V` not in `D`, leave the rest of the box. This includes the extended form,
//! where `D` and `E` bring digits outside `V`, and the one HoDoKu takes where they share digits
//! (on its solving paths of 160 top1465 puzzles, 2 of its 19 Sue de Coq steps).
//!
//! A third cell in a part lies in both units, so a digit of both parts cannot sit twice with
//! one of its places there; the count above is then only an upper bound, which the cells still
//! fill, so no digit falls short of it. The rest of the line keeps that cell when it is in the
//! box part (and the rest of the box when it is in the line part): a digit of both parts lies
//! in `D`, and so leaves it (`r1c6<>8` in a test case below).
//!
//! Grids of at most 9 digits (sizes 4, 6, 8 and 9); other sizes find nothing.

use crate::grid::{digits, Mask};

use super::{
    barren::{region, region_is_barren, remember_region},
    step::{removal_text, say, Part as Role},
    Finder, State, Step, Technique,
};

/// A set of cells: its bits (over the cells it is picked from, and [`LEFT`]), the union of its
/// candidates, and its base (see [`base`]), worked out once: the search drops parts by their
/// base again and again.
type Part = (u32, Mask, i32);

/// Every nonempty subset of `cells` as a [`Part`], by its bits in increasing order, into `out`
/// (reused from call to call).
fn subsets(s: &State, cells: &[usize], out: &mut Vec<Part>) {
    out.clear();
    for pick in 1usize..1 << cells.len() {
        let low = pick.trailing_zeros() as usize;
        let union = match pick & (pick - 1) {
            0 => 0,
            rest => out[rest - 1].1,
        };
        let union = union | s.cands(cells[low]);
        out.push((pick as u32, union, base(pick as u32, union)));
    }
}

/// The bit of a part that stands for the intersection's cell left out of `C` (past the bits of
/// the part's cells off the intersection, at most 8).
const LEFT: u32 = 1 << 31;

/// The parts one unit offers, into `out`: its subsets off the intersection (`sets`), then, when
/// a cell of the intersection is left out of `C` (with candidates `left`), that cell alone and
/// with each of them.
fn parts(sets: &[Part], left: Option<Mask>, out: &mut Vec<Part>) {
    out.clear();
    out.extend_from_slice(sets);
    if let Some(lc) = left {
        out.push((LEFT, lc, base(LEFT, lc)));
        out.extend(sets.iter().map(|&(p, u, _)| {
            let (p, u) = (p | LEFT, u | lc);
            (p, u, base(p, u))
        }));
    }
}

/// A part's cells less the digits they hold (at most 0 in a state where no cells hold fewer
/// digits than they are).
fn base(p: u32, u: Mask) -> i32 {
    p.count_ones() as i32 - u.count_ones() as i32
}

/// Drops the line parts and box parts whose base cannot reach `floor` with the best base of
/// the other unit: every base raised by `lift`, and the other unit's best at least `alone`
/// (what the parts may still become; see the search).
fn drop_poor(
    line: &mut Vec<Part>,
    boxes: &mut Vec<Part>,
    lift: i32,
    alone: Option<i32>,
    floor: i32,
) {
    let top = |parts: &[Part]| (parts.iter().map(|&(_, _, b)| b + lift).max()).max(alone);
    if let (Some(top_line), Some(top_box)) = (top(line), top(boxes)) {
        line.retain(|&(_, _, b)| b + lift + top_box >= floor);
        boxes.retain(|&(_, _, b)| b + lift + top_line >= floor);
    }
}

/// The cells of a part: `cells` picked by the bits of `p`, then the intersection's cell left
/// out of `C` when `p` has [`LEFT`].
fn pick(cells: &[usize], left: Option<usize>, p: u32) -> Vec<usize> {
    (0..cells.len())
        .filter(|&i| p & 1 << i != 0)
        .map(|i| cells[i])
        .chain(left.filter(|_| p & LEFT != 0))
        .collect()
}

/// Cells as a bit set over the grid.
fn bits(cells: &[usize]) -> u128 {
    cells.iter().fold(0, |m, &c| m | 1 << c)
}

/// The digits of a mask spaced for a sentence: `1 2 5`.
fn spaced(s: &State, m: Mask) -> String {
    digits(m)
        .map(|d| s.sym(d).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// An offset that keeps the box parts' side of the cell count equation (see [`sue_de_coq`])
/// from going below zero: a box part has at most 6 cells on 9x9.
const EXCESS: u32 = 16;

pub(super) fn sue_de_coq(f: &mut Finder<'_>) {
    search(f, true);
}

/// The search, parts too poor to meet the cell count dropped first when `prune` (see the
/// parts of each `C`; a test compares with the search that keeps them).
fn search(f: &mut Finder<'_>, prune: bool) {
    let quiet = f.quiet();
    let s = f.state;
    let n = s.size();
    if n > 9 {
        return;
    }
    let mut steps = Vec::new();
    // Scratch space, reused for every box-line pair.
    let (mut meet, mut line_out, mut box_out) = (Vec::new(), Vec::new(), Vec::new());
    let (mut line_sets, mut box_sets, mut meet_sets) = (Vec::new(), Vec::new(), Vec::new());
    let mut scratch = Scratch {
        line_parts: Vec::new(),
        box_parts: Vec::new(),
        by_excess: vec![Vec::new(); 2 * EXCESS as usize + 1],
    };
    // Every box with every line it meets in two cells or more, boxes in order, rows before
    // columns.
    for (at, x) in s.tables().intersections.iter().enumerate() {
        let (b, line) = (x.b, x.line);
        let (boxc, linec) = (s.unit(b), s.unit(line));
        meet.clear();
        meet.extend(x.cells.iter().copied().filter(|&c| s.value(c) == 0));
        if meet.len() < 2 {
            continue;
        }
        // What is found where a box meets a line depends on their cells only (on 9x9, 18).
        let cells = region(s, boxc.iter().chain(linec).copied());
        if region_is_barren(f.cx, Technique::SueDeCoq, at, &cells) {
            continue;
        }
        let found = steps.len();
        // The empty cells of one unit off the intersection (`inside`: its positions there).
        let rest = |cells: &[usize], inside: u32, out: &mut Vec<usize>| {
            out.clear();
            out.extend(
                (cells.iter().enumerate())
                    .filter(|&(i, &c)| inside & 1 << i == 0 && s.value(c) == 0)
                    .map(|(_, &c)| c),
            );
        };
        rest(linec, x.in_line, &mut line_out);
        rest(boxc, x.in_box, &mut box_out);
        subsets(s, &line_out, &mut line_sets);
        subsets(s, &box_out, &mut box_sets);
        subsets(s, &meet, &mut meet_sets);
        // The bases' bound below (see the parts of each `C`), for every `C` at once: the
        // intersection's cell left out of `C` adds at most 1 to a part's base, and alone has
        // a base of 1 less its candidates; `C` has at most all of the intersection's cells.
        let lift = i32::from(meet.len() > 2);
        let alone = (meet
            .iter()
            .map(|&c| 1 - s.cands(c).count_ones() as i32)
            .max())
        .filter(|_| lift > 0);
        if prune {
            let floor = -(meet.len() as i32);
            drop_poor(&mut line_sets, &mut box_sets, lift, alone, floor);
        }
        let m = Meeting {
            line,
            b,
            linec,
            boxc,
            meet: &meet,
            line_out: &line_out,
            box_out: &box_out,
            meet_sets: &meet_sets,
            line_sets: &line_sets,
            box_sets: &box_sets,
        };
        m.search(s, prune, &mut scratch, &mut steps);
        if steps.len() == found {
            remember_region(f.cx, Technique::SueDeCoq, at, cells);
        }
    }
    let steps: Vec<Step> = (steps.into_iter()).map(|p| p.step(quiet, s)).collect();
    f.add_best(steps);
}

/// Where a box meets a line: the two units and their cells, and the empty cells of the
/// intersection and of each unit off it.
struct Meeting<'a> {
    line: usize,
    b: usize,
    linec: &'a [usize],
    boxc: &'a [usize],
    meet: &'a [usize],
    line_out: &'a [usize],
    box_out: &'a [usize],
    /// The subsets of `meet`, `line_out` and `box_out` (see [`subsets`]).
    meet_sets: &'a [Part],
    line_sets: &'a [Part],
    box_sets: &'a [Part],
}

/// Scratch space of [`search`], reused for every box-line pair and every `C`.
struct Scratch {
    line_parts: Vec<Part>,
    box_parts: Vec<Part>,
    /// Box parts by |VB| - |E| - |VB n V| + EXCESS (from EXCESS - 6 to EXCESS + 9 on 9x9).
    by_excess: Vec<Vec<(u32, Mask)>>,
}

/// The intersection's cells `C` of a pattern (positions `cp` in the intersection's empty
/// cells), their digits `V`, and the intersection's cell left out of `C`, if any.
struct Core {
    cp: u32,
    v: Mask,
    left: Option<usize>,
}

/// One Sue de Coq found: its units, the cells `C` of the intersection, `D` of the line and `E`
/// of the box, the digits of each, and what it removes.
struct Pattern {
    line: usize,
    b: usize,
    c: Vec<usize>,
    d: Vec<usize>,
    e: Vec<usize>,
    v: Mask,
    vl: Mask,
    vb: Mask,
    elims: Vec<(usize, Mask)>,
}

impl Meeting<'_> {
    /// Adds to `out` every pattern of this meeting: each set of two or more intersection cells
    /// `C` with a part of the line and one of the box.
    fn search(&self, s: &State, prune: bool, scratch: &mut Scratch, out: &mut Vec<Pattern>) {
        let Scratch {
            line_parts,
            box_parts,
            by_excess,
        } = scratch;
        for &(cp, v, _) in self.meet_sets {
            let k = cp.count_ones();
            if k < 2 || v.count_ones() < k + 2 {
                continue;
            }
            // The cell of the intersection left out of `C`, if any, may join either part (not
            // both).
            let left = (0..self.meet.len())
                .find(|&i| cp & 1 << i == 0)
                .map(|i| self.meet[i]);
            parts(self.line_sets, left.map(|c| s.cands(c)), line_parts);
            parts(self.box_sets, left.map(|c| s.cands(c)), box_parts);
            // A part's cells less its digits, its base, falls short of its surplus (cells
            // less digits outside `V`) by the digits of `V` it holds, and the two parts hold
            // different digits of `V`: so the surplus |V| - |C| the equation below asks of the
            // two needs their bases to sum to -|C| or more. Most parts fall short of that.
            if prune {
                drop_poor(line_parts, box_parts, 0, None, -(k as i32));
            }
            // With no digit of `V` in both parts, the pattern's digits number
            // |V u VL| + |VB| - |VB n V| (a digit of both parts counted twice), so it has as
            // many cells as digits exactly when |VB| - |E| - |VB n V| = |C| + |D| - |V u VL|.
            // The box parts that share a digit with `V`, by their side of that equation.
            for bucket in by_excess.iter_mut() {
                bucket.clear();
            }
            for &(ep, vb, _) in box_parts.iter() {
                if vb & v != 0 {
                    let excess = vb.count_ones() + EXCESS - ep.count_ones() - (vb & v).count_ones();
                    by_excess[excess as usize].push((ep, vb));
                }
            }
            let core = Core { cp, v, left };
            self.patterns(s, &core, line_parts, by_excess, out);
        }
    }

    /// Adds to `out` the patterns of `core` with a line part of `line_parts` and a box part of
    /// `by_excess` (the box parts by their side of the cell count equation, see [`search`]).
    fn patterns(
        &self,
        s: &State,
        core: &Core,
        line_parts: &[Part],
        by_excess: &[Vec<(u32, Mask)>],
        out: &mut Vec<Pattern>,
    ) {
        let Core { cp, v, left } = *core;
        let k = cp.count_ones();
        let box_len = self.box_out.len() + left.iter().len();
        for &(dp, vl, _) in line_parts.iter().filter(|&&(_, vl, _)| vl & v != 0) {
            let kd = k + dp.count_ones();
            // The line part alone may not need more digits than the pattern has cells.
            if (v | vl).count_ones() > kd + box_len as u32 {
                continue;
            }
            let Some(wanted) = (kd + EXCESS).checked_sub((v | vl).count_ones()) else {
                continue;
            };
            let Some(bucket) = by_excess.get(wanted as usize) else {
                continue;
            };
            // A box part shares a digit with `V` and none with `V n VL` (below), so `V` needs
            // a digit outside `VL`.
            if v & !vl == 0 {
                continue;
            }
            for &(ep, vb) in bucket {
                // Digits of both parts lie outside `V` (as HoDoKu takes them); with that, the
                // bucket holds the cell count equation. The third cell joins one part.
                if vb & vl & v != 0 || dp & ep & LEFT != 0 {
                    continue;
                }
                debug_assert_eq!(
                    (v | vl | vb).count_ones() + (vl & vb).count_ones(),
                    kd + ep.count_ones()
                );
                let c = pick(self.meet, None, cp);
                let d = pick(self.line_out, left, dp);
                let e = pick(self.box_out, left, ep);
                if let Some(p) = self.pattern(s, (c, d, e), (v, vl, vb)) {
                    out.push(p);
                }
            }
        }
    }

    /// The pattern of cells `C`, `D`, `E` with digits `V`, `VL`, `VB`, when it removes a
    /// candidate: the line's other cells lose the digits of `D` and `C`'s that are not `E`'s,
    /// the box's the digits of `E` and `C`'s that are not `D`'s.
    fn pattern(
        &self,
        s: &State,
        (c, d, e): (Vec<usize>, Vec<usize>, Vec<usize>),
        (v, vl, vb): (Mask, Mask, Mask),
    ) -> Option<Pattern> {
        // The cells holding any digit of a mask (asked only where a pattern stands, so not
        // made for every mask up front).
        let holding = |m: Mask| digits(m).fold(0u128, |h, d| h | s.board_bits(d));
        let from_line = vl | (v & !vb);
        let from_box = vb | (v & !vl);
        let line_hit = bits(self.linec) & !bits(&c) & !bits(&d) & holding(from_line);
        let box_hit = bits(self.boxc) & !bits(&c) & !bits(&e) & holding(from_box);
        if line_hit | box_hit == 0 {
            return None;
        }
        let mut elims: Vec<(usize, Mask)> = Vec::new();
        for &x in self.linec.iter().filter(|&&x| line_hit & 1 << x != 0) {
            elims.push((x, s.cands(x) & from_line));
        }
        for &x in self.boxc.iter().filter(|&&x| box_hit & 1 << x != 0) {
            elims.push((x, s.cands(x) & from_box));
        }
        Some(Pattern {
            line: self.line,
            b: self.b,
            c,
            d,
            e,
            v,
            vl,
            vb,
            elims,
        })
    }
}

impl Pattern {
    fn step(self, quiet: bool, s: &State) -> Step {
        let Pattern {
            line,
            b,
            c,
            d,
            e,
            v,
            vl,
            vb,
            elims,
        } = self;
        let (lu, bu) = (s.unit_name(line), s.unit_name(b));
        let mut step = Step::new(Technique::SueDeCoq, String::new()).eliminate(elims);
        let twice = vl & vb;
        let text = say(quiet, || {
            format!(
            "Sue de Coq: {} where {bu} meets {lu} hold {}; with {} ({}) in {lu} and {} ({}) in {bu}, these {} cells hold exactly {} digits{}, so {}.",
            s.names_text(&c),
            spaced(s, v),
            s.names_text(&d),
            spaced(s, vl),
            s.names_text(&e),
            spaced(s, vb),
            c.len() + d.len() + e.len(),
            (v | vl | vb).count_ones(),
            if twice == 0 {
                String::new()
            } else {
                format!(", {} once in each part", s.syms_text(twice))
            },
            removal_text(s, &step.eliminations)
        )
        });
        step.explanation = text.into_boxed_str();
        let held = |cells: &[usize]| cells.iter().fold(0, |m, &x| m | s.cands(x));
        step.figure(quiet, |fig| {
            fig.role(Role::Intersection, c.iter().copied(), held(&c));
            fig.role(Role::Als, d.iter().copied(), held(&d));
            fig.role(Role::Als, e.iter().copied(), held(&e));
        })
        .cells(c.into_iter().chain(d).chain(e))
        .unit(lu)
        .unit(bu)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};
    use crate::logic::Engine;

    /// The start of a 9x9 puzzle given as a one-liner (`.` an empty cell).
    fn one_liner(text: &str) -> State {
        let values = (text.bytes())
            .map(|b| b.saturating_sub(b'0').min(9))
            .collect();
        State::new(&Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap())
    }

    fn run(cx: &Engine, state: &State, limit: usize) -> Vec<Step> {
        let mut f = cx.finder(state, limit);
        sue_de_coq(&mut f);
        f.into_steps()
    }

    #[test]
    fn parts_too_poor_for_the_count_are_dropped_and_nothing_else() {
        // The solving paths' states, and copies with candidates taken away (some broken).
        // Every intersection searched, remembered barren or not (see the next test).
        let cx = crate::logic::tests::searching(|x| x.unremembered = true);
        let (mut states, mut found) = (0, 0);
        for s in crate::logic::tests::path_states_and_pruned(13, 2) {
            let each = |prune| {
                let mut f = cx.finder(&s, 100);
                search(&mut f, prune);
                f.into_steps()
            };
            let all = each(false);
            assert_eq!(each(true), all, "{:?}", s.all_cands());
            states += 1;
            found += usize::from(!all.is_empty());
        }
        assert!(
            states > 1000 && found > 20,
            "{states} states, {found} with a Sue de Coq"
        );
    }

    #[test]
    fn an_intersection_remembered_barren_would_find_nothing() {
        // Along the solving paths of top1465 puzzles that take a Sue de Coq, each state's
        // steps (the first, and every one) with the intersections remembered barren skipped
        // and with every intersection searched.
        const TOP: [&str; 5] = [
            "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..",
            "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..",
            "...9.31..6.7....8.2.........5....4......6..2..1.......8...7.......3..5.....4....9",
            "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......",
            "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........",
        ];
        // One engine remembers along the paths; the other searches every intersection.
        let cx = Engine::new();
        let unremembered = crate::logic::tests::searching(|x| x.unremembered = true);
        let (mut states, mut found) = (0, 0);
        for line in TOP {
            let start = one_liner(line);
            let path = crate::logic::solve(start.clone(), &crate::logic::Options::default());
            let mut s = start;
            for step in &path.steps {
                for limit in [1, 100] {
                    let remembered = run(&cx, &s, limit);
                    let full = run(&unremembered, &s, limit);
                    assert_eq!(remembered, full, "{:?}", s.all_cands());
                    found += usize::from(!full.is_empty());
                }
                states += 1;
                s.apply(step);
            }
        }
        let skipped = cx.caches.barren.skipped.get();
        assert!(
            states > 300 && found > 200 && skipped > 10_000,
            "{states} states, {found} with a Sue de Coq, {skipped} intersections skipped"
        );
    }
}
