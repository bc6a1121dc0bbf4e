//! The figures of steps (roles and links) checked against the state each step is found in, on
//! the paths and the starting states' steps of the HoDoKu sample: every role's and link's cells
//! hold the digits named, and each technique family's parts have the shape the family's proof
//! needs (a fish's base candidates lie in its base units, a chain's links alternate and join,
//! an ALS has one digit more than cells, ...). A quiet step has no figure.

use std::collections::BTreeSet;

use super::*;
use crate::grid::{bit, Grid, Mask, Shape, Unit};

fn nine(line: &str) -> Grid {
    let values = line
        .chars()
        .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap()
}

fn sample() -> Vec<String> {
    include_str!("../../tests/data/hodoku-sample.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect()
}

fn parts(step: &Step, part: Part) -> Vec<&Role> {
    step.roles().iter().filter(|r| r.part == part).collect()
}

fn cells_of_part(step: &Step, part: Part) -> Vec<usize> {
    parts(step, part)
        .iter()
        .flat_map(|r| r.cells.iter().copied())
        .collect()
}

fn in_unit(s: &State, u: Unit, c: usize) -> bool {
    s.shape().unit_cells(u).contains(&c)
}

/// True when every candidate the links name is a candidate of `s`, and each link joins the
/// one before (its start is the end of the link before).
fn links_join(s: &State, links: &[Link]) -> bool {
    let holds =
        |n: &Node| !n.cells.is_empty() && n.cells.iter().all(|&c| s.cands(c) & bit(n.digit) != 0);
    links.iter().all(|l| holds(&l.from) && holds(&l.to))
        && links.windows(2).all(|w| w[0].to == w[1].from)
}

/// True when the links alternate strong and weak, from a strong one.
fn alternate(links: &[Link]) -> bool {
    links
        .iter()
        .enumerate()
        .all(|(i, l)| l.strong == (i % 2 == 0))
}

/// Checks the figure of `step`, found in `s`; panics with what is wrong.
fn check(s: &State, step: &Step) {
    use Technique::*;
    let t = step.technique;
    let why = format!("{t}: {} {:?}", step.explanation, step.figure);
    assert!(!step.roles().is_empty(), "no roles: {why}");
    let cells = s.shape().cells();
    for r in step.roles() {
        assert!(
            !r.cells.is_empty() && r.cells.iter().all(|&c| c < cells),
            "{why}"
        );
        // Every part but a rectangle's corners (an avoidable rectangle's are solved) and a
        // contradiction's (the cell a premise would empty) holds its digits as candidates.
        if !matches!(r.part, Part::Rectangle | Part::Contradiction) {
            assert!(r.digits != 0, "{why}");
            for &c in &r.cells {
                assert!(
                    s.value(c) == 0 && s.cands(c) & r.digits != 0,
                    "{:?} at {c}: {why}",
                    r.part
                );
            }
        }
    }
    let links = step.links();
    let one_digit = |part: Part| parts(step, part).iter().all(|r| r.digits.count_ones() == 1);
    match t {
        FullHouse | NakedSingle | HiddenSingle => {
            let [(c, d)] = step.placements[..] else {
                panic!("{why}")
            };
            assert_eq!(
                step.roles(),
                [Role {
                    part: Part::Single,
                    cells: vec![c],
                    digits: bit(d)
                }]
            );
        }
        LockedCandidatesPointing | LockedCandidatesClaiming => {
            let [r] = &parts(step, Part::Locked)[..] else {
                panic!("{why}")
            };
            assert!(r.digits.count_ones() == 1, "{why}");
            for &u in &step.units {
                assert!(r.cells.iter().all(|&c| in_unit(s, u, c)), "{why}");
            }
        }
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuadruple | HiddenPair
        | HiddenTriple | HiddenQuadruple => {
            let [r] = &parts(step, Part::Subset)[..] else {
                panic!("{why}")
            };
            assert_eq!(r.cells.len(), r.digits.count_ones() as usize, "{why}");
            for &u in &step.units {
                assert!(r.cells.iter().all(|&c| in_unit(s, u, c)), "{why}");
            }
        }
        XWing
        | Swordfish
        | Jellyfish
        | FinnedXWing
        | SashimiXWing
        | FinnedSwordfish
        | SashimiSwordfish
        | FinnedJellyfish
        | SashimiJellyfish
        | FrankenXWing
        | FrankenSwordfish
        | FinnedFrankenXWing
        | FinnedFrankenSwordfish => {
            // The units are the base units, then as many cover units.
            let k = step.units.len() / 2;
            let (base, cover) = step.units.split_at(k);
            let d = step.eliminations[0].1;
            assert!(!step.roles().is_empty(), "{why}");
            assert!(one_digit(Part::Base) && one_digit(Part::Cover) && one_digit(Part::Fin));
            for c in cells_of_part(step, Part::Base) {
                assert!(base.iter().any(|&u| in_unit(s, u, c)), "{why}");
                assert!(
                    cover.iter().any(|&u| in_unit(s, u, c)),
                    "base outside the cover: {why}"
                );
            }
            for c in cells_of_part(step, Part::Fin) {
                assert!(base.iter().any(|&u| in_unit(s, u, c)), "{why}");
            }
            for &(c, m) in &step.eliminations {
                assert_eq!(m, d, "{why}");
                assert!(cover.iter().any(|&u| in_unit(s, u, c)), "{why}");
            }
        }
        XyWing | XyzWing => {
            let [pivot] = &parts(step, Part::Pivot)[..] else {
                panic!("{why}")
            };
            let pincers = parts(step, Part::Pincer);
            assert_eq!(pincers.len(), 2, "{why}");
            for p in pincers {
                assert!(s.sees(pivot.cells[0], p.cells[0]), "{why}");
                assert_eq!(s.cands(p.cells[0]), p.digits, "{why}");
            }
            if t == XyWing {
                assert!(
                    links.len() == 5 && alternate(links) && links_join(s, links),
                    "{why}"
                );
            }
        }
        WWing | RemotePair | Skyscraper | TwoStringKite | TurbotFish | XChain | XyChain
        | NiceLoop | GroupedNiceLoop => {
            let continuous = step.explanation.contains("Continuous");
            if t == RemotePair && links.is_empty() {
                // A remote pair of a whole linked set: its two kinds of cells.
                let (a, b) = (
                    cells_of_part(step, Part::ColorA),
                    cells_of_part(step, Part::ColorB),
                );
                assert!(!a.is_empty() && !b.is_empty(), "{why}");
                return;
            }
            assert!(
                !links.is_empty() && alternate(&links[..links.len() - continuous as usize]),
                "{why}"
            );
            assert!(links_join(s, links), "{why}");
            if continuous {
                assert_eq!(links[links.len() - 1].to, links[0].from, "{why}");
            }
            // A link of one digit joins cells that see each other (a weak link: not both
            // true; a strong one: a conjugate pair or group); one of two digits joins them in
            // one cell (but in an almost locked set of a grouped loop).
            for l in links {
                if l.from.digit == l.to.digit {
                    for &x in &l.from.cells {
                        assert!(l.to.cells.iter().all(|&y| x != y && s.sees(x, y)), "{why}");
                    }
                } else if t != GroupedNiceLoop {
                    assert_eq!(l.from.cells, l.to.cells, "{why}");
                }
            }
        }
        EmptyRectangle => {
            let [b] = &parts(step, Part::BoxCells)[..] else {
                panic!("{why}")
            };
            assert!(b
                .cells
                .iter()
                .all(|&c| s.shape().box_of(c) == s.shape().box_of(b.cells[0])));
            assert!(
                links.len() == 1 && links[0].strong && links_join(s, links),
                "{why}"
            );
        }
        SimpleColors | MultiColors => {
            let a = cells_of_part(step, Part::ColorA);
            let b = cells_of_part(step, Part::ColorB);
            assert!(
                !a.is_empty() && !b.is_empty() && a.iter().all(|c| !b.contains(c)),
                "{why}"
            );
            assert!(
                links_join(s, &links[..1]) && links.iter().all(|l| l.strong),
                "{why}"
            );
            for l in links {
                let (x, y) = (l.from.cells[0], l.to.cells[0]);
                let color = |c: usize| {
                    step.roles()
                        .iter()
                        .find(|r| r.cells.contains(&c))
                        .map(|r| r.part)
                };
                assert_ne!(color(x), color(y), "{why}");
                // A conjugate pair: the only two places of the digit in a unit they share.
                let d = l.from.digit;
                assert!(
                    (0..s.unit_count()).any(|u| {
                        let w = s.cells_with(u, d);
                        w.len() == 2 && w.contains(&x) && w.contains(&y)
                    }),
                    "{why}"
                );
            }
            if t == MultiColors {
                assert!(!cells_of_part(step, Part::ColorC).is_empty(), "{why}");
            }
        }
        UniquenessTest1
        | UniquenessTest2
        | UniquenessTest3
        | UniquenessTest4
        | UniquenessTest5
        | UniquenessTest6
        | HiddenRectangle
        | AvoidableRectangleType1
        | AvoidableRectangleType2 => {
            let [r] = &parts(step, Part::Rectangle)[..] else {
                panic!("{why}")
            };
            let rows: BTreeSet<usize> = r.cells.iter().map(|&c| s.shape().row(c)).collect();
            let cols: BTreeSet<usize> = r.cells.iter().map(|&c| s.shape().col(c)).collect();
            assert!(
                r.cells.len() == 4 && rows.len() == 2 && cols.len() == 2,
                "{why}"
            );
            assert_eq!(r.digits.count_ones(), 2, "{why}");
            for e in parts(step, Part::Extra) {
                assert!(
                    e.digits & r.digits == 0 && r.cells.contains(&e.cells[0]),
                    "{why}"
                );
            }
        }
        BugPlus1 => {
            let [e] = &parts(step, Part::Extra)[..] else {
                panic!("{why}")
            };
            assert_eq!(s.cands(e.cells[0]).count_ones(), 3, "{why}");
        }
        AlsXz | AlsXyWing | AlsXyChain => {
            let sets = parts(step, Part::Als);
            assert!(sets.len() >= 2, "{why}");
            for a in &sets {
                let held = a.cells.iter().fold(0 as Mask, |m, &c| m | s.cands(c));
                assert_eq!(held, a.digits, "{why}");
                assert_eq!(a.cells.len() + 1, a.digits.count_ones() as usize, "{why}");
            }
            assert!(
                !links.is_empty() && links.iter().all(|l| !l.strong),
                "{why}"
            );
            for l in links {
                // A restricted common: every candidate of it in one set sees every one in
                // the other.
                for &x in &l.from.cells {
                    assert!(l.to.cells.iter().all(|&y| s.sees(x, y)), "{why}");
                }
            }
        }
        SueDeCoq => {
            let [i] = &parts(step, Part::Intersection)[..] else {
                panic!("{why}")
            };
            let sets = parts(step, Part::Als);
            assert_eq!(sets.len(), 2, "{why}");
            for &u in &step.units {
                assert!(i.cells.iter().all(|&c| in_unit(s, u, c)), "{why}");
            }
        }
        ForcingChain | ForcingNet => {
            assert!(!parts(step, Part::Assumption).is_empty(), "{why}");
            let [c] = &parts(step, Part::Conclusion)[..] else {
                panic!("{why}")
            };
            let at = (step.placements.first().map(|p| (p.0, bit(p.1))))
                .or(step.eliminations.first().copied());
            assert_eq!(Some((c.cells[0], c.digits)), at, "{why}");
            // Every chain of a forcing chain follows its links.
            for l in links {
                let holds = |n: &Node| n.cells.iter().all(|&c| s.cands(c) & bit(n.digit) != 0);
                assert!(holds(&l.from) && holds(&l.to), "{why}");
            }
        }
        Trial => {
            let [a] = &parts(step, Part::Assumption)[..] else {
                panic!("{why}")
            };
            assert_eq!(step.eliminations, vec![(a.cells[0], a.digits)], "{why}");
        }
    }
}

/// The steps of the sample's paths and of some of their states, each with the state it was
/// found in.
fn each_step(all: bool, mut visit: impl FnMut(&State, &Step)) {
    let opts = Options::default();
    for (i, puzzle) in sample().iter().enumerate() {
        let grid = nine(puzzle);
        let path = solve(State::new(&grid), &opts);
        let mut state = State::new(&grid);
        for (j, step) in path.steps.iter().enumerate() {
            visit(&state, step);
            // Every step of every tenth state of every fourth puzzle, past the singles.
            if all && i % 4 == 0 && j % 10 == 5 {
                for other in all_steps(&state, &opts) {
                    visit(&state, &other);
                }
            }
            state.apply(step);
        }
    }
}

#[test]
fn every_technique_draws_the_figure_its_proof_needs() {
    let mut seen = BTreeSet::new();
    each_step(true, |s, step| {
        check(s, step);
        seen.insert(step.technique);
    });
    // The sample reaches every family: fish, wings, single-digit patterns, colouring,
    // uniqueness, ALS, Sue de Coq, chains and forcing.
    for t in [
        Technique::HiddenSingle,
        Technique::LockedCandidatesPointing,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::XWing,
        Technique::FinnedXWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::Skyscraper,
        Technique::EmptyRectangle,
        Technique::SimpleColors,
        Technique::UniquenessTest1,
        Technique::AlsXz,
        Technique::SueDeCoq,
        Technique::XChain,
        Technique::NiceLoop,
        Technique::GroupedNiceLoop,
    ] {
        assert!(seen.contains(&t), "the sample has no {t}");
    }
}

#[test]
fn a_quiet_step_has_no_figure() {
    let grid = nine(&sample()[3]);
    let path = Engine::quiet().solve(State::new(&grid), &Options::default());
    assert!(path
        .steps
        .iter()
        .all(|s| s.figure.is_none() && s.explanation.is_empty()));
    let loud = solve(State::new(&grid), &Options::default());
    assert!(loud.steps.iter().all(|s| !s.roles().is_empty()));
}

/// Trial and forcing steps: from states where nothing easier applies on a few hard puzzles.
#[test]
fn forcing_and_trial_steps_name_their_assumptions() {
    let mut found = BTreeSet::new();
    for puzzle in sample().iter().rev().take(40) {
        let path = solve(State::new(&nine(puzzle)), &Options::default());
        let mut state = State::new(&nine(puzzle));
        for step in &path.steps {
            if matches!(
                step.technique,
                Technique::ForcingChain | Technique::ForcingNet | Technique::AlsXyChain
            ) {
                check(&state, step);
                found.insert(step.technique);
            }
            state.apply(step);
        }
        let mut e = Engine::new();
        if let Some(step) = e.step_by(&state, Technique::Trial, &Options::default()) {
            check(&state, &step);
            found.insert(Technique::Trial);
        }
    }
    let mut e = Engine::new();
    let hard = nine(sample().last().unwrap());
    let state = State::new(&hard);
    for t in [
        Technique::ForcingChain,
        Technique::ForcingNet,
        Technique::Trial,
    ] {
        if let Some(step) = e.step_by(&state, t, &Options::default()) {
            check(&state, &step);
            found.insert(t);
        }
    }
    for t in [
        Technique::ForcingChain,
        Technique::ForcingNet,
        Technique::Trial,
    ] {
        assert!(found.contains(&t), "no {t} step checked: {found:?}");
    }
}

/// A picture's overlay takes the parts and links of the step's figure.
#[cfg(feature = "draw")]
#[test]
fn an_overlay_marks_each_proof_cell_with_its_part_and_draws_the_links() {
    use crate::draw::board::Overlay;
    let mut done = BTreeSet::new();
    each_step(false, |_, step| {
        let kind = match step.technique {
            Technique::XyWing => "wing",
            Technique::XChain | Technique::NiceLoop | Technique::AlsXz => "numbered",
            _ => return,
        };
        let o = Overlay::from_step(step);
        assert_eq!(o.links.len(), step.links().len());
        let part = |c: usize| {
            o.proof_cells
                .iter()
                .find(|p| p.0 == c)
                .and_then(|p| p.1.clone())
        };
        let first = &step.roles()[0];
        let want = if kind == "wing" {
            "pivot".to_string()
        } else {
            format!("{}-1", first.part.id())
        };
        assert_eq!(part(first.cells[0]), Some(want), "{:?}", step.figure);
        for r in step.roles() {
            for &c in &r.cells {
                assert!(part(c).is_some(), "{c}: {:?}", step.figure);
                assert!(o
                    .proof_candidates
                    .iter()
                    .any(|p| p.0 == c && p.1 & r.digits != 0));
            }
        }
        done.insert(kind);
    });
    assert_eq!(done.len(), 2, "{done:?}");
}
