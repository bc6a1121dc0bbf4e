//! Filling in solutions: the edits behind `sudoku-lsp solve` and the assists "Fill in the
//! solution" and "Fill r3c5" that [`super::fixes::fixes_at`] offers for the puzzle under the
//! cursor.
//!
//! Only blank cells change, each replaced by its digit in the notation of its row, so comments,
//! directives, separators and spacing stay exactly as the author wrote them. A pencil-mark grid
//! is written back as a pencil-mark grid: each filled token its digit, its rows realigned and
//! its frames redrawn to the new widths; a candidate line keeps its `N` characters a cell.

use crate::analysis::{Analysis, PuzzleReport, Verdict};
use crate::finding::{apply_edits, Applicability, Edit, Fix};
use crate::grid::{bit, Mask};
use crate::syntax::formats::SolutionSlot;
use crate::syntax::{Layout, PencilLine, PencilMarks, Puzzle};
use crate::text::TextRange;

/// The solution of `puzzle` when `report` (its report) says it has exactly one.
pub fn unique_solution<'r>(puzzle: &Puzzle, report: &'r PuzzleReport) -> Option<&'r [u8]> {
    match (report.verdict, &report.solution) {
        (Verdict::Solutions(1), Some(s)) if s.len() == puzzle.givens.len() => Some(s),
        _ => None,
    }
}

/// The assists that fill in a puzzle with its unique `solution`: the whole puzzle ("Fill in the
/// solution"), and the blank `cell` under the cursor if any ("Fill r3c5", or "Fill r3c5 with 7"
/// when `show_solutions` lets the title name the digit). Computed on demand, never stored: a
/// large collection would otherwise carry one per blank cell. Unsafe, since a filled-in grid is
/// no longer a puzzle: they are never applied unseen.
pub fn assists(
    puzzle: &Puzzle,
    solution: &[u8],
    cell: Option<usize>,
    show_solutions: bool,
) -> Vec<Fix> {
    let fix = |title: String, edits: Vec<Edit>| Fix {
        title,
        edits,
        applicability: Applicability::Unsafe,
    };
    let mut out = Vec::new();
    // A table row with no solution column: only `solve --write` adds the column, to every row
    // at once (docs/formats.md#delimited-tables-csv-tsv).
    if puzzle.slot.as_deref().is_some_and(|s| s.adds.is_some()) {
        return out;
    }
    let whole = fill_edits(puzzle, solution, None);
    if !whole.is_empty() {
        out.push(fix("Fill in the solution".to_string(), whole));
    }
    if let Some(cell) = cell {
        let edits = fill_edits(puzzle, solution, Some(cell));
        if let (false, Some(&d)) = (edits.is_empty(), solution.get(cell)) {
            let name = puzzle.shape.cell_name(cell);
            let title = if show_solutions {
                format!("Fill {name} with {}", puzzle.alphabet.symbol(d))
            } else {
                format!("Fill {name}")
            };
            out.push(fix(title, edits));
        }
    }
    out
}

/// The edits that write `solution` into the blank cells of `puzzle` (only into `only` when it is
/// given), sorted by position. Cells whose text is empty (missing from a short row) are skipped:
/// such a puzzle has a syntax error and no verdict anyway.
fn fill_edits(puzzle: &Puzzle, solution: &[u8], only: Option<usize>) -> Vec<Edit> {
    let fills = |cell: usize| {
        only.is_none_or(|o| o == cell)
            && puzzle.givens.get(cell) == Some(&0)
            && solution.get(cell).is_some_and(|&d| d != 0)
    };
    if let Some(slot) = puzzle.slot.as_deref() {
        return slot_edits(puzzle, slot, solution, only);
    }
    if let (Layout::PencilGrid, Some(pm)) = (puzzle.layout, puzzle.pencil.as_deref()) {
        return rewrite_pencil_grid(puzzle, pm, |cell| {
            fills(cell).then(|| puzzle.alphabet.symbol(solution[cell]).to_string())
        });
    }
    if puzzle.layout == Layout::CandidateLine {
        return rewrite_candidate_line(puzzle, |cell| fills(cell).then(|| bit(solution[cell])));
    }
    puzzle
        .cells
        .iter()
        .enumerate()
        .filter(|&(cell, range)| !range.is_empty() && fills(cell))
        .map(|(cell, range)| Edit {
            range,
            new_text: puzzle.write_digit(cell, solution[cell]),
        })
        .collect()
}

/// The edits that write the solution of a table row into its solution field (docs/formats.md):
/// the puzzle's cells never change. Only the whole solution is written, so there is no edit for
/// one cell; when the table has no solution column the row gets one at its end, and the header
/// its name (by [`fill_text`], once for the file; an assist on one row only when the row is
/// the only one, see [`column_edits`]).
fn slot_edits(
    puzzle: &Puzzle,
    slot: &SolutionSlot,
    solution: &[u8],
    only: Option<usize>,
) -> Vec<Edit> {
    if only.is_some() || solution.len() != puzzle.givens.len() {
        return Vec::new();
    }
    let line = puzzle.alphabet.line(solution);
    vec![Edit {
        range: slot.range,
        new_text: match slot.adds {
            Some(d) => format!("{d}{line}"),
            None => line,
        },
    }]
}

/// When `solve --write` adds a solution column to a table: the header's new name, and an empty
/// field for each row that gets no solution, so every row keeps the header's width.
fn column_edits(analysis: &Analysis, filled: &[usize]) -> Vec<Edit> {
    let mut edits = Vec::new();
    let adding = |p: &Puzzle| p.slot.as_deref().filter(|s| s.adds.is_some()).cloned();
    if !analysis
        .file
        .puzzles
        .iter()
        .any(|p| adding(p).is_some() && filled.contains(&p.index))
    {
        return edits;
    }
    let mut header = None;
    for p in &analysis.file.puzzles {
        let Some(slot) = adding(p) else { continue };
        let d = slot.adds.unwrap_or(',');
        header = header.or(slot.header_end.map(|e| (e, d)));
        if !filled.contains(&p.index) {
            edits.push(Edit {
                range: slot.range,
                new_text: d.to_string(),
            });
        }
    }
    if let Some((end, d)) = header {
        edits.push(Edit {
            range: TextRange::empty(end),
            new_text: format!("{d}solution"),
        });
    }
    edits
}

/// The edits that rewrite the cells of a candidate line that `marks` gives new marks (`None`:
/// the cell stays as written): each its `N` characters, the `d`-th showing symbol `d` while `d`
/// is a candidate, else `.`. A solved cell shows only its digit.
pub fn rewrite_candidate_line(puzzle: &Puzzle, marks: impl Fn(usize) -> Option<Mask>) -> Vec<Edit> {
    puzzle
        .cells
        .iter()
        .enumerate()
        .filter(|(_, range)| !range.is_empty())
        .filter_map(|(cell, range)| {
            let mask = marks(cell)?;
            let new_text = (1..=puzzle.shape.size as u8)
                .map(|j| {
                    if mask & bit(j) != 0 {
                        puzzle.alphabet.symbol(j)
                    } else {
                        '.'
                    }
                })
                .collect();
            Some(Edit { range, new_text })
        })
        .collect()
}

/// Characters that separate a pencil-mark row's tokens besides whitespace.
fn is_pipe(ch: char) -> bool {
    matches!(ch, '|' | '│' | '┃' | '║')
}

/// The horizontal strokes of a frame line.
fn is_stroke(ch: char) -> bool {
    matches!(ch, '-' | '=' | '─' | '━' | '═')
}

/// The edits that rewrite a pencil-mark grid whose cells `token` gives a new token (`None`: the
/// cell keeps its token), realigned by [`realign_pencil`] with the author's spacing kept. Lines
/// that do not
/// change get no edit. Empty when the grid has a row of another number of tokens (such a puzzle
/// has a syntax error and no verdict anyway). Filling in writes each filled cell's digit; the
/// tutor's applied step writes its placements and what its eliminations leave.
pub fn rewrite_pencil_grid(
    puzzle: &Puzzle,
    pm: &PencilMarks,
    token: impl Fn(usize) -> Option<String>,
) -> Vec<Edit> {
    let shape = puzzle.shape;
    let fill = |row: usize, c: usize, old: &String| {
        token(shape.cell(row, c)).unwrap_or_else(|| old.clone())
    };
    let new_tokens: Vec<Option<Vec<String>>> = pm
        .lines
        .iter()
        .map(|line| match line {
            PencilLine::Row { row, tokens, .. } => Some(
                tokens
                    .iter()
                    .enumerate()
                    .map(|(c, old)| fill(*row, c, old))
                    .collect(),
            ),
            PencilLine::Frame { .. } => None,
        })
        .collect();
    let Some(bodies) = realign_pencil(pm, shape.size, &new_tokens, Spacing::Kept) else {
        return Vec::new();
    };
    pm.lines
        .iter()
        .zip(bodies)
        .filter(|(line, new)| pencil_line_text(line) != *new)
        .map(|(line, new)| Edit {
            range: line.body(),
            new_text: new,
        })
        .collect()
}

/// A pencil-mark grid's line as read (without its comment).
fn pencil_line_text(line: &PencilLine) -> String {
    match line {
        PencilLine::Row { tokens, gaps, .. } => {
            let mut old = String::new();
            for (g, t) in gaps.iter().zip(tokens.iter().map(Some).chain([None])) {
                old.push_str(g);
                old.extend(t.map(String::as_str));
            }
            old
        }
        PencilLine::Frame { text, .. } => text.clone(),
    }
}

/// How much space [`realign_pencil`] leaves after each column's widest token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spacing {
    /// The spacing its author left there, at least one space where there was some (filling in
    /// changes nothing else).
    Kept,
    /// Exactly this many spaces, and one space around each separator (the formatter).
    Fixed(usize),
}

/// A pencil-mark grid's lines (rows and frames, in `pm.lines` order) rewritten with `tokens`
/// (each row line's new tokens, `None` for a frame): each token padded to its column's widest,
/// `spacing` after it, then the separators; each frame redrawn under the row next to it, a
/// corner under each separator. `None` when a row has another number of tokens than `n`.
pub(crate) fn realign_pencil(
    pm: &PencilMarks,
    n: usize,
    tokens: &[Option<Vec<String>>],
    spacing: Spacing,
) -> Option<Vec<String>> {
    let mut old_w = vec![0usize; n];
    let mut new_w = vec![0usize; n];
    for (line, toks) in pm.lines.iter().zip(tokens) {
        let (
            PencilLine::Row {
                row, tokens: old, ..
            },
            Some(toks),
        ) = (line, toks)
        else {
            continue;
        };
        if old.len() != n || toks.len() != n || *row >= n {
            return None;
        }
        for c in 0..n {
            old_w[c] = old_w[c].max(width(&old[c]));
            new_w[c] = new_w[c].max(width(&toks[c]));
        }
    }
    let widths = Widths {
        old: &old_w,
        new: &new_w,
        spacing,
    };
    let rendered: Vec<Option<String>> = pm
        .lines
        .iter()
        .zip(tokens)
        .map(|(line, toks)| match (line, toks) {
            (PencilLine::Row { tokens, gaps, .. }, Some(toks)) => {
                Some(render_row(tokens, gaps, toks, &widths))
            }
            _ => None,
        })
        .collect();
    let lines = pm.lines.iter().enumerate().map(|(i, line)| match line {
        PencilLine::Row { .. } => rendered[i].clone().unwrap_or_default(),
        PencilLine::Frame { text, .. } => {
            // The row above (or, for the top frame, below) gives the frame its widths.
            let near = rendered[..i]
                .iter()
                .rev()
                .chain(rendered[i + 1..].iter())
                .flatten()
                .next();
            near.map_or_else(|| text.clone(), |near| redraw_frame(text, near))
        }
    });
    Some(lines.collect())
}

/// The width of a token, in characters.
fn width(t: &str) -> usize {
    t.chars().count()
}

/// The column widths before and after, and the spacing to keep.
struct Widths<'a> {
    old: &'a [usize],
    new: &'a [usize],
    spacing: Spacing,
}

/// One row rendered with its new tokens `toks` (see [`realign_pencil`]).
fn render_row(tokens: &[String], gaps: &[String], toks: &[String], w: &Widths<'_>) -> String {
    let n = toks.len();
    let lead = gaps.first().map(String::as_str).unwrap_or("");
    let mut out = match w.spacing {
        Spacing::Kept => lead.to_string(),
        Spacing::Fixed(_) => separators(lead, true),
    };
    for c in 0..n {
        out.push_str(&toks[c]);
        let gap = gaps.get(c + 1).map(String::as_str).unwrap_or("");
        let rest = gap.trim_start();
        let lead = width(gap) - width(rest);
        if c + 1 == n && rest.is_empty() {
            break;
        }
        let keep = match w.spacing {
            // The spacing the author put after the column's widest token, kept at least one
            // space where there was some.
            Spacing::Kept => {
                let natural = lead as isize - (w.old[c] - width(&tokens[c])) as isize;
                natural.max(isize::from(lead > 0)) as usize
            }
            Spacing::Fixed(k) if rest.is_empty() => k,
            Spacing::Fixed(_) => 1,
        };
        let pad = keep + w.new[c] - width(&toks[c]);
        out.extend(std::iter::repeat_n(' ', pad));
        match w.spacing {
            Spacing::Kept => out.push_str(rest),
            Spacing::Fixed(_) => out.push_str(&separators(rest, c + 1 < n)),
        }
    }
    out
}

/// A run of separators between tokens with its white space made single spaces: `|   ` is
/// `| `, and `||` stays `||`. A space follows the last one when a token does.
fn separators(gap: &str, before_token: bool) -> String {
    let mut out = gap.split_whitespace().collect::<Vec<_>>().join(" ");
    if before_token && !out.is_empty() {
        out.push(' ');
    }
    out
}

/// A frame line redrawn under `row`: its stroke everywhere, and its corners in order under the
/// row's separators (the last corner again when it has fewer).
fn redraw_frame(frame: &str, row: &str) -> String {
    let stroke = frame.chars().find(|&c| is_stroke(c)).unwrap_or('-');
    let corners: Vec<char> = frame
        .chars()
        .filter(|&c| !is_stroke(c) && !c.is_whitespace())
        .collect();
    let mut k = 0;
    row.chars()
        .map(|ch| {
            if !is_pipe(ch) {
                return stroke;
            }
            let corner = corners.get(k).or(corners.last()).copied().unwrap_or(stroke);
            k += 1;
            corner
        })
        .collect()
}

/// What filling in a whole file did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filled {
    /// The text with every uniquely solvable puzzle filled in.
    pub text: String,
    /// Indexes of puzzles filled in (already complete ones included).
    pub filled: Vec<usize>,
    /// Indexes of puzzles that could not be filled (no unique solution, or undecided).
    pub unfilled: Vec<usize>,
}

/// The edits that fill in every uniquely solvable puzzle of an analysed file.
fn fill_all_edits(analysis: &Analysis) -> (Vec<Edit>, Vec<usize>, Vec<usize>) {
    let mut edits = Vec::new();
    let (mut filled, mut unfilled) = (Vec::new(), Vec::new());
    for (puzzle, report) in analysis.file.puzzles.iter().zip(&analysis.reports) {
        match (&report.verdict, &report.solution) {
            (Verdict::Solutions(1), Some(solution)) => {
                edits.extend(fill_edits(puzzle, solution, None));
                filled.push(puzzle.index);
            }
            _ => unfilled.push(puzzle.index),
        }
    }
    edits.extend(column_edits(analysis, &filled));
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    (edits, filled, unfilled)
}

/// Fills in every uniquely solvable puzzle of `text`, given its analysis.
pub fn fill_text(text: &str, analysis: &Analysis) -> Filled {
    let (edits, filled, unfilled) = fill_all_edits(analysis);
    // The edits come from the reader's own ranges, which never overlap; should that ever fail,
    // the text is returned unchanged rather than half-edited.
    match apply_edits(text, &edits) {
        Some(text) => Filled {
            text,
            filled,
            unfilled,
        },
        None => Filled {
            text: text.to_string(),
            filled: Vec::new(),
            unfilled: analysis.file.puzzles.iter().map(|p| p.index).collect(),
        },
    }
}
