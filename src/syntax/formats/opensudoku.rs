//! OpenSudoku `.opensudoku`: XML, read with a real XML parser (roxmltree).
//!
//! - Version 1 (`<opensudoku>` without `version`): metadata elements (`name`, `author`,
//!   `description`, `comment`, `created`, `source`, `level`, `sourceURL`) for the games that
//!   follow, and `<game data="..."/>` elements.
//! - Version 2 (`<opensudoku version="2">`): `<folder name created>` elements holding
//!   `<game created state time last_played data note command_stack/>` elements.
//!
//! A game's `data` is 81 digits (`0` blank), or a cell collection: `version: 3`, a line break,
//! then `value|notes|editable|` for each cell, `notes` the candidates as a number (bit `d - 1`
//! for digit `d`), `editable` `0` for a given and `1` for a cell the player fills (a digit there
//! was placed after the start). Versions 1 and 2 of the cell collection (notes as `1,2,3,` or
//! `-`; an extra `|`) read too.
//!
//! Each cell's range is its value's characters in the raw attribute value, entities counted as
//! written (`&#10;` is five bytes of the source for one character of the value).

use super::build::{self, cell_error, CellIn, Made, N};
use super::{is_our_level, meta_directive, reader};
use crate::finding::{Code, Finding};
use crate::grid::bit;
use crate::syntax::{Directive, Layout, ParsedFile};
use crate::text::TextRange;

/// Whether a text's first element is `<opensudoku`: past an XML declaration, comments and
/// white space.
pub(super) fn looks_like_opensudoku(text: &str) -> bool {
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    for _ in 0..64 {
        if let Some(r) = rest.strip_prefix("<?") {
            let Some(end) = r.find("?>") else {
                return false;
            };
            rest = r[end + 2..].trim_start();
        } else if let Some(r) = rest.strip_prefix("<!--") {
            let Some(end) = r.find("-->") else {
                return false;
            };
            rest = r[end + 3..].trim_start();
        } else {
            break;
        }
    }
    rest.strip_prefix("<opensudoku")
        .is_some_and(|r| r.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/'))
}

/// An attribute value as written (`raw`, starting at byte `at` of the source) decoded, each
/// character with the range of the source bytes that wrote it: an entity's whole `&...;`, a
/// literal line break or tab (which XML reads as a space) its own byte.
pub(super) fn decode_value(raw: &str, at: usize) -> Vec<(char, TextRange)> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let rest = &raw[i..];
        let Some(ch) = rest.chars().next() else { break };
        if ch == '&' {
            if let Some(end) = rest.find(';') {
                if let Some(c) = entity(&rest[1..end]) {
                    out.push((c, TextRange::new(at + i, at + i + end + 1)));
                    i += end + 1;
                    continue;
                }
            }
        }
        let shown = if matches!(ch, '\n' | '\r' | '\t') {
            ' '
        } else {
            ch
        };
        out.push((shown, TextRange::new(at + i, at + i + ch.len_utf8())));
        i += ch.len_utf8();
    }
    out
}

/// The character an entity's name (between `&` and `;`) stands for.
fn entity(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

/// Reads an OpenSudoku file: every game a puzzle.
pub(super) fn parse(text: &str) -> ParsedFile {
    let mut r = reader(text);
    let doc = match roxmltree::Document::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            let pos = e.pos();
            let at = offset_of(text, pos.row, pos.col);
            let f = Finding::new(
                Code::UnrecognizedLine,
                line_at(text, at),
                format!(
                    "this OpenSudoku file is no well-formed XML, so none of its games is read: {e}"
                ),
            );
            return ParsedFile {
                findings: vec![f],
                ..ParsedFile::default()
            };
        }
    };
    let root = doc.root_element();
    if root.tag_name().name() != "opensudoku" {
        let f = Finding::new(
            Code::NotAPuzzleFile,
            TextRange::empty(0),
            format!(
                "this is not a puzzle file: it looks like an XML document (root element <{}>), not OpenSudoku",
                root.tag_name().name()
            ),
        );
        return ParsedFile {
            findings: vec![f],
            ..ParsedFile::default()
        };
    }
    // Version 1's metadata elements, for every game after them; a folder's name and date, for
    // its games.
    let mut file_meta: Vec<Directive> = Vec::new();
    for node in root.children().filter(|n| n.is_element()) {
        match node.tag_name().name() {
            "game" => game(&mut r, text, node, &file_meta),
            "folder" => {
                let mut folder = file_meta.clone();
                for (attr, key) in [("name", "folder"), ("created", "folder_created")] {
                    if let Some(a) = node.attributes().find(|a| a.name() == attr) {
                        folder.push(meta_directive(key, a.value(), to_range(a.range())));
                    }
                }
                for g in node.children().filter(|n| n.has_tag_name("game")) {
                    game(&mut r, text, g, &folder);
                }
            }
            name => {
                let value = node.text().unwrap_or("").trim();
                if value.is_empty() {
                    continue;
                }
                file_meta.push(element_directive(name, value, to_range(node.range())));
            }
        }
    }
    r.done()
}

/// The directive a version 1 metadata element becomes.
fn element_directive(name: &str, value: &str, range: TextRange) -> Directive {
    let key = match name {
        "author" => "author",
        "source" => "source",
        "sourceURL" => "url",
        "level" if is_our_level(value) => "level",
        _ => return meta_directive(name, &one_line(value), range),
    };
    Directive {
        key: key.to_string(),
        value: one_line(value),
        range,
        value_range: range,
    }
}

/// A value on one line: `.sudoku` directives end at the line's end.
fn one_line(value: &str) -> String {
    value.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn to_range(r: std::ops::Range<usize>) -> TextRange {
    TextRange::new(r.start, r.end)
}

/// Reads one `<game>`: its `data`, its other attributes as `@meta`.
fn game(
    r: &mut super::Reader<'_>,
    text: &str,
    node: roxmltree::Node<'_, '_>,
    inherited: &[Directive],
) {
    let mut own: Vec<Directive> = inherited.to_vec();
    let mut data = None;
    for a in node.attributes() {
        if a.name() == "data" {
            data = Some(a);
        } else if !a.value().trim().is_empty() {
            own.push(meta_directive(
                a.name(),
                &one_line(a.value()),
                to_range(a.range()),
            ));
        }
    }
    let Some(data) = data else {
        let f = Finding::new(
            Code::UnrecognizedLine,
            line_at(text, node.range().start),
            "this <game> has no data attribute: no puzzle is read from it".to_string(),
        );
        r.out.findings.push(f);
        return;
    };
    let vr = data.range_value();
    let value_range = to_range(vr.clone());
    let chars = decode_value(&text[vr.clone()], vr.start);
    let mut errors = Vec::new();
    let (cells, pencil) = match cells_of(&chars) {
        Ok(read) => read,
        Err(why) => {
            let f = Finding::new(
                Code::UnrecognizedLine,
                value_range,
                format!("this game's data is no OpenSudoku cell data: {why}"),
            );
            r.out.findings.push(f);
            return;
        }
    };
    let mut cells = cells;
    if cells.len() != N * N {
        errors.push(cell_error(
            Code::RowCount,
            value_range,
            format!("this game's data holds {} cells; it needs 81", cells.len()),
        ));
        cells.truncate(N * N);
    }
    let made = Made {
        layout: Layout::OneLiner,
        first_line: value_range,
        range: value_range,
        pencil,
        lines: Vec::new(),
    };
    build::push(r, &cells, made, own, errors);
}

/// The cells of a game's decoded data, and whether they make a pencil-mark state.
fn cells_of(chars: &[(char, TextRange)]) -> Result<(Vec<CellIn>, bool), String> {
    let s: String = chars.iter().map(|c| c.0).collect();
    let trimmed = s.trim();
    if !trimmed.starts_with("version:") {
        // Plain: one digit a cell.
        let mut cells = Vec::new();
        for &(ch, range) in chars.iter().filter(|c| !c.0.is_whitespace()) {
            let value = ch
                .to_digit(10)
                .ok_or_else(|| format!("`{ch}` is no digit (81 digits, `0` blank)"))?;
            cells.push(CellIn {
                range,
                value: value as u8,
                ..CellIn::default()
            });
        }
        return Ok((cells, false));
    }
    // `version: K` then white space, then `value|notes|editable|` groups.
    let lead = s.len() - s.trim_start().len();
    let after_colon = lead + "version:".len();
    let num_start = after_colon + s[after_colon..].len() - s[after_colon..].trim_start().len();
    let num_len = s[num_start..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(s.len() - num_start);
    let version: u32 = s[num_start..num_start + num_len]
        .parse()
        .map_err(|_| "`version:` is not followed by a number".to_string())?;
    if !(1..=3).contains(&version) {
        return Err(format!(
            "cell data version {version} is not read (versions 1 to 3 are)"
        ));
    }
    // The fields between `|`, by character index, empty ones dropped (version 2 writes `||`).
    let body_start = s[..num_start + num_len].chars().count();
    let mut fields: Vec<(String, Vec<TextRange>)> = Vec::new();
    let mut cur = (String::new(), Vec::new());
    for &(ch, range) in &chars[body_start..] {
        if ch == '|' {
            if !cur.0.trim().is_empty() {
                fields.push(std::mem::take(&mut cur));
            }
            cur = (String::new(), Vec::new());
        } else if !ch.is_whitespace() {
            cur.0.push(ch);
            cur.1.push(range);
        }
    }
    if !cur.0.trim().is_empty() {
        return Err(format!("`{}` is left after the last `|`", cur.0));
    }
    let mut cells = Vec::new();
    let mut pencil = false;
    for (i, g) in fields.chunks(3).enumerate() {
        let [(value, vr), (notes, _), (editable, _)] = g else {
            return Err(format!(
                "cell {} has {} fields; it needs value|notes|editable|",
                i + 1,
                g.len()
            ));
        };
        let v = match value.as_str() {
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => d.as_bytes()[0] - b'0',
            _ => return Err(format!("cell {}: `{value}` is no digit", i + 1)),
        };
        let marks = notes_mask(notes, version)
            .ok_or_else(|| format!("cell {}: `{notes}` are no notes", i + 1))?;
        let placed = match editable.as_str() {
            "0" => false,
            "1" => v != 0,
            _ => {
                return Err(format!(
                    "cell {}: `{editable}` is no editable flag (0 or 1)",
                    i + 1
                ))
            }
        };
        pencil |= placed || (v == 0 && marks != 0);
        cells.push(CellIn {
            range: vr.first().copied().unwrap_or_default(),
            value: v,
            placed,
            marks: (v == 0 && marks != 0).then_some(marks),
        });
    }
    Ok((cells, pencil))
}

/// A cell's notes as a mask: a number (bit `d - 1` for digit `d`), or in version 1 a list
/// `1,2,3,` or `-`.
fn notes_mask(notes: &str, version: u32) -> Option<crate::grid::Mask> {
    if version == 1 {
        if notes == "-" {
            return Some(0);
        }
        return notes
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|d| {
                d.parse::<u8>()
                    .ok()
                    .filter(|d| (1..=9).contains(d))
                    .map(bit)
            })
            .try_fold(0, |m, b| b.map(|b| m | b));
    }
    let n: u32 = notes.parse().ok()?;
    (n < 512).then_some(n)
}

/// The byte offset of a 1-based row and column (in characters).
fn offset_of(text: &str, row: u32, col: u32) -> usize {
    let mut at = 0;
    for _ in 1..row {
        match text[at..].find('\n') {
            Some(i) => at += i + 1,
            None => return text.len(),
        }
    }
    let line = &text[at..];
    at + line
        .char_indices()
        .nth(col.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i)
}

/// The line holding offset `at`, without its terminator.
fn line_at(text: &str, at: usize) -> TextRange {
    let at = crate::text::floor_char_boundary(text, at.min(text.len()));
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let end = if end > start && text.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    };
    TextRange::new(start, end)
}
