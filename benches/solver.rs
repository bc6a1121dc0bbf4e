//! Solver throughput: counts every puzzle of one-liner files to 2 on one thread with the fast
//! 9x9 engine and prints, per file, puzzles, seconds, puzzles/s, verdict counts and max steps.
//!
//! `cargo bench --bench solver -- FILE...`; without files it runs over `fixtures/sets/`.
//! Puzzles are parsed before the clock starts, so only counting is timed.
//!
//! The latest figures, and how the peer solver was timed beside it, are in docs/benchmarks.md.

use std::path::PathBuf;
use std::time::Instant;

use sudoku_lsp::solver::fast9;

/// The budget the lead uses for 9x9 grids.
const BUDGET: u64 = 1_000_000;

/// One puzzle line: the first 81 characters, `.` or `0` for a blank, `1`..`9` for a given.
fn parse(line: &str) -> Option<[u8; 81]> {
    let bytes = line.as_bytes().get(..81)?;
    let mut grid = [0u8; 81];
    for (cell, &b) in grid.iter_mut().zip(bytes) {
        *cell = match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            _ => return None,
        };
    }
    Some(grid)
}

fn main() {
    let mut files: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if files.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/sets");
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        found.sort();
        files = found;
    }
    println!(
        "{:<28} {:>8} {:>9} {:>11} {:>7} {:>7} {:>7} {:>9} {:>10}",
        "file",
        "puzzles",
        "seconds",
        "puzzles/s",
        "0 sol",
        "1 sol",
        "2 sol",
        "max steps",
        "mean steps"
    );
    for path in files {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                continue;
            }
        };
        let mut puzzles = Vec::new();
        let mut unreadable = 0usize;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match parse(line) {
                Some(g) => puzzles.push(g),
                None => unreadable += 1,
            }
        }
        let mut verdicts = [0usize; 3];
        let mut incomplete = 0usize;
        let mut max_steps = 0u64;
        let mut total_steps = 0u64;
        let mut out = [[0u8; 81]; 2];
        let start = Instant::now();
        for grid in &puzzles {
            let c = fast9::count(grid, 2, BUDGET, &mut out);
            verdicts[c.solutions.min(2)] += 1;
            incomplete += usize::from(!c.complete);
            max_steps = max_steps.max(c.steps);
            total_steps += c.steps;
        }
        let secs = start.elapsed().as_secs_f64();
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        println!(
            "{:<28} {:>8} {:>9.3} {:>11.0} {:>7} {:>7} {:>7} {:>9} {:>10.1}",
            name,
            puzzles.len(),
            secs,
            puzzles.len() as f64 / secs.max(1e-9),
            verdicts[0],
            verdicts[1],
            verdicts[2],
            max_steps,
            total_steps as f64 / puzzles.len().max(1) as f64
        );
        if unreadable > 0 || incomplete > 0 {
            println!("  ({unreadable} unreadable lines, {incomplete} over budget)");
        }
    }
}
