//! Configuration a puzzle repository commits: `sudoku-lsp.toml`.
//!
//! ```toml
//! exclude = ["drafts/**"]
//!
//! [severity]
//! multiple-solutions = "warning"
//! box-shape = "off"
//!
//! [levels]
//! gentle = "easy"
//! ```
//!
//! The CLI and the language server read the same file, so editor and CI agree.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use globset::{Glob, GlobBuilder, GlobMatcher, GlobSet, GlobSetBuilder};

use crate::finding::{Code, Severity};
use crate::logic::Level;
use crate::sync::lock;
use crate::syntax::formats::Format;
use crate::syntax::is_blank_char;

/// The name of the configuration file, looked for from each checked file upward.
pub const FILE_NAME: &str = "sudoku-lsp.toml";

/// What a `sudoku-lsp.toml` says, as read from the file: nothing here comes from the command
/// line or the editor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Per-code severity overrides; `None` turns the code off.
    pub severity: HashMap<Code, Option<Severity>>,
    /// Glob patterns (relative to the configuration file's folder) of files not to check.
    pub exclude: Vec<String>,
    /// `[levels]`: a collection's own level names (lower-cased) and the level each means.
    pub levels: BTreeMap<String, Level>,
    /// `[format]`: how `fmt` and the editor's formatting write puzzles.
    pub format: Style,
    /// `[files]`: which files are read as which format, and which more files a folder's walk
    /// picks up.
    pub files: Files,
}

/// `[files]` in `sudoku-lsp.toml`:
///
/// ```toml
/// [files]
/// "banks/*.txt" = "bank"
/// extend-include = ["*.puz"]
/// ```
///
/// Patterns are relative to the configuration file's folder; one without a `/` matches a file
/// name in any folder below it (as in `.gitignore`), `*` stays inside one folder, `**` crosses
/// folders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files {
    /// `"glob" = "format"`: files read as that format whatever their extension (`--from`
    /// still wins). A file two patterns match takes the longer pattern's format. The walk
    /// picks these files up too.
    pub formats: Vec<(String, Format)>,
    /// `extend-include`: more files a folder's walk picks up, beside the known extensions;
    /// their format comes from `formats`, else their extension, else their contents.
    pub extend_include: Vec<String>,
}

impl Files {
    /// Reads the `[files]` table; unknown formats and bad globs are errors.
    fn from_toml(value: &toml::Value) -> Result<Files, String> {
        let table = value.as_table().ok_or(
            "`files` must be a table: `[files]` with `\"glob\" = \"format\"` and `extend-include`",
        )?;
        let mut files = Files::default();
        for (key, value) in table {
            if key == "extend-include" {
                let list = value
                    .as_array()
                    .ok_or("[files] extend-include: must be a list of glob patterns")?;
                for item in list {
                    let glob = item.as_str().ok_or(
                        "[files] extend-include: must be a list of glob patterns (strings)",
                    )?;
                    build_file_glob(glob, "[files] extend-include")?;
                    files.extend_include.push(glob.to_string());
                }
                continue;
            }
            let name = value
                .as_str()
                .ok_or_else(|| format!("[files] \"{key}\": the format must be a string"))?;
            let format = Format::from_name(name).ok_or_else(|| {
                let known: Vec<&str> = Format::ALL.into_iter().map(Format::name).collect();
                format!(
                    "[files] \"{key}\": unknown format `{name}`; known formats: {}",
                    known.join(", ")
                )
            })?;
            build_file_glob(key, "[files]")?;
            files.formats.push((key.clone(), format));
        }
        Ok(files)
    }
}

/// The run's own options, chosen on the command line (or in the editor's settings), never by
/// the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// Rate every puzzle with one solution (`check --rate`), not only those that declare a
    /// level.
    pub rate: bool,
    /// The codes chosen on the command line (`--select`, `--ignore`, `--extend-select`),
    /// applied after the file's severities.
    pub selection: Selection,
    /// `--from FORMAT`: read every file as this format, whatever its extension
    /// (docs/formats.md). `check` sets it per file to the `[files]` format where `--from` is
    /// not given ([`ProjectConfig::format_of`]).
    pub from: Option<Format>,
}

/// What an analysis reports under: a file's settings with the run's options on top.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub settings: Settings,
    pub run: RunOptions,
}

impl From<Settings> for Config {
    /// The file's settings with the run's default options.
    fn from(settings: Settings) -> Self {
        Config {
            settings,
            run: RunOptions::default(),
        }
    }
}

impl Config {
    /// The file's `settings` under the run's options `run`.
    pub fn new(settings: Settings, run: RunOptions) -> Self {
        Config { settings, run }
    }

    /// The severity of `code` after configuration and selection, `None` when it is turned off.
    pub fn severity_of(&self, code: Code) -> Option<Severity> {
        let configured = match self.settings.severity.get(&code) {
            Some(s) => *s,
            None => code.on_by_default().then(|| code.default_severity()),
        };
        self.run.selection.apply(code, configured)
    }

    /// The level a declared name means: one of the five (any case), or a `[levels]` name.
    pub fn level_named(&self, name: &str) -> Option<Level> {
        self.settings.level_named(name)
    }

    /// Whether every puzzle with one solution is rated (`check --rate`).
    pub fn rate(&self) -> bool {
        self.run.rate
    }
}

impl Settings {
    /// The level a declared name means: one of the five (any case), or a `[levels]` name.
    pub fn level_named(&self, name: &str) -> Option<Level> {
        // Asked of every bare word after every one-liner: no allocation unless a map is set.
        let level = Level::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(name));
        match level {
            Some(l) => Some(l),
            None if self.levels.is_empty() => None,
            None => self.levels.get(&name.to_lowercase()).copied(),
        }
    }
}

/// How grids are written: `[format] grid` in `sudoku-lsp.toml`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GridStyle {
    /// One character a cell, nothing between: `53..7....`.
    Plain,
    /// Cells apart, `|` between boxes, `------+-------+------` between bands.
    #[default]
    Spaced,
    /// A box-drawing frame around every box.
    Boxed,
}

/// The configured layout (`[format]` in `sudoku-lsp.toml`), which the formatter follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub grid: GridStyle,
    /// The character written for a blank cell (one of the format's blanks).
    pub blank: char,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            grid: GridStyle::Spaced,
            blank: '.',
        }
    }
}

impl Style {
    /// Reads the `[format]` table of a configuration file; unknown keys and values are errors.
    pub fn from_toml(value: &toml::Value) -> Result<Style, String> {
        let table = value
            .as_table()
            .ok_or("`format` must be a table: `[format]`")?;
        let mut style = Style::default();
        for (key, value) in table {
            let text = value
                .as_str()
                .ok_or_else(|| format!("[format] {key}: the value must be a string"))?;
            match key.as_str() {
                "grid" => {
                    style.grid = match text {
                        "plain" => GridStyle::Plain,
                        "spaced" => GridStyle::Spaced,
                        "boxed" => GridStyle::Boxed,
                        other => {
                            return Err(format!(
                            "[format] grid: unknown style `{other}`; use \"plain\", \"spaced\" or \"boxed\""
                        ))
                        }
                    }
                }
                "blank" => style.blank = blank_from(text)?,
                other => {
                    return Err(format!(
                        "[format]: unknown key `{other}`; known keys: grid, blank"
                    ))
                }
            }
        }
        Ok(style)
    }
}

/// The blank character a `blank = "..."` setting names.
fn blank_from(text: &str) -> Result<char, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) if is_blank_char(ch) => Ok(ch),
        _ => Err(format!(
            "[format] blank: `{text}` is not a blank; use one of \". 0 _ - x X *\""
        )),
    }
}

/// Which codes to report, chosen as ruff's `--select`, `--extend-select` and `--ignore` choose
/// rules, on top of the configuration's severities: `--ignore` wins, then a selected code is
/// reported (at its configured severity, or its default one where the configuration turns it
/// off), then `--select` leaves out every other code. `@allow` in a file still silences.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// `--select`: only these codes; `None` keeps those the configuration leaves on.
    pub select: Option<BTreeSet<Code>>,
    /// `--extend-select`: these codes as well, even those the configuration turns off.
    pub extend: BTreeSet<Code>,
    /// `--ignore`: never these codes.
    pub ignore: BTreeSet<Code>,
}

impl Selection {
    /// The severity of `code` given its `configured` one (`None`: off).
    pub fn apply(&self, code: Code, configured: Option<Severity>) -> Option<Severity> {
        if self.ignore.contains(&code) {
            return None;
        }
        let selected =
            self.extend.contains(&code) || self.select.as_ref().is_some_and(|s| s.contains(&code));
        match (selected, &self.select) {
            (true, _) => Some(configured.unwrap_or(code.default_severity())),
            (false, Some(_)) => None,
            (false, None) => configured,
        }
    }
}

/// One item of a `--select`, `--ignore` or `--extend-select` list: a code, or `ALL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selector {
    All,
    Code(Code),
}

impl Selector {
    /// The codes it stands for.
    pub fn codes(self) -> Vec<Code> {
        match self {
            Selector::All => Code::ALL.to_vec(),
            Selector::Code(c) => vec![c],
        }
    }
}

impl std::str::FromStr for Selector {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s == "ALL" {
            return Ok(Selector::All);
        }
        s.parse()
            .map(Selector::Code)
            .map_err(|e| format!("{e}; known codes: ALL, {}", known_codes()))
    }
}

/// The codes a list of selectors stands for.
pub fn selected(selectors: &[Selector]) -> BTreeSet<Code> {
    selectors.iter().flat_map(|s| s.codes()).collect()
}

/// The keys a configuration file may hold at its top level.
const TOP_KEYS: [&str; 5] = ["exclude", "severity", "levels", "format", "files"];

impl Settings {
    /// Reads the settings from the text of a `sudoku-lsp.toml`. Unknown keys, unknown codes
    /// and unknown severities are errors: a typo must not silently leave a code switched on.
    pub fn from_toml_str(text: &str) -> Result<Settings, String> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            // toml's message already names the line and column; keep it on one line.
            e.to_string().trim_end().replace('\n', " ")
        })?;
        let mut config = Settings::default();
        for (key, value) in &table {
            match key.as_str() {
                "exclude" => {
                    let list = value
                        .as_array()
                        .ok_or("`exclude` must be a list of glob patterns")?;
                    for item in list {
                        let glob = item
                            .as_str()
                            .ok_or("`exclude` must be a list of glob patterns (strings)")?;
                        // Compile now so a bad pattern is reported at load, not at first use.
                        build_glob(glob)?;
                        config.exclude.push(glob.to_string());
                    }
                }
                "severity" => {
                    let codes = value
                        .as_table()
                        .ok_or("`severity` must be a table of `code = \"level\"`")?;
                    for (code, level) in codes {
                        let code: Code = code.parse().map_err(|e| {
                            format!("[severity]: {e}; known codes: {}", known_codes())
                        })?;
                        let level = level.as_str().ok_or_else(|| {
                            format!("[severity] {code}: the level must be a string")
                        })?;
                        let severity = match level {
                            "error" => Some(Severity::Error),
                            "warning" => Some(Severity::Warning),
                            "info" => Some(Severity::Info),
                            "off" => None,
                            other => {
                                return Err(format!(
                                    "[severity] {code}: unknown level `{other}`; use \
                                     \"error\", \"warning\", \"info\" or \"off\""
                                ))
                            }
                        };
                        config.severity.insert(code, severity);
                    }
                }
                "levels" => {
                    let names = value
                        .as_table()
                        .ok_or("`levels` must be a table of `name = \"level\"`")?;
                    for (name, level) in names {
                        let target = level.as_str().ok_or_else(|| {
                            format!("[levels] {name}: the level must be a string")
                        })?;
                        let level: Level = target.parse().map_err(|_| {
                            format!(
                                "[levels] {name}: unknown level `{target}`; use \"easy\", \
                                 \"medium\", \"hard\", \"unfair\" or \"extreme\""
                            )
                        })?;
                        config.levels.insert(name.to_lowercase(), level);
                    }
                }
                "format" => config.format = Style::from_toml(value)?,
                "files" => config.files = Files::from_toml(value)?,
                other => {
                    return Err(format!(
                        "unknown key `{other}`; known keys: {}",
                        TOP_KEYS.join(", ")
                    ))
                }
            }
        }
        Ok(config)
    }

    /// Reads the configuration file at `path`. The error names the file.
    pub fn load(path: &Path) -> Result<Settings, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Settings::from_toml_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Every code's name, for the message about an unknown one.
fn known_codes() -> String {
    Code::ALL.map(Code::as_str).join(", ")
}

/// One `exclude` glob, matched as `.gitignore` matches.
fn build_glob(pattern: &str) -> Result<Glob, String> {
    GlobBuilder::new(pattern)
        // `*` stays inside one folder, `**` crosses folders, as in .gitignore.
        .literal_separator(true)
        .build()
        .map_err(|e| format!("`exclude`: bad glob `{pattern}`: {e}"))
}

/// One `[files]` glob: a pattern without `/` matches a file name in any folder, as in
/// `.gitignore`; a leading `/` only anchors it to the configuration's folder.
fn build_file_glob(pattern: &str, what: &str) -> Result<Glob, String> {
    let anchored = match pattern.strip_prefix('/') {
        Some(rest) => rest.to_string(),
        None if !pattern.contains('/') => format!("**/{pattern}"),
        None => pattern.to_string(),
    };
    GlobBuilder::new(&anchored)
        .literal_separator(true)
        .build()
        .map_err(|e| format!("{what}: bad glob `{pattern}`: {e}"))
}

/// The nearest configuration file for `start_dir`: `start_dir/sudoku-lsp.toml`, else the one in
/// its parent, and so on up to the root. A relative `start_dir` is taken from the current folder.
pub fn find_config(start_dir: &Path) -> Option<PathBuf> {
    let start = absolute(start_dir);
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// `path` made absolute against the current folder, with `.` and `..` resolved by name (no
/// symlinks are followed), so paths compare and strip prefixes reliably.
pub fn absolute(path: &Path) -> PathBuf {
    let joined = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// A loaded configuration with where it came from, ready to answer "is this file excluded?".
#[derive(Clone, Debug)]
pub struct ProjectConfig {
    /// What the file says.
    pub settings: Settings,
    /// The configuration file, `None` for the built-in defaults.
    pub path: Option<PathBuf>,
    /// The folder `exclude` globs are relative to (the configuration file's folder).
    pub root: PathBuf,
    /// The `exclude` globs.
    exclude: GlobSet,
    /// The `[files]` format globs, longest pattern first, and the format of each.
    formats: Vec<(GlobMatcher, Format)>,
    /// The `[files]` globs of the files a walk picks up: `extend-include` and the format globs.
    include: GlobSet,
}

impl ProjectConfig {
    /// The built-in defaults: every code at its default severity, nothing excluded.
    pub fn defaults() -> Self {
        ProjectConfig {
            settings: Settings::default(),
            path: None,
            root: PathBuf::new(),
            exclude: GlobSet::empty(),
            formats: Vec::new(),
            include: GlobSet::empty(),
        }
    }

    /// Loads the configuration file at `path`; its `exclude` globs are relative to its folder.
    pub fn load(path: &Path) -> Result<Self, String> {
        let settings = Settings::load(path)?;
        let path = absolute(path);
        let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Self::new(settings, Some(path), root)
    }

    /// Wraps already parsed settings whose `exclude` globs are relative to `root`.
    pub fn new(settings: Settings, path: Option<PathBuf>, root: PathBuf) -> Result<Self, String> {
        let mut set = GlobSetBuilder::new();
        for pattern in &settings.exclude {
            set.add(build_glob(pattern)?);
        }
        let exclude = set
            .build()
            .map_err(|e| format!("`exclude`: cannot build the glob set: {e}"))?;
        let files = &settings.files;
        let mut formats = Vec::new();
        let mut include = GlobSetBuilder::new();
        for (pattern, format) in &files.formats {
            let glob = build_file_glob(pattern, "[files]")?;
            formats.push((pattern.len(), glob.compile_matcher(), *format));
            include.add(glob);
        }
        for pattern in &files.extend_include {
            include.add(build_file_glob(pattern, "[files] extend-include")?);
        }
        // The longer pattern is the more specific one; of two as long, the first in
        // alphabetical order (the order the table is read in) wins.
        formats.sort_by_key(|(len, _, _)| std::cmp::Reverse(*len));
        let include = include
            .build()
            .map_err(|e| format!("[files]: cannot build the glob set: {e}"))?;
        Ok(ProjectConfig {
            settings,
            path,
            root: absolute(&root),
            exclude,
            formats: formats.into_iter().map(|(_, m, f)| (m, f)).collect(),
            include,
        })
    }

    /// `file`'s path relative to the configuration's folder, `None` outside it.
    fn relative(&self, file: &Path) -> Option<PathBuf> {
        absolute(file)
            .strip_prefix(&self.root)
            .ok()
            .map(Path::to_path_buf)
    }

    /// The format `[files]` gives `file`, `None` when no pattern matches it (then `--from`,
    /// the extension or the contents decide, as without a configuration).
    pub fn format_of(&self, file: &Path) -> Option<Format> {
        if self.formats.is_empty() {
            return None;
        }
        let relative = self.relative(file)?;
        self.formats
            .iter()
            .find(|(glob, _)| glob.is_match(&relative))
            .map(|(_, format)| *format)
    }

    /// Whether `[files]` adds `file` to a folder's walk (`extend-include`, or a format glob).
    pub fn includes(&self, file: &Path) -> bool {
        if self.include.is_empty() {
            return false;
        }
        self.relative(file)
            .is_some_and(|relative| self.include.is_match(relative))
    }

    /// True when `file` (a file or a folder) matches an `exclude` glob, or lies inside a folder
    /// that does. Paths outside the configuration's folder are never excluded by it.
    pub fn is_excluded(&self, file: &Path) -> bool {
        if self.exclude.is_empty() {
            return false;
        }
        let file = absolute(file);
        let Ok(relative) = file.strip_prefix(&self.root) else {
            return false;
        };
        // Checking every ancestor lets `drafts` exclude `drafts/a.sudoku` as well as the folder.
        relative
            .ancestors()
            .filter(|p| !p.as_os_str().is_empty())
            .any(|p| self.exclude.is_match(p))
    }
}

/// Finds and loads configurations, remembering the answer per folder so that a walk over many
/// files reads each `sudoku-lsp.toml` once. Shared by the CLI's workers and the language server.
#[derive(Debug, Default)]
pub struct ConfigCache {
    /// `--config FILE`: used for every file instead of discovery.
    fixed: Option<Arc<ProjectConfig>>,
    /// Folder -> the configuration file that governs it (`None`: defaults).
    by_dir: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
    /// Configuration file -> its loaded contents or the error loading it.
    by_file: Mutex<HashMap<PathBuf, Result<Arc<ProjectConfig>, String>>>,
}

impl ConfigCache {
    /// A cache that discovers `sudoku-lsp.toml` from each file upward.
    pub fn discover() -> Self {
        ConfigCache::default()
    }

    /// A cache that uses the configuration file at `path` for every file (`--config FILE`).
    pub fn fixed(path: &Path) -> Result<Self, String> {
        Ok(ConfigCache {
            fixed: Some(Arc::new(ProjectConfig::load(path)?)),
            ..ConfigCache::default()
        })
    }

    /// The configuration for a file or folder at `path` (found from its parent folder upward).
    pub fn for_path(&self, path: &Path) -> Result<Arc<ProjectConfig>, String> {
        let dir = absolute(path)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        self.for_dir(&dir)
    }

    /// The configuration that governs the files of folder `dir`.
    pub fn for_dir(&self, dir: &Path) -> Result<Arc<ProjectConfig>, String> {
        if let Some(fixed) = &self.fixed {
            return Ok(fixed.clone());
        }
        let dir = absolute(dir);
        let cached = lock(&self.by_dir).get(&dir).cloned();
        let file = match cached {
            Some(file) => file,
            None => {
                let found = find_config(&dir);
                lock(&self.by_dir).insert(dir, found.clone());
                found
            }
        };
        let Some(file) = file else {
            return Ok(Arc::new(ProjectConfig::defaults()));
        };
        if let Some(loaded) = lock(&self.by_file).get(&file) {
            return loaded.clone();
        }
        // Loading happens outside the lock; two workers may both load the same file once, which
        // is harmless, and no worker waits on another's disk read.
        let loaded = ProjectConfig::load(&file).map(Arc::new);
        lock(&self.by_file).insert(file, loaded.clone());
        loaded
    }

    /// Forgets every cached answer (the language server calls this when a configuration file
    /// changes on disk).
    pub fn clear(&self) {
        lock(&self.by_dir).clear();
        lock(&self.by_file).clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_severities_and_excludes() {
        let s = Settings::from_toml_str(
            "exclude = [\"drafts/**\"]\n[severity]\nmultiple-solutions = \"warning\"\nbox-shape = \"off\"\n",
        )
        .unwrap();
        assert_eq!(s.exclude, vec!["drafts/**".to_string()]);
        let c = Config::from(s);
        assert_eq!(
            c.severity_of(Code::MultipleSolutions),
            Some(Severity::Warning)
        );
        assert_eq!(c.severity_of(Code::BoxShape), None);
        assert_eq!(c.severity_of(Code::NoSolution), Some(Severity::Error));
        assert_eq!(Settings::from_toml_str(""), Ok(Settings::default()));
    }

    #[test]
    fn selection_applies_after_the_configured_severities() {
        let mut c = Config::from(
            Settings::from_toml_str(
                "[severity]\nbox-shape = \"off\"\nmultiple-solutions = \"warning\"\n",
            )
            .unwrap(),
        );
        let sel = |list: &str| -> BTreeSet<Code> {
            let parsed: Vec<Selector> = list.split(',').map(|s| s.parse().unwrap()).collect();
            selected(&parsed)
        };
        // --select: only these, each at its configured severity (a code turned off comes back
        // at its default one).
        c.run.selection.select = Some(sel("multiple-solutions,box-shape,row-length"));
        assert_eq!(
            c.severity_of(Code::MultipleSolutions),
            Some(Severity::Warning)
        );
        assert_eq!(c.severity_of(Code::BoxShape), Some(Severity::Info));
        assert_eq!(c.severity_of(Code::RowLength), Some(Severity::Error));
        assert_eq!(c.severity_of(Code::NoSolution), None);
        // --ignore wins over --select.
        c.run.selection.ignore = sel("row-length");
        assert_eq!(c.severity_of(Code::RowLength), None);
        // --extend-select without --select adds to what the configuration leaves on.
        c.run.selection = Selection {
            extend: sel("box-shape"),
            ..Selection::default()
        };
        assert_eq!(c.severity_of(Code::BoxShape), Some(Severity::Info));
        assert_eq!(c.severity_of(Code::NoSolution), Some(Severity::Error));
        c.run.selection.select = Some(sel("ALL"));
        c.run.selection.ignore = sel("encoding");
        let on: Vec<Code> = Code::ALL
            .into_iter()
            .filter(|&k| c.severity_of(k).is_some())
            .collect();
        assert_eq!(on, Code::ALL[1..].to_vec());
        let unknown = "duplicate".parse::<Selector>().unwrap_err();
        assert!(
            unknown.starts_with("unknown code `duplicate`; known codes: ALL, encoding, "),
            "{unknown}"
        );
    }

    #[test]
    fn rejects_what_it_does_not_know() {
        let unknown_key = Settings::from_toml_str("excludes = []").unwrap_err();
        assert!(
            unknown_key.contains("unknown key `excludes`"),
            "{unknown_key}"
        );
        let unknown_code = Settings::from_toml_str("[severity]\nduplicate = \"off\"").unwrap_err();
        assert!(
            unknown_code.contains("unknown code `duplicate`"),
            "{unknown_code}"
        );
        let bad_level = Settings::from_toml_str("[severity]\nno-solution = \"fatal\"").unwrap_err();
        assert!(bad_level.contains("unknown level `fatal`"), "{bad_level}");
        assert!(Settings::from_toml_str("exclude = \"x\"").is_err());
        assert!(Settings::from_toml_str("exclude = [\"a[\"]").is_err());
        assert!(Settings::from_toml_str("[severity\n").is_err());
    }

    #[test]
    fn levels_map_names_onto_the_five() {
        let c = Settings::from_toml_str("[levels]\nGentle = \"easy\"\ndiabolical = \"Extreme\"")
            .unwrap();
        assert_eq!(c.level_named("gentle"), Some(Level::Easy));
        assert_eq!(c.level_named("DIABOLICAL"), Some(Level::Extreme));
        assert_eq!(c.level_named("Hard"), Some(Level::Hard));
        assert_eq!(c.level_named("tough"), None);
        let bad = Settings::from_toml_str("[levels]\ntough = \"brutal\"").unwrap_err();
        assert!(
            bad.contains("[levels] tough: unknown level `brutal`"),
            "{bad}"
        );
        assert!(Settings::from_toml_str("levels = 3").is_err());
    }

    #[test]
    fn excludes_relative_to_the_config_folder() {
        let config = Settings {
            exclude: vec![
                "drafts".into(),
                "*.tmp.sudoku".into(),
                "deep/**/x.sudoku".into(),
            ],
            ..Settings::default()
        };
        let p = ProjectConfig::new(config, None, PathBuf::from("/repo")).unwrap();
        assert!(p.is_excluded(Path::new("/repo/drafts")));
        assert!(p.is_excluded(Path::new("/repo/drafts/a/b.sudoku")));
        assert!(p.is_excluded(Path::new("/repo/a.tmp.sudoku")));
        // `*` does not cross folders.
        assert!(!p.is_excluded(Path::new("/repo/sub/a.tmp.sudoku")));
        assert!(p.is_excluded(Path::new("/repo/deep/1/2/x.sudoku")));
        assert!(!p.is_excluded(Path::new("/repo/ok.sudoku")));
        assert!(!p.is_excluded(Path::new("/elsewhere/drafts/a.sudoku")));
        assert!(p.is_excluded(Path::new("/repo/./x/../drafts/a.sudoku")));
    }

    #[test]
    fn files_maps_globs_to_formats_and_adds_files_to_the_walk() {
        let settings = Settings::from_toml_str(
            "[files]\n\"*.txt\" = \"bank\"\n\"tables/*.txt\" = \"tsv\"\nextend-include = [\"/top/*.puz\"]\n",
        )
        .unwrap();
        let p = ProjectConfig::new(settings, None, PathBuf::from("/repo")).unwrap();
        // No `/`: any folder; the longer pattern wins; `tsv` is read as `csv`.
        assert_eq!(p.format_of(Path::new("/repo/a/b.txt")), Some(Format::Bank));
        assert_eq!(
            p.format_of(Path::new("/repo/tables/b.txt")),
            Some(Format::Csv)
        );
        assert_eq!(p.format_of(Path::new("/repo/a.sudoku")), None);
        assert_eq!(p.format_of(Path::new("/elsewhere/b.txt")), None);
        assert!(p.includes(Path::new("/repo/x/y.txt")));
        assert!(p.includes(Path::new("/repo/top/y.puz")));
        // A leading `/` anchors the pattern to the configuration's folder.
        assert!(!p.includes(Path::new("/repo/x/top/y.puz")));
        assert!(!p.includes(Path::new("/repo/y.sudoku")));
        let bad = Settings::from_toml_str("[files]\n\"*.txt\" = \"nope\"").unwrap_err();
        assert!(bad.contains("unknown format `nope`"), "{bad}");
        assert!(Settings::from_toml_str("[files]\n\"a[\" = \"csv\"").is_err());
        assert!(Settings::from_toml_str("[files]\n\"*.txt\" = 3").is_err());
    }

    #[test]
    fn discovery_finds_the_nearest_file_and_caches_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("a/b/c")).unwrap();
        std::fs::write(root.join("a").join(FILE_NAME), "exclude = [\"b/skip\"]").unwrap();
        std::fs::write(
            root.join("a/b/c").join(FILE_NAME),
            "[severity]\nbox-shape = \"off\"",
        )
        .unwrap();
        assert_eq!(
            find_config(&root.join("a/b")),
            Some(absolute(&root.join("a").join(FILE_NAME)))
        );
        assert_eq!(
            find_config(&root.join("a/b/c")),
            Some(absolute(&root.join("a/b/c").join(FILE_NAME)))
        );

        let cache = ConfigCache::discover();
        let b = cache.for_dir(&root.join("a/b")).unwrap();
        assert!(b.is_excluded(&root.join("a/b/skip/x.sudoku")));
        assert_eq!(
            Config::from(b.settings.clone()).severity_of(Code::BoxShape),
            Some(Severity::Info)
        );
        let c = cache.for_path(&root.join("a/b/c/x.sudoku")).unwrap();
        assert_eq!(
            Config::from(c.settings.clone()).severity_of(Code::BoxShape),
            None
        );
        // The same folder answers from the cache with the same loaded configuration.
        assert!(Arc::ptr_eq(&b, &cache.for_dir(&root.join("a/b")).unwrap()));

        std::fs::write(root.join("a").join(FILE_NAME), "nonsense = 1").unwrap();
        cache.clear();
        let err = cache.for_dir(&root.join("a/b")).unwrap_err();
        assert!(err.contains("unknown key `nonsense`"), "{err}");
    }
}
