//! `sudoku-lsp check`: find the files, analyse them in parallel, print in a stable order.
//!
//! Files are collected first (walking folders with the `ignore` crate, so `.gitignore` is
//! respected), sorted by path, then analysed in chunks on a rayon pool. Each worker renders its
//! file's output to a string, and the main thread writes the strings in order, so output is
//! stable whatever the thread timing, and only one chunk of results is held at a time.

use std::collections::{BTreeSet, HashSet};
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::human::{self, Totals};
use super::progress::Progress;
use super::render;
use super::style::Style;
use super::{
    json, report_note, report_trouble, CheckArgs, Format, EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE,
};
use crate::config::{absolute, Config, ConfigCache};

/// The name shown for standard input when `--stdin-filename` is not given.
const STDIN_NAME: &str = "<stdin>";

/// Files analysed per batch and per thread: enough to keep every thread busy, few enough that
/// the rendered output of one batch stays small.
const BATCH_PER_THREAD: usize = 16;

/// Files larger than this are analysed in pieces and their output streamed, instead of being
/// rendered whole by a worker: a collection of millions of puzzles then runs in bounded memory,
/// its pieces' puzzles spread over every thread.
const BIG_FILE: u64 = 2 << 20;

/// One file to check.
struct Target {
    /// The path as shown in the output (and its sort key).
    display: String,
    input: Input,
    /// Where its configuration is looked up from.
    config_path: PathBuf,
}

impl Target {
    /// The size of its input in bytes, for the progress bar (0 when unknown).
    fn size(&self) -> u64 {
        match &self.input {
            Input::File(path) => std::fs::metadata(path).map_or(0, |m| m.len()),
            Input::Stdin(bytes) => bytes.len() as u64,
        }
    }
}

enum Input {
    File(PathBuf),
    Stdin(Vec<u8>),
}

/// What checking one file gave.
enum Outcome {
    Checked {
        rendered: String,
        totals: Totals,
    },
    /// A file too big to render into memory: the main thread streams it from disk.
    Big {
        path: PathBuf,
        config: Config,
    },
    /// The file could not be read; the message says why.
    Failed(String),
    /// Its configuration is broken (reported once, separately).
    Skipped,
}

/// Problems that make the run exit 2, collected from every thread and reported once each.
#[derive(Default)]
struct Troubles {
    config_errors: Mutex<BTreeSet<String>>,
}

impl Troubles {
    fn config_error(&self, message: String) {
        self.config_errors
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(message);
    }
}

pub fn run(args: CheckArgs) -> i32 {
    let cache = match &args.config {
        Some(path) => match ConfigCache::fixed(path) {
            Ok(cache) => cache,
            Err(e) => {
                report_trouble(&e);
                return EXIT_TROUBLE;
            }
        },
        None => ConfigCache::discover(),
    };
    let cache = Arc::new(cache);
    let troubles = Arc::new(Troubles::default());
    let mut trouble = false;

    let targets = collect_targets(&args, &cache, &troubles, &mut trouble);
    tracing::info!(files = targets.len(), "checking");

    let threads = args
        .jobs
        .map(|n| n.get())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // The global pool, so that the analysis's own parallel work (the puzzles of a long file)
    // also keeps to `--jobs`.
    if let Err(e) = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
    {
        report_trouble(&format!("cannot start {threads} worker threads: {e}"));
        return EXIT_TROUBLE;
    }

    // A progress bar for long runs, only for a person at a terminal: never in CI logs, never
    // with JSON (which tools read).
    let total_bytes = targets.iter().map(Target::size).sum();
    let progress = Progress::start(
        total_bytes,
        io::stderr().is_terminal()
            && args.format != Format::Json
            && std::env::var_os("CI").is_none(),
    );

    let stdout = io::stdout();
    let style = Style::new(args.color.enabled(stdout.is_terminal()));
    let mut out = BufWriter::new(stdout.lock());
    let mut totals = Totals::default();
    let written = (|| -> io::Result<()> {
        if args.format == Format::Json {
            write!(out, "{{\"version\":{},\"files\":[", json::VERSION)?;
        }
        let mut first = true;
        for batch in targets.chunks(threads * BATCH_PER_THREAD) {
            let outcomes: Vec<Outcome> = batch
                .par_iter()
                .map(|t| check_target(t, args.format, style, &cache, &troubles, &progress))
                .collect();
            for (target, outcome) in batch.iter().zip(outcomes) {
                match outcome {
                    Outcome::Checked {
                        rendered,
                        totals: t,
                    } => {
                        if args.format == Format::Json && !std::mem::take(&mut first) {
                            out.write_all(b",")?;
                        }
                        out.write_all(rendered.as_bytes())?;
                        totals.add(&t);
                    }
                    Outcome::Big { path, config } => {
                        if args.format == Format::Json && !std::mem::take(&mut first) {
                            out.write_all(b",")?;
                        }
                        let mut buf = String::new();
                        let mut sink = render::Sink {
                            format: args.format,
                            style,
                            buf: &mut buf,
                            flush: &mut |buf| {
                                out.write_all(buf.as_bytes())?;
                                buf.clear();
                                Ok(())
                            },
                            progress: &|n| progress.advance(n),
                        };
                        match render::render_path(&target.display, &path, &config, &mut sink) {
                            Ok(t) => totals.add(&t),
                            // Writing failed: stop. Reading failed: the output of this file is
                            // cut short, so the run cannot be trusted.
                            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(e),
                            Err(e) => {
                                out.flush()?;
                                report_trouble(&format!("{}: cannot read: {e}", target.display));
                                trouble = true;
                            }
                        }
                    }
                    Outcome::Failed(message) => {
                        // Flush first so the message lands after the files before it.
                        out.flush()?;
                        report_trouble(&message);
                        trouble = true;
                    }
                    Outcome::Skipped => trouble = true,
                }
            }
        }
        match args.format {
            Format::Json => {
                let summary = json::SummaryJson {
                    files: totals.files,
                    puzzles: totals.puzzles,
                    errors: totals.errors,
                    warnings: totals.warnings,
                    infos: totals.infos,
                };
                let summary = serde_json::to_string(&summary).map_err(io::Error::other)?;
                writeln!(out, "],\"summary\":{summary}}}")?;
            }
            Format::Human => writeln!(out, "{}", style.bold(&human::summary(&totals)))?,
            // stdout stays pure workflow commands; people reading the CI log still get a count.
            Format::Github => report_note(&human::summary(&totals)),
        }
        out.flush()
    })();
    progress.finish();
    if let Err(e) = written {
        // A closed pipe (`| head`) is not worth a message; anything else is.
        if e.kind() != io::ErrorKind::BrokenPipe {
            report_trouble(&format!("cannot write the output: {e}"));
        }
        return EXIT_TROUBLE;
    }

    for message in troubles
        .config_errors
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
    {
        report_trouble(message);
        trouble = true;
    }
    if targets.is_empty() && !trouble {
        report_note("no .sudoku files found");
    }
    if trouble {
        EXIT_TROUBLE
    } else if totals.errors > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// The path as shown: as the user wrote it (or as found under it), without a leading `./`.
fn display_path(path: &Path) -> String {
    let shown = path.to_string_lossy();
    let mut trimmed: &str = &shown;
    while let Some(rest) = trimmed.strip_prefix("./") {
        trimmed = rest;
    }
    if trimmed.is_empty() {
        shown.into_owned()
    } else {
        trimmed.to_string()
    }
}

/// Every file to check, sorted by path, each once.
fn collect_targets(
    args: &CheckArgs,
    cache: &Arc<ConfigCache>,
    troubles: &Arc<Troubles>,
    trouble: &mut bool,
) -> Vec<Target> {
    let mut paths = args.paths.clone();
    if paths.is_empty() {
        // `--stdin-filename` alone means "check what comes in on stdin", as in ruff.
        paths.push(PathBuf::from(if args.stdin_filename.is_some() {
            "-"
        } else {
            "."
        }));
    }
    let mut targets = Vec::new();
    let mut seen: HashSet<PathBuf> = HashSet::new();
    let mut stdin_read = false;
    let mut add_file = |targets: &mut Vec<Target>, path: &Path| {
        if seen.insert(absolute(path)) {
            targets.push(Target {
                display: display_path(path),
                input: Input::File(path.to_path_buf()),
                config_path: path.to_path_buf(),
            });
        }
    };
    for path in &paths {
        if path.as_os_str() == "-" {
            if std::mem::replace(&mut stdin_read, true) {
                continue;
            }
            let mut bytes = Vec::new();
            if let Err(e) = io::stdin().lock().read_to_end(&mut bytes) {
                report_trouble(&format!("cannot read standard input: {e}"));
                *trouble = true;
                continue;
            }
            let name = args.stdin_filename.clone();
            targets.push(Target {
                display: name
                    .as_deref()
                    .map_or_else(|| STDIN_NAME.to_string(), display_path),
                input: Input::Stdin(bytes),
                // Without a name, the configuration is the current folder's.
                config_path: name.unwrap_or_else(|| PathBuf::from(STDIN_NAME)),
            });
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                report_trouble(&format!("{}: no such file or folder", path.display()));
                *trouble = true;
            }
            Err(e) => {
                report_trouble(&format!("{}: {e}", path.display()));
                *trouble = true;
            }
            Ok(meta) if meta.is_dir() => {
                for file in walk(path, cache, troubles, trouble) {
                    add_file(&mut targets, &file);
                }
            }
            // A file named on the command line is checked whatever its name, .gitignore or
            // `exclude` say: the user asked for it.
            Ok(_) => add_file(&mut targets, path),
        }
    }
    targets.sort_by(|a, b| {
        Path::new(&a.display)
            .cmp(Path::new(&b.display))
            .then_with(|| a.display.cmp(&b.display))
    });
    targets
}

/// The `*.sudoku` files under `root`, skipping what `.gitignore` (and `.ignore`) files, hidden
/// names and the governing configuration's `exclude` globs leave out. An excluded folder is
/// not looked into; a configuration that cannot be read is reported once and its files left
/// out; an unreadable folder is reported as trouble.
fn walk(
    root: &Path,
    cache: &Arc<ConfigCache>,
    troubles: &Arc<Troubles>,
    trouble: &mut bool,
) -> Vec<PathBuf> {
    let (cache, filter_troubles) = (cache.clone(), troubles.clone());
    let excluded = move |path: &Path| match cache.for_path(path) {
        Ok(config) => config.is_excluded(path),
        Err(e) => {
            filter_troubles.config_error(e);
            true
        }
    };
    let mut files = Vec::new();
    for result in crate::walk::Walk::new(root).prune(excluded).files() {
        match result {
            Ok(file) => files.push(file),
            Err(e) => {
                report_trouble(&e.to_string());
                *trouble = true;
            }
        }
    }
    files
}

/// Reads, analyses and renders one file.
fn check_target(
    target: &Target,
    format: Format,
    style: Style,
    cache: &ConfigCache,
    troubles: &Troubles,
    progress: &Progress,
) -> Outcome {
    let _span = tracing::debug_span!("check", path = %target.display).entered();
    let config = match cache.for_path(&target.config_path) {
        Ok(config) => config,
        Err(e) => {
            troubles.config_error(e);
            return Outcome::Skipped;
        }
    };
    let read;
    let bytes: &[u8] = match &target.input {
        Input::Stdin(bytes) => bytes,
        Input::File(path) => {
            if std::fs::metadata(path).is_ok_and(|m| m.len() > BIG_FILE) {
                // Streamed to the output by the main thread, piece by piece, in its turn.
                return Outcome::Big {
                    path: path.clone(),
                    config: config.config.clone(),
                };
            }
            match std::fs::read(path) {
                Ok(b) => {
                    read = b;
                    &read
                }
                Err(e) => return Outcome::Failed(format!("{}: cannot read: {e}", target.display)),
            }
        }
    };
    let mut rendered = String::new();
    let mut sink = render::Sink {
        format,
        style,
        buf: &mut rendered,
        flush: &mut |_| Ok(()),
        progress: &|n| progress.advance(n),
    };
    match render::render_file(&target.display, bytes, &config.config, &mut sink) {
        Ok(totals) => Outcome::Checked { rendered, totals },
        Err(e) => Outcome::Failed(format!("{}: {e}", target.display)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_paths_drop_a_leading_dot_slash() {
        assert_eq!(display_path(Path::new("./a/b.sudoku")), "a/b.sudoku");
        assert_eq!(display_path(Path::new("././a.sudoku")), "a.sudoku");
        assert_eq!(display_path(Path::new("/x/a.sudoku")), "/x/a.sudoku");
        assert_eq!(display_path(Path::new("./")), "./");
    }
}
