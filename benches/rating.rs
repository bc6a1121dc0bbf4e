//! Rating agreement and speed: rates every puzzle of a HoDoKu level table (`puzzle<TAB>set<TAB>
//! level<TAB>score`, `#` comments) with the logic engine on one thread, and prints per set the
//! puzzles, puzzles/s, the share whose level equals HoDoKu's, and a confusion table (rows:
//! HoDoKu's level, columns: ours), then which techniques the paths used.
//!
//! `cargo bench --bench rating -- [FILE] [--limit N]`; the default file is
//! `tests/data/hodoku-sample.tsv` (300 puzzles); `../shared/data/hodoku-levels.tsv` holds 3,665.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_lsp::grid::{Grid, Shape};
use sudoku_lsp::logic::{rate, solve, Level, Options, State, Technique};

fn grid(line: &str) -> Option<Grid> {
    let values = line
        .chars()
        .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    Grid::from_values(Shape::for_size(9)?, values)
}

#[derive(Default)]
struct SetStats {
    puzzles: usize,
    agree: usize,
    unsolved: usize,
    seconds: f64,
    confusion: [[usize; 5]; 5],
}

fn main() {
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut limit = usize::MAX;
    if let Some(i) = args.iter().position(|a| a == "--limit") {
        limit = args
            .get(i + 1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(usize::MAX);
        args.drain(i..(i + 2).min(args.len()));
    }
    let file = args
        .first()
        .cloned()
        .unwrap_or_else(|| "tests/data/hodoku-sample.tsv".to_string());
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut sets: BTreeMap<String, SetStats> = BTreeMap::new();
    let mut used: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut per_set_seen: BTreeMap<String, usize> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (Some(puzzle), Some(set), Some(level)) = (f.first(), f.get(1), f.get(2)) else {
            continue;
        };
        let seen = per_set_seen.entry(set.to_string()).or_default();
        *seen += 1;
        if *seen > limit {
            continue;
        }
        let (Some(g), Ok(theirs)) = (grid(puzzle), level.parse::<Level>()) else {
            continue;
        };
        let start = Instant::now();
        let path = solve(State::new(&g), &Options::default());
        let rating = rate(&path.steps, true);
        let elapsed = start.elapsed().as_secs_f64();
        let stats = sets.entry(set.to_string()).or_default();
        stats.puzzles += 1;
        stats.seconds += elapsed;
        if !path.solved {
            stats.unsolved += 1;
        }
        for s in &path.steps {
            *used.entry(s.technique).or_default() += 1;
        }
        if let Some(r) = rating {
            stats.confusion[theirs as usize][r.level as usize] += 1;
            if r.level == theirs {
                stats.agree += 1;
            }
        }
    }
    for (set, s) in &sets {
        println!(
            "{set}: {} puzzles, {:.1} puzzles/s, same level as HoDoKu: {} ({:.1}%), unsolved: {}",
            s.puzzles,
            s.puzzles as f64 / s.seconds.max(1e-9),
            s.agree,
            100.0 * s.agree as f64 / s.puzzles.max(1) as f64,
            s.unsolved
        );
        println!("  HoDoKu \\ ours  easy medium   hard unfair extreme");
        for (i, row) in s.confusion.iter().enumerate() {
            let name = Level::ALL[i].as_str();
            println!(
                "  {name:>13} {:>5} {:>6} {:>6} {:>6} {:>7}",
                row[0], row[1], row[2], row[3], row[4]
            );
        }
    }
    println!("steps by technique:");
    for (t, n) in used {
        println!("  {:<28} {n}", t.id());
    }
}
