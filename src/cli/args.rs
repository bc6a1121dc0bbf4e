//! The command line as `clap` reads it: the subcommands, their flags and their help text.
//!
//! Only types live here; `main.rs` parses them and hands each subcommand to its runner. The doc
//! comments on fields and variants are the `--help` text, so changing one changes the output
//! that `tests/cli.rs` snapshots.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// A language server and CI linter for `.sudoku` puzzle files.
#[derive(Debug, Parser)]
#[command(name = "sudoku-lsp", version, about, propagate_version = true)]
pub struct Cli {
    /// Log more to stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    /// The subcommand and its own arguments.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommand to run: `check`, `solve`, `explain` or `server`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check puzzle files and report every defect (exit 0: no errors, 1: errors, 2: could not run).
    Check(CheckArgs),
    /// Print a file with every uniquely solvable puzzle filled in.
    Solve(SolveArgs),
    /// Solve each puzzle step by step as a person would, and print its level, score and steps
    /// (exit 0: every puzzle explained, 1: some puzzle could not be, 2: could not run).
    Explain(ExplainArgs),
    /// Run the language server.
    Server(ServerArgs),
    /// Format puzzle files in place as `[format]` in sudoku-lsp.toml says, changing only the
    /// layout (exit 0: all formatted, 1: something left untouched, or with --check/--diff
    /// something would change, 2: could not run).
    Fmt(FmtArgs),
}

/// The arguments of `check`.
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

    /// Rate every puzzle that has one solution, and show its difficulty (level, score and
    /// hardest technique).
    #[arg(long)]
    pub rate: bool,
}

/// The arguments of `explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// Files and folders to explain (`-` reads standard input), found as `check` finds them.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Explain only the N-th puzzle of each file (1-based).
    #[arg(long, value_name = "N")]
    pub puzzle: Option<NonZeroUsize>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ExplainFormat::Human)]
    pub format: ExplainFormat,

    /// List every step available in each puzzle's starting state instead of a solving path
    /// (no trial, no rating).
    #[arg(long)]
    pub all_steps: bool,

    /// The name to report for standard input (also where its configuration is looked up).
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,

    /// Use this configuration file for every file instead of looking for `sudoku-lsp.toml`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// How `explain` writes its steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// For people: a header per puzzle, then its numbered steps.
    Human,
    /// One JSON document for tools.
    Json,
}

/// The arguments of `solve`.
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

/// The arguments of `fmt`.
#[derive(Debug, clap::Args)]
pub struct FmtArgs {
    /// Files and folders to format (`-` reads standard input and writes the result to standard
    /// output). Folders are searched for `*.sudoku` files as `check` searches them.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Write nothing; list the files that would change.
    #[arg(long)]
    pub check: bool,

    /// Write nothing; print a unified diff of each file that would change.
    #[arg(long)]
    pub diff: bool,

    /// The name to report for standard input (also where its configuration is looked up).
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,

    /// Use this configuration file for every file instead of looking for `sudoku-lsp.toml`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// The arguments of `server`.
#[derive(Debug, clap::Args)]
pub struct ServerArgs {
    /// Speak the protocol over standard input and output (the only transport, and the default).
    #[arg(long)]
    pub stdio: bool,
}

/// How `check` writes its findings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: `path:line:col`, the source line with a caret, and a closing count.
    Human,
    /// GitHub Actions workflow commands: one `::error ...` line per finding.
    Github,
    /// One JSON document for tools (0-based lines, columns in Unicode scalar values).
    Json,
}

/// When to colour the output (`--color`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    // The variants have no doc comments on purpose: clap would print them in `--help` beside
    // the possible values, which the `--color` help text already explains.
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
