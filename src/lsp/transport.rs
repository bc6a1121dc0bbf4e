//! The stdio transport: Content-Length framing, dispatch to the protocol service, and one
//! writer for everything sent back.
//!
//! `tower_lsp_server::Server` stops reading for good after the first message it cannot decode
//! (its framed reader ends the stream on an error), so one malformed message would end the
//! session. This transport answers such a message with the JSON-RPC error it deserves
//! (`-32700` parse error, `-32600` invalid request) and keeps reading. Everything else follows
//! `Server::serve`: requests are created in arrival order and run up to four at a time.

use futures::channel::mpsc as fmpsc;
use std::panic::AssertUnwindSafe;

use futures::{future, FutureExt, SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{Error, Id, Request, Response};
use tower_lsp_server::{ClientSocket, ExitedError};
use tower_service::Service;

/// Requests handled at once, as `tower_lsp_server::Server` does by default.
const MAX_CONCURRENCY: usize = 4;

/// A header line longer than this is garbage, not a header.
const MAX_HEADER_LINE: u64 = 8 * 1024;

/// The largest message body accepted (a document of this size is far beyond any puzzle file);
/// a larger announced length is answered with an error and its bytes skipped.
const MAX_BODY: usize = 512 * 1024 * 1024;

/// What the reader found in the input.
enum Frame {
    Body(Vec<u8>),
    /// A frame that could not be read; the error to answer with.
    Bad(String),
}

/// Reads one frame. `None` at the end of the input.
async fn read_frame<R: AsyncRead + Unpin>(r: &mut BufReader<R>) -> Option<Frame> {
    let mut length: Option<usize> = None;
    let mut bad_header = None;
    loop {
        let mut line = Vec::new();
        let n = (&mut *r)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)
            .await
            .ok()?;
        if n == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            if length.is_some() || bad_header.is_some() {
                break;
            }
            // Stray blank lines between messages are skipped.
            continue;
        }
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => bad_header = Some(format!("bad Content-Length `{}`", value.trim())),
                }
            }
            Some((name, _)) if name.trim().eq_ignore_ascii_case("content-type") => {}
            _ => {
                tracing::warn!("skipping garbage in the input: {text:.80}");
            }
        }
    }
    let Some(length) = length else {
        return Some(Frame::Bad(
            bad_header.unwrap_or_else(|| "no Content-Length".into()),
        ));
    };
    if length > MAX_BODY {
        // Skip the announced bytes so the next frame is read from its start.
        let skipped = tokio::io::copy(&mut (&mut *r).take(length as u64), &mut tokio::io::sink())
            .await
            .ok()?;
        if skipped < length as u64 {
            return None;
        }
        return Some(Frame::Bad(format!(
            "message of {length} bytes is too large"
        )));
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).await.ok()?;
    Some(Frame::Body(body))
}

fn error_response(id: Id, error: Error) -> String {
    serde_json::to_string(&Response::from_error(id, error)).unwrap_or_default()
}

fn id_of(v: &Value) -> Id {
    serde_json::from_value(v.get("id").cloned().unwrap_or(Value::Null)).unwrap_or(Id::Null)
}

/// Serves `service` on `input`/`output` until `exit` or the end of the input.
pub async fn serve<I, O, S>(input: I, output: O, mut service: S, socket: ClientSocket)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
    S: Service<Request, Response = Option<Response>, Error = ExitedError>,
    S::Future: Send + 'static,
{
    let (client_requests, mut client_responses) = socket.split();
    let (client_requests, abort_client) = futures::stream::abortable(client_requests);
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<String>();
    let (mut task_tx, task_rx) = fmpsc::channel(100);

    let write_output = async move {
        let mut output = output;
        while let Some(body) = out_rx.recv().await {
            let header = format!("Content-Length: {}\r\n\r\n", body.len());
            let sent = async {
                output.write_all(header.as_bytes()).await?;
                output.write_all(body.as_bytes()).await?;
                output.flush().await
            };
            if let Err(e) = sent.await {
                tracing::error!("cannot write to the client: {e}");
                break;
            }
        }
    };

    let out = out_tx.clone();
    let forward_requests = client_requests.for_each(move |req| {
        if let Ok(body) = serde_json::to_string(&req) {
            let _ = out.send(body);
        }
        future::ready(())
    });

    let out = out_tx.clone();
    let process = task_rx.buffer_unordered(MAX_CONCURRENCY).for_each(
        move |response: Result<Option<Response>, ExitedError>| {
            if let Ok(Some(response)) = response {
                if let Ok(body) = serde_json::to_string(&response) {
                    let _ = out.send(body);
                }
            }
            future::ready(())
        },
    );

    let out = out_tx;
    let read_input = async move {
        let mut input = BufReader::new(input);
        while let Some(frame) = read_frame(&mut input).await {
            let body = match frame {
                Frame::Body(b) => b,
                Frame::Bad(why) => {
                    tracing::warn!("unreadable message: {why}");
                    let _ = out.send(error_response(Id::Null, Error::invalid_request()));
                    continue;
                }
            };
            let value: Value = match serde_json::from_slice(&body) {
                Ok(v) => v,
                Err(e) => {
                    tracing::warn!("malformed JSON: {e}");
                    let _ = out.send(error_response(Id::Null, Error::parse_error()));
                    continue;
                }
            };
            if value.get("method").is_some() {
                let id = id_of(&value);
                let has_id = value.get("id").is_some();
                let req: Request = match serde_json::from_value(value) {
                    Ok(r) => r,
                    Err(e) => {
                        tracing::warn!("invalid request: {e}");
                        if has_id {
                            let _ = out.send(error_response(id, Error::invalid_request()));
                        }
                        continue;
                    }
                };
                if future::poll_fn(|cx| service.poll_ready(cx)).await.is_err() {
                    break;
                }
                let exit = req.method() == "exit";
                let id = req.id().cloned();
                let method = req.method().to_string();
                // A panicking handler answers with an internal error instead of taking the whole
                // server down (the store's locks recover from poisoning).
                let call = service.call(req);
                let fut = async move {
                    match AssertUnwindSafe(call).catch_unwind().await {
                        Ok(response) => response,
                        Err(_) => {
                            tracing::error!("the handler of {method} panicked");
                            Ok(id.map(|id| Response::from_error(id, Error::internal_error())))
                        }
                    }
                };
                if task_tx.send(fut).await.is_err() {
                    break;
                }
                // The protocol ends at `exit`; a client may keep stdin open after it.
                if exit {
                    break;
                }
            } else if value.get("id").is_some()
                && (value.get("result").is_some() || value.get("error").is_some())
            {
                match serde_json::from_value::<Response>(value) {
                    Ok(r) => {
                        if client_responses.send(r).await.is_err() {
                            tracing::warn!("a response to a request the server did not make");
                        }
                    }
                    Err(e) => tracing::warn!("invalid response: {e}"),
                }
            } else {
                tracing::warn!("a message that is neither a request nor a response");
                let _ = out.send(error_response(id_of(&value), Error::invalid_request()));
            }
        }
        task_tx.disconnect();
        abort_client.abort();
    };

    futures::join!(read_input, process, forward_requests, write_output);
}
