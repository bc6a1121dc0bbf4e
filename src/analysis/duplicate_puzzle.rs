//! `duplicate-puzzle` (warning, off by default): a puzzle equivalent to an earlier one in the
//! same run: the same givens after relabelling digits, permuting rows inside bands, bands,
//! columns inside stacks, stacks, or transposing.
//!
//! Each puzzle gets a fixed-size key, a 128-bit hash of its canonical form
//! ([`crate::transform::canonical`]), plus hashes of its givens as written and relabelled in
//! order of appearance, which name the cheap cases (an identical copy, a relabelled one). The
//! [`Registry`] keeps one entry per class of puzzles, in the order puzzles are shown to it
//! (files in path order, puzzles in file order), and turns every later member into a [`Mark`];
//! the analysis of that file reports each mark as a finding on the puzzle's first line.
//!
//! It is off by default because the canonical form costs far more than the rest of `check`
//! (docs/benchmarks.md, "Authoring").

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use rayon::prelude::*;

use crate::finding::{Code, Elsewhere, Finding, Related};
use crate::syntax::{ParsedFile, Puzzle};
use crate::transform::canonical;

/// What identifies a puzzle's class, and the puzzle within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keys {
    /// The class: a hash of the shape and the canonical form.
    pub class: u128,
    /// The givens as written.
    pub exact: u64,
    /// The givens with digits renamed in order of first appearance.
    pub relabelled: u64,
}

/// The keys of a puzzle; `None` for a pencil-mark puzzle, one with a syntax error, or one whose
/// canonical form is out of the search's reach (a completed 16x16 grid).
pub fn keys(p: &Puzzle) -> Option<Keys> {
    if p.pencil.is_some() || p.has_syntax_error {
        return None;
    }
    let form = canonical(p.shape, &p.givens)?.values;
    let hash = |salt: u8, values: &[u8]| {
        let mut h = DefaultHasher::new();
        (salt, p.shape, values).hash(&mut h);
        h.finish()
    };
    let mut names = vec![0u8; p.shape.size + 1];
    let mut next = 0;
    let relabelled: Vec<u8> = p
        .givens
        .iter()
        .map(|&v| match names.get_mut(v as usize) {
            Some(n) if v != 0 && *n == 0 => {
                next += 1;
                *n = next;
                next
            }
            Some(n) => *n,
            None => 0,
        })
        .collect();
    Some(Keys {
        class: u128::from(hash(0, &form)) << 64 | u128::from(hash(1, &form)),
        exact: hash(2, &p.givens),
        relabelled: hash(3, &relabelled),
    })
}

/// How a duplicate differs from the first of its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Identical,
    Relabelled,
    Transformed,
}

/// A puzzle that repeats an earlier one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The puzzle's index in its file.
    pub puzzle: u32,
    /// The first of its class: its file (an index into [`Marks::paths`]) and 1-based line.
    pub path: u32,
    pub line: u32,
    pub how: How,
}

/// The marks of one file, sorted by puzzle, and the paths they point at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub paths: Arc<Vec<String>>,
    pub marks: Vec<Mark>,
}

impl Marks {
    /// The mark of puzzle `index`, if it repeats an earlier one.
    pub fn get(&self, index: usize) -> Option<&Mark> {
        let i = self
            .marks
            .binary_search_by_key(&index, |m| m.puzzle as usize)
            .ok()?;
        self.marks.get(i)
    }
}

/// The first member of each class seen so far.
#[derive(Debug, Default)]
pub struct Registry {
    first: HashMap<u128, First>,
    paths: Vec<String>,
}

#[derive(Debug)]
struct First {
    exact: u64,
    relabelled: u64,
    path: u32,
    line: u32,
}

impl Registry {
    /// Starts a file: later calls to [`Registry::see`] are about puzzles of `path`.
    pub fn start_file(&mut self, path: &str) {
        self.paths.push(path.to_string());
    }

    /// Records puzzle `index` at `line` (1-based) of the current file; a mark when an earlier
    /// puzzle has the same class.
    pub fn see(&mut self, keys: &Keys, index: usize, line: u32) -> Option<Mark> {
        let path = self.paths.len().saturating_sub(1) as u32;
        match self.first.get(&keys.class) {
            Some(f) => Some(Mark {
                puzzle: index as u32,
                path: f.path,
                line: f.line,
                how: if f.exact == keys.exact {
                    How::Identical
                } else if f.relabelled == keys.relabelled {
                    How::Relabelled
                } else {
                    How::Transformed
                },
            }),
            None => {
                let first = First {
                    exact: keys.exact,
                    relabelled: keys.relabelled,
                    path,
                    line,
                };
                self.first.insert(keys.class, first);
                None
            }
        }
    }

    /// Keys and records the puzzles of a piece of the current file (all of it, or one piece of
    /// a streamed text: `text` starts at byte `base`, on 0-based line `base_line`), keying in
    /// parallel and recording in order; the marks of those that repeat an earlier puzzle.
    pub fn see_piece(
        &mut self,
        file: &ParsedFile,
        text: &str,
        base: usize,
        base_line: u32,
    ) -> Vec<Mark> {
        let keys: Vec<_> = file.puzzles.par_iter().map(keys).collect();
        let (mut line, mut at) = (base_line, 0);
        let mut marks = Vec::new();
        for (p, k) in file.puzzles.iter().zip(keys) {
            let offset = p.first_line.start.saturating_sub(base).min(text.len());
            line += text.as_bytes()[at.min(offset)..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count() as u32;
            at = offset;
            marks.extend(k.and_then(|k| self.see(&k, p.index, line + 1)));
        }
        marks
    }

    /// A file's marks, with the paths they point at (each once).
    pub fn marks(&self, mut marks: Vec<Mark>) -> Marks {
        let mut paths = Vec::new();
        let mut local: HashMap<u32, u32> = HashMap::new();
        for m in &mut marks {
            m.path = *local.entry(m.path).or_insert_with(|| {
                paths.push(self.paths.get(m.path as usize).cloned().unwrap_or_default());
                paths.len() as u32 - 1
            });
        }
        marks.sort_by_key(|m| m.puzzle);
        Marks {
            paths: Arc::new(paths),
            marks,
        }
    }
}

/// The finding for a puzzle that repeats an earlier one.
pub(crate) fn check(puzzle: &Puzzle, marks: &Marks, out: &mut Vec<Finding>) {
    let Some(mark) = marks.get(puzzle.index) else {
        return;
    };
    let path = marks
        .paths
        .get(mark.path as usize)
        .map_or("?", String::as_str);
    let how = match mark.how {
        How::Identical => "an identical copy",
        How::Relabelled => "the same givens with the digits relabelled",
        How::Transformed => {
            "relabelled, with rows, columns, bands or stacks permuted or transposed"
        }
    };
    let first = Related {
        message: "the first copy".to_string(),
        range: puzzle.first_line,
        elsewhere: Some(Elsewhere {
            path: path.into(),
            line: mark.line,
        }),
    };
    out.push(
        Finding::new(
            Code::DuplicatePuzzle,
            puzzle.first_line,
            format!(
                "this puzzle repeats the one at {path}:{} ({how})",
                mark.line
            ),
        )
        .in_puzzle(puzzle.index)
        .with_related(vec![first]),
    );
}
