//! Generated puzzles are proper, minimal, symmetric and of the level asked, for several shapes
//! and seeds, and a seed always gives the same puzzles.

use super::*;

/// Every given orbit is needed: removing any one leaves several solutions.
fn is_minimal(shape: Shape, givens: &[u8], symmetry: Symmetry) -> bool {
    symmetry
        .orbits(shape)
        .iter()
        .filter(|orbit| givens[orbit[0]] != 0)
        .all(|orbit| {
            let mut fewer = givens.to_vec();
            for &c in orbit {
                fewer[c] = 0;
            }
            !is_unique(shape, &fewer)
        })
}

fn check(opts: &Options, count: u64) -> Vec<Generated> {
    (0..count)
        .map(|i| {
            let g = generate(opts, i);
            let grid = Grid::from_values(opts.shape, g.givens.clone()).unwrap();
            assert!(grid.is_solved_by(&g.solution), "{opts:?} #{i}");
            assert!(is_unique(opts.shape, &g.givens), "{opts:?} #{i}");
            assert!(opts.symmetry.holds(opts.shape, &g.givens), "{opts:?} #{i}");
            assert!(
                is_minimal(opts.shape, &g.givens, opts.symmetry),
                "{opts:?} #{i}"
            );
            g
        })
        .collect()
}

fn opts(size: usize, symmetry: Symmetry, seed: u64) -> Options {
    Options {
        shape: Shape::for_size(size).unwrap(),
        level: None,
        symmetry,
        seed,
    }
}

#[test]
fn nine_by_nine_puzzles_are_proper_minimal_and_symmetric() {
    for (i, y) in Symmetry::ALL.into_iter().enumerate() {
        check(&opts(9, y, 40 + i as u64), 3);
    }
}

#[test]
fn other_sizes_and_box_shapes() {
    for size in [4, 6, 8] {
        check(&opts(size, Symmetry::None, 5), 3);
        check(&opts(size, Symmetry::Central, 6), 2);
    }
    let tall = Options {
        shape: Shape::with_box(6, 3, 2).unwrap(),
        ..opts(6, Symmetry::Diagonal, 9)
    };
    check(&tall, 3);
    check(&opts(12, Symmetry::Central, 1), 1);
}

#[test]
fn levels_are_met_and_a_seed_gives_the_same_puzzles() {
    for (level, seed) in [(Level::Easy, 1), (Level::Medium, 2), (Level::Hard, 3)] {
        let o = Options {
            level: Some(level),
            ..opts(9, Symmetry::Central, seed)
        };
        for g in check(&o, 2) {
            let grid = Grid::from_values(o.shape, g.givens.clone()).unwrap();
            let path = logic::solve(logic::State::new(&grid), &logic::Options::default());
            assert_eq!(logic::rate(&path.steps, true).unwrap().level, level);
        }
    }
    let o = opts(9, Symmetry::None, 77);
    assert_eq!(generate(&o, 3), generate(&o, 3));
    assert_ne!(generate(&o, 3).givens, generate(&o, 4).givens);
    let refused = Options {
        level: Some(Level::Hard),
        ..opts(6, Symmetry::None, 1)
    };
    assert!(refused
        .refusal()
        .unwrap()
        .contains("only supported for 9x9"));
}
