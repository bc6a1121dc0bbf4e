//! Forcing chains and forcing nets (contradiction and verity).
//!
//! A premise is a candidate assumed true or assumed false. What it implies is collected as two
//! bitsets over the candidates (`cell * n + d - 1`): those made true and those made false.
//!
//! - A forcing chain follows single links of the grouped chains' link graph (a weak link from a
//!   true node, a strong link from a false one), up to 20 links from the premise. Groups (the
//!   places of a digit in a box-line intersection) pass implications on, as in HoDoKu's forcing
//!   chains, but premises and conclusions are candidates.
//! - A forcing net lets an implication rest on several premises: after the assumption, singles
//!   (a cell left with one candidate, a digit left with one place in a unit) are filled in until
//!   nothing follows.
//!
//! Contradiction: a premise that makes a candidate both true and false, or leaves a cell without
//! candidates or a digit without a place in a unit, is false. Verity: when every candidate of a
//! cell, every place of a digit in a unit, or a candidate being true and being false, all imply the
//! same thing, that thing holds. Each step proves one conclusion; the best is a placement, then
//! the proof with the fewest implications. Only up to 9x9: beyond, the bitsets grow with the
//! square of the size and trial is cheaper.
//!
//! Every step wanted (HoDoKu's "find all steps"), a net's verity may also have branches that
//! break: a false premise implies anything, so with two or more live branches the others count
//! for nothing, and with one live branch the others must have implied the conclusion before
//! they broke (HoDoKu's nets stop at a depth, so its verities have such branches; without this
//! rule the conclusion would rest on one branch's consequences, hundreds of steps). On the
//! states of HoDoKu's solving paths of 160 top1465 puzzles, its forcing net steps that we list
//! with the same technique went from 108 to 114 of 115. A solving path leaves such branches to
//! their contradictions.

use crate::grid::{bit, cells_of, digits, full_mask, Mask, Shape};

use std::cell::RefCell;

use super::chains::{Bfs, Graph};
use super::marks::Marks;
use super::{Engine, Finder, Part, State, Step, Technique};

mod analyse;
mod reach;
mod text;

use self::analyse::*;
pub(super) use self::reach::*;
use self::text::*;

/// The most links of a forcing chain.
const CHAIN_LINKS: usize = 20;
/// The largest size searched.
const MAX_SIZE: usize = 9;

pub(super) fn forcing_chain(f: &mut Finder<'_>) {
    let s = f.state;
    if s.size() > MAX_SIZE {
        return;
    }
    // Most stalls that come this far have no forcing chain: then no search; else only the
    // premises that can take part in one are followed.
    let need = match premises_needed(f.cx, s) {
        Needed::Nothing => return,
        Needed::Every => None,
        Needed::Some(need) => Some(need),
    };
    let g = super::chains::grouped_graph(f.cx, s);
    let mut bfs = Bfs::new(g.nodes());
    let r = chain_reach(f.cx, s, &g, &mut bfs, need.as_deref());
    let found = analyse(f.cx, s, &r, &[], false, f.wants_all());
    emit(f, found, |f, proof| {
        chain_step(f.quiet(), f.state, &g, &mut bfs, proof)
    });
}

pub(super) fn forcing_net(f: &mut Finder<'_>) {
    let s = f.state;
    if s.size() > MAX_SIZE {
        return;
    }
    let found = net_conclusions(f.cx, s, f.wants_all());
    emit(f, found, |f, proof| net_step(f.quiet(), f.state, proof));
}

/// A net's conclusions as [`analyse`] gives them: every one when `all`, else the best.
fn net_conclusions(cx: &Engine, s: &State, all: bool) -> Vec<(u32, u32, Proof)> {
    let (r, broken) = net_reach(cx, s, !all);
    // One step wanted and a false candidate breaks the state: the first such is the best.
    let placement = (0..broken.len())
        .step_by(2)
        .find(|&p| broken[p])
        .filter(|_| !all);
    match placement {
        Some(p) => vec![(100, 0, Proof::Broken { p })],
        None => analyse(cx, s, &r, &broken, true, all),
    }
}

/// Offers the best conclusion, or every one (best first) when all steps are wanted.
fn emit(
    f: &mut Finder<'_>,
    mut found: Vec<(u32, u32, Proof)>,
    mut step: impl FnMut(&Finder<'_>, &Proof) -> Step,
) {
    // When one step is wanted, `analyse` kept only the best. A stable sort keeps the first
    // found among equals.
    found.sort_by_key(|e| (std::cmp::Reverse(e.0), e.1));
    for (_, _, proof) in &found {
        let st = step(f, proof);
        if f.add(st) {
            return;
        }
    }
}

/// The conclusion of a proof: (cell, digit, true).
fn conclusion(n: usize, proof: &Proof) -> (usize, u8, bool) {
    let of = |k: usize| (k / n, (k % n) as u8 + 1);
    match *proof {
        Proof::Both { p, .. }
        | Proof::EmptyCell { p, .. }
        | Proof::EmptyUnit { p, .. }
        | Proof::Broken { p } => {
            let (c, d) = of(p / 2);
            (c, d, p & 1 == 0)
        }
        Proof::Verity { k, on, .. } => {
            let (c, d) = of(k);
            (c, d, on)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::chains::tests::run;
    use super::super::Technique;
    use super::*;

    /// The verity looks' row helpers, for 9 digits (rows as arrays) and fewer (as slices),
    /// against the rows read candidate by candidate: `share` is true when the two premises
    /// make some candidate of the boards true both or false both, `narrow` keeps what both
    /// make true and false and tells whether anything is left.
    #[test]
    fn the_row_helpers_agree_with_reading_each_candidate() {
        // Sparse rows, the same every run.
        let mut next = super::super::tests::xorshift(0x2545_f491_4f6c_dd1d);
        let row = |n: usize, next: &mut dyn FnMut() -> u64| -> Vec<u128> {
            (0..n)
                .map(|_| {
                    let mut sparse = || next() & next() & next() & next();
                    u128::from(sparse()) | u128::from(sparse()) << 64
                })
                .collect()
        };
        let (mut shared, mut apart) = (0, 0);
        for n in [4, 6, 8, 9] {
            for _ in 0..2_000 {
                let [on_p, off_p, on_q, off_q, boards] = std::array::from_fn(|_| row(n, &mut next));
                let by_bit = (0..n).any(|i| {
                    (0..128).any(|c| {
                        let has = |r: &[u128]| r[i] >> c & 1 != 0;
                        has(&boards) && (has(&on_p) && has(&on_q) || has(&off_p) && has(&off_q))
                    })
                });
                assert_eq!(share(&on_p, &off_p, &on_q, &off_q, &boards), by_bit);
                if by_bit {
                    shared += 1;
                } else {
                    apart += 1;
                }
                let (mut on, mut off) = (on_q.clone(), off_q.clone());
                let left = narrow(&mut on, &mut off, &on_p, &off_p);
                for i in 0..n {
                    assert_eq!(on[i], on_q[i] & on_p[i]);
                    assert_eq!(off[i], off_q[i] & off_p[i]);
                }
                assert_eq!(left, on.iter().chain(&off).any(|&x| x != 0));
            }
        }
        assert!(
            shared > 500 && apart > 500,
            "{shared} shared, {apart} apart"
        );
    }

    /// The first emptied unit is what a look at every unit and digit finds, on states that keep
    /// hidden singles (a plain puzzle's start) and on their paths, for rows that make a random
    /// part of the candidates false: units left with one place included.
    #[test]
    fn the_first_emptied_unit_is_the_first_of_all_units_emptied() {
        use crate::grid::{Grid, Shape};
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        ];
        let (mut seed, mut through_lone) = (20261204u64, 0);
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 11
        };
        for text in puzzles {
            let values = text
                .bytes()
                .map(|b| b.saturating_sub(b'0').min(9))
                .collect();
            let grid = Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap();
            let path = super::super::solve(State::new(&grid), &super::super::Options::default());
            let mut s = State::new(&grid);
            for step in std::iter::once(None).chain(path.steps.iter().map(Some)) {
                if let Some(step) = step {
                    s.apply(step);
                }
                let (boards, lone) = (boards_of(&s), lone_places(&s));
                let cells = s.tables();
                for _ in 0..20 {
                    // Each candidate false with probability 1/4.
                    let off: Vec<u128> = boards
                        .iter()
                        .map(|&b| {
                            cells_of(b)
                                .filter(|_| next() % 4 == 0)
                                .fold(0, |m, c| m | 1 << c)
                        })
                        .collect();
                    let every = (0..s.unit_count())
                        .flat_map(|u| (0..9).map(move |i| (u, i)))
                        .find(|&(u, i)| {
                            let places = boards[i] & cells.unit_cell_bits[u];
                            places != 0 && places & !off[i] == 0
                        })
                        .map(|(u, i)| (u, i as u8 + 1));
                    assert_eq!(first_emptied_unit(&s, &boards, &lone, &off), every);
                    if let Some((u, d)) = every {
                        through_lone += usize::from(lone[usize::from(d) - 1] >> u & 1 != 0);
                    }
                }
            }
        }
        assert!(through_lone > 0, "some unit had one place left");
    }

    /// What a one-step net search finds of each premise, for comparing two searches: which
    /// premises were done and which broke, and the rows of those done that did not break.
    fn premises_found(cx: &Engine, s: &State) -> (Vec<bool>, Vec<bool>, Vec<u128>, Vec<u128>) {
        let (r, broken) = net_reach(cx, s, true);
        let n = r.n;
        let (mut on, mut off) = (Vec::new(), Vec::new());
        for p in (0..r.done.len()).filter(|&p| r.done[p] && !broken[p]) {
            on.extend_from_slice(&r.on[p * n..(p + 1) * n]);
            off.extend_from_slice(&r.off[p * n..(p + 1) * n]);
        }
        (r.done.clone(), broken, on, off)
    }

    /// A one-step net search that starts its premises from what they filled in to at the
    /// search before finds what a search from scratch does, on the stalls of the hard sample
    /// puzzles' paths one after another (each following from the one before on the same
    /// path), and on a copy of each with a tenth of its candidates taken away at random, the
    /// solution's too (so that premises that filled in before break now).
    #[test]
    fn a_net_search_from_the_last_ones_closures_finds_what_one_from_scratch_does() {
        // From scratch: an engine of its own, which has no closures.
        let fresh = |s: &State| premises_found(&Engine::new(), s);
        let (mut followed, mut pruned) = (0, 0);
        let mut seed = 20_261_205u64;
        let cx = Engine::new();
        let closures = &cx.caches.forcing.closures;
        for s in super::super::tests::stall_states(5)
            .iter()
            .filter(|s| s.size() == 9)
        {
            let before = (closures.borrow().as_ref()).map(|c| c.changes_to(s).is_some());
            followed += usize::from(before == Some(true));
            assert!(fresh(s) == premises_found(&cx, s), "{:?}", s.all_cands());
            // A copy with candidates taken away follows from the state just searched.
            let mut t = s.fork();
            for c in s.empty_cells() {
                for d in digits(s.cands(c)) {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    if seed >> 60 < 2 && t.cands(c).count_ones() > 1 {
                        t.eliminate(c, bit(d));
                    }
                }
            }
            // The path's next stall follows from this one, not from the copy.
            let last = closures.borrow().clone();
            if !t.has_gap() {
                pruned += 1;
                assert!(fresh(&t) == premises_found(&cx, &t), "{:?}", t.all_cands());
            }
            *closures.borrow_mut() = last;
        }
        assert!(followed > 50 && pruned > 50, "{followed} {pruned}");
    }

    /// Every premise of a net implies what its own search finds, those filled in from a
    /// partner's (see `net_reach`) included, on 9x9 states of the fixtures' solving paths.
    #[test]
    fn a_premise_shared_with_a_partner_implies_what_its_own_search_finds() {
        let (mut premises, mut with_partner) = (0, 0);
        let states = super::super::tests::path_states();
        for s in states.iter().step_by(3).filter(|s| s.size() == 9) {
            let n = s.size();
            let cx = Engine::new();
            let (r, broken) = net_reach(&cx, s, false);
            let mut t = s.fork();
            for c in s.empty_cells() {
                for d in digits(s.cands(c)) {
                    for on in 0..2 {
                        let p = 2 * (c * n + d as usize - 1) + on;
                        let (mut yes, mut no) = (vec![0; n], vec![0; n]);
                        let ok = !s.has_gap()
                            && net_premise(s, &mut t, c, d, on == 1, &mut yes, &mut no);
                        assert_eq!(ok, !broken[p]);
                        if ok || !s.has_gap() {
                            assert_eq!((r.on(p), r.off(p)), (&yes[..], &no[..]), "{c} {d} {on}");
                        }
                        premises += 1;
                        with_partner += usize::from(ok && partners(s, c, d).next().is_some());
                    }
                }
            }
        }
        assert!(with_partner > 1_000, "{with_partner} of {premises}");
    }

    /// The bit boards fill in a premise's singles as the state does: the same premises break,
    /// and the others imply the same, on every state of the fixtures' solving paths (sizes 4 to
    /// 9, singles left in most), a quarter of their candidates also taken away at random (so
    /// that many premises break), and with every unit looked at first instead of those the
    /// premise changes (the state having no single of its own). States with a gap are left out,
    /// as `net_reach` asks them no premise.
    #[test]
    fn bit_boards_fill_in_a_premise_as_the_state_does() {
        let (mut ok_count, mut broken_count, mut quiet_count) = (0, 0, 0);
        let states = super::super::tests::path_states_and_pruned(7, 2);
        // A state with a gap breaks under every premise (`net_reach` asks no premise there).
        for s in states
            .iter()
            .filter(|s| s.size() <= MAX_SIZE && !s.has_gap())
        {
            let n = s.size();
            let marks = Marks::of(s).expect("a small shape");
            let every = marks.looking_at_every_unit(s);
            quiet_count += usize::from(marks.dirty_digits == 0);
            let mut t = s.fork();
            for c in s.empty_cells() {
                for d in digits(s.cands(c)) {
                    for on in [false, true] {
                        let mut want = (vec![0; n], vec![0; n]);
                        let ok = net_premise(s, &mut t, c, d, on, &mut want.0, &mut want.1);
                        for m in [&marks, &every] {
                            let mut got = (vec![0; n], vec![0; n]);
                            let fast = marks_premise(m, s, c, d, on, &mut got.0, &mut got.1);
                            assert_eq!(fast, ok, "r{}c{} {d} {on}", c / n + 1, c % n + 1);
                            if ok {
                                assert_eq!(got, want, "r{}c{} {d} {on}", c / n + 1, c % n + 1);
                            }
                        }
                        ok_count += usize::from(ok);
                        broken_count += usize::from(!ok);
                    }
                }
            }
        }
        assert!(
            ok_count > 10_000 && broken_count > 10_000 && quiet_count > 20,
            "{ok_count} {broken_count} {quiet_count}"
        );
    }

    /// One chain conclusion wanted, the premises are looked at in another order and some are
    /// skipped; the conclusion is still the first best of all of them in the order they are
    /// listed (the order `emit` keeps among equals).
    #[test]
    fn the_best_chain_conclusion_is_the_first_best_of_every_one() {
        let mut placements = 0;
        let states = super::super::tests::path_states();
        for s in states.iter().step_by(2).filter(|s| s.size() <= MAX_SIZE) {
            let cx = Engine::new();
            let g = super::super::chains::grouped_graph(&cx, s);
            let mut bfs = Bfs::new(g.nodes());
            let r = chain_reach(&cx, s, &g, &mut bfs, None);
            let mut every = analyse(&cx, s, &r, &[], false, true);
            every.sort_by_key(|e| (std::cmp::Reverse(e.0), e.1));
            every.truncate(1);
            let best = analyse(&cx, s, &r, &[], false, false);
            assert_eq!(format!("{best:?}"), format!("{every:?}"));
            placements += usize::from(matches!(best.first(), Some((100, ..))));
        }
        assert!(placements > 20, "{placements}");
    }

    /// A solving path's net stops at the first false candidate that breaks the state; the
    /// conclusion is the one a search of every premise picks.
    #[test]
    fn a_net_that_stops_early_picks_what_a_full_search_picks() {
        let mut early = 0;
        let states = super::super::tests::path_states();
        for s in states.iter().step_by(3).filter(|s| s.size() == 9) {
            let cx = Engine::new();
            let (r, broken) = net_reach(&cx, s, false);
            let full = analyse(&cx, s, &r, &broken, true, false);
            let best = net_conclusions(&Engine::new(), s, false);
            assert_eq!(format!("{best:?}"), format!("{full:?}"));
            early += usize::from(matches!(best.first(), Some((100, 0, Proof::Broken { .. }))));
        }
        assert!(early > 20, "{early}");
    }

    /// Where [`dual`] holds, a forcing chain search that finds no contradiction finds no
    /// verity, one where [`premises_needed`] says nothing finds nothing, and one that follows
    /// only the premises it names finds what following all finds: on the stalls of hard
    /// puzzles' solving paths, the searches with the shortcuts and without agree (the first
    /// step everywhere, every step on one state in eight).
    #[test]
    fn a_chain_search_cut_short_finds_what_a_full_one_does() {
        let (mut cut, mut some, mut found, mut states) = (0, 0, 0, 0);
        // The full search: without the verities' shortcut.
        let no_dual = super::super::tests::searching(|x| x.no_dual = true);
        for (i, s) in super::super::tests::stall_states(3).iter().enumerate() {
            let cx = Engine::new();
            assert!(dual(&cx, s), "a stall has no single: {:?}", s.all_cands());
            states += 1;
            match premises_needed(&cx, s) {
                Needed::Nothing => cut += 1,
                Needed::Some(need) if need.contains(&false) => some += 1,
                _ => {}
            }
            let limits: &[usize] = if i % 8 == 0 { &[1, usize::MAX] } else { &[1] };
            for &limit in limits {
                let steps = run(Technique::ForcingChain, s, limit);
                let full = super::super::tests::run_in(&no_dual, Technique::ForcingChain, s, limit);
                assert_eq!(steps, full, "{limit} {:?}", s.all_cands());
                found += usize::from(!full.is_empty() && limit == 1);
            }
        }
        assert!(
            cut > 100 && some > 100 && found > 500,
            "{states} stalls, {cut} cut short, {some} with premises left out, {found} with a \
             forcing chain"
        );
    }

    /// Every step on more hard puzzles is true: `top1465.txt` from the shared data when it is
    /// there (skipped silently otherwise); `SUDOKU_CHAIN_PUZZLES` sets how many (default 40).
    #[test]
    fn every_step_is_true_on_top1465_when_present() {
        use crate::grid::Grid;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let Some(text) = [
            "../shared/data/top1465.txt",
            "../../shared/data/top1465.txt",
        ]
        .iter()
        .find_map(|p| std::fs::read_to_string(dir.join(p)).ok()) else {
            return;
        };
        let limit = std::env::var("SUDOKU_CHAIN_PUZZLES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(40);
        let opts = super::super::Options::default();
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(limit)
        {
            let values = line[..81]
                .chars()
                .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
                .collect();
            let grid = Grid::from_values(crate::grid::Shape::for_size(9).unwrap(), values).unwrap();
            let outcome = crate::solver::count_solutions(&grid, 2);
            if outcome.count != 1 {
                continue;
            }
            let solution = outcome.first.unwrap();
            let mut s = State::new(&grid);
            while !s.is_solved() {
                let Some(step) = super::super::next_step(&s, &opts) else {
                    break;
                };
                for &(c, d) in &step.placements {
                    assert_eq!(solution[c], d, "{}: {}", line, step.explanation);
                }
                for &(c, m) in &step.eliminations {
                    assert_eq!(m & bit(solution[c]), 0, "{}: {}", line, step.explanation);
                }
                s.apply(&step);
            }
            assert!(s.is_solved(), "{line}");
        }
    }
}
