//! A step is data, like a finding: the technique, what it places and removes, the cells of its
//! pattern, the units it lives in, and one English sentence. `explain`, the rating and the editor
//! all read the same steps; only the edges render them.

use crate::grid::{Mask, Unit};

use super::Technique;

/// A step's placements: no technique places more than one digit, which is kept without
/// allocating (more would go to the heap).
pub type Placements = smallvec::SmallVec<[(usize, u8); 1]>;

/// One deduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// Digits placed: (cell, digit).
    pub placements: Placements,
    /// Candidates removed: (cell, digits), one entry per cell, in cell order.
    pub eliminations: Vec<(usize, Mask)>,
    /// The cells that prove it: for a single its cell, for a fish its base then cover cells, for
    /// a chain its nodes in order.
    pub cells: Vec<usize>,
    /// The units the pattern lives in (a hidden single's box), for a hint that names only where
    /// to look.
    pub units: Vec<Unit>,
    /// One sentence a solver understands, naming cells `r3c5` and units `row 3`. A boxed
    /// string, not a `String`, so that the step with its figure still fits 128 bytes.
    pub explanation: Box<str>,
    /// The parts its cells play and the links between its candidates (see [`Figure`]); `None`
    /// for a quiet step, which has no sentence either.
    pub figure: Option<Box<Figure>>,
}

/// The shape of a step's proof, for a picture: what part each group of cells plays (a fish's
/// base and cover, a wing's pivot and pincers, a chain's nodes) and the links between
/// candidates a chain or loop follows. docs/rating.md lists the parts of each technique.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figure {
    pub roles: Vec<Role>,
    pub links: Vec<Link>,
}

/// A group of cells playing one part, with the digits it plays it with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    pub part: Part,
    pub cells: Vec<usize>,
    pub digits: Mask,
}

/// A candidate of a chain, or a group of cells of a unit holding the digit (a grouped node).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub cells: Vec<usize>,
    pub digit: u8,
}

/// A link between two nodes: strong (at least one of them is true) or weak (at most one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: Node,
    pub to: Node,
    pub strong: bool,
}

macro_rules! parts {
    ($($variant:ident, $id:literal;)*) => {
        /// The part a group of cells plays in a step: a closed vocabulary, each technique
        /// family using a few (docs/rating.md, "Roles and links").
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Part {
            $($variant,)*
        }

        impl Part {
            /// Every part.
            pub const ALL: &'static [Part] = &[$(Part::$variant,)*];

            /// The id as the JSON output and the pictures' `data-part` name it.
            pub fn id(self) -> &'static str {
                match self { $(Part::$variant => $id,)* }
            }
        }
    };
}

parts! {
    Single, "single";
    Subset, "subset";
    Locked, "locked";
    Base, "base";
    Cover, "cover";
    Fin, "fin";
    Pivot, "pivot";
    Pincer, "pincer";
    Bridge, "bridge";
    Node, "node";
    BoxCells, "box";
    ColorA, "color-a";
    ColorB, "color-b";
    ColorC, "color-c";
    ColorD, "color-d";
    Rectangle, "rectangle";
    Extra, "extra";
    Als, "als";
    Restricted, "restricted";
    Intersection, "intersection";
    Assumption, "assumption";
    Contradiction, "contradiction";
    Conclusion, "conclusion";
}

impl Part {
    /// True for the parts a step may play several times, each one its own group (a chain's
    /// nodes, an ALS chain's sets), which a picture numbers (`node-3`).
    pub fn numbered(self) -> bool {
        matches!(self, Part::Node | Part::Als)
    }
}

impl Figure {
    /// Adds a part played by `cells` with the digits of `digits`; nothing for no cells.
    pub fn role(&mut self, part: Part, cells: impl IntoIterator<Item = usize>, digits: Mask) {
        let cells: Vec<usize> = cells.into_iter().collect();
        if !cells.is_empty() {
            self.roles.push(Role {
                part,
                cells,
                digits,
            });
        }
    }

    /// Adds a link from (`from`, `a`) to (`to`, `b`).
    pub fn link(
        &mut self,
        from: impl IntoIterator<Item = usize>,
        a: u8,
        to: impl IntoIterator<Item = usize>,
        b: u8,
        strong: bool,
    ) {
        self.links.push(Link {
            from: Node {
                cells: from.into_iter().collect(),
                digit: a,
            },
            to: Node {
                cells: to.into_iter().collect(),
                digit: b,
            },
            strong,
        });
    }
}

impl Step {
    /// A step of `technique` with its sentence; the rest is added with the builder methods.
    pub fn new(technique: Technique, explanation: String) -> Step {
        Step {
            technique,
            placements: Placements::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            units: Vec::new(),
            explanation: explanation.into_boxed_str(),
            figure: None,
        }
    }

    /// Draws the step's figure with `draw`, unless `quiet` (a quiet step has none, as it has
    /// no sentence: a rating never reads them).
    pub fn figure(mut self, quiet: bool, draw: impl FnOnce(&mut Figure)) -> Step {
        if !quiet {
            let mut fig = Figure::default();
            draw(&mut fig);
            self.figure = Some(Box::new(fig));
        }
        self
    }

    /// The roles of its figure (none for a quiet step).
    pub fn roles(&self) -> &[Role] {
        self.figure.as_deref().map_or(&[], |f| &f.roles)
    }

    /// The links of its figure (none for a quiet step).
    pub fn links(&self) -> &[Link] {
        self.figure.as_deref().map_or(&[], |f| &f.links)
    }

    pub fn place(mut self, cell: usize, d: u8) -> Step {
        self.placements.push((cell, d));
        self
    }

    /// Adds eliminations, merging entries of the same cell and keeping cell order.
    pub fn eliminate(mut self, elims: impl IntoIterator<Item = (usize, Mask)>) -> Step {
        for (cell, mask) in elims {
            if mask == 0 {
                continue;
            }
            match self.eliminations.binary_search_by_key(&cell, |e| e.0) {
                Ok(i) => self.eliminations[i].1 |= mask,
                Err(i) => self.eliminations.insert(i, (cell, mask)),
            }
        }
        self
    }

    /// Adds the cells that prove the step.
    pub fn cells(mut self, cells: impl IntoIterator<Item = usize>) -> Step {
        self.cells.extend(cells);
        self
    }

    /// Adds a unit the pattern lives in.
    pub fn unit(mut self, unit: Unit) -> Step {
        self.units.push(unit);
        self
    }

    /// How many candidates the step removes.
    pub fn elimination_count(&self) -> u32 {
        self.eliminations.iter().map(|e| e.1.count_ones()).sum()
    }

    /// True when the step agrees with `solution` (a digit per cell): it places only the
    /// solution's digits and removes none of them. What every step must be; for tests and the
    /// fuzz targets, since techniques never look at a solution.
    pub fn holds_for(&self, solution: &[u8]) -> bool {
        self.placements
            .iter()
            .all(|&(c, d)| solution.get(c) == Some(&d))
            && (self.eliminations.iter()).all(|&(c, m)| {
                solution
                    .get(c)
                    .is_some_and(|&d| d == 0 || m & crate::grid::bit(d) == 0)
            })
    }
}

/// A step's sentence: `text()`, or an empty string when `quiet` (a rating reads only the
/// techniques, and writing a sentence costs more than finding a single).
pub(crate) fn say(quiet: bool, text: impl FnOnce() -> String) -> String {
    if quiet {
        String::new()
    } else {
        text()
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The eliminations of a step for its sentence: `3 is removed from r5c7 and r5c9`, or, when the
/// cells lose different digits, `r5c7 loses 3, r6c1 loses 3 and 7`.
pub(crate) fn removal_text(state: &super::State, elims: &[(usize, Mask)]) -> String {
    let Some(&(_, first)) = elims.first() else {
        return "nothing is removed".to_string();
    };
    if elims.iter().all(|&(_, m)| m == first) {
        let cells: Vec<usize> = elims.iter().map(|e| e.0).collect();
        let verb = if first.count_ones() == 1 { "is" } else { "are" };
        format!(
            "{} {verb} removed from {}",
            state.syms_text(first),
            state.names_text(&cells)
        )
    } else {
        let parts: Vec<String> = elims
            .iter()
            .map(|&(c, m)| format!("{} loses {}", state.name(c), state.syms_text(m)))
            .collect();
        parts.join(", ")
    }
}

#[cfg(test)]
mod size {
    /// A step fits 128 bytes: moving one (a solving path moves each a few times) is then a
    /// few vector moves, not a call to `memcpy` (3% of rating 17-clue puzzles at 136 bytes).
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_step_fits_128_bytes() {
        assert!(std::mem::size_of::<super::Step>() <= 128);
    }
}
