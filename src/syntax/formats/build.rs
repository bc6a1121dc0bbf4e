//! Making a 9x9 puzzle from cells another format wrote one by one (`.ss`, `.sdx`, HoDoKu lines,
//! OpenSudoku games): each cell's value, whether it was placed after the start, its marks and
//! the range of its bytes in the source.

use std::sync::Arc;

use crate::finding::{Code, Finding, Severity};
use crate::grid::{bit, full_mask, Mask, Shape};
use crate::syntax::reader::{new_puzzle, Reader};
use crate::syntax::{Alphabet, Directive, Layout, PencilLine, PencilMarks};
use crate::text::TextRange;

/// The size every format of this kind holds.
pub(super) const N: usize = 9;

/// One cell as read.
#[derive(Clone, Debug, Default)]
pub(super) struct CellIn {
    /// Its bytes in the source (empty for a cell the source lacks).
    pub range: TextRange,
    /// Its digit, `0` for an open cell.
    pub value: u8,
    /// True for a digit placed after the start.
    pub placed: bool,
    /// The candidates written for an open cell; `None`: no marks (every candidate its solved
    /// peers allow).
    pub marks: Option<Mask>,
}

impl CellIn {
    /// An open cell at `range`.
    pub fn open(range: TextRange) -> CellIn {
        CellIn {
            range,
            ..CellIn::default()
        }
    }
}

/// A finding of the reader about one cell (or the puzzle's line): `invalid-symbol`,
/// `row-length` or `row-count`. The puzzle is then checked cell by cell but gets no verdict.
pub(super) fn cell_error(code: Code, range: TextRange, message: String) -> Finding {
    let mut f = Finding::new(code, range, message);
    f.severity = Severity::Error;
    f
}

/// What [`push`] makes of the cells.
pub(super) struct Made {
    pub layout: Layout,
    /// The puzzle's first line (where puzzle-wide findings sit) and its whole extent.
    pub first_line: TextRange,
    pub range: TextRange,
    /// A pencil-mark state (marks or placed digits) rather than a plain puzzle.
    pub pencil: bool,
    /// The rows as written, for a format whose rows are pencil-mark rows (`.sdx`).
    pub lines: Vec<PencilLine>,
}

/// Adds the 9x9 puzzle of `cells` (81 of them; missing ones are open and empty at the end of
/// `made.range`) with its directives and the reader's `errors` about it.
pub(super) fn push(
    r: &mut Reader<'_>,
    cells: &[CellIn],
    made: Made,
    own: Vec<Directive>,
    errors: Vec<Finding>,
) {
    let Some(shape) = Shape::for_size(N) else {
        return;
    };
    let idx = r.next_index();
    let mut p = new_puzzle(
        idx,
        made.layout,
        shape,
        Alphabet::default_for(N),
        made.first_line,
        None,
    );
    p.range = made.range;
    let mut marks = vec![full_mask(N); N * N];
    let mut placed = Vec::new();
    for i in 0..N * N {
        let c = cells.get(i).cloned().unwrap_or_else(|| CellIn {
            range: TextRange::empty(made.range.end),
            ..CellIn::default()
        });
        p.cells.set(i, c.range);
        if c.value != 0 {
            p.givens[i] = c.value;
            marks[i] = bit(c.value);
            if c.placed {
                placed.resize(N * N, false);
                placed[i] = true;
            }
        } else if let Some(m) = c.marks {
            marks[i] = m;
        }
    }
    for f in errors {
        r.syntax_error(&mut p, f);
    }
    if made.pencil {
        p.pencil = Some(Arc::new(PencilMarks {
            candidates: marks,
            placed,
            lines: made.lines,
        }));
    }
    r.push_puzzle(p, own, None);
}
