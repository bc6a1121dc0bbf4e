//! sudoku-lsp: a language server and CI linter for `.sudoku` puzzle files.
//!
//! Data flows one way: text → [`syntax::parse`] (never fails) → [`grid`] model →
//! [`analysis::analyze`] (findings as plain data) → the CLI renderers or the language server.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod analysis;
pub mod cli;
pub mod config;
#[cfg(feature = "draw")]
pub mod draw;
pub mod finding;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod lsp;
pub mod solver;
pub mod sync;
pub mod syntax;
pub mod text;
pub mod transform;
pub mod walk;

pub use analysis::{analyze, analyze_bytes, Analysis};
pub use config::Config;
