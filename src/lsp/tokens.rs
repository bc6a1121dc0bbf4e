//! Semantic tokens, so an editor without the TextMate grammar still colours a file: givens,
//! blanks, candidates, invalid cells, separators, directive keys and values, comments. The
//! reader decides what each part is (`syntax::outline`), so the colours say what it reads.

use tower_lsp_server::ls_types::{
    SemanticToken, SemanticTokenType, SemanticTokens, SemanticTokensLegend,
};

use crate::lsp::convert::Mapper;
use crate::lsp::features::Snapshot;
use crate::syntax::outline::{is_separator_line, lines, CellKind, LineClass, LineParts};
use crate::syntax::Puzzle;
use crate::text::TextRange;

/// What a token is; its position in [`TYPES`] is its number in the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Given,
    Blank,
    Candidates,
    DirectiveKey,
    DirectiveValue,
    Comment,
    Separator,
    Invalid,
}

/// The legend's token types, in [`Kind`] order: the protocol's standard types where one fits
/// (so every theme colours them), and `invalid` for a cell that is no symbol.
pub const TYPES: [&str; 8] = [
    "number",
    "variable",
    "parameter",
    "keyword",
    "string",
    "comment",
    "operator",
    "invalid",
];

/// The legend the server advertises.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.iter().map(|t| SemanticTokenType::new(t)).collect(),
        token_modifiers: Vec::new(),
    }
}

/// A full-document request covers at most this many bytes (a 50,000-puzzle collection would
/// otherwise be tens of megabytes of tokens); past it the editor's range requests colour what
/// is on screen.
pub const MAX_FULL_BYTES: usize = 1 << 20;

fn cell_kind(k: CellKind) -> Kind {
    match k {
        CellKind::Given => Kind::Given,
        CellKind::Blank => Kind::Blank,
        CellKind::Candidates => Kind::Candidates,
        CellKind::Invalid => Kind::Invalid,
    }
}

/// The tokens of the lines that meet `start..end`, sorted by position, as byte ranges.
pub fn tokens_in(snap: &Snapshot, start: usize, end: usize) -> Vec<(TextRange, Kind)> {
    let text = snap.text.as_str();
    let first_line = snap
        .index
        .line_start(snap.index.line_of(start))
        .unwrap_or(0);
    let puzzles = snap.analysis.puzzles_in(start, end);
    let mut out = Vec::new();
    let mut cells: Vec<TextRange> = Vec::new();
    for p in &puzzles {
        for (cell, range) in p.cells.iter().enumerate() {
            if let Some(k) = p.cell_kind(text, cell) {
                out.push((range, cell_kind(k)));
                cells.push(range);
            }
        }
    }
    cells.sort();
    for line in lines(text, first_line, end) {
        line_tokens(text, &line, &puzzles, &cells, &mut out);
    }
    out.retain(|(r, _)| r.end > start && r.start < end.max(start + 1));
    out.sort_by_key(|&(r, k)| (r.start, r.end, k));
    out.dedup_by(|b, a| b.0.start < a.0.end);
    out
}

/// A line's own tokens: its comment, a directive's key and value, and on a puzzle's content
/// line the separators (what is neither space nor a cell, before the comment and the trailing
/// field).
fn line_tokens(
    text: &str,
    line: &LineParts,
    puzzles: &[Puzzle],
    cells: &[TextRange],
    out: &mut Vec<(TextRange, Kind)>,
) {
    out.extend(line.comment.map(|c| (c, Kind::Comment)));
    out.extend(line.key.map(|k| (k, Kind::DirectiveKey)));
    out.extend(line.value.map(|v| (v, Kind::DirectiveValue)));
    if line.class != LineClass::Content {
        return;
    }
    let Some(p) = puzzles.iter().find(|p| p.range.touches(line.body.start)) else {
        return;
    };
    let body = text.get(line.body.as_range()).unwrap_or("");
    if is_separator_line(body) {
        out.push((line.body, Kind::Separator));
        return;
    }
    let stop = p
        .trailing
        .filter(|t| line.body.contains(t.start))
        .map_or(line.body.end, |t| t.start);
    let mut k = cells.partition_point(|c| c.end <= line.body.start);
    let mut run: Option<TextRange> = None;
    for (i, ch) in body.char_indices() {
        let at = line.body.start + i;
        if at >= stop {
            break;
        }
        while cells.get(k).is_some_and(|c| c.end <= at) {
            k += 1;
        }
        let in_cell = cells.get(k).is_some_and(|c| c.start <= at && at < c.end);
        if ch.is_whitespace() || in_cell {
            out.extend(run.take().map(|r| (r, Kind::Separator)));
        } else {
            let end = at + ch.len_utf8();
            run = Some(run.map_or(TextRange::new(at, end), |r| TextRange::new(r.start, end)));
        }
    }
    out.extend(run.map(|r| (r, Kind::Separator)));
}

/// Tokens in the protocol's relative encoding; a token that spans lines is left out.
pub fn encode(tokens: &[(TextRange, Kind)], map: &Mapper<'_>) -> SemanticTokens {
    let mut data = Vec::with_capacity(tokens.len());
    let (mut line, mut col) = (0u32, 0u32);
    for &(range, kind) in tokens {
        let a = map.position(range.start);
        let b = map.position(range.end);
        if a.line != b.line || b.character <= a.character {
            continue;
        }
        let delta_start = if a.line == line {
            a.character - col
        } else {
            a.character
        };
        data.push(SemanticToken {
            delta_line: a.line - line,
            delta_start,
            length: b.character - a.character,
            token_type: kind as u32,
            token_modifiers_bitset: 0,
        });
        (line, col) = (a.line, a.character);
    }
    SemanticTokens {
        result_id: None,
        data,
    }
}
