//! The `logic` target: the logic engine on pencil-mark states it has never seen. A state that a
//! solver could hand over is a proper puzzle, some of its empty cells filled in with the
//! solution's digits, and marks in the others that keep at least the solution's digit. The input
//! picks the puzzle, the filled cells and the marks; the engine must then solve the state with
//! every step true (a placement is the solution's digit, an elimination never removes it), and
//! every step `--all-steps` lists must be true too. Marks the givens rule out are dropped by the
//! state, as the reader's are.

use sudoku_lsp::grid::{bit, full_mask, Mask, Shape};
use sudoku_lsp::logic::{self, Options, State, Step};
use sudoku_lsp::solver::count_values;

/// Proper puzzles of every size the pencil-mark format holds, with the box each needs: made by
/// `sudoku-lsp generate --seed 11` (sizes 4, 6, 8, 9; `--level extreme --seed 3`), and the
/// first `top1465` and third `forum-hardest-11plus` puzzles, which reach the chains, sets and
/// forcing nets.
const PUZZLES: &[(usize, usize, usize, &str)] = &[
    (4, 2, 2, ".1.....4..43...."),
    (6, 2, 3, ".6.14..4.....1.65......12.....63...."),
    (
        8,
        2,
        4,
        "...6.....3.45.2.87....6......7.84..16.....2...147..38.......1...",
    ),
    (
        9,
        3,
        3,
        ".64......8...2....52..196...4....5....56....3..9..2.....2..18.......3.59.8.9....6",
    ),
    (
        9,
        3,
        3,
        ".2.7.8....4..1........6.75...9.5..3...8...57....9..8..4.......1.9...5.8...6..3...",
    ),
    (
        9,
        3,
        3,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ),
    (
        9,
        3,
        3,
        "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
    ),
];

/// The checks: see the module's comment. The first byte picks the puzzle and whether to list
/// every step (which costs more) or solve; then two bytes per cell in reading order: the first
/// with its top bit set fills an empty cell with its digit, else the pair is the cell's marks,
/// to which the solution's digit is added. Missing bytes leave every candidate.
pub fn logic(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (n, rows, cols, text) = PUZZLES[usize::from(pick) % PUZZLES.len()];
    let shape = Shape::with_box(n, rows, cols).expect("a known box");
    let givens: Vec<u8> = text
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    let outcome = count_values(shape, &givens, 2, u64::MAX);
    assert_eq!(outcome.count, 1, "a proper puzzle");
    let solution = outcome.first.expect("its solution");
    let full = full_mask(n);
    let mut values = givens.clone();
    let mut cands = vec![full; shape.cells()];
    for (cell, pair) in rest.chunks(2).take(shape.cells()).enumerate() {
        if values[cell] != 0 {
            continue;
        }
        if pair[0] & 0x80 != 0 {
            values[cell] = solution[cell];
        } else {
            let marks = Mask::from(pair[0]) | Mask::from(pair.get(1).copied().unwrap_or(0)) << 8;
            cands[cell] = marks & full | bit(solution[cell]);
        }
    }
    let Some(state) = State::from_candidates(shape, values, cands) else {
        panic!("a state of the right lengths");
    };
    if pick & 0x80 != 0 {
        let opts = Options {
            unique: true,
            trial: false,
        };
        for step in logic::all_steps(&state, &opts) {
            check_true(&step, &solution, "listed");
        }
        return;
    }
    let path = logic::solve(state, &Options::default());
    for step in &path.steps {
        check_true(step, &solution, "on the path");
    }
    assert!(path.solved, "the path stopped short of the solution");
    assert_eq!(path.end.values(), &solution[..], "the path's end");
}

/// Asserts that `step` places only the solution's digits and never removes one.
fn check_true(step: &Step, solution: &[u8], where_: &str) {
    assert!(
        step.holds_for(solution),
        "a false step {where_}: {:?} {}",
        step.technique,
        step.explanation
    );
}
