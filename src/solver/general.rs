//! The general solver, for every size and box shape: elimination, the unique-place rule, naked
//! subsets, then search on the cell with the fewest candidates.
//!
//! It is also the reference the fast 9x9 engine is tested against, so it favours plain code over
//! speed: the state is a vector of candidate masks, cloned at each guess.

use crate::grid::{bit, digits, full_mask, Mask, Shape};

/// What the search needs of a shape: its size, full mask and (shared, static) tables.
struct Tables {
    n: usize,
    full: Mask,
    units: &'static [Vec<usize>],
    peers: &'static [Vec<usize>],
}

impl Tables {
    fn new(shape: Shape) -> Self {
        let t = shape.tables();
        Tables {
            n: shape.size,
            full: full_mask(shape.size),
            units: &t.units,
            peers: &t.peers,
        }
    }
}

/// A partial assignment: `cand[c]` is the set of digits still possible in cell `c`, and
/// `placed[c]` the digit written there (0 while open).
#[derive(Clone)]
struct State {
    cand: Vec<Mask>,
    placed: Vec<u8>,
}

/// Why a branch died: some cell or unit ran out of possibilities.
struct Contradiction;

impl State {
    /// Writes `d` in `cell` and removes it from every peer; peers left with one candidate are
    /// queued to be placed in turn.
    fn place(
        &mut self,
        t: &Tables,
        cell: usize,
        d: u8,
        queue: &mut Vec<usize>,
    ) -> Result<(), Contradiction> {
        if self.placed[cell] == d {
            return Ok(());
        }
        if self.placed[cell] != 0 || self.cand[cell] & bit(d) == 0 {
            return Err(Contradiction);
        }
        self.placed[cell] = d;
        self.cand[cell] = bit(d);
        for &p in &t.peers[cell] {
            if self.cand[p] & bit(d) != 0 {
                if self.placed[p] != 0 {
                    return Err(Contradiction);
                }
                self.cand[p] &= !bit(d);
                match self.cand[p].count_ones() {
                    0 => return Err(Contradiction),
                    1 => queue.push(p),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Places every queued naked single.
    fn drain(&mut self, t: &Tables, queue: &mut Vec<usize>) -> Result<(), Contradiction> {
        while let Some(cell) = queue.pop() {
            if self.placed[cell] == 0 {
                let m = self.cand[cell];
                if m.count_ones() != 1 {
                    return Err(Contradiction);
                }
                self.place(t, cell, m.trailing_zeros() as u8 + 1, queue)?;
            }
        }
        Ok(())
    }

    /// Applies the rules until nothing changes: naked singles, the unique-place rule (hidden
    /// singles), and naked subsets (n cells of a unit with the same n candidates).
    fn propagate(&mut self, t: &Tables) -> Result<(), Contradiction> {
        let mut queue: Vec<usize> = (0..self.cand.len())
            .filter(|&c| self.placed[c] == 0 && self.cand[c].count_ones() <= 1)
            .collect();
        if queue.iter().any(|&c| self.cand[c] == 0) {
            return Err(Contradiction);
        }
        loop {
            self.drain(t, &mut queue)?;
            let mut changed = false;
            for unit in t.units {
                // `once` holds digits seen in at least one cell, `twice` in at least two.
                let (mut once, mut twice) = (0 as Mask, 0 as Mask);
                for &c in unit {
                    twice |= once & self.cand[c];
                    once |= self.cand[c];
                }
                if once != t.full {
                    return Err(Contradiction);
                }
                for d in digits(once & !twice) {
                    if let Some(&c) = unit.iter().find(|&&c| self.cand[c] & bit(d) != 0) {
                        if self.placed[c] == 0 {
                            self.place(t, c, d, &mut queue)?;
                            changed = true;
                        }
                    }
                }
                changed |= self.naked_subsets(t, unit, &mut queue)?;
            }
            self.drain(t, &mut queue)?;
            if !changed {
                return Ok(());
            }
        }
    }

    /// n open cells of a unit holding the same n candidates take those digits: no other cell of
    /// the unit can have them. More than n such cells is a contradiction.
    fn naked_subsets(
        &mut self,
        t: &Tables,
        unit: &[usize],
        queue: &mut Vec<usize>,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for (i, &c) in unit.iter().enumerate() {
            let m = self.cand[c];
            let k = m.count_ones() as usize;
            if self.placed[c] != 0 || k < 2 || k > t.n / 2 {
                continue;
            }
            // Only the first cell with this mask does the work.
            if unit[..i]
                .iter()
                .any(|&o| self.placed[o] == 0 && self.cand[o] == m)
            {
                continue;
            }
            let same = unit
                .iter()
                .filter(|&&o| self.placed[o] == 0 && self.cand[o] == m)
                .count();
            if same > k {
                return Err(Contradiction);
            }
            if same == k {
                for &o in unit {
                    if self.placed[o] == 0 && self.cand[o] != m && self.cand[o] & m != 0 {
                        self.cand[o] &= !m;
                        changed = true;
                        match self.cand[o].count_ones() {
                            0 => return Err(Contradiction),
                            1 => queue.push(o),
                            _ => {}
                        }
                    }
                }
            }
        }
        Ok(changed)
    }
}

/// The raw result of a count.
pub(crate) struct Count {
    pub solutions: Vec<Vec<u8>>,
    pub complete: bool,
    pub steps: u64,
}

/// Counts the solutions of `grid` up to `limit`, spending at most `budget` guesses.
pub(crate) fn count(shape: Shape, values: &[u8], limit: usize, budget: u64) -> Count {
    count_within(shape, values, &[], limit, budget)
}

/// [`count`] with each open cell limited to `marks[cell]` (a pencil-mark puzzle's candidates);
/// an empty `marks` limits nothing.
pub(crate) fn count_within(
    shape: Shape,
    values: &[u8],
    marks: &[Mask],
    limit: usize,
    budget: u64,
) -> Count {
    let t = Tables::new(shape);
    let mut search = Search {
        t: &t,
        limit,
        budget,
        steps: 0,
        solutions: Vec::new(),
        gave_up: false,
    };
    let mut state = State {
        cand: vec![t.full; values.len()],
        placed: vec![0; values.len()],
    };
    let mut queue = Vec::new();
    let ok = values.iter().enumerate().all(|(cell, &v)| {
        v == 0 || ((v as usize) <= t.n && state.place(&t, cell, v, &mut queue).is_ok())
    });
    for (cell, &m) in marks.iter().enumerate() {
        if let (Some(c), Some(0)) = (state.cand.get_mut(cell), state.placed.get(cell)) {
            *c &= m;
        }
    }
    if ok && limit > 0 {
        search.run(state, queue);
    }
    Count {
        solutions: search.solutions,
        complete: !search.gave_up,
        steps: search.steps,
    }
}

struct Search<'t> {
    t: &'t Tables,
    limit: usize,
    budget: u64,
    steps: u64,
    solutions: Vec<Vec<u8>>,
    gave_up: bool,
}

impl Search<'_> {
    /// Depth-first search; returns false once the search must stop (limit reached or budget
    /// spent). Recursion depth is bounded by the number of cells (at most 625).
    fn run(&mut self, mut state: State, mut queue: Vec<usize>) -> bool {
        if state.drain(self.t, &mut queue).is_err() || state.propagate(self.t).is_err() {
            return true;
        }
        let open = (0..state.cand.len())
            .filter(|&c| state.placed[c] == 0)
            .min_by_key(|&c| state.cand[c].count_ones());
        let Some(cell) = open else {
            self.solutions.push(state.placed);
            return self.solutions.len() < self.limit;
        };
        for d in digits(state.cand[cell]) {
            if self.steps >= self.budget {
                self.gave_up = true;
                return false;
            }
            self.steps += 1;
            let mut next = state.clone();
            let mut q = Vec::new();
            if next.place(self.t, cell, d, &mut q).is_ok() && !self.run(next, q) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn grid(n: usize, line: &str) -> Grid {
        let values = line
            .chars()
            .map(|c| c.to_digit(36).map_or(0, |d| d as u8))
            .collect();
        Grid::from_values(Shape::for_size(n).unwrap(), values).unwrap()
    }

    #[test]
    fn unique_nine() {
        let g = grid(
            9,
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let c = count(g.shape, &g.values, 2, 1_000_000);
        assert!(c.complete);
        assert_eq!(c.solutions.len(), 1);
        assert!(g.is_solved_by(&c.solutions[0]));
    }

    #[test]
    fn empty_grid_has_many() {
        let g = Grid::empty(Shape::for_size(6).unwrap());
        let c = count(g.shape, &g.values, 2, 1000);
        assert_eq!(c.solutions.len(), 2);
        assert_ne!(c.solutions[0], c.solutions[1]);
        assert!(c.solutions.iter().all(|s| g.is_solved_by(s)));
    }

    #[test]
    fn clash_has_none() {
        let g = grid(4, "11..............");
        assert_eq!(count(g.shape, &g.values, 2, 1000).solutions.len(), 0);
    }

    #[test]
    fn budget_runs_out() {
        let g = Grid::empty(Shape::for_size(25).unwrap());
        let c = count(g.shape, &g.values, 2, 3);
        assert_eq!(c.steps, 3);
        assert!(!c.complete);
    }
}
