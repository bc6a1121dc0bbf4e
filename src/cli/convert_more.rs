//! The `convert` targets that hold pencil-mark states: Simple Sudoku `.ss`, SudoCue `.sdx`,
//! OpenSudoku XML and HoDoKu library lines (docs/formats.md#convert). Each writes the givens,
//! the digits placed after the start and the candidates a state has, and names what else would
//! be lost.

use super::convert::{classic, field_losses, Item};
use crate::grid::{bit, full_mask, Mask};
use crate::syntax::formats::HODOKU_FIELDS;
use crate::syntax::Puzzle;

/// A 9x9 puzzle's state: each cell's digit (0 open), whether it was placed after the start, and
/// the candidates of each open cell as the state has them (`None`: no marks, every candidate).
struct State {
    values: Vec<u8>,
    placed: Vec<bool>,
    marks: Vec<Option<Mask>>,
}

/// The state of `p`: a plain puzzle has no marks.
fn state(p: &Puzzle) -> State {
    let full = full_mask(9);
    let pm = p.pencil.as_deref();
    State {
        values: p.givens.clone(),
        placed: (0..81)
            .map(|c| pm.is_some_and(|pm| pm.is_placed(c)))
            .collect(),
        marks: (0..81)
            .map(|c| {
                pm.and_then(|pm| pm.candidates.get(c).copied())
                    .filter(|&m| m != full && p.givens[c] == 0)
            })
            .collect(),
    }
}

/// The candidates the givens and placed digits leave each cell.
fn allowed(p: &Puzzle) -> Vec<Mask> {
    p.grid().candidates()
}

/// The candidates removed from each open cell beyond those its solved peers exclude.
fn removed(p: &Puzzle, st: &State) -> Vec<Mask> {
    let allowed = allowed(p);
    (0..81)
        .map(|c| match st.marks[c] {
            Some(m) if st.values[c] == 0 => allowed[c] & !m,
            _ => 0,
        })
        .collect()
}

/// `.ss`: one puzzle a file: the boxed grid of givens, then (for a state) a blank line, an
/// `Idrc` line for each placed digit and an `Edrc...` line for each digit and row whose
/// candidates were removed.
pub(super) fn write_ss(items: &[Item<'_>]) -> (Vec<String>, Vec<String>) {
    let mut outs = Vec::new();
    let mut lost = Vec::new();
    for item in items {
        if !classic(item, &mut lost) {
            continue;
        }
        field_losses(item, &[], &mut lost);
        let p = item.puzzle;
        let st = state(p);
        let mut out = String::from("*-----------*\n");
        for r in 0..9 {
            if r == 3 || r == 6 {
                out += "|---+---+---|\n";
            }
            out.push('|');
            for c in 0..9 {
                let i = r * 9 + c;
                out.push(match (st.values[i], st.placed[i]) {
                    (0, _) | (_, true) => '.',
                    (v, false) => char::from(b'0' + v),
                });
                if c % 3 == 2 {
                    out.push('|');
                }
            }
            out.push('\n');
        }
        out += "*-----------*\n";
        let mut steps = String::new();
        for i in (0..81).filter(|&i| st.placed[i] && st.values[i] != 0) {
            steps += &format!("I{}{}{}\n", st.values[i], i / 9 + 1, i % 9 + 1);
        }
        let gone = removed(p, &st);
        for d in 1..=9u8 {
            for r in 0..9 {
                let cols: String = (0..9)
                    .filter(|&c| gone[r * 9 + c] & bit(d) != 0)
                    .map(|c| char::from(b'1' + c as u8))
                    .collect();
                if !cols.is_empty() {
                    steps += &format!("E{d}{}{cols}\n", r + 1);
                }
            }
        }
        if !steps.is_empty() {
            out.push('\n');
            out += &steps;
        }
        outs.push(out);
    }
    (outs, lost)
}

/// `.sdx`: one puzzle a file: nine rows of nine tokens, a given's digit, `u` and a placed digit,
/// or an open cell's candidates.
pub(super) fn write_sdx(items: &[Item<'_>]) -> (Vec<String>, Vec<String>) {
    let mut outs = Vec::new();
    let mut lost = Vec::new();
    for item in items {
        if !classic(item, &mut lost) {
            continue;
        }
        field_losses(item, &[], &mut lost);
        let p = item.puzzle;
        let st = state(p);
        let allowed = allowed(p);
        let mut out = String::new();
        for r in 0..9 {
            let row: Vec<String> = (0..9)
                .map(|c| {
                    let i = r * 9 + c;
                    match (st.values[i], st.placed[i]) {
                        (0, _) => {
                            let m = st.marks[i].unwrap_or(allowed[i]);
                            let name = p.shape.cell_name(i);
                            match m.count_ones() {
                                0 => lost.push(format!(
                                    "{}: {name}, which has no candidate left (an .sdx cell needs one)",
                                    item.label
                                )),
                                1 => lost.push(format!(
                                    "{}: {name} as an open cell (its one candidate would read back as a given)",
                                    item.label
                                )),
                                _ => {}
                            }
                            crate::grid::digits(m)
                                .map(|d| char::from(b'0' + d))
                                .collect()
                        }
                        (v, true) => format!("u{v}"),
                        (v, false) => v.to_string(),
                    }
                })
                .collect();
            out += &row.join(" ");
            out.push('\n');
        }
        outs.push(out);
    }
    (outs, lost)
}

/// The attributes of an OpenSudoku `<game>` besides `data`, kept as `@meta` of these names.
const GAME_ATTRS: [&str; 6] = [
    "created",
    "state",
    "time",
    "last_played",
    "note",
    "command_stack",
];

/// The value of `@meta NAME ...` for `name`, the puzzle's last one.
fn meta(p: &Puzzle, name: &str) -> Option<String> {
    p.directives.all.iter().rev().find_map(|d| {
        let (k, v) = d.value.split_once(char::is_whitespace)?;
        (d.key == "meta" && k == name).then(|| v.trim().to_string())
    })
}

/// An XML attribute value: `&`, `<`, `"` and line breaks escaped.
fn attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            '\n' => out += "&#10;",
            '\r' => out += "&#13;",
            '\t' => out += "&#9;",
            c => out.push(c),
        }
    }
    out
}

/// The metadata elements of OpenSudoku version 1, each with the directive key (or `@meta` name)
/// it is read into.
const V1_ELEMENTS: [(&str, &str); 8] = [
    ("name", "name"),
    ("author", "author"),
    ("description", "description"),
    ("comment", "comment"),
    ("created", "created"),
    ("source", "source"),
    ("level", "level"),
    ("sourceURL", "url"),
];

/// The value of a directive `key`, else of `@meta key`.
fn field(p: &Puzzle, key: &str) -> Option<String> {
    p.directives
        .get(key)
        .filter(|_| key != "meta")
        .map(|d| d.value.clone())
        .or_else(|| meta(p, key))
}

/// The version 1 metadata every puzzle shares, when the puzzles fit version 1: plain puzzles,
/// none in a folder or with a game attribute of version 2, all with the same metadata, and
/// some of it.
fn v1_metadata(items: &[Item<'_>]) -> Option<Vec<(&'static str, String)>> {
    let of = |p: &Puzzle| -> Vec<(&'static str, String)> {
        V1_ELEMENTS
            .iter()
            .filter_map(|&(el, key)| field(p, key).map(|v| (el, v)))
            .collect()
    };
    let first = of(items.first()?.puzzle);
    let v2_only = [
        "folder",
        "folder_created",
        "state",
        "time",
        "last_played",
        "note",
        "command_stack",
    ];
    let fits = items.iter().all(|i| {
        i.puzzle.pencil.is_none()
            && v2_only.iter().all(|k| meta(i.puzzle, k).is_none())
            && of(i.puzzle) == first
    });
    (fits && !first.is_empty()).then_some(first)
}

/// Element text: `&` and `<` escaped.
fn text_of(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// OpenSudoku version 1, for plain puzzles that share version 1's metadata elements.
fn write_opensudoku_v1(items: &[Item<'_>], fields: &[(&str, String)]) -> (String, Vec<String>) {
    let mut lost = Vec::new();
    let kept: Vec<&str> = V1_ELEMENTS.iter().map(|(_, k)| *k).collect();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n");
    for (el, v) in fields {
        out += &format!("  <{el}>{}</{el}>\n", text_of(v));
    }
    for item in items {
        if !classic(item, &mut lost) {
            continue;
        }
        field_losses(item, &kept, &mut lost);
        let data: String = item
            .puzzle
            .givens
            .iter()
            .map(|&v| char::from(b'0' + v))
            .collect();
        out += &format!("  <game data=\"{data}\"/>\n");
    }
    out += "</opensudoku>\n";
    (out, lost)
}

/// OpenSudoku: version 1 when the puzzles fit it (see [`v1_metadata`]), else version 2: every
/// puzzle a `<game>`, in `<folder>`s by their `@meta folder` (a folder named `puzzles` for those
/// without one). A plain puzzle's data is its 81 digits; a state's is a `version: 3` cell
/// collection with its notes and editable cells.
pub(super) fn write_opensudoku(items: &[Item<'_>]) -> (String, Vec<String>) {
    if let Some(fields) = v1_metadata(items) {
        return write_opensudoku_v1(items, &fields);
    }
    let mut lost = Vec::new();
    let mut out =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n");
    let mut open: Option<(String, Option<String>)> = None;
    let mut kept: Vec<&str> = GAME_ATTRS.to_vec();
    kept.extend(["folder", "folder_created"]);
    for item in items {
        if !classic(item, &mut lost) {
            continue;
        }
        field_losses(item, &kept, &mut lost);
        let p = item.puzzle;
        let folder = (
            meta(p, "folder").unwrap_or_else(|| "puzzles".to_string()),
            meta(p, "folder_created"),
        );
        if open.as_ref() != Some(&folder) {
            if open.is_some() {
                out += "  </folder>\n";
            }
            out += &format!("  <folder name=\"{}\"", attr(&folder.0));
            if let Some(c) = &folder.1 {
                out += &format!(" created=\"{}\"", attr(c));
            }
            out += ">\n";
            open = Some(folder);
        }
        let st = state(p);
        let data = if p.pencil.is_some() {
            let mut d = String::from("version: 3\n");
            for i in 0..81 {
                let notes = st.marks[i].unwrap_or(0);
                let editable = u8::from(st.values[i] == 0 || st.placed[i]);
                d += &format!("{}|{notes}|{editable}|", st.values[i]);
            }
            d
        } else {
            p.givens.iter().map(|&v| char::from(b'0' + v)).collect()
        };
        out += "    <game";
        for name in GAME_ATTRS {
            if let Some(v) = meta(p, name) {
                out += &format!(" {name}=\"{}\"", attr(&v));
            }
        }
        out += &format!(" data=\"{}\"/>\n", attr(&data));
    }
    if open.is_some() {
        out += "  </folder>\n";
    }
    out += "</opensudoku>\n";
    (out, lost)
}

/// HoDoKu library lines: `:TTTT:d:cells:deleted:eliminations:extra`, the technique, digit,
/// eliminations and extra field from the puzzle's `@meta` (`0000` and `x` when it has none), `+`
/// before each placed digit, the removed candidates as `drc` triples.
pub(super) fn write_hodoku(items: &[Item<'_>]) -> (String, Vec<String>) {
    let mut lost = Vec::new();
    let mut out = String::new();
    for item in items {
        if !classic(item, &mut lost) {
            continue;
        }
        field_losses(item, &HODOKU_FIELDS, &mut lost);
        let p = item.puzzle;
        let st = state(p);
        let mut cells = String::new();
        for i in 0..81 {
            match (st.values[i], st.placed[i]) {
                (0, _) => cells.push('.'),
                (v, placed) => {
                    if placed {
                        cells.push('+');
                    }
                    cells.push(char::from(b'0' + v));
                }
            }
        }
        let gone = removed(p, &st);
        let mut deleted = Vec::new();
        for (i, &m) in gone.iter().enumerate() {
            for d in crate::grid::digits(m) {
                deleted.push(format!("{d}{}{}", i / 9 + 1, i % 9 + 1));
            }
        }
        let [technique, digit, eliminations, extra] =
            HODOKU_FIELDS.map(|name| meta(p, name).unwrap_or_default());
        let technique = if technique.is_empty() {
            "0000".to_string()
        } else {
            technique
        };
        let digit = if digit.is_empty() {
            "x".to_string()
        } else {
            digit
        };
        out += &format!(
            ":{technique}:{digit}:{cells}:{}:{eliminations}:{extra}\n",
            deleted.join(" ")
        );
    }
    (out, lost)
}

#[cfg(test)]
mod tests {
    use super::super::convert::{write_sudoku, Item};
    use crate::syntax::formats::{parse_as, Format, Reading};
    use crate::syntax::{ParsedFile, Puzzle};

    fn read(text: &str, format: Format) -> ParsedFile {
        let reading = Reading {
            format,
            delimiter: None,
            chosen: true,
        };
        parse_as(text, reading)
    }

    fn items<'a>(file: &'a ParsedFile, text: &'a str) -> Vec<Item<'a>> {
        file.puzzles
            .iter()
            .map(|p| Item {
                label: p.label(),
                puzzle: p,
                text,
            })
            .collect()
    }

    type Kept = (
        Vec<u8>,
        Vec<bool>,
        Vec<crate::grid::Mask>,
        Vec<(String, String)>,
    );

    /// What must survive a round trip: cells, placed digits, the candidates the state allows,
    /// and every directive.
    fn kept(p: &Puzzle) -> Kept {
        let pm = p.pencil.as_deref();
        (
            p.givens.clone(),
            (0..81)
                .map(|c| pm.is_some_and(|pm| pm.is_placed(c)))
                .collect(),
            pm.map_or_else(|| p.grid().candidates(), |pm| pm.allowed(&p.grid())),
            p.directives
                .all
                .iter()
                .map(|d| (d.key.clone(), d.value.clone()))
                .collect(),
        )
    }

    /// X -> .sudoku -> X gives the same puzzles, marks and metadata, with nothing lost.
    #[test]
    fn every_format_goes_through_sudoku_and_back() {
        let cases: [(&str, Format); 11] = [
            ("ss/sound.ss", Format::Ss),
            ("ss/state.ss", Format::Ss),
            ("ss/wrong-elimination.ss", Format::Ss),
            ("sdx/sound.sdx", Format::Sdx),
            ("sdx/state.sdx", Format::Sdx),
            ("sdx/clash.sdx", Format::Sdx),
            ("opensudoku/folders.opensudoku", Format::OpenSudoku),
            ("opensudoku/state.opensudoku", Format::OpenSudoku),
            ("opensudoku/version1.opensudoku", Format::OpenSudoku),
            ("hodoku/library.txt", Format::Hodoku),
            ("sdk/plain.sdk", Format::Sdk),
        ];
        for (path, format) in cases {
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/formats");
            let text = std::fs::read_to_string(root.join(path)).unwrap();
            let first = read(&text, format);
            assert!(!first.puzzles.is_empty(), "{path}");
            let sudoku = write_sudoku(&items(&first, &text));
            let middle = read(&sudoku, Format::Sudoku);
            let its = items(&middle, &sudoku);
            let (outs, lost) = match format {
                Format::Ss => super::write_ss(&its),
                Format::Sdx => super::write_sdx(&its),
                Format::OpenSudoku => {
                    let (o, l) = super::write_opensudoku(&its);
                    (vec![o], l)
                }
                Format::Hodoku => {
                    let (o, l) = super::write_hodoku(&its);
                    (vec![o], l)
                }
                _ => {
                    let (o, l) = super::super::convert::write_sdk(&its);
                    (o, l)
                }
            };
            assert!(lost.is_empty(), "{path}: {lost:?}");
            let back: Vec<Puzzle> = outs.iter().flat_map(|o| read(o, format).puzzles).collect();
            let want: Vec<_> = first.puzzles.iter().map(kept).collect();
            let got: Vec<_> = back.iter().map(kept).collect();
            assert_eq!(got, want, "{path}:\n{sudoku}\n{}", outs.concat());
        }
    }

    #[test]
    fn what_a_target_cannot_hold_is_named() {
        let text = "@title t\n.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n";
        let file = read(text, Format::Sudoku);
        let its = items(&file, text);
        for lost in [
            super::write_ss(&its).1,
            super::write_sdx(&its).1,
            super::write_hodoku(&its).1,
            super::write_opensudoku(&its).1,
        ] {
            assert_eq!(lost[0], "puzzle 1: its @title");
            assert!(lost.len() == 1 || lost[1].contains("r8c3 as an open cell"));
        }
        // An .sdx cell of one candidate is a given: that open cell would be lost.
        assert_eq!(super::write_sdx(&its).1.len(), 2);
    }
}
