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

use futures::future::BoxFuture;
use futures::{future, FutureExt, Sink, SinkExt, Stream, StreamExt};
use serde::Serialize;
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
    /// A message body, exactly as long as its `Content-Length` said.
    Body(Vec<u8>),
    /// A frame that could not be read, and why (for the log; the client gets an
    /// invalid-request error).
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

/// Messages for the client, each a JSON body; [`write_messages`] frames and writes them.
type Outbox = mpsc::UnboundedSender<String>;

/// A request or notification being handled; it gives the response (`None` for a notification).
type Handling = BoxFuture<'static, Result<Option<Response>, ExitedError>>;

/// Serves `service` on `input`/`output` until `exit` or the end of the input.
///
/// Three loops run side by side, joined by channels: `read_messages` reads and dispatches the
/// input, `run_handlers` runs the handlers and passes on what the server sends of its own
/// accord, and `write_messages` writes everything the client gets. When the input ends, the
/// reader closes the handler channel and stops the server's messages; the writer ends once
/// the other two have finished and dropped their senders.
pub async fn serve<I, O, S>(input: I, output: O, service: S, socket: ClientSocket)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
    S: Service<Request, Response = Option<Response>, Error = ExitedError>,
    S::Future: Send + 'static,
{
    let (server_messages, client_responses) = socket.split();
    let (server_messages, abort_server_messages) = futures::stream::abortable(server_messages);
    let (outbox, outgoing) = mpsc::unbounded_channel::<String>();
    let (handlers, handlings) = fmpsc::channel::<Handling>(100);

    let (input_ended, ended) = tokio::sync::oneshot::channel::<()>();
    let run = run_handlers_until(handlings, server_messages, outbox.clone(), ended);
    let read = async move {
        read_messages(input, service, handlers, client_responses, outbox).await;
        abort_server_messages.abort();
        let _ = input_ended.send(());
    };
    let write = write_messages(output, outgoing);
    futures::join!(read, run, write);
}

/// Reads messages until the end of the input or `exit`: requests and notifications go to the
/// service, responses (to the server's own requests) to the client socket, and what cannot be
/// read is answered with an error. Closes the handler channel when it stops.
async fn read_messages<I, S, R>(
    input: I,
    mut service: S,
    mut handlers: fmpsc::Sender<Handling>,
    mut client_responses: R,
    outbox: Outbox,
) where
    I: AsyncRead + Unpin,
    S: Service<Request, Response = Option<Response>, Error = ExitedError>,
    S::Future: Send + 'static,
    R: Sink<Response> + Unpin,
{
    let mut input = BufReader::new(input);
    while let Some(frame) = read_frame(&mut input).await {
        match decode(frame, &outbox) {
            None => continue,
            Some(Incoming::Request(req)) => {
                if future::poll_fn(|cx| service.poll_ready(cx)).await.is_err() {
                    break;
                }
                let exit = req.method() == "exit";
                if handlers.send(handle(&mut service, req)).await.is_err() {
                    break;
                }
                // The protocol ends at `exit`; a client may keep stdin open after it.
                if exit {
                    break;
                }
            }
            Some(Incoming::Response(response)) => {
                if client_responses.send(response).await.is_err() {
                    tracing::warn!("a response to a request the server did not make");
                }
            }
        }
    }
    handlers.disconnect();
}

/// A message from the client that the server acts on.
enum Incoming {
    /// A request or notification for the service.
    Request(Request),
    /// The client's answer to a request the server made.
    Response(Response),
}

/// Decodes one frame into a message. What cannot be decoded is logged, answered with an error
/// where the protocol asks for one, and gives `None`.
fn decode(frame: Frame, outbox: &Outbox) -> Option<Incoming> {
    let body = match frame {
        Frame::Body(b) => b,
        Frame::Bad(why) => {
            tracing::warn!("unreadable message: {why}");
            send_error(outbox, Id::Null, Error::invalid_request());
            return None;
        }
    };
    let value: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!("malformed JSON: {e}");
            send_error(outbox, Id::Null, Error::parse_error());
            return None;
        }
    };
    if value.get("method").is_some() {
        decode_request(value, outbox).map(Incoming::Request)
    } else if value.get("id").is_some()
        && (value.get("result").is_some() || value.get("error").is_some())
    {
        match serde_json::from_value::<Response>(value) {
            Ok(r) => Some(Incoming::Response(r)),
            Err(e) => {
                tracing::warn!("invalid response: {e}");
                None
            }
        }
    } else {
        tracing::warn!("a message that is neither a request nor a response");
        send_error(outbox, id_of(&value), Error::invalid_request());
        None
    }
}

/// Decodes a message that has a `method`. An invalid one is answered with an error only when it
/// has an `id`: a notification gets no reply, not even an error.
fn decode_request(value: Value, outbox: &Outbox) -> Option<Request> {
    let id = id_of(&value);
    let has_id = value.get("id").is_some();
    match serde_json::from_value(value) {
        Ok(r) => Some(r),
        Err(e) => {
            tracing::warn!("invalid request: {e}");
            if has_id {
                send_error(outbox, id, Error::invalid_request());
            }
            None
        }
    }
}

/// The `id` of a message as JSON-RPC reads it, `null` when it has none or a malformed one.
fn id_of(v: &Value) -> Id {
    serde_json::from_value(v.get("id").cloned().unwrap_or(Value::Null)).unwrap_or(Id::Null)
}

/// Calls the service on a request. A panicking handler answers with an internal error instead
/// of taking the whole server down (the store's locks recover from poisoning).
fn handle<S>(service: &mut S, req: Request) -> Handling
where
    S: Service<Request, Response = Option<Response>, Error = ExitedError>,
    S::Future: Send + 'static,
{
    let id = req.id().cloned();
    let method = req.method().to_string();
    let call = service.call(req);
    Box::pin(async move {
        match AssertUnwindSafe(call).catch_unwind().await {
            Ok(response) => response,
            Err(_) => {
                tracing::error!("the handler of {method} panicked");
                Ok(id.map(|id| Response::from_error(id, Error::internal_error())))
            }
        }
    })
}

/// How long handlers still running may go on once the input has ended (`exit`, or the end of
/// stdin): one may be waiting for the answer to a request of the server's own (the
/// configuration in `initialized`) that a client gone away will never send.
const EXIT_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// [`run_handlers`], given up [`EXIT_GRACE`] after `ended` fires (or is dropped).
async fn run_handlers_until(
    handlings: fmpsc::Receiver<Handling>,
    server_messages: impl Stream<Item = Request> + Unpin,
    outbox: Outbox,
    ended: tokio::sync::oneshot::Receiver<()>,
) {
    let grace = async {
        let _ = ended.await;
        tokio::time::sleep(EXIT_GRACE).await;
    };
    tokio::select! {
        () = run_handlers(handlings, server_messages, outbox) => {}
        () = grace => tracing::warn!(
            "a handler was still running {EXIT_GRACE:?} after the input ended: stopping without it"
        ),
    }
}

/// Runs the handlers the reader hands over, up to [`MAX_CONCURRENCY`] at once, and sends each
/// response as soon as it is ready, together with what the server sends of its own accord
/// (its requests to the client, published diagnostics, messages).
///
/// What a handler sent before it answered goes out before its answer: the handler runs while
/// its answer is polled, so once the answer is ready every message it queued is waiting, and
/// those are sent first. A client may act on the answer alone (Emacs 28 leaves whatever
/// follows an answer unread until the server writes again).
async fn run_handlers(
    handlings: fmpsc::Receiver<Handling>,
    server_messages: impl Stream<Item = Request> + Unpin,
    outbox: Outbox,
) {
    let mut own = server_messages.fuse();
    let mut responses = handlings
        .buffer_unordered(MAX_CONCURRENCY)
        .filter_map(|response| future::ready(response.ok().flatten()));
    loop {
        tokio::select! {
            biased;
            Some(message) = own.next() => send(&outbox, &message),
            Some(response) = responses.next() => {
                while let Some(Some(message)) = own.next().now_or_never() {
                    send(&outbox, &message);
                }
                send(&outbox, &response);
            }
            else => break,
        }
    }
}

/// Queues a message for the client.
fn send(outbox: &Outbox, message: &impl Serialize) {
    if let Ok(body) = serde_json::to_string(message) {
        // The writer is gone only when the output failed: nobody is left to tell.
        let _ = outbox.send(body);
    }
}

/// Queues an error reply for the client.
fn send_error(outbox: &Outbox, id: Id, error: Error) {
    send(outbox, &Response::from_error(id, error));
}

/// Writes each queued message with its `Content-Length` header, until every sender is gone or
/// the output fails.
async fn write_messages<O: AsyncWrite + Unpin>(
    mut output: O,
    mut outgoing: mpsc::UnboundedReceiver<String>,
) {
    while let Some(body) = outgoing.recv().await {
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
}
