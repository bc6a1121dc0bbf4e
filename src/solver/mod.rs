//! Solution counting: elimination, the unique-place rule, naked subsets, then search on the cell
//! with the fewest candidates. One entry point, [`count_solutions`], for every size.
//!
//! The search budget is counted in search steps (guesses), never in time, so a verdict does not
//! depend on the machine it was reached on.

mod general;

pub mod fast9;

use crate::grid::{full_mask, Grid, Mask, Shape};

/// The default search budget of the fast 9x9 engine, in search steps (guesses). The hardest
/// known 9x9 puzzles need a few hundred, so it decides every 9x9 puzzle with a wide margin.
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// The default budget of the general engine, in guesses. A guess on a 25x25 grid costs about
/// 0.1 ms, so this caps the worst case near one second; puzzles that need more come back
/// undecided (`search-gave-up`) rather than holding up a CI run or an editor.
pub const GENERAL_BUDGET: u64 = 10_000;

/// The default budget for a shape: the fast engine's for 9x9, the general engine's otherwise.
pub fn default_budget(shape: Shape) -> u64 {
    if shape == NINE {
        DEFAULT_BUDGET
    } else {
        GENERAL_BUDGET
    }
}

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// False when the budget ran out before the count was decided.
    pub complete: bool,
    /// The first solution found.
    pub first: Option<Vec<u8>>,
    /// A second solution, different from the first, when there are several.
    pub second: Option<Vec<u8>>,
    /// Search steps spent.
    pub steps: u64,
}

/// Counts the solutions of `grid` up to `limit` with the default budget.
pub fn count_solutions(grid: &Grid, limit: usize) -> Outcome {
    count_solutions_with_budget(grid, limit, default_budget(grid.shape))
}

/// Counts the solutions of `grid` up to `limit`, giving up after `budget` search steps.
///
/// A sound shortcut comes first: when two symbols never appear among the givens, swapping them
/// in any solution gives another solution, so one solution proves there are at least two.
pub fn count_solutions_with_budget(grid: &Grid, limit: usize, budget: u64) -> Outcome {
    count_values(grid.shape, &grid.values, limit, budget)
}

/// [`count_solutions_with_budget`] on a grid's values (`shape.cells()` of them, 0 for an empty
/// cell), which spares the caller building a [`Grid`] for the fast 9x9 engine.
pub fn count_values(shape: Shape, values: &[u8], limit: usize, budget: u64) -> Outcome {
    // Bit v of `seen` for each value v below 64 (sizes stop at 25); bit 0, the blanks, and
    // values past the size are dropped below. A branch-free fold: it runs on every puzzle.
    let seen = values
        .iter()
        .fold(0u64, |m, &v| m | (u64::from(v < 64) << (v & 63)));
    let used = (seen >> 1) as Mask & full_mask(shape.size);
    let unused = full_mask(shape.size) & !used;
    let swap = (limit >= 2 && unused.count_ones() >= 2).then(|| {
        let a = unused.trailing_zeros() as u8 + 1;
        let b = (unused & (unused - 1)).trailing_zeros() as u8 + 1;
        (a, b)
    });
    let search_limit = if swap.is_some() { 1 } else { limit };

    let raw = if shape == NINE && search_limit <= 2 && values.len() == 81 {
        count9(values, search_limit, budget)
    } else {
        general::count(shape, values, search_limit, budget)
    };
    let mut solutions = raw.solutions.into_iter();
    let first = solutions.next();
    let mut second = solutions.next();
    let mut count =
        usize::from(first.is_some()) + usize::from(second.is_some()) + solutions.count();
    if let (Some((a, b)), Some(first)) = (swap, &first) {
        second = Some(
            first
                .iter()
                .map(|&v| {
                    if v == a {
                        b
                    } else if v == b {
                        a
                    } else {
                        v
                    }
                })
                .collect(),
        );
        count = 2;
    }
    Outcome {
        count: count.min(limit),
        complete: raw.complete || count >= limit,
        first,
        second,
        steps: raw.steps,
    }
}

/// Counts the solutions of a pencil-mark puzzle up to `limit`: the fillings that agree with
/// `values` and put in each open cell one of its `marks`. The general engine, started from the
/// marks; no symbol-swap shortcut, since marks may tell two symbols apart.
pub fn count_within(
    shape: Shape,
    values: &[u8],
    marks: &[Mask],
    limit: usize,
    budget: u64,
) -> Outcome {
    let raw = general::count_within(shape, values, marks, limit, budget);
    let count = raw.solutions.len();
    let mut solutions = raw.solutions.into_iter();
    Outcome {
        count: count.min(limit),
        complete: raw.complete || count >= limit,
        first: solutions.next(),
        second: solutions.next(),
        steps: raw.steps,
    }
}

/// Whether the fast 9x9 engine counts this shape's solutions.
pub fn is_fast(shape: Shape) -> bool {
    shape == NINE
}

/// The classic shape, which the fast engine handles.
const NINE: Shape = Shape {
    size: 9,
    box_rows: 3,
    box_cols: 3,
};

/// Runs the fast 9x9 engine and hands its result over in the general engine's form.
fn count9(values: &[u8], limit: usize, budget: u64) -> general::Count {
    let mut givens = [0u8; 81];
    for (g, &v) in givens.iter_mut().zip(values) {
        *g = if v <= 9 { v } else { 0 };
    }
    let mut out = [[0u8; 81]; 2];
    let c = fast9::count(&givens, limit, budget, &mut out);
    general::Count {
        solutions: out[..c.solutions.min(2)]
            .iter()
            .map(|s| s.to_vec())
            .collect(),
        complete: c.complete,
        steps: c.steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    /// A tiny deterministic generator, so the property tests need no dependency and every run
    /// checks the same cases.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Plain backtracking over every cell and digit, no inference: the independent reference.
    fn brute_force(grid: &Grid, limit: usize) -> usize {
        fn go(shape: Shape, v: &mut Vec<u8>, cell: usize, limit: usize, found: &mut usize) {
            if *found >= limit {
                return;
            }
            if cell == v.len() {
                *found += 1;
                return;
            }
            if v[cell] != 0 {
                return go(shape, v, cell + 1, limit, found);
            }
            for d in 1..=shape.size as u8 {
                let fits = (0..v.len()).all(|o| !(shape.are_peers(cell, o) && v[o] == d));
                if fits {
                    v[cell] = d;
                    go(shape, v, cell + 1, limit, found);
                    v[cell] = 0;
                }
            }
        }
        let clash = (0..grid.values.len()).any(|a| {
            grid.values[a] != 0
                && (0..grid.values.len())
                    .any(|b| grid.shape.are_peers(a, b) && grid.values[a] == grid.values[b])
        });
        if clash {
            return 0;
        }
        let mut found = 0;
        go(grid.shape, &mut grid.values.clone(), 0, limit, &mut found);
        found
    }

    /// Random puzzles on small shapes: blank out most of a random solution, then sprinkle a few
    /// random (possibly clashing) digits, so every verdict shows up.
    #[test]
    fn agrees_with_brute_force_on_small_shapes() {
        let mut rng = XorShift(0x5eed_1234_abcd_ef01);
        let shapes = [
            Shape::for_size(4).unwrap(),
            Shape::for_size(6).unwrap(),
            Shape::with_box(6, 3, 2).unwrap(),
        ];
        let mut seen = [0usize; 3];
        for round in 0..600 {
            let shape = shapes[round % shapes.len()];
            let empty = Grid::empty(shape);
            // A random solution: solve an empty grid whose first row is shuffled.
            let mut seed = empty.clone();
            let mut row: Vec<u8> = (1..=shape.size as u8).collect();
            for i in (1..row.len()).rev() {
                row.swap(i, rng.below(i + 1));
            }
            seed.values[..shape.size].copy_from_slice(&row);
            let solution = count_solutions(&seed, 1).first.unwrap();
            let mut puzzle = empty.clone();
            for (cell, &v) in solution.iter().enumerate() {
                if rng.below(100) < 45 {
                    puzzle.values[cell] = v;
                }
            }
            for _ in 0..rng.below(3) {
                let cell = rng.below(shape.cells());
                puzzle.values[cell] = 1 + rng.below(shape.size) as u8;
            }
            let expected = brute_force(&puzzle, 2);
            let got = count_solutions(&puzzle, 2);
            assert!(got.complete);
            assert_eq!(got.count, expected, "puzzle {:?}", puzzle.values);
            seen[expected] += 1;
            for s in got.first.iter().chain(&got.second) {
                assert!(puzzle.is_solved_by(s));
            }
            if got.count == 2 {
                assert_ne!(got.first, got.second);
            }
        }
        assert!(seen.iter().all(|&n| n > 20), "verdict mix {seen:?}");
    }

    #[test]
    fn swap_shortcut_gives_a_valid_second_solution() {
        let shape = Shape::for_size(9).unwrap();
        let mut g = Grid::empty(shape);
        g.values[0] = 1;
        g.values[10] = 2;
        let out = count_solutions(&g, 2);
        assert_eq!(out.count, 2);
        assert!(g.is_solved_by(out.first.as_ref().unwrap()));
        assert!(g.is_solved_by(out.second.as_ref().unwrap()));
        assert_ne!(out.first, out.second);
    }

    #[test]
    fn every_size_solves() {
        for n in crate::grid::SIZES {
            let g = Grid::empty(Shape::for_size(n).unwrap());
            let out = count_solutions(&g, 1);
            assert_eq!(out.count, 1, "size {n}");
            assert!(g.is_solved_by(out.first.as_ref().unwrap()));
        }
    }

    /// The fast 9x9 engine and the general one must agree on every verdict, solution and second
    /// solution's validity, on samples of every public set (hard, easy and non-unique).
    #[test]
    fn fast_and_general_engines_agree() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/sets");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            for line in text
                .lines()
                .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            {
                let values = line[..81]
                    .bytes()
                    .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                    .collect();
                let g = Grid::from_values(NINE, values).unwrap();
                let fast = count9(&g.values, 2, DEFAULT_BUDGET);
                let slow = general::count(g.shape, &g.values, 2, DEFAULT_BUDGET);
                assert!(fast.complete && slow.complete, "{line}");
                assert_eq!(fast.solutions.len(), slow.solutions.len(), "{line}");
                if slow.solutions.len() == 1 {
                    assert_eq!(fast.solutions, slow.solutions, "{line}");
                }
                for s in &fast.solutions {
                    assert!(g.is_solved_by(s), "{line}");
                }
                checked += 1;
            }
        }
        assert!(checked >= 250, "only {checked} puzzles in the samples");
    }
}
