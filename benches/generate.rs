//! Authoring speed: canonical forms per second on a collection, and minimal puzzles made per
//! second for each level (one thread, release build).
//!
//! `cargo bench --bench generate -- canonical [FILE] [--limit N]` (default
//! `../shared/data/17-clue.txt`), and `cargo bench --bench generate -- generate [SECONDS]`
//! (each level for about that long, default 10; `--level L` for one level).

use std::time::{Duration, Instant};

use sudoku_lsp::generate::{generate, Options, Symmetry};
use sudoku_lsp::grid::Shape;
use sudoku_lsp::logic::Level;
use sudoku_lsp::transform::canonical;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let positional: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    match positional.first().map(|s| s.as_str()) {
        Some("generate") => {
            let seconds = positional
                .get(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(10.0);
            let levels = match value("--level") {
                Some(l) => vec![l.parse().expect("a level")],
                None => Level::ALL.to_vec(),
            };
            for level in levels {
                bench_generate(level, Duration::from_secs_f64(seconds));
            }
        }
        _ => {
            // The whole set beside the clone when it is there, else the sample in fixtures/
            // (`cargo test --all-targets` runs this bench once, on a clean clone too).
            let default = ["../shared/data/17-clue.txt", "fixtures/sets/17-clue.txt"]
                .into_iter()
                .find(|f| std::path::Path::new(f).exists())
                .unwrap_or("fixtures/sets/17-clue.txt");
            let file = positional.get(1).map_or(default, |s| s.as_str());
            let limit = value("--limit")
                .and_then(|n| n.parse().ok())
                .unwrap_or(usize::MAX);
            bench_canonical(file, limit);
        }
    }
}

fn bench_canonical(file: &str, limit: usize) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let nine = Shape::for_size(9).expect("9");
    let puzzles: Vec<Vec<u8>> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(limit)
        .map(|l| {
            l.bytes()
                .take(81)
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect()
        })
        .collect();
    let started = Instant::now();
    let mut check = 0u64;
    for p in &puzzles {
        check = check.wrapping_add(canonical(nine, p).map_or(0, |c| c.values[40]) as u64);
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "canonical forms: {} puzzles in {secs:.2} s, {:.0}/s (checksum {check})",
        puzzles.len(),
        puzzles.len() as f64 / secs
    );
}

fn bench_generate(level: Level, budget: Duration) {
    let opts = Options {
        shape: Shape::for_size(9).expect("9"),
        level: Some(level),
        symmetry: Symmetry::None,
        seed: 1,
    };
    let started = Instant::now();
    let (mut made, mut attempts) = (0u64, 0u64);
    while started.elapsed() < budget {
        let g = generate(&opts, made);
        attempts += u64::from(g.attempts);
        made += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{level:>7}: {made} puzzles in {secs:.1} s, {:.1}/s ({:.0} minimal puzzles/s made)",
        made as f64 / secs,
        attempts as f64 / secs
    );
}
