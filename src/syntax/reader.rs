//! The paragraph driver: splits a text (or one piece of it) into paragraphs, hands each content
//! line to the reader it belongs to, and gives each directive to its puzzle or to the file.
//!
//! The readers sit beside this file, one per notation: `grid.rs` (rows of cells),
//! `one_liner.rs` (a whole puzzle on a line) and `pencil.rs` (pencil-mark grids, decided for the
//! whole paragraph first, and candidate lines); [`Reader::read_as`] is where a line is sent to
//! one of them. What they share lives here too: adding a
//! puzzle, reporting an unrecognized line, and the state carried from one piece to the next.
//!
//! Everything is linear in the size of the text: each line is classified once, each paragraph
//! is walked a bounded number of times, and no search looks back over earlier puzzles.

use std::collections::BTreeSet;

use super::alphabet::{Alphabet, TableCache};
use super::directive;
use super::lines::{self, default_value, Kind, Ln};
use super::src::Src;
use super::{Cells, Directive, Directives, Layout, ParsedFile, Puzzle};
use crate::finding::{Code, Finding};
use crate::grid::{Shape, SIZES};
use crate::text::TextRange;

/// After this many `unrecognized-line` findings the rest are summed up in one more finding, so
/// a huge file that is not a puzzle file at all does not produce millions of findings
/// (docs/format.md#doubtful-cases).
const MAX_UNRECOGNIZED: usize = 1000;

/// Reads a whole text (see [`super::parse`]).
pub(super) fn parse(text: &str) -> ParsedFile {
    parse_piece(
        Src::whole(text),
        TextRange::new(0, text.len()),
        &mut ReaderState::default(),
        true,
    )
}

/// Where the reader stands between two pieces of a long text: what the pieces read so far
/// settled for the ones after them. Two equal states read the same piece the same way, which
/// is what lets an editor reuse the reading of a piece that did not change.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReaderState {
    /// The file's default directives.
    defaults: Directives,
    /// Puzzles read so far: the index of the next one.
    next_index: usize,
    /// The shape of the last puzzle read (see [`Reader::last_shape`]).
    last_shape: Option<Shape>,
    /// Default directives whose misfit was already reported (see [`Reader::reported`]).
    reported: BTreeSet<usize>,
    /// `unrecognized-line` findings so far, listed or not.
    unrecognized: usize,
    /// The first unrecognized line past those listed.
    first_unlisted: Option<TextRange>,
}

impl ReaderState {
    /// Puzzles read so far.
    pub fn puzzles(&self) -> usize {
        self.next_index
    }

    /// Sets the count of puzzles read so far (the index the next piece's puzzles start at).
    pub fn set_puzzles(&mut self, n: usize) {
        self.next_index = n;
    }

    /// The first unrecognized line past those listed one by one: the last piece's summary
    /// finding points back at it.
    pub fn first_unlisted(&self) -> Option<TextRange> {
        self.first_unlisted
    }
}

/// Reads the lines of `text[piece]`, continuing from `state`, with every range into the whole
/// text. `last` marks the final piece, where file-wide findings (`no-puzzle`, the count of
/// unlisted lines) are made.
pub(super) fn parse_piece(
    text: Src<'_>,
    piece: TextRange,
    state: &mut ReaderState,
    last: bool,
) -> ParsedFile {
    let mut r = Reader::resume(text, std::mem::take(state));
    r.paragraphs(piece);
    if last {
        r.finish();
    }
    *state = r.pause();
    r.out
}

/// The reader of one piece of text: what it has read so far and what it carries over from the
/// pieces before (see [`ReaderState`]).
pub(super) struct Reader<'t> {
    pub(super) text: Src<'t>,
    pub(super) out: ParsedFile,
    /// The index of the first puzzle of this piece (0 unless the text is read in pieces).
    index_base: usize,
    /// Directives (by start offset) whose mismatch with a puzzle was already reported, so a
    /// file-wide default that fits no puzzle is said once, not once a puzzle.
    pub(super) reported: BTreeSet<usize>,
    /// The shape of the previous puzzle, for saying `box-shape` once per change of shape.
    pub(super) last_shape: Option<Shape>,
    /// `unrecognized-line` findings so far, listed or not.
    unrecognized: usize,
    /// The first unrecognized line past the [`MAX_UNRECOGNIZED`] listed.
    first_unlisted: Option<TextRange>,
    /// Lookup tables of the alphabets seen lately.
    pub(super) tables: TableCache,
    /// The first-field cell count of each line of a paragraph: a buffer reused from paragraph
    /// to paragraph, so a long collection does not allocate for each.
    ks: Vec<usize>,
}

impl<'t> Reader<'t> {
    /// A reader of `text` that goes on from where the pieces before left it.
    pub(super) fn resume(text: Src<'t>, st: ReaderState) -> Self {
        Reader {
            text,
            out: ParsedFile {
                defaults: st.defaults,
                ..ParsedFile::default()
            },
            index_base: st.next_index,
            reported: st.reported,
            last_shape: st.last_shape,
            unrecognized: st.unrecognized,
            first_unlisted: st.first_unlisted,
            tables: TableCache::default(),
            ks: Vec::new(),
        }
    }

    /// A reader at the start of a whole text, for the readers of other formats
    /// (`formats/`), which hand it their rows as lines.
    pub(super) fn start(text: Src<'t>) -> Self {
        Reader::resume(text, ReaderState::default())
    }

    /// Ends a whole text read with [`Reader::start`]: the file-wide findings, and what was read.
    pub(super) fn done(mut self) -> ParsedFile {
        self.finish();
        self.out
    }

    /// Ends a piece read with [`Reader::resume`]: the file-wide findings when it is the `last`,
    /// what the next piece needs in `state`, and what was read.
    pub(super) fn end_piece(mut self, last: bool, state: &mut ReaderState) -> ParsedFile {
        if last {
            self.finish();
        }
        *state = self.pause();
        self.out
    }

    /// What the pieces after this one need to know of it.
    fn pause(&mut self) -> ReaderState {
        // Only the defaults' reports matter past this piece (a puzzle's own directives concern
        // it alone); keeping the others would make the state depend on where earlier pieces lie.
        let defaults = &self.out.defaults.all;
        self.reported
            .retain(|&o| defaults.iter().any(|d| d.range.start == o));
        ReaderState {
            defaults: self.out.defaults.clone(),
            next_index: self.next_index(),
            last_shape: self.last_shape,
            reported: std::mem::take(&mut self.reported),
            unrecognized: self.unrecognized,
            first_unlisted: self.first_unlisted,
        }
    }

    /// Reads the lines of `text[piece]` a paragraph (a run of non-blank lines) at a time.
    fn paragraphs(&mut self, piece: TextRange) {
        let mut para: Vec<Ln> = Vec::new();
        for ln in lines::lines_in(self.text, piece.start, piece.end) {
            if ln.kind == Kind::Blank {
                if !para.is_empty() {
                    self.paragraph(&para);
                    para.clear();
                }
            } else {
                para.push(ln);
            }
        }
        if !para.is_empty() {
            self.paragraph(&para);
        }
    }
}

impl Reader<'_> {
    /// Reads one paragraph (a run of non-blank lines): hands each content line to the reader
    /// [`Reader::read_as`] picks, gathering the lines of a grid, and gives each directive to
    /// the puzzle below it.
    fn paragraph(&mut self, para: &[Ln]) {
        let first_puzzle = self.out.puzzles.len();
        let mut ks = std::mem::take(&mut self.ks);
        self.first_field_counts(para, &mut ks);
        let under = self.settings(&[]).declared();
        // Pencil marks are decided first, for the whole paragraph (docs/format.md#pencil-mark-grids).
        let marked = self.marked_candidates(para);
        let mut at = Paragraph {
            lines16: ks.iter().filter(|&&k| k == 16).count(),
            under,
            pencil: self.pencil_size(para, marked, under),
            marks_next: self.out.defaults.get("candidates").is_some(),
        };
        let mut pending: Vec<Directive> = Vec::new();
        let mut seg: Vec<Ln> = Vec::new();
        for (ln, &k) in para.iter().zip(ks.iter()) {
            match ln.kind {
                Kind::Blank | Kind::Comment => {}
                // A directive belongs to the next puzzle of its paragraph in a collection, the next one-liner
                // only (docs/format.md#where-a-directive-belongs).
                Kind::Directive => {
                    self.flush_grid(&mut seg, &mut pending, at.pencil);
                    let d = directive::read(self.text, ln.full, ln.body);
                    if let Some(n) = self.settings(std::slice::from_ref(&d)).declared() {
                        at.under = Some(n);
                    }
                    at.marks_next |= d.key == "candidates";
                    pending.push(d);
                }
                Kind::Content => match self.read_as(ln, k, &at) {
                    ReadAs::OneLiner => {
                        self.flush_grid(&mut seg, &mut pending, at.pencil);
                        self.one_liner(ln, std::mem::take(&mut pending));
                    }
                    ReadAs::GridLine => seg.push(*ln),
                    ReadAs::CandidateLine(n) => {
                        self.flush_grid(&mut seg, &mut pending, at.pencil);
                        self.candidate_line(ln, std::mem::take(&mut pending), n);
                    }
                },
            }
        }
        self.ks = ks;
        self.flush_grid(&mut seg, &mut pending, at.pencil);
        self.leftover_directives(pending, first_puzzle);
    }

    /// Which reader a content line goes to: the one place where a paragraph's lines are
    /// dispatched (docs/format.md#doubtful-cases). A new notation gets its case here
    /// and its reader in a file beside `grid.rs` and `one_liner.rs`. A pencil-mark paragraph
    /// (decided for the whole paragraph, before one-liners and size inference) sends every line
    /// to the pencil-mark reader; a line of `N*N*N` characters is a candidate line.
    fn read_as(&self, ln: &Ln, k: usize, at: &Paragraph) -> ReadAs {
        if at.pencil.is_some() {
            return ReadAs::GridLine;
        }
        if let Some(n) = super::pencil::candidate_line_size(k, at.under, at.marks_next) {
            return ReadAs::CandidateLine(n);
        }
        // A first field of more than 25 cells is too long for a grid row. One of exactly 16 is a
        // 4x4 one-liner unless the paragraph is under `@size 16` or holds exactly sixteen such
        // lines. A line of dashes is no one-liner of blanks unless it reads as `N*N` cells.
        let grid16 = at.under == Some(16) || (at.under.is_none() && at.lines16 == 16);
        let one_liner = (k > 25 || (k == 16 && !grid16 && matches!(at.under, None | Some(4))))
            && !self.is_border_line(ln, k);
        if one_liner {
            ReadAs::OneLiner
        } else {
            ReadAs::GridLine
        }
    }

    /// Reads the grid gathered so far, if any, giving it the directives above it.
    fn flush_grid(
        &mut self,
        seg: &mut Vec<Ln>,
        pending: &mut Vec<Directive>,
        pencil: Option<usize>,
    ) {
        if !seg.is_empty() {
            let own = std::mem::take(pending);
            match pencil {
                Some(n) => self.pencil_grid(seg, own, n),
                None => self.grid(seg, own),
            }
            seg.clear();
        }
    }

    /// Gives the directives left at the end of a paragraph to their owner: the paragraph's last
    /// puzzle, the file's defaults before the
    /// first puzzle, or none between puzzles.
    fn leftover_directives(&mut self, pending: Vec<Directive>, first_puzzle: usize) {
        if pending.is_empty() {
            return;
        }
        if self.out.puzzles.len() > first_puzzle {
            // Directives below the last puzzle of their paragraph (an `@solution` under the
            // grid) belong to it; they come too late to change how it was read.
            let idx = self.next_index() - 1;
            self.check_directives(&pending, Some(idx));
            if let Some(p) = self.out.puzzles.last_mut() {
                if let Some(r) = pending.iter().rev().find(|d| d.key == "rating") {
                    p.rating = Some(r.value.clone());
                }
                p.directives.all.extend(pending);
            }
        } else if self.next_index() == 0 {
            self.check_directives(&pending, None);
            self.out.defaults.all.extend(pending);
        } else {
            // A paragraph of directives between puzzles belongs to none
            // (docs/format.md#where-a-directive-belongs); its keys are still checked.
            self.check_directives(&pending, None);
        }
    }

    /// Fills `ks` with the cells of each line's first field (0 for a line that is not content),
    /// counted once so the walk over the paragraph stays linear.
    fn first_field_counts(&self, para: &[Ln], ks: &mut Vec<usize>) {
        ks.clear();
        ks.extend(para.iter().map(|l| {
            if l.kind == Kind::Content {
                self.first_field(l).2
            } else {
                0
            }
        }));
    }

    /// The first whitespace-separated field of a content line, what follows it (trimmed,
    /// possibly empty), and how many cells the field holds. A plain line is its own field.
    pub(super) fn first_field(&self, ln: &Ln) -> (TextRange, TextRange, usize) {
        if ln.plain {
            return (ln.body, TextRange::empty(ln.body.end), ln.body.len());
        }
        let (field, rest) = lines::first_field(self.text, ln.body);
        (field, rest, lines::count_cells(self.text, field))
    }

    /// True for a separator line that must not be taken for a one-liner of blanks: one with a
    /// character that is no cell (`+`, box drawing), or whose cell count fits no puzzle. A long
    /// line of dashes of exactly `N*N` reads as cells, and so is a one-liner.
    fn is_border_line(&self, ln: &Ln, k: usize) -> bool {
        let body = self.slice(ln.body);
        lines::is_separator_like(body)
            && (!SIZES.iter().any(|&n| n * n == k)
                || body
                    .chars()
                    .any(|ch| !lines::is_cell_separator(ch) && default_value(ch).is_none()))
    }

    /// The index the next puzzle read gets in its file.
    pub(super) fn next_index(&self) -> usize {
        self.index_base + self.out.puzzles.len()
    }

    /// The text of a range, or `""` outside the text read.
    pub(super) fn slice(&self, r: TextRange) -> &str {
        self.text.get(r.as_range()).unwrap_or("")
    }

    /// Reports a line that is no comment, directive, separator, grid row or one-liner; past
    /// [`MAX_UNRECOGNIZED`] of them only the first unlisted one is kept, for the summary.
    pub(super) fn unrecognized(&mut self, ln: &Ln, message: String, puzzle: Option<usize>) {
        self.unrecognized += 1;
        if self.unrecognized > MAX_UNRECOGNIZED {
            if self.first_unlisted.is_none() {
                self.first_unlisted = Some(ln.full);
            }
            return;
        }
        let mut f = Finding::new(Code::UnrecognizedLine, ln.full, message);
        f.puzzle = puzzle;
        self.out.findings.push(f);
    }

    /// Reports a syntax error (`invalid-symbol`, `row-length`, `row-count`) of `p`, which is
    /// then still checked cell by cell but gets no verdict.
    pub(super) fn syntax_error(&mut self, p: &mut Puzzle, f: Finding) {
        self.out.findings.push(f.in_puzzle(p.index));
        p.has_syntax_error = true;
    }

    /// Adds a puzzle: its directives are the file's defaults followed by its own. Its rating is
    /// its own `@rating`, else the one in a one-liner's trailing field, else the file's `@rating`
    /// (docs/format.md#the-trailing-field).
    pub(super) fn push_puzzle(
        &mut self,
        mut p: Puzzle,
        own: Vec<Directive>,
        trailing_rating: Option<String>,
    ) {
        self.check_directives(&own, Some(p.index));
        let own_rating = own
            .iter()
            .rev()
            .find(|d| d.key == "rating")
            .map(|d| d.value.clone());
        let default_rating = self.out.defaults.get("rating").map(|d| d.value.clone());
        p.rating = own_rating.or(trailing_rating).or(default_rating);
        let mut all = Vec::with_capacity(self.out.defaults.all.len() + own.len());
        all.extend(self.out.defaults.all.iter().cloned());
        all.extend(own);
        p.directives = Directives { all };
        self.out.puzzles.push(p);
    }

    /// Keeps `rest`, what follows a one-line puzzle's cells, as its trailing field, and returns
    /// the rating found in it (docs/format.md#the-trailing-field).
    pub(super) fn trailing_field(&self, p: &mut Puzzle, rest: TextRange) -> Option<String> {
        if rest.is_empty() {
            return None;
        }
        p.trailing = Some(rest);
        directive::rating_in(self.text, rest).map(|r| self.slice(r).to_string())
    }

    /// The file-wide findings of the last piece: the count of unrecognized lines past those
    /// listed (docs/format.md#doubtful-cases), and `no-puzzle`.
    fn finish(&mut self) {
        if self.unrecognized > MAX_UNRECOGNIZED {
            let more = self.unrecognized - MAX_UNRECOGNIZED;
            let at = self.first_unlisted.unwrap_or_default();
            self.out.findings.push(Finding::new(
                Code::UnrecognizedLine,
                at,
                format!(
                    "{more} more lines from here on are not comments, directives, separators, grid rows or one-liners (only the first {MAX_UNRECOGNIZED} are listed)"
                ),
            ));
        }
        if self.next_index() == 0 {
            self.out.findings.push(Finding::new(
                Code::NoPuzzle,
                TextRange::empty(0),
                "this file holds no puzzle: no line reads as a grid row or a one-liner",
            ));
        }
    }
}

/// What the content lines of a paragraph are read under, as the walk over it stands.
struct Paragraph {
    /// How many of its lines have a first field of exactly 16 cells (exactly sixteen such
    /// lines make a 16x16 grid, otherwise they are 4x4 one-liners: docs/format.md#doubtful-cases).
    lines16: usize,
    /// The size the paragraph is under for the 16-cell rule: the latest `@size` (or `@symbols`)
    /// seen in it so far, else the file's; it stays for the rest of the paragraph even after
    /// the directive was given to a puzzle.
    under: Option<usize>,
    /// The size of the paragraph's pencil-mark grid when it is one: every content line goes
    /// to `pencil.rs`.
    pencil: Option<usize>,
    /// An `@candidates` read so far in the paragraph (or among the file's defaults) marks the
    /// next line-shaped puzzle, so a 64-character line is read as 4x4 candidates. Only what is
    /// above the line counts: a directive below it must not change how it reads, or a text read
    /// in pieces would read it otherwise than whole.
    marks_next: bool,
}

/// The readers a content line can be handed to (see [`Reader::read_as`]).
enum ReadAs {
    /// A whole puzzle on one line: `one_liner.rs`.
    OneLiner,
    /// A line of the grid being gathered (a row, a separator, or a stray line): `grid.rs`, or
    /// `pencil.rs` for a pencil-mark paragraph.
    GridLine,
    /// A candidate line of size `N` (`N*N*N` characters): `pencil.rs`.
    CandidateLine(usize),
}

/// A puzzle with no givens yet; `cells` defaults to every cell at the start of its first line.
pub(super) fn new_puzzle(
    index: usize,
    layout: Layout,
    shape: Shape,
    alphabet: Alphabet,
    first_line: TextRange,
    cells: Option<Cells>,
) -> Puzzle {
    let n = shape.cells();
    let cells = cells.unwrap_or_else(|| Cells::filled(n, TextRange::empty(first_line.start)));
    Puzzle {
        index,
        layout,
        shape,
        alphabet,
        givens: vec![0; n],
        cells,
        numbered_rows: vec![false; shape.size],
        first_line,
        range: first_line,
        trailing: None,
        rating: None,
        directives: Directives::default(),
        has_syntax_error: false,
        pencil: None,
        slot: None,
    }
}
