//! Reading a text in pieces must give exactly what reading it whole gives.

use super::*;

/// Reads `text` whole and in pieces of at least `target` bytes (cut at every place allowed once
/// a piece is that long).
fn whole_and_pieced(text: &str, target: usize) -> (ParsedFile, ParsedFile, usize) {
    let whole = parse(text);
    let ranges = cut_pieces(text, target, target);
    assert_eq!(ranges.first().map(|r| r.start), Some(0));
    assert_eq!(ranges.last().map(|r| r.end), Some(text.len()));
    for w in ranges.windows(2) {
        assert_eq!(w[0].end, w[1].start, "pieces must tile the text");
    }
    let mut state = ReaderState::default();
    let mut joined = ParsedFile::default();
    for (i, &r) in ranges.iter().enumerate() {
        let part = parse_piece(text, r, &mut state, i + 1 == ranges.len());
        joined.puzzles.extend(part.puzzles);
        joined.findings.extend(part.findings);
        joined.defaults = part.defaults;
    }
    (whole, joined, ranges.len())
}

#[test]
fn pieces_read_the_same_as_the_whole() {
    let one = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let six = "1.....4..2......3..1.....6..5.....2.";
    let mut text = String::from("# a collection\n@author someone\n@allow box-shape\n\n");
    for i in 0..60 {
        match i % 10 {
            3 => text.push_str("# a comment between puzzles\n"),
            5 => text.push_str("@title next one\n"),
            7 => text.push_str("this is not a puzzle line\n"),
            _ => {}
        }
        if i % 4 == 0 {
            text.push_str(six);
            text.push_str("  11.2\n");
        } else {
            text.push_str(one);
            text.push_str(&format!("  id={i}\r\n"));
        }
        if i == 30 {
            text.push_str("\n8..|...|...\n..3|6..|...\n.7.|.9.|2..\n---+---+---\n.5.|..7|...\n...|.45|7..\n...|1..|.3.\n---+---+---\n..1|...|.68\n..8|5..|.1.\n.9.|...|4..\n\n");
        }
    }
    for target in [1, 40, 100, 333, 1000, 100_000] {
        let (whole, joined, n) = whole_and_pieced(&text, target);
        if target <= 100 {
            assert!(n > 20, "target {target}: only {n} pieces");
        }
        assert_eq!(whole.puzzles, joined.puzzles, "target {target}");
        assert_eq!(whole.findings, joined.findings, "target {target}");
        assert_eq!(whole.defaults, joined.defaults, "target {target}");
    }
}

#[test]
fn no_puzzle_is_said_once_for_the_whole_text() {
    let text = "# nothing here\n\n# still nothing\n";
    let (whole, joined, _) = whole_and_pieced(text, 1);
    assert_eq!(whole.findings, joined.findings);
    assert_eq!(
        joined
            .findings
            .iter()
            .filter(|f| f.code == Code::NoPuzzle)
            .count(),
        1
    );
}

/// Found by the `read` fuzz target: a paragraph of one-liners followed by rows of six tokens
/// was read as a pencil-mark grid in one of its pieces but not whole. A paragraph holding a
/// one-liner is never a pencil-mark grid, so the decision no longer depends on where a piece
/// starts.
#[test]
fn a_paragraph_with_one_liners_is_no_pencil_grid_in_any_piece() {
    let text = include_str!("../../tests/data/fuzz-read-pencil-cut.sudoku.txt");
    for target in [1, 40, 200, 400, 800] {
        let (whole, pieced, _) = whole_and_pieced(text, target);
        assert_eq!(whole.puzzles, pieced.puzzles, "pieces of {target}");
        assert_eq!(whole.findings, pieced.findings, "pieces of {target}");
    }
}

/// Found by the `read` fuzz target: an `@candidates` below a 64-character line in the same
/// paragraph made the whole text read that line as 4x4 candidates, while the piece holding the
/// line, cut before the directive, read it as an 8x8 one-liner. Only an `@candidates` above a
/// line marks it now.
#[test]
fn candidates_below_a_line_do_not_change_how_it_reads() {
    let text = include_str!("../../tests/data/fuzz-read-candidates-cut.sudoku.txt");
    for target in [1, 40, 200, 400, 800] {
        let (whole, pieced, _) = whole_and_pieced(text, target);
        assert_eq!(whole.puzzles, pieced.puzzles, "pieces of {target}");
        assert_eq!(whole.findings, pieced.findings, "pieces of {target}");
    }
}
