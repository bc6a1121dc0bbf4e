"""A language-server session with an installed `sudoku-lsp`, as an editor starts it.

    python lsp_handshake.py BINARY

Starts `BINARY server` with pipes, sends `initialize` and checks the answer (server name and
version, the capabilities an editor needs), opens a document with a clash and waits for its
duplicate-digit diagnostics, then `shutdown` and `exit`, and checks that the server ended with
status 0. Requests from the server (configuration, registrations) are answered as a client
would. Prints what it checked; exits 1 on the first failure, with a timeout of 30 s in all.
"""

import json
import subprocess
import sys
import threading

DOCUMENT = "53..7...7\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
URI = "untitled:handshake.sudoku"


def main() -> int:
    binary = sys.argv[1]
    proc = subprocess.Popen(
        [binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    timer = threading.Timer(30, proc.kill)
    timer.start()
    try:
        return session(proc)
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise EOFError("the server closed its output")
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(proc.stdout.read(length))


def wait_for(proc, wanted):
    """Reads messages until `wanted(message)`; answers the server's own requests meanwhile."""
    while True:
        message = receive(proc)
        if "method" in message and "id" in message:
            result = None
            if message["method"] == "workspace/configuration":
                result = [None for _ in message["params"]["items"]]
            send(proc, {"jsonrpc": "2.0", "id": message["id"], "result": result})
            continue
        if wanted(message):
            return message


def check(ok, what):
    print(("ok: " if ok else "FAILED: ") + what)
    if not ok:
        raise SystemExit(1)


def session(proc) -> int:
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    init = wait_for(proc, lambda m: m.get("id") == 1)
    info = init.get("result", {}).get("serverInfo", {})
    caps = init.get("result", {}).get("capabilities", {})
    check(info.get("name") == "sudoku-lsp" and bool(info.get("version")),
          f"initialize names the server: {info}")
    check(all(k in caps for k in ("textDocumentSync", "hoverProvider", "codeActionProvider")),
          f"capabilities for sync, hover and code actions: {sorted(caps)}")
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": URI, "languageId": "sudoku", "version": 1, "text": DOCUMENT}}})
    published = wait_for(proc, lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == URI)
    codes = sorted({d.get("code") for d in published["params"]["diagnostics"]})
    check("duplicate-digit" in codes, f"diagnostics of the clash: {codes}")
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    answer = wait_for(proc, lambda m: m.get("id") == 2)
    check("result" in answer and answer["result"] is None, "shutdown answered")
    send(proc, {"jsonrpc": "2.0", "method": "exit", "params": None})
    proc.stdin.close()
    status = proc.wait(timeout=10)
    check(status == 0, f"the server exited with status {status} after exit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
