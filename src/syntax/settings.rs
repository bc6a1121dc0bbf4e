//! Directive resolution: what a puzzle's directives (its own, then the file's defaults) settle
//! about its size, box shape and alphabet, and how that meets the size its text was read at.
//!
//! A directive is checked twice: its form when it is attached to a puzzle or to the file
//! (`directive::form_finding`), and its fit once the puzzle's size is known (an `@box` or
//! `@symbols` for another size). Each mistake is said once per directive, so a file-wide default
//! that fits no puzzle does not repeat on every puzzle (docs/format.md#bad-values).

use super::alphabet::Alphabet;
use super::directive;
use super::reader::Reader;
use super::Directive;
use crate::finding::{Code, Finding};
use crate::grid::Shape;
use crate::text::TextRange;

/// What the directives of a puzzle (its own, then the file's) say about its shape.
#[derive(Default)]
pub(super) struct Settings {
    /// A valid `@size`.
    pub(super) size: Option<usize>,
    /// A valid `@symbols`, with its directive for the findings about it.
    pub(super) symbols: Option<(Vec<char>, Directive)>,
    /// A valid `@box` as rows by columns, with its directive.
    boxed: Option<((usize, usize), Directive)>,
}

impl Settings {
    /// The size the directives settle: `@size`, else the length of `@symbols`.
    pub(super) fn declared(&self) -> Option<usize> {
        self.size
            .or_else(|| self.symbols.as_ref().map(|(s, _)| s.len()))
    }

    /// The alphabet a size-`n` puzzle will have: its `@symbols` when they fit, else the default.
    pub(super) fn guess_alphabet(&self, n: usize) -> Alphabet {
        self.symbols
            .as_ref()
            .filter(|(s, _)| s.len() == n)
            .map(|(s, _)| Alphabet::new(s))
            .unwrap_or_else(|| Alphabet::default_for(n))
    }
}

impl Reader<'_> {
    /// The size, alphabet and box the directives declare: the puzzle's own first, then the
    /// file's defaults; within each, the last valid one wins.
    pub(super) fn settings(&self, own: &[Directive]) -> Settings {
        let mut s = Settings::default();
        for group in [own, &self.out.defaults.all[..]] {
            let size = group.iter().rev().find_map(|d| {
                (d.key == "size")
                    .then(|| directive::size(&d.value))
                    .flatten()
            });
            let symbols = group.iter().rev().find_map(|d| {
                (d.key == "symbols")
                    .then(|| directive::symbols(&d.value).ok())
                    .flatten()
                    .map(|v| (v, d.clone()))
            });
            let boxed = group.iter().rev().find_map(|d| {
                (d.key == "box")
                    .then(|| directive::box_shape(&d.value))
                    .flatten()
                    .map(|v| (v, d.clone()))
            });
            if s.size.is_none() {
                s.size = size;
            }
            if s.symbols.is_none() {
                s.symbols = symbols;
            }
            if s.boxed.is_none() {
                s.boxed = boxed;
            }
        }
        s
    }

    /// The shape and alphabet of a size-`n` puzzle under `settings`, reporting a declared box
    /// or alphabet that does not fit (once per directive) and an assumed non-square box (once
    /// per change of shape).
    pub(super) fn resolve(
        &mut self,
        st: &Settings,
        n: usize,
        idx: usize,
        first_line: TextRange,
    ) -> (Shape, Alphabet) {
        let (shape, explicit) = self.resolve_box(st, n, idx);
        let alphabet = self.resolve_alphabet(st, n, idx);
        // docs/format.md#boxes: said for an assumed non-square box when the shape differs
        // from the previous puzzle's, so a file of 6x6 puzzles hears it once.
        if !explicit && !shape.is_square_box() && self.last_shape != Some(shape) {
            let f = Finding::new(
                Code::BoxShape,
                first_line,
                format!(
                    "the boxes of this {n}x{n} grid are taken to be {} rows by {} columns; write `@box {}x{}` to say so (or `@box {}x{}` for the other way round)",
                    shape.box_rows, shape.box_cols, shape.box_rows, shape.box_cols, shape.box_cols, shape.box_rows
                ),
            )
            .in_puzzle(idx);
            self.out.findings.push(f);
        }
        self.last_shape = Some(shape);
        (shape, alphabet)
    }

    /// The shape of a size-`n` puzzle: its `@box` when that fits `n`, else the default for `n`;
    /// and whether the box was declared. An `@box` that does not fit is reported once.
    fn resolve_box(&mut self, st: &Settings, n: usize, idx: usize) -> (Shape, bool) {
        let default_shape = Shape::for_size(n).unwrap_or(Shape {
            size: n,
            box_rows: 1,
            box_cols: n,
        });
        let Some(((r, c), d)) = &st.boxed else {
            return (default_shape, false);
        };
        if let Some(s) = Shape::with_box(n, *r, *c) {
            return (s, true);
        }
        self.misfit_once(d, idx, || {
            format!(
                "`@box {}` does not fit a {n}x{n} grid: its boxes hold {} cells, not {n}; the default {}x{} boxes are used",
                d.value,
                r * c,
                default_shape.box_rows,
                default_shape.box_cols
            )
        });
        (default_shape, false)
    }

    /// The alphabet of a size-`n` puzzle: its `@symbols` when they are `n` symbols, else the
    /// default. `@symbols` of another length are reported once (the rows decide a
    /// grid's size, not its alphabet: docs/format.md#how-a-grids-size-is-found).
    fn resolve_alphabet(&mut self, st: &Settings, n: usize, idx: usize) -> Alphabet {
        let default = Alphabet::default_for(n);
        let Some((syms, d)) = &st.symbols else {
            return default;
        };
        if syms.len() == n {
            return Alphabet::new(syms);
        }
        self.misfit_once(d, idx, || {
            format!(
                "`@symbols` lists {} symbols but this puzzle is {n}x{n}; the default symbols ({}) are used",
                syms.len(),
                default.symbols.iter().collect::<String>()
            )
        });
        default
    }

    /// Reports a well-formed directive that does not fit puzzle `idx`, unless it was reported
    /// before (a file-wide default that fits no puzzle is said once, not once a puzzle).
    fn misfit_once(&mut self, d: &Directive, idx: usize, message: impl FnOnce() -> String) {
        if self.reported.insert(d.range.start) {
            let f = Finding::new(Code::UnknownDirective, d.value_range, message()).in_puzzle(idx);
            self.out.findings.push(f);
        }
    }

    /// Checks the keys of directives and the form of their values (`unknown-directive`); called
    /// once for each directive, when it is given to a puzzle, to the file or to neither.
    pub(super) fn check_directives(&mut self, ds: &[Directive], puzzle: Option<usize>) {
        for d in ds {
            if let Some(mut f) = directive::form_finding(self.text, d) {
                if puzzle.is_some() {
                    f.puzzle = puzzle;
                }
                self.out.findings.push(f);
            }
        }
    }
}
