//! A random completed grid: a depth-first search that places naked singles, guesses on a cell
//! with the fewest candidates (ties broken at random) and tries its digits in random order.
//! A search that runs past its budget starts again, so no shape can hold it up.

use super::rng::Rng;
use crate::grid::{bit, full_mask, Mask, Shape};

/// Guesses per cell one attempt may make before it starts again with fresh draws (a guess on a
/// cell with one candidate counts too).
const BUDGET_PER_CELL: usize = 4;

/// A search state: placed values and each open cell's candidates.
#[derive(Clone)]
struct Fill {
    values: Vec<u8>,
    cands: Vec<Mask>,
}

impl Fill {
    /// Places `d` in `cell`; false when a peer is left without candidates.
    fn place(&mut self, shape: Shape, cell: usize, d: u8) -> bool {
        self.values[cell] = d;
        self.cands[cell] = 0;
        shape.tables().peers[cell].iter().all(|&p| {
            self.cands[p] &= !bit(d);
            self.values[p] != 0 || self.cands[p] != 0
        })
    }

    /// The open cell to guess on: fewest candidates, ties at random; `None` when full.
    fn pick(&self, rng: &mut Rng) -> Option<usize> {
        let mut best = None;
        let (mut fewest, mut ties) = (u32::MAX, 0);
        for (cell, &m) in self.cands.iter().enumerate() {
            if self.values[cell] != 0 {
                continue;
            }
            let n = m.count_ones();
            if n < fewest {
                (fewest, ties, best) = (n, 1, Some(cell));
            } else if n == fewest {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = Some(cell);
                }
            }
        }
        best
    }
}

/// A random completed grid of `shape`.
pub fn random_solution(shape: Shape, rng: &mut Rng) -> Vec<u8> {
    loop {
        let start = Fill {
            values: vec![0; shape.cells()],
            cands: vec![full_mask(shape.size); shape.cells()],
        };
        let mut guesses = 0;
        if let Some(done) = search(shape, start, rng, &mut guesses) {
            return done;
        }
    }
}

fn search(shape: Shape, state: Fill, rng: &mut Rng, guesses: &mut usize) -> Option<Vec<u8>> {
    let Some(cell) = state.pick(rng) else {
        return Some(state.values);
    };
    let mut ds: Vec<u8> = crate::grid::digits(state.cands[cell]).collect();
    rng.shuffle(&mut ds);
    for d in ds {
        *guesses += 1;
        if *guesses > BUDGET_PER_CELL * shape.cells() {
            return None;
        }
        let mut next = state.clone();
        if next.place(shape, cell, d) {
            if let Some(done) = search(shape, next, rng, guesses) {
                return Some(done);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, SIZES};

    #[test]
    fn every_size_gets_a_valid_grid_and_seeds_differ() {
        for n in SIZES {
            let shape = Shape::for_size(n).unwrap();
            let a = random_solution(shape, &mut Rng::new(1));
            assert!(Grid::empty(shape).is_solved_by(&a), "size {n}");
            let b = random_solution(shape, &mut Rng::new(2));
            assert_ne!(a, b, "size {n}");
            assert_eq!(a, random_solution(shape, &mut Rng::new(1)));
        }
    }
}
