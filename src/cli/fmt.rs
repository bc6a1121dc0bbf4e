//! `sudoku-lsp fmt [--check] [--diff] [PATH...]`: lay puzzle files out as `[format]` in
//! `sudoku-lsp.toml` says, with the formatter the editor's formatting uses (`crate::format`).
//!
//! Files are found and configured exactly as `check` finds them (`check::collect_targets`).
//! A file is rewritten atomically (`solve::write_atomically`), its byte-order mark kept, and
//! only when it changes; standard input (`-`) is written to standard output. `--check` lists the
//! files that would change and `--diff` prints a unified diff of each; both write nothing. What
//! the formatter leaves untouched (a paragraph with a syntax error, a file that is not UTF-8)
//! is named on stderr.
//!
//! Exit codes: 0 when every file is formatted (with `--check`/`--diff`: already was), 1 when
//! something was left untouched (or, with `--check`/`--diff`, a file would change), 2 when a
//! path or a configuration could not be read or a file could not be written.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use super::args::FmtArgs;
use super::check::{self, Input, Target};
use super::{explain, report_note, report_trouble, EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};
use crate::format::{self, Style};
use crate::syntax::decode;
use crate::syntax::formats::Format as FileFormat;
use crate::text::LineIndex;

/// What `fmt` does with a formatted file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Write,
    Check,
    Diff,
}

impl Mode {
    /// `--diff`, else `--check`, else writing.
    fn of(args: &FmtArgs) -> Mode {
        match (args.diff, args.check) {
            (true, _) => Mode::Diff,
            (false, true) => Mode::Check,
            _ => Mode::Write,
        }
    }
}

/// What formatting found, in one file or all of them.
#[derive(Clone, Copy, Default)]
struct Outcome {
    /// Something was left as it was.
    untouched: bool,
    /// Formatting changes a file.
    changed: bool,
}

impl Outcome {
    /// The exit code: 2 on trouble, else 1 when something was left untouched or, when only
    /// checking, would change, else 0.
    fn exit_code(self, trouble: bool, mode: Mode) -> i32 {
        if trouble {
            EXIT_TROUBLE
        } else if self.untouched || (self.changed && mode != Mode::Write) {
            EXIT_FINDINGS
        } else {
            EXIT_OK
        }
    }
}

/// Formats the files `args` names and returns the exit code.
pub fn run(args: FmtArgs) -> i32 {
    let Some(found) = check::find_targets(
        &args.paths,
        args.stdin_filename.as_deref(),
        args.config.as_deref(),
    ) else {
        return EXIT_TROUBLE;
    };
    let mut trouble = found.trouble;
    let mode = Mode::of(&args);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all = Outcome::default();
    for target in &found.targets {
        let Some(config) = found.config_of(target) else {
            continue;
        };
        let kind = config
            .format_of(&target.config_path)
            .or_else(|| FileFormat::of_path(Path::new(&target.display)));
        if kind.is_some_and(|f| f != FileFormat::Sudoku) {
            // Other formats have their own layout (docs/formats.md): `convert` rewrites them.
            report_note(&format!(
                "{}: left untouched: fmt formats .sudoku files only",
                target.display
            ));
            continue;
        }
        let Some(bytes) = explain::read(target) else {
            trouble = true;
            continue;
        };
        match format_file(target, &bytes, &config.settings.format, mode, &mut out) {
            Ok(o) => {
                all.untouched |= o.untouched;
                all.changed |= o.changed;
            }
            Err(e) => {
                if e.kind() != io::ErrorKind::BrokenPipe {
                    report_trouble(&format!("{}: cannot write: {e}", target.display));
                }
                trouble = true;
            }
        }
    }
    trouble |= out.flush().is_err();
    trouble |= check::report_config_errors(&found.troubles);
    if found.targets.is_empty() && !trouble {
        report_note("no .sudoku files found");
    }
    all.exit_code(trouble, mode)
}

/// Formats one file's bytes, names what is left untouched, and writes, lists or diffs the
/// result as `mode` says.
fn format_file(
    target: &Target,
    bytes: &[u8],
    style: &Style,
    mode: Mode,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    let (text, skipped) = match decode(bytes) {
        Ok(decoded) => decoded,
        Err(finding) => {
            report_note(&format!(
                "{}: left untouched: {}",
                target.display, finding.message
            ));
            if matches!(target.input, Input::Stdin(_)) && mode == Mode::Write {
                out.write_all(bytes)?;
            }
            return Ok(Outcome {
                untouched: true,
                changed: false,
            });
        }
    };
    let (new, untouched) = formatted(target, text, style);
    let outcome = Outcome {
        untouched,
        changed: new != text,
    };
    let bom = &bytes[..skipped.min(bytes.len())];
    match (mode, &target.input) {
        (Mode::Write, Input::Stdin(_)) => {
            out.write_all(bom)?;
            out.write_all(new.as_bytes())?;
        }
        (Mode::Write, Input::File(path)) if outcome.changed => {
            let mut whole = bom.to_vec();
            whole.extend_from_slice(new.as_bytes());
            super::solve::write_atomically(path, &whole)?;
        }
        (Mode::Check, _) if outcome.changed => writeln!(out, "{}", target.display)?,
        (Mode::Diff, _) if outcome.changed => write!(out, "{}", diff(&target.display, text, &new))?,
        _ => {}
    }
    Ok(outcome)
}

/// The formatted text, and whether something was left untouched (each named on stderr with
/// its line).
fn formatted(target: &Target, text: &str, style: &Style) -> (String, bool) {
    let formatted = format::format(text, style);
    let index = LineIndex::new(text);
    for u in &formatted.untouched {
        report_note(&format!(
            "{}:{}: left untouched: {}",
            target.display,
            index.line_of(u.range.start) + 1,
            u.reason
        ));
    }
    (formatted.apply(text), !formatted.untouched.is_empty())
}

/// A unified diff of `old` to `new`, both named `name`, with three lines of context.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, name)
        .to_string()
}
