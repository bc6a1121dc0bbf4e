//! `sudoku-lsp render PATH...`: puzzles drawn as sheets to print (`crate::draw`), K a page,
//! each under a caption (the file and number, or the `@id`, with the level and score where they
//! are known), and with `--solutions` the solutions on their own pages at the end.
//!
//! Files are found and configured as `check` finds them. A PDF is one document (to `-o FILE` or
//! standard output); SVG and PNG are one file a page in the folder `-o` names, or on standard
//! output when there is one page. Every file is written atomically.
//!
//! Exit codes: 0 when every puzzle was drawn with its one solution, 1 when some puzzle has no
//! unique solution (it is drawn, and its solution says so), 2 when the command could not run.

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use rayon::prelude::*;

use super::args::{RenderArgs, RenderFormat, RenderPage};
use super::check::{self, Target};
use super::{report_note, report_trouble, EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};
use crate::analysis::{analyze, Analysis, Verdict};
use crate::config::{Config, RunOptions};
use crate::draw::sheet::{self, Body, Item, Paper};
use crate::draw::{export, Position};
use crate::syntax::Puzzle;
use crate::text::LineIndex;

/// What one file gives the sheets: its puzzles and their solutions, and whether some puzzle
/// has no unique solution.
#[derive(Default)]
struct Drawn {
    puzzles: Vec<Item>,
    solutions: Vec<Item>,
    not_unique: bool,
}

/// Draws the puzzles of the files `args` names, writes the sheets and returns the exit code.
pub fn run(args: RenderArgs) -> i32 {
    let stdin_name = args.stdin_filename.as_deref();
    let Some(found) = check::find_targets(&args.paths, stdin_name, args.config.as_deref()) else {
        return EXIT_TROUBLE;
    };
    let mut trouble = found.trouble;
    let mut drawn = Drawn::default();
    for target in &found.targets {
        let Some(config) = found.config_of(target) else {
            continue;
        };
        let Some(bytes) = super::explain::read(target) else {
            trouble = true;
            continue;
        };
        let run = RunOptions {
            rate: args.rate,
            ..RunOptions::default()
        };
        let config = Config::new(config.settings.clone(), run);
        match draw_file(target, &bytes, &config, &args) {
            Some(file) => {
                drawn.puzzles.extend(file.puzzles);
                drawn.solutions.extend(file.solutions);
                drawn.not_unique |= file.not_unique;
            }
            None => trouble = true,
        }
    }
    trouble |= check::report_config_errors(&found.troubles);
    if drawn.puzzles.is_empty() {
        if !trouble {
            report_note(if found.targets.is_empty() {
                "no .sudoku files found"
            } else {
                "no puzzle to draw"
            });
        }
        return if trouble { EXIT_TROUBLE } else { EXIT_OK };
    }
    let paper = match args.page {
        RenderPage::A4 => Paper::A4,
        RenderPage::Letter => Paper::Letter,
    };
    let mut pages = sheet::pages(&drawn.puzzles, paper, args.per_page);
    if args.solutions {
        pages.extend(sheet::pages(&drawn.solutions, paper, args.per_page));
    }
    if let Err(message) = write_pages(&pages, &args) {
        report_trouble(&message);
        return EXIT_TROUBLE;
    }
    if trouble {
        EXIT_TROUBLE
    } else if drawn.not_unique {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// Analyses a file and draws its puzzles and solutions. `None` (reported) when the bytes are
/// not UTF-8 text.
fn draw_file(target: &Target, bytes: &[u8], config: &Config, args: &RenderArgs) -> Option<Drawn> {
    let text = super::explain::text_of(target, bytes)?;
    let analysis = analyze(text, config);
    let index = LineIndex::new(text);
    let drawn: Vec<(Item, Item, bool)> = (0..analysis.file.puzzles.len())
        .into_par_iter()
        .map(|i| draw_puzzle(&target.display, &analysis, i, args.marks))
        .collect();
    let mut file = Drawn::default();
    for (i, (puzzle, solution, unique)) in drawn.into_iter().enumerate() {
        if !unique {
            let p = &analysis.file.puzzles[i];
            report_trouble(&format!(
                "{}:{}: {} has no unique solution: {}",
                target.display,
                index.line_of(p.first_line.start) + 1,
                p.label(),
                super::solve::reason(&analysis, i)
            ));
        }
        file.not_unique |= !unique;
        file.puzzles.push(puzzle);
        file.solutions.push(solution);
    }
    Some(file)
}

/// Puzzle `i` of a file and its solution, drawn, and whether it has exactly one solution.
fn draw_puzzle(path: &str, analysis: &Analysis, i: usize, marks: bool) -> (Item, Item, bool) {
    let puzzle = &analysis.file.puzzles[i];
    let report = analysis.reports.get(i);
    let name = match puzzle.directives.get("id") {
        Some(id) if !id.value.is_empty() => id.value.clone(),
        _ => format!("{path} #{}", i + 1),
    };
    let rating = analysis.difficulties.get(i).copied().flatten().map_or_else(
        || declared(puzzle),
        |d| Some(format!("{} · score {}", d.level, d.score)),
    );
    let caption = match rating {
        Some(r) => format!("{name} · {r}"),
        None => name.clone(),
    };
    let position = position(puzzle, marks);
    let solution = report
        .filter(|r| r.verdict == Verdict::Solutions(1))
        .and_then(|r| r.solution.clone());
    let unique = solution.is_some();
    let solved = match solution {
        Some(values) => {
            let mut filled = position.clone();
            filled.candidates = None;
            filled.placed = (values.iter().zip(&puzzle.givens))
                .map(|(&v, &g)| if g == 0 { v } else { 0 })
                .collect();
            Body::Grid(filled)
        }
        None => Body::Message("no unique solution".to_string()),
    };
    let puzzle_item = Item {
        caption,
        body: Body::Grid(position),
    };
    let solution_item = Item {
        caption: format!("Solution: {name}"),
        body: solved,
    };
    (puzzle_item, solution_item, unique)
}

/// The level or rating a puzzle declares, when it was not rated.
fn declared(puzzle: &Puzzle) -> Option<String> {
    puzzle
        .directives
        .get("level")
        .map(|d| d.value.clone())
        .or_else(|| puzzle.rating.clone())
        .filter(|r| !r.is_empty())
}

/// A puzzle as drawn: its givens in its own symbols (numbers for a puzzle written in numbers),
/// with its pencil marks, or with `--marks` the candidates its givens leave.
fn position(puzzle: &Puzzle, marks: bool) -> Position {
    let shape = puzzle.shape;
    let symbols = if puzzle.numbered_rows.iter().any(|&n| n) {
        (1..=shape.size).map(|d| d.to_string()).collect()
    } else {
        crate::draw::symbols(&puzzle.alphabet, shape.size)
    };
    let mut position = Position::new(shape, symbols, puzzle.givens.clone());
    let grid = puzzle.grid();
    position.candidates = match &puzzle.pencil {
        Some(pencil) => Some(pencil.allowed(&grid)),
        None if marks => Some(grid.candidates()),
        None => None,
    };
    position
}

/// Writes the pages as `--format` and `-o` ask.
fn write_pages(pages: &[String], args: &RenderArgs) -> Result<(), String> {
    let dpi = args.dpi as f32;
    let encode = |svg: &String| -> Result<Vec<u8>, String> {
        match args.format {
            RenderFormat::Png => export::png(svg, dpi),
            _ => Ok(svg.clone().into_bytes()),
        }
    };
    match (args.format, &args.output) {
        (RenderFormat::Pdf, Some(out)) => {
            let pdf = export::pdf(pages)?;
            write_file(out, &pdf)
        }
        (RenderFormat::Pdf, None) => to_stdout(&export::pdf(pages)?, true),
        (format, Some(folder)) => {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("{}: cannot make the folder: {e}", folder.display()))?;
            let ext = if format == RenderFormat::Png {
                "png"
            } else {
                "svg"
            };
            let width = pages.len().to_string().len().max(3);
            let encoded: Vec<Vec<u8>> = pages.par_iter().map(encode).collect::<Result<_, _>>()?;
            for (i, bytes) in encoded.iter().enumerate() {
                let name = format!("page-{:0width$}.{ext}", i + 1);
                write_file(&folder.join(name), bytes)?;
            }
            Ok(())
        }
        (format, None) if pages.len() == 1 => {
            to_stdout(&encode(&pages[0])?, format == RenderFormat::Png)
        }
        (_, None) => Err(format!(
            "{} pages: name a folder for them with -o DIR (standard output takes one page)",
            pages.len()
        )),
    }
}

/// Writes `bytes` to standard output; binary output is refused on a terminal.
fn to_stdout(bytes: &[u8], binary: bool) -> Result<(), String> {
    let stdout = io::stdout();
    if binary && stdout.is_terminal() {
        return Err("not writing binary output to a terminal: use -o FILE or redirect it".into());
    }
    let mut out = stdout.lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        // A closed pipe is the reader's choice.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// Writes a file atomically, replacing what was there.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    super::solve::write_atomically(path, bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}
