//! The solver against facts that do not depend on it: symmetry (relabelled digits, rows swapped
//! within a band, columns within a stack, bands swapped, transposed grids keep the count and map
//! the solution along), and verdicts known from the puzzles' sources.

use sudoku_lsp::grid::{Grid, Shape};
use sudoku_lsp::solver::count_solutions;

/// Sampled from the public sets the tdoku benchmark collected (magictour top1465, Royle's
/// 17-clue list, the enjoysudoku forum's hardest list): every one has exactly one solution.
const UNIQUE: &[&str] = &[
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ".71..8...5......2...............68.14...3..........7.....45..3..16.........2.....",
    "....2.7.84.1............9..3..4.1.5..7....2.....6.....6..5......8..9...........3.",
    "..2...9..9....6..18..4...3.....6..5..3...82........3.7.2.9..1..6.1.5.....7...4...",
    ".6.....7....2.85..9....1..2.9....13...65......38.......4..37.6...71....8......7..",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    "................12..3.45...........4.1.6.3....2......7......5.....8...3.49..7....",
    "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
    "........91......35..9.3.8....3.5...67....2......4.......6.8..9..2.7..6..4.....1..",
    ".2......945...9.2....1....4..5.6....34...52....8.......9...3..2...5...3.....7..5.",
];

/// From Serg's benchmark set, in which every puzzle has two or more solutions.
const MULTIPLE: &[&str] = &[
    "8.........95.......76.........824796...573142...916538....9.465...4.2987......213",
    "8.........59.......76.........528467...471932...693185....1.596...9.6218......743",
    "8.........95.......67.........456982...912743...738165....9.517...5.1238......496",
];

fn grid(line: &str) -> Grid {
    let values = line
        .bytes()
        .map(|b| b.saturating_sub(b'0').min(9))
        .collect();
    Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap()
}

/// A permutation of cells or digits applied to a grid.
type Transform = Box<dyn Fn(&Grid) -> Grid>;

fn map_cells(g: &Grid, shape: Shape, source_of: impl Fn(usize, usize) -> (usize, usize)) -> Grid {
    let mut out = Grid::empty(shape);
    for r in 0..shape.size {
        for c in 0..shape.size {
            let (sr, sc) = source_of(r, c);
            out.values[shape.cell(r, c)] = g.values[g.shape.cell(sr, sc)];
        }
    }
    out
}

fn transforms() -> Vec<(&'static str, Transform)> {
    vec![
        (
            "relabel",
            Box::new(|g: &Grid| {
                let perm = [0u8, 5, 3, 9, 1, 7, 2, 8, 6, 4];
                Grid {
                    shape: g.shape,
                    values: g.values.iter().map(|&v| perm[v as usize]).collect(),
                }
            }),
        ),
        (
            "swap rows 1 and 3",
            Box::new(|g: &Grid| {
                map_cells(g, g.shape, |r, c| {
                    (
                        match r {
                            0 => 2,
                            2 => 0,
                            r => r,
                        },
                        c,
                    )
                })
            }),
        ),
        (
            "swap columns 5 and 6",
            Box::new(|g: &Grid| {
                map_cells(g, g.shape, |r, c| {
                    (
                        r,
                        match c {
                            4 => 5,
                            5 => 4,
                            c => c,
                        },
                    )
                })
            }),
        ),
        (
            "swap bands 1 and 3",
            Box::new(|g: &Grid| map_cells(g, g.shape, |r, c| ((r + 6) % 9, c))),
        ),
        (
            "transpose",
            Box::new(|g: &Grid| map_cells(g, g.shape, |r, c| (c, r))),
        ),
    ]
}

fn check_invariance(puzzles: &[Grid], expected: Option<usize>) {
    for (i, g) in puzzles.iter().enumerate() {
        let base = count_solutions(g, 2);
        assert!(base.complete, "puzzle {i} undecided");
        if let Some(n) = expected {
            assert_eq!(base.count, n, "puzzle {i}");
        }
        for s in base.first.iter().chain(&base.second) {
            assert!(g.is_solved_by(s), "puzzle {i}: not a solution");
        }
        for (name, t) in transforms() {
            let tg = t(g);
            let out = count_solutions(&tg, 2);
            assert_eq!(out.count, base.count, "puzzle {i} after {name}");
            if base.count == 1 {
                // The solution maps along with the puzzle.
                let moved = t(&Grid {
                    shape: g.shape,
                    values: base.first.clone().unwrap(),
                });
                assert_eq!(
                    out.first.as_ref(),
                    Some(&moved.values),
                    "puzzle {i} after {name}"
                );
            }
        }
    }
}

#[test]
fn unique_puzzles_stay_unique_under_symmetry() {
    let puzzles: Vec<Grid> = UNIQUE.iter().map(|l| grid(l)).collect();
    check_invariance(&puzzles, Some(1));
}

#[test]
fn multiple_solution_puzzles_stay_multiple() {
    let puzzles: Vec<Grid> = MULTIPLE.iter().map(|l| grid(l)).collect();
    check_invariance(&puzzles, Some(2));
}

/// A unique puzzle with one extra given that differs from its solution has no solution at all:
/// any solution of it would also solve the original, whose only solution disagrees there.
#[test]
fn a_wrong_extra_given_leaves_no_solution() {
    let mut puzzles = Vec::new();
    for line in UNIQUE {
        let g = grid(line);
        let solution = count_solutions(&g, 1).first.unwrap();
        let candidates = g.candidates();
        let cell = (0..81)
            .find(|&c| g.values[c] == 0 && candidates[c].count_ones() >= 2)
            .unwrap();
        let wrong = sudoku_lsp::grid::digits(candidates[cell])
            .find(|&d| d != solution[cell])
            .unwrap();
        let mut bad = g.clone();
        bad.values[cell] = wrong;
        puzzles.push(bad);
    }
    check_invariance(&puzzles, Some(0));
}

/// Non-square boxes: transposing a 6x6 grid with 2x3 boxes gives one with 3x2 boxes, and the
/// count must not change.
#[test]
fn transposing_non_square_boxes_keeps_the_count() {
    let wide = Shape::for_size(6).unwrap();
    let tall = Shape::with_box(6, 3, 2).unwrap();
    let lines = [
        "1.....4..2......3..1.....6..5.....2.", // sparse: several solutions or one
        "..3...4..5.....1....6..2.....2..6...",
        "12....3.......4..2......5..3........",
    ];
    for line in lines {
        let values = line
            .bytes()
            .map(|b| b.saturating_sub(b'0').min(6))
            .collect();
        let g = Grid::from_values(wide, values).unwrap();
        let t = map_cells(&g, tall, |r, c| (c, r));
        assert_eq!(
            count_solutions(&g, 2).count,
            count_solutions(&t, 2).count,
            "{line}"
        );
    }
}
