//! The command line's own work: `check` and `solve`, their output formats, file walking and exit
//! codes. `server` is not here: `main.rs` hands it to the language server.
//!
//! Output goes through explicit writers (never `print!`), so every byte the CLI emits is easy to
//! find: results on stdout, reasons for failure on stderr.

pub mod args;
pub mod check;
pub mod convert;
mod convert_more;
pub mod docs;
pub mod explain;
pub mod fmt;
pub mod generate;
mod github;
mod gitlab;
mod human;
mod json;
mod position;
mod progress;
mod render;
mod sarif;
#[cfg(feature = "draw")]
pub mod sheet;
/// `render` in a build without the `draw` feature: it says so.
#[cfg(not(feature = "draw"))]
pub mod sheet {
    /// Reports that this build cannot draw.
    pub fn run(_: super::args::RenderArgs) -> i32 {
        super::report_trouble(
            "this sudoku-lsp was built without the `draw` feature: it cannot render",
        );
        super::EXIT_TROUBLE
    }
}
pub mod solve;
#[cfg(feature = "draw")]
pub mod steps;
/// `explain --format html|svg` in a build without the `draw` feature: it says so.
#[cfg(not(feature = "draw"))]
pub mod steps {
    /// Reports that this build cannot draw.
    pub fn run(_: super::args::ExplainArgs) -> i32 {
        super::report_trouble(
            "this sudoku-lsp was built without the `draw` feature: it cannot draw steps",
        );
        super::EXIT_TROUBLE
    }
}
mod style;
pub mod transform;

use std::io::{IsTerminal, Write};

use args::ColorChoice;
// The output format is shared by every renderer, so it is named here as well.
pub use args::Format;
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
