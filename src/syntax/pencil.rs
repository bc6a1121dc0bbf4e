//! The pencil-mark reader: solving states written out with their candidates
//! (docs/format.md#pencil-mark-grids).
//!
//! Two notations:
//! - a **pencil-mark grid**: `N` rows of `N` whitespace-separated tokens (`N` from 4 to 9), each
//!   one symbol (a solved cell), several symbols (its candidates) or `.`/`0` (no marks yet), with
//!   `|`, `│` and frame lines (`.---.---.`, `:---+---:`) as separators. Whether a paragraph is
//!   one is decided for the whole paragraph, before one-liners and size inference
//!   ([`Reader::pencil_size`]);
//! - a **candidate line**: `N*N*N` characters on one line, `N` a cell, the `d`-th showing symbol
//!   `d` while `d` is a candidate, else `.` or `0`.
//!
//! Every cell's range is its token (its `N` characters on a candidate line), so findings,
//! hovers and fills point at what was written.

use std::sync::Arc;

use super::alphabet::{CellText, Table};
use super::directive;
use super::lines::{self, is_separator_like, is_space, Kind, Ln};
use super::reader::{new_puzzle, Reader};
use super::{Directive, Layout, PencilLine, PencilMarks, Puzzle};
use crate::finding::{Code, Finding, Related, Severity};
use crate::grid::{bit, full_mask, Mask};
use crate::text::TextRange;

/// A paragraph with more content lines than this is no pencil-mark grid (9 rows, 4 frames and
/// a few stray lines at most), so a collection of a million one-liners is not scanned for one.
const MAX_PENCIL_LINES: usize = 24;

/// The candidate-line sizes read without `@size 4` or `@candidates`: `N*N*N` characters that are
/// no one-liner's length. 64 characters are an 8x8 one-liner unless told otherwise.
const CANDIDATE_LINE_SIZES: [usize; 3] = [9, 8, 6];

/// Characters that separate the tokens of a pencil-mark row (besides whitespace).
fn is_pipe(ch: char) -> bool {
    matches!(ch, '|' | '│' | '┃' | '║')
}

/// The size of a candidate line of `k` characters, if it is one: `N*N*N` for `N` of 9, 8 or 6
/// (unless another size is declared), or 64 for 4x4 under `@size 4` or `@candidates`.
pub(super) fn candidate_line_size(k: usize, under: Option<usize>, marked: bool) -> Option<usize> {
    if k == 64 && (under == Some(4) || marked) {
        return Some(4);
    }
    CANDIDATE_LINE_SIZES
        .into_iter()
        .find(|&n| n * n * n == k && under.is_none_or(|u| u == n))
}

/// What a row's token holds.
enum Token {
    Solved(u8),
    /// `+` and one symbol: a digit placed after the start (as HoDoKu writes it).
    Placed(u8),
    Marks(Mask),
    /// `.` or `0`: no marks, every candidate its solved peers allow.
    NoMarks,
    /// A character that is no symbol (the first one).
    Invalid(char),
}

impl<'t> Reader<'t> {
    /// The tokens of a pencil-mark row: runs of characters between whitespace and pipes.
    fn tokens(&self, body: TextRange) -> Vec<TextRange> {
        let s = self.slice(body);
        let mut out = Vec::new();
        let mut start = None;
        for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
            let sep = is_space(ch) || is_pipe(ch);
            match (sep, start) {
                (true, Some(st)) => {
                    out.push(TextRange::new(body.start + st, body.start + i));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        out
    }

    /// Whether `@candidates` marks this paragraph's puzzle: in the paragraph or among the file's
    /// defaults.
    pub(super) fn marked_candidates(&self, para: &[Ln]) -> bool {
        self.out.defaults.get("candidates").is_some()
            || para.iter().take(MAX_PENCIL_LINES * 2).any(|ln| {
                ln.kind == Kind::Directive
                    && directive::read(self.text, ln.full, ln.body).key == "candidates"
            })
    }

    /// The size `N` when the paragraph is a pencil-mark grid, decided for the whole paragraph
    /// before one-liners and size inference (docs/format.md#pencil-mark-grids): most of its
    /// rows (lines other than frames) hold `N` tokens, `N` from 4 to 9, and about `N` rows there
    /// are; and some token has two or more symbols, unless `@candidates` marks it. `under` is the
    /// size declared for it, which must then be `N`.
    pub(super) fn pencil_size(
        &self,
        para: &[Ln],
        marked: bool,
        under: Option<usize>,
    ) -> Option<usize> {
        let mut counts = [0usize; 10];
        let (mut rows, mut content, mut multi) = (0usize, 0usize, false);
        for ln in para.iter().filter(|l| l.kind == Kind::Content) {
            content += 1;
            if content > MAX_PENCIL_LINES {
                return None;
            }
            // A line whose first field is longer than any row is a one-liner, and a paragraph
            // holding one is a collection, never a pencil-mark grid. This also keeps the decision
            // the same when a long text is read in pieces, which are cut only at one-liners.
            if ln.plain {
                if ln.body.len() > 25 {
                    return None;
                }
                // Digits and dots with no space: one token, no row of 4 or more.
                rows += 1;
                continue;
            }
            if is_separator_like(self.slice(ln.body)) {
                continue;
            }
            rows += 1;
            let toks = self.tokens(ln.body);
            if toks.first().is_some_and(|t| t.len() > 25) {
                return None;
            }
            if let Some(c) = counts.get_mut(toks.len()) {
                *c += 1;
            }
            multi |= toks.iter().any(|t| self.slice(*t).chars().nth(1).is_some());
        }
        let n = (4..=9).max_by_key(|&n| (counts[n], n))?;
        let fits = counts[n] * 2 > rows && under.is_none_or(|u| u == n);
        let shaped = marked || (multi && rows + 1 >= n && rows <= n + 1);
        (fits && shaped).then_some(n)
    }

    /// Reads a pencil-mark grid of size `n` from a paragraph's content lines: frames are
    /// skipped, lines of tokens are rows, anything else is an `unrecognized-line`.
    pub(super) fn pencil_grid(&mut self, seg: &[Ln], own: Vec<Directive>, n: usize) {
        let st = self.settings(&own);
        let guess = Table::new(&st.guess_alphabet(n));
        // Each line: a frame (None) or a row's tokens; strays are reported below.
        let mut lines: Vec<(Ln, Option<Vec<TextRange>>)> = Vec::new();
        let mut stray = Vec::new();
        for ln in seg {
            if is_separator_like(self.slice(ln.body)) {
                lines.push((*ln, None));
                continue;
            }
            let toks = self.tokens(ln.body);
            let (mut valid, mut all) = (0usize, 0usize);
            for t in &toks {
                for ch in self.slice(*t).chars() {
                    all += 1;
                    valid += usize::from(guess.valid(ch));
                }
            }
            if toks.len() == n || (toks.len() >= 2 && valid * 2 > all) {
                lines.push((*ln, Some(toks)));
            } else {
                stray.push(*ln);
            }
        }
        let rows: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].1.is_some()).collect();
        let (Some(&first), Some(&last)) = (rows.first(), rows.last()) else {
            for ln in &stray {
                self.unrecognized(ln, not_a_row(n), None);
            }
            self.check_directives(&own, None);
            return;
        };
        let idx = self.next_index();
        for ln in &stray {
            self.unrecognized(ln, not_a_row(n), Some(idx));
        }
        let first_line = lines[first].0.full;
        let last_line = lines[last].0.full;
        let (shape, alphabet) = self.resolve(&st, n, idx, first_line);
        let table = Table::new(&alphabet);
        let mut p = new_puzzle(idx, Layout::PencilGrid, shape, alphabet, first_line, None);
        p.range = TextRange::new(first_line.start, last_line.end);
        let mut marks = vec![full_mask(n); n * n];
        let mut placed = Vec::new();
        let mut written = Vec::new();
        let mut r = 0;
        for (ln, toks) in &lines {
            let Some(toks) = toks else {
                let text = self.slice(ln.body).to_string();
                written.push(PencilLine::Frame {
                    body: ln.body,
                    text,
                });
                continue;
            };
            if r >= n {
                continue;
            }
            self.read_pencil_row(&mut p, (&mut marks, &mut placed), r, ln, toks, &table);
            written.push(PencilLine::Row {
                body: ln.body,
                row: r,
                tokens: toks.iter().map(|t| self.slice(*t).to_string()).collect(),
                gaps: self.gaps(ln.body, toks),
            });
            r += 1;
        }
        let end = lines[last].0.body.end;
        for row in r..n {
            for c in 0..n {
                p.cells.set(shape.cell(row, c), TextRange::empty(end));
            }
        }
        if rows.len() != n {
            let f = Finding::new(
                Code::RowCount,
                p.first_line,
                format!(
                    "this {n}x{n} pencil-mark grid has {} rows of tokens; it needs {n}",
                    rows.len()
                ),
            )
            .with_related(vec![Related {
                elsewhere: None,
                message: "the grid's last row".to_string(),
                range: last_line,
            }]);
            self.syntax_error(&mut p, f);
        }
        p.pencil = Some(Arc::new(PencilMarks {
            candidates: marks,
            placed,
            lines: written,
        }));
        self.push_puzzle(p, own, None);
    }

    /// The text around a row's tokens: before the first, between each two, after the last.
    fn gaps(&self, body: TextRange, toks: &[TextRange]) -> Vec<String> {
        let mut at = body.start;
        let mut out = Vec::with_capacity(toks.len() + 1);
        for t in toks {
            out.push(self.slice(TextRange::new(at, t.start)).to_string());
            at = t.end;
        }
        out.push(self.slice(TextRange::new(at, body.end)).to_string());
        out
    }

    /// Reads row `r` of a pencil-mark grid: each token's cell range, solved digit or marks, an
    /// `invalid-symbol` for a bad token, and `row-length` for a row of another number of tokens.
    fn read_pencil_row(
        &mut self,
        p: &mut Puzzle,
        (marks, placed): (&mut [Mask], &mut Vec<bool>),
        r: usize,
        ln: &Ln,
        toks: &[TextRange],
        table: &Table,
    ) {
        let n = p.shape.size;
        for (c, &range) in toks.iter().take(n).enumerate() {
            let cell = p.shape.cell(r, c);
            p.cells.set(cell, range);
            match token(self.slice(range), table) {
                Token::Solved(v) => {
                    p.givens[cell] = v;
                    marks[cell] = bit(v);
                }
                Token::Placed(v) => {
                    p.givens[cell] = v;
                    marks[cell] = bit(v);
                    placed.resize(n * n, false);
                    placed[cell] = true;
                }
                Token::Marks(m) => marks[cell] = m,
                Token::NoMarks => {}
                Token::Invalid(ch) => {
                    let f = bad_token(p, cell, self.slice(range), ch, range);
                    self.syntax_error(p, f);
                }
            }
        }
        for c in toks.len()..n {
            p.cells
                .set(p.shape.cell(r, c), TextRange::empty(ln.body.end));
        }
        if toks.len() != n {
            let k = toks.len();
            let f = Finding::new(
                Code::RowLength,
                ln.body,
                format!(
                    "row {} has {k} tokens; a {n}x{n} pencil-mark grid needs {n} in every row (one token a cell: a digit, its candidates, or `.`)",
                    r + 1
                ),
            );
            self.syntax_error(p, f);
        }
    }

    /// A candidate line of size `n`: `n*n*n` characters, `n` a cell.
    pub(super) fn candidate_line(&mut self, ln: &Ln, own: Vec<Directive>, n: usize) {
        let idx = self.next_index();
        let st = self.settings(&own);
        let (field, rest, _) = self.first_field(ln);
        let (shape, alphabet) = self.resolve(&st, n, idx, ln.full);
        let table = Table::new(&alphabet);
        let mut p = new_puzzle(idx, Layout::CandidateLine, shape, alphabet, ln.full, None);
        p.range = ln.full;
        let chars: Vec<(TextRange, char)> = lines::char_cells(self.text, field).collect();
        let mut marks = vec![0 as Mask; n * n];
        let mut bad = Vec::new();
        for (cell, group) in chars.chunks(n).take(n * n).enumerate() {
            let (Some(a), Some(b)) = (group.first(), group.last()) else {
                continue;
            };
            p.cells.set(cell, TextRange::new(a.0.start, b.0.end));
            let mut m: Mask = 0;
            let mut wrong = None;
            for (j, &(range, ch)) in group.iter().enumerate() {
                match table.get(ch) {
                    CellText::Given(v) if v as usize == j + 1 => m |= bit(v),
                    CellText::Blank => {}
                    CellText::Given(v) => {
                        wrong = wrong.or(Some((range, ch, format!("{ch} belongs at place {v} of the cell's {n} characters, not at place {}", j + 1))))
                    }
                    CellText::Invalid => {
                        wrong = wrong.or(Some((range, ch, "it is no symbol of the puzzle".to_string())))
                    }
                }
            }
            marks[cell] = m;
            if m.count_ones() == 1 {
                p.givens[cell] = m.trailing_zeros() as u8 + 1;
            }
            if let Some(w) = wrong {
                bad.push((cell, w));
            }
        }
        for (cell, (range, ch, why)) in bad {
            let name = p.shape.cell_name(cell);
            let mut f = Finding::new(
                Code::InvalidSymbol,
                range,
                format!("`{ch}` in {name} of this candidate line is not a candidate: {why}; each cell's {n} characters show symbol d at place d, or `.`"),
            )
            .in_puzzle(p.index);
            f.severity = Severity::Error;
            self.syntax_error(&mut p, f);
        }
        p.pencil = Some(Arc::new(PencilMarks {
            candidates: marks,
            placed: Vec::new(),
            lines: Vec::new(),
        }));
        let trailing_rating = self.trailing_field(&mut p, rest);
        self.push_puzzle(p, own, trailing_rating);
    }
}

/// What a token means under `table`: one symbol is a solved cell, `+` and one symbol a digit
/// placed after the start (unless `+` is a symbol), a lone blank no marks, two or more symbols
/// the cell's candidates.
fn token(text: &str, table: &Table) -> Token {
    if let Some(rest) = text.strip_prefix('+') {
        let mut chars = rest.chars();
        if let (Some(ch), None, CellText::Invalid) = (chars.next(), chars.next(), table.get('+')) {
            return match table.get(ch) {
                CellText::Given(v) => Token::Placed(v),
                _ => Token::Invalid(ch),
            };
        }
    }
    let mut chars = text.chars();
    let (Some(first), None) = (chars.next(), chars.next()) else {
        let mut m: Mask = 0;
        for ch in text.chars() {
            match table.get(ch) {
                CellText::Given(v) => m |= bit(v),
                _ => return Token::Invalid(ch),
            }
        }
        return Token::Marks(m);
    };
    match table.get(first) {
        CellText::Given(v) => Token::Solved(v),
        CellText::Blank => Token::NoMarks,
        CellText::Invalid => Token::Invalid(first),
    }
}

/// The `invalid-symbol` finding of a pencil-mark token with a character that is no symbol.
fn bad_token(p: &Puzzle, cell: usize, written: &str, ch: char, range: TextRange) -> Finding {
    let n = p.shape.size;
    let name = p.shape.cell_name(cell);
    let syms: String = p.alphabet.symbols.iter().collect();
    let shown: String = written.chars().take(12).collect();
    let mut f = Finding::new(
        Code::InvalidSymbol,
        range,
        format!(
            "`{shown}` in {name} is not a token of this {n}x{n} pencil-mark grid: `{ch}` is no symbol ({syms}); a token is one symbol (solved), several (candidates) or `.` (no marks); it is read as a cell with no marks"
        ),
    )
    .in_puzzle(p.index);
    f.severity = Severity::Error;
    f
}

/// The message of a stray line in a pencil-mark grid.
fn not_a_row(n: usize) -> String {
    format!("this line is not a row of this {n}x{n} pencil-mark grid (one token a cell), a frame line, a comment or a directive")
}

#[cfg(test)]
mod tests {
    use crate::analysis::analyze;
    use crate::config::Config;
    use crate::finding::Code;
    use crate::grid::{bit, digits, full_mask};
    use crate::syntax::{parse, Layout, ParsedFile};

    /// FORMAT.md's example: the Inkala puzzle with every candidate its givens allow.
    pub(crate) const EXAMPLE: &str = "@title Arto Inkala 2010, candidates
.--------------------.--------------------.---------------------.
| 8      1246  24569 | 2347  12357  1234  | 13569 4579  1345679 |
| 12459  124   3     | 6     12578  1248  | 1589  45789 14579   |
| 1456   7     456   | 348   9      1348  | 2     458   13456   |
:--------------------+--------------------+---------------------:
| 123469 5     2469  | 2389  2368   7     | 1689  2489  12469   |
| 12369  12368 269   | 2389  4      5     | 7     289   1269    |
| 24679  2468  24679 | 1     268    2689  | 5689  3     24569   |
:--------------------+--------------------+---------------------:
| 23457  234   1     | 23479 237    2349  | 359   6     8       |
| 23467  2346  8     | 5     2367   23469 | 39    1     2379    |
| 23567  9     2567  | 2378  123678 12368 | 4     257   2357    |
'--------------------'--------------------'---------------------'
";

    pub(crate) const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn values(line: &str) -> Vec<u8> {
        line.bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect()
    }

    fn clean(text: &str) -> ParsedFile {
        let f = parse(text);
        assert!(f.findings.is_empty(), "{:?}", f.findings);
        f
    }

    /// A candidate line of `marks` (size `n`, default symbols).
    fn line_of(n: usize, marks: &[u32]) -> String {
        let syms: Vec<char> = ('1'..='9').collect();
        marks
            .iter()
            .flat_map(|&m| (1..=n as u8).map(move |d| (d, m)))
            .map(|(d, m)| {
                if m & bit(d) != 0 {
                    syms[d as usize - 1]
                } else {
                    '.'
                }
            })
            .collect()
    }

    #[test]
    fn the_format_example_reads_as_inkala_with_its_candidates() {
        let f = clean(EXAMPLE);
        let p = &f.puzzles[0];
        assert_eq!(p.layout, Layout::PencilGrid);
        assert_eq!(p.shape.size, 9);
        assert_eq!(p.givens, values(INKALA));
        let marks = p.candidates().unwrap();
        // Every mark is exactly what the givens allow.
        let allowed = p.grid().candidates();
        assert_eq!(marks, &allowed[..]);
        assert_eq!(&EXAMPLE[p.cells.at(1).as_range()], "1246");
        assert_eq!(&EXAMPLE[p.cells.at(0).as_range()], "8");
        assert_eq!(&EXAMPLE[p.cells.at(80).as_range()], "2357");
        assert_eq!(
            p.directives.get("title").unwrap().value,
            "Arto Inkala 2010, candidates"
        );
        // It solves to the plain grid's solution.
        let a = analyze(EXAMPLE, &Config::default());
        assert!(a.findings.is_empty(), "{:?}", a.findings);
        let plain = analyze(&format!("{INKALA}\n"), &Config::default());
        assert!(a.reports[0].solution.is_some());
        assert_eq!(a.reports[0].solution, plain.reports[0].solution);
    }

    #[test]
    fn frames_pipes_box_drawing_and_blank_tokens() {
        // `+---+` frames, `|` separators, `.` and `0` for no marks, candidates of two symbols.
        let plus = "+-----+-----+\n| 1 . | 0 4 |\n| 34 . | 12 . |\n+-----+-----+\n| . 1 | 4 . |\n| 4 . | . 1 |\n+-----+-----+\n";
        let f = clean(plus);
        let p = &f.puzzles[0];
        assert_eq!((p.layout, p.shape.size), (Layout::PencilGrid, 4));
        let marks = p.candidates().unwrap();
        assert_eq!(marks[0], bit(1));
        assert_eq!(marks[1], full_mask(4));
        assert_eq!(marks[2], full_mask(4), "0 is a cell with no marks");
        assert_eq!(marks[4], bit(3) | bit(4));
        assert_eq!(p.givens[..4], [1, 0, 0, 4]);
        // Box-drawing separators and frames.
        let boxed = "┌─────┬─────┐\n│ 1 2 │ 34 34 │\n│ 34 34 │ 1 2 │\n├─────┼─────┤\n│ 2 1 │ 4 3 │\n│ 4 3 │ 2 1 │\n└─────┴─────┘\n";
        let f = clean(boxed);
        assert_eq!(f.puzzles[0].layout, Layout::PencilGrid);
        assert_eq!(&boxed[f.puzzles[0].cells.at(2).as_range()], "34");
        // Plain grids with spaces between single symbols stay plain grids.
        let f = clean("1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 1\n");
        assert_eq!(f.puzzles[0].layout, Layout::Grid);
        // ... unless `@candidates` says they are pencil marks.
        let f = clean("@candidates\n1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 .\n");
        assert_eq!(f.puzzles[0].layout, Layout::PencilGrid);
        assert_eq!(f.puzzles[0].candidates().unwrap()[15], full_mask(4));
    }

    #[test]
    fn a_six_by_six_pencil_grid_with_a_title_above() {
        let text = "@title six\n1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n---------------\n2 3 1 | 56 6 4\n5 6 4 | 23 3 1\n---------------\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n";
        let f = parse(text);
        let p = &f.puzzles[0];
        assert_eq!((p.layout, p.shape.size), (Layout::PencilGrid, 6));
        assert!(
            f.findings.iter().all(|x| x.code == Code::BoxShape),
            "{:?}",
            f.findings
        );
        assert_eq!(p.candidates().unwrap()[15], bit(5) | bit(6));
    }

    #[test]
    fn grids_of_digit_groups_are_not_pencil_marks() {
        // 12x12 rows in groups of three: four tokens of three symbols, but twelve rows.
        let row = "123 456 789 ABC\n";
        let f = parse(&row.repeat(12));
        assert_eq!(f.puzzles[0].layout, Layout::Grid);
        assert_eq!(f.puzzles[0].shape.size, 12);
        // 9x9 rows in groups of three.
        let f = parse(&"123 456 789\n".repeat(9));
        assert_eq!(f.puzzles[0].layout, Layout::Grid);
    }

    #[test]
    fn candidate_lines_of_every_size() {
        let f = clean(EXAMPLE);
        let p = &f.puzzles[0];
        let marks = p.pencil.as_ref().unwrap().allowed(&p.grid());
        let line = line_of(9, &marks);
        assert_eq!(line.len(), 729);
        let text = format!("@title line\n{line}\n");
        let g = clean(&text);
        let q = &g.puzzles[0];
        assert_eq!((q.layout, q.shape.size), (Layout::CandidateLine, 9));
        assert_eq!(q.givens, p.givens);
        assert_eq!(q.candidates().unwrap(), &marks[..]);
        assert_eq!(&text[q.cells.at(1).as_range()], "12.4.6...");
        let a = analyze(&text, &Config::default());
        assert!(a.findings.is_empty(), "{:?}", a.findings);
        assert_eq!(
            a.reports[0].solution,
            analyze(EXAMPLE, &Config::default()).reports[0].solution
        );
        // 8, 6: every cell with every candidate.
        for n in [8usize, 6] {
            let head = if n == 8 { "@box 2x4" } else { "@box 2x3" };
            let g = clean(&format!(
                "{head}\n{}\n",
                line_of(n, &vec![full_mask(n); n * n])
            ));
            assert_eq!(
                (g.puzzles[0].layout, g.puzzles[0].shape.size),
                (Layout::CandidateLine, n)
            );
        }
        // 64 characters: an 8x8 one-liner, 4x4 candidates under `@size 4` or `@candidates`.
        let l4 = line_of(4, &[full_mask(4); 16]);
        let g = parse(&format!("{l4}\n"));
        assert_eq!(
            (g.puzzles[0].layout, g.puzzles[0].shape.size),
            (Layout::OneLiner, 8)
        );
        for head in ["@size 4", "@candidates"] {
            let g = clean(&format!("{head}\n{l4}\n"));
            assert_eq!(
                (g.puzzles[0].layout, g.puzzles[0].shape.size),
                (Layout::CandidateLine, 4)
            );
        }
    }

    #[test]
    fn bad_tokens_rows_and_places() {
        let text = "@candidates\n1 2 3 4\n3x 4 1 2\n2 1 4\n4 3 2 1\n";
        let f = parse(text);
        let codes: Vec<Code> = f.findings.iter().map(|x| x.code).collect();
        assert_eq!(
            codes,
            [Code::InvalidSymbol, Code::RowLength],
            "{:?}",
            f.findings
        );
        assert_eq!(&text[f.findings[0].range.as_range()], "3x");
        assert!(f.puzzles[0].has_syntax_error);
        // A symbol at the wrong place of a candidate line.
        let mut line = line_of(6, &[full_mask(6); 36]);
        line.replace_range(2..3, "5");
        let f = parse(&format!("@box 2x3\n{line}\n"));
        assert_eq!(f.findings[0].code, Code::InvalidSymbol);
        assert_eq!(f.findings[0].range.start, 9 + 2);
        assert!(
            f.findings[0].message.contains("place 5"),
            "{}",
            f.findings[0].message
        );
        // A candidate line cell with one candidate is solved.
        let mut marks = vec![full_mask(6); 36];
        marks[0] = bit(3);
        let f = clean(&format!("@box 2x3\n{}\n", line_of(6, &marks)));
        assert_eq!(f.puzzles[0].givens[0], 3);
        assert_eq!(
            digits(f.puzzles[0].candidates().unwrap()[0]).collect::<Vec<_>>(),
            [3]
        );
    }
}
