//! The checks of a pencil-mark puzzle's marks (docs/format.md#pencil-mark-grids):
//!
//! - `wrong-elimination`: a cell whose marks lack the digit of the reference solution, the
//!   recorded `@solution` when there is a readable one, else the unique solution of the solved
//!   cells alone. Without a reference nothing is said: the marks may be right, and the verdict on
//!   the state (`no-solution`, `multiple-solutions`) speaks instead.
//! - `no-candidates` on a cell whose marks are all solved in its row, column or box: a direct
//!   contradiction of the state, found before any search. `wrong-elimination` is still looked
//!   for then (when the solved cells do not clash), as a cell emptied that way has often lost
//!   its solution's digit.

use super::PuzzleCtx;
use crate::finding::{Code, Finding, Related};
use crate::grid::{bit, digits, Mask, Unit};
use crate::solver::Outcome;
use crate::syntax::Directive;
use crate::text::TextRange;

/// Where the reference solution comes from.
enum Source<'a> {
    /// The puzzle's `@solution`.
    Recorded(&'a Directive),
    /// The unique solution of the solved cells alone.
    SolvedCells,
}

/// The recorded `@solution` read as values: one symbol of the alphabet per cell (spaces, `|`
/// and `,` only separate), with each symbol's range; `None` when it is not that
/// (`solution-mismatch` says why).
fn recorded(ctx: &PuzzleCtx, dir: &Directive) -> Option<(Vec<u8>, Vec<TextRange>)> {
    let p = ctx.puzzle;
    let mut values = Vec::with_capacity(p.shape.cells());
    let mut ranges = Vec::with_capacity(p.shape.cells());
    for (i, ch) in dir.value.char_indices() {
        if ch.is_whitespace() || matches!(ch, '|' | ',') {
            continue;
        }
        values.push(p.alphabet.value_of(ch)?);
        let start = dir.value_range.start + i;
        ranges.push(TextRange::new(start, start + ch.len_utf8()));
    }
    (values.len() == p.shape.cells()).then_some((values, ranges))
}

/// Reports each open cell whose `marks` lack the reference solution's digit; `solved_only` is
/// the count on the solved cells alone. Returns whether any was reported (the verdict then
/// leaves out a bare `no-solution`).
pub(super) fn check(
    ctx: &PuzzleCtx,
    marks: &[Mask],
    solved_only: &Outcome,
    out: &mut Vec<Finding>,
) -> bool {
    let p = ctx.puzzle;
    let shape = p.shape;
    let recorded = p
        .directives
        .get("solution")
        .and_then(|d| recorded(ctx, d).map(|r| (d, r)));
    let (reference, ranges, source) = match (&recorded, &solved_only.first) {
        (Some((d, (values, ranges))), _) => (values.as_slice(), Some(ranges), Source::Recorded(d)),
        (None, Some(s)) if solved_only.count == 1 && solved_only.complete => {
            (s.as_slice(), None, Source::SolvedCells)
        }
        _ => return false,
    };
    if reference.len() != shape.cells() || marks.len() != shape.cells() {
        return false;
    }
    let before = out.len();
    for cell in 0..shape.cells() {
        let d = reference[cell];
        if p.givens[cell] != 0 || d == 0 || marks[cell] & bit(d) != 0 {
            continue;
        }
        let name = shape.cell_name(cell);
        let sym = p.alphabet.symbol(d);
        let shown: String = digits(marks[cell]).map(|v| p.alphabet.symbol(v)).collect();
        let (whose, related) = match &source {
            Source::Recorded(dir) => (
                "the recorded @solution",
                Related {
                    elsewhere: None,
                    message: format!("@solution has {sym} at {name}"),
                    range: ranges
                        .and_then(|r| r.get(cell).copied())
                        .unwrap_or(dir.value_range),
                },
            ),
            Source::SolvedCells => (
                "the only solution of the solved cells",
                Related {
                    elsewhere: None,
                    message: format!(
                        "the solved cells alone have one solution, with {sym} at {name}"
                    ),
                    range: p.first_line,
                },
            ),
        };
        let marks_text = if shown.is_empty() {
            "no candidates".to_string()
        } else {
            format!("the candidates {shown}")
        };
        out.push(
            Finding::new(
                Code::WrongElimination,
                p.cells.at(cell),
                format!(
                    "{name} has {marks_text}, but {whose} puts {sym} there: {sym} was eliminated by mistake"
                ),
            )
            .in_puzzle(p.index)
            .with_related(vec![related]),
        );
    }
    out.len() > before
}

/// Reports each open cell whose marks are all solved in its row, column or box (`no-candidates`),
/// naming the solved cell that takes each of them; a cell that no symbol fits at all is the plain
/// `no-candidates` check's.
pub(super) fn emptied(ctx: &PuzzleCtx, marks: &[Mask], out: &mut Vec<Finding>) {
    let p = ctx.puzzle;
    let shape = p.shape;
    if marks.len() != shape.cells() || p.givens.len() != shape.cells() {
        return;
    }
    let allowed = p.grid().candidates();
    for cell in 0..shape.cells() {
        if p.givens[cell] != 0 || allowed[cell] == 0 || marks[cell] & allowed[cell] != 0 {
            continue;
        }
        let name = shape.cell_name(cell);
        let mut reasons = Vec::new();
        let mut related = Vec::new();
        for d in digits(marks[cell]) {
            let by = shape.units_of(cell).into_iter().find_map(|u| {
                shape
                    .unit_cells(u)
                    .into_iter()
                    .find(|&o| p.givens[o] == d)
                    .map(|o| (u, o))
            });
            if let Some((unit, o)) = by {
                let sym = p.alphabet.symbol(d);
                let kind = match unit {
                    Unit::Row(_) => "row",
                    Unit::Col(_) => "column",
                    Unit::Box(_) => "box",
                };
                reasons.push(format!("{sym} ({kind}, {})", shape.cell_name(o)));
                related.push(Related {
                    elsewhere: None,
                    message: format!("{} holds {sym}", shape.cell_name(o)),
                    range: p.cells.at(o),
                });
            }
        }
        let message = if reasons.is_empty() {
            format!("{name} has no candidates left: every symbol has been eliminated from it")
        } else {
            format!(
                "no candidate is left in {name}: each of its marks is already solved in its row, column or box: {}",
                reasons.join(", ")
            )
        };
        out.push(
            Finding::new(Code::NoCandidates, p.cells.at(cell), message)
                .in_puzzle(p.index)
                .with_related(related),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::fill::{assists, fill_text};
    use crate::analysis::{analyze, Verdict};
    use crate::config::Config;
    use crate::finding::{apply_edits, Code};
    use crate::grid::bit;
    use crate::syntax::{parse, Layout};

    const OK: &str = include_str!("../../fixtures/ok/pencil-marks.sudoku");

    fn codes(text: &str) -> Vec<Code> {
        analyze(text, &Config::default())
            .findings
            .iter()
            .map(|f| f.code)
            .collect()
    }

    #[test]
    fn a_missing_digit_of_the_solved_cells_solution_is_a_wrong_elimination() {
        // r1c3's solution is 4: its candidates 124 lose the 4.
        let text = OK.replacen("| 5   3    124    |", "| 5   3    12     |", 1);
        let a = analyze(&text, &Config::default());
        let codes: Vec<Code> = a.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, [Code::WrongElimination], "{:?}", a.findings);
        let f = &a.findings[0];
        assert_eq!(&text[f.range.as_range()], "12");
        assert!(
            f.message.contains("r1c3") && f.message.contains("puts 4"),
            "{}",
            f.message
        );
        assert_eq!(a.reports[0].verdict, Verdict::Solutions(0));
    }

    #[test]
    fn the_recorded_solution_is_the_reference_when_given() {
        let sol =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let text = OK.replacen("| 5   3    124    |", "| 5   3    12     |", 1)
            + &format!("@solution {sol}\n");
        let a = analyze(&text, &Config::default());
        let f = &a.findings[0];
        assert_eq!(f.code, Code::WrongElimination, "{:?}", a.findings);
        assert!(f.message.contains("@solution"), "{}", f.message);
        assert_eq!(&text[f.related[0].range.as_range()], "4");
    }

    #[test]
    fn without_a_reference_the_verdict_speaks() {
        // The solved cells leave four solutions; the marks of r2c1 and r4c1 rule out all.
        let text = "@candidates\n1 2 3 4\n4 . . .\n2 1 4 3\n4 . . .\n";
        let c = codes(text);
        assert!(!c.contains(&Code::WrongElimination), "{c:?}");
        let text = "1 2 3 4\n14 . . .\n2 1 4 3\n14 . . .\n";
        assert_eq!(codes(text), [Code::NoSolution]);
    }

    #[test]
    fn marks_decide_what_the_solved_cells_leave_open() {
        let text = "1 2 3 4\n13 24 13 24\n2 1 4 3\n. . . .\n";
        let a = analyze(text, &Config::default());
        assert!(a.findings.is_empty(), "{:?}", a.findings);
        assert_eq!(
            a.reports[0].solution.as_deref(),
            Some(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1][..])
        );
        // The logic engine starts from the marks, less what solved peers hold.
        let p = &parse(text).puzzles[0];
        let st = crate::logic::start(p);
        assert_eq!(st.cands(4), bit(3));
        assert_eq!(st.cands(5), bit(4));
        assert_eq!(st.cands(12), bit(3) | bit(4));
    }

    #[test]
    fn marks_all_taken_by_solved_peers_have_no_candidates() {
        let text = "1 2 3 4\n12 . . .\n. . . .\n. . . .\n";
        let a = analyze(text, &Config::default());
        let f = &a.findings[0];
        assert_eq!(f.code, Code::NoCandidates, "{:?}", a.findings);
        assert_eq!(&text[f.range.as_range()], "12");
        assert_eq!(f.related.len(), 2);
    }

    /// Solving writes a pencil-mark grid back as one: digits, realigned columns, frames redrawn;
    /// reading it again gives the same solution, every cell solved.
    #[test]
    fn solve_round_trip() {
        let a = analyze(OK, &Config::default());
        let solution = a.reports[0].solution.clone().unwrap();
        let filled = fill_text(OK, &a);
        assert_eq!(filled.filled, [0]);
        let grid: Vec<&str> = filled.text.lines().skip(3).collect();
        assert_eq!(grid.len(), 13);
        for line in &grid {
            assert_eq!(
                line.chars().count(),
                grid[0].chars().count(),
                "{}",
                filled.text
            );
        }
        assert_eq!(grid[0], "+-------+-------+-------+");
        assert_eq!(grid[1], "| 5 3 4 | 6 7 8 | 9 1 2 |");
        assert!(filled.text.starts_with("# The classic puzzle"));
        let b = analyze(&filled.text, &Config::default());
        assert!(b.findings.is_empty(), "{:?}", b.findings);
        assert_eq!(b.file.puzzles[0].givens, solution);
        assert_eq!(b.reports[0].solution.as_ref(), Some(&solution));
    }

    #[test]
    fn one_cell_filled_keeps_a_pencil_mark_grid_aligned() {
        let a = analyze(OK, &Config::default());
        let p = &a.file.puzzles[0];
        let solution = a.reports[0].solution.clone().unwrap();
        let fixes = assists(p, &solution, Some(2), false);
        let one = fixes.iter().find(|f| f.title == "Fill r1c3").unwrap();
        let text = apply_edits(OK, &one.edits).unwrap();
        let q = &parse(&text).puzzles[0];
        assert_eq!(q.layout, Layout::PencilGrid);
        assert_eq!(q.givens[2], 4);
        assert!(text.contains("| 5   3    4      |"), "{text}");
        let rows: Vec<&str> = text.lines().skip(3).collect();
        assert!(
            rows.iter()
                .all(|l| l.chars().count() == rows[0].chars().count()),
            "{text}"
        );
    }

    #[test]
    fn a_candidate_line_is_written_back_as_one() {
        let line: String = [
            "1...", ".2..", "..3.", "...4", "..34", "..34", "12..", "12..", ".2..", "1...", "...4",
            "..3.", "...4", "..3.", ".2..", "1...",
        ]
        .concat();
        let text = format!("@size 4\n{line}\n");
        let a = analyze(&text, &Config::default());
        assert!(a.findings.is_empty(), "{:?}", a.findings);
        let filled = fill_text(&text, &a);
        let back = &filled.text.lines().nth(1).unwrap();
        assert_eq!(&back[16..32], "..3....41....2..");
        let p = &parse(&filled.text).puzzles[0];
        assert_eq!(p.layout, Layout::CandidateLine);
        assert!(p.givens.iter().all(|&v| v != 0));
    }
}
