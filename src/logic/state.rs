//! A solving state: the digits placed so far and the candidates of every other cell. Techniques
//! read it and return steps; only [`State::apply`] changes it. A plain puzzle enters with every
//! candidate its givens allow, a pencil-mark grid with the candidates it shows.
//!
//! Units are numbered as in [`crate::grid::ShapeTables::units`]: rows `0..n`, columns `n..2n`,
//! boxes `2n..3n`.

use crate::grid::{
    bit, digits, full_mask, CellName, Grid, Mask, Shape, ShapeTables, Unit, MAX_SIZE,
};

use std::rc::Rc;

use super::Step;

/// One value computed from a state, kept (in the engine's caches) for the next call on the same
/// state: techniques that build the same structure run one after another on one state
/// (the three ALS techniques; grouped nice loops and forcing chains). The key is the state's
/// shape, values and candidates: the same values in another box shape (2x3 and 3x2) make
/// another structure.
pub(super) struct Memo<T> {
    last: Option<Kept<T>>,
}

/// What a [`Memo`] keeps: the state's shape, values and candidates, and the value.
type Kept<T> = (Shape, Vec<u8>, Vec<Mask>, Rc<T>);

impl<T> Default for Memo<T> {
    fn default() -> Memo<T> {
        Memo { last: None }
    }
}

impl<T> Memo<T> {
    /// The value for `s`: the kept one when `s` is the state it was made from, else `make`'s,
    /// kept in its place.
    pub fn get(&mut self, s: &State, make: impl FnOnce(&State) -> T) -> Rc<T> {
        if let Some((shape, values, cands, v)) = &self.last {
            if *shape == s.shape && *values == s.values && *cands == s.cands {
                return v.clone();
            }
        }
        let v = Rc::new(make(s));
        // The vectors kept before are written over: a memo is asked at every stall, and
        // fresh copies cost an allocation and a free each.
        match &mut self.last {
            Some((shape, values, cands, kept)) => {
                *shape = s.shape;
                values.clone_from(&s.values);
                cands.clone_from(&s.cands);
                *kept = v.clone();
            }
            None => self.last = Some((s.shape, s.values.clone(), s.cands.clone(), v.clone())),
        }
        v
    }
}

/// A shape's tables as a state keeps them: equal when they are the same tables (a state's
/// shape already tells them apart).
#[derive(Clone, Copy)]
struct Tables(&'static ShapeTables);

impl PartialEq for Tables {
    fn eq(&self, other: &Tables) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Tables {}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ShapeTables")
    }
}

/// Placed digits and candidates. `cands[cell]` is 0 for a placed cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    shape: Shape,
    /// The shape's tables, kept: techniques read them in their inner loops, and the shape's
    /// own lookup checks a lock each time.
    tables: Tables,
    values: Vec<u8>,
    /// How many cells are empty (`values` is 0): the solving path asks after every step.
    empty: usize,
    cands: Vec<Mask>,
    /// The symbol of each digit (`symbols[d - 1]`), for sentences.
    symbols: Vec<char>,
    /// True for a cell placed before solving began (a given); avoidable rectangles reason
    /// about the other placed cells.
    given: Vec<bool>,
    /// Per unit, the digits placed in it (kept by [`State::place`]).
    placed: Vec<Mask>,
    /// True once a digit has been placed twice in a unit.
    clash: bool,
    /// Per digit, the cells that still have it as a candidate: a bit set of
    /// [`crate::grid::ShapeTables::words`] words, digit `d` at `(d - 1) * words` (kept by
    /// [`State::place`] and [`State::eliminate`], so that one-digit searches need not collect it).
    boards: Vec<u64>,
    /// Per unit and digit, which of the unit's empty cells still have the digit:
    /// `spots[u * n + d - 1]`, a mask over the unit's cells (bit `i`: its `i`-th cell; kept
    /// with the boards).
    spots: Vec<u32>,
    /// Per unit, the digits exactly one of its empty cells still has (kept with the spots).
    ones: Vec<Mask>,
    /// How many times a change left an empty cell without candidates, a digit without a place
    /// in a unit that lacks it, or a digit twice in a unit (see [`State::apply_checked`]).
    breaks: u32,
    /// The singles in the order they arose, for a solving path that takes them in that order
    /// (as HoDoKu does); `None` in a copy made to try premises, which needs no order.
    arisen: Option<Box<Arisen>>,
}

/// The singles of a state in the order its changes made them: a cell whose candidates came
/// down to one, and a unit where a digit came down to one place. A plain puzzle's state makes
/// them while its givens are placed one by one in reading order, each removing its digit from
/// its peers (in reading order) and then its cell's other candidates; a step adds those its
/// placements and eliminations make, in the same way. Entries that no longer hold (the cell was
/// filled, or lost the digit) stay until they reach the front; readers skip them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Arisen {
    /// Cells that came down to one candidate.
    pub naked: Queue<u32>,
    /// (cell, digit, unit): the unit came down to one place for the digit, in that cell.
    pub hidden: Queue<(u32, u8, u32)>,
}

/// A queue that only grows at the back and is read from the front: the entries taken stay in
/// the vector, behind `head`. Cheaper than a ring buffer where nothing wraps: a state's queues
/// have room for every single it can make (see [`Timeline::arisen`]).
#[derive(Clone, Debug)]
pub(super) struct Queue<T> {
    items: Vec<T>,
    head: usize,
}

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Queue {
            items: Vec::new(),
            head: 0,
        }
    }
}

impl<T: PartialEq> PartialEq for Queue<T> {
    /// Two queues holding the same entries, whatever they took before.
    fn eq(&self, other: &Self) -> bool {
        self.items[self.head..] == other.items[other.head..]
    }
}

impl<T: Eq> Eq for Queue<T> {}

impl<T> Queue<T> {
    fn with_capacity(n: usize) -> Self {
        Queue {
            items: Vec::with_capacity(n),
            head: 0,
        }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items[self.head..].iter()
    }

    pub fn front(&self) -> Option<&T> {
        self.items.get(self.head)
    }

    pub fn pop_front(&mut self) {
        self.head = (self.head + 1).min(self.items.len());
    }

    pub fn push_back(&mut self, item: T) {
        self.items.push(item);
    }
}

impl<T> Extend<T> for Queue<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.items.extend(iter);
    }
}

/// Per unit, the digits exactly one of its cells has among `left` (the candidates of its empty
/// cells): counted for all digits at once, a mask of those seen once and one of those seen more.
fn ones_of(tables: &ShapeTables, left: &[Mask]) -> Vec<Mask> {
    (tables.units.iter())
        .map(|cells| {
            let (mut once, mut more) = (0 as Mask, 0 as Mask);
            for &c in cells {
                let m = left[c];
                more |= once & m;
                once |= m;
            }
            once & !more
        })
        .collect()
}

/// The candidates a state keeps from placed `values` and the candidates `cands` (the digits of
/// the size that no placed peer holds, none for a placed cell), with each digit's board and
/// each unit's spots of each digit (see `State::boards`, `State::spots`), made in one pass.
fn candidates_of(
    shape: Shape,
    values: &[u8],
    cands: &[Mask],
    placed: &[Mask],
) -> (Vec<Mask>, Vec<u64>, Vec<u32>) {
    let n = shape.size;
    let full = full_mask(n);
    let tables = shape.tables();
    let words = tables.words;
    let mut left = Vec::with_capacity(values.len());
    let mut boards = vec![0u64; n * words];
    let mut spots = vec![0u32; 3 * n * n];
    let cells = values.iter().zip(cands);
    for (c, ((&v, &m), (units, pos))) in cells
        .zip(tables.units_of.iter().zip(&tables.unit_pos))
        .enumerate()
    {
        let [r, col, b] = *units;
        let m = if v != 0 {
            0
        } else {
            m & full & !(placed[r] | placed[col] | placed[b])
        };
        left.push(m);
        // Digit by digit, its three units at once (a placed cell has none).
        let base = units.map(|u| u * n);
        let at = pos.map(|p| 1u32 << p);
        let (word, bit) = (c / 64, 1u64 << (c % 64));
        let mut rest = m;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            boards[i * words + word] |= bit;
            for j in 0..3 {
                spots[base[j] + i] |= at[j];
            }
        }
    }
    (left, boards, spots)
}

/// Per unit, the digits placed in it; and whether a digit is placed twice in a unit.
fn placed_and_clash(shape: Shape, values: &[u8]) -> (Vec<Mask>, bool) {
    let tables = shape.tables();
    let mut placed = vec![0 as Mask; 3 * shape.size];
    let mut clash = false;
    for (&v, units) in values.iter().zip(&tables.units_of) {
        if v != 0 {
            for u in *units {
                clash |= placed[u] & bit(v) != 0;
                placed[u] |= bit(v);
            }
        }
    }
    (placed, clash)
}

/// The first 128 cells of a board (bit `c % 64` of word `c / 64`) as one bit set.
#[inline]
fn first_128(board: &[u64]) -> u128 {
    u128::from(board[0]) | board.get(1).map_or(0, |&w| u128::from(w) << 64)
}

/// The default symbols of a size: `1`-`9`, then `A`-`Z`.
fn default_symbols(n: usize) -> Vec<char> {
    ('1'..='9').chain('A'..='Z').take(n).collect()
}

/// When filling in a grid change by change (see [`State::replay`]) removes each candidate:
/// the placed digits in reading order, each first from its peers in reading order, then from its
/// own cell's candidates, digit by digit; then the candidates the marks lack, cell by cell and
/// digit by digit. A removal's key orders it in that sequence; the singles it makes come right
/// after it, one per unit of its cell (row, column, box) for places, then one for the cell.
struct Timeline<'a> {
    shape: Shape,
    /// The shape's tables, kept: `removal` reads them for every cell it asks after.
    tables: &'static ShapeTables,
    values: &'a [u8],
    cands: &'a [Mask],
    /// Per unit and digit (`u * n + d - 1`), the first cell in reading order placed with the
    /// digit, or `usize::MAX`.
    first: Vec<usize>,
}

/// A removal's key with room for the singles after it (`NOT_REMOVED` for a candidate kept).
type Key = u64;
const NOT_REMOVED: Key = Key::MAX;

impl<'a> Timeline<'a> {
    fn new(shape: Shape, values: &'a [u8], cands: &'a [Mask]) -> Timeline<'a> {
        let n = shape.size;
        let tables = shape.tables();
        let mut first = vec![usize::MAX; 3 * n * n];
        for (c, &v) in values.iter().enumerate().rev() {
            if v != 0 && usize::from(v) <= n {
                for u in tables.units_of[c] {
                    first[u * n + usize::from(v) - 1] = c;
                }
            }
        }
        Timeline {
            shape,
            tables,
            values,
            cands,
            first,
        }
    }

    /// A key: in phase 0 (placing) or 1 (the marks), at cell `at`, in part `part` (0: the
    /// peers, 1: the cell's own), removal number `sub`, then the single `j` after it (0-2: in
    /// the cell's units, 3: the cell).
    fn key(&self, phase: u64, at: usize, part: u64, sub: usize, j: u64) -> Key {
        let cells = self.shape.cells() as u64;
        // `sub` is a cell or a digit.
        let subs = cells + self.shape.size as u64 + 1;
        (((phase * cells + at as u64) * 2 + part) * subs + sub as u64) * 4 + j
    }

    /// When cell `x` loses digit `d` (its single `j` after it), or [`NOT_REMOVED`].
    fn removal(&self, x: usize, d: u8, j: u64) -> Key {
        let n = self.shape.size;
        let by = self.tables.units_of[x]
            .iter()
            .map(|&u| self.first[u * n + usize::from(d) - 1])
            .min()
            .unwrap_or(usize::MAX);
        if self.values[x] != 0 {
            // Placed: a peer placed before it with the same digit, else its own placing.
            if by < x {
                self.key(0, by, 0, x, j)
            } else {
                self.key(0, x, 1, usize::from(d), j)
            }
        } else if by != usize::MAX {
            self.key(0, by, 0, x, j)
        } else if self.cands[x] & bit(d) == 0 {
            self.key(1, x, 0, usize::from(d), j)
        } else {
            NOT_REMOVED
        }
    }

    /// The singles of the state left (`left`, `spots`, `placed`) in the order filling in made
    /// them, those that no longer hold left out (readers skip them anyway).
    fn arisen(&self, left: &[Mask], spots: &[u32], placed: &[Mask]) -> Arisen {
        let n = self.shape.size;
        let tables = self.tables;
        let mut naked: Vec<(Key, u32)> = Vec::new();
        for (x, &m) in left.iter().enumerate() {
            if m == 0 || m & (m - 1) != 0 {
                continue;
            }
            // After its last removal (in the marks' phase: after its last digit, the cell's
            // own removals coming in digit order).
            let at = digits(!m & full_mask(n))
                .map(|d| self.removal(x, d, 3))
                .max()
                .unwrap_or(0);
            naked.push((at, x as u32));
        }
        let mut hidden: Vec<(Key, (u32, u8, u32))> = Vec::new();
        for (u, cells) in tables.units.iter().enumerate() {
            for i in 0..n {
                let (d, places) = (i as u8 + 1, spots[u * n + i]);
                if places.count_ones() != 1 || placed[u] & bit(d) != 0 {
                    continue;
                }
                let at = cells[places.trailing_zeros() as usize];
                // A cell's units are its row, column and box, unit `u` the `u / n`-th.
                let j = (u / n) as u64;
                let when = (cells.iter())
                    .filter(|&&y| y != at)
                    .map(|&y| self.removal(y, d, j))
                    .max()
                    .unwrap_or(0);
                hidden.push((when, (at as u32, d, u as u32)));
            }
        }
        naked.sort_unstable();
        hidden.sort_unstable();
        // Room for every single the state can still make, so that the queues never grow: a
        // cell comes down to one candidate once, a unit's digit to one place once.
        let mut a = Arisen {
            naked: Queue::with_capacity(left.len()),
            hidden: Queue::with_capacity(spots.len()),
        };
        a.naked.extend(naked.into_iter().map(|e| e.1));
        a.hidden.extend(hidden.into_iter().map(|e| e.1));
        a
    }
}

impl State {
    /// The state of a plain puzzle: its givens placed, every other cell with every digit that no
    /// given in its row, column or box excludes.
    pub fn new(grid: &Grid) -> State {
        let full = full_mask(grid.shape.size);
        State::replay(grid.shape, &grid.values, &vec![full; grid.shape.cells()])
    }

    /// The state of placed `values` and the candidates `cands` of the other cells, made the way
    /// a person fills in a grid (see [`Arisen`]): from every candidate everywhere, each placed
    /// digit in reading order, then the candidates missing from `cands`, cell by cell. So the
    /// singles arise in the order that makes. A break on the way (a clash, an emptied cell)
    /// is not counted: the state is as broken as its values and candidates say.
    ///
    /// The candidates that are left come from the values at once; the singles are put in the
    /// order that filling in would make them by when each lost its last other candidate or
    /// place (see [`Timeline`]), which costs half of making every change one by one (that
    /// was a fifth of rating a 17-clue puzzle).
    pub(super) fn replay(shape: Shape, values: &[u8], cands: &[Mask]) -> State {
        let n = shape.size;
        let (placed, clash) = placed_and_clash(shape, values);
        let (left, boards, spots) = candidates_of(shape, values, cands, &placed);
        let arisen = Timeline::new(shape, values, cands).arisen(&left, &spots, &placed);
        State {
            shape,
            tables: Tables(shape.tables()),
            ones: ones_of(shape.tables(), &left),
            boards,
            spots,
            clash,
            placed,
            values: values.to_vec(),
            empty: values.iter().filter(|&&v| v == 0).count(),
            cands: left,
            symbols: default_symbols(n),
            given: values.iter().map(|&v| v != 0).collect(),
            breaks: 0,
            arisen: Some(Box::new(arisen)),
        }
    }

    /// A state from placed values and the candidates of the other cells (a pencil-mark grid).
    /// Candidates of placed cells are ignored; candidates are cut to the digits of the size and
    /// lose the digits their placed peers hold, as every technique takes a candidate to be a
    /// digit the cell may still hold (kept, a chain through such a mark proved a false
    /// elimination). `None` when the lengths do not match the shape.
    pub fn from_candidates(shape: Shape, values: Vec<u8>, cands: Vec<Mask>) -> Option<State> {
        let cells = shape.cells();
        if values.len() != cells || cands.len() != cells {
            return None;
        }
        // Replaying does all of that: see `State::replay`.
        Some(State::replay(shape, &values, &cands))
    }

    /// The same state naming digits with `symbols` (`symbols[d - 1]` is digit `d`), when there
    /// is one symbol per digit.
    pub fn with_symbols(mut self, symbols: Vec<char>) -> State {
        if symbols.len() == self.shape.size {
            self.symbols = symbols;
        }
        self
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The shape's tables ([`Shape::tables`], without its lookup).
    pub fn tables(&self) -> &'static ShapeTables {
        self.tables.0
    }

    /// The size `n` of the grid.
    pub fn size(&self) -> usize {
        self.shape.size
    }

    /// The digit placed in a cell, 0 when it is empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// A cell's candidates (0 for a placed cell).
    pub fn cands(&self, cell: usize) -> Mask {
        self.cands[cell]
    }

    pub fn all_cands(&self) -> &[Mask] {
        &self.cands
    }

    /// The cells that still have digit `d` as a candidate, as a bit set (bit `c % 64` of word
    /// `c / 64`; [`crate::grid::ShapeTables::words`] words).
    #[inline]
    pub fn board(&self, d: u8) -> &[u64] {
        let words = self.tables().words;
        let at = (usize::from(d) - 1) * words;
        &self.boards[at..at + words]
    }

    /// [`State::board`] as one bit set (bit `c`: cell `c`), for shapes of at most 128 cells;
    /// a larger shape's cells past the 128th are left out.
    #[inline]
    pub fn board_bits(&self, d: u8) -> u128 {
        first_128(self.board(d))
    }

    /// True when every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// The empty cells, in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.values.len()).filter(|&c| self.values[c] == 0)
    }

    /// The cells of unit `u` (rows, then columns, then boxes).
    pub fn unit(&self, u: usize) -> &'static [usize] {
        &self.tables().units[u]
    }

    /// The number of units: `3n`.
    pub fn unit_count(&self) -> usize {
        3 * self.shape.size
    }

    /// Unit `u` as a [`Unit`], for sentences.
    pub fn unit_name(&self, u: usize) -> Unit {
        let n = self.shape.size;
        match u / n {
            0 => Unit::Row(u),
            1 => Unit::Col(u - n),
            _ => Unit::Box(u - 2 * n),
        }
    }

    /// The units of a cell: its row, column and box indexes.
    pub fn units_of(&self, cell: usize) -> [usize; 3] {
        self.tables().units_of[cell]
    }

    /// The row and the column of `cell`, read from the shape's tables: `Shape::row` and
    /// `Shape::col` divide by the size, which searches asking for every cell paid for.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        let [row, col, _] = self.tables().units_of[cell];
        (row, col - self.shape.size)
    }

    /// The cells that share a unit with `cell`.
    pub fn peers(&self, cell: usize) -> &'static [usize] {
        &self.tables().peers[cell]
    }

    /// True when two distinct cells share a unit (read from the shape's tables: techniques ask
    /// this in their inner loops, and the shape's own test divides).
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let units = &self.tables().unit_bits;
        a != b && units[a] & units[b] != 0
    }

    /// The digits placed in unit `u`.
    pub fn placed_in(&self, u: usize) -> Mask {
        self.placed[u]
    }

    /// Where digit `d` can still go in unit `u`: bit `i` for the unit's `i`-th cell.
    pub fn places(&self, u: usize, d: u8) -> u32 {
        self.spots[u * self.size() + usize::from(d) - 1]
    }

    /// [`State::places`] of every digit in unit `u` (index `d - 1`).
    pub fn unit_places(&self, u: usize) -> &[u32] {
        let n = self.size();
        &self.spots[u * n..u * n + n]
    }

    /// The cells of unit `u` that still have `d` as a candidate.
    pub fn cells_with(&self, u: usize, d: u8) -> Vec<usize> {
        let b = bit(d);
        self.unit(u)
            .iter()
            .copied()
            .filter(|&c| self.cands[c] & b != 0)
            .collect()
    }

    /// The empty cells that still have `d` as a candidate, in reading order.
    pub fn cells_with_digit(&self, d: u8) -> Vec<usize> {
        let b = bit(d);
        (0..self.cands.len())
            .filter(|&c| self.cands[c] & b != 0)
            .collect()
    }

    /// The cells that see every cell of `cells` (share a unit with each), excluding those cells.
    pub fn seen_by_all(&self, cells: &[usize]) -> Vec<usize> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.peers(first)
            .iter()
            .copied()
            .filter(|&p| !cells.contains(&p) && rest.iter().all(|&c| self.sees(p, c)))
            .collect()
    }

    /// True when the state cannot lead to a solution as it stands: an empty cell with no
    /// candidate, a digit that has no place left in a unit that lacks it, or a digit twice in a
    /// unit.
    pub fn is_broken(&self) -> bool {
        self.clash || self.has_gap()
    }

    /// [`State::is_broken`] but for a digit placed twice: an empty cell with no candidate, or a
    /// digit with no place left in a unit that lacks it. Read from the candidates, not from
    /// what the state keeps beside them, so that tests can hold the two against each other.
    pub fn has_gap(&self) -> bool {
        // Per unit, the digits some empty cell of it has, gathered cell by cell (a unit
        // index is below 3 * MAX_SIZE).
        let mut open = [0 as Mask; 3 * MAX_SIZE];
        let cells = self.values.iter().zip(&self.cands);
        for ((&v, &m), units) in cells.zip(&self.tables().units_of) {
            if v == 0 && m == 0 {
                return true;
            }
            for &u in units {
                open[u] |= m;
            }
        }
        let full = full_mask(self.shape.size);
        (self.placed.iter().zip(open)).any(|(&p, o)| p | o != full)
    }

    /// Makes this state a copy of `other`, reusing this one's memory (a net tries hundreds of
    /// premises on copies of one state).
    pub fn copy_from(&mut self, other: &State) {
        self.shape = other.shape;
        self.tables = other.tables;
        self.values.clone_from(&other.values);
        self.empty = other.empty;
        self.cands.clone_from(&other.cands);
        self.symbols.clone_from(&other.symbols);
        self.given.clone_from(&other.given);
        self.placed.clone_from(&other.placed);
        self.clash = other.clash;
        self.boards.clone_from(&other.boards);
        self.spots.clone_from(&other.spots);
        self.ones.clone_from(&other.ones);
        self.breaks = other.breaks;
        // A copy to try premises on: the order singles arise in is not kept.
        self.arisen = None;
    }

    /// A copy to try premises on, without the order singles arose in (cheaper to copy and to
    /// change; its singles are found in scan order).
    pub fn fork(&self) -> State {
        State {
            shape: self.shape,
            tables: self.tables,
            values: self.values.clone(),
            empty: self.empty,
            cands: self.cands.clone(),
            symbols: self.symbols.clone(),
            given: self.given.clone(),
            placed: self.placed.clone(),
            clash: self.clash,
            boards: self.boards.clone(),
            spots: self.spots.clone(),
            ones: self.ones.clone(),
            breaks: self.breaks,
            arisen: None,
        }
    }

    /// The singles in the order they arose, when this state keeps it.
    pub(super) fn arisen(&self) -> Option<&Arisen> {
        self.arisen.as_deref()
    }

    /// Drops the entries at the front of the queues that no longer hold.
    fn prune_arisen(&mut self) {
        let Some(a) = self.arisen.as_deref_mut() else {
            return;
        };
        let (values, cands) = (&self.values, &self.cands);
        while let Some(&c) = a.naked.front() {
            let m = cands[c as usize];
            if values[c as usize] == 0 && m != 0 && m & (m - 1) == 0 {
                break;
            }
            a.naked.pop_front();
        }
        while let Some(&(c, d, _)) = a.hidden.front() {
            if values[c as usize] == 0 && cands[c as usize] & bit(d) != 0 {
                break;
            }
            a.hidden.pop_front();
        }
    }

    /// How many breaks the changes so far made (see [`State::apply_checked`]): a state that was
    /// not broken still is while this stays the same.
    pub fn breaks(&self) -> u32 {
        self.breaks
    }

    /// Fills in singles (a cell with one candidate, a digit with one place in a unit) until
    /// none is left or a change breaks the state; returns false when one did. The outcome does
    /// not depend on the order: each single only adds to what follows.
    pub fn fill_singles(&mut self) -> bool {
        let start = self.breaks;
        let n = self.size();
        loop {
            let mut progress = false;
            for c in 0..self.cands.len() {
                let m = self.cands[c];
                if m != 0 && m & m.wrapping_sub(1) == 0 {
                    self.place(c, m.trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
            if self.breaks != start {
                return false;
            }
            for u in 0..3 * n {
                for d in digits(self.ones[u] & !self.placed[u]) {
                    // The count may have dropped since the mask was read.
                    if self.ones[u] & bit(d) == 0 {
                        continue;
                    }
                    let b = bit(d);
                    if let Some(&c) = self.unit(u).iter().find(|&&c| self.cands[c] & b != 0) {
                        self.place(c, d);
                        progress = true;
                    }
                }
            }
            if self.breaks != start {
                return false;
            }
            if !progress {
                return true;
            }
        }
    }

    /// Applies a step to a state that was not broken and tells whether it broke it: whether
    /// [`State::is_broken`] is now true. The solving path asks after every step, and a whole
    /// check costs more than finding a single, so the changes themselves report what they
    /// break (a cell losing its last candidate, a unit its last place for a digit it lacks,
    /// a digit placed twice). Exact for steps that place candidates, as every technique's do.
    pub fn apply_checked(&mut self, step: &Step) -> bool {
        let before = self.breaks;
        self.apply(step);
        self.breaks != before
    }

    /// [`State::apply_checked`] for a step that places `d` in `cell` and removes nothing (a
    /// single), without the step.
    pub fn place_checked(&mut self, cell: usize, d: u8) -> bool {
        let before = self.breaks;
        self.place(cell, d);
        self.prune_arisen();
        self.breaks != before
    }

    /// How many empty cells of unit `u` still have digit `d`.
    pub fn count(&self, u: usize, d: u8) -> u8 {
        self.spots[u * self.size() + usize::from(d) - 1].count_ones() as u8
    }

    /// The digits exactly one empty cell of unit `u` still has.
    pub fn ones(&self, u: usize) -> Mask {
        self.ones[u]
    }

    /// Per unit, the digits placed in it (see [`State::placed_in`]).
    pub fn all_placed(&self) -> &[Mask] {
        &self.placed
    }

    /// Places `d` in `cell` and removes `d` from the candidates of its peers.
    pub fn place(&mut self, cell: usize, d: u8) {
        let old = self.values[cell];
        self.values[cell] = d;
        let b = bit(d);
        // The units take the digit before the cell leaves the spots, so that its own digit
        // running out of places there is no break.
        if old == 0 {
            self.empty -= 1;
            for u in self.units_of(cell) {
                if self.placed[u] & b != 0 {
                    self.clash = true;
                    self.breaks += 1;
                }
                self.placed[u] |= b;
            }
        } else {
            // Replacing a digit (never on a solving path): count again from the values.
            (self.placed, self.clash) = placed_and_clash(self.shape, &self.values);
            self.breaks += u32::from(self.clash);
        }
        // The peers lose the digit first, then the cell its candidates (the order singles
        // arise in, see `Arisen`; the cell keeps the digit's places in its units meanwhile).
        let mut ch = self.writer();
        let tables = ch.tables;
        // In the cell's own units the digit is placed now, so a peer losing it there only
        // leaves the spots, with no single or break to note: those spots are cleared at once
        // below, and each peer's drop keeps to its other units.
        let own = tables.units_of[cell];
        if tables.peer_bits.is_empty() {
            for &p in &tables.peers[cell] {
                if ch.cands[p] & b != 0 {
                    ch.peer_loses(p, d, own);
                }
            }
        } else {
            // The peers that have the digit, from its board: a handful of the peers, in the
            // same (reading) order.
            let mut with = ch.board_bits(d) & tables.peer_bits[cell];
            while with != 0 {
                let p = with.trailing_zeros() as usize;
                with &= with - 1;
                ch.peer_loses(p, d, own);
            }
        }
        // The digit leaves its spots in the cell's own units: the peers' there (see above) and
        // the cell's own, which its units already hold placed, so that is no break and makes
        // no single.
        let (n, i) = (ch.n, usize::from(d) - 1);
        for u in own {
            ch.spots[u * n + i] = 0;
            ch.ones[u] &= !(1 << i);
        }
        ch.boards[i * tables.words + cell / 64] &= !(1 << (cell % 64));
        // Then the cell's other candidates, each from its three units.
        ch.clear_boards(cell, ch.cands[cell] & !b);
        ch.cands[cell] = 0;
    }

    /// The parts of the state that a change writes, borrowed apart (see [`Changes`]).
    fn writer(&mut self) -> Changes<'_> {
        Changes {
            tables: self.tables.0,
            n: self.shape.size,
            values: &self.values,
            placed: &self.placed,
            cands: &mut self.cands,
            boards: &mut self.boards,
            spots: &mut self.spots,
            ones: &mut self.ones,
            breaks: &mut self.breaks,
            arisen: self.arisen.as_deref_mut(),
        }
    }

    /// Removes the digits of `mask` from a cell's candidates.
    pub fn eliminate(&mut self, cell: usize, mask: Mask) {
        self.writer().eliminate(cell, mask);
    }

    /// Applies a step: its placements, then its eliminations (in cell order; a locked pair's
    /// or triple's those in its line first, as HoDoKu applies them, since the order is the
    /// order in which the singles they make arise).
    pub fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.placements {
            self.place(cell, d);
        }
        let line = match step.technique {
            super::Technique::LockedPair | super::Technique::LockedTriple => {
                step.units.iter().find_map(|&u| match u {
                    Unit::Row(r) => Some((true, r)),
                    Unit::Col(c) => Some((false, c)),
                    Unit::Box(_) => None,
                })
            }
            _ => None,
        };
        let shape = self.shape;
        let in_line = |cell: usize| match line {
            Some((true, r)) => shape.row(cell) == r,
            Some((false, c)) => shape.col(cell) == c,
            None => true,
        };
        for first in [true, false] {
            for &(cell, mask) in &step.eliminations {
                if in_line(cell) == first {
                    self.eliminate(cell, mask);
                }
            }
        }
        self.prune_arisen();
    }

    /// True when applying the step would change something (a placement in an empty cell, or an
    /// elimination of a candidate still there).
    pub fn changes(&self, step: &Step) -> bool {
        step.placements.iter().any(|&(c, _)| self.values[c] == 0)
            || step
                .eliminations
                .iter()
                .any(|&(c, m)| self.cands[c] & m != 0)
    }

    /// `r3c5`.
    pub fn name(&self, cell: usize) -> CellName {
        self.shape.cell_name(cell)
    }

    /// The symbol of digit `d`.
    pub fn sym(&self, d: u8) -> char {
        self.symbols
            .get(usize::from(d).wrapping_sub(1))
            .copied()
            .unwrap_or('?')
    }

    /// The symbols of a mask, smallest first, run together (`29`).
    pub fn syms(&self, mask: Mask) -> String {
        digits(mask).map(|d| self.sym(d)).collect()
    }

    /// The symbols of a mask for a sentence: `2`, `2 and 9`, `2, 5 and 9`.
    pub fn syms_text(&self, mask: Mask) -> String {
        let names: Vec<String> = digits(mask).map(|d| self.sym(d).to_string()).collect();
        super::step::and_list(&names)
    }

    /// Cell names for a sentence: `r1c1`, `r1c1 and r2c2`, `r1c1, r2c2 and r3c3`.
    pub fn names_text(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| self.name(c).to_string()).collect();
        super::step::and_list(&names)
    }

    /// True when the cell was placed before solving began: a given of a plain puzzle, or any
    /// placed cell of a state read from candidates (whose history is unknown).
    pub fn is_given(&self, cell: usize) -> bool {
        self.given[cell]
    }
}

/// The parts of a state that placing and eliminating write, borrowed apart from the state:
/// through `&mut State` every write to one vector's items made the compiler read the others'
/// places again (they might have been the written memory); borrowed apart, they are known not
/// to overlap.
struct Changes<'a> {
    tables: &'static ShapeTables,
    n: usize,
    values: &'a [u8],
    placed: &'a [Mask],
    cands: &'a mut [Mask],
    boards: &'a mut [u64],
    spots: &'a mut [u32],
    ones: &'a mut [Mask],
    breaks: &'a mut u32,
    arisen: Option<&'a mut Arisen>,
}

impl Changes<'_> {
    /// [`State::board_bits`].
    fn board_bits(&self, d: u8) -> u128 {
        let words = self.tables.words;
        first_128(&self.boards[(usize::from(d) - 1) * words..][..words])
    }

    /// Peer `p` of a cell just placed with `d` (whose units are `own`) loses the digit.
    #[inline(always)]
    fn peer_loses(&mut self, p: usize, d: u8, own: [usize; 3]) {
        self.cands[p] &= !bit(d);
        self.drop_digit_outside(p, d, own);
        // `p` had a candidate, so it is empty.
        *self.breaks += u32::from(self.cands[p] == 0);
        self.arose_naked(p);
    }

    /// Notes `cell` as a naked single when it is one now (called after it lost candidates).
    /// Inlined: placing calls it for every peer that loses the digit.
    #[inline(always)]
    fn arose_naked(&mut self, cell: usize) {
        let m = self.cands[cell];
        if m != 0 && m & (m - 1) == 0 && self.values[cell] == 0 {
            if let Some(a) = self.arisen.as_deref_mut() {
                a.naked.push_back(cell as u32);
            }
        }
    }

    /// [`State::eliminate`].
    fn eliminate(&mut self, cell: usize, mask: Mask) {
        let lost = self.cands[cell] & mask;
        self.clear_boards(cell, lost);
        self.cands[cell] &= !mask;
        *self.breaks += u32::from(lost != 0 && self.cands[cell] == 0 && self.values[cell] == 0);
        if lost != 0 {
            self.arose_naked(cell);
        }
    }

    /// `cell` no longer has digit `d`: it leaves the digit's board, and its units lose that
    /// spot, except the units in `skip` (a row, a column and a box, in the order of
    /// `units_of`), whose spots the caller sees to.
    #[inline(always)]
    fn drop_digit_outside(&mut self, cell: usize, d: u8, skip: [usize; 3]) {
        let (n, i, tables) = (self.n, usize::from(d) - 1, self.tables);
        self.boards[i * tables.words + cell / 64] &= !(1 << (cell % 64));
        let (units, pos) = (&tables.units_of[cell], &tables.unit_pos[cell]);
        for j in 0..3 {
            let (u, p) = (units[j], pos[j]);
            if u == skip[j] {
                continue;
            }
            let k = u * n + i;
            let left = self.spots[k] & !(1 << p);
            self.spots[k] = left;
            if left == 0 {
                self.ones[u] &= !(1 << i);
                *self.breaks += u32::from(self.placed[u] & 1 << i == 0);
            } else if left & (left - 1) == 0 {
                self.ones[u] |= 1 << i;
                if self.placed[u] & 1 << i == 0 {
                    if let Some(a) = self.arisen.as_deref_mut() {
                        arose_hidden(a, tables, u, left, d);
                    }
                }
            }
        }
    }

    /// Takes `cell` out of the boards and the spots of the digits of `mask`, which it has.
    #[inline(always)]
    fn clear_boards(&mut self, cell: usize, mask: Mask) {
        for d in digits(mask) {
            self.drop_digit_outside(cell, d, [usize::MAX; 3]);
        }
    }
}

/// Notes a hidden single: digit `d` came down to one place in unit `u`, the one bit of `left`.
/// Out of line, and given only the queues: `drop_digit_outside` runs in every hot loop, this
/// rarely, and a call given the [`Changes`] would make them live in memory, read again after
/// every write.
#[cold]
#[inline(never)]
fn arose_hidden(a: &mut Arisen, tables: &ShapeTables, u: usize, left: u32, d: u8) {
    let at = tables.units[u][left.trailing_zeros() as usize];
    a.hidden.push_back((at as u32, d, u as u32));
}

/// Test helpers that read a state's insides.
#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Keeps the entries of `q` that `keep` holds.
    fn retain<T>(q: &mut Queue<T>, keep: impl FnMut(&T) -> bool) {
        q.items.drain(..q.head);
        q.head = 0;
        q.items.retain(keep);
    }

    impl State {
        /// [`State::replay`] made change by change: what its order of singles stands for.
        pub(in crate::logic) fn replay_in_steps(
            shape: Shape,
            values: &[u8],
            cands: &[Mask],
        ) -> State {
            let n = shape.size;
            let cells = shape.cells();
            let tables = shape.tables();
            let full = full_mask(n);
            let mut boards = vec![0u64; n * tables.words];
            for d in 0..n {
                for c in 0..cells {
                    boards[d * tables.words + c / 64] |= 1 << (c % 64);
                }
            }
            let mut s = State {
                shape,
                tables: Tables(tables),
                values: vec![0; cells],
                empty: cells,
                cands: vec![full; cells],
                symbols: default_symbols(n),
                given: values.iter().map(|&v| v != 0).collect(),
                placed: vec![0; 3 * n],
                clash: false,
                boards,
                spots: vec![(1u32 << n) - 1; 3 * n * n],
                ones: vec![0; 3 * n],
                breaks: 0,
                arisen: Some(Box::default()),
            };
            for (c, &v) in values.iter().enumerate() {
                if v != 0 {
                    s.place(c, v);
                }
            }
            for (c, &m) in cands.iter().enumerate() {
                if values[c] == 0 {
                    s.eliminate(c, !m & full);
                }
            }
            // `place` noted any digit placed twice (each cell is placed once here).
            s.breaks = 0;
            s.prune_arisen();
            s
        }

        /// The same state with the singles that no longer hold dropped from its queues (readers
        /// skip them): two states that agree on this take the same singles in the same order.
        pub(in crate::logic) fn live(&self) -> State {
            let mut s = self.clone();
            if let Some(a) = s.arisen.as_deref_mut() {
                let (values, cands) = (&self.values, &self.cands);
                let single = |c: usize| values[c] == 0 && cands[c].count_ones() == 1;
                retain(&mut a.naked, |&c| single(c as usize));
                retain(&mut a.hidden, |&(c, d, _)| {
                    values[c as usize] == 0 && cands[c as usize] & bit(d) != 0
                });
            }
            s
        }
    }
}
