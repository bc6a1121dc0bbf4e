//! The command line as `clap` reads it: the subcommands, their flags and their help text.
//!
//! Only types live here; `main.rs` parses them and hands each subcommand to its runner. The doc
//! comments on fields and variants are the `--help` text, so changing one changes the output
//! that `tests/cli.rs` snapshots.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand, ValueEnum};

use crate::config::Selector;

/// A language server and CI linter for `.sudoku` puzzle files.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku-lsp",
    version = env!("SUDOKU_LSP_LONG_VERSION"),
    about,
    propagate_version = true
)]
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
    /// Print a shell completion script (for example `sudoku-lsp completions bash >
    /// ~/.local/share/bash-completion/completions/sudoku-lsp`).
    Completions(CompletionsArgs),
    /// Print the man page, roff source (`sudoku-lsp man | man -l -`).
    Man(ManArgs),
    /// Make new proper, minimal puzzles and print them as a `.sudoku` collection.
    Generate(GenerateArgs),
    /// Print random equivalent copies of each puzzle of a file, or each one's canonical form.
    Transform(TransformArgs),
    /// Format puzzle files in place as `[format]` in sudoku-lsp.toml says, changing only the
    /// layout (exit 0: all formatted, 1: something left untouched, or with --check/--diff
    /// something would change, 2: could not run).
    Fmt(FmtArgs),
    /// Convert puzzle files to another format: .sudoku, one puzzle a line, CSV, .sdk, .sdm, .ss,
    /// .sdx, OpenSudoku or HoDoKu lines (exit 2 and nothing written when something would be
    /// lost, unless --lossy).
    Convert(ConvertArgs),
    /// Draw puzzles as sheets ready to print: PDF, SVG or PNG, K puzzles a page, the solutions
    /// on their own pages at the end (exit 0: all drawn, 1: some puzzle has no unique solution,
    /// 2: could not run).
    Render(RenderArgs),
}

/// The arguments of `completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The arguments of `man`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// The page of one subcommand (`sudoku-lsp-check(1)`) instead of the main page.
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

/// The arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files and folders to check (`-` reads standard input). Folders are searched for
    /// `*.sudoku`, `*.sdk`, `*.sdm`, `*.sdx`, `*.ss` and `*.opensudoku` files and for
    /// `*.csv`/`*.tsv` files whose header names a puzzle column, respecting .gitignore; a file
    /// named here is always checked.
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

    /// Read every file as this format, whatever its extension: sudoku, csv (or tsv), bank,
    /// sdk, sdm, sdx, ss, opensudoku, hodoku (default: the extension, else what the text looks
    /// like).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub from: Option<crate::syntax::formats::Format>,

    /// Report only these codes (comma-separated, `ALL` for every code), at their configured
    /// severities; a code the configuration turns off is reported at its default severity.
    #[arg(long, value_delimiter = ',', value_name = "CODE")]
    pub select: Option<Vec<Selector>>,

    /// Report these codes as well as the others, even those the configuration turns off.
    #[arg(long, value_delimiter = ',', value_name = "CODE")]
    pub extend_select: Vec<Selector>,

    /// Never report these codes (this wins over `--select` and `--extend-select`).
    #[arg(long, value_delimiter = ',', value_name = "CODE")]
    pub ignore: Vec<Selector>,

    /// Print how many findings each code has instead of every finding (human format only).
    #[arg(long)]
    pub statistics: bool,
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

    /// With --format svg: the step to draw (1-based), on the position before it.
    #[arg(long, value_name = "N")]
    pub step: Option<NonZeroUsize>,

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
    /// One self-contained HTML page: every step drawn on the position before it.
    Html,
    /// The picture of one step (--step N) as SVG.
    Svg,
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

    /// Read the file as this format, whatever its extension (see `check --from`).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub from: Option<crate::syntax::formats::Format>,

    /// Use this configuration file instead of looking for `sudoku-lsp.toml`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// The arguments of `generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The grid's size: 4, 6, 8, 9, 12, 16 or 25.
    #[arg(long, default_value_t = 9, value_name = "N")]
    pub size: usize,

    /// The box shape, rows x columns (default: the size's usual box, e.g. 2x3 for 6).
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,

    /// How many puzzles to make.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub count: usize,

    /// Only puzzles of this level (easy, medium, hard, unfair, extreme; 9x9 only), declared in
    /// the output.
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<crate::logic::Level>,

    /// The symmetry of the givens: none, central, diagonal, anti-diagonal, mirror, rotational.
    #[arg(long, default_value = "none", value_name = "S")]
    pub symmetry: crate::generate::Symmetry,

    /// The seed: the same seed gives the same file on every machine (default: a fresh one,
    /// recorded in the output's first comment).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// One puzzle a line, or grids.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Line)]
    pub format: GenerateFormat,

    /// Write each puzzle's solution as `@solution` above it.
    #[arg(long)]
    pub with_solution: bool,

    /// How many puzzles to make at once (default: all cores); the output does not change.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
}

/// How `generate` writes its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// One puzzle a line, `level=NAME` after the cells.
    Line,
    /// A grid per puzzle, `@level NAME` above it.
    Grid,
}

/// The arguments of `transform`.
#[derive(Debug, clap::Args)]
pub struct TransformArgs {
    /// The puzzle file (`-` reads standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The seed of the random transformations (default: a fresh one).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// How many copies of each puzzle to print.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub count: usize,

    /// Print each puzzle's canonical form instead: one line a puzzle, blanks as 0, the same for
    /// every equivalent puzzle (the smallest string of its class).
    #[arg(long)]
    pub canonical: bool,
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

/// The arguments of `render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// Files and folders to draw (`-` reads standard input), found as `check` finds them.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Output format: one PDF document, or one SVG or PNG file a page.
    #[arg(long, value_enum, default_value_t = RenderFormat::Pdf)]
    pub format: RenderFormat,

    /// Where to write: the PDF file, or the folder for the SVG or PNG pages (default: standard
    /// output, for a PDF or a single page).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Puzzles a page: 1, 2, 4 or 6.
    #[arg(long, default_value_t = 4, value_name = "K",
          value_parser = clap::builder::PossibleValuesParser::new(["1", "2", "4", "6"])
              .map(|k| k.parse::<usize>().unwrap_or(4)))]
    pub per_page: usize,

    /// The paper size.
    #[arg(long, value_enum, default_value_t = RenderPage::A4)]
    pub page: RenderPage,

    /// Add the solutions, on their own pages after the puzzles.
    #[arg(long)]
    pub solutions: bool,

    /// Draw every empty cell's candidates (a pencil-mark puzzle always shows its marks).
    #[arg(long)]
    pub marks: bool,

    /// Rate every puzzle with one solution and put its level and score in its caption
    /// (puzzles that declare a level are rated anyway).
    #[arg(long)]
    pub rate: bool,

    /// The resolution of PNG pages, in dots per inch.
    #[arg(long, default_value_t = 150, value_name = "DPI",
          value_parser = clap::value_parser!(u32).range(36..=600))]
    pub dpi: u32,

    /// The name to report for standard input (also where its configuration is looked up).
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,

    /// Use this configuration file for every file instead of looking for `sudoku-lsp.toml`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// What `render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RenderFormat {
    /// One PDF document, its digits as text in an embedded font.
    Pdf,
    /// One SVG document a page.
    Svg,
    /// One PNG image a page.
    Png,
}

/// The paper `render` draws on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RenderPage {
    /// 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
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
    /// A SARIF 2.1.0 log (GitHub code scanning and other SARIF viewers).
    Sarif,
    /// A GitLab Code Quality report (`artifacts:reports:codequality`).
    Gitlab,
    /// Set by `--statistics`, never by `--format`: a count per code and the closing line.
    #[value(skip)]
    Statistics,
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

/// A format name for `--from` (see [`crate::syntax::formats::Format::from_name`]).
pub fn parse_format(s: &str) -> Result<crate::syntax::formats::Format, String> {
    crate::syntax::formats::Format::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = crate::syntax::formats::Format::ALL
            .iter()
            .map(|f| f.name())
            .collect();
        format!("unknown format `{s}` (known: {}, tsv)", names.join(", "))
    })
}

/// The arguments of `convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The files to convert (`-` reads standard input); their puzzles go out in order.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,

    /// The format to write.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: ConvertTo,

    /// Write here (atomically) instead of to standard output; an existing folder gets one
    /// file a puzzle (for `--to sdk`).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Read every file as this format, whatever its extension (see `check --from`).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub from: Option<crate::syntax::formats::Format>,

    /// Write even when the target cannot hold everything (pencil marks, metadata), saying on
    /// stderr what was dropped.
    #[arg(long)]
    pub lossy: bool,
}

/// What `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// The .sudoku format: every puzzle with its directives; nothing is lost.
    Sudoku,
    /// One puzzle a line (`.` blank), its rating after it.
    Line,
    /// A CSV table: id, puzzle, solution, rating, level and a column for every other field.
    Csv,
    /// SadMan `.sdm`: one 9x9 puzzle a line, `0` blank.
    Sdm,
    /// SadMan/SudoCue `.sdk`: one 9x9 puzzle a file, with `#A`... metadata lines (several
    /// puzzles need `-o DIR`).
    Sdk,
    /// Simple Sudoku `.ss`: one 9x9 puzzle a file, a boxed grid and its `I`/`E` lines (several
    /// puzzles need `-o DIR`).
    Ss,
    /// SudoCue `.sdx`: one 9x9 puzzle a file, every cell's digit or candidates (several
    /// puzzles need `-o DIR`).
    Sdx,
    /// OpenSudoku XML (version 2): every 9x9 puzzle a game, with its notes and placed digits.
    Opensudoku,
    /// HoDoKu library lines: one 9x9 puzzle a line, `+` before placed digits, removed
    /// candidates.
    Hodoku,
}
