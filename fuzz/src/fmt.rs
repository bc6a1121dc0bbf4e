//! The `fmt` target: formatting any text, in every grid style, gives edits that apply (in
//! bounds, on char boundaries, apart), a text that formats to itself again and reads as the
//! original (the same puzzles and reader findings), and a range formatting that applies too.

use sudoku_lsp::finding::apply_edits;
use sudoku_lsp::format::{format, format_range, GridStyle, Style};
use sudoku_lsp::syntax;
use sudoku_lsp::text::{floor_char_boundary, TextRange};

use crate::check_range;

pub fn fmt(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let before = syntax::parse(text);
    for grid in [GridStyle::Plain, GridStyle::Spaced, GridStyle::Boxed] {
        let style = Style { grid, blank: '.' };
        let f = format(text, &style);
        for e in &f.edits {
            check_range(text, e.range, "a formatting edit");
        }
        let once = apply_edits(text, &f.edits).expect("the edits apply");
        assert_eq!(
            format(&once, &style).apply(&once),
            once,
            "{grid:?}: not idempotent"
        );
        let after = syntax::parse(&once);
        assert_eq!(
            after.puzzles.len(),
            before.puzzles.len(),
            "{grid:?}: puzzles"
        );
        for (a, b) in before.puzzles.iter().zip(&after.puzzles) {
            assert_eq!(
                (&a.givens, a.layout),
                (&b.givens, b.layout),
                "{grid:?}: givens"
            );
        }
        let codes = |f: &syntax::ParsedFile| f.findings.iter().map(|x| x.code).collect::<Vec<_>>();
        assert_eq!(codes(&after), codes(&before), "{grid:?}: reader findings");
    }
    let mid = floor_char_boundary(text, text.len() / 2);
    let r = format_range(text, &Style::default(), TextRange::new(mid, mid));
    for e in &r.edits {
        check_range(text, e.range, "a range formatting edit");
    }
    assert!(
        apply_edits(text, &r.edits).is_some(),
        "the range edits apply"
    );
}
