//! `box-shape`: the boxes of a non-square size (6x6, 8x8, 12x12) were assumed, not declared.
//! The reader reports it, since only it knows whether `@box` was written; this module gives the
//! finding its fix: declaring the assumed shape with an `@box` line directly above the puzzle.
//! That writes down what the reader already took the text to mean, so the fix is safe.

use crate::finding::{Applicability, Code, Edit, Fix};
use crate::syntax::{self, Layout, Puzzle, Src};
use crate::text::TextRange;

/// The fix that declares `puzzle`'s box shape, or `None` when the new line, read again with the
/// puzzle, would not declare its shape (which a correct insertion point never gives; the check
/// keeps a safe fix from ever being wrong).
pub(super) fn fix(puzzle: &Puzzle, src: Src<'_>) -> Option<Fix> {
    let shape = puzzle.shape;
    let directive = format!("@box {}x{}", shape.box_rows, shape.box_cols);
    let at = insertion_point(puzzle, src);
    // The file's own line ending, so that a CRLF file stays CRLF.
    let end = puzzle.first_line.end;
    let eol = match src.get(end..end + 2) {
        Some("\r\n") => "\r\n",
        _ => "\n",
    };
    let new_text = format!("{directive}{eol}");
    // Read again from the new line to the end of the grid, under the directives the puzzle
    // has (its size and symbols): it must be the same puzzle, with the box now declared.
    let mut again = String::new();
    for d in puzzle.directives.all.iter().filter(|d| d.key != "box") {
        again.push_str(&format!("@{} {}\n", d.key, d.value));
    }
    again.push_str(&new_text);
    again.push_str(src.get(at..puzzle.range.end)?);
    let again = syntax::parse(&again);
    let same = matches!(again.puzzles.as_slice(),
        [p] if p.shape == shape && p.givens == puzzle.givens);
    let declared = again.findings.iter().all(|f| f.code != Code::BoxShape);
    (same && declared).then(|| Fix {
        title: format!("Declare `{directive}`"),
        edits: vec![Edit {
            range: TextRange::new(at, at),
            new_text,
        }],
        applicability: Applicability::Safe,
    })
}

/// Where the `@box` line goes: the start of the puzzle's first line or, for a grid, of the
/// border lines above its first row, so that it sits directly above the puzzle (below the
/// puzzle's own directives and comments, if any).
fn insertion_point(puzzle: &Puzzle, src: Src<'_>) -> usize {
    let mut at = puzzle.first_line.start;
    if puzzle.layout == Layout::OneLiner {
        return at;
    }
    while let Some(above) = line_before(src, at) {
        let Some(line) = src.get(above.as_range()).map(str::trim) else {
            break;
        };
        // A border or separator of the grid has no symbol, letter or comment mark.
        let border = !line.is_empty()
            && !line.starts_with('#')
            && !line.starts_with('@')
            && !line.chars().any(char::is_alphanumeric);
        if !border {
            break;
        }
        at = above.start;
    }
    at
}

/// The line that ends just before line start `at`, without its terminator; `None` at the start
/// of the text or of `src` (a piece never starts inside a grid), or when `at` starts no line.
fn line_before(src: Src<'_>, at: usize) -> Option<TextRange> {
    if src.byte(at.checked_sub(1)?)? != b'\n' {
        return None;
    }
    let mut end = at - 1;
    if end > 0 && src.byte(end - 1) == Some(b'\r') {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && src.byte(start - 1).is_some_and(|b| b != b'\n') {
        start -= 1;
    }
    Some(TextRange::new(start, end))
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Analysis};
    use crate::config::Config;
    use crate::finding::{apply_edits, Applicability, Code};

    const ROWS: [&str; 6] = ["3.2...", "....4.", "4.....", ".1...5", ".5...4", "...2.."];

    fn box_shape(a: &Analysis) -> Vec<&crate::finding::Finding> {
        a.findings
            .iter()
            .filter(|f| f.code == Code::BoxShape)
            .collect()
    }

    /// Applies every box-shape fix of `text` at once and checks that the text reads as the same
    /// puzzles, now without the finding; returns the fixed text.
    fn fixed(text: &str) -> String {
        let before = analyze(text, &Config::default());
        let found = box_shape(&before);
        assert!(!found.is_empty(), "no box-shape in {text:?}");
        let mut edits = Vec::new();
        for f in &found {
            let [fix] = f.fixes.as_slice() else {
                panic!("{text:?}: {:?}", f.fixes)
            };
            assert_eq!(fix.applicability, Applicability::Safe);
            assert!(fix.title.starts_with("Declare `@box "), "{}", fix.title);
            edits.extend(fix.edits.iter().cloned());
        }
        let out = apply_edits(text, &edits).expect("the edits apply");
        let after = analyze(&out, &Config::default());
        assert!(
            box_shape(&after).is_empty(),
            "{out:?}: {:?}",
            after.findings
        );
        assert_eq!(after.findings.len(), before.findings.len() - found.len());
        let shapes = |a: &Analysis| -> Vec<_> {
            a.file
                .puzzles
                .iter()
                .map(|p| (p.shape, p.givens.clone()))
                .collect()
        };
        assert_eq!(shapes(&after), shapes(&before), "{out:?}");
        out
    }

    #[test]
    fn declaring_the_box_goes_directly_above_the_puzzle() {
        let grid: String = ROWS.iter().map(|r| format!("{r}\n")).collect();
        // Under a comment, as in the fixture.
        let text = format!("# A 6x6 puzzle\n{grid}");
        assert_eq!(fixed(&text), format!("# A 6x6 puzzle\n@box 2x3\n{grid}"));
        // At the very start, and after a header with a blank line.
        assert_eq!(fixed(&grid), format!("@box 2x3\n{grid}"));
        let text = format!("@title t\n\n{grid}");
        assert_eq!(fixed(&text), format!("@title t\n\n@box 2x3\n{grid}"));
        // Above the border of a framed grid, not between the border and the first row.
        let framed = "+---+---+\n|3.2|...|\n|...|.4.|\n+---+---+\n|4..|...|\n|.1.|..5|\n\
                      +---+---+\n|.5.|..4|\n|...|2..|\n+---+---+\n";
        let text = format!("@title framed\n{framed}");
        assert_eq!(fixed(&text), format!("@title framed\n@box 2x3\n{framed}"));
        // CRLF stays CRLF.
        let crlf = grid.replace('\n', "\r\n");
        assert_eq!(fixed(&crlf), format!("@box 2x3\r\n{crlf}"));
        // Under symbols declared by the file.
        let letters = grid
            .replace('1', "A")
            .replace('2', "B")
            .replace('3', "C")
            .replace('4', "D")
            .replace('5', "E");
        let text = format!("@symbols ABCDEF\n\n{letters}");
        assert_eq!(
            fixed(&text),
            format!("@symbols ABCDEF\n\n@box 2x3\n{letters}")
        );
    }

    #[test]
    fn every_change_of_shape_gets_its_own_declaration() {
        let line: String = ROWS.concat();
        // One-liners: the box is assumed for the first, declared 3x2 for the second, assumed
        // again (a change of shape) for the third.
        let text = format!("{line}\n@box 3x2\n{line}\n{line}\n{line}\n");
        let out = fixed(&text);
        assert_eq!(
            out,
            format!("@box 2x3\n{line}\n@box 3x2\n{line}\n@box 2x3\n{line}\n{line}\n")
        );
    }
}
