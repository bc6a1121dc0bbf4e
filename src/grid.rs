//! The grid model: sizes and box shapes, cells, units, and candidate sets as bit masks.
//!
//! A digit `d` (1-based value) is bit `d - 1` of a [`Mask`], so a set of candidates is one
//! integer and set algebra is `& | ^ !`:
//!
//! ```text
//!   bit:   24 ... 8 7 6 5 4 3 2 1 0
//!   digit: 25 ... 9 8 7 6 5 4 3 2 1      {1, 4, 7} = 0b0_0100_1001
//! ```
//!
//! Cells are numbered row-major, `row * size + col`, 0-based. Values in a grid are `0` for an
//! empty cell and `1..=size` for a digit.

use std::fmt;
use std::sync::OnceLock;

/// A set of digits, digit `d` at bit `d - 1`. Sizes go up to 25, so 32 bits are enough.
pub type Mask = u32;

/// The sizes the format supports.
pub const SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

/// The largest supported size.
pub const MAX_SIZE: usize = 25;

/// The mask holding every digit of a size-`n` grid.
pub fn full_mask(n: usize) -> Mask {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// The digits of a mask, smallest first.
pub fn digits(mut mask: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let bit = mask.trailing_zeros();
        mask &= mask - 1;
        Some(bit as u8 + 1)
    })
}

/// The cells of a bit set over the cells (bit `c`: cell `c`), smallest first.
pub fn cells_of(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let c = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(c)
    })
}

/// The bit of digit `d` (1-based).
pub fn bit(d: u8) -> Mask {
    debug_assert!((1..=32).contains(&d));
    1 << (d - 1)
}

/// A grid's size and box shape: `size` rows and columns, boxes of `box_rows` x `box_cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub size: usize,
    pub box_rows: usize,
    pub box_cols: usize,
}

impl Shape {
    /// The default box shape for a supported size (`None` for any other size).
    pub fn for_size(size: usize) -> Option<Shape> {
        let (box_rows, box_cols) = match size {
            4 => (2, 2),
            6 => (2, 3),
            8 => (2, 4),
            9 => (3, 3),
            12 => (3, 4),
            16 => (4, 4),
            25 => (5, 5),
            _ => return None,
        };
        Some(Shape {
            size,
            box_rows,
            box_cols,
        })
    }

    /// A shape with an explicit box; `None` unless `box_rows * box_cols == size` and the size is
    /// between 1 and [`MAX_SIZE`].
    pub fn with_box(size: usize, box_rows: usize, box_cols: usize) -> Option<Shape> {
        ((1..=MAX_SIZE).contains(&size)
            && box_rows >= 1
            && box_cols >= 1
            && box_rows * box_cols == size)
            .then_some(Shape {
                size,
                box_rows,
                box_cols,
            })
    }

    /// True when the default box is not square (sizes 6, 8, 12), which the format reports once.
    pub fn is_square_box(&self) -> bool {
        self.box_rows == self.box_cols
    }

    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    pub fn row(&self, cell: usize) -> usize {
        cell / self.size
    }

    pub fn col(&self, cell: usize) -> usize {
        cell % self.size
    }

    /// The index of the box holding `cell`, boxes numbered row-major.
    pub fn box_of(&self, cell: usize) -> usize {
        let (r, c) = (self.row(cell), self.col(cell));
        let boxes_per_row = self.size / self.box_cols;
        (r / self.box_rows) * boxes_per_row + c / self.box_cols
    }

    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.size + col
    }

    /// The cells of a unit, in reading order.
    pub fn unit_cells(&self, unit: Unit) -> Vec<usize> {
        let n = self.size;
        match unit {
            Unit::Row(r) => (0..n).map(|c| self.cell(r, c)).collect(),
            Unit::Col(c) => (0..n).map(|r| self.cell(r, c)).collect(),
            Unit::Box(b) => {
                let boxes_per_row = n / self.box_cols;
                let r0 = (b / boxes_per_row) * self.box_rows;
                let c0 = (b % boxes_per_row) * self.box_cols;
                (0..self.box_rows)
                    .flat_map(|dr| (0..self.box_cols).map(move |dc| (r0 + dr, c0 + dc)))
                    .map(|(r, c)| self.cell(r, c))
                    .collect()
            }
        }
    }

    /// Every unit: rows, then columns, then boxes.
    pub fn units(&self) -> impl Iterator<Item = Unit> {
        let n = self.size;
        (0..n)
            .map(Unit::Row)
            .chain((0..n).map(Unit::Col))
            .chain((0..n).map(Unit::Box))
    }

    /// The three units of a cell: its row, column and box.
    pub fn units_of(&self, cell: usize) -> [Unit; 3] {
        [
            Unit::Row(self.row(cell)),
            Unit::Col(self.col(cell)),
            Unit::Box(self.box_of(cell)),
        ]
    }

    /// True when two distinct cells share a row, column or box.
    pub fn are_peers(&self, a: usize, b: usize) -> bool {
        a != b
            && (self.row(a) == self.row(b)
                || self.col(a) == self.col(b)
                || self.box_of(a) == self.box_of(b))
    }

    /// The shape's unit and peer tables, built once per shape for the life of the process.
    pub fn tables(&self) -> &'static ShapeTables {
        // One slot per (size, box_rows); a shape's box_cols follows from those two.
        static TABLES: [OnceLock<ShapeTables>; (MAX_SIZE + 1) * (MAX_SIZE + 1)] =
            [const { OnceLock::new() }; (MAX_SIZE + 1) * (MAX_SIZE + 1)];
        let slot = self.size.min(MAX_SIZE) * (MAX_SIZE + 1) + self.box_rows.min(MAX_SIZE);
        TABLES[slot].get_or_init(|| ShapeTables::new(*self))
    }

    /// The name puzzle people use for a cell: `r3c5`, 1-based.
    pub fn cell_name(&self, cell: usize) -> CellName {
        CellName {
            row: self.row(cell) + 1,
            col: self.col(cell) + 1,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{} (boxes {}x{})",
            self.size, self.size, self.box_rows, self.box_cols
        )
    }
}

/// A box and a line (row or column) crossing it in more than one cell.
#[derive(Debug)]
pub struct Intersection {
    /// The box's unit index.
    pub b: usize,
    /// The line's unit index.
    pub line: usize,
    /// The shared cells in reading order.
    pub cells: Vec<usize>,
    /// The shared cells' positions in the box's cell list and in the line's, as bits (the
    /// positions `State::places` uses).
    pub in_box: u32,
    pub in_line: u32,
    /// The shared cells as a bit set over the cells; 0 for shapes of more than 128 cells.
    pub bits: u128,
}

/// The intersections of one unit, a box or a line, that a digit of it may be confined to.
#[derive(Debug)]
pub struct ConfineGroup {
    /// The unit.
    pub unit: usize,
    /// The most cells one of its intersections has: a digit with more places in the unit is
    /// confined to none.
    pub widest: u32,
    /// Each intersection (its index in `intersections`) with its cells' positions in the unit.
    pub members: Vec<(usize, u32)>,
}

/// Precomputed cell lists of a shape, so hot loops index instead of allocating.
#[derive(Debug)]
pub struct ShapeTables {
    /// Every unit's cells in reading order: rows, then columns, then boxes (as [`Shape::units`]).
    pub units: Vec<Vec<usize>>,
    /// Every cell's peers (cells sharing a row, column or box), each once, in reading order.
    pub peers: Vec<Vec<usize>>,
    /// Every cell's box, as [`Shape::box_of`] computes it, without the divisions.
    pub box_of: Vec<usize>,
    /// Every box and line (row or column) crossing it in more than one cell, boxes in order,
    /// rows before columns.
    pub intersections: Vec<Intersection>,
    /// Indexes into `intersections`: `[0]` box by box (the table's own order), `[1]` line by
    /// line (rows, then columns), each in the order its unit's intersections come.
    pub intersection_order: [Vec<usize>; 2],
    /// Indexes into `intersections`, box by box, each box's lines in the order its cells (in
    /// reading order) first meet them, a cell's row before its column: the order the chains'
    /// groups are made in.
    pub box_line_order: Vec<usize>,
    /// `intersection_order` by the unit a digit is confined in (`[0]` boxes, for pointing;
    /// `[1]` lines, for claiming), each in that order.
    pub confine_groups: [Vec<ConfineGroup>; 2],
    /// Per unit, the positions in it (a mask, as `State::places` reads them) of each of its
    /// box-line intersections of two cells or more.
    pub unit_segments: Vec<Vec<u32>>,
    /// Every cell's units: its row, column and box as unit indexes (`r`, `n + c`, `2n + b`),
    /// without the divisions.
    pub units_of: Vec<[usize; 3]>,
    /// Every cell's position in each of its units (in the order of `units_of`): the bit it
    /// takes in a mask over the unit's cells.
    pub unit_pos: Vec<[usize; 3]>,
    /// Every cell's units (`units_of`) as a bit set over the unit indexes (at most 75 units).
    pub unit_bits: Vec<u128>,
    /// Every cell's peers as a bit set over the cells; empty for shapes of more than 128 cells.
    pub peer_bits: Vec<u128>,
    /// Every unit's cells as a bit set over the cells; empty for shapes of more than 128 cells.
    pub unit_cell_bits: Vec<u128>,
    /// 64-bit words in a bit set over the cells.
    pub words: usize,
}

impl ShapeTables {
    fn new(shape: Shape) -> Self {
        let units: Vec<Vec<usize>> = shape.units().map(|u| shape.unit_cells(u)).collect();
        let peers: Vec<Vec<usize>> = (0..shape.cells())
            .map(|cell| {
                (0..shape.cells())
                    .filter(|&other| shape.are_peers(cell, other))
                    .collect()
            })
            .collect();
        let box_of = (0..shape.cells()).map(|c| shape.box_of(c)).collect();
        let n = shape.size;
        let positions = |u: usize, cells: &[usize]| {
            (units[u].iter().enumerate())
                .filter(|(_, c)| cells.contains(c))
                .fold(0u32, |m, (i, _)| m | 1 << i)
        };
        let intersections: Vec<Intersection> = (2 * n..3 * n)
            .flat_map(|b| (0..2 * n).map(move |line| (b, line)))
            .map(|(b, line)| {
                let cells: Vec<usize> = units[b]
                    .iter()
                    .copied()
                    .filter(|c| units[line].contains(c))
                    .collect();
                let (in_box, in_line) = (positions(b, &cells), positions(line, &cells));
                let bits = if shape.cells() <= 128 {
                    cells.iter().fold(0u128, |m, &c| m | 1 << c)
                } else {
                    0
                };
                Intersection {
                    b,
                    line,
                    cells,
                    in_box,
                    in_line,
                    bits,
                }
            })
            .filter(|x| x.cells.len() > 1)
            .collect();
        let mut by_line: Vec<usize> = (0..intersections.len()).collect();
        by_line.sort_by_key(|&i| intersections[i].line);
        let intersection_order: [Vec<usize>; 2] = [(0..intersections.len()).collect(), by_line];
        let mut box_line_order: Vec<usize> = (0..intersections.len()).collect();
        box_line_order.sort_by_key(|&i| {
            let x = &intersections[i];
            let first = units[x.b].iter().position(|&c| c == x.cells[0]);
            (x.b, first, x.line >= n)
        });
        let confine_groups = [0, 1].map(|side| {
            let unit = |i: usize| {
                let x: &Intersection = &intersections[i];
                if side == 0 {
                    (x.b, x.in_box)
                } else {
                    (x.line, x.in_line)
                }
            };
            intersection_order[side]
                .chunk_by(|&i, &j| unit(i).0 == unit(j).0)
                .map(|group| ConfineGroup {
                    unit: unit(group[0]).0,
                    widest: (group.iter())
                        .map(|&i| intersections[i].cells.len() as u32)
                        .max()
                        .unwrap_or(0),
                    members: group.iter().map(|&i| (i, unit(i).1)).collect(),
                })
                .collect()
        });
        let mut unit_segments: Vec<Vec<u32>> = vec![Vec::new(); units.len()];
        for x in &intersections {
            unit_segments[x.b].push(x.in_box);
            unit_segments[x.line].push(x.in_line);
        }
        let units_of: Vec<[usize; 3]> = (0..shape.cells())
            .map(|c| [shape.row(c), n + shape.col(c), 2 * n + shape.box_of(c)])
            .collect();
        let unit_pos = units_of
            .iter()
            .enumerate()
            .map(|(c, us)| us.map(|u| units[u].iter().position(|&x| x == c).unwrap_or(0)))
            .collect();
        let unit_bits = units_of
            .iter()
            .map(|us| us.iter().fold(0u128, |m, &u| m | 1 << u))
            .collect();
        let peer_bits = if shape.cells() <= 128 {
            peers
                .iter()
                .map(|ps: &Vec<usize>| ps.iter().fold(0u128, |m, &p| m | 1 << p))
                .collect()
        } else {
            Vec::new()
        };
        let unit_cell_bits = if shape.cells() <= 128 {
            units
                .iter()
                .map(|us| us.iter().fold(0u128, |m, &c| m | 1 << c))
                .collect()
        } else {
            Vec::new()
        };
        let words = shape.cells().div_ceil(64);
        ShapeTables {
            units,
            peers,
            box_of,
            intersections,
            intersection_order,
            box_line_order,
            confine_groups,
            unit_segments,
            units_of,
            unit_pos,
            unit_bits,
            peer_bits,
            unit_cell_bits,
            words,
        }
    }
}

/// `r3c5`: a cell's 1-based row and column, as puzzle people write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    pub row: usize,
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// A row, column or box, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    Row(usize),
    Col(usize),
    Box(usize),
}

impl fmt::Display for Unit {
    /// `row 3`, `column 5`, `box 7`: 1-based, for messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// A puzzle's givens on a shape: `values[cell]` is `0` (empty) or a digit `1..=size`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub shape: Shape,
    pub values: Vec<u8>,
}

impl Grid {
    pub fn empty(shape: Shape) -> Self {
        Grid {
            shape,
            values: vec![0; shape.cells()],
        }
    }

    /// A grid from values; `None` when the length is not `size * size` or a value is out of range.
    pub fn from_values(shape: Shape, values: Vec<u8>) -> Option<Self> {
        (values.len() == shape.cells() && values.iter().all(|&v| (v as usize) <= shape.size))
            .then_some(Grid { shape, values })
    }

    pub fn givens(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// The digits placed in a unit.
    pub fn unit_mask(&self, unit: Unit) -> Mask {
        self.shape
            .unit_cells(unit)
            .into_iter()
            .filter_map(|c| match self.values[c] {
                0 => None,
                v => Some(bit(v)),
            })
            .fold(0, |m, b| m | b)
    }

    /// The candidates of every cell from the givens alone (elimination): all digits minus those
    /// in the cell's row, column and box. A filled cell's entry is the mask of its own digit.
    pub fn candidates(&self) -> Vec<Mask> {
        let s = self.shape;
        let n = s.size;
        let mut rows = vec![0 as Mask; n];
        let mut cols = vec![0 as Mask; n];
        let mut boxes = vec![0 as Mask; n];
        for (cell, &v) in self.values.iter().enumerate() {
            if v != 0 {
                rows[s.row(cell)] |= bit(v);
                cols[s.col(cell)] |= bit(v);
                boxes[s.box_of(cell)] |= bit(v);
            }
        }
        let full = full_mask(n);
        self.values
            .iter()
            .enumerate()
            .map(|(cell, &v)| {
                if v != 0 {
                    bit(v)
                } else {
                    full & !(rows[s.row(cell)] | cols[s.col(cell)] | boxes[s.box_of(cell)])
                }
            })
            .collect()
    }

    /// True when `other` is a completed grid that agrees with every given of `self` and breaks no
    /// rule.
    pub fn is_solved_by(&self, other: &[u8]) -> bool {
        if other.len() != self.values.len() {
            return false;
        }
        if self
            .values
            .iter()
            .zip(other)
            .any(|(&g, &s)| g != 0 && g != s)
        {
            return false;
        }
        // Every row, column and box holds each value once: with `size` cells each, that is no
        // value seen twice in one of them.
        let size = self.shape.size;
        let tables = self.shape.tables();
        let (mut rows, mut cols, mut boxes) = (vec![0; size], vec![0; size], vec![0; size]);
        other.iter().enumerate().all(|(c, &v)| {
            if v == 0 || v as usize > size {
                return false;
            }
            let b = bit(v);
            let (r, k, x) = (c / size, c % size, tables.box_of[c]);
            let fresh = (rows[r] | cols[k] | boxes[x]) & b == 0;
            rows[r] |= b;
            cols[k] |= b;
            boxes[x] |= b;
            fresh
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shape of each size, and both box shapes of 6x6.
    fn test_shapes() -> impl Iterator<Item = Shape> {
        [
            (4, 2, 2),
            (6, 2, 3),
            (6, 3, 2),
            (9, 3, 3),
            (12, 3, 4),
            (25, 5, 5),
        ]
        .into_iter()
        .map(|(size, r, c)| Shape::with_box(size, r, c).unwrap())
    }

    #[test]
    fn the_bit_set_tables_hold_each_cells_units_and_peers() {
        for shape in test_shapes() {
            let size = shape.size;
            let t = shape.tables();
            for cell in 0..shape.cells() {
                let units = t.units_of[cell].iter().fold(0u128, |m, &u| m | 1 << u);
                assert_eq!(t.unit_bits[cell], units, "{size} {cell}");
            }
            if shape.cells() > 128 {
                assert!(t.peer_bits.is_empty(), "{size}: no 128-bit peer sets");
                continue;
            }
            for cell in 0..shape.cells() {
                let peers: Vec<usize> = (0..shape.cells())
                    .filter(|&o| t.peer_bits[cell] >> o & 1 != 0)
                    .collect();
                assert_eq!(peers, t.peers[cell], "{size} {cell}");
            }
        }
    }

    #[test]
    fn box_line_order_takes_each_boxs_lines_as_its_cells_meet_them() {
        for shape in test_shapes() {
            let (size, r, c) = (shape.size, shape.box_rows, shape.box_cols);
            let t = shape.tables();
            let mut want = Vec::new();
            for b in 2 * size..3 * size {
                // Each box cell in reading order, its row and then its column, each line once.
                let mut lines: Vec<usize> = Vec::new();
                for &cell in &t.units[b] {
                    for l in [t.units_of[cell][0], t.units_of[cell][1]] {
                        if !lines.contains(&l) {
                            lines.push(l);
                        }
                    }
                }
                for l in lines {
                    let found = t.intersections.iter().position(|x| x.b == b && x.line == l);
                    want.extend(found);
                }
            }
            assert_eq!(t.box_line_order, want, "{size} ({r}x{c} boxes)");
            assert_eq!(
                want.len(),
                t.intersections.len(),
                "{size}: every intersection once"
            );
        }
    }

    #[test]
    fn boxes_of_non_square_shapes() {
        let s = Shape::for_size(6).unwrap();
        assert_eq!(s.unit_cells(Unit::Box(0)), vec![0, 1, 2, 6, 7, 8]);
        assert_eq!(s.box_of(s.cell(5, 5)), 5);
        assert_eq!(s.box_of(s.cell(2, 3)), 3);
        let s = Shape::with_box(6, 3, 2).unwrap();
        assert_eq!(s.unit_cells(Unit::Box(1)), vec![2, 3, 8, 9, 14, 15]);
        assert!(Shape::with_box(6, 4, 2).is_none());
    }

    #[test]
    fn masks() {
        assert_eq!(digits(0b100_1001).collect::<Vec<_>>(), vec![1, 4, 7]);
        assert_eq!(full_mask(9), 0x1ff);
        assert_eq!(full_mask(25), (1 << 25) - 1);
        assert_eq!(
            Shape::for_size(9).unwrap().cell_name(22).to_string(),
            "r3c5"
        );
    }
}
