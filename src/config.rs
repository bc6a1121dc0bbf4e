//! Configuration a puzzle repository commits: `sudoku-lsp.toml`.
//!
//! ```toml
//! exclude = ["drafts/**"]
//!
//! [severity]
//! multiple-solutions = "warning"
//! box-shape = "off"
//! ```
//!
//! The CLI and the language server read the same file, so editor and CI agree.

use std::collections::HashMap;

use crate::finding::{Code, Severity};

/// The name of the configuration file, looked for from each checked file upward.
pub const FILE_NAME: &str = "sudoku-lsp.toml";

/// Settings that change what the analysis reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// Per-code severity overrides; `None` turns the code off.
    pub severity: HashMap<Code, Option<Severity>>,
    /// Glob patterns (relative to the configuration file's folder) of files not to check.
    pub exclude: Vec<String>,
}

impl Config {
    /// The severity of `code` after configuration, `None` when it is turned off.
    pub fn severity_of(&self, code: Code) -> Option<Severity> {
        match self.severity.get(&code) {
            Some(s) => *s,
            None => Some(code.default_severity()),
        }
    }
}
