//! `sudoku-lsp solve FILE [--write]`: fill in every uniquely solvable puzzle.
//!
//! The edits come from `analysis::fill`, the same function the editor's code action uses. Only
//! blank cells change; a UTF-8 byte-order mark is kept. With `--write` the file is replaced
//! atomically (a temporary file in the same folder, then a rename), and it is rewritten with
//! whatever could be filled even when some puzzle could not be (exit 1 says so): the puzzles
//! that were filled are correct, and refusing them would only make the user run it twice.

use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

use super::args::SolveArgs;
use super::{report_note, report_trouble, EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};
use crate::analysis::fill::fill_text;
use crate::analysis::{analyze_as, Analysis, Verdict};
use crate::config::{Config, ConfigCache, ProjectConfig};
use crate::finding::Code;
use crate::syntax::decode;
use crate::syntax::formats::Reading;
use crate::text::LineIndex;

/// Fills in the puzzles of `args.file`, prints the result or writes it back, and returns the
/// exit code.
pub fn run(args: SolveArgs) -> i32 {
    let path = &args.file;
    let shown = path.display().to_string();
    let Some(bytes) = read_puzzles(path, &shown) else {
        return EXIT_TROUBLE;
    };
    let Some(config) = load_configuration(path, args.config.as_deref()) else {
        return EXIT_TROUBLE;
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
    // `--from`, else the configuration's `[files]`, else the extension or the contents.
    let from = args.from.or_else(|| config.format_of(path));
    let reading = Reading::decide(from, Some(path), text);
    let analysis = analyze_as(text, reading, &Config::from(config.settings.clone()));
    if let Some(f) = analysis
        .findings
        .iter()
        .find(|f| f.code == Code::NotAPuzzleFile)
    {
        report_trouble(&format!("{shown}: {}; nothing was filled in", f.message));
        return EXIT_FINDINGS;
    }
    let filled = fill_text(text, &analysis);
    report_unfilled(&shown, text, &analysis, &filled.unfilled);

    let changed = filled.text != text;
    if let Err(e) = write_result(path, args.write, changed, bom, &filled.text) {
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

/// The file's bytes; `None` (reported) when it cannot be read.
pub(super) fn read_puzzles(path: &Path, shown: &str) -> Option<Vec<u8>> {
    match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            report_trouble(&format!("{shown}: no such file"));
            None
        }
        Err(e) => {
            report_trouble(&format!("{shown}: cannot read: {e}"));
            None
        }
    }
}

/// The configuration that governs `path`: the file `--config` names, or else the
/// `sudoku-lsp.toml` found from its folder upward. `None` (reported) when it cannot be loaded.
fn load_configuration(path: &Path, fixed: Option<&Path>) -> Option<Arc<ProjectConfig>> {
    let cache = match fixed {
        Some(config) => ConfigCache::fixed(config),
        None => Ok(ConfigCache::discover()),
    };
    cache
        .and_then(|c| c.for_path(path))
        .map_err(|e| report_trouble(&e))
        .ok()
}

/// Says on stderr which puzzles could not be filled in and why, or that there was none at all.
fn report_unfilled(shown: &str, text: &str, analysis: &Analysis, unfilled: &[usize]) {
    let index = LineIndex::new(text);
    for &puzzle in unfilled {
        report_trouble(&format!(
            "{shown}:{}: {} was not filled in: {}",
            puzzle_line(analysis, puzzle, &index),
            crate::syntax::puzzle_label(
                puzzle,
                analysis.file.puzzles.get(puzzle).and_then(|p| p.id())
            ),
            reason(analysis, puzzle)
        ));
    }
    if analysis.file.puzzles.is_empty() {
        report_note(&format!("{shown}: no puzzle to fill in"));
    }
}

/// Prints the filled text, byte-order mark first, or with `--write` puts it in place of the
/// file (left untouched when nothing changed).
fn write_result(
    path: &Path,
    write: bool,
    changed: bool,
    bom: &[u8],
    filled: &str,
) -> io::Result<()> {
    let mut output = Vec::with_capacity(bom.len() + filled.len());
    output.extend_from_slice(bom);
    output.extend_from_slice(filled.as_bytes());
    if !write {
        let mut stdout = io::stdout().lock();
        stdout.write_all(&output).and_then(|()| stdout.flush())
    } else if changed {
        write_atomically(path, &output)
    } else {
        Ok(())
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

/// Why a puzzle could not be filled (or has no unique solution to draw), in words.
pub(super) fn reason(analysis: &Analysis, puzzle: usize) -> &'static str {
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

/// Replaces `path` with `bytes` (or makes it) so that a reader sees the old file or the new
/// one, never half of it. A symlink is followed, so the link stays and its target changes; the
/// permissions are carried over, and a new file gets `rw-r--r--`.
pub(super) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (target, permissions) = match std::fs::canonicalize(path) {
        Ok(target) => {
            let permissions = std::fs::metadata(&target)?.permissions();
            (target, Some(permissions))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => (path.to_path_buf(), None),
        Err(e) => return Err(e),
    };
    replace_with(&target, bytes, permissions)
}

/// Writes `bytes` to a temporary file in `target`'s folder, then renames it onto `target` (a
/// new file, or one that is replaced whole), with `permissions` when given, else `rw-r--r--`.
fn replace_with(
    target: &Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> io::Result<()> {
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let mut temp = tempfile::Builder::new()
        .prefix(".sudoku-lsp-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    match permissions {
        Some(permissions) => temp.as_file().set_permissions(permissions)?,
        None => new_file_permissions(temp.as_file())?,
    }
    temp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// A new file's permissions: `rw-r--r--` (a temporary file starts as `rw-------`).
#[cfg(unix)]
fn new_file_permissions(file: &std::fs::File) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn new_file_permissions(_: &std::fs::File) -> io::Result<()> {
    Ok(())
}
