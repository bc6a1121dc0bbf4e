//! The language server: document store, handlers, and `convert`, the only place that builds
//! protocol types.
//!
//! `sudoku-lsp server` (dispatched by `main.rs`) calls [`run`]; tests call [`serve`] on in-memory
//! pipes. [`transport`] frames the messages; [`server`] holds the handlers.
//!
//! Editor-only settings, from `initializationOptions` or `workspace/configuration` (section
//! `sudoku`; either the section's object or `{"sudoku": {...}}`):
//!
//! - `showSolutions` (default `false`): name solution digits in hovers and in `Fill r3c5`.
//! - `maxDiagnostics` (default 1000, 0 for no limit): diagnostics sent per file; beyond it one
//!   information diagnostic says how many more there are.
//! - `hints` (default `"nudge"`): what a hint (`sudoku.hint`) shows: the technique and the unit
//!   only (`"nudge"`), or the step's whole sentence with its digit (`"full"`).
//! - `select`, `extendSelect` and `ignore` (lists of codes): the codes shown, chosen as `check
//!   --select`, `--extend-select` and `--ignore` choose them, after the project's severities.
//!
//! Severities and excludes come from the project's `sudoku-lsp.toml`, read as `check` reads it.

pub mod convert;
pub mod features;
pub mod outline;
pub mod server;
pub mod settings;
pub mod state;
pub mod tokens;
pub mod transport;
pub mod tutor;

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use serde::Deserialize;
use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::ls_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
};
use tower_lsp_server::{ExitedError, LspService};
use tower_service::Service;

use self::server::Backend;
use self::state::State;

/// Serves the protocol on stdin/stdout until `exit`. Returns the process status: 0 when
/// `shutdown` came before `exit`, 1 otherwise (as the protocol asks).
pub fn run() -> i32 {
    // Logging is set up by the binary (to stderr only: stdout is the protocol).
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            tracing::error!("cannot start the async runtime: {e}");
            return 1;
        }
    };
    let clean = runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout()));
    // The stdin reader may still be blocked in a read: do not wait for it.
    runtime.shutdown_background();
    if clean {
        0
    } else {
        1
    }
}

/// Serves the protocol on a pair of streams until `exit` (or the end of input). Returns true
/// when `shutdown` was received.
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let shut_down = Arc::new(AtomicBool::new(false));
    let state = Arc::new(State::new(shut_down.clone()));
    let (service, socket) = LspService::new(|client| Backend::new(client, state));
    transport::serve(input, output, Warn { inner: service }, socket).await;
    shut_down.load(Ordering::SeqCst)
}

/// The protocol service, with a warning for what `tower-lsp-server` drops without a word: an
/// unknown notification, a document notification whose parameters do not parse, and a request
/// that ends in an error reply.
struct Warn {
    inner: LspService<Backend>,
}

/// The future of a [`Warn`] call: the wrapped service's answer, logged once it is known.
type BoxFuture = Pin<Box<dyn Future<Output = Result<Option<Response>, ExitedError>> + Send>>;

/// Checks that a notification's parameters parse as `T` (without copying the document text:
/// the check reads the JSON tree in place, but allocates the parsed value).
fn parses<'a, T: Deserialize<'a>>(params: Option<&'a serde_json::Value>) -> Result<(), String> {
    match params {
        None => Err("no params".to_string()),
        Some(v) => T::deserialize(v).map(drop).map_err(|e| e.to_string()),
    }
}

impl Service<Request> for Warn {
    type Response = Option<Response>;
    type Error = ExitedError;
    type Future = BoxFuture;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let method = req.method().to_string();
        if req.id().is_none() {
            let check = match method.as_str() {
                "textDocument/didOpen" => parses::<DidOpenTextDocumentParams>(req.params()),
                "textDocument/didChange" => parses::<DidChangeTextDocumentParams>(req.params()),
                "textDocument/didClose" => parses::<DidCloseTextDocumentParams>(req.params()),
                "initialized"
                | "exit"
                | "workspace/didChangeConfiguration"
                | "workspace/didChangeWatchedFiles"
                | "textDocument/didSave" => Ok(()),
                m if m.starts_with("$/") => Ok(()),
                _ => Err("unknown notification".to_string()),
            };
            if let Err(e) = check {
                tracing::warn!("ignoring notification {method}: {e}");
            }
        }
        let fut = self.inner.call(req);
        Box::pin(async move {
            let response = fut.await?;
            if let Some(error) = response.as_ref().and_then(|r| r.error()) {
                tracing::warn!("request {method} answered with an error: {}", error.message);
            }
            Ok(response)
        })
    }
}
