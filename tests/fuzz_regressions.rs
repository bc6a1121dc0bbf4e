//! Inputs the fuzz targets in `fuzz/` found, kept as plain tests so `cargo test` guards them
//! without the fuzzer. Each test names its target and says what broke.

use sudoku_lsp::syntax::{self, ParsedFile, ReaderState};

/// Reads `text` whole and in the pieces of `syntax::content_pieces`, as the CLI's streaming
/// check and the editor read a long file, and returns both with the number of pieces.
fn whole_and_pieces(text: &str) -> (ParsedFile, ParsedFile, usize) {
    let whole = syntax::parse(text);
    let pieces = syntax::content_pieces(text);
    let mut state = ReaderState::default();
    let mut joined = ParsedFile::default();
    for (i, &r) in pieces.iter().enumerate() {
        let part = syntax::parse_piece(text, r, &mut state, i + 1 == pieces.len());
        joined.puzzles.extend(part.puzzles);
        joined.findings.extend(part.findings);
        joined.defaults = part.defaults;
    }
    (whole, joined, pieces.len())
}

fn assert_same(text: &str) {
    let (whole, pieces, n) = whole_and_pieces(text);
    assert_eq!(whole.puzzles.len(), pieces.puzzles.len(), "{n} pieces");
    assert_eq!(whole.puzzles, pieces.puzzles, "{n} pieces");
    assert_eq!(whole.findings, pieces.findings, "{n} pieces");
    assert_eq!(whole.defaults, pieces.defaults, "{n} pieces");
}

/// Over 8 KiB of one 6x6 one-liner, so that `content_pieces` may cut.
fn filler() -> String {
    "1.....4..2......3..1.....6..5.....2.\n".repeat(260)
}

/// A line whose hash makes `content_pieces` cut before it once a piece is 8 KiB long.
const CUT_HERE: &str = "..3..............1.1...2.3......3.2t";

/// `read` target. Minimised input (cut at the last one-liner):
/// `"y i).\n@symbols ABCDG)\n.................1.....2.3......3.21\n.................1.....2.3......3.2t\n.+..4....8..7so1"`.
/// The `@symbols` line puts its paragraph under size 6, so the last line, of 16 cells, is no
/// 4x4 one-liner; a piece starting inside the paragraph had lost that and read one. Fixed by
/// not cutting a paragraph after an `@size` or `@symbols` line.
#[test]
fn a_size_directive_still_holds_after_a_cut_in_its_paragraph() {
    let text = format!(
        "y i).\n@symbols ABCDG)\n{}.................1.....2.3......3.21\n{CUT_HERE}\n.+..4....8..7so1\n",
        filler()
    );
    assert_same(&text);
}

/// `read` target, the same rule's other half: a paragraph with exactly sixteen lines of 16
/// cells reads them as a 16x16 grid; cut between its eighth and ninth, each piece saw eight and
/// read 4x4 one-liners.
#[test]
fn sixteen_lines_of_sixteen_cells_are_counted_across_a_cut() {
    let sixteen = "1234341221434321\n".repeat(8);
    let text = format!("{sixteen}{}{CUT_HERE}\n{sixteen}", filler());
    assert_same(&text);
}

/// A paragraph that cannot be cut still lets the next one be cut: a long text is not read as
/// one piece because its first paragraph declares a size.
#[test]
fn the_next_paragraph_is_cut_again() {
    let text = format!(
        "@size 6\n{}{CUT_HERE}\n\n{}{CUT_HERE}\n{}",
        filler(),
        filler(),
        filler()
    );
    let (_, _, n) = whole_and_pieces(&text);
    assert!(n >= 2, "only {n} piece");
    assert_same(&text);
}

/// `read` target. Minimised input (cut before the second long line):
/// `".._.\n7.iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii\n7.iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii\n@,"`.
/// A line shaped like a one-liner but mostly not cells is an `unrecognized-line`; a piece that
/// started with it held no puzzle for the closing `@,` to attach to, which read whole goes to
/// the paragraph's last puzzle. Fixed by starting a piece only at a line that is mostly blanks,
/// a puzzle whatever the alphabet.
#[test]
fn a_piece_starts_with_a_puzzle_for_the_directives_closing_its_paragraph() {
    let text = format!(
        ".._.\n{}7.lliiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii\n@,\n",
        filler()
    );
    assert_same(&text);
}

/// `logic` target. Input: the one byte `"\n"`: a proper 9x9 puzzle with every candidate marked
/// in every empty cell, the digits of placed peers included. `State::from_candidates` kept those
/// marks, and a grouped nice loop through them removed 8 from r1c4, the solution's digit. Marks
/// a placed peer rules out are now dropped, as every other way into a state drops them.
#[test]
fn marks_that_a_placed_peer_rules_out_prove_nothing() {
    use sudoku_lsp::grid::{full_mask, Grid, Shape};
    use sudoku_lsp::logic::{self, Options, State};

    let puzzle =
        ".64......8...2....52..196...4....5....56....3..9..2.....2..18.......3.59.8.9....6";
    let shape = Shape::for_size(9).unwrap();
    let values: Vec<u8> = puzzle
        .bytes()
        .map(|b| b.saturating_sub(b'0') % 10)
        .collect();
    let grid = Grid::from_values(shape, values.clone()).unwrap();
    let marked = State::from_candidates(shape, values, vec![full_mask(9); 81]).unwrap();
    assert_eq!(marked.all_cands(), State::new(&grid).all_cands());
    let solution = sudoku_lsp::solver::count_solutions(&grid, 2).first.unwrap();
    let path = logic::solve(marked, &Options::default());
    assert!(path.solved);
    for step in &path.steps {
        assert!(step.holds_for(&solution), "{}", step.explanation);
    }
}
