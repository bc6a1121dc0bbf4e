//! The editor's analysis: what earlier analyses of a document found, kept so that an edit
//! re-analyses only the piece of the text it falls in.

use std::collections::HashMap;

use super::{analyze_parsed, sort_findings, Analysis, Outcomes};
use crate::config::Config;
use crate::syntax;

/// What earlier analyses of a document found, so that re-analysing it after an edit redoes only
/// what the edit touched: the analyses of its unchanged pieces (see
/// [`syntax::content_pieces`]), and the search outcomes of the puzzles in the pieces that must
/// be read again, keyed by shape and givens. After each analysis the cache holds the latest
/// text's pieces and the outcomes of the puzzles it had to check again, so it never grows past
/// one file's worth.
#[derive(Debug, Default)]
pub struct SolveCache {
    outcomes: Outcomes,
    pieces: HashMap<PieceKey, CachedPiece>,
    /// The configuration the cached pieces were analysed under.
    config: Option<Config>,
}

/// What decides how a piece reads: its text, the reader's state before it (with the puzzle
/// count reduced to "none yet" or "some", which is all the reader looks at), and whether it is
/// the last piece.
#[derive(Debug, PartialEq, Eq, Hash)]
struct PieceKey {
    text_hash: u64,
    len: usize,
    before: syntax::ReaderState,
    last: bool,
}

#[derive(Debug)]
struct CachedPiece {
    /// Where the piece started, and the index of its first puzzle, when it was analysed.
    start: usize,
    first_index: usize,
    analysis: Analysis,
    /// The reader's state after the piece (puzzle count as it was then).
    after: syntax::ReaderState,
}

impl SolveCache {
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }
}

/// Analyses a file's text, reusing (and refreshing) the search outcomes in `cache`.
pub fn analyze_cached(text: &str, config: &Config, cache: &mut SolveCache) -> Analysis {
    if cache.config.as_ref() != Some(config) {
        cache.pieces.clear();
        cache.config = Some(config.clone());
    }
    let ranges = syntax::content_pieces(text);
    let mut old_pieces = std::mem::take(&mut cache.pieces);
    let old_outcomes = std::mem::take(&mut cache.outcomes);
    let mut state = syntax::ReaderState::default();
    let mut out = Analysis::default();
    let last = ranges.len().saturating_sub(1);
    for (i, range) in ranges.into_iter().enumerate() {
        let first_index = state.puzzles();
        let mut before = state.clone();
        before.set_puzzles(first_index.min(1));
        let key = PieceKey {
            text_hash: text_hash(&text[range.as_range()]),
            len: range.len(),
            before,
            last: i == last,
        };
        let piece = match old_pieces.remove(&key) {
            Some(p) => p,
            None => {
                let mut after = state.clone();
                let file = syntax::parse_piece(text, range, &mut after, i == last);
                CachedPiece {
                    start: range.start,
                    first_index,
                    analysis: analyze_parsed(
                        file,
                        config,
                        Some((&old_outcomes, &mut cache.outcomes)),
                    ),
                    after,
                }
            }
        };
        // Ranges inside the piece move with it; those before it (the file's defaults) stay.
        let delta = range.start as isize - piece.start as isize;
        let index_delta = first_index as isize - piece.first_index as isize;
        let a = &piece.analysis;
        out.file.puzzles.extend(
            a.file
                .puzzles
                .iter()
                .map(|p| p.moved(piece.start, delta, index_delta)),
        );
        out.file.findings.extend(
            a.file
                .findings
                .iter()
                .map(|f| f.moved(piece.start, delta, index_delta)),
        );
        out.file.defaults = a.file.defaults.clone();
        out.reports.extend(a.reports.iter().map(|r| {
            let mut r = r.clone();
            r.index = r.index.saturating_add_signed(index_delta);
            r.first_line = r.first_line.moved_from(piece.start, delta);
            r
        }));
        out.findings.extend(
            a.findings
                .iter()
                .map(|f| f.moved(piece.start, delta, index_delta)),
        );
        state = piece.after.clone();
        state.set_puzzles(first_index + a.reports.len());
        cache.pieces.insert(key, piece);
    }
    sort_findings(&mut out.findings);
    out
}

/// A hash of a piece's text: SipHash with fixed keys, the same in every run.
fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}
