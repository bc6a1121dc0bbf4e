//! Delimited tables (CSV, TSV): the big public banks. A small RFC 4180 reader that keeps every
//! field's byte range, so each cell of the puzzle column maps back to its bytes in the source,
//! then each row read as a one-liner (`one_liner.rs`) with its other columns as directives.

use super::{is_our_level, meta_directive, reader};
use crate::finding::{Code, Finding};
use crate::grid::SIZES;
use crate::syntax::lines::{default_value, Kind, Ln};
use crate::syntax::reader::Reader;
use crate::syntax::src::Src;
use crate::syntax::{Directive, ParsedFile, ReaderState};
use crate::text::TextRange;

/// Header names of the puzzle column (any case).
const PUZZLE_NAMES: [&str; 7] = [
    "puzzle", "quizzes", "quiz", "question", "board", "grid", "givens",
];
/// Header names of the solution column.
const SOLUTION_NAMES: [&str; 3] = ["solution", "solutions", "answer"];
/// Header names of the level column: a declared level when one of ours, else metadata.
const LEVEL_NAMES: [&str; 2] = ["level", "difficulty"];
/// Columns named as a `.sudoku` key that describes a puzzle: read as that directive.
const DESCRIBING: [&str; 6] = ["title", "author", "source", "url", "date", "tags"];
/// Header names of the rating column.
const RATING_NAMES: [&str; 2] = ["rating", "score"];

/// Where `solve --write` and the fill assists write a table row's solution: into its solution
/// field, or, when the table has none, as a new last field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionSlot {
    /// The range replaced by the solution: the field's content, or an empty range at the
    /// row's end when the column is added.
    pub range: TextRange,
    /// The delimiter written before the solution when the column is added.
    pub adds: Option<char>,
    /// When the column is added: the end of the header line, where `<delimiter>solution` goes
    /// (`None` for a table without a header).
    pub header_end: Option<usize>,
}

/// One field of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Field {
    /// The field as written, quotes included.
    pub raw: TextRange,
    /// The field's text: inside the quotes for a quoted field.
    pub content: TextRange,
    /// The content holds a doubled quote (`""`), so its text is not the value as written.
    pub escaped: bool,
}

/// One record: a line, or several when a quoted field holds a line break.
#[derive(Clone, Debug)]
pub(super) struct Record {
    /// The record without its terminator.
    pub full: TextRange,
    pub fields: Vec<Field>,
    /// Why the record cannot be read (bad quoting), if so.
    pub error: Option<String>,
}

impl Record {
    /// A record with no text (a blank line).
    fn is_blank(&self, text: Src<'_>) -> bool {
        text.get(self.full.as_range())
            .is_none_or(|s| s.trim().is_empty())
    }

    /// The record with every range moved `by` bytes on (read from a piece, placed in the
    /// whole text).
    fn shifted(mut self, by: usize) -> Record {
        let at = |r: TextRange| TextRange::new(r.start + by, r.end + by);
        self.full = at(self.full);
        for f in &mut self.fields {
            f.raw = at(f.raw);
            f.content = at(f.content);
        }
        self
    }
}

/// Why a record whose quote never closes is broken: the only reason that depends on the text
/// after it, so a streamed table must see more before it can say so.
const NEVER_CLOSED: &str = "a quoted field is never closed";

/// Splits `text` into records, each field with its byte ranges. Never fails: a quote left open
/// or text after a closing quote makes its record a broken one that ends at its first line, and
/// reading goes on at the next line.
pub(super) fn records(text: &str, delim: u8) -> Vec<Record> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < b.len() {
        let (rec, next) = record(b, pos, delim);
        out.push(rec);
        pos = next;
    }
    out
}

/// The end of the line holding `pos` (before `\r\n` or `\n`) and the start of the next.
fn line_end(b: &[u8], pos: usize) -> (usize, usize) {
    match memchr::memchr(b'\n', &b[pos..]) {
        Some(i) => {
            let nl = pos + i;
            let end = if nl > pos && b[nl - 1] == b'\r' {
                nl - 1
            } else {
                nl
            };
            (end, nl + 1)
        }
        None => (b.len(), b.len()),
    }
}

/// Reads the record starting at `start`; returns it and where the next one starts.
fn record(b: &[u8], start: usize, delim: u8) -> (Record, usize) {
    let mut fields = Vec::new();
    let mut pos = start;
    loop {
        if b.get(pos) == Some(&b'"') {
            // A quoted field: up to the quote that is not doubled.
            let open = pos;
            let mut i = pos + 1;
            let mut escaped = false;
            let close = loop {
                match b.get(i) {
                    None => break None,
                    Some(b'"') if b.get(i + 1) == Some(&b'"') => {
                        escaped = true;
                        i += 2;
                    }
                    Some(b'"') => break Some(i),
                    Some(_) => i += 1,
                }
            };
            // A quote left open on its line: the field may go on over a line break, but when
            // it ends badly, the quote opened here is what is wrong.
            let spans = |end: usize| b[open..end].contains(&b'\n');
            let Some(close) = close else {
                return broken(b, start, NEVER_CLOSED);
            };
            fields.push(Field {
                raw: TextRange::new(open, close + 1),
                content: TextRange::new(open + 1, close),
                escaped,
            });
            pos = close + 1;
            match b.get(pos) {
                Some(&c) if c == delim => pos += 1,
                None | Some(b'\n') => return finish(b, start, pos, fields),
                Some(b'\r') if matches!(b.get(pos + 1), None | Some(b'\n')) => {
                    return finish(b, start, pos, fields)
                }
                Some(_) if spans(close) => {
                    return broken(b, start, "a quoted field is not closed on its line")
                }
                Some(_) => return broken(b, start, "text follows a closing quote"),
            }
        } else {
            let end = memchr::memchr2(delim, b'\n', &b[pos..]).map_or(b.len(), |i| pos + i);
            let mut content_end = end;
            if b.get(end) != Some(&delim) && content_end > pos && b[content_end - 1] == b'\r' {
                content_end -= 1;
            }
            let r = TextRange::new(pos, content_end);
            fields.push(Field {
                raw: r,
                content: r,
                escaped: false,
            });
            if b.get(end) == Some(&delim) {
                pos = end + 1;
            } else {
                return finish(b, start, content_end, fields);
            }
        }
    }
}

/// A good record ending at `end` (its terminator, or the end of the text).
fn finish(b: &[u8], start: usize, end: usize, fields: Vec<Field>) -> (Record, usize) {
    let mut next = end;
    if b.get(next) == Some(&b'\r') {
        next += 1;
    }
    if b.get(next) == Some(&b'\n') {
        next += 1;
    }
    let rec = Record {
        full: TextRange::new(start, end),
        fields,
        error: None,
    };
    (rec, next)
}

/// A broken record: its first line, and reading goes on at the next.
fn broken(b: &[u8], start: usize, why: &str) -> (Record, usize) {
    let (end, next) = line_end(b, start);
    let rec = Record {
        full: TextRange::new(start, end),
        fields: Vec::new(),
        error: Some(why.to_string()),
    };
    (rec, next)
}

/// The delimiter of a table: the most frequent of `,`, `;` and tab on its first non-blank line
/// (outside quotes), `,` when none appears.
pub(super) fn guess_delimiter(text: &str) -> u8 {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in first.bytes() {
        match c {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    if counts[best] == 0 {
        b','
    } else {
        [b',', b';', b'\t'][best]
    }
}

/// Whether `s` is a cell string: `N*N` characters for a supported size, each a digit, a letter
/// or a blank, and at least one of them a digit or a blank (so a word is no cell string).
pub(super) fn is_cell_string(s: &str) -> bool {
    let s = s.trim();
    let n = s.chars().count();
    SIZES.iter().any(|&k| k * k == n)
        && s.chars().all(|c| default_value(c).is_some())
        && s.chars()
            .any(|c| c.is_ascii_digit() || default_value(c) == Some(0))
}

/// Which column holds what, decided from the header (or from the first row when there is none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvColumns {
    /// The first record is a header.
    pub header: bool,
    /// The header's names (lower-cased), or `column1`, `column2`, ... without one.
    pub names: Vec<String>,
    pub puzzle: usize,
    pub solution: Option<usize>,
    pub id: Option<usize>,
    pub level: Option<usize>,
    pub rating: Option<usize>,
}

/// The text of a field, quotes taken off and doubled quotes undone.
fn value(text: Src<'_>, f: &Field) -> String {
    let s = text.get(f.content.as_range()).unwrap_or("");
    if f.escaped {
        s.replace("\"\"", "\"")
    } else {
        s.to_string()
    }
}

/// The position of the first name in `names` that is one of `wanted`.
fn named(names: &[String], wanted: &[&str]) -> Option<usize> {
    names.iter().position(|n| wanted.contains(&n.as_str()))
}

impl CsvColumns {
    /// The columns of a table whose first non-blank record is `first` (and the next one
    /// `second`): a header when no field of `first` is a cell string. `None` when no column
    /// holds puzzles: no name says so and no field of the first data row is a cell string.
    fn find(text: Src<'_>, first: &Record, second: Option<&Record>) -> Option<CsvColumns> {
        let values: Vec<String> = first.fields.iter().map(|f| value(text, f)).collect();
        let header = !values.iter().any(|v| is_cell_string(v));
        if !header {
            // No header: the first cell-string column (the longest, so a 16-digit hex id is
            // not taken for a 4x4 puzzle) holds the puzzle, the next one of its length the
            // solution.
            let len = |v: &String| v.trim().len();
            let puzzle = (0..values.len())
                .filter(|&i| is_cell_string(&values[i]))
                .max_by_key(|&i| (len(&values[i]), usize::MAX - i))?;
            let solution = (puzzle + 1..values.len())
                .find(|&i| is_cell_string(&values[i]) && len(&values[i]) == len(&values[puzzle]));
            return Some(CsvColumns {
                header,
                names: (1..=values.len()).map(|i| format!("column{i}")).collect(),
                puzzle,
                solution,
                id: None,
                level: None,
                rating: None,
            });
        }
        let names: Vec<String> = values.iter().map(|v| v.trim().to_lowercase()).collect();
        let puzzle = named(&names, &PUZZLE_NAMES).or_else(|| {
            let row = second?;
            row.fields
                .iter()
                .position(|f| is_cell_string(&value(text, f)))
        })?;
        let solution = named(&names, &SOLUTION_NAMES).filter(|&i| i != puzzle);
        Some(CsvColumns {
            header,
            puzzle,
            solution,
            id: named(&names, &["id"]),
            level: named(&names, &LEVEL_NAMES),
            rating: named(&names, &RATING_NAMES),
            names,
        })
    }
}

/// Whether the text's first line is a header naming a puzzle column (how a table is told from
/// other text when its extension does not say).
pub fn has_puzzle_header(text: &str) -> bool {
    let delim = guess_delimiter(text);
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.len() > 4096 {
        return false;
    }
    let (rec, _) = record(first.as_bytes(), 0, delim);
    rec.error.is_none()
        && rec.fields.iter().any(|f| {
            let v = value(Src::whole(first), f).trim().to_lowercase();
            PUZZLE_NAMES.contains(&v.as_str())
        })
}

/// The columns of a table text, when it has a puzzle column (`check` on a folder reads a
/// `.csv` only then).
pub fn columns_of(text: &str, delimiter: Option<u8>) -> Option<CsvColumns> {
    let delim = delimiter.unwrap_or_else(|| guess_delimiter(text));
    let recs: Vec<Record> = records_head(text, delim, 2);
    CsvColumns::find(Src::whole(text), recs.first()?, recs.get(1))
}

/// The first `n` non-blank records of a text.
fn records_head(text: &str, delim: u8, n: usize) -> Vec<Record> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < b.len() && out.len() < n {
        let (rec, next) = record(b, pos, delim);
        if !rec.is_blank(Src::whole(text)) {
            out.push(rec);
        }
        pos = next;
    }
    out
}

/// How a table reads, as its first records settle it: the delimiter, the columns and the
/// header.
#[derive(Clone, Debug)]
struct Layout {
    delim: u8,
    cols: CsvColumns,
    /// The header record, which is no row.
    header: Option<TextRange>,
    /// The header's field count, which every row must have (0 without a header).
    width: usize,
}

impl Layout {
    /// The layout `records` (the table's first records, in order) give it; without a puzzle
    /// column, the one `not-a-puzzle-file` finding that is all a reading of the table gives.
    fn find(text: Src<'_>, records: &[Record], delim: u8) -> Result<Layout, Finding> {
        let mut data = records
            .iter()
            .filter(|r| !r.is_blank(text) && r.error.is_none());
        let (first, second) = (data.next(), data.next());
        let Some(cols) = first.and_then(|f| CsvColumns::find(text, f, second)) else {
            let names = first
                .map(|f| {
                    f.fields
                        .iter()
                        .map(|x| value(text, x).trim().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            return Err(Finding::new(
                Code::NotAPuzzleFile,
                first.map_or(TextRange::empty(0), |f| f.full),
                format!(
                    "this looks like a table with no puzzle column (columns: {names}): no header names one (puzzle, quizzes, quiz, question, board, grid, givens) and no field of its first row is a puzzle's cells"
                ),
            ));
        };
        let header = first.filter(|_| cols.header);
        Ok(Layout {
            delim,
            header: header.map(|f| f.full),
            width: header.map_or(0, |f| f.fields.len()),
            cols,
        })
    }

    /// Reads `records` (in order, ranges into the whole text the reader reads) as rows: each
    /// data row a puzzle, read as a one-liner from the puzzle field.
    fn read_rows(&self, r: &mut Reader<'_>, records: &[Record]) {
        let text = r.text;
        let cols = &self.cols;
        for rec in records {
            if rec.is_blank(text) || Some(rec.full) == self.header {
                continue;
            }
            let ln = Ln {
                full: rec.full,
                body: rec.full,
                kind: Kind::Content,
                plain: false,
            };
            if let Some(why) = &rec.error {
                r.unrecognized(&ln, format!("this row cannot be read: {why}"), None);
                continue;
            }
            if cols.header && rec.fields.len() != self.width {
                let (n, width) = (rec.fields.len(), self.width);
                r.unrecognized(
                    &ln,
                    format!("this row has {n} fields; the header has {width}"),
                    None,
                );
                continue;
            }
            let Some(pf) = rec.fields.get(cols.puzzle) else {
                r.unrecognized(&ln, "this row has no puzzle field".to_string(), None);
                continue;
            };
            let own = row_directives(text, cols, rec);
            let body = trimmed(text, pf.content);
            let bytes = text.get(body.as_range()).unwrap_or("").as_bytes();
            let row = Ln {
                full: rec.full,
                body,
                kind: Kind::Content,
                plain: !bytes.is_empty() && bytes.iter().all(|&b| b.is_ascii_digit() || b == b'.'),
            };
            if body.is_empty() {
                r.unrecognized(&row, "this row's puzzle field is empty".to_string(), None);
                continue;
            }
            let (checked, meta): (Vec<Directive>, Vec<Directive>) =
                own.into_iter().partition(|d| d.key != "meta");
            let before = r.out.puzzles.len();
            r.one_liner(&row, checked);
            if let Some(p) = r.out.puzzles.get_mut(before) {
                p.trailing = None;
                p.directives.all.extend(meta);
                let header_end = self.header.map(|h| h.end);
                p.slot = Some(std::sync::Arc::new(slot(
                    text, cols, rec, self.delim, header_end,
                )));
            }
        }
    }
}

/// Reads a table: each data row a puzzle, read as a one-liner from the puzzle field.
pub(super) fn parse(text: &str, delimiter: Option<u8>) -> ParsedFile {
    let delim = delimiter.unwrap_or_else(|| guess_delimiter(text));
    let recs = records(text, delim);
    match Layout::find(Src::whole(text), &recs, delim) {
        Ok(layout) => {
            let mut r = reader(text);
            layout.read_rows(&mut r, &recs);
            r.done()
        }
        Err(finding) => {
            let mut out = ParsedFile::default();
            out.findings.push(finding);
            out
        }
    }
}

/// The size of the pieces a streamed table is cut into (a cut falls between two records once
/// a piece holds this much).
const PIECE: usize = 256 << 10;

/// The most text held for one record whose quote is still open: past it the quote counts as
/// never closed (the record is broken at its first line, as when the file ends first), so a
/// stray quote in a huge table does not pull the rest of the file into memory.
const MAX_OPEN: usize = 16 << 20;

/// A large table read piece by piece, in order, through a window onto its text (`check` on a
/// big CSV file): each piece is a run of whole records, read with the layout the table's start
/// settled. Reading every piece gives the puzzles and findings [`parse`] gives on the whole
/// text, with the same ranges, without holding them all at once. docs/formats.md says what can
/// differ: the columns are found among the records of the table's first 64 KiB, and a quote
/// left open for more than 16 MiB counts as never closed.
#[derive(Debug)]
pub struct TableStream {
    /// The layout, or the one finding of a table with no puzzle column (taken by the first
    /// piece; the later pieces read nothing).
    layout: Result<Layout, Option<Finding>>,
    /// The size of a piece (smaller in tests).
    piece: usize,
    /// What the reader carries from one piece to the next.
    state: ReaderState,
}

impl TableStream {
    /// A stream over the table whose text starts with `head` (the start of the text, whole
    /// records up to its end unless `eof`: the text ends there); `delimiter` as in
    /// [`super::Reading`].
    pub fn new(head: &str, delimiter: Option<u8>, eof: bool) -> TableStream {
        let delim = delimiter.unwrap_or_else(|| guess_delimiter(head));
        let b = head.as_bytes();
        let mut recs = Vec::new();
        let mut pos = 0;
        while pos < b.len() {
            let (rec, next) = record(b, pos, delim);
            if !complete(b, &rec, next, eof) {
                break;
            }
            recs.push(rec);
            pos = next;
        }
        TableStream {
            layout: Layout::find(Src::whole(head), &recs, delim).map_err(Some),
            piece: PIECE,
            state: ReaderState::default(),
        }
    }

    /// The same stream, cut into pieces of `bytes` (for tests).
    pub fn with_piece(mut self, bytes: usize) -> TableStream {
        self.piece = bytes.max(1);
        self
    }

    /// What the reader carries between pieces (the first unlisted line, for the summary).
    pub fn state(&self) -> &ReaderState {
        &self.state
    }

    /// Where the piece that starts at `start` ends: after the first whole record that brings
    /// it to the piece size. `window` is the text from byte `base` on and holds `start`;
    /// `eof`: the text ends with the window. `None` when the window does not hold the piece
    /// yet, or holds the rest of the text, which is then the last piece.
    pub fn next_cut(&self, window: &str, base: usize, start: usize, eof: bool) -> Option<usize> {
        let delim = match &self.layout {
            Ok(l) => l.delim,
            // Nothing more is read from a table with no puzzle column: the window moves on.
            Err(_) => {
                let end = base + window.len();
                return (end > start && !eof).then_some(end);
            }
        };
        let b = window.as_bytes().get(start.checked_sub(base)?..)?;
        let mut pos = 0;
        while pos < self.piece {
            let nl = memchr::memchr(b'\n', &b[pos..]).map(|i| pos + i);
            match nl {
                // A line without a quote is a whole record.
                Some(nl) if memchr::memchr(b'"', &b[pos..nl]).is_none() => pos = nl + 1,
                // The rest of the text is the last piece, or more must be read.
                None => return None,
                Some(nl) => {
                    let (rec, next) = record(b, pos, delim);
                    if complete(b, &rec, next, eof) {
                        pos = next;
                    } else if b.len() - pos > MAX_OPEN {
                        // Read as broken at its first line (see MAX_OPEN).
                        pos = nl + 1;
                    } else {
                        return None;
                    }
                }
            }
        }
        (pos < b.len() || !eof).then_some(start + pos)
    }

    /// Reads the piece `piece` of the text (`window` is the text from byte `base` on and holds
    /// the piece), a run of whole records cut by [`TableStream::next_cut`], continuing from
    /// the pieces before; `last`: the final piece, where the file-wide findings are made.
    pub fn parse(&mut self, window: &str, base: usize, piece: TextRange, last: bool) -> ParsedFile {
        let layout = match &mut self.layout {
            Ok(layout) => layout,
            Err(finding) => {
                let mut out = ParsedFile::default();
                out.findings.extend(finding.take());
                return out;
            }
        };
        let src = Src::window(window, base);
        let text = src.get(piece.as_range()).unwrap_or("");
        let b = text.as_bytes();
        let mut recs = Vec::new();
        let mut pos = 0;
        while pos < b.len() {
            let (rec, next) = record(b, pos, layout.delim);
            recs.push(rec.shifted(piece.start));
            pos = next;
        }
        let mut r = Reader::resume(src, std::mem::take(&mut self.state));
        layout.read_rows(&mut r, &recs);
        r.end_piece(last, &mut self.state)
    }
}

/// Whether a record read from `b` (ending where the next starts, `next`) is the record the
/// whole text holds there: it ended with its line break, or the text ends with `b`.
fn complete(b: &[u8], rec: &Record, next: usize, eof: bool) -> bool {
    eof || (next > 0
        && b.get(next - 1) == Some(&b'\n')
        && rec.error.as_deref() != Some(NEVER_CLOSED))
}

/// A range without the whitespace at its ends.
fn trimmed(text: Src<'_>, r: TextRange) -> TextRange {
    let s = text.get(r.as_range()).unwrap_or("");
    let lead = s.len() - s.trim_start().len();
    let body = s.trim();
    TextRange::new(r.start + lead, r.start + lead + body.len())
}

/// Where the row's solution goes (see [`SolutionSlot`]).
fn slot(
    text: Src<'_>,
    cols: &CsvColumns,
    rec: &Record,
    delim: u8,
    header_end: Option<usize>,
) -> SolutionSlot {
    match cols.solution.and_then(|i| rec.fields.get(i)) {
        Some(f) => SolutionSlot {
            range: if f.escaped {
                f.raw
            } else {
                trimmed(text, f.content)
            },
            adds: None,
            header_end: None,
        },
        None => SolutionSlot {
            range: TextRange::empty(rec.full.end),
            adds: Some(delim as char),
            header_end,
        },
    }
}

/// The directives a row's other columns give its puzzle: the solution, the id, a declared
/// level, the rating, and every other non-empty field as `@meta NAME VALUE`.
fn row_directives(text: Src<'_>, cols: &CsvColumns, rec: &Record) -> Vec<Directive> {
    let mut out = Vec::new();
    for (i, f) in rec.fields.iter().enumerate() {
        if i == cols.puzzle {
            continue;
        }
        let v = value(text, f);
        if v.trim().is_empty() {
            continue;
        }
        let at = trimmed(text, f.content);
        let key = if Some(i) == cols.solution {
            "solution"
        } else if Some(i) == cols.id {
            "id"
        } else if Some(i) == cols.rating {
            "rating"
        } else if Some(i) == cols.level && is_our_level(&v) {
            "level"
        } else if let Some(k) = cols
            .names
            .get(i)
            .and_then(|n| DESCRIBING.iter().find(|k| *k == n))
        {
            k
        } else {
            let name = cols.names.get(i).map_or("", String::as_str);
            out.push(meta_directive(name, &v, f.raw));
            continue;
        };
        let (value_range, value) = if f.escaped {
            (f.raw, v.trim().to_string())
        } else {
            let s = text.get(at.as_range()).unwrap_or("");
            (at, s.trim().to_string())
        };
        out.push(Directive {
            key: key.to_string(),
            value,
            range: f.raw,
            value_range,
        });
    }
    out
}
