//! `sudoku-lsp solve FILE [--write]`: fill in every uniquely solvable puzzle.
//!
//! The edits come from `analysis::fill`, the same function the editor's code action uses. Only
//! blank cells change; a UTF-8 byte-order mark is kept. With `--write` the file is replaced
//! atomically (a temporary file in the same folder, then a rename), and it is rewritten with
//! whatever could be filled even when some puzzle could not be (exit 1 says so): the puzzles
//! that were filled are correct, and refusing them would only make the user run it twice.

use std::io::{self, Write};
use std::path::Path;

use super::args::SolveArgs;
use super::{report_trouble, EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};
use crate::analysis::fill::fill_text;
use crate::analysis::{analyze, Analysis, Verdict};
use crate::config::ConfigCache;
use crate::syntax::decode;
use crate::text::LineIndex;

pub fn run(args: SolveArgs) -> i32 {
    let path = &args.file;
    let shown = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            report_trouble(&format!("{shown}: no such file"));
            return EXIT_TROUBLE;
        }
        Err(e) => {
            report_trouble(&format!("{shown}: cannot read: {e}"));
            return EXIT_TROUBLE;
        }
    };
    let cache = match &args.config {
        Some(config) => ConfigCache::fixed(config),
        None => Ok(ConfigCache::discover()),
    };
    let config = match cache.and_then(|c| c.for_path(path)) {
        Ok(config) => config,
        Err(e) => {
            report_trouble(&e);
            return EXIT_TROUBLE;
        }
    };
    let (text, bom) = match decode(&bytes) {
        Ok((text, skipped)) => (text, &bytes[..skipped.min(bytes.len())]),
        Err(finding) => {
            report_trouble(&format!(
                "{shown}: {}; nothing was filled in",
                finding.message
            ));
            return EXIT_FINDINGS;
        }
    };
    let analysis = analyze(text, &config.config);
    let filled = fill_text(text, &analysis);

    let index = LineIndex::new(text);
    for &unfilled in &filled.unfilled {
        report_trouble(&format!(
            "{shown}:{}: puzzle {} was not filled in: {}",
            puzzle_line(&analysis, unfilled, &index),
            unfilled + 1,
            reason(&analysis, unfilled)
        ));
    }
    if analysis.file.puzzles.is_empty() {
        super::report_note(&format!("{shown}: no puzzle to fill in"));
    }

    let mut output = Vec::with_capacity(bom.len() + filled.text.len());
    output.extend_from_slice(bom);
    output.extend_from_slice(filled.text.as_bytes());
    let written = if args.write {
        if filled.text == text {
            Ok(())
        } else {
            write_atomically(path, &output)
        }
    } else {
        let mut stdout = io::stdout().lock();
        stdout.write_all(&output).and_then(|()| stdout.flush())
    };
    if let Err(e) = written {
        if e.kind() != io::ErrorKind::BrokenPipe {
            report_trouble(&format!("{shown}: cannot write: {e}"));
        }
        return EXIT_TROUBLE;
    }
    if filled.unfilled.is_empty() {
        EXIT_OK
    } else {
        EXIT_FINDINGS
    }
}

/// The 1-based line of a puzzle's first grid line.
fn puzzle_line(analysis: &Analysis, puzzle: usize, index: &LineIndex) -> usize {
    analysis
        .file
        .puzzles
        .get(puzzle)
        .map_or(0, |p| index.line_of(p.first_line.start))
        + 1
}

/// Why a puzzle could not be filled, in words.
fn reason(analysis: &Analysis, puzzle: usize) -> &'static str {
    let report = analysis.reports.iter().find(|r| r.index == puzzle);
    match report.map(|r| r.verdict) {
        Some(Verdict::Solutions(0)) => "it has no solution",
        Some(Verdict::Solutions(1)) => "its solution is not known",
        Some(Verdict::Solutions(_)) => "it has several solutions",
        Some(Verdict::GaveUp) => "undecided: the search gave up",
        Some(Verdict::SyntaxError) => "it has a syntax error",
        None => "it was not analysed",
    }
}

/// Replaces `path` with `bytes` so that a reader sees the old file or the new one, never half
/// of it. A symlink is followed, so the link stays and its target changes; the permissions are
/// carried over.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or_else(|| Path::new("."));
    let permissions = std::fs::metadata(&target)?.permissions();
    let mut temp = tempfile::Builder::new()
        .prefix(".sudoku-lsp-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.as_file().set_permissions(permissions)?;
    temp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}
