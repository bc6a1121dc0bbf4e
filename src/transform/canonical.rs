//! The canonical form of a puzzle: the smallest string (row by row, blanks as 0) over every
//! equivalent puzzle, found by a branch-and-bound search that builds the string a row at a
//! time.
//!
//! Each output row is an input row (one of its band's remaining rows, or any row of an unused
//! band when a band starts). The column order is not fixed up front: columns that no row
//! placed so far tells apart stay interchangeable (a *cell* of columns inside a stack), and so
//! do stacks that no row tells apart (a *group* of stacks). Placing a row sorts each cell's
//! columns and each group's stacks to make that row smallest (blanks first, digits already
//! named next, in label order, new digits last), which splits cells and groups. Digits are
//! named 1, 2, ... in order of first appearance. Only new digits can tie, and their order then
//! matters, so the search branches there; every row candidate whose string is not the smallest
//! is dropped, and every branch whose string so far is above the best one is cut.

use std::cell::Cell;

use super::Transform;
use crate::grid::Shape;

/// A new digit's key while a row is sorted: after every label.
const NEW: u8 = u8::MAX;

/// A puzzle's canonical form and one transformation that gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// Row by row, digit values (0 for a blank).
    pub values: Vec<u8>,
    /// A transformation that maps the puzzle to `values`.
    pub transform: Transform,
}

/// Partial forms a search may build before it gives up. Sparse puzzles need a few hundred;
/// a completed 9x9 grid some tens of thousands (every order of its first row's columns ties);
/// a completed 16x16 grid would need billions.
const NODE_BUDGET: u64 = 2_000_000;

/// The canonical form of the puzzle `values` on `shape`; `None` when the search would take
/// more than [`NODE_BUDGET`] steps (grids so full and regular that nearly every column order
/// ties, such as a completed 16x16 grid).
pub fn canonical(shape: Shape, values: &[u8]) -> Option<Canonical> {
    let mut search = Search {
        shape,
        n: shape.size,
        grid: Vec::new(),
        best: None,
        nodes: Cell::new(0),
    };
    let orientations: &[bool] = if shape.is_square_box() {
        &[false, true]
    } else {
        &[false]
    };
    for &transpose in orientations {
        search.grid = oriented(shape.size, values, transpose);
        search.dfs(Node::root(shape, transpose));
    }
    if search.nodes.get() > NODE_BUDGET {
        return None;
    }
    let node = search.best?;
    let transform = node.transform(shape.size);
    Some(Canonical {
        values: node.out,
        transform,
    })
}

/// The values, transposed when asked.
fn oriented(n: usize, values: &[u8], transpose: bool) -> Vec<u8> {
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let from = if transpose { c * n + r } else { i };
            values.get(from).copied().unwrap_or(0)
        })
        .collect()
}

/// A partial form: the rows placed, the column order with its cells and groups, the labels.
#[derive(Clone, Debug)]
struct Node {
    transpose: bool,
    rows: Vec<usize>,
    /// Input columns in output order.
    cols: Vec<usize>,
    /// Bit p: output column p starts a cell of interchangeable columns.
    cell_start: u32,
    /// Bit s: output stack s starts a group of interchangeable stacks.
    group_start: u32,
    /// `labels[d]`: the name given to input digit d (0: none yet).
    labels: [u8; 32],
    next_label: u8,
    /// The string so far.
    out: Vec<u8>,
}

impl Node {
    fn root(shape: Shape, transpose: bool) -> Node {
        let cell_start = (0..shape.size)
            .step_by(shape.box_cols)
            .fold(0u32, |m, p| m | 1 << p);
        Node {
            transpose,
            rows: Vec::new(),
            cols: (0..shape.size).collect(),
            cell_start,
            group_start: 1,
            labels: [0; 32],
            next_label: 1,
            out: Vec::with_capacity(shape.cells()),
        }
    }

    /// The transformation this complete form came from; digits that never appear get the
    /// unused labels in order.
    fn transform(&self, n: usize) -> Transform {
        let mut next = self.next_label;
        let digits = (0..=n)
            .map(|d| match self.labels[d] {
                0 if d > 0 => {
                    next += 1;
                    next - 1
                }
                l => l,
            })
            .collect();
        Transform {
            transpose: self.transpose,
            rows: self.rows.clone(),
            cols: self.cols.clone(),
            digits,
        }
    }
}

/// Runs `[start, end)` of the positions whose bit is set in `starts` (each run from a set bit
/// to the next), over `0..len`.
fn runs(starts: u32, len: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut p = 0;
    std::iter::from_fn(move || {
        if p >= len {
            return None;
        }
        let start = p;
        p += 1;
        while p < len && starts & (1 << p) == 0 {
            p += 1;
        }
        Some((start, p))
    })
}

struct Search {
    shape: Shape,
    n: usize,
    /// The puzzle in the current orientation.
    grid: Vec<u8>,
    best: Option<Node>,
    /// Partial forms built so far, against [`NODE_BUDGET`].
    nodes: Cell<u64>,
}

impl Search {
    fn dfs(&mut self, node: Node) {
        if self.nodes.get() > NODE_BUDGET {
            return;
        }
        let depth = node.rows.len();
        if depth == self.n {
            if self.best.as_ref().is_none_or(|b| node.out < b.out) {
                self.best = Some(node);
            }
            return;
        }
        let mut children = Vec::new();
        for r in self.candidates(&node) {
            self.place(&node, r, &mut children);
        }
        let end = (depth + 1) * self.n;
        let Some(min) = children
            .iter()
            .map(|c| &c.out[..end])
            .min()
            .map(<[u8]>::to_vec)
        else {
            return;
        };
        if self.best.as_ref().is_some_and(|b| b.out[..end] < min[..]) {
            return;
        }
        for child in children.into_iter().filter(|c| c.out[..end] == min[..]) {
            // A better form found in an earlier sibling may cut this one.
            if self
                .best
                .as_ref()
                .is_some_and(|b| b.out[..end] < child.out[..end])
            {
                continue;
            }
            self.dfs(child);
        }
    }

    /// The input rows that may come next: the current band's unused rows, or at a band's start
    /// every row of an unused band. Of blank rows in one band only the first is tried: any
    /// other gives the same forms.
    fn candidates(&self, node: &Node) -> Vec<usize> {
        let (n, br) = (self.n, self.shape.box_rows);
        let depth = node.rows.len();
        let used = |r: usize| node.rows.contains(&r);
        let bands: Vec<usize> = if depth % br == 0 {
            (0..n / br)
                .filter(|&b| (b * br..(b + 1) * br).all(|r| !used(r)))
                .collect()
        } else {
            vec![node.rows[depth - depth % br] / br]
        };
        let mut out = Vec::new();
        for b in bands {
            let mut blank_seen = false;
            for r in (b * br..(b + 1) * br).filter(|&r| !used(r)) {
                let blank = self.grid[r * n..(r + 1) * n].iter().all(|&v| v == 0);
                if !(blank && blank_seen) {
                    out.push(r);
                }
                blank_seen |= blank;
            }
        }
        out
    }

    /// The children of placing input row `r` next: the row made smallest, once per order of
    /// the new digits that tie.
    fn place(&self, node: &Node, r: usize, out: &mut Vec<Node>) {
        let row = &self.grid[r * self.n..(r + 1) * self.n];
        let key = |c: usize| match row[c] {
            0 => 0,
            v => match node.labels[v as usize] {
                0 => NEW,
                l => l,
            },
        };
        let mut cols = node.cols.clone();
        for (a, b) in runs(node.cell_start, self.n) {
            cols[a..b].sort_by_key(|&c| key(c));
        }
        let bc = self.shape.box_cols;
        let stack_keys = |cols: &[usize], s: usize| -> Vec<u8> {
            cols[s * bc..(s + 1) * bc].iter().map(|&c| key(c)).collect()
        };
        let stacks = self.n / bc;
        let mut ties = Vec::new();
        for (a, b) in runs(node.group_start, stacks) {
            let mut chunks: Vec<(Vec<u8>, Vec<usize>)> = (a..b)
                .map(|s| (stack_keys(&cols, s), cols[s * bc..(s + 1) * bc].to_vec()))
                .collect();
            chunks.sort_by(|x, y| x.0.cmp(&y.0));
            for (i, (_, chunk)) in chunks.iter().enumerate() {
                cols[(a + i) * bc..(a + i + 1) * bc].copy_from_slice(chunk);
            }
            let keys: Vec<&Vec<u8>> = chunks.iter().map(|c| &c.0).collect();
            tie_runs(
                &keys,
                |k| k.contains(&NEW),
                |start, len| ties.push(Tie::Stacks(a + start, len)),
            );
        }
        for (a, b) in runs(node.cell_start, self.n) {
            let keys: Vec<u8> = cols[a..b].iter().map(|&c| key(c)).collect();
            tie_runs(
                &keys,
                |&k| k == NEW,
                |start, len| ties.push(Tie::Cols(a + start, len)),
            );
        }
        self.arrange(node, r, &mut cols, &ties, out);
    }

    /// Every order of the tied runs, each finished into a child.
    fn arrange(
        &self,
        node: &Node,
        r: usize,
        cols: &mut [usize],
        ties: &[Tie],
        out: &mut Vec<Node>,
    ) {
        if self.nodes.get() > NODE_BUDGET {
            return;
        }
        let Some((tie, rest)) = ties.split_first() else {
            self.nodes.set(self.nodes.get() + 1);
            out.push(self.finish(node, r, cols));
            return;
        };
        let bc = self.shape.box_cols;
        let (start, len, width) = match *tie {
            Tie::Stacks(s, len) => (s * bc, len, bc),
            Tie::Cols(p, len) => (p, len, 1),
        };
        let original: Vec<usize> = cols[start..start + len * width].to_vec();
        for order in permutations(len) {
            for (i, &from) in order.iter().enumerate() {
                cols[start + i * width..start + (i + 1) * width]
                    .copy_from_slice(&original[from * width..(from + 1) * width]);
            }
            self.arrange(node, r, cols, rest, out);
        }
        cols[start..start + len * width].copy_from_slice(&original);
    }

    /// The child with row `r` placed in the column order `cols`: new digits named left to
    /// right, the row written, cells and groups split where the row tells them apart.
    fn finish(&self, node: &Node, r: usize, cols: &[usize]) -> Node {
        let n = self.n;
        let row = &self.grid[r * n..(r + 1) * n];
        let mut child = node.clone();
        child.cols = cols.to_vec();
        child.rows.push(r);
        for &c in cols {
            let v = row[c] as usize;
            if v != 0 && child.labels[v] == 0 {
                child.labels[v] = child.next_label;
                child.next_label += 1;
            }
        }
        let start = child.out.len();
        child
            .out
            .extend(cols.iter().map(|&c| child.labels[row[c] as usize]));
        let written = &child.out[start..];
        for p in 1..n {
            if written[p] != written[p - 1] || written[p] != 0 {
                child.cell_start |= 1 << p;
            }
        }
        let bc = self.shape.box_cols;
        for s in 1..n / bc {
            if written[s * bc..(s + 1) * bc] != written[(s - 1) * bc..s * bc] {
                child.group_start |= 1 << s;
            }
        }
        child
    }
}

/// A run of tied elements whose order the search must try every way.
#[derive(Clone, Copy, Debug)]
enum Tie {
    /// `len` stacks from output stack `s` on.
    Stacks(usize, usize),
    /// `len` columns from output column `p` on.
    Cols(usize, usize),
}

/// Calls `found(start, len)` for each run of two or more equal items of `items` that `counts`.
fn tie_runs<T: PartialEq>(
    items: &[T],
    counts: impl Fn(&T) -> bool,
    mut found: impl FnMut(usize, usize),
) {
    let mut i = 0;
    while i < items.len() {
        let mut j = i + 1;
        while j < items.len() && items[j] == items[i] {
            j += 1;
        }
        if j - i >= 2 && counts(&items[i]) {
            found(i, j - i);
        }
        i = j;
    }
}

/// Every permutation of `0..len`, in lexicographic order.
fn permutations(len: usize) -> Vec<Vec<usize>> {
    let mut out = vec![(0..len).collect::<Vec<_>>()];
    loop {
        let mut p = out.last().cloned().unwrap_or_default();
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return out;
        };
        let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
        p.swap(i - 1, j);
        p[i..].reverse();
        out.push(p);
    }
}
