//! Settings: the editor-only ones (from `initializationOptions` and `workspace/configuration`,
//! section `sudoku`) and the project's `sudoku-lsp.toml`, the same file `sudoku-lsp check` reads.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use serde_json::Value;

use crate::config::{Config, FILE_NAME};
use crate::finding::{Code, Severity};

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
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            show_solutions: false,
            max_diagnostics: DEFAULT_MAX_DIAGNOSTICS,
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
                other => tracing::debug!("ignoring unknown setting {other}"),
            }
        }
    }
}

/// A project's configuration and the folder its `exclude` globs are relative to.
#[derive(Clone, Debug)]
pub struct Project {
    pub config: Config,
    root: PathBuf,
    exclude: GlobSet,
}

impl Project {
    fn defaults() -> Self {
        Project {
            config: Config::default(),
            root: PathBuf::new(),
            exclude: GlobSet::empty(),
        }
    }

    /// True when `path` or one of its folders (below the configuration's folder) matches an
    /// `exclude` glob.
    pub fn is_excluded(&self, path: &Path) -> bool {
        if self.exclude.is_empty() {
            return false;
        }
        let Ok(relative) = path.strip_prefix(&self.root) else {
            return false;
        };
        relative
            .ancestors()
            .filter(|p| !p.as_os_str().is_empty())
            .any(|p| self.exclude.is_match(p))
    }
}

/// Reads `sudoku-lsp.toml` for a file: the nearest one from the file's folder upward, each read
/// once until [`ProjectConfigs::clear`] (called when one changes on disk). A file that cannot be
/// read or has an error is logged, and the defaults are used: the editor keeps working.
// The cli helper is adding the same discovery to `crate::config` (`ConfigCache`); this switches
// to it once it lands so both read the file identically.
#[derive(Debug, Default)]
pub struct ProjectConfigs {
    by_file: Mutex<HashMap<PathBuf, Arc<Project>>>,
}

impl ProjectConfigs {
    pub fn for_path(&self, path: &Path) -> Arc<Project> {
        let Some(file) = path
            .parent()
            .into_iter()
            .flat_map(Path::ancestors)
            .map(|dir| dir.join(FILE_NAME))
            .find(|c| c.is_file())
        else {
            return Arc::new(Project::defaults());
        };
        if let Some(p) = lock(&self.by_file).get(&file) {
            return p.clone();
        }
        let project = Arc::new(load(&file).unwrap_or_else(|e| {
            tracing::warn!("{}: {e}; using the default configuration", file.display());
            Project::defaults()
        }));
        lock(&self.by_file).insert(file, project.clone());
        project
    }

    pub fn clear(&self) {
        lock(&self.by_file).clear();
    }
}

fn load(file: &Path) -> Result<Project, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let mut config = Config::default();
    let mut set = GlobSetBuilder::new();
    if let Some(list) = table.get("exclude").and_then(|v| v.as_array()) {
        for glob in list.iter().filter_map(|v| v.as_str()) {
            let g = GlobBuilder::new(glob)
                .literal_separator(true)
                .build()
                .map_err(|e| format!("bad exclude glob `{glob}`: {e}"))?;
            set.add(g);
            config.exclude.push(glob.to_string());
        }
    }
    if let Some(codes) = table.get("severity").and_then(|v| v.as_table()) {
        for (code, level) in codes {
            let code: Code = code.parse()?;
            let severity = match level.as_str() {
                Some("error") => Some(Severity::Error),
                Some("warning") => Some(Severity::Warning),
                Some("info") => Some(Severity::Info),
                Some("off") => None,
                _ => return Err(format!("[severity] {code}: unknown level {level}")),
            };
            config.severity.insert(code, severity);
        }
    }
    Ok(Project {
        config,
        root: file.parent().map(Path::to_path_buf).unwrap_or_default(),
        exclude: set.build().map_err(|e| e.to_string())?,
    })
}

/// Locks a mutex, recovering from poisoning: every map here holds only finished entries.
pub fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_from_either_shape() {
        let mut s = Settings::default();
        s.update(&json!({"sudoku": {"showSolutions": true, "maxDiagnostics": 5}}));
        assert_eq!(
            s,
            Settings {
                show_solutions: true,
                max_diagnostics: 5
            }
        );
        s.update(&json!({"maxDiagnostics": "many", "showSolutions": false}));
        assert_eq!(s.max_diagnostics, 5);
        assert!(!s.show_solutions);
        s.update(&json!(null));
        assert_eq!(s.max_diagnostics, 5);
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
        assert_eq!(p.config.severity_of(Code::BoxShape), None);
        assert!(p.is_excluded(&dir.path().join("drafts/x.sudoku")));
        assert!(!p.is_excluded(&dir.path().join("a/x.sudoku")));
    }
}
