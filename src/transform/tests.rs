//! Transformations compose and undo as they should, and the canonical form is the smallest
//! string of the class: checked against brute force on small shapes, and on random copies.

use super::*;
use crate::generate::{self, Symmetry};

fn puzzle(shape: Shape, seed: u64) -> Vec<u8> {
    let opts = generate::Options {
        shape,
        level: None,
        symmetry: Symmetry::None,
        seed,
    };
    generate::generate(&opts, 0).givens
}

/// Every row or column order that keeps bands (or stacks) whole.
fn line_orders(size: usize, group: usize) -> Vec<Vec<usize>> {
    let groups = canonical_tests_support::permutations(size / group);
    let inner = canonical_tests_support::permutations(group);
    let mut out = vec![];
    for g in &groups {
        let mut partial = vec![vec![]];
        for &b in g {
            let mut next = vec![];
            for p in &partial {
                for q in &inner {
                    let mut v: Vec<usize> = p.clone();
                    v.extend(q.iter().map(|&x| b * group + x));
                    next.push(v);
                }
            }
            partial = next;
        }
        out.extend(partial);
    }
    out
}

mod canonical_tests_support {
    pub fn permutations(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = vec![];
        for p in permutations(n - 1) {
            for i in 0..=p.len() {
                let mut q = p.clone();
                q.insert(i, n - 1);
                out.push(q);
            }
        }
        out
    }
}

/// The smallest string over the whole group, digits named by first appearance.
fn brute_force(shape: Shape, values: &[u8]) -> Vec<u8> {
    let rows = line_orders(shape.size, shape.box_rows);
    let cols = line_orders(shape.size, shape.box_cols);
    let mut best: Option<Vec<u8>> = None;
    for transpose in [false, shape.is_square_box()] {
        for r in &rows {
            for c in &cols {
                let t = Transform {
                    transpose,
                    rows: r.clone(),
                    cols: c.clone(),
                    ..Transform::identity(shape)
                };
                let moved = t.apply(shape, values);
                let mut names = vec![0u8; shape.size + 1];
                let mut next = 1;
                let s: Vec<u8> = moved
                    .iter()
                    .map(|&v| {
                        if v != 0 && names[v as usize] == 0 {
                            names[v as usize] = next;
                            next += 1;
                        }
                        names[v as usize]
                    })
                    .collect();
                if best.as_ref().is_none_or(|b| s < *b) {
                    best = Some(s);
                }
            }
        }
    }
    best.unwrap()
}

#[test]
fn canonical_form_is_the_smallest_string_on_small_shapes() {
    for (shape, seeds) in [
        (Shape::for_size(4).unwrap(), 0..40),
        (Shape::for_size(6).unwrap(), 0..12),
        (Shape::with_box(6, 3, 2).unwrap(), 0..6),
    ] {
        for seed in seeds {
            let p = puzzle(shape, seed);
            let c = canonical(shape, &p).unwrap();
            assert_eq!(c.values, brute_force(shape, &p), "{shape} {p:?}");
            assert_eq!(c.transform.apply(shape, &p), c.values);
        }
    }
}

#[test]
fn copies_share_the_canonical_form_and_transforms_compose() {
    let nine = Shape::for_size(9).unwrap();
    let mut rng = Rng::new(3);
    for seed in 0..10 {
        let p = puzzle(nine, seed);
        let c = canonical(nine, &p).unwrap();
        assert_eq!(c.transform.apply(nine, &p), c.values);
        for _ in 0..5 {
            let t = Transform::random(nine, &mut rng);
            let copy = t.apply(nine, &p);
            assert_eq!(canonical(nine, &copy).unwrap().values, c.values);
            assert_eq!(t.inverse().apply(nine, &copy), p);
            let u = Transform::random(nine, &mut rng);
            assert_eq!(u.after(&t).apply(nine, &p), u.apply(nine, &copy));
        }
    }
    // An empty grid's form is all blanks; a known 17 starts with blanks.
    assert_eq!(canonical(nine, &[0; 81]).unwrap().values, vec![0; 81]);
    // A completed grid: every column order of the first row ties, still within reach on 9x9,
    // not on 16x16 (the search gives up instead of running for hours).
    let solved = crate::solver::count_values(nine, &[0; 81], 1, 1000)
        .first
        .unwrap();
    let form = canonical(nine, &solved).unwrap().values;
    assert_eq!(
        &form[..18],
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1, 2, 3]
    );
    let sixteen = Shape::for_size(16).unwrap();
    let solved = crate::solver::count_values(sixteen, &[0; 256], 1, 1000)
        .first
        .unwrap();
    assert_eq!(canonical(sixteen, &solved), None);
    let s17: Vec<u8> =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    let c = canonical(nine, &s17).unwrap().values;
    assert!(c < s17);
    assert_eq!(Transform::identity(nine).describe(), "identical");
}
