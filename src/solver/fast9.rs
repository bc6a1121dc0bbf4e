//! Fast 9x9 solution counter: digit-major band bit boards, band-wise (27-bit) propagation with
//! locked candidates (triads), naked singles by bit-sliced counting, and a copy-on-guess search.
//!
//! # Bit layout
//!
//! The grid is split into three bands of three rows. For every digit and band one `u32` holds the
//! cells where that digit may still go, 27 bits, row-major inside the band:
//!
//! ```text
//!              col: 0  1  2 | 3  4  5 | 6  7  8
//!   band row 0:     0  1  2 | 3  4  5 | 6  7  8      bits  0..=8
//!   band row 1:     9 10 11 |12 13 14 |15 16 17      bits  9..=17
//!   band row 2:    18 19 20 |21 22 23 |24 25 26      bits 18..=26
//!                  `triad`    `triad`   `triad`      (three cells of one row inside one box)
//!
//!   f[3 * digit + band]   digit 0..=8 (value - 1), band 0..=2 (rows 3b..3b+3)
//!   open[band]            cells of the band not yet fixed, same 27-bit layout
//! ```
//!
//! A digit occupies exactly one triad per row and one per box of its band, i.e. a permutation
//! of the three boxes over the three rows. Compressing a band word to its nine triad bits
//! (`ROW_TRIADS`) and keeping only triads that belong to some permutation still possible
//! (`TRIAD_CLOSURE`) performs, in two table look-ups, the box/line interactions inside the band;
//! box hidden singles and row hidden singles fall out of it as rows left with one candidate.
//! A row with one candidate fixes its cell: the other digits leave the cell. A box whose
//! candidates sit in one column (`LONE_COLUMNS`) takes that column from the digit's other
//! bands. Cells with one candidate left (naked singles) are found with a bit-sliced count over
//! the nine digit words of a band.
//!
//! When propagation stalls, the search copies the state (a few hundred bytes on the stack) and
//! tries each candidate of a cell with two candidates that sees the most open cells (or, when
//! no cell has two, one with the fewest). Scoring the pair cells costs a popcount each but cuts
//! the guesses on the hardest sets by about a third against taking the first pair cell. The
//! search never allocates; the recursion is at most one level per open cell.

/// The outcome of [`count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count9 {
    /// Solutions found, at most the limit asked for.
    pub solutions: usize,
    /// False when the budget ran out before the count was decided.
    pub complete: bool,
    /// Search steps (guesses) made.
    pub steps: u64,
}

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of band row 0.
const ROW0: u32 = 0x1FF;

/// For a 9-bit row, which of its three triads hold a candidate (3 bits).
static ROW_TRIADS: [u8; 512] = row_triads();

/// For the nine triad bits of a band (bit `3 * row + box`), the band cells in triads used by
/// at least one permutation of boxes over rows whose triads are all present. Zero when none is.
static TRIAD_CLOSURE: [u32; 512] = triad_closure();

/// For the nine column bits of a band (which columns hold a candidate), the columns that are
/// the only one of their box: the digit's box is confined to that column, so the column loses
/// the digit in the other two bands (pointing along columns; a fixed cell is the simplest case).
static LONE_COLUMNS: [u16; 512] = lone_columns();

/// For a band cell, the other cells of its row, box and column inside the band.
static BAND_PEERS: [u32; 27] = band_peers();

const fn row_triads() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut t = 0u8;
        if row & 0o007 != 0 {
            t |= 1;
        }
        if row & 0o070 != 0 {
            t |= 2;
        }
        if row & 0o700 != 0 {
            t |= 4;
        }
        table[row] = t;
        row += 1;
    }
    table
}

const fn triad_closure() -> [u32; 512] {
    // Box of band row 0, 1, 2 for each of the six permutations.
    const PERMS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut cells = 0u32;
        let mut p = 0;
        while p < 6 {
            let [b0, b1, b2] = PERMS[p];
            let need = (1 << b0) | (1 << (3 + b1)) | (1 << (6 + b2));
            if triads & need == need {
                cells |= (7 << (3 * b0)) | (7 << (9 + 3 * b1)) | (7 << (18 + 3 * b2));
            }
            p += 1;
        }
        table[triads as usize] = cells;
        triads += 1;
    }
    table
}

const fn lone_columns() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut lone = 0u16;
        let mut bx = 0;
        while bx < 3 {
            let group = (cols >> (3 * bx)) & 7;
            if group == 1 || group == 2 || group == 4 {
                lone |= (group as u16) << (3 * bx);
            }
            bx += 1;
        }
        table[cols] = lone;
        cols += 1;
    }
    table
}

const fn band_peers() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let mut peers = ROW0 << (9 * row);
        let mut r = 0;
        while r < 3 {
            peers |= 1 << (9 * r + col);
            peers |= 7 << (9 * r + 3 * (col / 3));
            r += 1;
        }
        table[cell] = peers & !(1 << cell);
        cell += 1;
    }
    table
}

/// The cells of column `col` in all three rows of a band.
#[inline(always)]
fn column(col: u32) -> u32 {
    0x40201 << col
}

/// The two bands other than `band`.
#[inline(always)]
fn other_bands(band: usize) -> (usize, usize) {
    match band {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

/// The search state; copied whole on every guess.
#[derive(Clone, Copy)]
struct State {
    /// Candidate cells of digit `d` in band `b` at `f[3 * d + b]`.
    f: [u32; 27],
    /// `f` as it was when last propagated; a difference means the word needs work.
    /// Starts at a value no word can take so every word is looked at once.
    seen: [u32; 27],
    /// Cells not yet fixed, per band.
    open: [u32; 3],
}

impl State {
    fn new() -> State {
        State {
            f: [BAND; 27],
            seen: [u32::MAX; 27],
            open: [BAND; 3],
        }
    }

    /// Puts digit `d` at band cell `cell` of band `b`: its peers lose the digit. The cell is
    /// marked fixed by [`State::update`] once the row shows one candidate. The caller makes sure
    /// the cell still holds the digit.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, cell: u32) {
        let i = 3 * d + b;
        self.f[i] &= !BAND_PEERS[cell as usize];
        let col = !column(cell % 9);
        let (b1, b2) = other_bands(b);
        self.f[3 * d + b1] &= col;
        self.f[3 * d + b2] &= col;
    }

    /// Band-wise propagation of word `I` (digit `I / 3`, band `I % 3`); false on a
    /// contradiction. A const parameter so that every index below is a constant.
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> bool {
        let (d, b) = (I / 3, I % 3);
        let mut a = self.f[I];
        let triads = ROW_TRIADS[(a & ROW0) as usize] as usize
            | (ROW_TRIADS[((a >> 9) & ROW0) as usize] as usize) << 3
            | (ROW_TRIADS[((a >> 18) & ROW0) as usize] as usize) << 6;
        a &= TRIAD_CLOSURE[triads];
        if a == 0 {
            return false;
        }
        // Every row still has a candidate here (a permutation survived). A row down to one
        // candidate fixes that cell; the other digits leave it. Done without branches: a row
        // fixed earlier changes nothing.
        let mut fixed = 0;
        for r in 0..3 {
            let row = a & (ROW0 << (9 * r));
            fixed |= if row & row.wrapping_sub(1) == 0 {
                row
            } else {
                0
            };
        }
        self.open[b] &= !fixed;
        // The word itself is restored from `a` below.
        for other in 0..9 {
            self.f[3 * other + b] &= !fixed;
        }
        let lone = LONE_COLUMNS[((a | a >> 9 | a >> 18) & ROW0) as usize] as u32;
        let cols = !(lone * 0x40201);
        let (b1, b2) = other_bands(b);
        self.f[3 * d + b1] &= cols;
        self.f[3 * d + b2] &= cols;
        self.f[I] = a;
        self.seen[I] = a;
        true
    }

    /// Propagates to a fixed point; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            // Band words until nothing changes. Each pass that changes something removes at
            // least one candidate, so this ends. Unrolled so that each word's indices are
            // constants.
            loop {
                let mut changed = false;
                macro_rules! pass {
                    ($($i:literal)*) => {$(
                        if self.f[$i] != self.seen[$i] {
                            changed = true;
                            if !self.update::<$i>() {
                                return false;
                            }
                        }
                    )*};
                }
                pass!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
                if !changed {
                    break;
                }
            }
            // Naked singles: count candidates per cell with two bit-sliced counters.
            let mut placed = false;
            for b in 0..3 {
                let open = self.open[b];
                if open == 0 {
                    continue;
                }
                let (mut one, mut two) = (0u32, 0u32);
                for d in 0..9 {
                    let x = self.f[3 * d + b];
                    two |= one & x;
                    one |= x;
                }
                if open & !one != 0 {
                    return false;
                }
                let mut singles = open & !two;
                while singles != 0 {
                    let cell = singles.trailing_zeros();
                    singles &= singles - 1;
                    let bit = 1 << cell;
                    // An earlier single of this batch may have taken the last candidate.
                    let Some(d) = (0..9).find(|&d| self.f[3 * d + b] & bit != 0) else {
                        return false;
                    };
                    self.place(d, b, cell);
                    placed = true;
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// The digits (bit `d`) still possible at band cell `cell` of band `b`.
    #[inline(always)]
    fn digits_at(&self, b: usize, cell: u32) -> u32 {
        let mut m = 0;
        for d in 0..9 {
            m |= ((self.f[3 * d + b] >> cell) & 1) << d;
        }
        m
    }

    /// An open cell to guess on: of the cells with two candidates, the one that sees the most
    /// open cells (so that either choice propagates far); when there is none, one with the
    /// fewest candidates. Ties go to the first in band order, so the choice is deterministic.
    /// Called only when some cell is open and every open cell has two or more candidates.
    fn guess_cell(&self) -> (usize, u32) {
        let mut pick: Option<(u32, usize, u32)> = None;
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[3 * d + b];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let pairs = self.open[b] & two & !three;
            let mut rest = pairs;
            while rest != 0 {
                let cell = rest.trailing_zeros();
                rest &= rest - 1;
                let col = column(cell % 9);
                let (b1, b2) = other_bands(b);
                // One popcount: column bits of the other bands sit at c, c + 9, c + 18, so
                // the second band shifted by one does not overlap the first.
                let score = (u64::from(self.open[b] & BAND_PEERS[cell as usize])
                    | u64::from(self.open[b1] & col | (self.open[b2] & col) << 1) << 32)
                    .count_ones();
                if pick.is_none_or(|(s, _, _)| score > s) {
                    pick = Some((score, b, cell));
                }
            }
        }
        if let Some((_, b, cell)) = pick {
            return (b, cell);
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let cell = open.trailing_zeros();
                open &= open - 1;
                let n = self.digits_at(b, cell).count_ones();
                if n < best.2 {
                    best = (b, cell, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// Writes the fixed grid (values 1..=9, row-major) into `out`.
    fn write(&self, out: &mut [u8; 81]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.f[3 * d + b];
                while x != 0 {
                    let cell = x.trailing_zeros() as usize;
                    x &= x - 1;
                    if let Some(v) = out.get_mut(27 * b + cell) {
                        *v = d as u8 + 1;
                    }
                }
            }
        }
    }
}

/// Search bookkeeping shared by every level.
struct Search<'a> {
    limit: usize,
    budget: u64,
    steps: u64,
    solutions: usize,
    exhausted: bool,
    out: &'a mut [[u8; 81]; 2],
}

impl Search<'_> {
    /// Explores `st`; true when the search must stop (limit reached or budget spent).
    fn run(&mut self, mut st: State) -> bool {
        loop {
            if !st.propagate() {
                return false;
            }
            if st.open == [0; 3] {
                if let Some(slot) = self.out.get_mut(self.solutions) {
                    st.write(slot);
                }
                self.solutions += 1;
                return self.solutions >= self.limit;
            }
            let (b, cell) = st.guess_cell();
            let mut digits = st.digits_at(b, cell);
            if digits == 0 {
                // Propagation leaves no open cell without candidates; kept so that a broken
                // invariant ends this branch instead of indexing past the digits.
                return false;
            }
            // Each alternative but the last is tried on a copy; the last continues in place.
            loop {
                if self.steps >= self.budget {
                    self.exhausted = true;
                    return true;
                }
                self.steps += 1;
                let d = digits.trailing_zeros() as usize;
                digits &= digits.wrapping_sub(1);
                if digits == 0 {
                    st.place(d, b, cell);
                    break;
                }
                let mut child = st;
                child.place(d, b, cell);
                if self.run(child) {
                    return true;
                }
            }
        }
    }
}

/// Counts the solutions of a 9x9 grid up to `limit`, spending at most `budget` guesses.
///
/// `givens` holds 0 for an empty cell and 1..=9 for a given, row-major; any other value makes
/// the grid unsolvable (0 solutions). Givens that clash give 0 solutions. `out[0]` and `out[1]`
/// receive the first and second solutions found. The same input always gives the same result.
pub fn count(givens: &[u8; 81], limit: usize, budget: u64, out: &mut [[u8; 81]; 2]) -> Count9 {
    let none = Count9 {
        solutions: 0,
        complete: true,
        steps: 0,
    };
    if limit == 0 {
        return none;
    }
    let mut st = State::new();
    for (i, &v) in givens.iter().enumerate() {
        if v == 0 {
            continue;
        }
        if v > 9 {
            return none;
        }
        let (d, b, cell) = (v as usize - 1, i / 27, (i % 27) as u32);
        // A given whose digit was taken away by an earlier given's peers clashes with it.
        if st.f[3 * d + b] & (1 << cell) == 0 {
            return none;
        }
        st.place(d, b, cell);
    }
    let mut search = Search {
        limit,
        budget,
        steps: 0,
        solutions: 0,
        exhausted: false,
        out,
    };
    search.run(st);
    Count9 {
        solutions: search.solutions,
        complete: !search.exhausted,
        steps: search.steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain reference: backtracking on the emptiest cell with row/column/box masks, counting
    /// up to `limit`. Shares nothing with the engine under test.
    fn brute(grid: &mut [u8; 81], limit: usize) -> usize {
        let mut rows = [0u16; 9];
        let mut cols = [0u16; 9];
        let mut boxes = [0u16; 9];
        for (i, &v) in grid.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1u16 << v;
            let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return 0;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        fn go(
            g: &mut [u8; 81],
            rows: &mut [u16; 9],
            cols: &mut [u16; 9],
            boxes: &mut [u16; 9],
            limit: usize,
            found: &mut usize,
        ) {
            // Branch on whichever has the fewest alternatives: the values of one empty cell,
            // or the places of one digit missing from one unit.
            let mut free = [0u16; 81];
            for (i, f) in free.iter_mut().enumerate() {
                if g[i] == 0 {
                    let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
                    *f = !(rows[r] | cols[c] | boxes[b]) & 0x3FE;
                }
            }
            let mut choice = [(0usize, 0u8); 9];
            let mut n = 10;
            let mut empty = false;
            for i in 0..81 {
                if g[i] != 0 {
                    continue;
                }
                empty = true;
                let m = free[i];
                if (m.count_ones() as usize) < n {
                    n = 0;
                    for v in 1..=9u8 {
                        if m & (1 << v) != 0 {
                            choice[n] = (i, v);
                            n += 1;
                        }
                    }
                }
            }
            if !empty {
                *found += 1;
                return;
            }
            // A forced or dead cell needs no further look.
            for u in 0..27 {
                if n < 2 {
                    break;
                }
                let has = match u {
                    0..9 => rows[u],
                    9..18 => cols[u - 9],
                    _ => boxes[u - 18],
                };
                for v in 1..=9u8 {
                    if has & (1 << v) != 0 {
                        continue;
                    }
                    let mut places = [(0usize, 0u8); 9];
                    let mut k = 0;
                    for j in 0..9 {
                        let i = match u {
                            0..9 => u * 9 + j,
                            9..18 => j * 9 + (u - 9),
                            _ => ((u - 18) / 3 * 3 + j / 3) * 9 + (u - 18) % 3 * 3 + j % 3,
                        };
                        if free[i] & (1 << v) != 0 {
                            places[k] = (i, v);
                            k += 1;
                        }
                    }
                    if k < n {
                        n = k;
                        choice = places;
                    }
                }
            }
            for &(i, v) in &choice[..n] {
                let bit = 1u16 << v;
                let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
                g[i] = v;
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
                go(g, rows, cols, boxes, limit, found);
                rows[r] &= !bit;
                cols[c] &= !bit;
                boxes[b] &= !bit;
                g[i] = 0;
                if *found >= limit {
                    return;
                }
            }
        }
        let mut found = 0;
        go(grid, &mut rows, &mut cols, &mut boxes, limit, &mut found);
        found
    }

    fn is_valid_solution(sol: &[u8; 81], givens: &[u8; 81]) -> bool {
        for (s, g) in sol.iter().zip(givens) {
            if !(1..=9).contains(s) || (*g != 0 && g != s) {
                return false;
            }
        }
        for k in 0..9 {
            let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
            for j in 0..9 {
                r |= 1 << sol[k * 9 + j];
                c |= 1 << sol[j * 9 + k];
                b |= 1 << sol[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3];
            }
            if r != 0x3FE || c != 0x3FE || b != 0x3FE {
                return false;
            }
        }
        true
    }

    fn parse(line: &str) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (cell, b) in g.iter_mut().zip(line.bytes()) {
            *cell = match b {
                b'1'..=b'9' => b - b'0',
                _ => 0,
            };
        }
        g
    }

    fn fixture(name: &str) -> Vec<[u8; 81]> {
        let path = format!("{}/fixtures/sets/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let puzzles: Vec<_> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                assert!(l.len() >= 81, "short line in {name}: {l}");
                parse(&l[..81])
            })
            .collect();
        assert!(
            puzzles.len() >= 40,
            "{name} has only {} puzzles",
            puzzles.len()
        );
        puzzles
    }

    /// Counts with the engine and the reference and checks that they agree; returns the count.
    fn check(givens: &[u8; 81]) -> Count9 {
        let mut out = [[0u8; 81]; 2];
        let c = count(givens, 2, 1_000_000, &mut out);
        assert!(c.complete, "budget ran out on {givens:?}");
        let expected = brute(&mut givens.clone(), 2);
        assert_eq!(c.solutions, expected, "count differs on {givens:?}");
        for sol in out.iter().take(c.solutions) {
            assert!(
                is_valid_solution(sol, givens),
                "bad solution for {givens:?}"
            );
        }
        if c.solutions == 2 {
            assert_ne!(out[0], out[1], "two equal solutions for {givens:?}");
        }
        c
    }

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn unique_sets_agree_with_reference() {
        for name in [
            "17-clue.txt",
            "top1465.txt",
            "forum-hardest-11plus.txt",
            "forum-hardest-1106.txt",
        ] {
            let mut max_steps = 0;
            for p in fixture(name) {
                let c = check(&p);
                assert_eq!(c.solutions, 1, "{name}: {p:?}");
                max_steps = max_steps.max(c.steps);
            }
            // Far below the 1,000,000 default budget even for the hardest known puzzles.
            assert!(max_steps < 20_000, "{name}: {max_steps} steps");
        }
    }

    #[test]
    fn serg_benchmark_has_two_solutions() {
        for p in fixture("serg-benchmark.txt") {
            assert_eq!(check(&p).solutions, 2, "{p:?}");
        }
    }

    #[test]
    fn clashing_givens_give_zero() {
        let mut row = [0u8; 81];
        row[3] = 7;
        row[8] = 7;
        let mut col = [0u8; 81];
        col[4] = 2;
        col[76] = 2;
        let mut boxed = [0u8; 81];
        boxed[30] = 9;
        boxed[50] = 9;
        let mut full_clash = parse(SOLVED);
        full_clash.swap(0, 1);
        for g in [row, col, boxed, full_clash] {
            let mut out = [[0u8; 81]; 2];
            let c = count(&g, 2, 1_000_000, &mut out);
            assert_eq!((c.solutions, c.complete, c.steps), (0, true, 0), "{g:?}");
            assert_eq!(brute(&mut g.clone(), 2), 0);
        }
    }

    #[test]
    fn unsolvable_without_clash_gives_zero() {
        // Row 0 needs its 9 in r1c9, but column 9 already has one.
        let mut blocked = parse(
            "12345678.........................................................................",
        );
        blocked[8 + 9 * 4] = 9;
        assert_eq!(check(&blocked).solutions, 0);
        // r1c1 sees 1..4 in its row, 5..8 in its column and 9 in its box.
        let mut starved = [0u8; 81];
        starved[1..5].copy_from_slice(&[1, 2, 3, 4]);
        for (k, v) in [5u8, 6, 7, 8].into_iter().enumerate() {
            starved[9 * (3 + k)] = v;
        }
        starved[10] = 9;
        assert_eq!(check(&starved).solutions, 0);
    }

    #[test]
    fn empty_grid_gives_two_different_solutions() {
        let c = check(&[0u8; 81]);
        assert_eq!(c.solutions, 2);
    }

    #[test]
    fn full_grid_gives_one() {
        let g = parse(SOLVED);
        let mut out = [[0u8; 81]; 2];
        let c = count(&g, 2, 1_000_000, &mut out);
        assert_eq!((c.solutions, c.complete, c.steps), (1, true, 0));
        assert_eq!(out[0], g);
    }

    #[test]
    fn budget_exhaustion_is_reported() {
        let hard = fixture("forum-hardest-11plus.txt")[0];
        let mut out = [[0u8; 81]; 2];
        let full = count(&hard, 2, 1_000_000, &mut out);
        assert!(full.complete && full.steps > 2, "{full:?}");
        for budget in [0, 1, full.steps - 1] {
            let c = count(&hard, 2, budget, &mut out);
            assert!(!c.complete, "budget {budget}: {c:?}");
            assert!(c.steps <= budget);
        }
        // Exactly the steps needed is enough, and the result repeats.
        assert_eq!(count(&hard, 2, full.steps, &mut out), full);
    }

    #[test]
    fn deterministic_and_limit_respected() {
        let mut out = [[0u8; 81]; 2];
        for p in fixture("serg-benchmark.txt").iter().take(10) {
            let a = count(p, 2, 1_000_000, &mut out);
            let first = out[0];
            let b = count(p, 2, 1_000_000, &mut out);
            assert_eq!((a, first), (b, out[0]));
            let one = count(p, 1, 1_000_000, &mut out);
            assert_eq!((one.solutions, one.complete), (1, true));
            assert_eq!(out[0], first);
            assert_eq!(count(p, 0, 1_000_000, &mut out).solutions, 0);
        }
    }

    #[test]
    fn out_of_range_values_do_not_panic() {
        let mut g = [0u8; 81];
        g[40] = 10;
        g[0] = 255;
        let mut out = [[0u8; 81]; 2];
        assert_eq!(count(&g, 2, 1_000_000, &mut out).solutions, 0);
    }

    /// Transposing and relabelling a puzzle maps its solutions one to one, so the count must
    /// not change and a unique solution must map to the transformed puzzle's solution.
    #[test]
    fn transposed_relabelled_copies_agree() {
        let relabel = [0u8, 4, 7, 1, 9, 2, 5, 8, 3, 6];
        let transform = |g: &[u8; 81]| {
            let mut t = [0u8; 81];
            for (i, v) in t.iter_mut().enumerate() {
                *v = relabel[g[(i % 9) * 9 + i / 9] as usize];
            }
            t
        };
        let mut out = [[0u8; 81]; 2];
        let mut out_t = [[0u8; 81]; 2];
        for name in [
            "top1465.txt",
            "forum-hardest-1106.txt",
            "serg-benchmark.txt",
        ] {
            for p in fixture(name) {
                let c = count(&p, 2, 1_000_000, &mut out);
                let ct = count(&transform(&p), 2, 1_000_000, &mut out_t);
                assert_eq!(
                    (c.solutions, c.complete),
                    (ct.solutions, ct.complete),
                    "{p:?}"
                );
                if c.solutions == 1 {
                    assert_eq!(transform(&out[0]), out_t[0], "{p:?}");
                }
            }
        }
    }

    /// Random partial grids cut from a solution and then disturbed: many multi-solution and
    /// contradictory grids that the data sets do not have.
    #[test]
    fn random_partial_grids_agree_with_reference() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let base = parse(SOLVED);
        let mut seen = [0usize; 3];
        for _ in 0..300 {
            // Relabel digits and keep a random subset of cells.
            let mut perm: [u8; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
            for i in (2..=9).rev() {
                let j = 1 + (next() % i as u64) as usize;
                perm.swap(i, j);
            }
            let keep = 18 + next() % 20;
            let mut g = [0u8; 81];
            for (cell, v) in g.iter_mut().zip(base) {
                if next() % 81 < keep {
                    *cell = perm[v as usize];
                }
            }
            // Sometimes change one given to another digit (often unsolvable, sometimes clashing).
            if next() % 2 == 0 {
                let i = (next() % 81) as usize;
                if g[i] != 0 {
                    g[i] = 1 + (next() % 9) as u8;
                }
            }
            seen[check(&g).solutions] += 1;
        }
        assert!(
            seen.iter().all(|&n| n > 10),
            "too one-sided a sample: {seen:?}"
        );
    }
}
