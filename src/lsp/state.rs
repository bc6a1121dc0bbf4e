//! The server's state: open documents as ropes, negotiated capabilities and settings, and the
//! analysis pipeline that turns a document generation into published diagnostics.
//!
//! Ordering rule: every publication is decided and queued while the document store's lock is
//! held (the queue send does not wait), so the order of publications for a file always follows
//! the order of the store's changes: a closed file never gets a late result of its open text,
//! and an old version never overwrites a newer one.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use ropey::Rope;
use tokio::sync::{mpsc, Notify};
use tower_lsp_server::ls_types::{Diagnostic, Uri};

use crate::analysis::duplicate_puzzle::{Marks, Registry};
use crate::analysis::{analyze_as, Context, Leftovers, PieceCache};
use crate::config::{Config, ProjectConfig, RunOptions};
use crate::finding::Code;
use crate::lsp::convert::{self, Mapper};
use crate::lsp::features::Snapshot;
use crate::lsp::settings::{lock, ProjectConfigs, Settings};
use crate::lsp::tutor::{self, Tutor};
use crate::syntax;
use crate::syntax::formats::{Format, Reading};
use crate::text::{ColumnUnit, LineIndex};
/// Kept here too, where `server.rs` looks for it.
pub use crate::walk::is_sudoku;
use crate::walk::{is_puzzle_file, Walk};

/// One open document.
#[derive(Debug)]
pub struct Document {
    pub rope: Rope,
    pub version: i32,
    /// Changes on every applied edit (and on a settings change that needs a new publication).
    pub generation: u64,
    /// The token of the analysis worker running for this document, if any.
    pub worker: Option<u64>,
    /// The newest finished analysis.
    pub latest: Option<Arc<Snapshot>>,
    /// Search outcomes of the last analysis, so an edit re-solves only the puzzles it changed.
    /// Locked only inside `spawn_blocking`.
    pub cache: Arc<Mutex<PieceCache>>,
    /// Woken whenever the worker stores an analysis (or gives up), for requests waiting on it.
    pub ready: Arc<Notify>,
    /// A change set could not be applied, so the server's text is no longer the client's: no
    /// diagnostics, hovers or edits are given for it until a change sends the whole text again
    /// (or the document is reopened).
    pub out_of_sync: bool,
}

impl Document {
    /// The newest analysis, if it is of the current text.
    fn current(&self) -> Option<Arc<Snapshot>> {
        if self.out_of_sync {
            return None;
        }
        self.latest
            .as_ref()
            .filter(|l| l.generation == self.generation)
            .cloned()
    }
}

#[derive(Debug, Default)]
pub struct Store {
    pub docs: HashMap<Uri, Document>,
    /// The file behind each open document, so a workspace scan skips open files even when the
    /// client spells their URI differently.
    pub paths: HashMap<PathBuf, Uri>,
}

impl Store {
    pub fn is_open(&self, uri: &Uri, path: Option<&Path>) -> bool {
        self.docs.contains_key(uri) || path.is_some_and(|p| self.paths.contains_key(p))
    }
}

/// What the client said it can do.
#[derive(Clone, Copy, Debug, Default)]
pub struct Caps {
    pub document_changes: bool,
    pub markdown_hover: bool,
    pub watch_dynamic: bool,
    pub configuration: bool,
}

/// A diagnostics publication waiting to be sent.
#[derive(Debug)]
pub struct Publish {
    pub uri: Uri,
    pub diagnostics: Vec<Diagnostic>,
    pub version: Option<i32>,
    /// Told once the publication is handed to the client connection, for a request whose
    /// answer must not reach the client before it.
    pub sent: Option<tokio::sync::oneshot::Sender<()>>,
}

#[derive(Debug)]
pub struct State {
    pub store: Mutex<Store>,
    pub unit: Mutex<ColumnUnit>,
    pub caps: Mutex<Caps>,
    pub settings: Mutex<Settings>,
    pub folders: Mutex<Vec<PathBuf>>,
    pub configs: ProjectConfigs,
    counter: AtomicU64,
    publish: mpsc::UnboundedSender<Publish>,
    pub publish_rx: Mutex<Option<mpsc::UnboundedReceiver<Publish>>>,
    pub shut_down: Arc<AtomicBool>,
    /// The ratings and solving paths the tutor keeps, shared with the requests that read them.
    pub tutor: Arc<Tutor>,
}

/// The file a URI names, for `file:` URIs.
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    if !uri.scheme().as_str().eq_ignore_ascii_case("file") {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

impl State {
    pub fn new(shut_down: Arc<AtomicBool>) -> Self {
        let (tx, rx) = mpsc::unbounded_channel();
        State {
            store: Mutex::default(),
            unit: Mutex::new(ColumnUnit::Utf16),
            caps: Mutex::default(),
            settings: Mutex::default(),
            folders: Mutex::default(),
            configs: ProjectConfigs::default(),
            counter: AtomicU64::new(1),
            publish: tx,
            publish_rx: Mutex::new(Some(rx)),
            shut_down,
            tutor: Arc::default(),
        }
    }

    pub fn next_id(&self) -> u64 {
        self.counter.fetch_add(1, Ordering::Relaxed)
    }

    pub fn unit(&self) -> ColumnUnit {
        *lock(&self.unit)
    }

    pub fn settings(&self) -> Settings {
        lock(&self.settings).clone()
    }

    /// Queues a publication; call it with the store locked (see the module comment).
    pub fn queue(
        &self,
        store: &Store,
        uri: Uri,
        diagnostics: Vec<Diagnostic>,
        version: Option<i32>,
    ) {
        self.queue_then(store, uri, diagnostics, version, None);
    }

    /// [`State::queue`], telling `sent` once the publication is handed to the client
    /// connection; call it with the store locked.
    pub fn queue_then(
        &self,
        _store: &Store,
        uri: Uri,
        diagnostics: Vec<Diagnostic>,
        version: Option<i32>,
        sent: Option<tokio::sync::oneshot::Sender<()>>,
    ) {
        // The receiver lives as long as the server; if it is gone the server is exiting.
        let _ = self.publish.send(Publish {
            uri,
            diagnostics,
            version,
            sent,
        });
    }

    /// A project's settings with the editor's code selection (settings `select`,
    /// `extendSelect`, `ignore`) on top, as `check` puts its flags on top.
    fn selected(&self, project: &ProjectConfig) -> Config {
        let run = RunOptions {
            selection: lock(&self.settings).selection.clone(),
            ..RunOptions::default()
        };
        Config::new(project.settings.clone(), run)
    }

    /// The project configuration for a document: its file's, else the first workspace
    /// folder's (an unsaved buffer), else the defaults.
    pub fn project_for(&self, uri: &Uri) -> Arc<ProjectConfig> {
        let path = file_path(uri).or_else(|| {
            lock(&self.folders)
                .first()
                .map(|f| f.join("untitled.sudoku"))
        });
        match path {
            Some(p) => self.configs.for_path(&p),
            None => self.configs.for_path(Path::new("")),
        }
    }

    /// Starts the analysis worker of a document unless one is running; the running one picks
    /// up the newest generation when it finishes, so a burst of edits costs one analysis at a
    /// time and the last edit is always analysed.
    pub fn schedule(self: &Arc<Self>, uri: &Uri, doc: &mut Document) {
        if doc.worker.is_some() {
            return;
        }
        let token = self.next_id();
        doc.worker = Some(token);
        let state = self.clone();
        let uri = uri.clone();
        tokio::spawn(async move { state.worker(uri, token).await });
    }

    async fn worker(self: Arc<Self>, uri: Uri, token: u64) {
        loop {
            let (rope, generation, version, cache) = {
                let store = lock(&self.store);
                match store.docs.get(&uri) {
                    Some(d) if d.worker == Some(token) => {
                        (d.rope.clone(), d.generation, d.version, d.cache.clone())
                    }
                    _ => return,
                }
            };
            let state = self.clone();
            let task_uri = uri.clone();
            let result = tokio::task::spawn_blocking(move || {
                let started = std::time::Instant::now();
                let (snap, leftovers) =
                    state.snapshot(&task_uri, &rope, generation, version, &cache);
                let analysed = started.elapsed();
                let cap = state.settings().max_diagnostics;
                let map = Mapper::new(&snap.text, &snap.index, state.unit());
                let diagnostics =
                    convert::diagnostics(snap.analysis.findings(), &map, &task_uri, cap);
                tracing::debug!(
                    "{} v{version}: analysed in {:.1} ms, {} findings converted in {:.1} ms",
                    task_uri.as_str(),
                    analysed.as_secs_f64() * 1e3,
                    snap.analysis.finding_count(),
                    (started.elapsed() - analysed).as_secs_f64() * 1e3
                );
                (Arc::new(snap), diagnostics, leftovers)
            })
            .await;
            // What to free once the lock is released (see `drop_later`).
            let garbage;
            {
                let mut store = lock(&self.store);
                let Some(doc) = store.docs.get_mut(&uri).filter(|d| d.worker == Some(token)) else {
                    return;
                };
                match result {
                    Ok((snap, diagnostics, leftovers)) if doc.generation == generation => {
                        let old = doc.latest.replace(snap.clone());
                        doc.worker = None;
                        doc.ready.notify_waiters();
                        self.queue(&store, uri.clone(), diagnostics, Some(version));
                        drop(store);
                        drop_later((old, leftovers));
                        self.prime(uri, snap);
                        return;
                    }
                    // A newer generation arrived meanwhile: analyse that one.
                    Ok((stale, _, leftovers)) => garbage = (stale, leftovers),
                    Err(e) => {
                        // A panic in the analysis: report it and stop; the next edit starts over.
                        tracing::error!("analysis of {} failed: {e}", uri.as_str());
                        doc.worker = None;
                        doc.ready.notify_waiters();
                        return;
                    }
                }
            }
            drop_later(garbage);
        }
    }

    /// Solves, in the background, the paths a hover on a small document reads (see
    /// [`Tutor::prime`]); a newer text stops it between puzzles.
    fn prime(self: &Arc<Self>, uri: Uri, snap: Arc<Snapshot>) {
        if !tutor::primes(&snap) {
            return;
        }
        let state = self.clone();
        tokio::task::spawn_blocking(move || {
            let stale = || {
                lock(&state.store)
                    .docs
                    .get(&uri)
                    .is_none_or(|d| d.generation != snap.generation)
            };
            let started = std::time::Instant::now();
            let primed = state.tutor.prime(&snap, &stale);
            tracing::debug!(
                "{} v{}: {primed} solving paths ready in {:.1} ms",
                uri.as_str(),
                snap.version,
                started.elapsed().as_secs_f64() * 1e3
            );
        });
    }

    /// Analyses one generation of a document's text (blocking).
    pub fn snapshot(
        &self,
        uri: &Uri,
        rope: &Rope,
        generation: u64,
        version: i32,
        cache: &Mutex<PieceCache>,
    ) -> (Snapshot, Leftovers) {
        let started = std::time::Instant::now();
        let text = String::from(rope);
        let copied = started.elapsed();
        let project = self.project_for(uri);
        let cache_wait = std::time::Instant::now();
        let mut cache = lock(cache);
        let waited = cache_wait.elapsed();
        let config = self.selected(&project);
        let reading = reading_of(&project, uri, &text);
        let analysis = if reading.format == Format::Sudoku {
            cache.analyze(&text, &config)
        } else {
            // Other formats are read whole (docs/formats.md), without the piece cache.
            analyze_as(&text, reading, &config).into()
        };
        let leftovers = cache.take_leftovers();
        drop(cache);
        let indexing = std::time::Instant::now();
        let index = LineIndex::new(&text);
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        tracing::trace!(
            "snapshot: text {:.1} ms, config {:.1} ms, cache wait {:.1} ms, line index {:.1} ms, total {:.1} ms",
            ms(copied),
            ms(cache_wait - started - copied),
            ms(waited),
            ms(indexing.elapsed()),
            ms(started.elapsed())
        );
        let snap = Snapshot {
            generation,
            version,
            index,
            text,
            analysis,
        };
        (snap, leftovers)
    }

    /// The snapshot of a document's current text: the worker's if it is current, else made now.
    pub async fn current_snapshot(self: &Arc<Self>, uri: &Uri) -> Option<Arc<Snapshot>> {
        // While the worker analyses the current text, wait for it rather than analysing the
        // same text a second time (on a large collection that would double the wait). A few
        // rounds only: under continuous typing the request makes its own snapshot.
        for _ in 0..3 {
            let ready = {
                let store = lock(&self.store);
                let doc = store.docs.get(uri)?;
                if let Some(latest) = doc.current() {
                    return Some(latest);
                }
                if doc.worker.is_none() {
                    break;
                }
                // Registered before the lock is released, so the worker's wake-up is not missed.
                doc.ready.clone().notified_owned()
            };
            if tokio::time::timeout(std::time::Duration::from_secs(30), ready)
                .await
                .is_err()
            {
                break;
            }
        }
        let (rope, generation, version, cache) = {
            let store = lock(&self.store);
            let doc = store.docs.get(uri).filter(|d| !d.out_of_sync)?;
            if let Some(latest) = doc.current() {
                return Some(latest);
            }
            (
                doc.rope.clone(),
                doc.generation,
                doc.version,
                doc.cache.clone(),
            )
        };
        let state = self.clone();
        let uri = uri.clone();
        match tokio::task::spawn_blocking(move || {
            state.snapshot(&uri, &rope, generation, version, &cache)
        })
        .await
        {
            Ok((snap, leftovers)) => {
                drop_later(leftovers);
                Some(Arc::new(snap))
            }
            Err(e) => {
                tracing::error!("analysis failed: {e}");
                None
            }
        }
    }

    /// Marks every open document for a new publication (settings or configuration changed).
    pub fn reanalyse_open(self: &Arc<Self>) {
        let mut store = lock(&self.store);
        let uris: Vec<Uri> = store.docs.keys().cloned().collect();
        for uri in uris {
            let generation = self.next_id();
            if let Some(doc) = store.docs.get_mut(&uri) {
                doc.generation = generation;
                self.schedule(&uri, doc);
            }
        }
    }

    /// Analyses a file on disk and publishes its diagnostics, unless the file is open (the
    /// editor's text wins) or excluded by configuration (then its diagnostics are cleared).
    /// Blocking. A missing file has its diagnostics cleared.
    pub fn publish_disk(&self, path: &Path, uri: Option<Uri>) {
        self.publish_disk_marked(path, uri, None);
    }

    /// [`State::publish_disk`], with the file's `duplicate-puzzle` marks from a workspace scan.
    fn publish_disk_marked(&self, path: &Path, uri: Option<Uri>, marks: Option<Arc<Marks>>) {
        let Some(uri) = uri.or_else(|| Uri::from_file_path(path)) else {
            tracing::warn!("cannot name {} as a URI", path.display());
            return;
        };
        let project = self.configs.for_path(path);
        let diagnostics = match std::fs::read(path) {
            Ok(_) if project.is_excluded(path) => Vec::new(),
            Ok(bytes) => self.disk_diagnostics(&bytes, &uri, &project, marks.as_deref()),
            Err(e) => {
                if e.kind() != std::io::ErrorKind::NotFound {
                    tracing::warn!("cannot read {}: {e}", path.display());
                }
                Vec::new()
            }
        };
        let store = lock(&self.store);
        if !store.is_open(&uri, Some(path)) {
            self.queue(&store, uri, diagnostics, None);
        }
    }

    fn disk_diagnostics(
        &self,
        bytes: &[u8],
        uri: &Uri,
        project: &ProjectConfig,
        marks: Option<&Marks>,
    ) -> Vec<Diagnostic> {
        let cap = self.settings().max_diagnostics;
        let unit = self.unit();
        match syntax::decode(bytes) {
            Ok((text, _)) => {
                let reading = reading_of(project, uri, text);
                let config = self.selected(project);
                let analysis = analyze_as(text, reading, Context::new(&config, marks));
                let index = LineIndex::new(text);
                let map = Mapper::new(text, &index, unit);
                convert::diagnostics(analysis.findings.iter(), &map, uri, cap)
            }
            Err(finding) => {
                let index = LineIndex::new("");
                let map = Mapper::new("", &index, unit);
                convert::diagnostics(std::iter::once(&finding), &map, uri, cap)
            }
        }
    }

    /// Clears a file's diagnostics unless it is open.
    pub fn clear_if_closed(&self, uri: Uri, path: Option<&Path>) {
        let store = lock(&self.store);
        if !store.is_open(&uri, path) {
            self.queue(&store, uri, Vec::new(), None);
        }
    }

    /// True when `path` is a `.sudoku` file inside a workspace folder that a workspace scan
    /// would visit (not hidden, not ignored by `.gitignore` and friends).
    pub fn is_workspace_file(&self, path: &Path) -> bool {
        let folders = lock(&self.folders).clone();
        if !self.picks_up(path) || !folders.iter().any(|f| path.starts_with(f)) {
            return false;
        }
        let Some(parent) = path.parent() else {
            return false;
        };
        // Walking the file's own folder one level deep applies the ignore files of that folder
        // and of every folder above it, the same rules the scan uses.
        Walk::new(parent)
            .max_depth(1)
            .entries()
            .filter_map(Result::ok)
            .any(|e| e.path() == path)
    }

    /// Clears the diagnostics of the `.sudoku` files under folders that left the workspace,
    /// unless they are open or still under another folder (blocking). Returns how many.
    pub fn forget_folders(&self, removed: &[PathBuf]) -> usize {
        let folders = lock(&self.folders).clone();
        let mut count = 0;
        for folder in removed {
            for path in Walk::new(folder).files().flatten() {
                if folders.iter().any(|f| path.starts_with(f)) {
                    continue;
                }
                let Some(uri) = Uri::from_file_path(&path) else {
                    continue;
                };
                let store = lock(&self.store);
                if !store.is_open(&uri, Some(&path)) {
                    self.queue(&store, uri, Vec::new(), None);
                    count += 1;
                }
            }
        }
        count
    }

    /// Publishes every `.sudoku` file of the workspace folders that is not open (blocking), in
    /// path order; where the configuration turns `duplicate-puzzle` on, each puzzle that
    /// repeats an earlier one of the scan is reported (as `check` does over the same files).
    pub fn scan_workspace(&self) -> usize {
        let files = self.workspace_files();
        let mut registry = Registry::default();
        for path in &files {
            let marks = self.duplicate_marks(path, &mut registry);
            self.publish_disk_marked(path, None, marks);
        }
        files.len()
    }

    /// The `duplicate-puzzle` marks of a scanned file, when its configuration turns the code on.
    fn duplicate_marks(&self, path: &Path, registry: &mut Registry) -> Option<Arc<Marks>> {
        let project = self.configs.for_path(path);
        self.selected(&project).severity_of(Code::DuplicatePuzzle)?;
        let bytes = std::fs::read(path).ok()?;
        let (text, _) = syntax::decode(&bytes).ok()?;
        registry.start_file(&path.display().to_string());
        let marks = registry.see_piece(&syntax::parse(text), text, 0, 0);
        Some(Arc::new(registry.marks(marks)))
    }

    /// Whether a folder's walk picks up `path`: a puzzle file by its extension (and a CSV by its
    /// header), or a file its configuration's `[files]` adds.
    pub fn picks_up(&self, path: &Path) -> bool {
        is_puzzle_file(path) || self.configs.for_path(path).includes(path)
    }

    /// Every puzzle file of the workspace folders that the configuration does not exclude,
    /// sorted by path.
    fn workspace_files(&self) -> Vec<PathBuf> {
        let folders = lock(&self.folders).clone();
        let mut files = Vec::new();
        for folder in folders {
            let included = |path: &Path| self.configs.for_path(path).includes(path);
            for path in Walk::new(&folder).files_and(included) {
                let path = match path {
                    Ok(path) => path,
                    Err(e) => {
                        tracing::warn!("workspace scan: {e}");
                        continue;
                    }
                };
                // `exclude` is checked file by file, with the configuration that governs the
                // file; `check` prunes folders with the configuration of their parent instead,
                // which differs only for a folder excluded above it that has its own
                // configuration file (`check` skips it, the scan does not).
                if self.configs.for_path(&path).is_excluded(&path) {
                    continue;
                }
                files.push(path);
            }
        }
        files.sort();
        files.dedup();
        files
    }
}

/// How the document at `uri` is read: the format its configuration's `[files]` gives it, else
/// its extension, else its contents (docs/formats.md).
pub fn reading_of(project: &ProjectConfig, uri: &Uri, text: &str) -> Reading {
    let path = file_path(uri);
    let from = path.as_deref().and_then(|p| project.format_of(p));
    Reading::decide(from, path.as_deref(), text)
}

/// Frees what an analysis no longer needs on a blocking thread: freeing the analysis of a large
/// file takes tens of milliseconds, which neither the store's lock nor an async thread nor the
/// next publication should wait for.
fn drop_later<T: Send + 'static>(garbage: T) {
    tokio::task::spawn_blocking(move || drop(garbage));
}
