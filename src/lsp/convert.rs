//! The one place where byte offsets meet protocol positions, and where core data (findings,
//! edits, hover text, actions) becomes protocol types. Every incoming position is clamped.

use std::borrow::Borrow;
use std::cell::Cell;
use std::collections::HashMap;

use ropey::Rope;
use serde_json::json;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity,
    DocumentChanges, Hover, HoverContents, InitializeParams, Location, MarkupContent, MarkupKind,
    NumberOrString, OneOf, OptionalVersionedTextDocumentIdentifier, Position, PositionEncodingKind,
    Range, TextDocumentContentChangeEvent, TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

use crate::finding::{Edit, Finding, Severity};
use crate::text::{ColumnUnit, Cursor, LineCol, LineIndex};

/// The source every diagnostic carries.
pub const SOURCE: &str = "sudoku";

/// Picks the position encoding: UTF-8 when the client offers it (Neovim does), else UTF-16, the
/// protocol's mandatory default (VS Code).
pub fn negotiate_encoding(params: &InitializeParams) -> ColumnUnit {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    match offered {
        Some(list) if list.contains(&PositionEncodingKind::UTF8) => ColumnUnit::Utf8,
        _ => ColumnUnit::Utf16,
    }
}

/// The protocol name of a column unit.
pub fn encoding_kind(unit: ColumnUnit) -> PositionEncodingKind {
    match unit {
        ColumnUnit::Utf8 => PositionEncodingKind::UTF8,
        ColumnUnit::Utf16 => PositionEncodingKind::UTF16,
        ColumnUnit::Utf32 => PositionEncodingKind::UTF32,
    }
}

/// A position in a rope that could not be honoured exactly.
#[derive(Debug, PartialEq, Eq)]
pub struct LinePastEnd {
    /// The line asked for.
    pub line: u32,
    /// How many lines the text has.
    pub lines: usize,
}

/// The byte offset of `pos` in `rope`. A column past the end of its line (or inside a surrogate
/// pair) is clamped, as the protocol asks; a line past the end of the text is refused, except the
/// line just after the last one at column 0, which some clients use to mean "the end".
pub fn rope_offset(rope: &Rope, pos: Position, unit: ColumnUnit) -> Result<usize, LinePastEnd> {
    let lines = rope.len_lines();
    let line = pos.line as usize;
    if line >= lines {
        return if line == lines && pos.character == 0 {
            Ok(rope.len_bytes())
        } else {
            Err(LinePastEnd {
                line: pos.line,
                lines,
            })
        };
    }
    let start = rope.try_line_to_byte(line).map_err(|_| LinePastEnd {
        line: pos.line,
        lines,
    })?;
    let mut chars = rope.line(line).chars().peekable();
    // The terminator is not part of the line's content: `\n`, and a `\r` right before it.
    let content = std::iter::from_fn(|| match chars.next()? {
        '\n' => None,
        '\r' if chars.peek() == Some(&'\n') => None,
        ch => Some(ch),
    });
    Ok(start + unit.prefix_len(content, pos.character as usize))
}

/// Applies one `didChange` change set to a copy of `rope`: all of it, or none of it (the error
/// says why). Each change's range refers to the text left by the changes before it.
pub fn apply_changes(
    rope: &Rope,
    changes: &[TextDocumentContentChangeEvent],
    unit: ColumnUnit,
) -> Result<Rope, String> {
    let mut next = rope.clone();
    for (i, change) in changes.iter().enumerate() {
        let Some(range) = change.range else {
            next = Rope::from_str(&change.text);
            continue;
        };
        if range.start > range.end {
            return Err(format!(
                "change {i} has an inverted range {}:{}..{}:{}",
                range.start.line, range.start.character, range.end.line, range.end.character
            ));
        }
        let start = rope_offset(&next, range.start, unit)
            .map_err(|e| format!("change {i} starts on line {} of {}", e.line, e.lines))?;
        let end = rope_offset(&next, range.end, unit)
            .map_err(|e| format!("change {i} ends on line {} of {}", e.line, e.lines))?;
        // Clamping a column can still invert a range that was ordered (`3:9..4:0` with line 3
        // shorter than 9 columns stays ordered; only bad input reaches this).
        if start > end {
            return Err(format!("change {i} has an inverted range after clamping"));
        }
        let (Ok(cs), Ok(ce)) = (next.try_byte_to_char(start), next.try_byte_to_char(end)) else {
            return Err(format!("change {i} is outside the text"));
        };
        next.try_remove(cs..ce)
            .map_err(|e| format!("change {i}: {e}"))?;
        next.try_insert(cs, &change.text)
            .map_err(|e| format!("change {i}: {e}"))?;
    }
    Ok(next)
}

/// Converts byte offsets of one text into protocol positions, and back. Offsets go through a
/// [`Cursor`], so offsets converted in increasing order on the same line reuse the previous
/// answer: a thousand findings on a 2 MB single line cost one pass over it, not a thousand.
pub struct Mapper<'a> {
    /// The text positions refer to.
    text: &'a str,
    /// Its lines.
    index: &'a LineIndex,
    /// In a `Cell` so that a shared `&Mapper` can be handed to every conversion.
    cursor: Cell<Cursor>,
}

impl<'a> Mapper<'a> {
    /// A mapper for `text`, whose line index is `index`, in the negotiated `unit`.
    pub fn new(text: &'a str, index: &'a LineIndex, unit: ColumnUnit) -> Self {
        Mapper {
            text,
            index,
            cursor: Cell::new(Cursor::new(unit)),
        }
    }

    /// The unit columns are counted in.
    pub fn unit(&self) -> ColumnUnit {
        self.cursor.get().unit()
    }

    /// The protocol position of byte `offset`, clamped into the text.
    pub fn position(&self, offset: usize) -> Position {
        let mut cursor = self.cursor.get();
        let pos = cursor.line_col(self.text, self.index, offset);
        self.cursor.set(cursor);
        Position::new(pos.line, pos.col)
    }

    /// Both ends of a byte range as a protocol range.
    pub fn range(&self, range: crate::text::TextRange) -> Range {
        Range::new(self.position(range.start), self.position(range.end))
    }

    /// The byte range between two positions of this text, in order, clamped to it.
    pub fn text_range(&self, range: Range) -> crate::text::TextRange {
        let (a, b) = (self.offset(range.start), self.offset(range.end));
        crate::text::TextRange::new(a.min(b), a.max(b))
    }

    /// The byte offset of a position in this text, clamped to it.
    pub fn offset(&self, pos: Position) -> usize {
        self.index.offset(
            self.text,
            LineCol {
                line: pos.line,
                col: pos.character,
            },
            self.unit(),
        )
    }
}

fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// One finding as a diagnostic: code, severity, source, related cells.
pub fn diagnostic(finding: &Finding, map: &Mapper<'_>, uri: &Uri) -> Diagnostic {
    let related: Vec<DiagnosticRelatedInformation> = finding
        .related
        .iter()
        .filter_map(|r| {
            let location = match &r.elsewhere {
                Some(e) => {
                    let at = Position::new(e.line.saturating_sub(1), 0);
                    Location::new(Uri::from_file_path(&*e.path)?, Range::new(at, at))
                }
                None => Location::new(uri.clone(), map.range(r.range)),
            };
            Some(DiagnosticRelatedInformation {
                location,
                message: r.message.clone(),
            })
        })
        .collect();
    // Convert the related ranges after the main one so the mapper walks forward in the usual
    // case (related cells follow the finding's cell).
    let range = map.range(finding.range);
    Diagnostic {
        range,
        severity: Some(severity(finding.severity)),
        code: Some(NumberOrString::String(finding.code.as_str().to_string())),
        source: Some(SOURCE.to_string()),
        message: finding.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        data: finding.puzzle.map(|p| json!({ "puzzle": p })),
        ..Diagnostic::default()
    }
}

/// The diagnostics of a file: at most `cap` findings (0: no cap), then one information
/// diagnostic saying how many were left out, placed on the first one left out.
pub fn diagnostics<F: Borrow<Finding>>(
    findings: impl ExactSizeIterator<Item = F>,
    map: &Mapper<'_>,
    uri: &Uri,
    cap: usize,
) -> Vec<Diagnostic> {
    let total = findings.len();
    let shown = if cap == 0 { total } else { cap.min(total) };
    let mut findings = findings;
    let mut out: Vec<Diagnostic> = findings
        .by_ref()
        .take(shown)
        .map(|f| diagnostic(f.borrow(), map, uri))
        .collect();
    if let Some(first_hidden) = findings.next() {
        let more = total - shown;
        out.push(Diagnostic {
            range: map.range(first_hidden.borrow().range),
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some(SOURCE.to_string()),
            message: format!(
                "{more} more problem{} not shown (the limit is {cap}, setting `maxDiagnostics`)",
                if more == 1 { "" } else { "s" }
            ),
            ..Diagnostic::default()
        });
    }
    out
}

/// Edits as protocol text edits, in the negotiated position encoding.
pub fn text_edits(edits: &[Edit], map: &Mapper<'_>) -> Vec<TextEdit> {
    edits
        .iter()
        .map(|e| TextEdit::new(map.range(e.range), e.new_text.clone()))
        .collect()
}

/// Edits on one document version as a workspace edit. With `versioned` (the client supports
/// `documentChanges`) the edit names the version it was made for, so the client refuses it on
/// any other version.
pub fn workspace_edit(
    uri: &Uri,
    version: i32,
    edits: &[Edit],
    map: &Mapper<'_>,
    versioned: bool,
) -> WorkspaceEdit {
    let text_edits = text_edits(edits, map);
    if versioned {
        WorkspaceEdit {
            document_changes: Some(DocumentChanges::Edits(vec![TextDocumentEdit {
                text_document: OptionalVersionedTextDocumentIdentifier {
                    uri: uri.clone(),
                    version: Some(version),
                },
                edits: text_edits.into_iter().map(OneOf::Left).collect(),
            }])),
            ..WorkspaceEdit::default()
        }
    } else {
        WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), text_edits)])),
            ..WorkspaceEdit::default()
        }
    }
}

/// The code action kind of the action that applies every safe fix of a document: the
/// protocol's `source.fixAll`, narrowed to this server so an editor can run it alone on save.
pub const FIX_ALL_KIND: &str = "source.fixAll.sudoku";

/// A code action the server offers, before conversion.
#[derive(Clone, Debug)]
pub struct Action {
    pub title: String,
    pub kind: ActionKind,
    pub edits: Vec<Edit>,
    /// The findings this action fixes (for a quick fix), sent as its diagnostics.
    pub fixes: Vec<Finding>,
    /// Whether the editor may apply it as the one obvious fix (a safe fix of a finding).
    pub preferred: bool,
}

/// What sort of action an [`Action`] is; the protocol's code action kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// A fix of one or more findings (`quickfix`).
    QuickFix,
    /// An assist that resolves no finding, such as filling in (`refactor.rewrite`).
    Rewrite,
    /// Every safe fix of the document at once ([`FIX_ALL_KIND`]).
    FixAll,
}

impl ActionKind {
    /// The protocol's name for the kind.
    pub fn kind(self) -> CodeActionKind {
        match self {
            ActionKind::QuickFix => CodeActionKind::QUICKFIX,
            ActionKind::Rewrite => CodeActionKind::REFACTOR_REWRITE,
            ActionKind::FixAll => CodeActionKind::new(FIX_ALL_KIND),
        }
    }
}

/// An action as a protocol code action, its edit made for document `version` (see
/// [`workspace_edit`]).
pub fn code_action(
    action: &Action,
    uri: &Uri,
    version: i32,
    map: &Mapper<'_>,
    versioned: bool,
) -> CodeAction {
    let diagnostics: Vec<Diagnostic> = action
        .fixes
        .iter()
        .map(|f| diagnostic(f, map, uri))
        .collect();
    CodeAction {
        title: action.title.clone(),
        kind: Some(action.kind.kind()),
        diagnostics: (!diagnostics.is_empty()).then_some(diagnostics),
        edit: Some(workspace_edit(uri, version, &action.edits, map, versioned)),
        is_preferred: action.preferred.then_some(true),
        ..CodeAction::default()
    }
}

/// Hover text over a byte range.
pub fn hover(
    text: String,
    range: crate::text::TextRange,
    map: &Mapper<'_>,
    markdown: bool,
) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: if markdown {
                MarkupKind::Markdown
            } else {
                MarkupKind::PlainText
            },
            value: text,
        }),
        range: Some(map.range(range)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::TextRange;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn rope_offsets_clamp_columns_and_refuse_far_lines() {
        let text = "a═b\r\n𝄞c\nend";
        let rope = Rope::from_str(text);
        let u16 = ColumnUnit::Utf16;
        assert_eq!(
            rope_offset(&rope, pos(0, 2), u16),
            Ok(text.find('b').unwrap())
        );
        assert_eq!(
            rope_offset(&rope, pos(0, 99), u16),
            Ok(text.find('\r').unwrap())
        );
        // Half a surrogate pair lands on the character's start.
        assert_eq!(
            rope_offset(&rope, pos(1, 1), u16),
            Ok(text.find('𝄞').unwrap())
        );
        assert_eq!(
            rope_offset(&rope, pos(1, 2), u16),
            Ok(text.find('c').unwrap())
        );
        assert_eq!(
            rope_offset(&rope, pos(1, 4), ColumnUnit::Utf8),
            Ok(text.find('c').unwrap())
        );
        assert_eq!(rope_offset(&rope, pos(3, 0), u16), Ok(text.len()));
        assert!(rope_offset(&rope, pos(3, 1), u16).is_err());
        assert!(rope_offset(&rope, pos(9, 0), u16).is_err());
        // Incoming positions agree with the core's line index.
        let index = LineIndex::new(text);
        let map = Mapper::new(text, &index, u16);
        for (l, c) in [(0, 0), (0, 1), (0, 3), (1, 1), (1, 3), (2, 2), (2, 9)] {
            assert_eq!(
                rope_offset(&rope, pos(l, c), u16).unwrap(),
                map.offset(pos(l, c))
            );
        }
    }

    #[test]
    fn change_sets_apply_whole_or_not_at_all() {
        let rope = Rope::from_str("12.\n.5.\n");
        let change = |r: Option<(u32, u32, u32, u32)>, t: &str| TextDocumentContentChangeEvent {
            range: r.map(|(a, b, c, d)| Range::new(pos(a, b), pos(c, d))),
            range_length: None,
            text: t.to_string(),
        };
        let ok = apply_changes(
            &rope,
            &[
                change(Some((0, 2, 0, 3)), "3"),
                change(Some((1, 0, 1, 1)), "4"),
            ],
            ColumnUnit::Utf16,
        )
        .unwrap();
        assert_eq!(ok.to_string(), "123\n45.\n");
        let bad = apply_changes(
            &rope,
            &[
                change(Some((0, 2, 0, 3)), "3"),
                change(Some((1, 2, 0, 0)), "x"),
            ],
            ColumnUnit::Utf16,
        );
        assert!(bad.is_err());
        assert!(
            apply_changes(&rope, &[change(Some((7, 0, 7, 0)), "x")], ColumnUnit::Utf16).is_err()
        );
        let full = apply_changes(&rope, &[change(None, "new")], ColumnUnit::Utf16).unwrap();
        assert_eq!(full.to_string(), "new");
    }

    #[test]
    fn mapper_walks_forward_on_long_lines() {
        let text = "║1│2║𝄞3\nx";
        let index = LineIndex::new(text);
        let map = Mapper::new(text, &index, ColumnUnit::Utf16);
        let three = text.find('3').unwrap();
        let two = text.find('2').unwrap();
        assert_eq!(map.position(two), pos(0, 3));
        assert_eq!(map.position(three), pos(0, 7));
        assert_eq!(map.position(two), pos(0, 3));
        assert_eq!(
            map.range(TextRange::new(text.len() - 1, text.len())),
            Range::new(pos(1, 0), pos(1, 1))
        );
        let map8 = Mapper::new(text, &index, ColumnUnit::Utf8);
        assert_eq!(map8.position(three), pos(0, three as u32));
    }
}
