//! The command line: `check`, `solve`, `server`, output formats, file walking and exit codes.
//!
//! Output goes through explicit writers (never `print!`), so every byte the CLI emits is easy to
//! find: results on stdout, reasons for failure on stderr.

mod check;
mod github;
mod human;
mod json;
mod position;
mod progress;
mod render;
mod solve;
mod style;

use std::io::{IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

pub use github::{escape_data, escape_property};
pub use json::{
    DiagnosticJson, FileJson, PositionJson, PuzzleJson, RangeJson, RelatedJson, SummaryJson,
};

/// Exit code: nothing wrong (or only warnings and information).
pub const EXIT_OK: i32 = 0;
/// Exit code: at least one error was found (or a puzzle could not be filled).
pub const EXIT_FINDINGS: i32 = 1;
/// Exit code: the command could not run as asked (bad arguments, a missing or unreadable path,
/// a broken configuration file).
pub const EXIT_TROUBLE: i32 = 2;

/// A language server and CI linter for `.sudoku` puzzle files.
#[derive(Debug, Parser)]
#[command(name = "sudoku-lsp", version, about, propagate_version = true)]
pub struct Cli {
    /// Log more to stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check puzzle files and report every defect (exit 0: no errors, 1: errors, 2: could not run).
    Check(CheckArgs),
    /// Print a file with every uniquely solvable puzzle filled in.
    Solve(SolveArgs),
    /// Run the language server.
    Server(ServerArgs),
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files and folders to check (`-` reads standard input). Folders are searched for
    /// `*.sudoku` files, respecting .gitignore; a file named here is always checked.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,

    /// The name to report for standard input (also where its configuration is looked up).
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,

    /// How many files to check at once (default: all cores).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,

    /// Colour the output: auto (when writing to a terminal and NO_COLOR is unset), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Use this configuration file for every checked file instead of looking for
    /// `sudoku-lsp.toml` from each file upward.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The puzzle file to fill in.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Rewrite the file in place (atomically) instead of printing it.
    #[arg(long)]
    pub write: bool,

    /// Use this configuration file instead of looking for `sudoku-lsp.toml`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct ServerArgs {
    /// Speak the protocol over standard input and output (the only transport, and the default).
    #[arg(long)]
    pub stdio: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: `path:line:col`, the source line with a caret, and a closing count.
    Human,
    /// GitHub Actions workflow commands: one `::error ...` line per finding.
    Github,
    /// One JSON document for tools (0-based lines, columns in Unicode scalar values).
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour a stream that is (or is not) a terminal.
    pub fn enabled(self, is_terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            // https://no-color.org: any non-empty NO_COLOR turns colour off.
            ColorChoice::Auto => {
                is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// Runs a parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Check(args) => check::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Server(args) => run_server(args),
    }
}

/// The language server entry point.
///
/// Serves the language server protocol on stdin/stdout. `--stdio` is accepted because some
/// clients always pass it; it is the only transport.
fn run_server(args: ServerArgs) -> i32 {
    let _ = args.stdio;
    crate::lsp::run_stdio()
}

/// Writes `sudoku-lsp: error: {message}` to stderr, coloured when stderr is a terminal.
pub(crate) fn report_trouble(message: &str) {
    let stderr = std::io::stderr();
    let color = ColorChoice::Auto.enabled(stderr.is_terminal());
    let label = style::Style::new(color).error("error");
    // Nothing sensible is left to do when stderr itself is gone.
    let _ = writeln!(stderr.lock(), "sudoku-lsp: {label}: {message}");
}

/// Writes a note (not a failure) to stderr.
pub(crate) fn report_note(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "sudoku-lsp: {message}");
}
