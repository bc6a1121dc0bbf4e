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
    // The cells holding any digit of a mask (asked only where a pattern stands, so not made
    // for every mask up front).
    let holding = |m: Mask| digits(m).fold(0u128, |h, d| h | s.board_bits(d));
    // Box parts by |VB| - |E| - |VB n V| + EXCESS (from EXCESS - 6 to EXCESS + 9 on 9x9).
    let mut by_excess: Vec<Vec<(u32, Mask)>> = vec![Vec::new(); 2 * EXCESS as usize + 1];
    // Scratch space, reused for every box-line pair.
    let (mut meet, mut line_out, mut box_out) = (Vec::new(), Vec::new(), Vec::new());
    let (mut line_sets, mut box_sets, mut meet_sets) = (Vec::new(), Vec::new(), Vec::new());
    let (mut line_parts, mut box_parts) = (Vec::new(), Vec::new());
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
        let (line_cells, box_cells) = (bits(linec), bits(boxc));
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
        for &(cp, v, _) in &meet_sets {
            let k = cp.count_ones();
            if k < 2 || v.count_ones() < k + 2 {
                continue;
            }
            // The cell of the intersection left out of `C`, if any, may join either part (not
            // both).
            let left = (0..meet.len()).find(|&i| cp & 1 << i == 0).map(|i| meet[i]);
            let box_len = box_out.len() + left.iter().len();
            parts(&line_sets, left.map(|c| s.cands(c)), &mut line_parts);
            parts(&box_sets, left.map(|c| s.cands(c)), &mut box_parts);
            // A part's cells less its digits, its base, falls short of its surplus (cells
            // less digits outside `V`) by the digits of `V` it holds, and the two parts hold
            // different digits of `V`: so the surplus |V| - |C| the equation below asks of the
            // two needs their bases to sum to -|C| or more. Most parts fall short of that.
            if prune {
                drop_poor(&mut line_parts, &mut box_parts, 0, None, -(k as i32));
            }
            // With no digit of `V` in both parts, the pattern's digits number
            // |V u VL| + |VB| - |VB n V| (a digit of both parts counted twice), so it has as
            // many cells as digits exactly when |VB| - |E| - |VB n V| = |C| + |D| - |V u VL|.
            // The box parts that share a digit with `V`, by their side of that equation.
            for bucket in &mut by_excess {
                bucket.clear();
            }
            for &(ep, vb, _) in &box_parts {
                if vb & v != 0 {
                    let excess = vb.count_ones() + EXCESS - ep.count_ones() - (vb & v).count_ones();
                    by_excess[excess as usize].push((ep, vb));
                }
            }
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
                // A box part shares a digit with `V` and none with `V n VL` (below), so `V`
                // needs a digit outside `VL`.
                if v & !vl == 0 {
                    continue;
                }
                for &(ep, vb) in bucket {
                    // Digits of both parts lie outside `V` (as HoDoKu takes them); with that,
                    // the bucket holds the cell count equation. The third cell joins one part.
                    if vb & vl & v != 0 || dp & ep & LEFT != 0 {
                        continue;
                    }
                    debug_assert_eq!(
                        (v | vl | vb).count_ones() + (vl & vb).count_ones(),
                        kd + ep.count_ones()
                    );
                    let from_line = vl | (v & !vb);
                    let from_box = vb | (v & !vl);
                    let c = pick(&meet, None, cp);
                    let d = pick(&line_out, left, dp);
                    let e = pick(&box_out, left, ep);
                    let line_hit = line_cells & !bits(&c) & !bits(&d) & holding(from_line);
                    let box_hit = box_cells & !bits(&c) & !bits(&e) & holding(from_box);
                    if line_hit | box_hit == 0 {
                        continue;
                    }
                    let mut elims: Vec<(usize, Mask)> = Vec::new();
                    for &x in linec.iter().filter(|&&x| line_hit & 1 << x != 0) {
                        elims.push((x, s.cands(x) & from_line));
                    }
                    for &x in boxc.iter().filter(|&&x| box_hit & 1 << x != 0) {
                        elims.push((x, s.cands(x) & from_box));
                    }
                    steps.push((line, b, c, d, e, v, vl, vb, elims));
                }
            }
        }
        if steps.len() == found {
            remember_region(f.cx, Technique::SueDeCoq, at, cells);
        }
    }
    let steps: Vec<Step> = steps
        .into_iter()
        .map(|(line, b, c, d, e, v, vl, vb, elims)| {
            let (lu, bu) = (s.unit_name(line), s.unit_name(b));
            let mut step = Step::new(Technique::SueDeCoq, String::new()).eliminate(elims);
            let twice = vl & vb;
            let text = say(quiet, || format!(
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
            ));
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
        })
        .collect();
    f.add_best(steps);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{bit, Grid, Shape};
    use crate::logic::Engine;

    /// A 9x9 state from 81 whitespace-separated tokens: one digit is a placed cell, several are
    /// the cell's candidates. A one-liner (81 characters, `.` an empty cell) gives every empty
    /// cell the candidates its givens allow, one candidate among them.
    fn pencil(text: &str) -> State {
        if !text.contains(' ') {
            let values = text
                .bytes()
                .map(|b| b.saturating_sub(b'0').min(9))
                .collect();
            return State::new(&Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap());
        }
        let tokens: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(tokens.len(), 81);
        let (mut values, mut cands) = (Vec::new(), Vec::new());
        for t in tokens {
            let ds: Vec<u8> = t.bytes().map(|b| b - b'0').collect();
            let single = ds.len() == 1;
            values.push(if single { ds[0] } else { 0 });
            cands.push(if single {
                0
            } else {
                ds.iter().fold(0, |m, &d| m | bit(d))
            });
        }
        State::from_candidates(Shape::for_size(9).unwrap(), values, cands).unwrap()
    }

    fn run(cx: &Engine, state: &State, limit: usize) -> Vec<Step> {
        let mut f = cx.finder(state, limit);
        sue_de_coq(&mut f);
        f.into_steps()
    }

    /// (what, pencil marks, the eliminations of the first step: cell, digits).
    type Case = (
        &'static str,
        &'static str,
        &'static [(&'static str, &'static str)],
    );

    const CASES: &[Case] = &[
        (
            "two cells of row 5 and box 5, extended: the row part brings 1 (top1465)",
            "3569 5689 68 79 2 1379 369 4 15679 359 7 24 489 1348 6 2389 1235 1259 369 1 24 5 3478 34789 23689 2367 2679 2 356 7 49 1456 149 3469 8 14569 156 568 168 3 4568 2489 7 256 24569 4 3568 9 278 15678 1278 236 12356 1256 79 249 5 6 478 2478 1 29 3 8 26 3 1 9 5 246 267 2467 1679 2469 16 247 347 2347 5 269 8",
            // With r4c4 and r4c6 (1 4 9) as the box part, 1 lies in both parts; the form
            // without it (r4c4 only) removes less: r4c5 4, r4c6 4 and 9, r5c9 2, 5 and 6.
            &[("r4c5", "14"), ("r5c9", "256"), ("r6c5", "1"), ("r6c6", "1")],
        ),
        (
            "two cells of row 5 and box 4 (top1465)",
            "9 2 46 56 7 3 1 8 45 378 5 1 9 4 28 6 23 237 378 46 78 56 1 28 2379 45 2379 58 3 689 2 59 7 4 169 168 1 89 2789 4 39 6 5 239 2378 57 46 24679 8 359 1 237 2369 2367 2 1 89 3 6 45 89 7 45 4 78 5 17 28 9 238 1236 1236 6 789 3 17 28 45 289 45 129",
            &[("r4c3", "8"), ("r5c9", "23"), ("r6c3", "7")],
        ),
        (
            "row 6 and box 5, 8 and 9 in both parts (top1465, a step of HoDoKu's path)",
            "46 256 256 3 8 9 24 7 1 8 279 379 4 5 1 239 29 6 1 49 349 26 67 27 349 58 58 2 4789 4789 5 39 347 6 1 38 679 3 1 89 67 28 579 4 25 4679 4568 4568 26 1 2347 79 89 238 5 2479 2479 1 39 36 8 236 47 4679 4678 4678 89 2 35 1 35 47 3 1 28 7 4 568 25 56 9",
            &[("r4c6", "3"), ("r6c9", "8")],
        ),
        (
            "column 6 and box 2, the intersection's third cell r1c6 in the box part (HoDoKu's find all steps)",
            "9 1 4 238 38 28 6 5 7 7 3 26 12469 1569 2456 249 149 8 8 5 26 124679 1679 2467 3 149 124 1 2 689 5 689 468 7 3 46 4 689 7 2689 689 3 259 169 1256 5 69 3 24679 679 1 249 8 246 6 78 5 78 4 9 1 2 3 2 4789 189 13678 135678 5678 458 467 456 3 478 18 1678 2 5678 458 467 9",
            // r2c6 and r3c6 hold 2 4 5 6 7; r4c6, r8c6 and r9c6 hold 4 5 6 7 8; r1c4, r1c5 and
            // r1c6 hold 2 3 8. 8 lies in a column cell and in r1c4 or r1c5, so not in r1c6.
            &[("r1c6", "8"), ("r2c4", "2"), ("r3c4", "2")],
        ),
        (
            "column 6 and box 8, the intersection's third cell r8c6 in the column part (HoDoKu's find all steps)",
            // r7c6 and r9c6 hold 3 4 6 9; r8c6 holds 4 6, and r9c5, left with 3, is the box part.
            "1983426574651872933276958146427513895394287618719..54295.2..47821.8..93578.5..126",
            &[("r6c6", "6"), ("r7c5", "3")],
        ),
    ];

    #[test]
    fn each_case_finds_its_eliminations() {
        for &(what, marks, want) in CASES {
            let s = pencil(marks);
            let steps = run(&Engine::new(), &s, 1);
            assert_eq!(steps.len(), 1, "{what}");
            let got: Vec<(String, String)> = steps[0]
                .eliminations
                .iter()
                .map(|&(c, m)| (s.name(c).to_string(), s.syms(m)))
                .collect();
            let want: Vec<(String, String)> = want
                .iter()
                .map(|&(c, d)| (c.to_string(), d.to_string()))
                .collect();
            assert_eq!(got, want, "{what}: {}", steps[0].explanation);
            assert_eq!(steps[0].units.len(), 2);
            assert!(steps[0].explanation.starts_with("Sue de Coq: "));
            let all = run(&Engine::new(), &s, 100);
            assert!(all
                .iter()
                .any(|st| st.eliminations == steps[0].eliminations));
        }
    }

    #[test]
    fn the_classic_pattern_is_found_by_hand() {
        // r1c1, r1c2 hold 1 2 3 4; r1c5 holds 1 2 (row part), r2c3 holds 3 4 (box part): 4 cells,
        // 4 digits. 1 and 2 leave row 1, 3 and 4 leave box 1.
        let mut toks = vec!["56789"; 81];
        toks[0] = "1234";
        toks[1] = "1234";
        toks[4] = "12";
        toks[11] = "34";
        toks[8] = "12789";
        toks[19] = "34567";
        let s = pencil(&toks.join(" "));
        let want = vec![(8, bit(1) | bit(2)), (19, bit(3) | bit(4))];
        let steps = run(&Engine::new(), &s, 100);
        let step = steps.iter().find(|st| st.eliminations == want);
        assert_eq!(
            step.map(|st| st.cells.clone()),
            Some(vec![0, 1, 4, 11]),
            "{steps:?}"
        );
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
            let start = pencil(line);
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

    #[test]
    fn nothing_is_found_without_the_pattern() {
        let s = pencil(&vec!["123456789"; 81].join(" "));
        assert!(run(&Engine::new(), &s, 100).is_empty());
        // A top1465 position where ALS-XZ applies, but no Sue de Coq.
        let s = pencil(
            "79 356 24 48 567 1 23 5689 568 79 356 24 48 567 567 23 5689 1 1 56 8 9 2 3 567 4 567 8 7 3 56 1 4 56 2 9 2 1 5 3 689 69 4 7 68 4 9 6 7 58 2 1 58 3 56 4 9 2 3 8 567 1 567 56 8 7 1 4 56 9 3 2 3 2 1 56 79 79 8 56 4",
        );
        assert!(run(&Engine::new(), &s, 100).is_empty());
    }
}
