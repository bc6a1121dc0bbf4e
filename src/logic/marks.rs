//! A state of at most 128 cells as bit boards, for the searches that try premises on copies of
//! a state by hundreds (forcing nets, trial): singles are filled in there as
//! [`State::fill_singles`] does, without the tables that keep a solving path's order, which such
//! a copy needs not. Singles reach the same state in any order, so both agree on what a
//! premise leads to and on whether it breaks the state.

use crate::grid::{digits, full_mask, Mask};

use super::State;

/// Per digit the empty cells that have it, the empty cells, and per digit the units that lack
/// it.
#[derive(Clone, Copy)]
pub(super) struct Marks {
    pub(super) boards: [u128; 9],
    empty: u128,
    /// Per digit, the units that lack it (bit `u`).
    lacks: [u32; 9],
    /// Per digit, the cells the premise placed it in.
    pub(super) placed: [u128; 9],
    /// Per digit, the units where its places changed since they were last looked at, and the
    /// digits with any (bit `d`). Per digit, not per unit: a placement marks the units of every
    /// peer that lost the digit, and that is one `or` this way.
    dirty: [u32; 9],
    pub(super) dirty_digits: Mask,
}

impl Marks {
    /// The state's marks; `None` for a shape of more than 128 cells or 9 digits.
    pub(super) fn of(s: &State) -> Option<Marks> {
        let n = s.size();
        if s.shape().cells() > 128 || n > 9 || s.unit_count() > 27 {
            return None;
        }
        let mut m = Marks {
            boards: [0; 9],
            empty: 0,
            lacks: [0; 9],
            placed: [0; 9],
            dirty: [0; 9],
            dirty_digits: 0,
        };
        for d in 1..=n as u8 {
            m.boards[usize::from(d) - 1] = s.board_bits(d);
        }
        for c in s.empty_cells() {
            m.empty |= 1 << c;
        }
        for u in 0..s.unit_count() {
            for d in digits(full_mask(n) & !s.placed_in(u)) {
                m.lacks[usize::from(d) - 1] |= 1 << u;
            }
        }
        // A state with singles or gaps of its own (every step wanted, singles may be left)
        // has every unit looked at first; otherwise only what a premise changes can make one.
        let every = m.looking_at_every_unit(s);
        let mut probe = every;
        Some(if probe.singles(s) == Some(false) {
            m
        } else {
            every
        })
    }

    /// These marks with every digit of every unit to be looked at by the next round of singles.
    pub(super) fn looking_at_every_unit(self, s: &State) -> Marks {
        let mut dirty_digits = 0;
        for (d, &units) in self.lacks[..s.size()].iter().enumerate() {
            if units != 0 {
                dirty_digits |= 1 << d;
            }
        }
        Marks {
            dirty: self.lacks,
            dirty_digits,
            ..self
        }
    }

    /// The units of cell `c`, as bits.
    fn units_of(s: &State, c: usize) -> u32 {
        s.tables().unit_bits[c] as u32
    }

    /// Takes digit `d` (0-based) from cell `c`.
    pub(super) fn eliminate(&mut self, s: &State, c: usize, d: usize) {
        self.boards[d] &= !(1u128 << c);
        self.dirty[d] |= Self::units_of(s, c);
        self.dirty_digits |= 1 << d;
    }

    /// Places digit `d` (0-based) in cell `c`; false when that breaks the state (the cell lost
    /// the digit, or one of its units holds it already).
    pub(super) fn place(&mut self, s: &State, c: usize, d: usize) -> bool {
        let tables = s.tables();
        let at = 1u128 << c;
        let units = Self::units_of(s, c);
        if self.boards[d] & at == 0 || self.lacks[d] & units != units {
            return false;
        }
        self.empty &= !at;
        // The cell's other digits leave it: each changes in the cell's three units. Which
        // digits the cell has is read from every board without a branch (the boards past the
        // size are empty).
        let mut had: Mask = 0;
        for (e, b) in self.boards.iter().enumerate() {
            had |= Mask::from(b & at != 0) << e;
        }
        let others = had & !(1 << d);
        let mut rest = others;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.boards[e] &= !at;
            self.dirty[e] |= units;
        }
        self.dirty_digits |= others;
        // The digit leaves the cell's peers: it changes in their units.
        let mut lost = self.boards[d] & (tables.peer_bits[c] | at);
        self.boards[d] &= !lost;
        let mut touched = 0u128;
        while lost != 0 {
            touched |= tables.unit_bits[lost.trailing_zeros() as usize];
            lost &= lost - 1;
        }
        self.dirty[d] |= touched as u32;
        self.dirty_digits |= 1 << d;
        self.placed[d] |= at;
        self.lacks[d] &= !units;
        true
    }

    /// Fills in singles until none is left; false when the state broke on the way (an empty
    /// cell without candidates, or a digit a unit lacks without a place there).
    pub(super) fn fill(&mut self, s: &State) -> bool {
        loop {
            match self.singles(s) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// One round: places the naked singles, then the hidden singles of the units marked as
    /// changed. Some(whether any was placed), or None when the state broke.
    fn singles(&mut self, s: &State) -> Option<bool> {
        let n = s.size();
        let unit_cells = &s.tables().unit_cell_bits;
        let (mut one, mut more) = (0u128, 0u128);
        for &b in &self.boards[..n] {
            more |= one & b;
            one |= b;
        }
        if self.empty & !one != 0 {
            return None;
        }
        let mut naked = self.empty & one & !more;
        let mut progress = naked != 0;
        while naked != 0 {
            let c = naked.trailing_zeros() as usize;
            naked &= naked - 1;
            // An earlier single may have taken this cell's last candidate.
            let d = (0..n).find(|&d| self.boards[d] >> c & 1 != 0)?;
            if !self.place(s, c, d) {
                return None;
            }
        }
        while self.dirty_digits != 0 {
            let d = self.dirty_digits.trailing_zeros() as usize;
            self.dirty_digits &= self.dirty_digits - 1;
            let mut units = self.dirty[d] & self.lacks[d];
            self.dirty[d] = 0;
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                if self.lacks[d] & (1 << u) == 0 {
                    continue;
                }
                let places = self.boards[d] & unit_cells[u];
                if places == 0 {
                    return None;
                }
                if places & (places - 1) == 0 {
                    if !self.place(s, places.trailing_zeros() as usize, d) {
                        return None;
                    }
                    progress = true;
                }
            }
        }
        Some(progress)
    }

    /// The empty cell with the fewest candidates (the first of those in reading order), or
    /// `None` when every cell is filled.
    pub(super) fn fewest(&self, n: usize) -> Option<usize> {
        // `at_least[k]`: the cells with at least `k` candidates.
        let mut at_least = [0u128; 11];
        at_least[0] = !0;
        // After `i` boards no cell has more than `i` candidates.
        for (i, &b) in self.boards[..n].iter().enumerate() {
            for k in (1..=i + 1).rev() {
                at_least[k] |= at_least[k - 1] & b;
            }
        }
        (0..=n).find_map(|k| {
            let cells = self.empty & at_least[k] & !at_least[k + 1];
            (cells != 0).then(|| cells.trailing_zeros() as usize)
        })
    }

    /// The candidates of cell `c`.
    pub(super) fn cands(&self, c: usize, n: usize) -> Mask {
        (0..n).fold(0, |m, d| m | (((self.boards[d] >> c) as Mask & 1) << d))
    }
}
