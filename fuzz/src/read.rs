//! The `read` target: any bytes are decoded and read; the text read in pieces, as the CLI's
//! streaming check and the editor read it, gives exactly what reading it whole gives.

use sudoku_lsp::syntax::{self, ParsedFile, ReaderState};
use sudoku_lsp::text::TextRange;

use crate::check_range;

pub fn read(data: &[u8]) {
    let text = match syntax::decode(data) {
        Ok((text, skip)) => {
            assert!(skip == 0 || skip == 3, "skipped {skip} bytes");
            assert_eq!(text.len() + skip, data.len());
            text
        }
        Err(finding) => {
            assert!(finding.range.end <= data.len());
            return;
        }
    };
    let whole = syntax::parse(text);
    check_file(text, &whole);

    // The cuts the CLI and the editor make.
    let cuts = syntax::content_pieces(text);
    assert_eq!(cuts.first().map(|r| r.start), Some(0), "pieces start at 0");
    assert_eq!(
        cuts.last().map(|r| r.end),
        Some(text.len()),
        "pieces end at the end"
    );
    for w in cuts.windows(2) {
        assert_eq!(w[0].end, w[1].start, "pieces must tile the text");
    }
    if cuts.len() > 1 {
        same(&whole, &by_pieces(text, &cuts), "content_pieces");
        same(
            &whole,
            &by_windows(text, &cuts),
            "content_pieces through windows",
        );
    }

    // `content_pieces` cuts only texts longer than 8 KiB, which the fuzzer seldom writes; the
    // reader's promise is wider: a cut between any two plain one-liners reads the same. So cut at
    // every such place, through the smallest windows the reader accepts.
    let fine = fine_cuts(text);
    if fine.len() > 1 {
        same(&whole, &by_pieces(text, &fine), "cut at every one-liner");
        same(
            &whole,
            &by_windows(text, &fine),
            "windows at every one-liner",
        );
    }
}

/// The range invariants of a parse: every range in bounds and on char boundaries, and a puzzle's
/// tables as long as its size says.
fn check_file(text: &str, f: &ParsedFile) {
    for (i, p) in f.puzzles.iter().enumerate() {
        let n = p.shape.size;
        assert_eq!(p.index, i, "puzzle index");
        assert_eq!(p.cells.len(), n * n, "cells of puzzle {i}");
        assert_eq!(p.givens.len(), n * n, "givens of puzzle {i}");
        assert!(
            p.givens.iter().all(|&v| usize::from(v) <= n),
            "given past {n}"
        );
        for c in p.cells.iter() {
            check_range(text, c, "cell");
        }
        check_range(text, p.first_line, "first_line");
        check_range(text, p.range, "puzzle range");
        if let Some(t) = p.trailing {
            check_range(text, t, "trailing field");
        }
        for d in &p.directives.all {
            check_range(text, d.range, "directive");
            check_range(text, d.value_range, "directive value");
        }
    }
    for x in &f.findings {
        crate::check_finding(text, x);
        if let Some(i) = x.puzzle {
            assert!(i < f.puzzles.len(), "{} names puzzle {i}", x.code);
        }
    }
}

/// Asserts that the pieces read as the whole did, naming the first difference only (a whole
/// `ParsedFile` is too long to read in a failure).
fn same(whole: &ParsedFile, pieced: &ParsedFile, how: &str) {
    first_difference(&whole.puzzles, &pieced.puzzles, how, "puzzle");
    first_difference(&whole.findings, &pieced.findings, how, "finding");
    assert_eq!(
        whole.defaults, pieced.defaults,
        "{how}: the defaults differ"
    );
}

fn first_difference<T: PartialEq + std::fmt::Debug>(
    whole: &[T],
    pieced: &[T],
    how: &str,
    what: &str,
) {
    let n = whole.len().max(pieced.len());
    if let Some(i) = (0..n).find(|&i| whole.get(i) != pieced.get(i)) {
        panic!(
            "{how}: {what} {i} differs ({} whole, {} in pieces)\nwhole:  {:?}\npieces: {:?}",
            whole.len(),
            pieced.len(),
            whole.get(i),
            pieced.get(i)
        );
    }
}

/// Reads `text` piece by piece with `parse_piece`, as the editor's cache does.
fn by_pieces(text: &str, pieces: &[TextRange]) -> ParsedFile {
    let mut state = ReaderState::default();
    let mut joined = ParsedFile::default();
    for (i, &r) in pieces.iter().enumerate() {
        let part = syntax::parse_piece(text, r, &mut state, i + 1 == pieces.len());
        joined.puzzles.extend(part.puzzles);
        joined.findings.extend(part.findings);
        joined.defaults = part.defaults;
    }
    joined
}

/// Reads `text` piece by piece with `parse_window`, as the CLI's streaming check does, each
/// window holding only the piece and the one character after it.
fn by_windows(text: &str, pieces: &[TextRange]) -> ParsedFile {
    let mut state = ReaderState::default();
    let mut joined = ParsedFile::default();
    for (i, &r) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut end = r.end;
        if !last {
            end += 1;
            while !text.is_char_boundary(end) {
                end += 1;
            }
        }
        let window = &text[r.start..end];
        let part = syntax::parse_window(window, r.start, r, &mut state, last);
        joined.puzzles.extend(part.puzzles);
        joined.findings.extend(part.findings);
        joined.defaults = part.defaults;
    }
    joined
}

/// Whether a line is a whole puzzle whatever its neighbours are, so the text may be cut before
/// or after it: its first field is 36, 64, 81, 144, 256 or 625 cells of the default alphabet or a
/// blank mark, one of them a digit. This is the rule `syntax::content_pieces` documents, written
/// again here so the target checks the reader against the rule, not against itself.
fn is_plain_one_liner(line: &str) -> bool {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let field = line.split([' ', '\t']).next().unwrap_or("");
    matches!(field.len(), 36 | 64 | 81 | 144 | 256 | 625)
        && field.bytes().any(|b| (b'1'..=b'9').contains(&b))
        && field
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'*' | b'-'))
}

/// Whether a line may change how the later lines of its paragraph read, so that the text must
/// not be cut after it until the paragraph ends: an `@size` or `@symbols` directive, or a line
/// whose first field could be 16 cells. A wider net than the reader's own rule (any first field
/// of 16 characters or more that is no plain one-liner), so the cuts made here are always
/// among those the reader allows.
fn may_hold_context(line: &str) -> bool {
    let t = line.trim();
    if let Some(rest) = t.strip_prefix('@') {
        let key = rest.split(char::is_whitespace).next().unwrap_or("");
        return key.eq_ignore_ascii_case("size")
            || key.eq_ignore_ascii_case("symbols")
            || key.eq_ignore_ascii_case("candidates");
    }
    if t.starts_with('#') {
        return false;
    }
    let field = t.split(char::is_whitespace).next().unwrap_or("");
    field.chars().count() >= 16 && !is_plain_one_liner(line)
}

/// Whether more than half of the line's first field are blank marks (`.0_-xX*`), which every
/// alphabet reads as cells: the line is a puzzle whatever the alphabet, so a piece may start
/// with it.
fn mostly_blank(line: &str) -> bool {
    let field = line
        .trim_end()
        .split(char::is_whitespace)
        .next()
        .unwrap_or("");
    let blanks = field.chars().filter(|c| ".0_-xX*".contains(*c)).count();
    2 * blanks > field.chars().count()
}

/// The pieces of `text` cut before every line that follows another, both plain one-liners, the
/// second [`mostly_blank`], in a paragraph that holds no line of [`may_hold_context`] since the
/// last cut.
fn fine_cuts(text: &str) -> Vec<TextRange> {
    let mut cuts = Vec::new();
    let mut start = 0;
    let mut prev_plain = false;
    let mut held = false;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let content = line.strip_suffix('\n').unwrap_or(line);
        let plain = is_plain_one_liner(content);
        if plain && prev_plain && !held && at > start && mostly_blank(content) {
            cuts.push(TextRange::new(start, at));
            start = at;
        }
        if content.trim().is_empty() {
            held = false;
        } else if may_hold_context(content) {
            held = true;
        }
        prev_plain = plain;
        at += line.len();
    }
    cuts.push(TextRange::new(start, text.len()));
    cuts
}
