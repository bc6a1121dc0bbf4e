//! The transformations that keep a puzzle's logic: relabelling digits, permuting rows inside a
//! band and the bands, columns inside a stack and the stacks, and transposing (where the box is
//! square). [`Transform`] is one of them as data; [`canonical`] finds the smallest string of a
//! puzzle's class, the same for every equivalent puzzle.

mod canonical;

pub use canonical::{canonical, Canonical};

use crate::generate::Rng;
use crate::grid::Shape;

/// One transformation: output cell (r, c) takes the input's digit at (`rows[r]`, `cols[c]`)
/// (after transposing the input when `transpose`), relabelled through `digits`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    pub transpose: bool,
    /// For each output row, the input row it comes from.
    pub rows: Vec<usize>,
    /// For each output column, the input column it comes from.
    pub cols: Vec<usize>,
    /// `digits[d]` is the new digit of digit `d` (`digits[0] == 0`, the blank).
    pub digits: Vec<u8>,
}

impl Transform {
    /// The transformation that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        Transform {
            transpose: false,
            rows: (0..shape.size).collect(),
            cols: (0..shape.size).collect(),
            digits: (0..=shape.size as u8).collect(),
        }
    }

    /// A random transformation of `shape`: transposed half the time when the box is square.
    pub fn random(shape: Shape, rng: &mut Rng) -> Transform {
        let mut digits: Vec<u8> = (1..=shape.size as u8).collect();
        rng.shuffle(&mut digits);
        digits.insert(0, 0);
        Transform {
            transpose: shape.is_square_box() && rng.below(2) == 1,
            rows: shuffled_lines(shape.size, shape.box_rows, rng),
            cols: shuffled_lines(shape.size, shape.box_cols, rng),
            digits,
        }
    }

    /// The transformed values of a grid of `shape` (`values.len() == shape.cells()`).
    pub fn apply(&self, shape: Shape, values: &[u8]) -> Vec<u8> {
        let n = shape.size;
        let mut out = vec![0; n * n];
        for (r, &from_r) in self.rows.iter().enumerate() {
            for (c, &from_c) in self.cols.iter().enumerate() {
                let (ir, ic) = if self.transpose {
                    (from_c, from_r)
                } else {
                    (from_r, from_c)
                };
                let v = values[ir * n + ic];
                out[r * n + c] = self.digits.get(v as usize).copied().unwrap_or(0);
            }
        }
        out
    }

    /// The transformation that undoes this one.
    pub fn inverse(&self) -> Transform {
        let invert = |p: &[usize]| {
            let mut inv = vec![0; p.len()];
            for (i, &x) in p.iter().enumerate() {
                inv[x] = i;
            }
            inv
        };
        let mut digits = vec![0u8; self.digits.len()];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[to as usize] = d as u8;
        }
        let (rows, cols) = (invert(&self.rows), invert(&self.cols));
        Transform {
            transpose: self.transpose,
            // Undoing a transpose swaps which permutation acts on rows.
            rows: if self.transpose {
                cols.clone()
            } else {
                rows.clone()
            },
            cols: if self.transpose { rows } else { cols },
            digits,
        }
    }

    /// `self` after `first`: the transformation that maps what `first` reads to what `self`
    /// writes.
    pub fn after(&self, first: &Transform) -> Transform {
        let (fr, fc) = if self.transpose {
            (&first.cols, &first.rows)
        } else {
            (&first.rows, &first.cols)
        };
        Transform {
            transpose: self.transpose != first.transpose,
            rows: self.rows.iter().map(|&r| fr[r]).collect(),
            cols: self.cols.iter().map(|&c| fc[c]).collect(),
            digits: first
                .digits
                .iter()
                .map(|&d| self.digits.get(d as usize).copied().unwrap_or(0))
                .collect(),
        }
    }

    /// What it does, in words: `transposed, rows 2 1 3 ..., columns ..., digits 1→5 2→3 ...`,
    /// naming only the parts that are not the identity (`identical` for none).
    pub fn describe(&self) -> String {
        let line = |p: &[usize]| p.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>();
        let mut parts = Vec::new();
        if self.transpose {
            parts.push("transposed".to_string());
        }
        if self.rows.iter().enumerate().any(|(i, &x)| i != x) {
            parts.push(format!("rows from {}", line(&self.rows).join(" ")));
        }
        if self.cols.iter().enumerate().any(|(i, &x)| i != x) {
            parts.push(format!("columns from {}", line(&self.cols).join(" ")));
        }
        let moved: Vec<String> = (1..self.digits.len())
            .filter(|&d| self.digits[d] as usize != d)
            .map(|d| format!("{d}→{}", self.digits[d]))
            .collect();
        if !moved.is_empty() {
            parts.push(format!("digits {}", moved.join(" ")));
        }
        if parts.is_empty() {
            "identical".to_string()
        } else {
            parts.join("; ")
        }
    }
}

/// A random order of `size` lines in groups of `group`: the groups shuffled, and the lines
/// inside each group.
fn shuffled_lines(size: usize, group: usize, rng: &mut Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..size / group).collect();
    rng.shuffle(&mut groups);
    let mut out = Vec::with_capacity(size);
    for g in groups {
        let mut inner: Vec<usize> = (g * group..(g + 1) * group).collect();
        rng.shuffle(&mut inner);
        out.extend(inner);
    }
    out
}

#[cfg(test)]
mod tests;
