//! The engine's tests: every step is true on many puzzles of every size (the property that
//! matters most), and each technique finds exactly what a hand-made state shows.

use super::*;
use crate::grid::{bit, Grid, Mask, Shape};
use crate::solver::count_solutions;

pub(super) mod cases;

/// An engine whose searches run as `set` switches them (every switch off is what ships).
pub(super) fn searching(set: impl FnOnce(&mut engine::Search)) -> Engine {
    let mut cx = Engine::new();
    set(&mut cx.search);
    cx
}

/// The steps technique `t` finds in `s` with engine `cx`, up to `limit`.
pub(super) fn run_in(cx: &Engine, t: Technique, s: &State, limit: usize) -> Vec<Step> {
    let mut f = cx.finder(s, limit);
    find(t, &mut f);
    f.into_steps()
}

/// A 9x9 grid from a one-liner (any character but a digit an empty cell).
pub(super) fn nine(line: &str) -> Grid {
    let values = line
        .chars()
        .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap()
}

/// Solves `grid` with the engine and checks every step against the solution. Returns the path.
fn check_path(grid: &Grid) -> Path {
    let outcome = count_solutions(grid, 2);
    assert_eq!(outcome.count, 1, "not a proper puzzle: {:?}", grid.values);
    let solution = outcome.first.unwrap();
    let path = solve(State::new(grid), &Options::default());
    let mut state = State::new(grid);
    for (i, step) in path.steps.iter().enumerate() {
        assert!(
            step.holds_for(&solution),
            "step {i} ({}) places a wrong digit or removes the solution's: {}",
            step.technique,
            step.explanation
        );
        assert!(state.changes(step), "step {i} changes nothing");
        assert!(!step.explanation.is_empty());
        state.apply(step);
    }
    assert!(path.solved, "the path stops unsolved: {:?}", grid.values);
    assert_eq!(path.end.values(), &solution[..]);
    path
}

fn sample() -> Vec<(String, String, Level)> {
    include_str!("../../tests/data/hodoku-sample.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].to_string(), f[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn every_step_is_true_on_the_hodoku_sample() {
    for (puzzle, _, _) in sample() {
        check_path(&nine(&puzzle));
    }
}

#[test]
fn a_checked_step_tells_whether_it_broke_the_state() {
    let (mut broke, mut held) = (0, 0);
    for (puzzle, _, _) in sample().into_iter().step_by(25) {
        let path = solve(State::new(&nine(&puzzle)), &Options::default());
        let mut state = State::new(&nine(&puzzle));
        for step in path.steps.iter().take(30) {
            // Every placement and every single elimination from this state, true or not.
            for cell in state.empty_cells() {
                for d in crate::grid::digits(state.cands(cell)) {
                    let tries = [
                        Step::new(Technique::Trial, String::new()).place(cell, d),
                        Step::new(Technique::Trial, String::new()).eliminate([(cell, bit(d))]),
                    ];
                    for t in tries {
                        let mut after = state.clone();
                        let did_break = after.apply_checked(&t);
                        assert_eq!(did_break, after.is_broken(), "{puzzle}: {t:?}");
                        if after.is_broken() {
                            broke += 1;
                        } else {
                            held += 1;
                        }
                    }
                }
            }
            assert!(!state.apply_checked(step) && !state.is_broken(), "{puzzle}");
        }
    }
    assert!(broke > 100 && held > 100, "{broke} broken, {held} not");
}

/// The digit boards and counts a state keeps, rebuilt from its candidates (and its count of
/// empty cells, from its values).
fn boards_agree(s: &State) -> bool {
    let words = s.shape().tables().words;
    s.is_solved() == s.values().iter().all(|&v| v != 0)
        && (1..=s.size() as u8).all(|d| {
            let mut board = vec![0u64; words];
            for c in 0..s.shape().cells() {
                if s.cands(c) & bit(d) != 0 {
                    board[c / 64] |= 1 << (c % 64);
                }
            }
            s.board(d) == board.as_slice()
                && (0..s.unit_count()).all(|u| {
                    let spots = s
                        .unit(u)
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| s.cands(c) & bit(d) != 0);
                    let count = spots.clone().count();
                    let mask = spots.fold(0u32, |m, (i, _)| m | 1 << i);
                    if s.places(u, d) != mask {
                        return false;
                    }
                    usize::from(s.count(u, d)) == count && (s.ones(u) & bit(d) != 0) == (count == 1)
                })
        })
}

/// A fixed pseudo-random sequence (xorshift64), the same every run, for tests that want many
/// cases.
pub(super) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

#[test]
fn the_digit_boards_and_counts_follow_the_candidates_in_every_size() {
    // Placements and eliminations chosen by a fixed pseudo-random sequence, wrong ones too, on
    // an empty grid of every size and along real solving paths.
    let mut sequence = xorshift(0x2545_f491_4f6c_dd1d);
    let mut next = |m: usize| (sequence() % m as u64) as usize;
    for n in crate::grid::SIZES {
        let shape = Shape::for_size(n).unwrap();
        let mut s = State::new(&Grid::empty(shape));
        assert!(boards_agree(&s));
        for i in 0..3 * shape.cells() {
            let cell = next(shape.cells());
            let d = next(n) as u8 + 1;
            if i % 3 == 0 {
                s.place(cell, d);
            } else {
                s.eliminate(cell, bit(d) | bit(next(n) as u8 + 1));
            }
            assert!(boards_agree(&s), "{n}x{n} after {i} changes");
        }
        let pencil =
            State::from_candidates(shape, vec![0; shape.cells()], vec![0b1011; shape.cells()]);
        assert!(boards_agree(&pencil.unwrap()));
    }
    for (puzzle, _, _) in sample().into_iter().step_by(20) {
        let mut state = State::new(&nine(&puzzle));
        for step in solve(state.clone(), &Options::default()).steps {
            state.apply(&step);
            assert!(boards_agree(&state), "{puzzle}");
        }
    }
}

#[test]
fn filling_in_singles_fails_exactly_when_it_breaks_the_state_and_leaves_no_single() {
    // From each sample puzzle's start, assume a wrong digit in each of a few cells: singles
    // either break the state (and say so) or stop where no single is left.
    let (mut failed, mut settled) = (0, 0);
    for (puzzle, _, _) in sample().into_iter().step_by(15) {
        let grid = nine(&puzzle);
        let solution = count_solutions(&grid, 2).first.unwrap();
        let start = State::new(&grid);
        let mut whole = start.clone();
        assert!(
            whole.fill_singles(),
            "{puzzle}: the true start does not break"
        );
        for c in start.empty_cells().step_by(7) {
            for d in crate::grid::digits(start.cands(c) & !bit(solution[c])) {
                let mut t = start.clone();
                let before = t.breaks();
                t.place(c, d);
                let ok = t.breaks() == before && t.fill_singles();
                assert_eq!(
                    ok,
                    !t.is_broken(),
                    "{puzzle}: r{}c{} = {d}",
                    c / 9 + 1,
                    c % 9 + 1
                );
                if ok {
                    settled += 1;
                    let no_naked = t.all_cands().iter().all(|m| m.count_ones() != 1);
                    let no_hidden = (0..t.unit_count()).all(|u| {
                        (1..=9)
                            .all(|d| t.placed_in(u) & bit(d) != 0 || t.cells_with(u, d).len() != 1)
                    });
                    assert!(no_naked && no_hidden, "{puzzle}: a single is left");
                } else {
                    failed += 1;
                }
            }
        }
    }
    assert!(
        failed > 50 && settled > 50,
        "{failed} broke, {settled} settled"
    );
}

#[test]
fn a_quiet_path_is_the_same_path_without_sentences_or_patterns() {
    for (puzzle, _, _) in sample().into_iter().step_by(10) {
        let start = State::new(&nine(&puzzle));
        let loud = solve(start.clone(), &Options::default());
        let quiet = Engine::quiet().solve(start.clone(), &Options::default());
        assert_eq!(loud.steps.len(), quiet.steps.len(), "{puzzle}");
        // What a rating reads: the same techniques, and whether the path is solved.
        let techniques: Vec<Technique> = loud.steps.iter().map(|s| s.technique).collect();
        assert_eq!(
            Engine::new().solve_techniques(start, &Options::default()),
            (techniques, loud.solved),
            "{puzzle}"
        );
        for (l, q) in loud.steps.iter().zip(&quiet.steps) {
            assert!(!l.explanation.is_empty(), "{puzzle}: {l:?}");
            // Forcing chains write theirs while they collect the chain's cells; they are rare.
            let forcing = matches!(q.technique, Technique::ForcingChain | Technique::ForcingNet);
            assert!(forcing || q.explanation.is_empty(), "{puzzle}: {q:?}");
            assert_eq!(
                (l.technique, &l.placements, &l.eliminations),
                (q.technique, &q.placements, &q.eliminations),
                "{puzzle}"
            );
        }
    }
    // An engine that rated quietly still writes the sentences of a path it solves.
    let mut engine = Engine::new();
    let (puzzle, _, _) = &sample()[0];
    let start = State::new(&nine(puzzle));
    engine.solve_techniques(start.clone(), &Options::default());
    let loud = engine.solve(start, &Options::default());
    assert!(loud.steps.iter().all(|s| !s.explanation.is_empty()));
}

/// The proper puzzles of the fixtures, of every size.
fn fixture_grids() -> Vec<Grid> {
    let mut grids = Vec::new();
    for dir in ["fixtures/layouts", "fixtures/ok"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "sudoku"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            let (text, _) = crate::syntax::decode(&bytes).unwrap();
            for puzzle in crate::syntax::parse(text).puzzles {
                let grid = puzzle.grid();
                if count_solutions(&grid, 2).count == 1 {
                    grids.push(grid);
                }
            }
        }
    }
    grids
}

#[test]
fn a_state_is_made_with_its_singles_in_the_order_filling_in_makes_them() {
    // Filling in change by change is what the order means; the replay computes it at once.
    // Every size, with candidates missing (the solution's too) and digits placed twice.
    let mut grids = fixture_grids();
    grids.extend(sample().iter().step_by(5).map(|(p, _, _)| nine(p)));
    let mut seed = 7u64;
    let mut next = move |below: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % below.max(1)
    };
    let mut compared = 0;
    for grid in &grids {
        let (shape, n) = (grid.shape, grid.shape.size);
        let full = crate::grid::full_mask(n);
        for variant in 0..6 {
            let mut values = grid.values.clone();
            let mut cands = vec![full; shape.cells()];
            if variant > 0 {
                cands = State::new(grid).all_cands().to_vec();
                for m in cands.iter_mut() {
                    for d in crate::grid::digits(*m) {
                        if next(4) == 0 {
                            *m &= !bit(d);
                        }
                    }
                }
            }
            if variant > 3 {
                for _ in 0..variant {
                    let c = next(shape.cells());
                    values[c] = next(n) as u8 + 1;
                }
            }
            let at_once = State::replay(shape, &values, &cands);
            let stepwise = State::replay_in_steps(shape, &values, &cands);
            assert!(
                at_once.live() == stepwise.live(),
                "{values:?} {cands:?}:\n{:?}\n{:?}",
                at_once.arisen(),
                stepwise.live().arisen()
            );
            compared += 1;
        }
    }
    assert!(compared > 300, "{compared}");
}

#[test]
fn every_step_is_true_on_every_size() {
    let mut sizes = std::collections::BTreeSet::new();
    for grid in fixture_grids() {
        check_path(&grid);
        sizes.insert(grid.shape.size);
    }
    assert!(sizes.len() >= 6, "sizes covered: {sizes:?}");
}

#[test]
fn an_easy_puzzle_is_rated_easy_with_singles_only() {
    let grid =
        nine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    let path = check_path(&grid);
    let r = rate(&path.steps, true).unwrap();
    assert_eq!(r.level, Level::Easy);
    assert!(path
        .steps
        .iter()
        .all(|s| s.technique.level() == Level::Easy));
}

#[test]
fn nothing_is_found_where_nothing_applies() {
    let s = State::new(&nine(&".".repeat(81)));
    assert!(all_steps(&s, &Options::default()).is_empty());
}

/// A path's first steps as (technique, cell, digit), for singles.
fn placed_path(line: &str, count: usize) -> Vec<(Technique, usize, u8)> {
    solve(State::new(&nine(line)), &Options::default())
        .steps
        .iter()
        .take(count)
        .map(|s| {
            let (cell, d) = s.placements.first().copied().unwrap_or((usize::MAX, 0));
            (s.technique, cell, d)
        })
        .collect()
}

#[test]
fn singles_are_taken_in_the_order_they_arise() {
    // HoDoKu's own path of this 17-clue puzzle (hodoku-py, as a black box) begins with these
    // singles and scores it 436; in scan order (boxes, rows, columns) the path scored 456. The
    // singles arise as the givens are placed in reading order, each leaving its peers: r8c3 is
    // the only naked single at first, r8c8 comes down to one candidate before r8c1, and r1c9's
    // hidden single in column 9 is older than r7c1's in box 7.
    use Technique::{FullHouse as F, HiddenSingle as H, NakedSingle as N};
    let line = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....";
    let cell = |r: usize, c: usize| (r - 1) * 9 + c - 1;
    let hodoku = vec![
        (N, cell(8, 3), 1),
        (N, cell(8, 8), 4),
        (N, cell(8, 1), 6),
        (N, cell(8, 6), 5),
        (H, cell(1, 9), 2),
        (H, cell(7, 1), 4),
        (H, cell(7, 7), 5),
        (H, cell(2, 3), 2),
        (H, cell(3, 9), 5),
        (H, cell(8, 7), 2),
        (F, cell(8, 4), 3),
        (H, cell(7, 8), 7),
        (H, cell(1, 3), 3),
        (H, cell(9, 8), 1),
        (H, cell(7, 3), 8),
        (F, cell(9, 3), 9),
        (N, cell(3, 3), 7),
        (F, cell(4, 3), 5),
    ];
    assert_eq!(placed_path(line, hodoku.len()), hodoku);
    let path = solve(State::new(&nine(line)), &Options::default());
    assert_eq!(rate(&path.steps, true).unwrap().score, 436);
}

#[test]
fn a_locked_triple_clears_its_line_before_its_box() {
    // The locked triple r1c2-r3c2 clears column 2 (r5c2 down to 7) before box 1 (r1c3 down to
    // 8), so r5c2's naked single arose first and is taken first, as on HoDoKu's path.
    let line = "......31.7..5.....2...4.....39..8..........62.1.......5..6....7.8....9......5....";
    let path = placed_path(line, 6);
    assert_eq!(path[3].0, Technique::LockedTriple);
    assert_eq!(
        path[4..],
        [
            (Technique::NakedSingle, 37, 7),
            (Technique::NakedSingle, 2, 8)
        ]
    );
}

#[test]
fn the_ladder_starts_with_the_singles_and_no_options_leave_them_out() {
    // The walk takes singles without asking the ladder (see `SINGLES`).
    assert!(Technique::ALL.starts_with(&SINGLES));
    for (unique, trial) in [(false, false), (false, true), (true, false), (true, true)] {
        assert!(SINGLES.iter().all(|&t| Options { unique, trial }.allows(t)));
    }
}

#[test]
fn the_order_singles_arose_in_misses_none() {
    // Along the paths of a third of the sample and of every size's fixtures, in every state, each single
    // technique finds a step from the queue of singles exactly when a scan of the state (a
    // copy that keeps no queue) finds one: the queue holds every single.
    let mut grids: Vec<Grid> = sample()
        .iter()
        .step_by(3)
        .map(|(p, _, _)| nine(p))
        .collect();
    for dir in ["fixtures/layouts", "fixtures/ok"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "sudoku") {
                let bytes = std::fs::read(&path).unwrap();
                let (text, _) = crate::syntax::decode(&bytes).unwrap();
                grids.extend(crate::syntax::parse(text).puzzles.iter().map(|p| p.grid()));
            }
        }
    }
    let mut states = 0;
    for grid in grids {
        if count_solutions(&grid, 2).count != 1 {
            continue;
        }
        let path = solve(State::new(&grid), &Options::default());
        let mut state = State::new(&grid);
        for step in &path.steps {
            assert!(state.arisen().is_some());
            let scan = state.fork();
            for t in [
                Technique::FullHouse,
                Technique::NakedSingle,
                Technique::HiddenSingle,
            ] {
                let cx = Engine::new();
                let (mut queued, mut scanned) = (cx.finder(&state, 1), cx.finder(&scan, 1));
                find(t, &mut queued);
                find(t, &mut scanned);
                assert_eq!(
                    queued.count() == 0,
                    scanned.count() == 0,
                    "{t:?} in {:?}",
                    state.values()
                );
            }
            // The walk's shortcut takes the step the three finders would.
            assert_eq!(
                singles::next_single(&state).map(|x| x.step(&state, false)),
                Engine::new().next_step_on(&state, &Options::default(), &SINGLES, false),
                "{:?}",
                state.values()
            );
            state.apply(step);
            states += 1;
        }
    }
    assert!(states > 3_000, "{states} states");
}

#[test]
fn a_remote_pair_on_a_path_takes_the_chain_that_removes_most() {
    // HoDoKu's path of this 17-clue puzzle removes 5 and 6 from r1c8, r2c7 and r2c8, 6 from r5c7
    // and 5 from r6c7 in one Remote Pair step, along a ten-cell chain, and scores the puzzle
    // 1,206; the shortest chains took two steps and scored 1,316.
    let line = ".................1....23.4......2.3...51.......67......2......7.8......943...8...";
    let path = solve(State::new(&nine(line)), &Options::default());
    let pairs: Vec<&Step> = path
        .steps
        .iter()
        .filter(|s| s.technique == Technique::RemotePair)
        .collect();
    assert_eq!(pairs.len(), 1, "{pairs:?}");
    let (five, six) = (bit(5), bit(6));
    assert_eq!(
        pairs[0].eliminations,
        vec![
            (7, five | six),
            (15, five | six),
            (16, five | six),
            (42, six),
            (51, five)
        ]
    );
    assert_eq!(rate(&path.steps, true).unwrap().score, 1206);
}

/// Along solving paths, the one-digit searches remember the places they found barren
/// (`barren.rs`): they skip a digit on the same places, and fish search a digit whose places
/// shrank since only with a base unit that lost one; and they skip a digit whose places all lie
/// in templates (`templates.rs`). Each search must find what the same search with nothing
/// remembered and templates off (in a new engine) finds.
#[test]
fn a_search_that_remembers_barren_places_or_asks_templates_finds_what_a_full_search_finds() {
    // The step a solving path would take: its technique, cells and eliminations.
    let one = |cx: &Engine, s: &State, t: Technique| -> Option<String> {
        let mut f = cx.finder(s, 1);
        find(t, &mut f);
        f.last()
            .map(|s| format!("{} {:?} {:?}", s.technique, s.cells, s.eliminations))
    };
    let mut found = [0usize; ONE_DIGIT.len()];
    for puzzle in FISHY {
        let grid = nine(puzzle);
        let path = solve(State::new(&grid), &Options::default());
        let mut s = State::new(&grid);
        // The searches that remember, in one engine along the path.
        let cx = Engine::new();
        for step in &path.steps {
            // Each technique in an engine of its own, so that none reads another's memory,
            // and without templates (which spare a search too).
            let full = ONE_DIGIT.map(|t| one(&searching(|x| x.templates_off = true), &s, t));
            for (i, (t, full)) in ONE_DIGIT.into_iter().zip(full).enumerate() {
                found[i] += usize::from(full.is_some());
                assert_eq!(one(&cx, &s, t), full, "{t} in {puzzle}");
            }
            s.apply(step);
        }
    }
    assert!(found.iter().sum::<usize>() > 50, "{found:?} found");
    for (t, n) in ONE_DIGIT.into_iter().zip(found) {
        use Technique::*;
        if matches!(t, Skyscraper | TwoStringKite | EmptyRectangle | FinnedXWing) {
            assert!(n > 0, "{t}: never found, so never checked");
        }
    }
}

/// The one-digit techniques: those that remember barren searches (`barren.rs`) and ask
/// templates (`templates.rs`).
const ONE_DIGIT: [Technique; 20] = {
    use Technique::*;
    [
        XWing,
        Swordfish,
        Jellyfish,
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        FinnedXWing,
        SashimiXWing,
        FinnedSwordfish,
        SashimiSwordfish,
        FinnedJellyfish,
        SashimiJellyfish,
        SimpleColors,
        MultiColors,
        XChain,
        FrankenXWing,
        FrankenSwordfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
    ]
};

/// The first top1465 puzzles: their paths use finned, sashimi and Franken fish.
const FISHY: [&str; 6] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
    "4..1.2.......9.7..8..........8.7.5.......4.6.3.....21....5....2..9.......7.......",
];

/// Every state of the solving paths of the fixtures (every size) and of [`FISHY`].
pub(super) fn path_states() -> Vec<State> {
    let mut states = Vec::new();
    let grids = fixture_grids().into_iter().chain(FISHY.map(nine));
    for grid in grids {
        let path = solve(State::new(&grid), &Options::default());
        let mut s = State::new(&grid);
        for step in &path.steps {
            states.push(s.clone());
            s.apply(step);
        }
    }
    states
}

/// The states where the solving paths of every `every`-th extreme puzzle of the HoDoKu sample
/// take a step other than a single: the stalls, where the costly techniques are searched.
pub(super) fn stall_states(every: usize) -> Vec<State> {
    let singles = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];
    let mut states = Vec::new();
    let hard = sample().into_iter().filter(|e| e.2 == Level::Extreme);
    for (puzzle, _, _) in hard.step_by(every) {
        let grid = nine(&puzzle);
        let path = solve(State::new(&grid), &Options::default());
        let mut s = State::new(&grid);
        for step in &path.steps {
            if !singles.contains(&step.technique) {
                states.push(s.clone());
            }
            s.apply(step);
        }
    }
    states
}

/// [`path_states`], then a copy of each with candidates taken away at random (one in
/// `2^shift`, the solution's too, never a cell's last), so that premises break and searches
/// fail deep.
pub(super) fn path_states_and_pruned(seed: u64, shift: u32) -> Vec<State> {
    let mut seed = seed;
    let mut states = path_states();
    for s in states.clone() {
        let mut t = s.fork();
        for c in s.empty_cells() {
            for d in crate::grid::digits(s.cands(c)) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if seed >> (64 - shift) == 0 && s.cands(c).count_ones() > 1 {
                    t.eliminate(c, bit(d));
                }
            }
        }
        states.push(t);
    }
    states
}

/// Whether every place of digit `d` lies in a template, by listing every template (one place
/// per row, column and box lacking `d`); `None` past `cap` templates.
fn every_place_in_a_listed_template(s: &State, d: u8, cap: usize) -> Option<bool> {
    let shape = s.shape();
    let n = shape.size;
    let places: Vec<usize> = (0..shape.cells())
        .filter(|&c| s.cands(c) & bit(d) != 0)
        .collect();
    let lacking = |u: usize| s.placed_in(u) & bit(d) == 0;
    let rows: Vec<usize> = (0..n).filter(|&r| lacking(r)).collect();
    // A unit lacking `d` with no place, or a place in a unit holding `d`: the templates
    // would not mean what they say; `every_place_fits` answers no.
    let units_ok = (0..3 * n).all(|u| lacking(u) == s.unit(u).iter().any(|c| places.contains(c)));
    if !units_ok {
        return Some(false);
    }
    fn walk(
        s: &State,
        d: u8,
        rows: &[usize],
        used: &mut Vec<usize>,
        union: &mut std::collections::BTreeSet<usize>,
        count: &mut usize,
        cap: usize,
    ) {
        if *count > cap {
            return;
        }
        let Some((&r, rest)) = rows.split_first() else {
            *count += 1;
            union.extend(used.iter().copied());
            return;
        };
        for &c in s.unit(r) {
            if s.cands(c) & bit(d) != 0 && used.iter().all(|&u| !s.sees(u, c)) {
                used.push(c);
                walk(s, d, rest, used, union, count, cap);
                used.pop();
            }
        }
    }
    let mut union = std::collections::BTreeSet::new();
    let mut count = 0;
    walk(s, d, &rows, &mut Vec::new(), &mut union, &mut count, cap);
    (count <= cap).then(|| places.iter().all(|c| union.contains(c)))
}

#[test]
fn templates_agree_with_listing_every_template() {
    let (mut fits, mut not, mut listed) = (0, 0, 0);
    for s in path_states().iter().step_by(3) {
        for d in 1..=s.size() as u8 {
            let Some(want) = every_place_in_a_listed_template(s, d, 20_000) else {
                continue;
            };
            listed += 1;
            let got = templates::every_place_fits(&Engine::new(), s, d);
            assert_eq!(got, want, "digit {d} in {:?}", s.values());
            if got {
                fits += 1;
            } else {
                not += 1;
            }
        }
    }
    assert!(
        fits > 1000 && not > 100,
        "{fits} fit, {not} do not, of {listed}"
    );
}

#[test]
fn no_one_digit_technique_finds_anything_for_a_digit_whose_places_all_fit() {
    let mut checked = 0;
    let mut found = 0;
    for s in path_states().iter().step_by(5) {
        let fitting: Mask = (1..=s.size() as u8)
            .filter(|&d| templates::every_place_fits(&Engine::new(), s, d))
            .fold(0, |m, d| m | bit(d));
        // Every instance, searched in full (no templates, no memory of barren searches).
        let cx = searching(|x| x.templates_off = true);
        let mut steps = Vec::new();
        for t in ONE_DIGIT {
            steps.append(&mut run_in(&cx, t, s, ALL_STEPS_LIMIT));
        }
        for step in &steps {
            let touched = step.placements.iter().fold(0, |m, &(_, d)| m | bit(d))
                | step.eliminations.iter().fold(0, |m, &(_, e)| m | e);
            assert_eq!(
                touched & fitting,
                0,
                "{} ({}) in {:?}",
                step.technique,
                step.explanation,
                s.values()
            );
        }
        checked += fitting.count_ones();
        found += steps.len();
    }
    assert!(
        checked > 500 && found > 50,
        "{checked} digits that fit, {found} steps"
    );
}

/// A cell's row and column read from the tables are the shape's own, for every cell of every
/// size with a default box, and so is its box.
#[test]
fn rows_columns_and_boxes_from_the_tables_are_the_shapes() {
    for size in [4, 6, 8, 9, 12, 16, 25] {
        let shape = Shape::for_size(size).expect("a supported size");
        let s = State::new(&Grid::empty(shape));
        for c in 0..shape.cells() {
            assert_eq!(
                s.row_col(c),
                (shape.row(c), shape.col(c)),
                "cell {c} of {size}"
            );
            assert_eq!(
                s.units_of(c)[2],
                2 * size + shape.box_of(c),
                "cell {c} of {size}"
            );
        }
    }
}

/// Asking each technique in turn, easiest first (as the rating bench does to time them), finds
/// the step `next_step` finds, on every state of the fixtures' paths and at the stalls of some
/// extreme puzzles.
#[test]
fn each_technique_in_turn_finds_the_next_step() {
    let opts = Options::default();
    let mut engine = Engine::new();
    for s in path_states().into_iter().chain(stall_states(8)) {
        let by_turns = (Technique::ALL.iter()).find_map(|&t| engine.step_by(&s, t, &opts));
        assert_eq!(by_turns, next_step(&s, &opts), "{:?}", s.all_cands());
    }
}
