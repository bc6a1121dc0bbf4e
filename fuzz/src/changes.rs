//! The `lsp_changes` target: a document and a series of `didChange` change sets, applied with
//! the server's own function to a rope and by a small independent model to a `String`. Both must
//! give the same text; a change set one refuses the other refuses too, and a refused set leaves
//! the document as it was (all or nothing).

use arbitrary::Arbitrary;
use ropey::Rope;
use sudoku_lsp::lsp::convert::{apply_changes, rope_offset};
use sudoku_lsp::text::{ColumnUnit, LineIndex};
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

/// The structured input: the text the document opens with, the negotiated encoding, and the
/// change sets of successive `didChange` notifications.
#[derive(Arbitrary, Debug)]
pub struct Input {
    pub initial: Text,
    pub unit: Unit,
    pub sets: Vec<Vec<Change>>,
}

#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Unit {
    Utf8,
    Utf16,
    Utf32,
}

impl Unit {
    fn column_unit(self) -> ColumnUnit {
        match self {
            Unit::Utf8 => ColumnUnit::Utf8,
            Unit::Utf16 => ColumnUnit::Utf16,
            Unit::Utf32 => ColumnUnit::Utf32,
        }
    }
}

/// A text built from pieces, so that line breaks (LF, CRLF, a lone CR), characters of every
/// UTF-8 width and surrogate pairs in UTF-16 turn up far more often than in random strings.
#[derive(Arbitrary, Debug)]
pub struct Text(Vec<Bit>);

#[derive(Arbitrary, Debug)]
enum Bit {
    Any(String),
    Lf,
    CrLf,
    Cr,
    /// Two UTF-8 bytes, one UTF-16 unit.
    Two,
    /// Three UTF-8 bytes (a box-drawing character), one UTF-16 unit.
    Three,
    /// Four UTF-8 bytes, a surrogate pair in UTF-16.
    Four,
    Cells,
}

impl Text {
    pub fn build(&self) -> String {
        let mut s = String::new();
        for bit in &self.0 {
            s.push_str(match bit {
                Bit::Any(t) => t,
                Bit::Lf => "\n",
                Bit::CrLf => "\r\n",
                Bit::Cr => "\r",
                Bit::Two => "é",
                Bit::Three => "║",
                Bit::Four => "𝄞",
                Bit::Cells => "1.3|4.6",
            });
        }
        s
    }
}

/// A position, mostly near the text (small numbers), sometimes anywhere.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Pos {
    Near { line: u8, character: u8 },
    Far { line: u32, character: u32 },
}

impl Pos {
    fn position(self) -> Position {
        match self {
            Pos::Near { line, character } => Position::new(u32::from(line % 16), character.into()),
            Pos::Far { line, character } => Position::new(line, character),
        }
    }
}

#[derive(Arbitrary, Debug)]
pub enum Change {
    /// A whole-text replacement (no range).
    Whole(Text),
    /// Replace the text between two positions (in either order: an inverted range is refused).
    Range { start: Pos, end: Pos, text: Text },
}

impl Change {
    fn event(&self) -> TextDocumentContentChangeEvent {
        match self {
            Change::Whole(t) => TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: t.build(),
            },
            Change::Range { start, end, text } => TextDocumentContentChangeEvent {
                range: Some(Range::new(start.position(), end.position())),
                range_length: None,
                text: text.build(),
            },
        }
    }
}

pub fn run(input: &Input) {
    let unit = input.unit.column_unit();
    let mut model = input.initial.build();
    let mut rope = Rope::from_str(&model);
    for set in &input.sets {
        let events: Vec<_> = set.iter().map(Change::event).collect();
        // Every position of the set, as the server reads it in the text before the set.
        for e in &events {
            if let Some(r) = e.range {
                for p in [r.start, r.end] {
                    assert_eq!(
                        rope_offset(&rope, p, unit).ok(),
                        model_offset(&model, p, unit),
                        "offset of {p:?} ({unit:?}) in {model:?}"
                    );
                }
            }
        }
        let before = rope.to_string();
        let served = apply_changes(&rope, &events, unit);
        let modelled = model_apply(&model, &events, unit);
        assert_eq!(rope.to_string(), before, "apply_changes changed its input");
        match (served, modelled) {
            (Ok(next), Some(text)) => {
                assert_eq!(
                    next.to_string(),
                    text,
                    "{unit:?} changes {events:?} on {model:?}"
                );
                rope = next;
                model = text;
            }
            (Err(_), None) => {}
            (served, modelled) => panic!(
                "server {served:?}, model {modelled:?}: {unit:?} changes {events:?} on {model:?}"
            ),
        }
        assert_eq!(rope.len_bytes(), model.len());
        // The rope breaks lines where the core's line index does (LF only), so positions the
        // server reads and positions of findings agree.
        assert_eq!(rope.len_lines(), LineIndex::new(&model).line_count());
    }
}

/// The model of one change set: `None` when the set is refused.
fn model_apply(
    text: &str,
    events: &[TextDocumentContentChangeEvent],
    unit: ColumnUnit,
) -> Option<String> {
    let mut text = text.to_string();
    for e in events {
        let Some(r) = e.range else {
            text = e.text.clone();
            continue;
        };
        if (r.start.line, r.start.character) > (r.end.line, r.end.character) {
            return None;
        }
        let start = model_offset(&text, r.start, unit)?;
        let end = model_offset(&text, r.end, unit)?;
        if start > end {
            return None;
        }
        text.replace_range(start..end, &e.text);
    }
    Some(text)
}

/// The byte offset of a position, as the protocol says: lines end at LF (a CR before it belongs
/// to the terminator); a column past the line's end, or inside a character (half a surrogate
/// pair), is clamped down; the line just past the last, at column 0, is the end of the text; any
/// other line past the end is refused.
fn model_offset(text: &str, pos: Position, unit: ColumnUnit) -> Option<usize> {
    let lines: Vec<&str> = text.split('\n').collect();
    let line = pos.line as usize;
    if line >= lines.len() {
        return (line == lines.len() && pos.character == 0).then_some(text.len());
    }
    let start: usize = lines[..line].iter().map(|l| l.len() + 1).sum();
    let mut content = lines[line];
    if line + 1 < lines.len() {
        content = content.strip_suffix('\r').unwrap_or(content);
    }
    let col = pos.character as usize;
    let bytes = match unit {
        ColumnUnit::Utf8 => {
            let mut at = col.min(content.len());
            while !content.is_char_boundary(at) {
                at -= 1;
            }
            at
        }
        ColumnUnit::Utf16 => {
            let units: Vec<u16> = content.encode_utf16().collect();
            let mut at = col.min(units.len());
            // A column between the halves of a pair falls back to the pair's start.
            if at < units.len() && (0xDC00..0xE000).contains(&units[at]) {
                at -= 1;
            }
            String::from_utf16(&units[..at])
                .expect("whole characters")
                .len()
        }
        ColumnUnit::Utf32 => content.chars().take(col).map(char::len_utf8).sum(),
    };
    Some(start + bytes)
}
