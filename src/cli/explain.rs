//! `sudoku-lsp explain PATH...`: each puzzle's solving path, step by step, with its level and
//! score, or with `--all-steps` every step available in its starting state.
//!
//! Files are found and configured exactly as `check` finds them (`check::collect_targets`).
//! Each file is analysed first; only a puzzle with exactly one solution is explained (the
//! uniqueness techniques are valid only then). The steps come from the logic engine
//! (`crate::logic`); this module only renders them.
//!
//! Exit codes: 0 when every puzzle was explained to its solution, 1 when some puzzle could not
//! be (no solution, several, a syntax error, undecided), 2 when the command could not run.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use rayon::prelude::*;
use serde::Serialize;

use super::args::{ExplainArgs, ExplainFormat};
use super::check::{self, Input, Target};
use super::json::{tool_json, ToolJson, VERSION};
use super::{report_note, report_trouble, EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};
use crate::analysis::levels::difficulty_of;
use crate::analysis::tutor::StepView;
use crate::analysis::{analyze, analyze_as, Analysis, Difficulty, PuzzleReport, Verdict};
use crate::config::Config;
use crate::logic;
use crate::syntax::formats::{Format as FileFormat, Reading};
use crate::syntax::{decode, Puzzle};
use crate::text::LineIndex;

/// Explains the puzzles of the files `args` names, prints them and returns the exit code.
pub fn run(args: ExplainArgs) -> i32 {
    if matches!(args.format, ExplainFormat::Html | ExplainFormat::Svg) || args.step.is_some() {
        return super::steps::run(args);
    }
    let stdin_name = args.stdin_filename.as_deref();
    let Some(found) = check::find_targets(&args.paths, stdin_name, args.config.as_deref()) else {
        return EXIT_TROUBLE;
    };
    let mut trouble = found.trouble;

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut files = Vec::new();
    let mut unexplained = false;
    for target in &found.targets {
        let Some(config) = found.config_of(target) else {
            continue;
        };
        let Some(bytes) = read(target) else {
            trouble = true;
            continue;
        };
        let format = config.format_of(&target.config_path);
        let Some(file) = explain_bytes(
            target,
            &bytes,
            &Config::from(config.settings.clone()),
            format,
            &args,
        ) else {
            unexplained = true;
            continue;
        };
        unexplained |= file.puzzles.iter().any(|p| !p.solved);
        if args.format == ExplainFormat::Human {
            if let Err(e) = out.write_all(human(&file).as_bytes()) {
                return write_failed(&e);
            }
        } else {
            files.push(file);
        }
    }
    if args.format == ExplainFormat::Json {
        let doc = ExplainJson {
            version: VERSION,
            tool: tool_json(),
            files,
        };
        let written = serde_json::to_writer(&mut out, &doc)
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out));
        if let Err(e) = written {
            return write_failed(&e);
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(&e);
    }
    trouble |= check::report_config_errors(&found.troubles);
    if found.targets.is_empty() && !trouble {
        report_note("no .sudoku files found");
    }
    if trouble {
        EXIT_TROUBLE
    } else if unexplained {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// Reports a failed write (not a closed pipe) and gives the exit code.
fn write_failed(e: &io::Error) -> i32 {
    if e.kind() != io::ErrorKind::BrokenPipe {
        report_trouble(&format!("cannot write the output: {e}"));
    }
    EXIT_TROUBLE
}

/// A target's bytes; `None` (reported) when they cannot be read.
pub(super) fn read(target: &Target) -> Option<Vec<u8>> {
    match &target.input {
        Input::Stdin(bytes) => Some(bytes.clone()),
        Input::File(path) => std::fs::read(path)
            .map_err(|e| report_trouble(&format!("{}: cannot read: {e}", target.display)))
            .ok(),
    }
}

/// The analysis of a file's text, read as `format` (from `--from` or `[files]`), else as its
/// extension or, for any other name, its contents say (docs/formats.md), as `check` reads it.
pub(super) fn analyze_target(
    target: &Target,
    text: &str,
    config: &Config,
    format: Option<FileFormat>,
) -> crate::analysis::Analysis {
    let path = Path::new(&target.display);
    let reading = Reading::decide(format, Some(path), text);
    if reading.format == FileFormat::Sudoku {
        analyze(text, config)
    } else {
        analyze_as(text, reading, config)
    }
}

/// The text of `bytes`, or `None` (reported) when they are not UTF-8 text.
pub(super) fn text_of<'a>(target: &Target, bytes: &'a [u8]) -> Option<&'a str> {
    match decode(bytes) {
        Ok((text, _)) => Some(text),
        Err(finding) => {
            report_trouble(&format!("{}: {}", target.display, finding.message));
            None
        }
    }
}

/// The `explain` document: `{"version":1,"tool":{...},"files":[...]}`.
#[derive(Serialize)]
struct ExplainJson {
    version: u32,
    tool: ToolJson,
    files: Vec<FileExplained>,
}

/// One file's explained puzzles.
#[derive(Serialize)]
struct FileExplained {
    path: String,
    puzzles: Vec<PuzzleExplained>,
}

/// One puzzle: its place, its difficulty and its steps, or why it was not explained.
#[derive(Serialize)]
struct PuzzleExplained {
    /// 0-based position in the file.
    index: usize,
    /// The puzzle's id, when it has one (`@id`, a table's `id` column, a bank line's id).
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// 0-based line of its first grid line.
    line: usize,
    size: usize,
    /// The computed level, score and hardest technique; null when not solved, and with
    /// `--all-steps` (no rating).
    level: Option<String>,
    score: Option<u32>,
    hardest: Option<String>,
    /// True when the steps reach the solution (with `--all-steps`: when the puzzle has one
    /// solution and its starting state's steps are listed).
    solved: bool,
    /// Why the puzzle was not explained: `no-solution`, `several-solutions`, `syntax-error`,
    /// `undecided`, or `stuck` (the engine stopped short of the solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    steps: Vec<StepView>,
    /// The difficulty as computed, for the human header.
    #[serde(skip)]
    difficulty: Option<Difficulty>,
}

/// Analyses a file and explains its puzzles (those `--puzzle` selects). `None` (reported) when
/// the bytes are not UTF-8 text: nothing in it can be explained.
fn explain_bytes(
    target: &Target,
    bytes: &[u8],
    config: &Config,
    format: Option<FileFormat>,
    args: &ExplainArgs,
) -> Option<FileExplained> {
    let text = text_of(target, bytes)?;
    let analysis = analyze_target(target, text, config, format);
    let chosen = chosen_puzzles(target, text, &analysis, args);
    let puzzles = chosen
        .par_iter()
        .map(|&(p, r, line)| explain_puzzle(p, r, line, args.all_steps))
        .collect();
    Some(FileExplained {
        path: target.display.clone(),
        puzzles,
    })
}

/// The puzzles of `analysis` that `--puzzle` chooses (every one without it), each with its
/// report and the line it starts on; a note on standard error when none is chosen.
pub(super) fn chosen_puzzles<'a>(
    target: &Target,
    text: &str,
    analysis: &'a Analysis,
    args: &ExplainArgs,
) -> Vec<(&'a Puzzle, &'a PuzzleReport, usize)> {
    let index = LineIndex::new(text);
    let wanted = args.puzzle.map(|n| n.get() - 1);
    let chosen: Vec<_> = (analysis.file.puzzles.iter())
        .zip(&analysis.reports)
        .filter(|(p, _)| wanted.is_none_or(|w| p.index == w))
        .map(|(p, r)| (p, r, index.line_of(p.first_line.start)))
        .collect();
    match (wanted, chosen.is_empty()) {
        (Some(w), true) => report_note(&format!(
            "{}: there is no puzzle {} (the file holds {})",
            target.display,
            w + 1,
            analysis.file.puzzles.len()
        )),
        (None, true) => report_note(&format!("{}: no puzzle to explain", target.display)),
        _ => {}
    }
    chosen
}

/// Explains one puzzle: its solving path (or every step of its starting state), when it has
/// exactly one solution.
fn explain_puzzle(
    puzzle: &Puzzle,
    report: &PuzzleReport,
    line: usize,
    all_steps: bool,
) -> PuzzleExplained {
    let mut out = PuzzleExplained {
        index: puzzle.index,
        id: puzzle.id().map(str::to_string),
        line,
        size: puzzle.shape.size,
        level: None,
        score: None,
        hardest: None,
        solved: false,
        reason: None,
        steps: Vec::new(),
        difficulty: None,
    };
    let reason = match report.verdict {
        Verdict::Solutions(1) => None,
        Verdict::Solutions(0) => Some("no-solution"),
        Verdict::Solutions(_) => Some("several-solutions"),
        Verdict::SyntaxError => Some("syntax-error"),
        Verdict::GaveUp => Some("undecided"),
    };
    if reason.is_some() {
        out.reason = reason;
        return out;
    }
    // Exactly one solution: the uniqueness techniques are valid.
    let opts = logic::Options {
        unique: true,
        trial: true,
    };
    let start = logic::start(puzzle);
    if all_steps {
        out.steps = logic::all_steps(&start, &opts)
            .iter()
            .map(|s| StepView::new(puzzle, s))
            .collect();
        out.solved = true;
        return out;
    }
    let path = logic::solve(start, &opts);
    out.steps = path
        .steps
        .iter()
        .map(|s| StepView::new(puzzle, s))
        .collect();
    if path.solved {
        let d = difficulty_of(&path.steps, puzzle.shape.size);
        out.level = Some(d.level.to_string());
        out.score = Some(d.score);
        out.hardest = d.hardest.map(|t| t.id().to_string());
        out.solved = true;
        out.difficulty = Some(d);
    } else {
        out.reason = Some("stuck");
    }
    out
}

/// Why a puzzle was not explained, in words.
fn reason_text(reason: &str) -> &'static str {
    match reason {
        "no-solution" => "it has no solution",
        "several-solutions" => "it has several solutions",
        "syntax-error" => "it has a syntax error",
        "undecided" => "undecided: the search gave up",
        _ => "the engine stopped before the solution",
    }
}

/// A file's explanation for people: per puzzle a header line, then its numbered steps.
fn human(file: &FileExplained) -> String {
    let mut s = String::new();
    for p in &file.puzzles {
        let label = crate::syntax::puzzle_label(p.index, p.id.as_deref());
        let head = format!("{}:{}: {label}", file.path, p.line + 1);
        let what = match (&p.difficulty, p.reason) {
            (_, Some(reason)) => format!("not explained: {}", reason_text(reason)),
            (Some(d), None) => super::human::difficulty_text(d),
            (None, None) => {
                let n = p.steps.len();
                format!(
                    "{n} step{} available from the start",
                    if n == 1 { "" } else { "s" }
                )
            }
        };
        s.push_str(&format!("{head}: {what}\n"));
        for (i, step) in p.steps.iter().enumerate() {
            s.push_str(&format!(
                "  {}. {}: {}\n",
                i + 1,
                step.technique,
                step.explanation
            ));
        }
    }
    s
}
