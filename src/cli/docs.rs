//! `sudoku-lsp completions SHELL` and `sudoku-lsp man [SUBCOMMAND]`: shell completion scripts and
//! man pages generated from the argument definitions in `args.rs`, so they never fall behind
//! the options.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use super::args::{Cli, CompletionsArgs, ManArgs};
use super::{report_trouble, EXIT_OK, EXIT_TROUBLE};

/// The binary's name, as the completions and pages call it.
const NAME: &str = "sudoku-lsp";

/// Prints the completion script for the shell asked for.
pub fn completions(args: CompletionsArgs) -> i32 {
    if args.shell == Shell::Bash {
        return write_out(bash_completions().as_bytes());
    }
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), NAME, &mut out);
    write_out(&out)
}

/// The bash script. clap_complete 4.6 names a subcommand's case `sudoku__subcmd__lsp__subcmd__check`
/// where its loop sets `sudoku__lsp__subcmd__check` when the binary's name has a `-`, so no
/// subcommand's options would complete: the script is generated for a name without one, and
/// only the `complete` lines, which name the command bash completes, get the real name back.
fn bash_completions() -> String {
    const STAND_IN: &str = "sudoku_lsp";
    let mut out = Vec::new();
    clap_complete::generate(Shell::Bash, &mut Cli::command(), STAND_IN, &mut out);
    let script = String::from_utf8_lossy(&out);
    let mut fixed = String::with_capacity(script.len());
    for line in script.split_inclusive('\n') {
        if line.trim_start().starts_with("complete ") {
            fixed.push_str(&line.replace(&format!(" {STAND_IN}\n"), &format!(" {NAME}\n")));
        } else {
            fixed.push_str(line);
        }
    }
    fixed
}

/// Prints the roff source of the main man page, or of one subcommand's page
/// (`sudoku-lsp-check(1)`).
pub fn man(args: ManArgs) -> i32 {
    let mut cli = Cli::command();
    // Building names each subcommand as `sudoku-lsp-check`, its page's name.
    cli.build();
    let page = match args.subcommand.as_deref() {
        None => clap_mangen::Man::new(cli),
        Some(name) => {
            let Some(sub) = cli.find_subcommand(name) else {
                let known: Vec<&str> = cli.get_subcommands().map(|s| s.get_name()).collect();
                report_trouble(&format!(
                    "no subcommand `{name}`; known ones: {}",
                    known.join(", ")
                ));
                return EXIT_TROUBLE;
            };
            clap_mangen::Man::new(sub.clone())
                .title(format!("{NAME}-{name}"))
                .source(format!("{NAME} {}", env!("CARGO_PKG_VERSION")))
        }
    };
    let mut out = Vec::new();
    if let Err(e) = page.render(&mut out) {
        report_trouble(&format!("cannot render the man page: {e}"));
        return EXIT_TROUBLE;
    }
    write_out(&out)
}

/// Writes the generated text to stdout; a closed pipe is not an error worth a message.
fn write_out(bytes: &[u8]) -> i32 {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            report_trouble(&format!("cannot write the output: {e}"));
            EXIT_TROUBLE
        }
    }
}
