//! Rating agreement and speed: rates every puzzle of a HoDoKu level table (`puzzle<TAB>set<TAB>
//! level<TAB>score`, `#` comments) with the logic engine on one thread, and prints per set the
//! puzzles, puzzles/s, the share whose level equals HoDoKu's, and a confusion table (rows:
//! HoDoKu's level, columns: ours), then which techniques the paths used.
//!
//! Each puzzle is solved step by step here (as `logic::solve` does), timing every `next_step`
//! call: the p50, p95 and maximum per set are the latency of asking for the next step from any
//! state of a solving path, as the editor does for a hint.
//!
//! With `--by-technique`, each state's next step is asked of one technique at a time, easiest
//! first, as `next_step` does, and per set the time each technique took is printed: its calls,
//! the calls that found a step, and its share of the time of all calls. (The per-call timing and
//! a finder per technique add to the latencies then: timing a call costs some tens of
//! nanoseconds, a good part of what finding a single costs.)
//!
//! `cargo bench --bench rating -- [FILE] [--limit N] [--by-technique]`; the default file is
//! `tests/data/hodoku-sample.tsv` (300 puzzles); `../shared/data/hodoku-levels.tsv` holds 3,665.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_lsp::grid::{Grid, Shape};
use sudoku_lsp::logic::{rate, Engine, Level, Options, State, Step, Technique};

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
    /// Seconds of every `next_step` call.
    step_times: Vec<f64>,
    confusion: [[usize; 5]; 5],
    /// With `--by-technique`: per technique, its calls, the calls that found a step, and their
    /// seconds.
    by_technique: BTreeMap<Technique, (usize, usize, f64)>,
}

fn main() {
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let by_technique = args.iter().any(|a| a == "--by-technique");
    args.retain(|a| a != "--by-technique");
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
        let stats = sets.entry(set.to_string()).or_default();
        let start = Instant::now();
        let tally = by_technique.then_some(&mut stats.by_technique);
        let (steps, solved) = solve_timed(State::new(&g), &mut stats.step_times, tally);
        let rating = rate(&steps, true);
        stats.seconds += start.elapsed().as_secs_f64();
        stats.puzzles += 1;
        if !solved {
            stats.unsolved += 1;
        }
        for s in &steps {
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
        let mut t = s.step_times.clone();
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t.get(((t.len() as f64 * q) as usize).min(t.len().saturating_sub(1)));
        if let (Some(p50), Some(p95), Some(max)) = (at(0.5), at(0.95), t.last()) {
            println!(
                "  next step over {} states: p50 {:.3} ms, p95 {:.3} ms, max {:.1} ms",
                t.len(),
                p50 * 1e3,
                p95 * 1e3,
                max * 1e3
            );
        }
        let total: f64 = s.by_technique.values().map(|t| t.2).sum();
        if total > 0.0 {
            let mut rows: Vec<_> = s.by_technique.iter().collect();
            rows.sort_by(|a, b| b.1 .2.total_cmp(&a.1 .2));
            println!("  technique                       calls    found       ms   share");
            for (t, &(calls, found, secs)) in rows.iter().take(20) {
                println!(
                    "  {:<28} {calls:>8} {found:>8} {:>8.1} {:>6.1}%",
                    t.id(),
                    secs * 1e3,
                    100.0 * secs / total
                );
            }
        }
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

/// `logic::solve`, timing each `next_step` call into `times`: the steps and whether the grid was
/// filled. With `tally`, the next step is asked of each technique in turn instead (see the
/// module's notes), each call counted and timed there.
fn solve_timed(
    state: State,
    times: &mut Vec<f64>,
    mut tally: Option<&mut BTreeMap<Technique, (usize, usize, f64)>>,
) -> (Vec<Step>, bool) {
    let opts = Options::default();
    // One engine for the puzzle, as a rating keeps one: its caches serve every step.
    let mut engine = Engine::new();
    let mut state = engine.begin_state(state);
    let mut steps = Vec::new();
    let bound = state.shape().cells() * (state.size() + 1);
    while !state.is_solved() && steps.len() < bound && !state.is_broken() {
        let start = Instant::now();
        let step = match tally.as_deref_mut() {
            Some(tally) => Technique::ALL.iter().find_map(|&t| {
                let at = Instant::now();
                let step = engine.step_by(&state, t, &opts);
                let e = tally.entry(t).or_default();
                e.0 += 1;
                e.1 += usize::from(step.is_some());
                e.2 += at.elapsed().as_secs_f64();
                step
            }),
            None => engine.next_step(&state, &opts),
        };
        times.push(start.elapsed().as_secs_f64());
        let Some(step) = step else { break };
        state.apply(&step);
        steps.push(step);
    }
    let solved = state.is_solved() && !state.is_broken();
    (steps, solved)
}
