//! A document's outline: one symbol per puzzle (its title or first line, its size, its level
//! when already rated: the outline never rates), and folding ranges for each grid and each
//! header paragraph (a run of comment and directive lines).

use tower_lsp_server::ls_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};

use crate::analysis::tutor::{Glance, Known};
use crate::lsp::convert::Mapper;
use crate::lsp::features::Snapshot;
use crate::lsp::tutor::Tutor;
use crate::syntax::outline::{lines, LineClass};
use crate::syntax::Puzzle;
use crate::text::TextRange;

/// The longest symbol name taken from a puzzle's first line, in characters.
const NAME_CHARS: usize = 60;

/// A puzzle's name in the outline: its `@title`, else its id (a table's `id` column, a bank
/// line's id, `@id`), else its first line (cut to [`NAME_CHARS`]), else `Puzzle N`.
fn name(snap: &Snapshot, p: &Puzzle) -> String {
    if let Some(title) = p.directives.get("title").filter(|t| !t.value.is_empty()) {
        return title.value.clone();
    }
    if let Some(id) = p.id() {
        return id.to_string();
    }
    let line = snap.text.get(p.first_line.as_range()).unwrap_or("").trim();
    match line.char_indices().nth(NAME_CHARS) {
        _ if line.is_empty() => format!("Puzzle {}", p.index + 1),
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

/// The lines a puzzle is written on: its range, and a pencil-mark grid's frames too.
fn span(p: &Puzzle) -> TextRange {
    let frames = p.pencil.as_deref().and_then(|pm| {
        let (first, last) = (pm.lines.first()?, pm.lines.last()?);
        Some((first.body().start, last.body().end))
    });
    match frames {
        Some((a, b)) => TextRange::new(a.min(p.range.start), b.max(p.range.end)),
        None => p.range,
    }
}

/// One symbol per puzzle, in text order.
pub fn symbols(snap: &Snapshot, tutor: &Tutor, map: &Mapper<'_>) -> Vec<DocumentSymbol> {
    snap.analysis
        .puzzles_in(0, usize::MAX)
        .iter()
        .map(|p| {
            let mut detail = format!("{}x{}", p.shape.size, p.shape.size);
            if let Known::Is(Some(Glance::Rated(d))) = tutor.known_glance(snap, p) {
                detail.push_str(&format!(" \u{b7} {}", d.level));
            }
            #[allow(deprecated)]
            DocumentSymbol {
                name: name(snap, p),
                detail: Some(detail),
                kind: SymbolKind::STRUCT,
                tags: None,
                deprecated: None,
                range: map.range(span(p)),
                selection_range: map.range(p.first_line),
                children: None,
            }
        })
        .collect()
}

/// A fold from line `start` to line `end`, when they differ.
fn fold(start: usize, end: usize, kind: Option<FoldingRangeKind>) -> Option<FoldingRange> {
    (end > start).then_some(FoldingRange {
        start_line: start as u32,
        start_character: None,
        end_line: end as u32,
        end_character: None,
        kind,
        collapsed_text: None,
    })
}

/// The folding ranges: every header paragraph (two or more comment and directive lines in a
/// row; a comment fold when all are comments), then every grid of two or more lines.
pub fn folding_ranges(snap: &Snapshot) -> Vec<FoldingRange> {
    let mut out = Vec::new();
    // The open run: its first line, its last line, whether all its lines are comments.
    let mut run: Option<(usize, usize, bool)> = None;
    let close = |run: Option<(usize, usize, bool)>, out: &mut Vec<FoldingRange>| {
        if let Some((a, b, comments)) = run {
            let kind = comments.then_some(FoldingRangeKind::Comment);
            out.extend(fold(a, b, kind));
        }
    };
    for (n, line) in lines(&snap.text, 0, snap.text.len()).enumerate() {
        let comment = line.class == LineClass::Comment;
        if comment || line.class == LineClass::Directive {
            run = Some(match run {
                Some((a, _, all)) => (a, n, all && comment),
                None => (n, n, comment),
            });
        } else {
            close(run.take(), &mut out);
        }
    }
    close(run, &mut out);
    for p in snap.analysis.puzzles_in(0, usize::MAX) {
        let span = span(&p);
        let start = snap.index.line_of(span.start);
        let end = snap
            .index
            .line_of(span.end.saturating_sub(1).max(span.start));
        out.extend(fold(start, end, Some(FoldingRangeKind::Region)));
    }
    out.sort_by_key(|f| (f.start_line, f.end_line));
    out
}
