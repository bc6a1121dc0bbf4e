//! Edit-to-diagnostics latency of the language server, in process over an in-memory pipe: the
//! time from sending a `didChange` to receiving the `publishDiagnostics` of that version, for a
//! 9x9 file and for a 50,000-puzzle collection (also with the inlay hints of a screenful asked
//! for after every edit, as an editor does); and the tutor's answers on the hard puzzles of
//! `fixtures/sets/top1465.txt` and `forum-hardest-11plus.txt`: a hint (`sudoku.hint`), the
//! applied step's code action and an empty cell's hover (which reads the whole solving path for
//! its reasons); then the first hover on those puzzles in a real protocol session with the
//! binary over stdio, sent the moment the diagnostics arrive and 100 ms after them.
//! Run with `cargo bench --bench lsp_latency`.

#[path = "../tests/lsp_client/mod.rs"]
mod lsp_client;

use std::time::{Duration, Instant};

use lsp_client::{range, Lsp};
use serde_json::json;

/// The puzzles of `fixtures/ok/collection.sudoku` (public puzzles with one solution each).
const BASE: [&str; 3] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
];

const GRID: &str = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";

/// `n` distinct puzzles: the base puzzles with their digits relabelled (which keeps each one's
/// number of solutions), one a line.
fn collection(n: usize) -> String {
    let mut seed = 0x9e37_79b9_u32;
    let mut out = String::with_capacity(n * 83);
    for i in 0..n {
        let mut perm: Vec<u8> = (b'1'..=b'9').collect();
        for j in (1..9).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            perm.swap(j, seed as usize % (j + 1));
        }
        for b in BASE[i % BASE.len()].bytes() {
            out.push(if b == b'.' {
                '.'
            } else {
                perm[(b - b'1') as usize] as char
            });
        }
        out.push('\n');
    }
    out
}

fn stats(name: &str, samples: Vec<Duration>) {
    stats_of(name, "edits", samples)
}

fn stats_of(name: &str, what: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = samples[samples.len() / 2];
    let p95 = samples[(samples.len() * 95).div_ceil(100).saturating_sub(1)];
    println!(
        "{name}: {} {what}, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        samples.len(),
        ms(median),
        ms(p95),
        ms(*samples.last().unwrap())
    );
}

/// Toggles one cell (`line`, `col`) between its digit and `.`, `edits` times, waiting for each
/// version's diagnostics.
async fn edit_loop(
    lsp: &mut Lsp,
    uri: &str,
    line: u64,
    col: u64,
    digit: &str,
    edits: usize,
) -> Vec<Duration> {
    let mut samples = Vec::with_capacity(edits);
    for i in 0..edits {
        let version = 2 + i as i64;
        let t = Instant::now();
        toggle(lsp, uri, (line, col), digit, version).await;
        lsp.diagnostics(uri, Some(version)).await;
        samples.push(t.elapsed());
    }
    samples
}

/// Sends version `version` of the document: cell (`line`, `col`) blank on even versions, `digit`
/// on odd ones.
async fn toggle(lsp: &Lsp, uri: &str, (line, col): (u64, u64), digit: &str, version: i64) {
    let text = if version % 2 == 0 { "." } else { digit };
    lsp.change(
        uri,
        version,
        json!([{"range": range(line, col, line, col + 1), "text": text}]),
    )
    .await;
}

/// The puzzles of a fixture set (`fixtures/sets/`), one a line.
fn set(text: &'static str) -> Vec<&'static str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect()
}

/// The hard sets the tutor is measured on: the top1465 sample and the forum's hardest.
fn hard_sets() -> [(&'static str, Vec<&'static str>); 2] {
    [
        ("top1465", set(include_str!("../fixtures/sets/top1465.txt"))),
        (
            "forum-hardest-11plus",
            set(include_str!("../fixtures/sets/forum-hardest-11plus.txt")),
        ),
    ]
}

/// A hint, the applied step's code action and two hovers on each puzzle of a set, each puzzle
/// in its own file, asked for one after the other as soon as the diagnostics are out.
async fn tutor_latency(lsp: &mut Lsp, name: &str, puzzles: &[&str]) {
    let (mut hints, mut applies) = (Vec::new(), Vec::new());
    let (mut hovers, mut warm) = (Vec::new(), Vec::new());
    for (i, puzzle) in puzzles.iter().enumerate() {
        let uri = format!("untitled:{name}-{i}.sudoku");
        lsp.open(&uri, &format!("{puzzle}\n"), 1).await;
        lsp.diagnostics(&uri, Some(1)).await;
        let target = json!([{"uri": uri, "position": {"line": 0, "character": 0}}]);
        let t = Instant::now();
        let step = lsp
            .request(
                "workspace/executeCommand",
                json!({"command": "sudoku.hint", "arguments": target}),
            )
            .await;
        hints.push(t.elapsed());
        assert!(step["technique"].is_string(), "{step}");
        let t = Instant::now();
        let actions = lsp.code_actions(&uri, 0, 0).await;
        applies.push(t.elapsed());
        let titles = actions.to_string();
        assert!(titles.contains("Apply next step: r"), "{titles}");
        // The hover of the first empty cell reads the whole path (solved after the analysis,
        // or waited for while that is still solving it).
        let blank = puzzle.find('.').unwrap_or(0) as u64;
        let t = Instant::now();
        let h = lsp.hover(&uri, 0, blank).await;
        hovers.push(t.elapsed());
        assert!(h.to_string().contains("Settled at step"), "{h}");
        // Another empty cell of the same puzzle: its path is kept.
        let other = puzzle.rfind('.').unwrap_or(0) as u64;
        let t = Instant::now();
        lsp.hover(&uri, 0, other).await;
        warm.push(t.elapsed());
        close(lsp, &uri).await;
    }
    stats_of(
        &format!("{name} puzzle, sudoku.hint -> answer"),
        "puzzles",
        hints,
    );
    stats_of(
        &format!("{name} puzzle, codeAction with Apply next step -> answer"),
        "puzzles",
        applies,
    );
    stats_of(
        &format!("{name} puzzle, hover on an empty cell after hint and action -> answer"),
        "puzzles",
        hovers,
    );
    stats_of(
        &format!("{name} puzzle, hover on another empty cell (path kept) -> answer"),
        "puzzles",
        warm,
    );
}

async fn close(lsp: &Lsp, uri: &str) {
    lsp.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
}

/// The first hover on each puzzle of a set, each in its own file: sent the moment its
/// diagnostics arrive, and, in a second file of the same puzzle with a given removed and put
/// back (a new text), `pause` after them, as a person's hover comes after the edit.
async fn hover_latency(lsp: &mut Lsp, name: &str, puzzles: &[&str], pause: Duration) {
    let label = format!("{name} (binary over stdio)");
    let (mut at_once, mut later) = (Vec::new(), Vec::new());
    for (i, puzzle) in puzzles.iter().enumerate() {
        let blank = puzzle.find('.').unwrap_or(0) as u64;
        for (wait, samples) in [(Duration::ZERO, &mut at_once), (pause, &mut later)] {
            let uri = format!("untitled:{name}-hover-{}-{i}.sudoku", wait.as_millis());
            // Each file its own relabelled puzzle, so no path is kept from the one before.
            let text = relabel(puzzle, wait.as_millis() as u8 % 8 + 1);
            lsp.open(&uri, &format!("{text}\n"), 1).await;
            lsp.diagnostics(&uri, Some(1)).await;
            tokio::time::sleep(wait).await;
            let t = Instant::now();
            let h = lsp.hover(&uri, 0, blank).await;
            samples.push(t.elapsed());
            assert!(h.to_string().contains("Settled at step"), "{h}");
            close(lsp, &uri).await;
        }
    }
    stats_of(
        &format!("{label} puzzle, hover on an empty cell the moment diagnostics arrive -> answer"),
        "puzzles",
        at_once,
    );
    stats_of(
        &format!(
            "{label} puzzle, hover on an empty cell {} ms after diagnostics -> answer",
            pause.as_millis()
        ),
        "puzzles",
        later,
    );
}

/// `puzzle` with each digit `d` written as `d + shift` (mod 9): the same puzzle to solve, a
/// different text.
fn relabel(puzzle: &str, shift: u8) -> String {
    puzzle
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => (b'1' + (b - b'1' + shift) % 9) as char,
            _ => b as char,
        })
        .collect()
}

/// Edits in the collection, each followed by an inlay hint request for the 60 lines around it
/// (an editor's screenful); the edit's time is still edit -> publishDiagnostics, and the inlay
/// hints' time is from the edit to their answer.
async fn edits_with_inlay_hints(lsp: &mut Lsp, uri: &str, at: (u64, u64), digit: &str) {
    let (line, col) = at;
    let (mut edits, mut hints) = (Vec::new(), Vec::new());
    let screen = range(line.saturating_sub(30), 0, line + 30, 0);
    for i in 0..30 {
        let version = 200 + i as i64;
        let t = Instant::now();
        toggle(lsp, uri, (line, col), digit, version).await;
        let id = 1_000_000 + i as i64;
        lsp.send(
            json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/inlayHint",
            "params": {"textDocument": {"uri": uri}, "range": screen}}),
        )
        .await;
        lsp.diagnostics(uri, Some(version)).await;
        edits.push(t.elapsed());
        let reply = lsp.next_matching(|m| m["id"] == id).await;
        hints.push(t.elapsed());
        assert!(
            reply["result"].as_array().is_some_and(|a| a.len() == 61),
            "{reply}"
        );
    }
    stats(
        "50000-puzzle collection, edit -> publishDiagnostics, inlay hints asked after each",
        edits,
    );
    stats(
        "50000-puzzle collection, edit -> inlay hints of a screenful (61 puzzles)",
        hints,
    );
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut lsp = Lsp::start(json!({})).await;
        lsp.initialize(json!({}), None).await;

        let uri = "untitled:grid.sudoku";
        lsp.open(uri, GRID, 1).await;
        lsp.diagnostics(uri, Some(1)).await;
        // r1c1 (`5`) toggled to blank and back.
        let samples = edit_loop(&mut lsp, uri, 0, 0, "5", 200).await;
        stats("9x9 grid, edit -> publishDiagnostics", samples);

        let n = 50_000;
        let text = collection(n);
        let uri = "untitled:collection.sudoku";
        let t = Instant::now();
        lsp.open(uri, &text, 1).await;
        let d = lsp.diagnostics(uri, Some(1)).await;
        println!(
            "{n}-puzzle collection ({:.1} MB): open -> publishDiagnostics {:.0} ms ({} diagnostics)",
            text.len() as f64 / 1e6,
            t.elapsed().as_secs_f64() * 1000.0,
            d.len()
        );
        // A given in the middle of the file, toggled.
        let line = (n / 2) as u64;
        let first = text.lines().nth(n / 2).unwrap();
        let col = first.find(|c: char| c.is_ascii_digit()).unwrap();
        let digit = &first[col..col + 1];
        let samples = edit_loop(&mut lsp, uri, line, col as u64, digit, 30).await;
        stats(&format!("{n}-puzzle collection, edit -> publishDiagnostics"), samples);

        // A hover sent right behind an edit waits for that edit's analysis (once, not twice).
        let mut samples = Vec::new();
        for i in 0..10 {
            let version = 100 + i as i64;
            let text = if i % 2 == 0 { "." } else { digit };
            let t = Instant::now();
            lsp.change(uri, version, json!([{"range": range(line, col as u64, line, col as u64 + 1), "text": text}]))
                .await;
            let h = lsp.hover(uri, line, col as u64).await;
            assert!(h["contents"]["value"].is_string());
            samples.push(t.elapsed());
        }
        stats(&format!("{n}-puzzle collection, edit + hover -> hover answer"), samples);
        edits_with_inlay_hints(&mut lsp, uri, (line, col as u64), digit).await;

        for (name, puzzles) in hard_sets() {
            tutor_latency(&mut lsp, name, &puzzles).await;
        }
        lsp.shutdown_exit().await;
    });
    // The same hovers in a real protocol session: the release binary over its stdio.
    rt.block_on(async {
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lsp"))
            .arg("server")
            .env("SUDOKU_LSP_LOG", "off")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("the binary starts");
        let (stdin, stdout) = (child.stdin.take().unwrap(), child.stdout.take().unwrap());
        let mut lsp = Lsp::over(stdout, stdin, json!({}), None);
        lsp.initialize(json!({}), None).await;
        for (name, puzzles) in hard_sets() {
            hover_latency(&mut lsp, name, &puzzles, Duration::from_millis(100)).await;
        }
        lsp.shutdown_exit().await;
        let _ = child.wait().await;
    });
}
