//! Piece cutting: where a long text may be cut so that its pieces, read one after another with
//! [`parse_piece`](super::parse_piece), give the same puzzles and findings as reading it whole.
//! An editor re-reads only the piece an edit falls in, and `check` streams a large file through
//! a window; both need cuts that depend on the text around them, not on their position.

use super::src::Src;
use super::{directive, lines};
use crate::text::TextRange;

/// `line` up to the first ASCII byte that `stop` takes: a byte scan, where splitting on
/// characters decodes each one (the cutter asks this of every line of a collection).
fn up_to(line: &str, stop: impl Fn(u8) -> bool) -> &str {
    let end = line.bytes().position(stop);
    // An ASCII byte is a whole character, so the offset is a char boundary.
    end.and_then(|i| line.get(..i)).unwrap_or(line)
}

/// A line whose first field is the cells of a whole puzzle of size 6 or more in the default
/// alphabet: never a grid row (those hold at most 25 cells), a separator (no digit) or a
/// directive.
fn is_plain_one_liner(line: &str) -> bool {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let field = up_to(line, |b| matches!(b, b' ' | b'\t'));
    if !matches!(field.len(), 36 | 64 | 81 | 144 | 256 | 625) {
        return false;
    }
    // One pass over the bytes (the cutter asks this of every line of a collection).
    let (mut digit, mut other) = (false, false);
    for b in field.bytes() {
        digit |= (b'1'..=b'9').contains(&b);
        other |= !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'*' | b'-'));
    }
    digit && !other
}

/// Whether more than half of a plain one-liner's cells are blank marks, which every alphabet
/// reads as cells: then the line is a puzzle whatever the alphabet in force, never an
/// `unrecognized-line`. A piece must start with a puzzle, or directives closing its first
/// paragraph would not find the puzzle they belong to (it sits in the piece before).
fn is_mostly_blank(line: &str) -> bool {
    let field = up_to(line, |b| matches!(b, b' ' | b'\t' | b'\r'));
    let blanks = field
        .bytes()
        .filter(|&b| matches!(b, b'.' | b'0' | b'_' | b'-' | b'x' | b'X' | b'*'))
        .count();
    blanks * 2 > field.len()
}

/// Whether a line changes how the later lines of its paragraph read, so that a cut after it
/// would read them otherwise than the whole text does: an `@size` or `@symbols` directive (the
/// size the paragraph is under for the 16-cell rule), an `@candidates` (a 64-character line below
/// it is 4x4 candidates), or a line of 16 cells (whether such lines are 4x4 one-liners or rows of
/// a 16x16 grid depends on how many the paragraph holds).
fn holds_context(text: Src<'_>, ln: &lines::Ln) -> bool {
    match ln.kind {
        lines::Kind::Directive => {
            let key = directive::read(text, ln.full, ln.body).key;
            key == "size" || key == "symbols" || key == "candidates"
        }
        lines::Kind::Content if ln.plain => ln.body.len() == 16,
        lines::Kind::Content => lines::count_cells(text, lines::first_field(text, ln.body).0) == 16,
        lines::Kind::Blank | lines::Kind::Comment => false,
    }
}

/// The piece sizes of [`content_pieces`]: a cut needs at least the first, and is forced at the
/// second.
const MIN_PIECE: usize = 8 * 1024;
const MAX_PIECE: usize = 256 * 1024;

/// Cuts a text into pieces that can be read one after another with
/// [`parse_piece`](super::parse_piece), giving the same puzzles and findings as
/// [`parse`](super::parse) without holding them all at once.
///
/// A cut is made only between two plain one-liners (a first field of 36 or more cells, one of
/// them a digit), the second mostly blanks, since such a line is a whole puzzle whatever its
/// neighbours are: grids and directive blocks are never split, nor a paragraph after a line
/// that changes how its later lines read; a text without such places is one piece.
/// Where to cut depends on the text around the cut, not on its position: the second line's hash
/// must be 0 modulo 512, once the piece is at least 8 KiB long (and always at 256 KiB). An edit
/// then changes only the piece it falls in; every other piece keeps its exact text, so an editor
/// can reuse what it read of them before.
pub fn content_pieces(text: &str) -> Vec<TextRange> {
    cut_pieces(text, MIN_PIECE, MAX_PIECE)
}

/// [`content_pieces`] with the piece sizes as parameters (tests cut small texts finely).
pub(crate) fn cut_pieces(text: &str, min_piece: usize, max_piece: usize) -> Vec<TextRange> {
    let mut cutter = Cutter::with_sizes(min_piece, max_piece);
    let mut out = Vec::new();
    let whole = Src::whole(text);
    loop {
        let start = cutter.piece_start();
        match cutter.next_cut(whole, true) {
            Some(cut) => out.push(TextRange::new(start, cut)),
            None => {
                out.push(TextRange::new(start, text.len()));
                return out;
            }
        }
    }
}

/// The cuts of [`content_pieces`] found one at a time, in a text that may arrive in parts:
/// `check` reads a long file through a window and cuts it as it goes, exactly where
/// `content_pieces` would have cut the whole text.
#[derive(Clone, Debug)]
pub struct Cutter {
    min_piece: usize,
    max_piece: usize,
    /// Where the current piece starts.
    start: usize,
    /// The line before `line_start`, whole.
    prev_line: TextRange,
    /// The next line to look at.
    line_start: usize,
    /// The paragraph being read holds, since the piece started, a line that changes how its
    /// later lines read (see [`holds_context`]): no cut until a blank line ends it.
    held: bool,
}

impl Default for Cutter {
    fn default() -> Self {
        Cutter::with_sizes(MIN_PIECE, MAX_PIECE)
    }
}

impl Cutter {
    fn with_sizes(min_piece: usize, max_piece: usize) -> Self {
        Cutter {
            min_piece,
            max_piece,
            start: 0,
            prev_line: TextRange::empty(0),
            line_start: 0,
            held: false,
        }
    }

    /// Where the piece being cut starts.
    pub fn piece_start(&self) -> usize {
        self.start
    }

    /// Looks at the whole lines of `window` from where the last call stopped, and returns the
    /// end of the current piece (where the next one starts) when it finds a cut. `None` when
    /// there is none in the window: read more text, or, when `at_end` (the window reaches the
    /// end of the whole text), the rest of the text is the last piece.
    pub fn next_cut(&mut self, window: Src<'_>, at_end: bool) -> Option<usize> {
        let end = window.end();
        while self.line_start < end {
            let rest = window.get(self.line_start..end)?;
            // `find` on a char is memchr; the cheap tests come first, so most lines cost no
            // more.
            let line_end = match rest.find('\n') {
                Some(i) => self.line_start + i,
                None if at_end => end,
                // A line not read to its end yet.
                None => return None,
            };
            let line = &rest[..line_end - self.line_start];
            let plain = is_plain_one_liner(line);
            if !plain {
                // A plain one-liner neither ends a paragraph nor changes how others read.
                let next = (line_end + 1).min(end);
                self.held = match lines::lines_in(window, self.line_start, next).next() {
                    Some(ln) if ln.kind == lines::Kind::Blank => false,
                    Some(ln) => self.held || holds_context(window, &ln),
                    None => self.held,
                };
            }
            let size = self.line_start - self.start;
            let cut = size >= self.min_piece
                && (size >= self.max_piece || line_hash(line) % 512 == 0)
                && !self.held
                && self.prev_line.start >= self.start
                && !self.prev_line.is_empty()
                && window
                    .get(self.prev_line.as_range())
                    .is_some_and(is_plain_one_liner)
                && plain
                && is_mostly_blank(line);
            let line_start = self.line_start;
            self.prev_line = TextRange::new(line_start, line_end);
            self.line_start = line_end + 1;
            if cut {
                self.start = line_start;
                return Some(line_start);
            }
        }
        None
    }
}

/// FNV-1a: cheap, and stable across runs and machines, so the same text always cuts the same.
fn line_hash(line: &str) -> u64 {
    line.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
