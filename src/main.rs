//! The `sudoku-lsp` binary: argument parsing and dispatch, nothing else.
//!
//! `check`, `solve` and `explain` run in [`sudoku_lsp::cli`], `server` in [`sudoku_lsp::lsp`]; the two edges
//! sit side by side and neither calls the other.

use clap::Parser;
use sudoku_lsp::cli::args::{Cli, Command, ServerArgs};
use sudoku_lsp::{cli, lsp};
use tracing_subscriber::EnvFilter;

/// The engine allocates and frees many small buffers per puzzle; mimalloc serves them faster than
/// glibc's allocator and hands memory back to the system less often (measured in docs/benchmarks.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // clap exits 2 on a usage error and 0 for --help / --version.
    let cli = Cli::parse();
    init_logging(cli.verbose);
    let status = match cli.command {
        Command::Check(args) => cli::check::run(args),
        Command::Solve(args) => cli::solve::run(args),
        Command::Explain(args) => cli::explain::run(args),
        Command::Generate(args) => cli::generate::run(args),
        Command::Transform(args) => cli::transform::run(args),
        Command::Fmt(args) => cli::fmt::run(args),
        Command::Convert(args) => cli::convert::run(args),
        Command::Render(args) => cli::sheet::run(args),
        // `--stdio` is accepted because some clients always pass it; it is the only transport.
        Command::Server(ServerArgs { stdio: _ }) => lsp::run(),
        Command::Completions(args) => cli::docs::completions(args),
        Command::Man(args) => cli::docs::man(args),
    };
    std::process::exit(status);
}

/// Logs go to stderr only: stdout carries results (and, for `server`, the protocol).
fn init_logging(verbose: u8) {
    let default = match verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    // `SUDOKU_LSP_LOG` first (editors pass it to the server), then `RUST_LOG`, then `-v`.
    let filter = EnvFilter::try_from_env("SUDOKU_LSP_LOG")
        .or_else(|_| EnvFilter::try_from_default_env())
        .unwrap_or_else(|_| EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
