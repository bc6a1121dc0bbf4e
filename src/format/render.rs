//! Writing a paragraph anew: comment lines trimmed, directives as `@key value`, one-liners
//! with their blanks normalised and their trailing field and comment after two spaces, grids in
//! the configured [`GridStyle`] with their comments where they were, pencil-mark grids with
//! aligned columns (the realignment filling in uses, `analysis::fill::realign_pencil`). Any
//! other line's comment follows its content after one space.

use std::ops::Range;

use super::layout::{File, Role};
use super::{GridStyle, Style};
use crate::analysis::fill::{realign_pencil, Spacing};
use crate::grid::Shape;
use crate::syntax::{LineKind, PencilLine, Puzzle};

/// Spaces after the widest token of each column of a pencil-mark grid.
const PENCIL_SPACING: usize = 1;

/// What follows a one-liner's cells before its trailing field or comment.
const AFTER_CELLS: &str = "  ";

/// Why a grid is left as it is when one of its lines is neither a row nor a separator.
const STRAY: &str = "a line inside a grid is neither a row nor a separator";

/// A grid's comment lines, each with the number of rows above it and whether a separator line
/// came between the last of those rows and the comment.
type Notes<'t> = Vec<(usize, bool, &'t str)>;

impl File<'_> {
    /// Paragraph `lines` written anew, or why it cannot be.
    pub(super) fn paragraph(&self, lines: Range<usize>, style: &Style) -> Result<String, String> {
        let mut out = String::new();
        let mut i = lines.start;
        while i < lines.end {
            if let Some(&(end, p)) = self.blocks.get(&i) {
                if end > lines.end {
                    return Err(STRAY.to_string());
                }
                let eol = self.eol(i);
                for line in self.block(i..end, p, style)? {
                    out.push_str(&line);
                    out.push_str(eol);
                }
                i = end;
                continue;
            }
            out.push_str(&self.line(i, style)?);
            out.push_str(self.eol(i));
            i += 1;
        }
        Ok(out)
    }

    /// Line `i`, outside any grid, written anew.
    fn line(&self, i: usize, style: &Style) -> Result<String, String> {
        let ln = &self.lines[i].ln;
        let body = self.slice(ln.body);
        let main = match (ln.kind, self.roles[i]) {
            (LineKind::Comment, _) => return Ok(self.comment(i).unwrap_or("").to_string()),
            (LineKind::Directive, _) => directive(body),
            (LineKind::Content, Role::Single(p)) => {
                let line = self.one_liner(&self.parsed.puzzles[p], style);
                return Ok(match self.comment(i) {
                    Some(c) => format!("{line}{AFTER_CELLS}{c}"),
                    None => line,
                });
            }
            (LineKind::Content, Role::Free) if self.free_separator(i) => body.to_string(),
            _ => return Err("it has a line that is no puzzle's".to_string()),
        };
        Ok(with_comment(main, self.comment(i)))
    }

    /// A one-liner's cells, blanks written as `style` says, and its trailing field; a
    /// candidate line's cells as they are.
    fn one_liner(&self, p: &Puzzle, style: &Style) -> String {
        let blank = blank_for(p, style.blank);
        let mut s = String::with_capacity(p.cells.len() + 16);
        for (cell, range) in p.cells.iter().enumerate() {
            if p.layout == crate::syntax::Layout::OneLiner && p.givens.get(cell) == Some(&0) {
                s.push(blank);
            } else {
                s.push_str(self.slice(range));
            }
        }
        if let Some(t) = p.trailing {
            s.push_str(AFTER_CELLS);
            s.push_str(self.slice(t));
        }
        s
    }

    /// The lines of the grid of puzzle `p` spanning `lines`, written anew.
    fn block(&self, lines: Range<usize>, p: usize, style: &Style) -> Result<Vec<String>, String> {
        let puzzle = &self.parsed.puzzles[p];
        match puzzle.pencil.as_deref() {
            Some(pm) => self.pencil_block(lines, p, pm),
            None => self.grid_block(lines, p, style),
        }
    }

    /// A grid in `style`: its rows, the separators the style draws, and its comments in place.
    fn grid_block(
        &self,
        lines: Range<usize>,
        p: usize,
        style: &Style,
    ) -> Result<Vec<String>, String> {
        let puzzle = &self.parsed.puzzles[p];
        let n = puzzle.shape.size;
        let mut notes: Notes<'_> = Vec::new();
        let mut row_notes = Vec::with_capacity(n);
        let mut after_sep = false;
        for i in lines {
            let kind = self.lines[i].ln.kind;
            match (kind, self.roles[i]) {
                (LineKind::Comment, _) => {
                    notes.push((row_notes.len(), after_sep, self.comment(i).unwrap_or("")))
                }
                (LineKind::Content, Role::Row(q, r)) if q == p && r == row_notes.len() => {
                    self.check_row(puzzle, r, i)?;
                    row_notes.push(self.comment(i));
                    after_sep = false;
                }
                (LineKind::Content, Role::Free) if self.free_separator(i) => {
                    after_sep = true;
                    match self.comment(i) {
                        Some(c) if c.starts_with('#') => notes.push((row_notes.len(), true, c)),
                        Some(_) => return Err("a separator line has a `//` comment".to_string()),
                        None => {}
                    }
                }
                _ => return Err(STRAY.to_string()),
            }
        }
        if row_notes.len() != n {
            return Err(STRAY.to_string());
        }
        let rows = self.styled_rows(puzzle, style);
        Ok(assemble(
            &rows,
            &row_notes,
            &notes,
            puzzle.shape,
            style.grid,
        ))
    }

    /// Fails unless every cell of row `r` is on line `i`.
    fn check_row(&self, puzzle: &Puzzle, r: usize, i: usize) -> Result<(), String> {
        let n = puzzle.shape.size;
        let body = self.lines[i].ln.body;
        let inside = (0..n).all(|c| {
            puzzle
                .cells
                .get(r * n + c)
                .is_some_and(|cell| body.start <= cell.start && cell.end <= body.end)
        });
        inside.then_some(()).ok_or_else(|| STRAY.to_string())
    }

    /// Each row of a grid in `style`, its cells as written (blanks as `style` says), all of one
    /// width.
    fn styled_rows(&self, puzzle: &Puzzle, style: &Style) -> Vec<String> {
        let blank = blank_for(puzzle, style.blank).to_string();
        let texts: Vec<&str> = puzzle
            .cells
            .iter()
            .enumerate()
            .map(|(cell, range)| match puzzle.givens.get(cell) {
                Some(0) => blank.as_str(),
                _ => self.slice(range),
            })
            .collect();
        let w = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
        texts
            .chunks(puzzle.shape.size.max(1))
            .map(|cells| grid_row(cells, puzzle.shape, w, style.grid))
            .collect()
    }

    /// A pencil-mark grid with its columns aligned, its frames redrawn and its comments kept.
    fn pencil_block(
        &self,
        lines: Range<usize>,
        p: usize,
        pm: &crate::syntax::PencilMarks,
    ) -> Result<Vec<String>, String> {
        let tokens: Vec<Option<Vec<String>>> = pm
            .lines
            .iter()
            .map(|l| match l {
                PencilLine::Row { tokens, .. } => Some(tokens.clone()),
                PencilLine::Frame { .. } => None,
            })
            .collect();
        let n = self.parsed.puzzles[p].shape.size;
        let bodies = realign_pencil(pm, n, &tokens, Spacing::Fixed(PENCIL_SPACING))
            .ok_or_else(|| STRAY.to_string())?;
        lines
            .map(|i| match (self.lines[i].ln.kind, self.roles[i]) {
                (LineKind::Comment, _) => Ok(self.comment(i).unwrap_or("").to_string()),
                (LineKind::Content, Role::Pencil(q, k)) if q == p => Ok(with_comment(
                    bodies.get(k).cloned().unwrap_or_default(),
                    self.comment(i),
                )),
                _ => Err(STRAY.to_string()),
            })
            .collect()
    }
}

/// The character written for a blank of `puzzle`: `blank`, unless the puzzle's alphabet uses
/// it as a symbol or its rows are numbers and it is a digit; then `.`.
fn blank_for(puzzle: &Puzzle, blank: char) -> char {
    let numbered = puzzle.numbered_rows.iter().any(|&b| b);
    if puzzle.alphabet.value_of(blank).is_some() || (numbered && blank.is_ascii_digit()) {
        '.'
    } else {
        blank
    }
}

/// `@key value` (or `@key` alone) from a directive line's body.
fn directive(body: &str) -> String {
    let key_end = body.find(char::is_whitespace).unwrap_or(body.len());
    let (key, value) = (&body[..key_end], body[key_end..].trim());
    if value.is_empty() {
        key.to_string()
    } else {
        format!("{key} {value}")
    }
}

/// `main` followed by the line's comment after one space.
fn with_comment(mut main: String, comment: Option<&str>) -> String {
    if let Some(c) = comment {
        if !main.is_empty() {
            main.push(' ');
        }
        main.push_str(c);
    }
    main
}

/// One row in `style`: cells right-aligned to width `w`; `spaced` puts one space between cells
/// and ` | ` between boxes, `boxed` frames each box with `│` and the row with `║`.
fn grid_row(cells: &[&str], shape: Shape, w: usize, style: GridStyle) -> String {
    let pad = |c: &&str| format!("{c:>w$}");
    let join = |cells: &[&str]| cells.iter().map(pad).collect::<Vec<_>>().join(" ");
    match style {
        GridStyle::Plain if w == 1 => cells.concat(),
        GridStyle::Plain => join(cells),
        GridStyle::Spaced | GridStyle::Boxed => {
            let boxes: Vec<String> = cells.chunks(shape.box_cols.max(1)).map(join).collect();
            if style == GridStyle::Spaced {
                boxes.join(" | ")
            } else {
                format!("║ {} ║", boxes.join(" │ "))
            }
        }
    }
}

/// A rule drawn under `row`: `[left, stroke, middle, right]` under the row's outer frame, its
/// cells and spaces, its box separators and its right frame.
fn rule(row: &str, [left, stroke, middle, right]: [char; 4]) -> String {
    let last = row.chars().count().saturating_sub(1);
    row.chars()
        .enumerate()
        .map(|(k, ch)| match ch {
            '║' if k == 0 => left,
            '║' if k == last => right,
            '|' | '│' => middle,
            _ => stroke,
        })
        .collect()
}

/// The rules a style draws: above the grid, between bands, below it.
fn rules(row: &str, style: GridStyle) -> [Option<String>; 3] {
    match style {
        GridStyle::Plain => [None, None, None],
        GridStyle::Spaced => [None, Some(rule(row, ['-', '-', '+', '-'])), None],
        GridStyle::Boxed => [
            Some(rule(row, ['╔', '═', '╤', '╗'])),
            Some(rule(row, ['╟', '─', '┼', '╢'])),
            Some(rule(row, ['╚', '═', '╧', '╝'])),
        ],
    }
}

/// The grid's lines: rules, rows with their comments, and the comment lines after as many
/// rows as they followed (before the rule there, or after it when they followed a separator).
fn assemble(
    rows: &[String],
    row_notes: &[Option<&str>],
    notes: &Notes<'_>,
    shape: Shape,
    style: GridStyle,
) -> Vec<String> {
    let n = rows.len();
    let [top, between, bottom] = rules(rows.first().map_or("", String::as_str), style);
    let mut out = Vec::with_capacity(n * 2 + notes.len() + 2);
    let slot = |out: &mut Vec<String>, k: usize, after: bool| {
        out.extend(
            notes
                .iter()
                .filter(|&&(at, a, _)| at == k && a == after)
                .map(|&(_, _, c)| c.to_string()),
        );
    };
    slot(&mut out, 0, false);
    out.extend(top.clone());
    slot(&mut out, 0, true);
    for (r, row) in rows.iter().enumerate() {
        out.push(with_comment(
            row.clone(),
            row_notes.get(r).copied().flatten(),
        ));
        slot(&mut out, r + 1, false);
        if r + 1 == n {
            out.extend(bottom.clone());
        } else if (r + 1) % shape.box_rows.max(1) == 0 {
            out.extend(between.clone());
        }
        slot(&mut out, r + 1, true);
    }
    out
}
