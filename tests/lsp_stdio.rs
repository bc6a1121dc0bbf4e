//! The built binary spawned as an editor spawns it (`sudoku-lsp server`, and `server --stdio`),
//! spoken to over its stdin/stdout.

mod lsp_client;

use std::process::Stdio;

use lsp_client::Lsp;
use serde_json::json;
use tokio::process::Command;

const DUPLICATE: &str = "\
53..7...7
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
";

async fn session(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lsp"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the binary starts");
    let stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lsp = Lsp::over(stdout, stdin, json!({}), None);
    let init = lsp.initialize(json!({}), None).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    lsp.open("untitled:stdio.sudoku", DUPLICATE, 1).await;
    let diags = lsp.diagnostics("untitled:stdio.sudoku", Some(1)).await;
    let mut dups: Vec<u64> = diags
        .iter()
        .filter(|d| d["code"] == "duplicate-digit")
        .map(|d| d["range"]["start"]["character"].as_u64().unwrap())
        .collect();
    dups.sort();
    assert_eq!(dups, [4, 8], "{diags:?}");
    // Malformed JSON is answered and the server goes on.
    lsp.send_body("{not json").await;
    lsp.next_matching(|m| m["error"]["code"] == -32700).await;
    let h = lsp
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": "untitled:stdio.sudoku"}, "position": {"line": 0, "character": 2}}),
        )
        .await;
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("Candidates: "));
    assert_eq!(lsp.request("shutdown", json!(null)).await, json!(null));
    lsp.notify("exit", json!(null)).await;
    let status = tokio::time::timeout(lsp_client::WAIT, child.wait())
        .await
        .expect("the server exits after `exit`")
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_over_stdio() {
    session(&["server"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_with_the_stdio_flag() {
    session(&["server", "--stdio"]).await;
}
