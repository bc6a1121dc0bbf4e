//! The checks behind the fuzz targets. Each target in `fuzz_targets/` hands its input to one
//! function here, so the glue that touches the main crate's API sits in one file and is easy to
//! adapt when that API moves.
//!
//! Every check panics (which libFuzzer reports as a crash) when an invariant is broken; an input
//! that the main crate answers without panicking and consistently passes.

pub mod changes;
pub mod fixes;
pub mod fmt;
pub mod formats;
pub mod logic;
pub mod read;

use sudoku_lsp::analysis::Analysis;
use sudoku_lsp::finding::Finding;
use sudoku_lsp::text::TextRange;
use sudoku_lsp::{analyze_bytes, Config};

/// Asserts that `r` is a well-formed range of `text`: ordered, in bounds, on char boundaries.
pub fn check_range(text: &str, r: TextRange, what: &str) {
    assert!(r.start <= r.end, "{what}: inverted range {r:?}");
    assert!(
        r.end <= text.len(),
        "{what}: range {r:?} past the end ({})",
        text.len()
    );
    assert!(
        text.is_char_boundary(r.start) && text.is_char_boundary(r.end),
        "{what}: range {r:?} splits a character"
    );
}

/// Asserts that every range a finding holds (its own, its related places', its fixes' edits) is
/// a well-formed range of `text`.
pub fn check_finding(text: &str, f: &Finding) {
    let what = f.code.as_str();
    check_range(text, f.range, what);
    for r in &f.related {
        check_range(text, r.range, what);
    }
    for fix in &f.fixes {
        for e in &fix.edits {
            check_range(text, e.range, what);
        }
    }
}

/// The light invariants of an analysis of `text`: every range in bounds and on char boundaries,
/// one report per puzzle and in order, findings sorted by position, puzzle indices that exist.
pub fn check_analysis(text: &str, a: &Analysis) {
    let puzzles = a.file.puzzles.len();
    assert_eq!(a.reports.len(), puzzles, "one report per puzzle");
    for (i, (r, p)) in a.reports.iter().zip(&a.file.puzzles).enumerate() {
        assert_eq!(r.index, i, "reports in puzzle order");
        assert_eq!(p.index, i, "puzzles numbered in order");
        assert_eq!(r.shape, p.shape, "report {i} of another shape");
        check_range(text, r.first_line, "report first_line");
        if let Some(s) = &r.solution {
            assert_eq!(s.len(), p.givens.len(), "solution of puzzle {i}");
        }
    }
    for f in &a.findings {
        check_finding(text, f);
        if let Some(i) = f.puzzle {
            assert!(i < puzzles, "{} names puzzle {i} of {puzzles}", f.code);
        }
    }
    for w in a.findings.windows(2) {
        assert!(
            (w[0].range.start, w[0].range.end) <= (w[1].range.start, w[1].range.end),
            "findings not sorted by position: {:?} before {:?}",
            w[0].range,
            w[1].range
        );
    }
}

/// The `analyze` target: any bytes through [`analyze_bytes`]; when the reader refuses them (not
/// UTF-8, a NUL, a UTF-16 mark), their lossy decoding through [`sudoku_lsp::analyze`], as an
/// editor could still send such text. No panic, the light invariants. On text the reader
/// accepts, `analyze_bytes` is `analyze` of the decoded text, so one analysis covers both: the
/// solver dominates the cost, and a second analysis would halve the executions.
pub fn analyze(data: &[u8]) {
    let config = Config::default();
    let from_bytes = analyze_bytes(data, &config);
    match sudoku_lsp::syntax::decode(data) {
        Ok((text, _)) => check_analysis(text, &from_bytes),
        Err(_) => {
            assert_eq!(from_bytes.findings.len(), 1, "one encoding finding");
            assert!(from_bytes.file.puzzles.is_empty());
            let text = String::from_utf8_lossy(data);
            let whole = sudoku_lsp::analyze(&text, &config);
            check_analysis(&text, &whole);
        }
    }
}
