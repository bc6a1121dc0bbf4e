//! The symmetries a generated puzzle's givens may keep, and the orbits of cells they group.

use std::fmt;
use std::str::FromStr;

use crate::grid::Shape;

/// A symmetry of the pattern of givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Symmetry {
    #[default]
    None,
    /// r, c ↔ N−1−r, N−1−c (half turn).
    Central,
    /// r, c ↔ c, r.
    Diagonal,
    /// r, c ↔ N−1−c, N−1−r.
    AntiDiagonal,
    /// r, c ↔ r, N−1−c (left-right mirror).
    Mirror,
    /// Quarter turns: r, c → c, N−1−r.
    Rotational,
}

impl Symmetry {
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Central,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
        Symmetry::Rotational,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Central => "central",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::Mirror => "mirror",
            Symmetry::Rotational => "rotational",
        }
    }

    /// The image of (r, c) under the symmetry's generator on an `n`x`n` grid.
    fn image(self, n: usize, r: usize, c: usize) -> (usize, usize) {
        match self {
            Symmetry::None => (r, c),
            Symmetry::Central => (n - 1 - r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
            Symmetry::AntiDiagonal => (n - 1 - c, n - 1 - r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Rotational => (c, n - 1 - r),
        }
    }

    /// The cells of the orbit of `cell`, smallest first.
    pub fn orbit(self, shape: Shape, cell: usize) -> Vec<usize> {
        let mut out = vec![cell];
        let (mut r, mut c) = (shape.row(cell), shape.col(cell));
        loop {
            (r, c) = self.image(shape.size, r, c);
            let next = shape.cell(r, c);
            if out.contains(&next) {
                break;
            }
            out.push(next);
        }
        out.sort_unstable();
        out
    }

    /// Every orbit of the grid once, in order of their smallest cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        (0..shape.cells())
            .map(|cell| (cell, self.orbit(shape, cell)))
            .filter(|(cell, orbit)| orbit[0] == *cell)
            .map(|(_, orbit)| orbit)
            .collect()
    }

    /// Whether a pattern of givens (`values[cell] != 0`) keeps the symmetry.
    pub fn holds(self, shape: Shape, values: &[u8]) -> bool {
        (0..shape.cells()).all(|cell| {
            let given = values[cell] != 0;
            self.orbit(shape, cell)
                .iter()
                .all(|&o| (values[o] != 0) == given)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Symmetry::ALL
            .into_iter()
            .find(|y| y.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown symmetry `{s}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_the_grid_once() {
        let nine = Shape::for_size(9).unwrap();
        for y in Symmetry::ALL {
            let orbits = y.orbits(nine);
            let mut seen: Vec<usize> = orbits.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..81).collect::<Vec<_>>(), "{y}");
        }
        assert_eq!(Symmetry::Central.orbit(nine, 0), vec![0, 80]);
        assert_eq!(Symmetry::Central.orbit(nine, 40), vec![40]);
        assert_eq!(Symmetry::Rotational.orbit(nine, 1), vec![1, 17, 63, 79]);
        assert_eq!(Symmetry::AntiDiagonal.orbit(nine, 1), vec![1, 71]);
        assert_eq!(Symmetry::Mirror.orbits(nine).len(), 45);
        assert_eq!("Anti-Diagonal".parse(), Ok(Symmetry::AntiDiagonal));
    }
}
