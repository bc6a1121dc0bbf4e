//! A tiny JSON-RPC client for tests: Content-Length framing, request/response matching, and
//! automatic answers to the server's own requests (`workspace/configuration`,
//! `client/registerCapability`), as an editor gives them. Works over an in-memory pipe to
//! `sudoku_lsp::lsp::serve` or over a spawned binary's stdio.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, Mutex};
use tokio::task::JoinHandle;

/// How long a test waits for a message before failing (debug builds on a shared machine).
pub const WAIT: Duration = Duration::from_secs(60);

type Writer = Arc<Mutex<Box<dyn AsyncWrite + Send + Unpin>>>;

pub struct Lsp {
    writer: Writer,
    rx: mpsc::UnboundedReceiver<Value>,
    /// Messages received but not yet consumed by a wait.
    backlog: Vec<Value>,
    /// Every message received, for assertions about what never came.
    seen: Vec<Value>,
    next_id: i64,
    server: Option<JoinHandle<bool>>,
}

pub fn range(l1: u64, c1: u64, l2: u64, c2: u64) -> Value {
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

/// The UTF-16 column of byte `byte` of a line.
pub fn utf16_col(line: &str, byte: usize) -> u64 {
    line[..byte].encode_utf16().count() as u64
}

/// The byte offset of a UTF-16 position (written independently of the server's conversion).
fn offset_of(text: &str, pos: &Value) -> usize {
    let line = pos["line"].as_u64().unwrap() as usize;
    let col = pos["character"].as_u64().unwrap() as usize;
    let mut start = 0;
    for _ in 0..line {
        start += text[start..]
            .find('\n')
            .map(|i| i + 1)
            .unwrap_or(text.len() - start);
    }
    let mut units = 0;
    for (i, ch) in text[start..].char_indices() {
        if units >= col || ch == '\n' {
            return start + i;
        }
        units += ch.len_utf16();
    }
    text.len()
}

/// Applies LSP text edits (UTF-16 positions, all relative to the original text).
pub fn apply_text_edits(text: &str, edits: &[Value]) -> String {
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset_of(text, &e["range"]["start"]),
                offset_of(text, &e["range"]["end"]),
                e["newText"]
                    .as_str()
                    .or(e["text"].as_str())
                    .unwrap()
                    .to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| (s.0, s.1));
    let mut out = String::new();
    let mut at = 0;
    for (s, e, new) in spans {
        assert!(s >= at, "overlapping edits");
        out.push_str(&text[at..s]);
        out.push_str(&new);
        at = e;
    }
    out.push_str(&text[at..]);
    out
}

async fn read_message<R: AsyncRead + Unpin>(r: &mut BufReader<R>) -> Option<Value> {
    let mut len = None;
    loop {
        let mut header = String::new();
        if r.read_line(&mut header).await.ok()? == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some(v) = header.strip_prefix("Content-Length:") {
            len = v.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).await.ok()?;
    serde_json::from_slice(&body).ok()
}

async fn write_body(w: &Writer, body: &[u8]) {
    let mut w = w.lock().await;
    let header = format!("Content-Length: {}\r\n\r\n", body.len());
    w.write_all(header.as_bytes()).await.unwrap();
    w.write_all(body).await.unwrap();
    w.flush().await.unwrap();
}

impl Lsp {
    /// The server in-process over an in-memory pipe. `settings` is what the client answers to
    /// `workspace/configuration`.
    pub async fn start(settings: Value) -> Lsp {
        // The server's log, shown with a failing test's output.
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_env("SUDOKU_LSP_LOG")
                    .unwrap_or_else(|_| "sudoku_lsp=debug,tower_lsp_server=info".into()),
            )
            .try_init();
        let (client, server) = tokio::io::duplex(1 << 16);
        let (sr, sw) = tokio::io::split(server);
        let handle = tokio::spawn(sudoku_lsp::lsp::serve(sr, sw));
        let (cr, cw) = tokio::io::split(client);
        Lsp::over(cr, cw, settings, Some(handle))
    }

    pub fn over<R, W>(
        reader: R,
        writer: W,
        settings: Value,
        server: Option<JoinHandle<bool>>,
    ) -> Lsp
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let writer: Writer = Arc::new(Mutex::new(Box::new(writer)));
        let (tx, rx) = mpsc::unbounded_channel();
        let answer = writer.clone();
        tokio::spawn(async move {
            let mut reader = BufReader::new(reader);
            while let Some(msg) = read_message(&mut reader).await {
                if msg.get("method").is_some() && msg.get("id").is_some() {
                    let result = match msg["method"].as_str() {
                        Some("workspace/configuration") => {
                            let n = msg["params"]["items"].as_array().map_or(1, Vec::len);
                            Value::Array(vec![settings.clone(); n])
                        }
                        _ => Value::Null,
                    };
                    let reply = json!({"jsonrpc": "2.0", "id": msg["id"], "result": result});
                    write_body(&answer, reply.to_string().as_bytes()).await;
                }
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        Lsp {
            writer,
            rx,
            backlog: Vec::new(),
            seen: Vec::new(),
            next_id: 1,
            server,
        }
    }

    pub async fn send(&self, msg: Value) {
        write_body(&self.writer, msg.to_string().as_bytes()).await;
    }

    /// Sends a body as is (malformed JSON) with a correct header.
    pub async fn send_body(&self, body: &str) {
        write_body(&self.writer, body.as_bytes()).await;
    }

    pub async fn notify(&self, method: &str, params: Value) {
        let mut msg = json!({"jsonrpc": "2.0", "method": method});
        if !params.is_null() {
            msg["params"] = params;
        }
        self.send(msg).await;
    }

    /// Sends a request and returns the whole response (result or error).
    pub async fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut msg = json!({"jsonrpc": "2.0", "id": id, "method": method});
        if !params.is_null() {
            msg["params"] = params;
        }
        self.send(msg).await;
        self.next_matching(|m| m["id"] == id && m.get("method").is_none())
            .await
    }

    /// Sends a request and returns its result, failing the test on an error reply.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_raw(method, params).await;
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// The first message (received earlier or from now on) that satisfies `pred`.
    pub async fn next_matching(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&pred) {
            return self.backlog.remove(i);
        }
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let msg = tokio::time::timeout_at(deadline, self.rx.recv())
                .await
                .unwrap_or_else(|_| panic!("timed out; backlog: {:?}", self.backlog))
                .expect("the server closed the connection");
            self.seen.push(msg.clone());
            if pred(&msg) {
                return msg;
            }
            self.backlog.push(msg);
        }
    }

    pub fn seen(&self) -> &[Value] {
        &self.seen
    }

    pub async fn initialize(&mut self, capabilities: Value, options: Option<Value>) -> Value {
        self.initialize_with(capabilities, options, Value::Null)
            .await
    }

    pub async fn initialize_with(
        &mut self,
        capabilities: Value,
        options: Option<Value>,
        folders: Value,
    ) -> Value {
        let mut params = json!({"processId": null, "rootUri": null, "capabilities": capabilities});
        if let Some(o) = options {
            params["initializationOptions"] = o;
        }
        if !folders.is_null() {
            params["workspaceFolders"] = folders;
        }
        let result = self.request("initialize", params).await;
        self.notify("initialized", json!({})).await;
        result
    }

    pub async fn open(&self, uri: &str, text: &str, version: i64) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "sudoku", "version": version, "text": text}}),
        )
        .await;
    }

    pub async fn change(&self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        )
        .await;
    }

    /// The diagnostics of the next publication for `uri` (with `version`, when given). Earlier
    /// publications for the same file are consumed on the way.
    pub async fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
        let uri = uri.to_string();
        let msg = self
            .next_matching(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == uri.as_str()
                    && version.is_none_or(|v| m["params"]["version"] == v)
            })
            .await;
        // Drop older publications for the same file so a later wait sees only newer ones.
        self.backlog.retain(|m| {
            !(m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri.as_str())
        });
        msg["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    pub async fn hover(&mut self, uri: &str, line: u64, character: u64) -> Value {
        self.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        )
        .await
    }

    pub async fn code_actions(&mut self, uri: &str, line: u64, character: u64) -> Value {
        self.request(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": uri},
                "range": range(line, character, line, character),
                "context": {"diagnostics": []}
            }),
        )
        .await
    }

    /// `shutdown` then `exit`; true when the server reports a clean end.
    pub async fn shutdown_exit(&mut self) -> bool {
        assert_eq!(self.request("shutdown", Value::Null).await, Value::Null);
        self.notify("exit", Value::Null).await;
        tokio::time::timeout(WAIT, self.join())
            .await
            .expect("the server ends after exit")
    }

    /// Waits for the in-process server to end; its answer is whether `shutdown` came first.
    pub async fn join(&mut self) -> bool {
        match self.server.take() {
            Some(h) => h.await.expect("the server task does not panic"),
            None => true,
        }
    }
}
