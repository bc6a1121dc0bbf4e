//! Edit-to-diagnostics latency of the language server, in process over an in-memory pipe: the
//! time from sending a `didChange` to receiving the `publishDiagnostics` of that version, for a
//! 9x9 file and for a 50,000-puzzle collection. Run with `cargo bench --bench lsp_latency`.

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

fn stats(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = samples[samples.len() / 2];
    let p95 = samples[(samples.len() * 95).div_ceil(100).saturating_sub(1)];
    println!(
        "{name}: {} edits, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
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
        let text = if i % 2 == 0 { "." } else { digit };
        let t = Instant::now();
        lsp.change(
            uri,
            version,
            json!([{"range": range(line, col, line, col + 1), "text": text}]),
        )
        .await;
        lsp.diagnostics(uri, Some(version)).await;
        samples.push(t.elapsed());
    }
    samples
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
        lsp.shutdown_exit().await;
    });
}
