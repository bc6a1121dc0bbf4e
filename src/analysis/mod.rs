//! The analysis: from a parsed file to findings, one module per diagnostic code.

mod box_shape;
mod cache;
mod digit_has_no_place;
mod duplicate_digit;
pub mod duplicate_puzzle;
pub mod fill;
pub mod fixes;
pub mod levels;
mod no_candidates;
mod redundant_given;
mod solution_mismatch;
#[cfg(test)]
mod tests;
pub mod tutor;
mod verdict;
mod wrong_elimination;

use std::collections::HashMap;

use rayon::prelude::*;

use crate::config::Config;
use crate::finding::{Code, Finding};
use crate::grid::{bit, full_mask, Mask, Shape, MAX_SIZE};
use crate::logic;
use crate::solver::{count_values, default_budget, is_fast, Outcome};
use crate::syntax::{self, Directives, ParsedFile, Puzzle, Src};
use crate::text::TextRange;

pub use cache::{Leftovers, PieceCache, SharedAnalysis};
pub use levels::Difficulty;

/// The verdict on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided: the puzzle has a syntax error.
    SyntaxError,
    /// Not decided: the search budget ran out.
    GaveUp,
    /// The number of solutions, capped at 2 (2 means "two or more").
    Solutions(u8),
}

impl Verdict {
    /// `solutions` as the JSON output writes it: 0, 1, 2 or null.
    pub fn count(self) -> Option<u8> {
        match self {
            Verdict::Solutions(n) => Some(n),
            _ => None,
        }
    }
}

/// What the analysis found out about one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleReport {
    /// The puzzle's index in its file.
    pub index: usize,
    pub shape: Shape,
    /// The number of givens.
    pub givens: usize,
    pub verdict: Verdict,
    /// The unique solution's values, when there is exactly one.
    pub solution: Option<Vec<u8>>,
    /// The first grid line, for locating the puzzle.
    pub first_line: TextRange,
}

/// Everything the analysis of one file produced.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The reader's output, kept for hover and code actions.
    pub file: ParsedFile,
    /// One report per puzzle of `file.puzzles`, in the same order.
    pub reports: Vec<PuzzleReport>,
    /// Every finding after configuration and `@allow`, sorted by position.
    pub findings: Vec<Finding>,
    /// Each puzzle's computed difficulty, beside `reports`: `Some` for a puzzle with exactly
    /// one solution that was rated (when the configuration asks to rate, or the puzzle
    /// declares a level); empty when no puzzle was rated.
    pub difficulties: Vec<Option<Difficulty>>,
}

/// What one analysis runs under: the configuration (the file's settings and the run's
/// options), and what the run found out before this file was analysed: the puzzles of this
/// file that repeat an earlier one of the run (`duplicate-puzzle`), found by `check` and the
/// editor's workspace scan. Every entry point takes a `&Config` alone as a context without
/// duplicates.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub config: &'a Config,
    pub duplicates: Option<&'a duplicate_puzzle::Marks>,
}

impl<'a> From<&'a Config> for Context<'a> {
    fn from(config: &'a Config) -> Self {
        Context {
            config,
            duplicates: None,
        }
    }
}

impl<'a> Context<'a> {
    /// `config` with the run's `duplicate-puzzle` marks for the file.
    pub fn new(config: &'a Config, duplicates: Option<&'a duplicate_puzzle::Marks>) -> Self {
        Context { config, duplicates }
    }
}

/// Analyses a file's text: the entry for every caller that holds the whole text (`solve`, the
/// editor's workspace scan, tests). The editor's open documents go through
/// [`PieceCache::analyze`] instead, and the CLI's streaming check through [`analyze_piece`].
pub fn analyze<'a>(text: &str, cx: impl Into<Context<'a>>) -> Analysis {
    analyze_parsed(Src::whole(text), syntax::parse(text), cx.into(), None)
}

/// [`analyze`] on a file's raw bytes, decoding them first: for `check` on a file held in
/// memory, where bytes that are not UTF-8 text must still give their `encoding` finding.
pub fn analyze_bytes<'a>(bytes: &[u8], cx: impl Into<Context<'a>>) -> Analysis {
    let cx = cx.into();
    match syntax::decode(bytes) {
        Ok((text, _)) => analyze(text, cx),
        Err(finding) => findings_only(finding, cx.config),
    }
}

/// [`analyze`] for a text read as `reading` says (docs/formats.md): a CSV, a bank, an `.sdk`
/// file... A file whose format no extension or `--from` chose is first checked for being no
/// puzzle file at all (JSON, HTML, XML): then its one `not-a-puzzle-file` finding is all there
/// is. A `.sudoku` reading is exactly [`analyze`].
pub fn analyze_as<'a>(
    text: &str,
    reading: syntax::formats::Reading,
    cx: impl Into<Context<'a>>,
) -> Analysis {
    let cx = cx.into();
    if reading != syntax::formats::Reading::SUDOKU {
        if let Some(f) = syntax::formats::not_a_puzzle_file(text.as_bytes()) {
            return findings_only(f, cx.config);
        }
    }
    let file = syntax::formats::parse_as(text, reading);
    analyze_parsed(Src::whole(text), file, cx, None)
}

/// [`analyze_as`] on a file's raw bytes, the format decided from `from` (`--from`), the path's
/// extension, else the text (see [`syntax::formats::Reading::decide`]). Bytes that are plainly
/// an image or a binary file give one `not-a-puzzle-file` finding, unless a `.sudoku`
/// extension says what the file should be (then the `encoding` finding stands, as always).
pub fn analyze_file<'a>(
    bytes: &[u8],
    path: Option<&std::path::Path>,
    from: Option<syntax::formats::Format>,
    cx: impl Into<Context<'a>>,
) -> Analysis {
    use syntax::formats::{Format, Reading};
    let cx = cx.into();
    let sudoku = from.or_else(|| path.and_then(Format::of_path)) == Some(Format::Sudoku);
    if sudoku {
        return analyze_bytes(bytes, cx);
    }
    if let Some(f) = syntax::formats::not_a_puzzle_file(bytes) {
        return findings_only(f, cx.config);
    }
    match syntax::decode(bytes) {
        Ok((text, _)) => analyze_as(text, Reading::decide(from, path, text), cx),
        Err(finding) => findings_only(finding, cx.config),
    }
}

/// The analysis of a file that is not read, only reported: one finding.
fn findings_only(finding: Finding, config: &Config) -> Analysis {
    Analysis {
        findings: apply_config(vec![finding], config, &Directives::default(), &[]),
        ..Analysis::default()
    }
}

/// Search outcomes by shape and givens.
type Outcomes = HashMap<(Shape, Vec<u8>), Outcome>;

/// Puzzles below this count are checked on the calling thread; above it they are spread over
/// rayon's pool, so one large collection uses every core.
const PARALLEL_FROM: usize = 64;

/// Sorts findings by position, then code: the order every output lists them in.
fn sort_findings(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        (a.range.start, a.range.end, a.code).cmp(&(b.range.start, b.range.end, b.code))
    });
}

/// Analyses one piece read with [`syntax::parse_window`] from `window` (the text from byte
/// `base` of the whole text on, holding the piece): for the CLI's streaming check, which reads
/// a large file piece by piece and never holds all its puzzles at once. The pieces' findings
/// and reports together are exactly those of [`analyze`] on the whole text. A piece's puzzles
/// are checked in parallel when there are many.
pub fn analyze_piece<'a>(
    window: &str,
    base: usize,
    file: ParsedFile,
    cx: impl Into<Context<'a>>,
) -> Analysis {
    analyze_parsed(Src::window(window, base), file, cx.into(), None)
}

/// Analyses a text piece by piece (see [`syntax::content_pieces`]), handing each piece's
/// analysis to `sink` in order with the piece's range, until it returns false. The tests' model
/// of the CLI's streaming check, on a text held whole.
#[cfg(test)]
pub(crate) fn analyze_in_pieces(
    text: &str,
    config: &Config,
    sink: impl FnMut(TextRange, Analysis) -> bool,
) {
    analyze_ranges(text, syntax::content_pieces(text), config, sink);
}

/// [`analyze_in_pieces`] with the pieces given.
#[cfg(test)]
fn analyze_ranges(
    text: &str,
    ranges: Vec<TextRange>,
    config: &Config,
    mut sink: impl FnMut(TextRange, Analysis) -> bool,
) {
    let mut state = syntax::ReaderState::default();
    let last = ranges.len().saturating_sub(1);
    for (i, range) in ranges.into_iter().enumerate() {
        let file = syntax::parse_piece(text, range, &mut state, i == last);
        if !sink(
            range,
            analyze_parsed(Src::whole(text), file, config.into(), None),
        ) {
            return;
        }
    }
}

/// Checks every puzzle of a parsed file (or piece) read from `src` and applies the
/// configuration to every finding. With `outcomes`, search outcomes are looked up in the first
/// map and every outcome is kept in the second (the editor's [`PieceCache`]).
fn analyze_parsed(
    src: Src<'_>,
    file: ParsedFile,
    cx: Context<'_>,
    outcomes: Option<(&Outcomes, &mut Outcomes)>,
) -> Analysis {
    let config = cx.config;
    let (previous, mut keep) = match outcomes {
        Some((previous, keep)) => (Some(previous), Some(keep)),
        None => (None, None),
    };
    let keep_outcome = keep.is_some();
    let check = |engine: &mut logic::Engine, p: &Puzzle| {
        let cached = previous.and_then(|m| m.get(&(p.shape, p.givens.clone())));
        // Rating costs far more than the search: only when asked, or to check a declared level.
        let declared = levels::declared(p, &file.defaults, src, config);
        let rate = config.run.rate || declared.is_some();
        let rate = rate.then_some(engine);
        let mut result = check_puzzle(p, &file.defaults, cached, keep_outcome, rate);
        if let Some(marks) = cx.duplicates {
            duplicate_puzzle::check(p, marks, &mut result.findings);
        }
        let unique = result.report.verdict == Verdict::Solutions(1);
        if unique && config.severity_of(Code::RedundantGiven).is_some() {
            redundant_given::check(p, &mut result.findings);
        }
        if let Some(declared) = &declared {
            levels::check(
                p,
                declared,
                result.difficulty.as_ref(),
                &mut result.findings,
            );
        }
        result
    };
    let results: Vec<PuzzleResult> = if file.puzzles.len() >= PARALLEL_FROM {
        // Each worker rates with an engine of its own, kept from puzzle to puzzle.
        (file.puzzles.par_iter())
            .map_init(logic::Engine::new, |engine, p| check(engine, p))
            .collect()
    } else {
        let mut engine = logic::Engine::new();
        file.puzzles.iter().map(|p| check(&mut engine, p)).collect()
    };

    let mut reports = Vec::with_capacity(results.len());
    let mut difficulties = Vec::new();
    if results.iter().any(|r| r.difficulty.is_some()) {
        difficulties = results.iter().map(|r| r.difficulty).collect();
    }
    let mut findings = apply_config(file.findings.clone(), config, &file.defaults, &file.puzzles);
    add_reader_fixes(&mut findings, &file.puzzles, src);
    for (puzzle, result) in file.puzzles.iter().zip(results) {
        if let (Some(keep), Some(outcome)) = (keep.as_deref_mut(), result.outcome) {
            keep.insert((puzzle.shape, puzzle.givens.clone()), outcome);
        }
        reports.push(result.report);
        findings.extend(apply_config(
            result.findings,
            config,
            &puzzle.directives,
            &[],
        ));
    }
    sort_findings(&mut findings);
    Analysis {
        file,
        reports,
        findings,
        difficulties,
    }
}

/// Drops findings that configuration turns off or `@allow` silences, and sets the configured
/// severity on the rest. A finding about a puzzle honours that puzzle's directives (which include
/// the file's defaults); one about the file honours the file's defaults.
fn apply_config(
    findings: Vec<Finding>,
    config: &Config,
    directives: &Directives,
    puzzles: &[Puzzle],
) -> Vec<Finding> {
    // Puzzle indexes count from the start of the file; a piece's first puzzle may be far in.
    let base = puzzles.first().map_or(0, |p| p.index);
    findings
        .into_iter()
        .filter_map(|mut f| {
            let scope = f
                .puzzle
                .and_then(|i| puzzles.get(i.checked_sub(base)?))
                .map_or(directives, |p| &p.directives);
            if scope.allows(f.code) {
                return None;
            }
            f.severity = config.severity_of(f.code)?;
            Some(f)
        })
        .collect()
}

/// Gives the reader's findings their fixes: the reader says what it saw, the analysis how to
/// mend it, in the module of the finding's code. A code whose fix needs the text (to place a
/// new line) gets it here; the analysis's own checks attach theirs as they report.
fn add_reader_fixes(findings: &mut [Finding], puzzles: &[Puzzle], src: Src<'_>) {
    let base = puzzles.first().map_or(0, |p| p.index);
    for f in findings {
        let Some(puzzle) = f
            .puzzle
            .and_then(|i| puzzles.get(i.checked_sub(base)?).filter(|p| p.index == i))
        else {
            continue;
        };
        let fix = match f.code {
            Code::BoxShape => box_shape::fix(puzzle, src),
            _ => None,
        };
        f.fixes.extend(fix);
    }
}

/// What one puzzle's checks need: the puzzle and its candidates from the givens alone.
pub(crate) struct PuzzleCtx<'a> {
    pub puzzle: &'a Puzzle,
    /// The file's default directives (the first of the puzzle's directives), which a fix of
    /// this puzzle must leave alone: they hold for every puzzle.
    pub file_defaults: &'a Directives,
    /// Each cell's candidates from the givens alone; empty when the givens are clean (only the
    /// direct checks read them, and they run only on unclean givens).
    pub candidates: Vec<Mask>,
}

/// What checking one puzzle gave.
struct PuzzleResult {
    report: PuzzleReport,
    findings: Vec<Finding>,
    /// The search outcome, when a search was needed, for the cache.
    outcome: Option<Outcome>,
    /// The computed difficulty, when the puzzle was rated.
    difficulty: Option<Difficulty>,
}

/// The direct checks' common case in two passes over the cells and no allocation: no symbol
/// repeats in a unit, every empty cell has a candidate, and every unit has a place for every
/// symbol. Only when this fails do the checks run one by one to say what is wrong.
fn givens_are_clean(puzzle: &Puzzle) -> bool {
    let shape = puzzle.shape;
    let n = shape.size;
    if n > MAX_SIZE || puzzle.givens.len() != n * n {
        return false;
    }
    let (mut rows, mut cols, mut boxes) = (
        [0 as Mask; MAX_SIZE],
        [0 as Mask; MAX_SIZE],
        [0 as Mask; MAX_SIZE],
    );
    let box_of = &shape.tables().box_of;
    // Cells by row and column: no division per cell.
    let cells = || {
        puzzle
            .givens
            .chunks_exact(n)
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &v)| (r, c, v)))
            .zip(box_of.iter())
            .map(|((r, c, v), &x)| (r, c, x, v))
    };
    for (r, c, x, v) in cells() {
        if v == 0 {
            continue;
        }
        let b = bit(v);
        if (rows[r] | cols[c] | boxes[x]) & b != 0 {
            return false;
        }
        rows[r] |= b;
        cols[c] |= b;
        boxes[x] |= b;
    }
    // Each unit's union of what its cells can hold (a given holds itself) must be every symbol.
    let full = full_mask(n);
    let (mut row_u, mut col_u, mut box_u) = (
        [0 as Mask; MAX_SIZE],
        [0 as Mask; MAX_SIZE],
        [0 as Mask; MAX_SIZE],
    );
    for (r, c, x, v) in cells() {
        let m = if v == 0 {
            full & !(rows[r] | cols[c] | boxes[x])
        } else {
            bit(v)
        };
        if m == 0 {
            return false;
        }
        row_u[r] |= m;
        col_u[c] |= m;
        box_u[x] |= m;
    }
    (0..n).all(|i| row_u[i] == full && col_u[i] == full && box_u[i] == full)
}

/// Runs every check on one puzzle. The direct checks (duplicates, cells and units left without a
/// candidate) come first; the search runs only when they found nothing and the puzzle read
/// cleanly, since a clash already proves there is no solution and a syntax error leaves the
/// puzzle undefined.
///
/// `keep_outcome`: whether the caller keeps the search outcome (the editor's cache does; `check`
/// does not, and so the solution is moved out of the outcome instead of copied).
fn check_puzzle(
    puzzle: &Puzzle,
    file_defaults: &Directives,
    cached: Option<&Outcome>,
    keep_outcome: bool,
    rate: Option<&mut logic::Engine>,
) -> PuzzleResult {
    let search = || {
        cached.cloned().unwrap_or_else(|| {
            count_values(
                puzzle.shape,
                &puzzle.givens,
                2,
                default_budget(puzzle.shape),
            )
        })
    };
    // A rating of a plain puzzle begins before the search: when its first, cheap part reaches
    // the solution, that proves the solution the only one and the search is not needed.
    let mut rate = rate;
    let begun = match &mut rate {
        Some(engine) if cached.is_none() && !puzzle.has_syntax_error && puzzle.pencil.is_none() => {
            Some(levels::Begun::new(engine, puzzle))
        }
        _ => None,
    };
    let proved = begun
        .as_ref()
        .and_then(|b| b.solution())
        .map(|solution| Outcome {
            count: 1,
            complete: true,
            first: Some(solution.to_vec()),
            second: None,
            steps: 0,
        });
    // Where the search is cheap (the fast 9x9 engine), it runs first: a puzzle with a solution
    // has clean givens, which spares most puzzles the direct checks' scan. Elsewhere a search
    // on clashing givens could run up to its budget, so the scan comes first.
    let searched =
        proved.or_else(|| (!puzzle.has_syntax_error && is_fast(puzzle.shape)).then(search));
    let solvable = searched.as_ref().is_some_and(|o| o.count >= 1);
    let clean = solvable || givens_are_clean(puzzle);
    let ctx = PuzzleCtx {
        puzzle,
        file_defaults,
        // Only the direct checks look at candidates, and they run only on unclean givens.
        candidates: if clean {
            Vec::new()
        } else {
            puzzle.grid().candidates()
        },
    };
    let mut findings = Vec::new();
    if !clean {
        let clashing = duplicate_digit::check(&ctx, &mut findings);
        // A clash also starves cells and units of the clashing digit; those consequences would
        // only bury the cause, so they are reported only when no clashing given is behind them.
        no_candidates::check(&ctx, &clashing, &mut findings);
        digit_has_no_place::check(&ctx, &clashing, &mut findings);
    }
    if let Some(marks) = puzzle.candidates() {
        wrong_elimination::emptied(&ctx, marks, &mut findings);
    }
    let contradiction = !findings.is_empty();

    let mut outcome = None;
    let mut solution = None;
    let verdict = if puzzle.has_syntax_error {
        Verdict::SyntaxError
    } else if contradiction {
        // Marks that empty a cell may also lack the reference solution's digit: say which,
        // when the solved cells are clean (a search on clashing ones could run to its budget).
        if let Some(marks) = puzzle.candidates() {
            if !findings.iter().any(|f| f.code == Code::DuplicateDigit) {
                let o = searched.unwrap_or_else(search);
                wrong_elimination::check(&ctx, marks, &o, &mut findings);
            }
        }
        Verdict::Solutions(0)
    } else {
        let mut o = searched.unwrap_or_else(search);
        // A pencil-mark puzzle is its state: counted within its marks, checked against its
        // reference solution. The cache keeps `o`, the count on the solved cells alone.
        let (mut state, wrong) = match puzzle.candidates() {
            Some(marks) => (
                Some(verdict::within_marks(&ctx, marks, &o)),
                wrong_elimination::check(&ctx, marks, &o, &mut findings),
            ),
            None => (None, false),
        };
        let shared = state.is_none() && keep_outcome;
        let seen = state.as_mut().unwrap_or(&mut o);
        let mut said = Vec::new();
        verdict::check(&ctx, seen, &mut said);
        findings.extend(
            said.into_iter()
                .filter(|f| !(wrong && f.code == Code::NoSolution)),
        );
        let v = if !seen.complete && seen.count < 2 {
            Verdict::GaveUp
        } else {
            Verdict::Solutions(seen.count.min(2) as u8)
        };
        if v == Verdict::Solutions(1) {
            solution = if shared {
                seen.first.clone()
            } else {
                seen.first.take()
            };
        }
        outcome = keep_outcome.then_some(o);
        v
    };
    solution_mismatch::check(&ctx, solution.as_deref(), &mut findings);
    // The one place that knows the verdict: rate here, so the CLI (whole or streamed) and the
    // editor get the same difficulty.
    let difficulty = match rate {
        Some(engine) if verdict == Verdict::Solutions(1) => match begun {
            Some(begun) => begun.finish(engine),
            None => levels::rate(engine, puzzle),
        },
        _ => None,
    };
    PuzzleResult {
        report: PuzzleReport {
            index: puzzle.index,
            shape: puzzle.shape,
            givens: puzzle.givens.iter().filter(|&&v| v != 0).count(),
            verdict,
            solution,
            first_line: puzzle.first_line,
        },
        findings,
        outcome,
        difficulty,
    }
}
