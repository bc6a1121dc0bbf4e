//! What the formatter knows of a file's layout: its lines with their endings, its paragraphs,
//! which puzzle owns each line (and as what: a one-liner, a grid row, a pencil-mark line), the
//! lines each grid spans with its frames, and which paragraphs must be left alone. Then the
//! chunks the text is cut into (paragraphs and runs of blank lines), each with its new text,
//! and the line-wise edits that turn the old chunks into the new.

use std::collections::BTreeMap;
use std::ops::Range;

use super::{Style, Untouched};
use crate::finding::{Code, Edit};
use crate::syntax::{self, Layout, LineKind, ParsedFile};
use crate::text::TextRange;

/// One line of the text and its terminator.
pub(super) struct Line {
    pub ln: syntax::Line,
    /// `"\n"`, `"\r\n"`, or `""` for a last line without one.
    pub eol: &'static str,
    /// Where the next line starts.
    pub end: usize,
}

/// What a line is to the puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// No puzzle's: a comment, a directive, a blank line, a separator line or a stray.
    Free,
    /// The line of a one-liner or candidate line (puzzle index).
    Single(usize),
    /// Row `r` of a grid (puzzle index, row).
    Row(usize, usize),
    /// Line `k` of a pencil-mark grid's `lines` (puzzle index, line).
    Pencil(usize, usize),
}

/// A file as the formatter sees it.
pub(super) struct File<'t> {
    pub text: &'t str,
    pub parsed: &'t ParsedFile,
    pub lines: Vec<Line>,
    pub roles: Vec<Role>,
    /// Each grid's lines, by first line: (one past its last line, puzzle index). Separator
    /// lines right above or below its rows (frames) are part of it, and so are the comment
    /// lines between.
    pub blocks: BTreeMap<usize, (usize, usize)>,
    /// Paragraphs as ranges of lines.
    paras: Vec<Range<usize>>,
    /// For each paragraph, why it must be left as it is.
    broken: Vec<Option<String>>,
    /// The line ending written after a last line that had none: the file's first one.
    default_eol: &'static str,
}

/// A part of the text: a paragraph or a run of blank lines, and what it becomes.
pub(super) struct Chunk {
    /// Its lines, terminators included.
    pub range: TextRange,
    pub new: String,
    /// A paragraph (as opposed to blank lines).
    pub para: bool,
    /// Why it was left as it was.
    pub untouched: Option<String>,
}

impl<'t> File<'t> {
    pub fn read(text: &'t str, parsed: &'t ParsedFile) -> File<'t> {
        let lines: Vec<Line> = syntax::lines(text)
            .filter(|ln| !(ln.full.is_empty() && ln.full.start == text.len()))
            .map(|ln| {
                let rest = &text[ln.full.end..];
                let eol = if rest.starts_with("\r\n") {
                    "\r\n"
                } else if rest.starts_with('\n') {
                    "\n"
                } else {
                    ""
                };
                Line {
                    ln,
                    eol,
                    end: ln.full.end + eol.len(),
                }
            })
            .collect();
        let default_eol = lines
            .iter()
            .map(|l| l.eol)
            .find(|e| !e.is_empty())
            .unwrap_or("\n");
        let paras = paragraphs(&lines);
        let mut file = File {
            text,
            parsed,
            roles: vec![Role::Free; lines.len()],
            lines,
            blocks: BTreeMap::new(),
            broken: vec![None; paras.len()],
            paras,
            default_eol,
        };
        file.assign_roles();
        file.find_blocks();
        file.mark_broken();
        file
    }

    /// The index of the line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.lines
            .partition_point(|l| l.ln.full.start <= offset)
            .saturating_sub(1)
    }

    /// The text of a range.
    pub fn slice(&self, range: TextRange) -> &'t str {
        self.text.get(range.as_range()).unwrap_or("")
    }

    /// The line ending to write after line `i`'s new text.
    pub fn eol(&self, i: usize) -> &'static str {
        match self.lines.get(i).map(|l| l.eol) {
            Some(e) if !e.is_empty() => e,
            _ => self.default_eol,
        }
    }

    /// The comment after line `i`'s body, if any (for a comment line, the whole comment).
    pub fn comment(&self, i: usize) -> Option<&'t str> {
        let ln = &self.lines[i].ln;
        let c = self.slice(TextRange::new(ln.body.end, ln.full.end)).trim();
        (!c.is_empty()).then_some(c)
    }

    /// Records which puzzle owns each of its lines.
    fn assign_roles(&mut self) {
        for (idx, p) in self.parsed.puzzles.iter().enumerate() {
            match (p.layout, p.pencil.as_deref()) {
                (Layout::PencilGrid, Some(pm)) => {
                    for (k, line) in pm.lines.iter().enumerate() {
                        let i = self.line_of(line.body().start);
                        self.roles[i] = Role::Pencil(idx, k);
                    }
                }
                (Layout::Grid, _) => {
                    let n = p.shape.size;
                    for r in 0..n {
                        if let Some(cell) = p.cells.get(r * n) {
                            let i = self.line_of(cell.start);
                            self.roles[i] = Role::Row(idx, r);
                        }
                    }
                }
                _ => {
                    let i = self.line_of(p.first_line.start);
                    self.roles[i] = Role::Single(idx);
                }
            }
        }
    }

    /// Whether line `i` is a separator line that no puzzle owns.
    pub fn free_separator(&self, i: usize) -> bool {
        let ln = &self.lines[i].ln;
        self.roles[i] == Role::Free
            && ln.kind == LineKind::Content
            && syntax::is_separator_line(self.slice(ln.body))
    }

    /// Finds the lines of every grid: from its first to its last row, widened over the free
    /// separator lines (and comments between) right above and below it.
    fn find_blocks(&mut self) {
        let mut spans: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
        for (i, role) in self.roles.iter().enumerate() {
            if let Role::Row(p, _) | Role::Pencil(p, _) = *role {
                let e = spans.entry(p).or_insert((i, i));
                e.1 = i;
            }
        }
        for (p, (first, last)) in spans {
            let (start, end) = match self.parsed.puzzles[p].layout {
                Layout::Grid => (self.widen(first, -1), self.widen(last, 1)),
                _ => (first, last),
            };
            self.blocks.insert(start, (end + 1, p));
        }
    }

    /// The farthest line from `from`, going in direction `step`, reached over free separator
    /// lines and comment lines and ending on a separator line.
    fn widen(&self, from: usize, step: isize) -> usize {
        let mut edge = from;
        let mut i = from;
        while let Some(j) = i.checked_add_signed(step).filter(|&j| j < self.lines.len()) {
            match self.lines[j].ln.kind {
                LineKind::Comment => {}
                LineKind::Content if self.free_separator(j) => edge = j,
                _ => break,
            }
            i = j;
        }
        edge
    }

    /// Marks the paragraphs holding a syntax error or a line the reader could not place.
    fn mark_broken(&mut self) {
        for f in &self.parsed.findings {
            let why = match f.code {
                Code::UnrecognizedLine => "it has an unrecognized line",
                Code::InvalidSymbol | Code::RowLength | Code::RowCount => "it has a syntax error",
                _ => continue,
            };
            let line = self.line_of(f.range.start);
            if let Some(k) = self.para_of(line) {
                if self.broken[k].is_none() {
                    self.broken[k] = Some(format!("{why} ({})", f.code));
                }
            }
        }
    }

    /// The paragraph holding line `i`.
    fn para_of(&self, i: usize) -> Option<usize> {
        let k = self.paras.partition_point(|p| p.end <= i);
        self.paras.get(k).filter(|p| p.contains(&i)).map(|_| k)
    }

    /// The text of lines `lines`, as they are, with a line ending after the last one.
    fn verbatim(&self, lines: Range<usize>) -> String {
        let (Some(first), Some(last)) = (self.lines.get(lines.start), lines.end.checked_sub(1))
        else {
            return String::new();
        };
        let mut s = self
            .slice(TextRange::new(first.ln.full.start, self.lines[last].end))
            .to_string();
        if self.lines[last].eol.is_empty() {
            s.push_str(self.default_eol);
        }
        s
    }

    /// The text cut into chunks, each with its new text; only the chunks `only` touches change
    /// when it is given.
    pub fn chunks(&self, style: &Style, only: Option<TextRange>) -> Vec<Chunk> {
        let mut out = Vec::with_capacity(self.paras.len() * 2 + 1);
        let mut at = 0;
        for (k, para) in self.paras.iter().enumerate() {
            if para.start > at {
                let blank = if k == 0 { "" } else { self.eol(at) };
                out.push(self.blank_chunk(at..para.start, blank, only));
            }
            out.push(self.para_chunk(k, style, only));
            at = para.end;
        }
        if at < self.lines.len() {
            out.push(self.blank_chunk(at..self.lines.len(), "", only));
        }
        out
    }

    /// The byte range of lines `lines`, terminators included.
    fn range_of(&self, lines: &Range<usize>) -> TextRange {
        TextRange::new(
            self.lines[lines.start].ln.full.start,
            self.lines[lines.end - 1].end,
        )
    }

    /// A run of blank lines: `blank` (one empty line, or nothing at either end of the text).
    fn blank_chunk(&self, lines: Range<usize>, blank: &str, only: Option<TextRange>) -> Chunk {
        let range = self.range_of(&lines);
        let new = if touches(range, only) {
            blank.to_string()
        } else {
            self.slice(range).to_string()
        };
        Chunk {
            range,
            new,
            para: false,
            untouched: None,
        }
    }

    /// Paragraph `k`, written anew in `style` unless it must be left as it is.
    fn para_chunk(&self, k: usize, style: &Style, only: Option<TextRange>) -> Chunk {
        let lines = self.paras[k].clone();
        let range = self.range_of(&lines);
        let mut chunk = Chunk {
            range,
            new: self.slice(range).to_string(),
            para: true,
            untouched: None,
        };
        if !touches(range, only) {
            return chunk;
        }
        let rendered = match &self.broken[k] {
            Some(why) => Err(why.clone()),
            None => self.paragraph(lines.clone(), style),
        };
        match rendered {
            Ok(new) => chunk.new = new,
            Err(why) => {
                chunk.new = self.verbatim(lines);
                chunk.untouched = Some(why);
            }
        }
        chunk
    }
}

/// Whether a chunk at `range` is to be formatted: always without a range, else when the
/// ranges meet (an empty range meets the chunk it is in).
fn touches(range: TextRange, only: Option<TextRange>) -> bool {
    only.is_none_or(|o| o.start < range.end && range.start < o.end.max(o.start + 1))
}

/// The runs of lines that are not blank.
fn paragraphs(lines: &[Line]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, l) in lines.iter().enumerate() {
        match (l.ln.kind == LineKind::Blank, start) {
            (true, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..lines.len());
    }
    out
}

/// The edits that turn each changed chunk into its new text, narrowed to the lines that
/// change.
pub(super) fn edits(text: &str, chunks: &[Chunk]) -> Vec<Edit> {
    chunks
        .iter()
        .filter_map(|c| {
            let old = text.get(c.range.as_range())?;
            (old != c.new).then(|| narrowed(old, &c.new, c.range.start))
        })
        .collect()
}

/// One edit replacing `old` (at `at`) by `new`, without the whole lines both start and end with.
fn narrowed(old: &str, new: &str, at: usize) -> Edit {
    let same_lines = |a: &mut dyn Iterator<Item = &str>, b: &mut dyn Iterator<Item = &str>| {
        a.zip(b)
            .take_while(|(x, y)| x == y)
            .map(|(x, _)| x.len())
            .sum::<usize>()
    };
    let head = same_lines(
        &mut old.split_inclusive('\n'),
        &mut new.split_inclusive('\n'),
    );
    let (old_rest, new_rest) = (&old[head..], &new[head..]);
    // From the end, whole lines only: both rests must end with the same terminated lines.
    let tail = same_lines(
        &mut old_rest.split_inclusive('\n').rev(),
        &mut new_rest.split_inclusive('\n').rev(),
    );
    Edit {
        range: TextRange::new(at + head, at + old.len() - tail),
        new_text: new_rest[..new_rest.len() - tail].to_string(),
    }
}

/// The paragraphs left as they were.
pub(super) fn untouched(chunks: &[Chunk]) -> Vec<Untouched> {
    chunks
        .iter()
        .filter_map(|c| {
            c.untouched.as_ref().map(|why| Untouched {
                range: c.range,
                reason: why.clone(),
            })
        })
        .collect()
}

/// Puts back the paragraph holding byte `at` as it was; false when there is none to put back.
pub(super) fn revert(chunks: &mut [Chunk], text: &str, at: usize) -> bool {
    let Some(c) = chunks
        .iter_mut()
        .find(|c| c.para && c.range.start <= at && at < c.range.end)
    else {
        return false;
    };
    let old = &text[c.range.as_range()];
    if c.untouched.is_some() || c.new == old {
        return false;
    }
    c.new = old.to_string();
    c.untouched = Some("formatting it would change how it reads".to_string());
    true
}
