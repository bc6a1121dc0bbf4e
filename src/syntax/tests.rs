//! Unit tests of the reader, one group per format rule: givens, shape, cell ranges (sliced out
//! of the text and compared) and findings.

use super::*;
use crate::finding::Severity;

fn codes(f: &ParsedFile) -> Vec<&'static str> {
    f.findings.iter().map(|f| f.code.as_str()).collect()
}

/// The text of every cell of a puzzle, in reading order.
fn cell_texts<'t>(text: &'t str, p: &Puzzle) -> Vec<&'t str> {
    p.cells.iter().map(|r| &text[r.as_range()]).collect()
}

fn line(p: &Puzzle, alphabet_line: &str) {
    assert_eq!(p.alphabet.line(&p.givens), alphabet_line);
}

const ARTO: &str = "8........\n..36.....\n.7..9.2..\n.5...7...\n....457..\n...1...3.\n..1....68\n..85...1.\n.9....4..";

const EXAMPLE: &str =
    "# From the seed article: a puzzle with several solutions is not a proper puzzle.
@title Arto Inkala 2010
@source newspaper
8..|...|...
..3|6..|...
.7.|.9.|2..
---+---+---
.5.|..7|...
...|.45|7..
...|1..|.3.
---+---+---
..1|...|.68
..8|5..|.1.
.9.|...|4..

# a collection: one puzzle a line, an optional field after the cells
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......  # 17 givens
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....  id=2
";

#[test]
fn format_example() {
    let f = parse(EXAMPLE);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    assert_eq!(f.puzzles.len(), 3);
    let g = &f.puzzles[0];
    assert_eq!(g.layout, Layout::Grid);
    assert_eq!(g.shape, Shape::for_size(9).unwrap());
    line(g, &ARTO.replace('\n', ""));
    assert_eq!(&EXAMPLE[g.first_line.as_range()], "8..|...|...");
    assert!(EXAMPLE[g.range.as_range()].starts_with("8..|"));
    assert!(EXAMPLE[g.range.as_range()].ends_with(".9.|...|4.."));
    let texts = cell_texts(EXAMPLE, g);
    assert_eq!(texts.len(), 81);
    assert!(texts.iter().all(|t| t.len() == 1 && *t != "|"));
    assert_eq!(texts[0], "8");
    assert_eq!(texts[12], "6");
    assert_eq!(g.directives.get("title").unwrap().value, "Arto Inkala 2010");
    assert_eq!(g.directives.get("source").unwrap().value, "newspaper");
    assert!(f.defaults.all.is_empty());
    assert!(!g.has_syntax_error);

    let a = &f.puzzles[1];
    assert_eq!(a.layout, Layout::OneLiner);
    assert_eq!(a.index, 1);
    assert_eq!(a.trailing, None, "a comment is no trailing field");
    assert_eq!(a.rating, None);
    assert!(a.directives.all.is_empty());
    assert_eq!(a.givens.iter().filter(|&&v| v != 0).count(), 17);
    let b = &f.puzzles[2];
    assert_eq!(&EXAMPLE[b.trailing.unwrap().as_range()], "id=2");
    assert_eq!(b.rating, None, "an id is not a rating");
    assert_eq!(&EXAMPLE[b.cells.at(80).as_range()], ".");
    assert_eq!(b.cells.at(80).end, EXAMPLE.find("  id=2").unwrap());
}

#[test]
fn comments() {
    let text = "# heading\n  # indented\n8........ # row one\n..36..... // slashes after cells\n.7..9.2..\n# inside the grid\n.5...7...\n....457..\n...1...3.\n..1....68\n..85...1.\n.9....4..\t#tab then comment\n";
    let f = parse(text);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    assert_eq!(f.puzzles.len(), 1);
    line(&f.puzzles[0], &ARTO.replace('\n', ""));
    // `#` glued to a cell is no comment: it is an invalid symbol.
    let text = ARTO.replacen("8........", "8........#", 1);
    let f = parse(&text);
    assert_eq!(codes(&f), ["row-length"]);
    assert_eq!(&text[f.findings[0].range.as_range()], "8........#");
}

#[test]
fn directives_defaults_own_and_unknown() {
    let text = "@author Ann\n@colour red\n# defaults above\n\n@title First\n1234\n3412\n2143\n4321\n@solution 1234341221434321\n\n@level hard\n\n@title Second\n12..\n..12\n21..\n..21\n";
    let f = parse(text);
    assert_eq!(f.defaults.all.len(), 2);
    assert_eq!(f.puzzles.len(), 2);
    let p0 = &f.puzzles[0];
    let keys: Vec<&str> = p0.directives.all.iter().map(|d| d.key.as_str()).collect();
    assert_eq!(keys, ["author", "colour", "title", "solution"]);
    assert_eq!(p0.directives.get("title").unwrap().value, "First");
    let sol = p0.directives.get("solution").unwrap();
    assert_eq!(&text[sol.value_range.as_range()], "1234341221434321");
    assert_eq!(&text[sol.range.as_range()], "@solution 1234341221434321");
    let p1 = &f.puzzles[1];
    let keys: Vec<&str> = p1.directives.all.iter().map(|d| d.key.as_str()).collect();
    assert_eq!(
        keys,
        ["author", "colour", "title"],
        "a directive paragraph between puzzles belongs to none"
    );
    assert_eq!(codes(&f), ["unknown-directive"]);
    let u = &f.findings[0];
    assert_eq!(&text[u.range.as_range()], "@colour");
    assert_eq!(u.severity, Severity::Warning);
    assert_eq!(u.puzzle, None);
    // A puzzle's own unknown directive is about that puzzle.
    let f = parse("@frobnicate 3\n1234\n3412\n2143\n4321\n");
    assert_eq!(f.findings[0].puzzle, Some(0));
    assert!(
        f.defaults.all.is_empty(),
        "no blank line: the directive is the puzzle's own"
    );
}

#[test]
fn one_liners_trailing_and_ratings() {
    let p81 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let cases = [
        ("", None, None),
        ("  11.9", Some("11.9"), Some("11.9")),
        (" ED=11.9 foo", Some("ED=11.9 foo"), Some("11.9")),
        ("\tid=7 rating=3.4", Some("id=7 rating=3.4"), Some("3.4")),
        (
            " 12345 9.1/9.1/8.3",
            Some("12345 9.1/9.1/8.3"),
            Some("9.1/9.1/8.3"),
        ),
        (" id\u{3000}7.5", Some("id\u{3000}7.5"), Some("7.5")),
        ("  # 11.9", None, None),
        (" Puzzle 2", Some("Puzzle 2"), None),
        (" 7", Some("7"), None),
        (" diff:7", Some("diff:7"), Some("7")),
        ("  id=2", Some("id=2"), None),
    ];
    for (tail, trailing, rating) in cases {
        let text = format!("{p81}{tail}\n");
        let f = parse(&text);
        assert!(f.findings.is_empty(), "{tail}: {:?}", f.findings);
        let p = &f.puzzles[0];
        assert_eq!(p.trailing.map(|r| &text[r.as_range()]), trailing, "{tail}");
        assert_eq!(p.rating.as_deref(), rating, "{tail}");
        assert_eq!(p.alphabet.line(&p.givens), p81);
    }
    // `@rating` wins over the trailing field.
    let text = format!("@rating 2.0\n{p81} 11.9\n");
    assert_eq!(parse(&text).puzzles[0].rating.as_deref(), Some("2.0"));
    // A directive applies to the next one-liner only.
    let text = format!("@id a\n{p81}\n@id b\n{p81}\n{p81}\n");
    let f = parse(&text);
    let ids: Vec<Option<&str>> = f
        .puzzles
        .iter()
        .map(|p| p.directives.get("id").map(|d| d.value.as_str()))
        .collect();
    assert_eq!(ids, [Some("a"), Some("b"), None]);
}

#[test]
fn every_blank_character() {
    let text = "1.0_\n-x*.\n....\n...2\n";
    let f = parse(text);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    line(&f.puzzles[0], "1..............2");
    // `0` is a symbol when the alphabet says so.
    let text = "@symbols 0123\n0...\n....\n....\n...3\n";
    let f = parse(text);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    assert_eq!(f.puzzles[0].givens[0], 1);
    assert_eq!(f.puzzles[0].givens[15], 4);
}

#[test]
fn rows_of_blanks_are_rows_and_separators_are_not() {
    let text = "8........\n---------\n.........\n---+---+---\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let f = parse(text);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    let p = &f.puzzles[0];
    assert_eq!(p.givens[0], 8);
    assert_eq!(&text[p.cells.at(9).as_range()], "-");
    assert_eq!(p.cells.at(9).start, text.find("---------").unwrap());
}

const BOXED: &str = "╔═══════╤═══════╤═══════╗
║ 8 . . │ . . . │ . . . ║
║ . . 3 │ 6 . . │ . . . ║
║ . 7 . │ . 9 . │ 2 . . ║
╟───────┼───────┼───────╢
║ . 5 . │ . . 7 │ . . . ║
║ . . . │ . 4 5 │ 7 . . ║
║ . . . │ 1 . . │ . 3 . ║
╟───────┼───────┼───────╢
║ . . 1 │ . . . │ . 6 8 ║
║ . . 8 │ 5 . . │ . 1 . ║
║ . 9 . │ . . . │ 4 . . ║
╚═══════╧═══════╧═══════╝
";

#[test]
fn long_separator_lines_are_no_one_liners() {
    // A 12x12 separator has more than 25 characters and no spaces.
    let mut text = String::new();
    for r in 0..12 {
        if r > 0 && r % 3 == 0 {
            text.push_str("--------+---------+--------\n");
        }
        text.push_str(". . . . | . . . . | . . . .\n");
    }
    let boxed = text.replace(
        "--------+---------+--------",
        "╟────────┼─────────┼────────╢",
    );
    for t in [text, boxed] {
        let f = parse(&t);
        assert!(
            f.findings.iter().all(|x| x.code == Code::BoxShape),
            "{:?}",
            f.findings
        );
        assert_eq!(f.puzzles.len(), 1);
        assert_eq!(f.puzzles[0].shape.size, 12);
    }
    // 81 dashes read as 81 blank cells: a one-liner.
    let f = parse(&"-".repeat(81));
    assert_eq!(f.puzzles.len(), 1);
    assert_eq!(f.puzzles[0].layout, Layout::OneLiner);
}

#[test]
fn box_drawing_grid() {
    let f = parse(BOXED);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    let p = &f.puzzles[0];
    line(p, &ARTO.replace('\n', ""));
    assert!(cell_texts(BOXED, p).iter().all(|t| t.len() == 1));
    assert!(BOXED[p.first_line.as_range()].starts_with("║ 8"));
}

#[test]
fn sizes_and_box_shapes() {
    // 6x6 assumes 2x3 boxes and says so once for consecutive puzzles of that shape.
    let six = "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n";
    let text = format!("{six}\n{six}\n@box 3x2\n1 2 | 3 4 | 5 6\n3 4 | 5 6 | 1 2\n5 6 | 1 2 | 3 4\n2 1 | 4 3 | 6 5\n4 3 | 6 5 | 2 1\n6 5 | 2 1 | 4 3\n\n{six}");
    let f = parse(&text);
    assert_eq!(codes(&f), ["box-shape", "box-shape"]);
    assert_eq!(f.findings[0].puzzle, Some(0));
    assert_eq!(
        f.findings[1].puzzle,
        Some(3),
        "said again after a change of shape"
    );
    assert_eq!(f.findings[0].severity, Severity::Info);
    assert_eq!(&text[f.findings[0].range.as_range()], "1 2 3 | 4 5 6");
    assert_eq!(
        (f.puzzles[0].shape.box_rows, f.puzzles[0].shape.box_cols),
        (2, 3)
    );
    assert_eq!(
        (f.puzzles[2].shape.box_rows, f.puzzles[2].shape.box_cols),
        (3, 2)
    );
    // 8x8 and 12x12 sizes are read from their rows.
    let eight: String = (0..8)
        .map(|r| {
            format!(
                "{}\n",
                "12345678"
                    .chars()
                    .cycle()
                    .skip(r * 4 + r / 2)
                    .take(8)
                    .collect::<String>()
            )
        })
        .collect();
    let f = parse(&eight);
    assert_eq!(f.puzzles[0].shape, Shape::for_size(8).unwrap());
    assert_eq!(codes(&f), ["box-shape"]);
    let twelve: String = (0..12).map(|_| "1 2 3 4 . . . . 9 A B C\n").collect();
    let f = parse(&twelve);
    assert_eq!(f.puzzles[0].shape.size, 12);
    assert_eq!(f.puzzles[0].givens[11], 12);
    // 25x25 with letters.
    let row = "1 2 3 4 5 | 6 7 8 9 A | B C D E F | G H I J K | L M N O P\n";
    let f = parse(&row.repeat(25));
    assert_eq!(f.puzzles[0].shape.size, 25);
    assert_eq!(f.puzzles[0].givens[24], 25);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
}

#[test]
fn numbered_rows() {
    let rows: String = (0..16)
        .map(|r| {
            (0..16)
                .map(|c| {
                    if (r + 2 * c) % 5 == 0 {
                        ".".to_string()
                    } else {
                        ((r * 4 + r / 4 + c) % 16 + 1).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let f = parse(&rows);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    let p = &f.puzzles[0];
    assert_eq!(p.shape.size, 16);
    assert!(p.numbered_rows.iter().all(|&b| b));
    for (i, r) in p.cells.iter().enumerate() {
        let t = &rows[r.as_range()];
        if p.givens[i] == 0 {
            assert_eq!(t, ".");
        } else {
            assert_eq!(t, p.givens[i].to_string());
        }
    }
    assert_eq!(p.write_digit(0, 12), "12");
    // A number out of range is an invalid symbol covering the whole number.
    let bad = rows.replacen("16", "17", 1);
    let f = parse(&bad);
    assert_eq!(codes(&f), ["invalid-symbol"]);
    assert_eq!(&bad[f.findings[0].range.as_range()], "17");
}

#[test]
fn sixteen_lines_of_sixteen_cells() {
    let four = "1234341221434321\n";
    // Three such lines are three 4x4 one-liners.
    let f = parse(&four.repeat(3));
    assert_eq!(f.puzzles.len(), 3);
    assert!(f
        .puzzles
        .iter()
        .all(|p| p.layout == Layout::OneLiner && p.shape.size == 4));
    // Exactly sixteen make one 16x16 grid.
    let f = parse(&"123456789ABCDEFG\n".repeat(16));
    assert_eq!(f.puzzles.len(), 1);
    assert_eq!(f.puzzles[0].shape.size, 16);
    assert_eq!(f.puzzles[0].layout, Layout::Grid);
    // `@size 16` settles it for fewer lines too (a grid with missing rows).
    let text = format!("@size 16\n{}", "123456789ABCDEFG\n".repeat(3));
    let f = parse(&text);
    assert_eq!(f.puzzles.len(), 1);
    assert_eq!(codes(&f), ["row-count"]);
    // `@size 4` keeps sixteen lines as one-liners.
    let text = format!("@size 4\n{}", four.repeat(16));
    let f = parse(&text);
    assert_eq!(f.puzzles.len(), 16);
    assert!(f.puzzles.iter().all(|p| p.shape.size == 4));
    assert!(f.puzzles[0].directives.get("size").is_some());
    assert!(
        f.puzzles[1].directives.get("size").is_none(),
        "a directive belongs to the next puzzle only"
    );
}

#[test]
fn symbols_directive() {
    let text = "@symbols ABCD\nA B | C D\nC D | A B\nB A | D C\nD C | B .\n";
    let f = parse(text);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    let p = &f.puzzles[0];
    assert_eq!(*p.alphabet.symbols, ['A', 'B', 'C', 'D']);
    assert_eq!(p.givens[..4], [1, 2, 3, 4]);
    assert_eq!(p.alphabet.line(&p.givens), "ABCDCDABBADCDCB.");
    // A digit is not a symbol of a letter alphabet.
    let f = parse("@symbols ABCD\nA B 1 D\n....\n....\n....\n");
    assert_eq!(codes(&f), ["invalid-symbol"]);
}

#[test]
fn bad_directive_values() {
    let grid4 = "12..\n..12\n21..\n..21\n";
    for (d, bad) in [
        ("@size 7", "7"),
        ("@size 3x4", "3x4"),
        ("@box 2-2", "2-2"),
        ("@symbols 1123", "1123"),
        ("@symbols 123", "123"),
        ("@box 3x3", "3x3"),
        ("@symbols 123456789", "123456789"),
    ] {
        let text = format!("{d}\n{grid4}");
        let f = parse(&text);
        assert_eq!(codes(&f), ["unknown-directive"], "{d}: {:?}", f.findings);
        assert_eq!(&text[f.findings[0].range.as_range()], bad, "{d}");
        assert_eq!(f.puzzles.len(), 1, "{d}");
        assert_eq!(f.puzzles[0].shape.size, 4, "{d}");
    }
    // A bad `@box` on a 6x6 grid leaves the default box, which is then said.
    let f = parse("@box 2x2\n123456\n456123\n231564\n564231\n312645\n645312\n");
    assert_eq!(codes(&f), ["unknown-directive", "box-shape"]);
}

#[test]
fn invalid_symbol_counts_as_blank() {
    let text = ARTO.replacen("8", "Q", 1).replacen("..36", ".Z36", 1);
    let f = parse(&text);
    assert_eq!(codes(&f), ["invalid-symbol", "invalid-symbol"]);
    assert_eq!(&text[f.findings[0].range.as_range()], "Q");
    assert!(
        f.findings[0].message.contains("r1c1"),
        "{}",
        f.findings[0].message
    );
    assert!(f.findings[1].message.contains("r2c2"));
    assert_eq!(f.findings[0].puzzle, Some(0));
    let p = &f.puzzles[0];
    assert!(p.has_syntax_error);
    assert_eq!(p.givens[0], 0);
    assert_eq!(p.givens[12], 6, "the rest is read");
}

#[test]
fn row_length_and_row_count() {
    // A short row: the missing cell has an empty range at the end of the row.
    let text = ARTO.replacen("..36.....", "..36....", 1);
    let f = parse(&text);
    assert_eq!(codes(&f), ["row-length"]);
    assert_eq!(&text[f.findings[0].range.as_range()], "..36....");
    assert!(f.findings[0].message.contains("r2c9"));
    let p = &f.puzzles[0];
    assert!(p.has_syntax_error);
    assert!(p.cells.at(17).is_empty());
    assert_eq!(p.cells.at(17).start, text.find("..36....").unwrap() + 8);
    // A long row.
    let text = ARTO.replacen("..36.....", "..36......", 1);
    assert_eq!(codes(&parse(&text)), ["row-length"]);
    // A missing row: row-count on the first grid line, with the last row related.
    let text: String = ARTO.lines().take(8).map(|l| format!("{l}\n")).collect();
    let f = parse(&text);
    assert_eq!(codes(&f), ["row-count"]);
    assert_eq!(&text[f.findings[0].range.as_range()], "8........");
    assert_eq!(f.puzzles[0].cells.at(80), TextRange::empty(text.len() - 1));
    // Bands separated by blank lines are three short grids, and the message says why.
    let bands =
        ARTO.replacen(".5...7...", "\n.5...7...", 1)
            .replacen("..1....68", "\n..1....68", 1);
    let f = parse(&bands);
    assert_eq!(codes(&f), ["row-count"; 3]);
    assert!(
        f.findings[0].message.contains("blank line"),
        "{}",
        f.findings[0].message
    );
    // An extra row.
    let text = format!("{ARTO}\n.........\n");
    assert_eq!(codes(&parse(&text)), ["row-count"]);
    // A one-liner one cell short.
    let text = format!("{}\n", &ARTO.replace('\n', "")[..80]);
    let f = parse(&text);
    assert_eq!(codes(&f), ["row-length"]);
    assert_eq!(f.puzzles[0].shape.size, 9);
    assert!(f.findings[0].message.contains("r9c9"));
}

#[test]
fn unrecognized_lines_are_reported() {
    let text = format!("{ARTO}\nsolution follows\n");
    let f = parse(&text);
    assert_eq!(codes(&f), ["unrecognized-line"]);
    assert_eq!(&text[f.findings[0].range.as_range()], "solution follows");
    assert_eq!(
        f.findings[0].puzzle,
        Some(0),
        "a stray line in a grid's paragraph"
    );
    assert_eq!(f.puzzles.len(), 1);
    assert!(
        f.findings[0].message.contains("@title"),
        "{}",
        f.findings[0].message
    );
    let f = parse("hello world\n");
    assert_eq!(codes(&f), ["unrecognized-line", "no-puzzle"]);
    // A title above a 16x16 grid is no row, though two of its letters are symbols there.
    let text = format!("Easy\n{}", "123456789ABCDEFG\n".repeat(16));
    let f = parse(&text);
    assert_eq!(codes(&f), ["unrecognized-line"]);
    assert_eq!(f.puzzles[0].shape.size, 16);
    assert!(!f.puzzles[0].has_syntax_error);
    // A line of cells of no size says so.
    let f = parse("1234567\n");
    assert!(
        f.findings[0].message.contains("7 cells"),
        "{}",
        f.findings[0].message
    );
}

#[test]
fn crlf_tabs_and_mixed_sizes() {
    let text = "@title crlf\r\n1\t2 | 3 4\r\n3 4 | 1 2\r\n2 1 | 4 3\r\n4 3 | 2 1\r\n\r\n"
        .to_string()
        + &ARTO.replace('\n', "\r\n")
        + "\r\n";
    let f = parse(&text);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    assert_eq!(f.puzzles.len(), 2);
    assert_eq!(f.puzzles[0].shape.size, 4);
    assert_eq!(f.puzzles[1].shape.size, 9);
    assert_eq!(&text[f.puzzles[0].first_line.as_range()], "1\t2 | 3 4");
    assert_eq!(f.puzzles[0].directives.get("title").unwrap().value, "crlf");
    assert!(!text[f.puzzles[1].range.as_range()].ends_with('\r'));
}

#[test]
fn no_puzzle() {
    for text in ["", "\n\n", "# only a comment\n", "@title nothing\n"] {
        let f = parse(text);
        assert_eq!(codes(&f), ["no-puzzle"], "{text:?}");
        assert_eq!(f.findings[0].range, TextRange::empty(0));
        assert_eq!(f.findings[0].severity, Severity::Warning);
    }
}

#[test]
fn decode_rules() {
    let (t, skip) = decode(b"\xEF\xBB\xBF1234\n").unwrap();
    assert_eq!((t, skip), ("1234\n", 3));
    let e = decode(b"\xFF\xFE1\x002\x00").unwrap_err();
    assert_eq!(e.code, Code::Encoding);
    assert!(
        e.message.contains("UTF-16") && e.message.contains("FF FE"),
        "{}",
        e.message
    );
    let e = decode(b"\xFE\xFF\x001").unwrap_err();
    assert!(e.message.contains("FE FF"));
    let e = decode(b"12\n\xC3\x28").unwrap_err();
    assert!(
        e.message.contains("invalid UTF-8 at byte 3"),
        "{}",
        e.message
    );
    let e = decode(b"\xEF\xBB\xBF12\n\xC3\x28").unwrap_err();
    assert!(e.message.contains("at byte 6"), "{}", e.message);
    let e = decode(b"12\x0034").unwrap_err();
    assert!(e.message.contains("NUL"));
    assert_eq!(decode(b"").unwrap(), ("", 0));
}

/// Every fixture of `fixtures/layouts/`: it decodes, reads without any error or warning, each
/// puzzle's cells slice to the characters (or numbers) of its givens, its `@solution` agrees
/// with its givens, and the project's solver finds exactly one solution.
#[test]
fn layout_fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/layouts");
    let expected: &[(&str, &[usize])] = &[
        ("grid-9x9-pipes.sudoku", &[9, 9]),
        ("grid-9x9-box-drawing.sudoku", &[9]),
        ("one-liners-9x9.sudoku", &[9; 8]),
        ("4x4.sudoku", &[4; 5]),
        ("6x6.sudoku", &[6; 3]),
        ("6x6-box-3x2.sudoku", &[6]),
        ("8x8.sudoku", &[8]),
        ("12x12.sudoku", &[12]),
        ("16x16-letters.sudoku", &[16; 3]),
        ("16x16-numbered.sudoku", &[16]),
        ("25x25.sudoku", &[25]),
        ("symbols.sudoku", &[9, 6]),
        ("crlf.sudoku", &[9, 4]),
        ("bom.sudoku", &[9]),
        ("mixed-sizes.sudoku", &[4, 6, 9, 4, 8, 16]),
        ("comments-directives.sudoku", &[9, 9]),
        ("pencil-marks.sudoku", &[9, 4, 6, 4]),
    ];
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("sudoku") {
            continue;
        }
        seen += 1;
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let sizes = expected
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("{name} is not listed here"))
            .1;
        let bytes = std::fs::read(&path).unwrap();
        let (text, skip) = decode(&bytes).unwrap();
        assert_eq!(skip == 3, name == "bom.sudoku", "{name}");
        let f = parse(text);
        for x in &f.findings {
            assert_eq!(x.code, Code::BoxShape, "{name}: {x:?}");
        }
        let got: Vec<usize> = f.puzzles.iter().map(|p| p.shape.size).collect();
        assert_eq!(got, sizes, "{name}");
        for p in &f.puzzles {
            for (i, r) in p.cells.iter().enumerate() {
                let t = &text[r.as_range()];
                let want = if p.givens[i] == 0 || p.layout == Layout::CandidateLine {
                    t.to_string()
                } else {
                    p.write_digit(i, p.givens[i])
                };
                assert_eq!(
                    t.to_ascii_uppercase(),
                    want,
                    "{name}: puzzle {} cell {i}",
                    p.index
                );
                // A pencil-mark cell's text is its token or its candidate line characters.
                if p.givens[i] == 0 && p.pencil.is_none() {
                    assert!(
                        matches!(t, "." | "0" | "_" | "-" | "x" | "*"),
                        "{name}: {t}"
                    );
                }
            }
            if let Some(sol) = p.directives.get("solution") {
                let values: Vec<u8> = sol
                    .value
                    .chars()
                    .map(|c| p.alphabet.value_of(c).unwrap())
                    .collect();
                assert!(p.grid().is_solved_by(&values), "{name}: puzzle {}", p.index);
            }
            let out = crate::solver::count_solutions(&p.grid(), 2);
            assert!(
                out.complete && out.count == 1,
                "{name}: puzzle {}: {} solutions",
                p.index,
                out.count
            );
        }
    }
    assert_eq!(seen, expected.len());
}

#[test]
fn directive_values_keep_urls_and_drop_comments() {
    let text = "@url https://example.org/a//b#frag\n@title Hard one # from the paper\n@TAGS  x, y \n1234\n3412\n2143\n4321\n";
    let f = parse(text);
    assert!(f.findings.is_empty(), "{:?}", f.findings);
    let d = &f.puzzles[0].directives;
    assert_eq!(d.get("url").unwrap().value, "https://example.org/a//b#frag");
    assert_eq!(d.get("title").unwrap().value, "Hard one");
    let tags = d.get("tags").unwrap();
    assert_eq!(tags.value, "x, y", "keys are lower-cased, values trimmed");
    assert_eq!(&text[tags.value_range.as_range()], "x, y");
}

#[test]
fn numbered_rows_with_commas_and_zero_blanks() {
    let row = "10, 0, 3, 12, ., ., ., ., ., ., ., 1\n";
    let text = row.repeat(12);
    let f = parse(&text);
    assert!(
        f.findings.iter().all(|x| x.code == Code::BoxShape),
        "{:?}",
        f.findings
    );
    let p = &f.puzzles[0];
    assert_eq!(p.shape.size, 12);
    assert_eq!(p.givens[..4], [10, 0, 3, 12]);
    assert_eq!(&text[p.cells.at(0).as_range()], "10");
    assert_eq!(&text[p.cells.at(1).as_range()], "0");
    assert_eq!(&text[p.cells.at(11).as_range()], "1");
    // One row short of a cell: row-length, read as numbers all the same.
    let text = row.repeat(11) + "10, 0, 3, 12, ., ., ., ., ., ., .\n";
    let f = parse(&text);
    assert_eq!(
        f.findings
            .iter()
            .filter(|x| x.code == Code::RowLength)
            .count(),
        1,
        "{:?}",
        f.findings
    );
    assert!(f.puzzles[0].numbered_rows[11]);
}

#[test]
fn bom_offsets_are_into_the_decoded_text() {
    let bytes = b"\xEF\xBB\xBF1234\n3412\n2143\n4321\n";
    let (text, skip) = decode(bytes).unwrap();
    assert_eq!(skip, 3);
    let f = parse(text);
    assert_eq!(f.puzzles[0].cells.at(0), TextRange::new(0, 1));
    assert_eq!(&text[f.puzzles[0].cells.at(15).as_range()], "1");
}

#[test]
fn digit_groups_are_not_numbers() {
    // A 12x12 grid written in box groups: `456 789 123 111` holds no numbers.
    let rows = [
        "123 456 789 ABC",
        "... ... ... ...",
        "10 . . . . . . . . . . 1",
    ];
    let mut text = String::new();
    for r in 0..12 {
        text.push_str(match r {
            0 => rows[0],
            1 => "456 789 123 111",
            5 => rows[2],
            _ => rows[1],
        });
        text.push('\n');
    }
    let f = parse(&text);
    assert!(
        f.findings.iter().all(|x| x.code == Code::BoxShape),
        "{:?}",
        f.findings
    );
    let p = &f.puzzles[0];
    assert_eq!(p.givens[..12], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert!(!p.numbered_rows[0]);
    assert_eq!(p.givens[12..16], [4, 5, 6, 7]);
    assert!(
        !p.numbered_rows[1],
        "digit groups are read one character a cell"
    );
    assert!(p.numbered_rows[5]);
    assert_eq!(p.givens[5 * 12], 10);
}
