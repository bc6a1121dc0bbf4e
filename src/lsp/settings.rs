//! Settings: the editor-only ones (from `initializationOptions` and `workspace/configuration`,
//! section `sudoku`) and the project's `sudoku-lsp.toml`, the same file `sudoku-lsp check` reads.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::config::{selected, ConfigCache, ProjectConfig, Selection, Selector};
use crate::finding::Code;

/// The section name under which editors keep this server's settings.
pub const SECTION: &str = "sudoku";

/// The default cap on diagnostics sent for one file.
pub const DEFAULT_MAX_DIAGNOSTICS: usize = 1000;

/// Settings that only matter in the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Show solution digits in hovers and action titles (off: the editor never spoils a puzzle).
    pub show_solutions: bool,
    /// The most diagnostics sent for one file; 0 means no limit.
    pub max_diagnostics: usize,
    /// What a hint shows: the technique and where (`"nudge"`), or the whole step (`"full"`).
    pub hints: Hints,
    /// `select`, `extendSelect` and `ignore`: the codes shown, as `check --select`,
    /// `--extend-select` and `--ignore` choose them, after the project's severities.
    pub selection: Selection,
}

/// What a hint shows (setting `hints`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Hints {
    /// The technique and the unit only: `A hidden single in box 5`.
    #[default]
    Nudge,
    /// The technique, the unit and the step's whole sentence, digit included.
    Full,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            show_solutions: false,
            max_diagnostics: DEFAULT_MAX_DIAGNOSTICS,
            hints: Hints::Nudge,
            selection: Selection::default(),
        }
    }
}

impl Settings {
    /// Takes the settings found in `value`: either the section itself
    /// (`{"showSolutions": true}`) or an object holding it (`{"sudoku": {...}}`). Missing keys
    /// keep their value; a key of the wrong type is logged and ignored.
    pub fn update(&mut self, value: &Value) {
        let section = match value.get(SECTION) {
            Some(inner) if inner.is_object() => inner,
            _ => value,
        };
        let Some(map) = section.as_object() else {
            if !value.is_null() {
                tracing::warn!("ignoring settings that are not an object: {value}");
            }
            return;
        };
        for (key, v) in map {
            match key.as_str() {
                "showSolutions" => match v.as_bool() {
                    Some(b) => self.show_solutions = b,
                    None => tracing::warn!("setting showSolutions must be true or false, not {v}"),
                },
                "maxDiagnostics" => match v.as_u64() {
                    Some(n) => self.max_diagnostics = usize::try_from(n).unwrap_or(usize::MAX),
                    None => tracing::warn!(
                        "setting maxDiagnostics must be a whole number (0: no limit), not {v}"
                    ),
                },
                "hints" => match v.as_str() {
                    Some("nudge") => self.hints = Hints::Nudge,
                    Some("full") => self.hints = Hints::Full,
                    _ => tracing::warn!("setting hints must be \"nudge\" or \"full\", not {v}"),
                },
                "select" => {
                    if v.is_null() {
                        self.selection.select = None;
                    } else if let Some(codes) = codes_of(key, v) {
                        self.selection.select = Some(codes);
                    }
                }
                "extendSelect" => {
                    if let Some(codes) = codes_of(key, v) {
                        self.selection.extend = codes;
                    }
                }
                "ignore" => {
                    if let Some(codes) = codes_of(key, v) {
                        self.selection.ignore = codes;
                    }
                }
                other => tracing::debug!("ignoring unknown setting {other}"),
            }
        }
    }
}

/// The codes of a list setting (`["duplicate-digit", "ALL"]`): `None`, logged, when it is not a
/// list of strings; an unknown code is logged and left out, the others still apply.
fn codes_of(key: &str, v: &Value) -> Option<BTreeSet<Code>> {
    let Some(items) = v.as_array() else {
        tracing::warn!("setting {key} must be a list of codes, not {v}");
        return None;
    };
    let mut selectors = Vec::new();
    for item in items {
        match item.as_str().map(str::parse::<Selector>) {
            Some(Ok(sel)) => selectors.push(sel),
            Some(Err(e)) => tracing::warn!("setting {key}: {e}"),
            None => tracing::warn!("setting {key}: {item} is not a code"),
        }
    }
    Some(selected(&selectors))
}

/// The project configuration of each file: the nearest `sudoku-lsp.toml` from the file's folder
/// upward, read through the core's [`ConfigCache`] exactly as `sudoku-lsp check` reads it. A
/// file that cannot be read or has an error is logged once, and the defaults are used: the
/// editor keeps working while the user fixes it.
#[derive(Debug, Default)]
pub struct ProjectConfigs {
    /// The configurations read, shared with the CLI's way of finding them.
    cache: ConfigCache,
    /// The errors logged already, so each is logged once.
    reported: Mutex<HashSet<String>>,
}

impl ProjectConfigs {
    /// The configuration that governs `path`, or the defaults when it cannot be read.
    pub fn for_path(&self, path: &Path) -> Arc<ProjectConfig> {
        match self.cache.for_path(path) {
            Ok(project) => project,
            Err(e) => {
                if lock(&self.reported).insert(e.clone()) {
                    tracing::warn!("{e}; using the default configuration");
                }
                Arc::new(ProjectConfig::defaults())
            }
        }
    }

    /// Forgets every configuration read (one changed on disk).
    pub fn clear(&self) {
        self.cache.clear();
        lock(&self.reported).clear();
    }
}

/// The crate's lock helper, kept here too, where the server's modules look for it.
pub use crate::sync::lock;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, FILE_NAME};
    use crate::finding::Code;
    use serde_json::json;

    #[test]
    fn settings_from_either_shape() {
        let mut s = Settings::default();
        s.update(&json!({"sudoku": {"showSolutions": true, "maxDiagnostics": 5, "hints": "full"}}));
        assert_eq!(
            s,
            Settings {
                show_solutions: true,
                max_diagnostics: 5,
                hints: Hints::Full,
                selection: Selection::default(),
            }
        );
        s.update(&json!({"hints": "everything"}));
        assert_eq!(s.hints, Hints::Full);
        s.update(&json!({"maxDiagnostics": "many", "showSolutions": false}));
        assert_eq!(s.max_diagnostics, 5);
        assert!(!s.show_solutions);
        s.update(&json!(null));
        assert_eq!(s.max_diagnostics, 5);
    }

    #[test]
    fn code_lists_select_as_the_flags_do() {
        let mut s = Settings::default();
        s.update(&json!({"select": ["ALL"], "ignore": ["box-shape", "nope"], "extendSelect": 3}));
        assert_eq!(
            s.selection.select.as_ref().map(|c| c.len()),
            Some(Code::ALL.len())
        );
        assert_eq!(s.selection.ignore, [Code::BoxShape].into());
        assert!(s.selection.extend.is_empty());
        s.update(&json!({"select": null}));
        assert_eq!(s.selection.select, None);
    }

    #[test]
    fn project_config_found_upward_and_excludes() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(FILE_NAME),
            "exclude = [\"drafts/**\"]\n[severity]\nbox-shape = \"off\"\n",
        )
        .unwrap();
        std::fs::create_dir_all(dir.path().join("a/b")).unwrap();
        let configs = ProjectConfigs::default();
        let p = configs.for_path(&dir.path().join("a/b/x.sudoku"));
        assert_eq!(
            Config::from(p.settings.clone()).severity_of(Code::BoxShape),
            None
        );
        assert!(p.is_excluded(&dir.path().join("drafts/x.sudoku")));
        assert!(!p.is_excluded(&dir.path().join("a/x.sudoku")));
        // A broken file falls back to the defaults.
        std::fs::write(dir.path().join(FILE_NAME), "severity = 3\n").unwrap();
        configs.clear();
        let p = configs.for_path(&dir.path().join("a/b/x.sudoku"));
        assert_eq!(
            Config::from(p.settings.clone()).severity_of(Code::BoxShape),
            Some(Code::BoxShape.default_severity())
        );
    }
}
