//! The protocol handlers. Document notifications change the store synchronously (no `.await`
//! before the change is applied); everything slow runs in `spawn_blocking`.

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use ropey::Rope;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{
    CodeActionKind, CodeActionOptions, CodeActionOrCommand, CodeActionParams,
    CodeActionProviderCapability, CodeActionResponse, CodeLens, CodeLensOptions, CodeLensParams,
    ConfigurationItem, DidChangeConfigurationParams, DidChangeTextDocumentParams,
    DidChangeWatchedFilesParams, DidChangeWatchedFilesRegistrationOptions,
    DidChangeWorkspaceFoldersParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentSymbolParams, DocumentSymbolResponse, ExecuteCommandOptions, ExecuteCommandParams,
    FileChangeType, FileSystemWatcher, FoldingRange, FoldingRangeParams,
    FoldingRangeProviderCapability, GlobPattern, Hover, HoverParams, HoverProviderCapability,
    InitializeParams, InitializeResult, InitializedParams, InlayHint, InlayHintParams, MarkupKind,
    MessageType, OneOf, Position, Registration, SemanticTokensFullOptions, SemanticTokensOptions,
    SemanticTokensParams, SemanticTokensRangeParams, SemanticTokensRangeResult,
    SemanticTokensResult, SemanticTokensServerCapabilities, ServerCapabilities, ServerInfo,
    TextDocumentContentChangeEvent, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, Uri, WorkspaceFolder, WorkspaceFoldersServerCapabilities,
    WorkspaceServerCapabilities,
};
use tower_lsp_server::{Client, LanguageServer};

use crate::config::FILE_NAME;
use crate::lsp::convert::{self, ActionKind, Mapper};
use crate::lsp::features;
use crate::lsp::features::Snapshot;
use crate::lsp::settings::{lock, SECTION};
use crate::lsp::state::{file_path, Caps, Document, State};
use crate::lsp::tutor::{self, Tutor};
use crate::lsp::{outline, tokens};
use crate::syntax::formats::Format;

pub struct Backend {
    client: Client,
    state: Arc<State>,
    tutor: Arc<Tutor>,
}

impl Backend {
    pub fn new(client: Client, state: Arc<State>) -> Self {
        Backend {
            client,
            tutor: state.tutor.clone(),
            state,
        }
    }

    /// The current snapshot of an open document for request `what` (logged when not open).
    async fn snapshot_for(&self, uri: &Uri, what: &str) -> Option<Arc<Snapshot>> {
        let snap = self.state.current_snapshot(uri).await;
        if snap.is_none() {
            tracing::warn!("{what} on a document that is not open: {}", uri.as_str());
        }
        snap
    }

    /// Answers a read-only request on the current snapshot of `uri`, off the async threads:
    /// `None` when the document is not open.
    async fn on_snapshot<T: Send + 'static>(
        &self,
        uri: &Uri,
        what: &str,
        work: impl FnOnce(&Snapshot, &Mapper<'_>) -> Option<T> + Send + 'static,
    ) -> Result<Option<T>> {
        let Some(snap) = self.snapshot_for(uri, what).await else {
            return Ok(None);
        };
        let unit = self.state.unit();
        off_thread(move || work(&snap, &Mapper::new(&snap.text, &snap.index, unit))).await
    }

    /// A test of whether a document has changed since `snap` was made, for long work to stop.
    fn staleness(&self, uri: &Uri, snap: &Snapshot) -> impl Fn() -> bool + Send + Sync + 'static {
        let state = self.state.clone();
        let (uri, generation) = (uri.clone(), snap.generation);
        move || {
            lock(&state.store)
                .docs
                .get(&uri)
                .is_none_or(|d| d.generation != generation)
        }
    }

    /// `sudoku.hint`: shows the next step and marks the cells that prove it until the next edit.
    async fn hint_command(&self, uri: Uri, pos: Position) -> Result<Option<Value>> {
        let Some(snap) = self.snapshot_for(&uri, "sudoku.hint").await else {
            return Ok(None);
        };
        let (unit, settings) = (self.state.unit(), self.state.settings());
        let task_snap = snap.clone();
        let task_uri = uri.clone();
        let found = off_thread(move || {
            let map = Mapper::new(&task_snap.text, &task_snap.index, unit);
            let answer = tutor::hint(&task_snap, map.offset(pos), &settings)?;
            let mut diagnostics = convert::diagnostics(
                task_snap.analysis.findings(),
                &map,
                &task_uri,
                settings.max_diagnostics,
            );
            diagnostics.extend(answer.diagnostics(&map));
            Some((answer, diagnostics))
        })
        .await?;
        let Some((answer, diagnostics)) = found else {
            self.client
                .show_message(MessageType::INFO, "No hint here: put the cursor in a puzzle with exactly one solution that is not solved yet.")
                .await;
            return Ok(None);
        };
        // The marks and the message go out before the answer: a client that handles what follows
        // an answer late (Emacs 28's jsonrpc leaves it unread until the server next writes)
        // still shows them at once.
        let (sent, published) = tokio::sync::oneshot::channel();
        {
            let store = lock(&self.state.store);
            if store
                .docs
                .get(&uri)
                .is_some_and(|d| d.generation == snap.generation)
            {
                self.state
                    .queue_then(&store, uri, diagnostics, Some(snap.version), Some(sent));
            }
        }
        let _ = published.await;
        self.client
            .show_message(MessageType::INFO, &answer.message)
            .await;
        Ok(Some(answer.to_json()))
    }

    /// `sudoku.applyNextStep`: asks the client to apply the next step's edit.
    async fn apply_command(&self, uri: Uri, pos: Position) -> Result<Option<Value>> {
        let Some(snap) = self.snapshot_for(&uri, "sudoku.applyNextStep").await else {
            return Ok(None);
        };
        let unit = self.state.unit();
        let versioned = lock(&self.state.caps).document_changes;
        let task_uri = uri.clone();
        let found = off_thread(move || {
            let map = Mapper::new(&snap.text, &snap.index, unit);
            let applied = tutor::apply(&snap, map.offset(pos))?;
            let edit =
                convert::workspace_edit(&task_uri, snap.version, &applied.edits, &map, versioned);
            Some((applied.title, edit))
        })
        .await?;
        let Some((title, edit)) = found else {
            self.client
                .show_message(MessageType::INFO, "No step to apply here.")
                .await;
            return Ok(None);
        };
        let applied = match self.client.apply_edit(edit).await {
            Ok(response) => response.applied,
            Err(e) => {
                tracing::warn!("workspace/applyEdit failed: {e}");
                false
            }
        };
        Ok(Some(json!({"title": title, "applied": applied})))
    }

    /// `sudoku.explainHtml`: the page of `explain --format html` for one puzzle, the one at
    /// `position` or the 0-based `puzzle` of the document: `{"title": ..., "html": ...}`, or
    /// null (with a message) when there is no puzzle there.
    async fn explain_html_command(&self, arguments: &[Value]) -> Result<Option<Value>> {
        let Some((uri, at)) = explain_target(arguments) else {
            return Err(Error::invalid_params(format!(
                "{EXPLAIN_HTML_COMMAND} takes one argument {{uri, position}} or {{uri, puzzle}}"
            )));
        };
        let name = file_path(&uri)
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| uri.as_str().rsplit('/').next().unwrap_or("").to_string());
        let page = self
            .on_snapshot(&uri, EXPLAIN_HTML_COMMAND, move |snap, map| {
                let offset = match at {
                    PuzzleAt::Position(pos) => map.offset(pos),
                    PuzzleAt::Index(i) => snap.analysis.puzzle(i)?.first_line.start,
                };
                explain_html(snap, offset, &name)
            })
            .await?;
        match page {
            Some((title, html)) => Ok(Some(json!({"title": title, "html": html}))),
            None => {
                self.client
                    .show_message(
                        MessageType::INFO,
                        "No steps to show: put the cursor in a puzzle.",
                    )
                    .await;
                Ok(None)
            }
        }
    }

    /// Asks the client for the `sudoku` section and applies it; true when it changed.
    async fn fetch_settings(&self) -> bool {
        if !lock(&self.state.caps).configuration {
            return false;
        }
        let item = ConfigurationItem {
            scope_uri: None,
            section: Some(SECTION.to_string()),
        };
        match self.client.configuration(vec![item]).await {
            Ok(values) => {
                let mut settings = lock(&self.state.settings);
                let before = settings.clone();
                for v in &values {
                    settings.update(v);
                }
                *settings != before
            }
            Err(e) => {
                tracing::warn!("workspace/configuration failed: {e}");
                false
            }
        }
    }

    async fn register_watchers(&self) {
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![
                FileSystemWatcher {
                    glob_pattern: GlobPattern::String(
                        "**/*.{sudoku,sdk,sdm,sdx,ss,opensudoku,csv,tsv}".to_string(),
                    ),
                    kind: None,
                },
                FileSystemWatcher {
                    glob_pattern: GlobPattern::String(format!("**/{FILE_NAME}")),
                    kind: None,
                },
            ],
        };
        let registration = Registration {
            id: "sudoku-watched-files".to_string(),
            method: "workspace/didChangeWatchedFiles".to_string(),
            register_options: serde_json::to_value(options).ok(),
        };
        if let Err(e) = self.client.register_capability(vec![registration]).await {
            tracing::warn!("could not register file watching: {e}");
        }
    }

    /// Applies a change set whole or not at all. When it cannot be applied, the document is
    /// out of sync and the reason is returned.
    fn apply_change_set(
        &self,
        uri: &Uri,
        version: i32,
        changes: &[TextDocumentContentChangeEvent],
    ) -> Option<String> {
        let unit = self.state.unit();
        let mut store = lock(&self.state.store);
        let Some(doc) = store.docs.get_mut(uri) else {
            tracing::warn!(
                "didChange for a document that is not open: {}",
                uri.as_str()
            );
            return None;
        };
        let mut changes = changes;
        if doc.out_of_sync {
            // Only a change that sends the whole text brings the document back.
            let last_whole = changes.iter().rposition(|c| c.range.is_none())?;
            changes = &changes[last_whole..];
        }
        let problem = match convert::apply_changes(&doc.rope, changes, unit) {
            Ok(rope) => {
                doc.rope = rope;
                doc.version = version;
                doc.generation = self.state.next_id();
                if std::mem::take(&mut doc.out_of_sync) {
                    tracing::info!("{} is in sync again", uri.as_str());
                }
                self.state.schedule(uri, doc);
                return None;
            }
            Err(e) => e,
        };
        // The client's text is now unknown: take back the diagnostics, which sit on text the
        // server no longer has, rather than leave them in the wrong places.
        tracing::warn!(
            "ignoring change set of {} (version {version}): {problem}; the document is out of sync",
            uri.as_str()
        );
        doc.out_of_sync = true;
        doc.generation = self.state.next_id();
        self.state.queue(&store, uri.clone(), Vec::new(), None);
        Some(problem)
    }

    fn rescan(&self) {
        let state = self.state.clone();
        tokio::task::spawn_blocking(move || {
            let n = state.scan_workspace();
            tracing::info!("workspace scan: {n} files");
        });
    }
}

fn caps_of(params: &InitializeParams) -> Caps {
    let c = &params.capabilities;
    let ws = c.workspace.as_ref();
    Caps {
        document_changes: ws
            .and_then(|w| w.workspace_edit.as_ref())
            .and_then(|e| e.document_changes)
            .unwrap_or(false),
        markdown_hover: c
            .text_document
            .as_ref()
            .and_then(|t| t.hover.as_ref())
            .and_then(|h| h.content_format.as_ref())
            .is_some_and(|f| f.contains(&MarkupKind::Markdown)),
        watch_dynamic: ws
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|d| d.dynamic_registration)
            .unwrap_or(false),
        configuration: ws.and_then(|w| w.configuration).unwrap_or(false),
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let unit = convert::negotiate_encoding(&params);
        *lock(&self.state.unit) = unit;
        *lock(&self.state.caps) = caps_of(&params);
        let inlay_hints = params
            .capabilities
            .text_document
            .as_ref()
            .is_some_and(|t| t.inlay_hint.is_some());
        self.tutor.inlay_hints.store(inlay_hints, Ordering::Relaxed);
        if let Some(options) = &params.initialization_options {
            lock(&self.state.settings).update(options);
        }
        let mut folders: Vec<_> = params
            .workspace_folders
            .iter()
            .flatten()
            .filter_map(|f| file_path(&f.uri))
            .collect();
        #[allow(deprecated)]
        if folders.is_empty() {
            folders.extend(params.root_uri.as_ref().and_then(file_path));
        }
        *lock(&self.state.folders) = folders;

        // One task sends every publication in the order the store queued them.
        if let Some(mut rx) = lock(&self.state.publish_rx).take() {
            let client = self.client.clone();
            tokio::spawn(async move {
                while let Some(p) = rx.recv().await {
                    client
                        .publish_diagnostics(p.uri, p.diagnostics, p.version)
                        .await;
                    if let Some(sent) = p.sent {
                        let _ = sent.send(());
                    }
                }
            });
        }

        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(convert::encoding_kind(unit)),
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        ..TextDocumentSyncOptions::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                document_formatting_provider: Some(OneOf::Left(true)),
                document_range_formatting_provider: Some(OneOf::Left(true)),
                workspace: Some(WorkspaceServerCapabilities {
                    workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                        supported: Some(true),
                        change_notifications: Some(OneOf::Left(true)),
                    }),
                    file_operations: None,
                }),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::REFACTOR_REWRITE,
                            ActionKind::FixAll.kind(),
                            CodeActionKind::new(tutor::HINT_KIND),
                        ]),
                        ..CodeActionOptions::default()
                    },
                )),
                execute_command_provider: Some(ExecuteCommandOptions {
                    commands: [tutor::HINT_COMMAND, tutor::APPLY_COMMAND]
                        .into_iter()
                        .chain(cfg!(feature = "draw").then_some(EXPLAIN_HTML_COMMAND))
                        .map(str::to_string)
                        .collect(),
                    ..ExecuteCommandOptions::default()
                }),
                inlay_hint_provider: Some(OneOf::Left(true)),
                // Where the client shows no inlay hints, the glance is a code lens.
                code_lens_provider: (!inlay_hints).then_some(CodeLensOptions {
                    resolve_provider: Some(true),
                }),
                document_symbol_provider: Some(OneOf::Left(true)),
                folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: tokens::legend(),
                            range: Some(true),
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            ..SemanticTokensOptions::default()
                        },
                    ),
                ),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "sudoku-lsp".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        // The scan does not wait for the client's answers below.
        self.rescan();
        if lock(&self.state.caps).watch_dynamic {
            self.register_watchers().await;
        }
        if self.fetch_settings().await {
            self.state.reanalyse_open();
            self.rescan();
        }
    }

    async fn shutdown(&self) -> Result<()> {
        self.state.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        let mut store = lock(&self.state.store);
        let generation = self.state.next_id();
        let path = file_path(&doc.uri);
        if let Some(p) = path {
            store.paths.insert(p, doc.uri.clone());
        }
        let entry = store.docs.entry(doc.uri.clone()).or_insert(Document {
            rope: Rope::new(),
            version: doc.version,
            generation,
            worker: None,
            latest: None,
            cache: Arc::default(),
            ready: Arc::default(),
            out_of_sync: false,
        });
        entry.out_of_sync = false;
        entry.rope = Rope::from_str(&doc.text);
        entry.version = doc.version;
        entry.generation = generation;
        self.state.schedule(&doc.uri, entry);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let Some(problem) =
            self.apply_change_set(&uri, params.text_document.version, &params.content_changes)
        else {
            return;
        };
        let name = uri.as_str().rsplit(['/', ':']).next().unwrap_or_default();
        self.client
            .show_message(
                MessageType::WARNING,
                format!(
                    "sudoku-lsp could not apply an edit to {name} ({problem}); it shows nothing \
                     for this file until the whole text is sent again (close and reopen it)"
                ),
            )
            .await;
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let path = file_path(&uri);
        {
            let mut store = lock(&self.state.store);
            match store.docs.remove(&uri) {
                // Requests waiting for its analysis find it gone and answer at once.
                Some(doc) => doc.ready.notify_waiters(),
                None => {
                    tracing::warn!("didClose for a document that is not open: {}", uri.as_str())
                }
            }
            if let Some(p) = &path {
                store.paths.remove(p);
            }
        }
        let state = self.state.clone();
        tokio::task::spawn_blocking(move || match path {
            // A workspace file goes back to what its text on disk says.
            Some(p) if state.is_workspace_file(&p) => state.publish_disk(&p, Some(uri)),
            _ => state.clear_if_closed(uri, path.as_deref()),
        });
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        lock(&self.state.settings).update(&params.settings);
        self.fetch_settings().await;
        self.state.reanalyse_open();
        self.rescan();
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        let paths = |list: &[WorkspaceFolder]| -> Vec<PathBuf> {
            list.iter().filter_map(|f| file_path(&f.uri)).collect()
        };
        let removed = paths(&params.event.removed);
        let added = paths(&params.event.added);
        {
            let mut folders = lock(&self.state.folders);
            folders.retain(|f| !removed.contains(f));
            for folder in added {
                if !folders.contains(&folder) {
                    folders.push(folder);
                }
            }
        }
        let state = self.state.clone();
        tokio::task::spawn_blocking(move || {
            let n = state.forget_folders(&removed);
            tracing::info!("workspace folders changed: {n} files cleared");
        });
        // Checks the added folders (and the others again).
        self.rescan();
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let mut config_changed = false;
        let mut work = Vec::new();
        for change in params.changes {
            let Some(path) = file_path(&change.uri) else {
                continue;
            };
            if path.file_name().is_some_and(|n| n == FILE_NAME) {
                config_changed = true;
            } else if self.state.picks_up(&path) {
                work.push((change.uri, path, change.typ));
            }
        }
        let state = self.state.clone();
        if config_changed {
            state.configs.clear();
            state.reanalyse_open();
            self.rescan();
        }
        tokio::task::spawn_blocking(move || {
            for (uri, path, typ) in work {
                if typ == FileChangeType::DELETED {
                    state.clear_if_closed(uri, Some(&path));
                } else if state.is_workspace_file(&path) {
                    state.publish_disk(&path, Some(uri));
                }
            }
        });
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let uri = params.text_document_position_params.text_document.uri;
        let pos = params.text_document_position_params.position;
        let Some(snap) = self.state.current_snapshot(&uri).await else {
            tracing::warn!("hover on a document that is not open: {}", uri.as_str());
            return Ok(None);
        };
        let unit = self.state.unit();
        let settings = self.state.settings();
        let markdown = lock(&self.state.caps).markdown_hover;
        let tutor = self.tutor.clone();
        off_thread(move || {
            let map = Mapper::new(&snap.text, &snap.index, unit);
            let offset = map.offset(pos);
            features::hover(&snap, offset, &settings, &tutor)
                .map(|(text, range)| convert::hover(text, range, &map, markdown))
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let Some(snap) = self.state.current_snapshot(&uri).await else {
            tracing::warn!(
                "codeAction on a document that is not open: {}",
                uri.as_str()
            );
            return Ok(None);
        };
        let unit = self.state.unit();
        let settings = self.state.settings();
        let versioned = lock(&self.state.caps).document_changes;
        let only = params.context.only.unwrap_or_default();
        let range = params.range;
        off_thread(move || {
            let map = Mapper::new(&snap.text, &snap.index, unit);
            let (mut start, mut end) = (map.offset(range.start), map.offset(range.end));
            if start > end {
                std::mem::swap(&mut start, &mut end);
            }
            let wanted = |kind: ActionKind| {
                only.is_empty() || only.iter().any(|o| kind_within(&kind.kind(), o))
            };
            let mut actions = features::actions(&snap, start, end, &settings);
            actions.retain(|a| wanted(a.kind));
            // Fixing the whole document is asked for by kind (an editor's "fix all" command or
            // its on-save actions), not offered at every cursor move: it visits every finding.
            if !only.is_empty() && wanted(ActionKind::FixAll) {
                actions.extend(features::fix_all(&snap));
            }
            let mut actions: Vec<CodeActionOrCommand> = actions
                .iter()
                .map(|a| {
                    CodeActionOrCommand::CodeAction(convert::code_action(
                        a,
                        &uri,
                        snap.version,
                        &map,
                        versioned,
                    ))
                })
                .collect();
            let wanted =
                |k: &CodeActionKind| only.is_empty() || only.iter().any(|o| kind_within(k, o));
            let target = (&uri, range.start);
            let taught = tutor::code_actions(&snap, start, target, &map, versioned, wanted);
            actions.extend(taught.into_iter().map(CodeActionOrCommand::CodeAction));
            Some(actions)
        })
        .await
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<Value>> {
        if params.command == EXPLAIN_HTML_COMMAND {
            return self.explain_html_command(&params.arguments).await;
        }
        let Some((uri, pos)) = tutor::command_target(&params.arguments) else {
            return Err(Error::invalid_params(format!(
                "{} takes one argument {{uri, position}}",
                params.command
            )));
        };
        match params.command.as_str() {
            tutor::HINT_COMMAND => self.hint_command(uri, pos).await,
            tutor::APPLY_COMMAND => self.apply_command(uri, pos).await,
            other => Err(Error::invalid_params(format!("unknown command {other}"))),
        }
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let uri = params.text_document.uri;
        let Some(snap) = self.snapshot_for(&uri, "inlayHint").await else {
            return Ok(None);
        };
        let unit = self.state.unit();
        let stale = self.staleness(&uri, &snap);
        let tutor = self.tutor.clone();
        let range = params.range;
        let hints = off_thread(move || {
            let map = Mapper::new(&snap.text, &snap.index, unit);
            let span = (map.offset(range.start), map.offset(range.end));
            tutor.inlay_hints(&snap, span, &map, &stale)
        })
        .await?;
        // The text changed while rating: the client asks again for the new text.
        hints.map(Some).ok_or_else(Error::content_modified)
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = params.text_document.uri;
        let tutor = self.tutor.clone();
        let lens_uri = uri.clone();
        self.on_snapshot(&uri, "codeLens", move |snap, map| {
            Some(tutor.code_lenses(snap, &lens_uri, map))
        })
        .await
    }

    async fn code_lens_resolve(&self, lens: CodeLens) -> Result<CodeLens> {
        let data = lens.data.clone().unwrap_or_default();
        let uri: Option<Uri> = data["uri"].as_str().and_then(|u| u.parse().ok());
        let (Some(uri), Some(index)) = (uri, data["puzzle"].as_u64()) else {
            return Ok(lens);
        };
        let Some(snap) = self.snapshot_for(&uri, "codeLens/resolve").await else {
            return Err(Error::content_modified());
        };
        if data["version"].as_i64() != Some(i64::from(snap.version)) {
            return Err(Error::content_modified());
        }
        let tutor = self.tutor.clone();
        off_thread(move || {
            let glance = usize::try_from(index)
                .ok()
                .and_then(|i| snap.analysis.puzzle(i))
                .and_then(|p| tutor.glance(&snap, &p));
            tutor::lens(lens.range, glance, None)
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let tutor = self.tutor.clone();
        let uri = params.text_document.uri;
        self.on_snapshot(&uri, "documentSymbol", move |snap, map| {
            let symbols = outline::symbols(snap, &tutor, map);
            Some(DocumentSymbolResponse::Nested(symbols))
        })
        .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let uri = params.text_document.uri;
        self.on_snapshot(&uri, "foldingRange", |snap, _| {
            Some(outline::folding_ranges(snap))
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = params.text_document.uri;
        self.on_snapshot(&uri, "semanticTokens/full", |snap, map| {
            let end = snap.text.len().min(tokens::MAX_FULL_BYTES);
            let found = tokens::tokens_in(snap, 0, end);
            Some(SemanticTokensResult::Tokens(tokens::encode(&found, map)))
        })
        .await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let uri = params.text_document.uri;
        let range = params.range;
        self.on_snapshot(&uri, "semanticTokens/range", move |snap, map| {
            let found = tokens::tokens_in(snap, map.offset(range.start), map.offset(range.end));
            Some(SemanticTokensRangeResult::Tokens(tokens::encode(
                &found, map,
            )))
        })
        .await
    }

    async fn formatting(
        &self,
        params: tower_lsp_server::ls_types::DocumentFormattingParams,
    ) -> Result<Option<Vec<tower_lsp_server::ls_types::TextEdit>>> {
        self.format(params.text_document.uri, None).await
    }

    async fn range_formatting(
        &self,
        params: tower_lsp_server::ls_types::DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<tower_lsp_server::ls_types::TextEdit>>> {
        self.format(params.text_document.uri, Some(params.range))
            .await
    }
}

impl Backend {
    /// The edits that format a document (only the paragraphs `range` touches, when given), in
    /// the style of its `sudoku-lsp.toml`. Paragraphs the formatter leaves untouched get no
    /// edit.
    async fn format(
        &self,
        uri: Uri,
        range: Option<tower_lsp_server::ls_types::Range>,
    ) -> Result<Option<Vec<tower_lsp_server::ls_types::TextEdit>>> {
        let Some(snap) = self.state.current_snapshot(&uri).await else {
            tracing::warn!("formatting a document that is not open: {}", uri.as_str());
            return Ok(None);
        };
        // Other formats keep their own layout (docs/formats.md): no edits.
        let project = self.state.project_for(&uri);
        let reading = crate::lsp::state::reading_of(&project, &uri, &snap.text);
        if reading.format != Format::Sudoku {
            return Ok(Some(Vec::new()));
        }
        let unit = self.state.unit();
        let style = project.settings.format;
        off_thread(move || {
            let map = Mapper::new(&snap.text, &snap.index, unit);
            let range = range.map(|r| map.text_range(r));
            let formatted = features::format(&snap, &style, range);
            Some(convert::text_edits(&formatted.edits, &map))
        })
        .await
    }
}

/// Whether code action kind `kind` is `only` or one of its sub-kinds (`source.fixAll.sudoku` is
/// within `source.fixAll` and `source`, not within `source.fix`).
fn kind_within(kind: &CodeActionKind, only: &CodeActionKind) -> bool {
    let (kind, only) = (kind.as_str(), only.as_str());
    kind.strip_prefix(only)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// Runs a request's work on the blocking pool: a large file's hover or actions do not hold an
/// async thread, and a panic becomes an error reply instead of ending the server.
/// The command that answers the HTML page of a puzzle's steps.
pub const EXPLAIN_HTML_COMMAND: &str = "sudoku.explainHtml";

/// Where `sudoku.explainHtml` looks for its puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
enum PuzzleAt {
    Position(Position),
    Index(usize),
}

/// The document and puzzle of a `sudoku.explainHtml` call: `[{uri, position}]` or
/// `[{uri, puzzle}]` (0-based, as `explain --format json` numbers puzzles).
fn explain_target(arguments: &[Value]) -> Option<(Uri, PuzzleAt)> {
    let arg = arguments.first()?;
    let uri: Uri = arg.get("uri")?.as_str()?.parse().ok()?;
    if let Some(position) = arg.get("position") {
        let position = serde_json::from_value(position.clone()).ok()?;
        return Some((uri, PuzzleAt::Position(position)));
    }
    let index = usize::try_from(arg.get("puzzle")?.as_u64()?).ok()?;
    Some((uri, PuzzleAt::Index(index)))
}

/// The title and HTML page of the puzzle at `offset` of a document named `name`.
#[cfg(feature = "draw")]
fn explain_html(snap: &Snapshot, offset: usize, name: &str) -> Option<(String, String)> {
    use crate::draw::html::{document, Section};
    use crate::draw::steps::Walkthrough;
    let puzzle = snap.puzzle_at(offset)?;
    let report = snap.report(&puzzle)?;
    let line = snap.index.line_of(puzzle.first_line.start);
    let walk = Walkthrough::new(&puzzle, &report, line, false);
    let heading = walk.heading(name);
    let title = format!("Steps: {name} #{}", puzzle.index + 1);
    let html = document(
        &title,
        &[Section {
            heading,
            walk: &walk,
        }],
    );
    Some((title, html))
}

/// Without the `draw` feature there are no pictures, and the command is not offered.
#[cfg(not(feature = "draw"))]
fn explain_html(_: &Snapshot, _: usize, _: &str) -> Option<(String, String)> {
    None
}

async fn off_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(work).await.map_err(|e| {
        tracing::error!("request failed: {e}");
        Error::internal_error()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explain_html_takes_a_position_or_a_puzzle_index() {
        let uri = "file:///tmp/a.sudoku";
        let at = |arg: Value| explain_target(&[arg]).map(|(u, at)| (u.as_str().to_string(), at));
        assert_eq!(
            at(json!({"uri": uri, "position": {"line": 3, "character": 1}})),
            Some((uri.to_string(), PuzzleAt::Position(Position::new(3, 1))))
        );
        assert_eq!(
            at(json!({"uri": uri, "puzzle": 2})),
            Some((uri.to_string(), PuzzleAt::Index(2)))
        );
        for bad in [
            json!({"uri": uri}),
            json!({"uri": uri, "puzzle": -1}),
            json!({"uri": uri, "position": "r1c1"}),
            json!({"puzzle": 0}),
            json!([uri, 0]),
        ] {
            assert_eq!(at(bad.clone()), None, "{bad}");
        }
        assert!(explain_target(&[]).is_none());
    }

    #[test]
    fn a_kind_is_within_itself_and_its_parents_only() {
        let fix_all = ActionKind::FixAll.kind();
        for only in ["source", "source.fixAll", "source.fixAll.sudoku"] {
            assert!(kind_within(&fix_all, &CodeActionKind::new(only)), "{only}");
        }
        for only in [
            "source.fix",
            "quickfix",
            "source.fixAll.sudoku.more",
            "refactor",
        ] {
            assert!(!kind_within(&fix_all, &CodeActionKind::new(only)), "{only}");
        }
        assert!(kind_within(
            &CodeActionKind::REFACTOR_REWRITE,
            &CodeActionKind::REFACTOR
        ));
    }
}
