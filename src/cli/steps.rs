//! `explain --format html` and `explain --format svg --step N`: the solving path drawn
//! (`crate::draw::steps`, `crate::draw::html`).
//!
//! Files are found and analysed as `explain` finds them, and the steps are the ones it prints.
//! HTML is one self-contained page for every puzzle of every file; SVG is the picture of one
//! step of one puzzle (`--puzzle N` picks it in a file of several).
//!
//! Exit codes as `explain`: 0 when every puzzle was explained to its solution, 1 when some
//! could not be, 2 when the command could not run (as for a step number out of range).

use std::io::{self, Write};

use rayon::prelude::*;

use super::args::{ExplainArgs, ExplainFormat};
use super::check::{self, Target};
use super::explain::{analyze_target, chosen_puzzles, read, text_of};
use super::{report_note, report_trouble, EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};
use crate::config::Config;
use crate::draw::html::{self, Section};
use crate::draw::steps::{reason_text, Walkthrough};
use crate::syntax::formats::Format as FileFormat;

/// One file's explained puzzles.
struct FileWalks {
    path: String,
    walks: Vec<Walkthrough>,
}

/// Draws the explanations of the files `args` names and returns the exit code.
pub fn run(args: ExplainArgs) -> i32 {
    if args.step.is_some() && args.format != ExplainFormat::Svg {
        report_trouble("--step names the step that --format svg draws; it needs --format svg");
        return EXIT_TROUBLE;
    }
    let stdin_name = args.stdin_filename.as_deref();
    let Some(found) = check::find_targets(&args.paths, stdin_name, args.config.as_deref()) else {
        return EXIT_TROUBLE;
    };
    let mut trouble = found.trouble;
    let mut files = Vec::new();
    for target in &found.targets {
        let Some(config) = found.config_of(target) else {
            continue;
        };
        let Some(bytes) = read(target) else {
            trouble = true;
            continue;
        };
        let format = config.format_of(&target.config_path);
        let settings = Config::from(config.settings.clone());
        match walk_file(target, &bytes, &settings, format, &args) {
            Some(file) => files.push(file),
            None => trouble = true,
        }
    }
    trouble |= check::report_config_errors(&found.troubles);
    if found.targets.is_empty() && !trouble {
        report_note("no .sudoku files found");
    }
    let unexplained = files
        .iter()
        .flat_map(|f| &f.walks)
        .any(|w| w.reason.is_some());
    let written = match args.format {
        ExplainFormat::Svg => write_step(&files, &args),
        _ => write(html_of(&files).as_bytes()),
    };
    match written {
        Err(code) => code,
        Ok(()) if trouble => EXIT_TROUBLE,
        Ok(()) if unexplained => EXIT_FINDINGS,
        Ok(()) => EXIT_OK,
    }
}

/// Analyses a file and explains its puzzles (those `--puzzle` selects). `None` (reported) when
/// the bytes are not UTF-8 text.
fn walk_file(
    target: &Target,
    bytes: &[u8],
    config: &Config,
    format: Option<FileFormat>,
    args: &ExplainArgs,
) -> Option<FileWalks> {
    let text = text_of(target, bytes)?;
    let analysis = analyze_target(target, text, config, format);
    let chosen = chosen_puzzles(target, text, &analysis, args);
    let walks = chosen
        .par_iter()
        .map(|&(p, r, line)| Walkthrough::new(p, r, line, args.all_steps))
        .collect();
    Some(FileWalks {
        path: target.display.clone(),
        walks,
    })
}

/// The page of every explained puzzle.
fn html_of(files: &[FileWalks]) -> String {
    let sections: Vec<Section<'_>> = files
        .iter()
        .flat_map(|f| {
            f.walks.iter().map(|w| Section {
                heading: w.heading(&f.path),
                walk: w,
            })
        })
        .collect();
    let names: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let title = match names.as_slice() {
        [] => "Steps".to_string(),
        [one] => format!("Steps: {one}"),
        [first, rest @ ..] => format!("Steps: {first} and {} more", rest.len()),
    };
    html::document(&title, &sections)
}

/// Writes the picture of the step `--step` names; `Err(exit code)` when there is no one puzzle
/// or no such step.
fn write_step(files: &[FileWalks], args: &ExplainArgs) -> Result<(), i32> {
    let walks: Vec<(&str, &Walkthrough)> = files
        .iter()
        .flat_map(|f| f.walks.iter().map(|w| (f.path.as_str(), w)))
        .collect();
    let Some(step) = args.step else {
        report_trouble("--format svg draws one step: name it with --step N");
        return Err(EXIT_TROUBLE);
    };
    let (path, walk) = match walks.as_slice() {
        [one] => *one,
        [] => {
            report_trouble("no puzzle to draw a step of");
            return Err(EXIT_TROUBLE);
        }
        many => {
            report_trouble(&format!(
                "--format svg draws one puzzle's step, and {} puzzles were chosen: name one \
                 with --puzzle N (and one file)",
                many.len()
            ));
            return Err(EXIT_TROUBLE);
        }
    };
    let n = walk.steps.len();
    if n == 0 {
        let why = walk.reason.map_or("it has no step", reason_text);
        report_trouble(&format!(
            "{}: puzzle {} has no step to draw: {why}",
            path,
            walk.index + 1
        ));
        return Err(EXIT_FINDINGS);
    }
    let Some(svg) = html::step_svg(walk, step.get() - 1).filter(|_| step.get() <= n) else {
        report_trouble(&format!(
            "{}: puzzle {} has {n} step{}: there is no step {step}",
            path,
            walk.index + 1,
            if n == 1 { "" } else { "s" }
        ));
        return Err(EXIT_TROUBLE);
    };
    write(svg.as_bytes())
}

/// Writes `bytes` to standard output; `Err(2)` (reported) when that fails, except for a
/// closed pipe (the reader's choice).
fn write(bytes: &[u8]) -> Result<(), i32> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => {
            report_trouble(&format!("cannot write the output: {e}"));
            Err(EXIT_TROUBLE)
        }
    }
}
