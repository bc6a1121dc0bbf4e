//! `sudoku-lsp check`: find the files, analyse them in parallel, print in a stable order.
//!
//! Files are collected first (walking folders with the `ignore` crate, so `.gitignore` is
//! respected), sorted by path, then analysed in batches on a rayon pool. Each worker renders its
//! file's output to a string, and the main thread writes the strings in order, so output is
//! stable whatever the thread timing, and only one batch of results is held at a time. A file
//! over `BIG_FILE` is not rendered by a worker: the main thread streams it, in its turn.
//!
//! [`run`] reads as the list of steps; each step is a function below it.

use std::collections::{BTreeSet, HashSet};
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::args::{CheckArgs, Format};
use super::human::{self, Totals};
use super::progress::Progress;
use super::render::{self, lists_items};
use super::style::Style;
use super::{json, report_note, report_trouble, sarif};
use super::{EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};
use crate::analysis::duplicate_puzzle::{Marks, Registry};
use crate::analysis::Context;
use crate::config::{
    absolute, selected, Config, ConfigCache, ProjectConfig, RunOptions, Selection,
};
use crate::finding::Code;
use crate::syntax::formats::Format as FileFormat;
use crate::syntax::ParsedFile;

/// The name shown for standard input when `--stdin-filename` is not given.
const STDIN_NAME: &str = "<stdin>";

/// Files analysed per batch and per thread: enough to keep every thread busy, few enough that
/// the rendered output of one batch stays small.
const BATCH_PER_THREAD: usize = 16;

/// Files larger than this are analysed in pieces and their output streamed, instead of being
/// rendered whole by a worker: a collection of millions of puzzles then runs in bounded memory,
/// its pieces' puzzles spread over every thread. A file of more than one piece (256 KiB) counts:
/// holding its whole output (about three times its text in JSON) in a growing buffer cost
/// 20,000 17-clue puzzles 3-16% more time, most of it in page faults.
const BIG_FILE: u64 = 256 << 10;

/// How much of a file's start decides how it is read piece by piece.
const HEAD: u64 = 64 << 10;

/// One file to check (or to explain).
pub(super) struct Target {
    /// The path as shown in the output (and its sort key).
    pub display: String,
    /// Where its bytes come from.
    pub input: Input,
    /// Where its configuration is looked up from.
    pub config_path: PathBuf,
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

/// Where a target's bytes come from: a file read when its turn comes, or standard input, read
/// whole before any checking starts.
pub(super) enum Input {
    File(PathBuf),
    Stdin(Vec<u8>),
}

/// What checking one file gave.
enum Outcome {
    /// The file's output, rendered by a worker, and what it found.
    Checked { rendered: String, totals: Totals },
    /// A file too big to render into memory: the main thread streams it from disk.
    Big {
        path: PathBuf,
        config: Config,
        marks: Option<Arc<Marks>>,
    },
    /// The file could not be read; the message says why.
    Failed(String),
    /// Its configuration is broken (reported once, separately).
    Skipped,
}

/// Problems that make the run exit 2, collected from every thread and reported once each.
#[derive(Default)]
pub(super) struct Troubles {
    /// One message per broken configuration file, however many files it governs; sorted, so
    /// they are reported in the same order whatever the thread timing.
    config_errors: Mutex<BTreeSet<String>>,
}

impl Troubles {
    /// Records a broken configuration (once, however often it is met).
    pub(super) fn config_error(&self, message: String) {
        crate::sync::lock(&self.config_errors).insert(message);
    }
}

/// What every worker needs to check a file, shared by all of them.
struct Job<'a> {
    format: Format,
    style: Style,
    /// Each file's configuration, loaded once per folder.
    cache: &'a ConfigCache,
    /// Where a worker records a configuration it could not load.
    troubles: &'a Troubles,
    /// Advanced by every worker as it gets through its file.
    progress: &'a Progress,
    /// `--rate`, `--select`/`--extend-select`/`--ignore` and `--from`.
    run: RunOptions,
}

/// Checks the files and folders `args` names and returns the exit code.
pub fn run(args: CheckArgs) -> i32 {
    let Some(format) = output_format(&args) else {
        return EXIT_TROUBLE;
    };
    let Some(cache) = load_configuration(args.config.as_deref()) else {
        return EXIT_TROUBLE;
    };
    let cache = Arc::new(cache);
    let troubles = Arc::new(Troubles::default());
    let mut trouble = false;

    let stdin_name = args.stdin_filename.as_deref();
    let targets = collect_targets(&args.paths, stdin_name, &cache, &troubles, &mut trouble);
    tracing::info!(files = targets.len(), "checking");

    let Some(threads) = start_workers(args.jobs) else {
        return EXIT_TROUBLE;
    };
    let progress = start_progress(&targets, format);
    let stdout = io::stdout();
    let style = Style::new(args.color.enabled(stdout.is_terminal()));
    let mut output = Output::new(BufWriter::new(stdout.lock()), format, style);
    let job = Job {
        format,
        style,
        cache: &cache,
        troubles: &troubles,
        progress: &progress,
        run: RunOptions {
            rate: args.rate,
            selection: selection(&args),
            from: args.from,
        },
    };
    let written = check_all(&targets, threads, &job, &mut output);
    progress.finish();
    if let Err(e) = written {
        // A closed pipe (`| head`) is not worth a message; anything else is.
        if e.kind() != io::ErrorKind::BrokenPipe {
            report_trouble(&format!("cannot write the output: {e}"));
        }
        return EXIT_TROUBLE;
    }

    trouble |= output.trouble;
    trouble |= report_config_errors(&troubles);
    if targets.is_empty() && !trouble {
        report_note("no .sudoku files found");
    }
    exit_code(trouble, &output.totals)
}

/// The format to write: `--format`, or the per-code table of `--statistics`, which goes with
/// the human format only. `None` (reported) for `--statistics` with another format.
fn output_format(args: &CheckArgs) -> Option<Format> {
    match (args.statistics, args.format) {
        (false, format) => Some(format),
        (true, Format::Human) => Some(Format::Statistics),
        (true, other) => {
            let value = clap::ValueEnum::to_possible_value(&other);
            let name = value.as_ref().map_or("", |v| v.get_name());
            report_trouble(&format!(
                "--statistics goes with the human format, not `--format {name}`"
            ));
            None
        }
    }
}

/// The codes the command line selects.
fn selection(args: &CheckArgs) -> Selection {
    Selection {
        select: args.select.as_deref().map(selected),
        extend: selected(&args.extend_select),
        ignore: selected(&args.ignore),
    }
}

/// The configuration source for every file: the file `--config` names, or else each file's own
/// `sudoku-lsp.toml`, looked for from its folder upward. `None` (reported) when the named file
/// cannot be loaded.
pub(super) fn load_configuration(fixed: Option<&Path>) -> Option<ConfigCache> {
    match fixed {
        Some(path) => ConfigCache::fixed(path)
            .map_err(|e| report_trouble(&e))
            .ok(),
        None => Some(ConfigCache::discover()),
    }
}

/// Starts the worker pool with `--jobs` threads (default: one per core) and returns how many.
/// `None` (reported) when the threads cannot be started.
fn start_workers(jobs: Option<NonZeroUsize>) -> Option<usize> {
    let threads = jobs
        .map(|n| n.get())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // The global pool, so that the analysis's own parallel work (the puzzles of a long file)
    // also keeps to `--jobs`.
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
    {
        Ok(()) => Some(threads),
        Err(e) => {
            report_trouble(&format!("cannot start {threads} worker threads: {e}"));
            None
        }
    }
}

/// A progress bar over the targets' bytes for long runs, only for a person at a terminal:
/// never in CI logs, never with JSON (which tools read).
fn start_progress(targets: &[Target], format: Format) -> Progress {
    let total_bytes = targets.iter().map(Target::size).sum();
    let for_a_person = io::stderr().is_terminal()
        && matches!(format, Format::Human | Format::Github | Format::Statistics)
        && std::env::var_os("CI").is_none();
    Progress::start(total_bytes, for_a_person)
}

/// Checks the targets one batch at a time on the worker pool and writes each batch's results,
/// in path order, before the next batch starts, then closes the output with the totals.
fn check_all<W: Write>(
    targets: &[Target],
    threads: usize,
    job: &Job<'_>,
    output: &mut Output<W>,
) -> io::Result<()> {
    output.begin()?;
    let marks = find_duplicates(targets, job);
    let size = threads * BATCH_PER_THREAD;
    for (batch, marks) in targets.chunks(size).zip(marks.chunks(size)) {
        let outcomes: Vec<Outcome> = batch
            .par_iter()
            .zip(marks)
            .map(|(t, m)| check_target(t, m.clone(), job))
            .collect();
        for (target, outcome) in batch.iter().zip(outcomes) {
            output.file(target, outcome, job.progress)?;
        }
    }
    output.end()
}

/// `duplicate-puzzle`: each target's puzzles that repeat an earlier puzzle of the run, found
/// by a first pass over the files in path order (puzzles keyed in parallel, registered in
/// order). `None` for a file whose configuration leaves the code off, or that cannot be read
/// (the check reports why).
fn find_duplicates(targets: &[Target], job: &Job<'_>) -> Vec<Option<Arc<Marks>>> {
    let mut registry = Registry::default();
    targets
        .iter()
        .map(|t| {
            let project = job.cache.for_path(&t.config_path).ok()?;
            let config = Config::new(project.settings.clone(), job.run.clone());
            config.severity_of(Code::DuplicatePuzzle)?;
            // Only `.sudoku` text and tables are read piece by piece for this pass.
            let from = read_as(job, &project, t);
            let mut head = Vec::new();
            let how = match &t.input {
                Input::Stdin(bytes) => render::piece_reading(&t.display, bytes, from),
                Input::File(path) => {
                    let file = std::fs::File::open(path).ok()?;
                    file.take(HEAD).read_to_end(&mut head).ok()?;
                    render::piece_reading(&t.display, &head, from)
                }
            }?;
            registry.start_file(&t.display);
            let mut marks = Vec::new();
            let mut see = |file: &ParsedFile, text: &str, base: usize, base_line: u32| {
                marks.extend(registry.see_piece(file, text, base, base_line));
            };
            match &t.input {
                Input::Stdin(bytes) => render::for_each_piece(&mut &bytes[..], how, &mut see),
                Input::File(path) => std::fs::File::open(path)
                    .and_then(|mut f| render::for_each_piece(&mut f, how, &mut see)),
            }
            .ok()?;
            Some(Arc::new(registry.marks(marks)))
        })
        .collect()
}

/// The results on stdout as they are written: one file after another in the chosen format,
/// with the running totals.
struct Output<W: Write> {
    /// Standard output in the binary, buffered.
    out: W,
    format: Format,
    style: Style,
    /// Whether a file (in SARIF and GitLab, a result) has been written yet: JSON puts a comma
    /// between two files, SARIF and GitLab between two results.
    started: bool,
    totals: Totals,
    /// Set when a file could not be read, so its results are missing or cut short (exit 2).
    trouble: bool,
}

impl<W: Write> Output<W> {
    /// An output that has written nothing yet.
    fn new(out: W, format: Format, style: Style) -> Self {
        Output {
            out,
            format,
            style,
            started: false,
            totals: Totals::default(),
            trouble: false,
        }
    }

    /// Opens the JSON, SARIF or GitLab document; the other formats have no header.
    fn begin(&mut self) -> io::Result<()> {
        match self.format {
            Format::Json => write!(
                self.out,
                "{{\"version\":{},\"tool\":{},\"files\":[",
                json::VERSION,
                serde_json::to_string(&json::tool_json()).map_err(io::Error::other)?
            ),
            Format::Sarif => self.out.write_all(sarif::header().as_bytes()),
            Format::Gitlab => self.out.write_all(b"["),
            Format::Human | Format::Github | Format::Statistics => Ok(()),
        }
    }

    /// Writes what checking one file gave, in its turn.
    fn file(&mut self, target: &Target, outcome: Outcome, progress: &Progress) -> io::Result<()> {
        match outcome {
            Outcome::Checked { rendered, totals } => {
                self.separate(!rendered.is_empty())?;
                self.out.write_all(rendered.as_bytes())?;
                self.totals.add(&totals);
                Ok(())
            }
            Outcome::Big {
                path,
                config,
                marks,
            } => {
                self.separate(false)?;
                let cx = Context::new(&config, marks.as_deref());
                self.stream(target, &path, cx, progress)
            }
            Outcome::Failed(message) => self.fail(&message),
            Outcome::Skipped => {
                self.trouble = true;
                Ok(())
            }
        }
    }

    /// Writes the comma that goes before every file but the first in the JSON document, and
    /// before every file's results but the first (`has_items`: the file has some) in SARIF and
    /// GitLab.
    fn separate(&mut self, has_items: bool) -> io::Result<()> {
        let listed = lists_items(self.format) && has_items;
        if (self.format == Format::Json || listed) && std::mem::replace(&mut self.started, true) {
            self.out.write_all(b",")?;
        }
        Ok(())
    }

    /// Analyses a big file piece by piece, writing each piece's output as soon as it is ready.
    fn stream(
        &mut self,
        target: &Target,
        path: &Path,
        cx: Context<'_>,
        progress: &Progress,
    ) -> io::Result<()> {
        let out = &mut self.out;
        // SARIF and GitLab: the file's first results need a comma when another file's came
        // before.
        let mut comma = lists_items(self.format).then_some(&mut self.started);
        let mut buf = String::new();
        let mut sink = render::Sink {
            format: self.format,
            style: self.style,
            buf: &mut buf,
            flush: &mut |buf| {
                if !buf.is_empty() {
                    if let Some(started) = comma.take() {
                        if std::mem::replace(started, true) {
                            out.write_all(b",")?;
                        }
                    }
                }
                out.write_all(buf.as_bytes())?;
                buf.clear();
                Ok(())
            },
            progress: &|n| progress.advance(n),
        };
        match render::render_path(&target.display, path, cx, &mut sink) {
            Ok(totals) => {
                self.totals.add(&totals);
                Ok(())
            }
            // Writing failed: stop. Reading failed: the output of this file is cut short, so
            // the run cannot be trusted.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(e),
            Err(e) => self.fail(&format!("{}: cannot read: {e}", target.display)),
        }
    }

    /// Reports a file that could not be checked on stderr and marks the run as troubled.
    fn fail(&mut self, message: &str) -> io::Result<()> {
        // Flush first so the message lands after the files before it.
        self.out.flush()?;
        report_trouble(message);
        self.trouble = true;
        Ok(())
    }

    /// Closes the output with the totals: the JSON summary, or the closing line for people.
    fn end(&mut self) -> io::Result<()> {
        let totals = &self.totals;
        match self.format {
            Format::Json => {
                let summary = json::SummaryJson {
                    files: totals.files,
                    puzzles: totals.puzzles,
                    errors: totals.errors,
                    warnings: totals.warnings,
                    infos: totals.infos,
                };
                let summary = serde_json::to_string(&summary).map_err(io::Error::other)?;
                writeln!(self.out, "],\"summary\":{summary}}}")?;
            }
            Format::Human => writeln!(self.out, "{}", self.style.bold(&human::summary(totals)))?,
            Format::Statistics => {
                self.out.write_all(human::statistics(totals).as_bytes())?;
                writeln!(self.out, "{}", self.style.bold(&human::summary(totals)))?;
            }
            // stdout stays pure workflow commands; people reading the CI log still get a count.
            Format::Github => report_note(&human::summary(totals)),
            Format::Sarif => self.out.write_all(sarif::FOOTER.as_bytes())?,
            Format::Gitlab => self.out.write_all(b"]\n")?,
        }
        self.out.flush()
    }
}

/// The files `explain` and `fmt` work on, found and configured as `check` finds them.
pub(super) struct Targets {
    /// Each file's configuration, loaded once per folder.
    pub cache: Arc<ConfigCache>,
    /// The configurations that could not be loaded, reported at the end.
    pub troubles: Arc<Troubles>,
    pub targets: Vec<Target>,
    /// A path could not be read (reported already).
    pub trouble: bool,
}

impl Targets {
    /// `target`'s configuration, or `None` when it cannot be loaded (recorded in `troubles`,
    /// reported at the end by [`report_config_errors`]).
    pub fn config_of(&self, target: &Target) -> Option<Arc<ProjectConfig>> {
        self.cache
            .for_path(&target.config_path)
            .map_err(|e| self.troubles.config_error(e))
            .ok()
    }
}

/// The files `paths` names, configured by `--config` or each file's own configuration; `None`
/// (reported) when the `--config` file cannot be loaded.
pub(super) fn find_targets(
    paths: &[PathBuf],
    stdin_filename: Option<&Path>,
    config: Option<&Path>,
) -> Option<Targets> {
    let cache = Arc::new(load_configuration(config)?);
    let troubles = Arc::new(Troubles::default());
    let mut trouble = false;
    let targets = collect_targets(paths, stdin_filename, &cache, &troubles, &mut trouble);
    Some(Targets {
        cache,
        troubles,
        targets,
        trouble,
    })
}

/// Reports each broken configuration file once, in a stable order. True when there was one.
pub(super) fn report_config_errors(troubles: &Troubles) -> bool {
    let errors = crate::sync::lock(&troubles.config_errors);
    for message in errors.iter() {
        report_trouble(message);
    }
    !errors.is_empty()
}

/// 2 when something could not be checked, else 1 when an error was found, else 0.
fn exit_code(trouble: bool, totals: &Totals) -> i32 {
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

/// Every file to check, sorted by path, each once: the files `paths` names and those found
/// under the folders it names (default: the current folder); `-` is standard input, named
/// `stdin_filename`.
pub(super) fn collect_targets(
    paths: &[PathBuf],
    stdin_filename: Option<&Path>,
    cache: &Arc<ConfigCache>,
    troubles: &Arc<Troubles>,
    trouble: &mut bool,
) -> Vec<Target> {
    let mut paths = paths.to_vec();
    if paths.is_empty() {
        // `--stdin-filename` alone means "check what comes in on stdin", as in ruff.
        paths.push(PathBuf::from(if stdin_filename.is_some() {
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
            let name = stdin_filename.map(Path::to_path_buf);
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
    let (cache, filter_troubles, include_cache) = (cache.clone(), troubles.clone(), cache.clone());
    // `[files]` adds files by pattern (`extend-include`, a format glob).
    let included = move |path: &Path| {
        include_cache
            .for_path(path)
            .is_ok_and(|config| config.includes(path))
    };
    let excluded = move |path: &Path| match cache.for_path(path) {
        Ok(config) => config.is_excluded(path),
        Err(e) => {
            filter_troubles.config_error(e);
            true
        }
    };
    let mut files = Vec::new();
    for result in crate::walk::Walk::new(root)
        .prune(excluded)
        .files_and(included)
    {
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

/// The format `target` is read as whatever its extension: `--from`, else the `[files]` pattern
/// of its configuration that matches it; `None` leaves it to the extension or the contents.
fn read_as(job: &Job<'_>, project: &ProjectConfig, target: &Target) -> Option<FileFormat> {
    job.run
        .from
        .or_else(|| project.format_of(&target.config_path))
}

/// Reads, analyses and renders one file (on a worker thread).
fn check_target(target: &Target, marks: Option<Arc<Marks>>, job: &Job<'_>) -> Outcome {
    let _span = tracing::debug_span!("check", path = %target.display).entered();
    let project = match job.cache.for_path(&target.config_path) {
        Ok(project) => project,
        Err(e) => {
            job.troubles.config_error(e);
            return Outcome::Skipped;
        }
    };
    // The file's settings under the command line's options, `[files]` choosing the format
    // where `--from` does not.
    let run = RunOptions {
        from: read_as(job, &project, target),
        ..job.run.clone()
    };
    let config = Config::new(project.settings.clone(), run);
    let read;
    let bytes: &[u8] = match &target.input {
        Input::Stdin(bytes) => bytes,
        Input::File(path) => {
            if std::fs::metadata(path).is_ok_and(|m| m.len() > BIG_FILE) {
                // Streamed to the output by the main thread, piece by piece, in its turn.
                return Outcome::Big {
                    path: path.clone(),
                    config,
                    marks,
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
        format: job.format,
        style: job.style,
        buf: &mut rendered,
        flush: &mut |_| Ok(()),
        progress: &|n| job.progress.advance(n),
    };
    match render::render_file(
        &target.display,
        bytes,
        Context::new(&config, marks.as_deref()),
        &mut sink,
    ) {
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
