use super::*;

/// The classic puzzle, one character a cell, and as the default style writes it.
const PLAIN: &str = include_str!("../../tests/data/fmt/classic.before.sudoku");
const SPACED: &str = include_str!("../../tests/data/fmt/classic.after.sudoku");

fn style(grid: GridStyle) -> Style {
    Style { grid, blank: '.' }
}

/// Formats `text` and checks that formatting the result again changes nothing.
fn fmt_with(text: &str, style: &Style) -> String {
    let out = format(text, style).apply(text);
    let again = format(&out, style);
    assert_eq!(again.edits, Vec::new(), "not idempotent on:\n{out}");
    out
}

fn fmt(text: &str) -> String {
    fmt_with(text, &Style::default())
}

#[test]
fn a_plain_grid_is_spaced_by_default() {
    assert_eq!(fmt(PLAIN), SPACED);
}

#[test]
fn a_spaced_grid_becomes_plain() {
    assert_eq!(fmt_with(SPACED, &style(GridStyle::Plain)), PLAIN);
}

#[test]
fn a_grid_is_boxed_in_box_drawing() {
    let out = fmt_with(PLAIN, &style(GridStyle::Boxed));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "╔═══════╤═══════╤═══════╗");
    assert_eq!(lines[1], "║ 5 3 . │ . 7 . │ . . . ║");
    assert_eq!(lines[4], "╟───────┼───────┼───────╢");
    assert_eq!(lines[12], "╚═══════╧═══════╧═══════╝");
    assert_eq!(lines.len(), 13);
    // And back again.
    assert_eq!(fmt(&out), SPACED);
}

#[test]
fn blanks_take_the_configured_character() {
    let text = "5_3x0-*..\n";
    let grid = "53_x0-*..\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let dash = Style {
        grid: GridStyle::Plain,
        blank: '-',
    };
    assert_eq!(fmt_with(grid, &dash).lines().next(), Some("53-------"));
    // Not a puzzle at all: left as it is.
    let f = format(text, &Style::default());
    assert!(f.edits.is_empty());
    assert_eq!(f.untouched.len(), 1);
}

#[test]
fn one_liners_stay_one_liners_with_blanks_normalised() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let messy = format!("  {}   se=11.9   #  first\n", line.replace('.', "0"));
    assert_eq!(fmt(&messy), format!("{line}  se=11.9  #  first\n"));
    let piped = format!("{}|{}\n", &line[..40], &line[40..]);
    assert_eq!(fmt(&piped), format!("{line}\n"));
}

#[test]
fn directives_are_key_space_value_and_comments_are_trimmed() {
    let text = format!("   @Title    Two  words   # note\n\t# a comment  \n@allow\t \n{PLAIN}");
    let out = fmt(&text);
    assert!(
        out.starts_with("@Title Two  words # note\n# a comment\n@allow\n5 3 ."),
        "{out}"
    );
}

#[test]
fn runs_of_blank_lines_become_one_and_none_lead_or_trail() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let text = format!("\n\n@source x\n\n\n\n{line}\n   \n{line}\n\n\n");
    assert_eq!(fmt(&text), format!("@source x\n\n{line}\n\n{line}\n"));
    // A missing final line ending is added.
    assert_eq!(fmt(line), format!("{line}\n"));
}

#[test]
fn line_endings_and_byte_order_mark_stay() {
    let crlf = PLAIN.replace('\n', "\r\n");
    assert_eq!(fmt(&crlf), SPACED.replace('\n', "\r\n"));
    // A byte-order mark is the decoder's to skip (`fmt` writes it back): left in the text, it
    // is a character of the first line, which then reads as no row, so the paragraph stays.
    let bom = format!("\u{feff}{PLAIN}");
    let f = format(&bom, &Style::default());
    assert_eq!(f.edits, Vec::new());
    assert_eq!(f.untouched.len(), 1);
}

#[test]
fn a_paragraph_with_a_syntax_error_is_left_and_named() {
    let bad = PLAIN.replacen("53..7....", "53..7...?", 1);
    let text = format!("{bad}\n{PLAIN}");
    let f = format(&text, &Style::default());
    assert_eq!(f.apply(&text), format!("{bad}\n{SPACED}"));
    assert_eq!(f.untouched.len(), 1);
    assert_eq!(f.untouched[0].range, TextRange::new(0, bad.len()));
    assert_eq!(
        f.untouched[0].reason,
        "it has a syntax error (invalid-symbol)"
    );
    let stray = format!("hello there, not a puzzle\n{PLAIN}");
    let f = format(&stray, &Style::default());
    assert!(f.edits.is_empty());
    assert_eq!(
        f.untouched[0].reason,
        "it has an unrecognized line (unrecognized-line)"
    );
}

#[test]
fn comments_inside_a_grid_stay_where_they_were() {
    let mut lines: Vec<&str> = PLAIN.lines().collect();
    lines[0] = "53..7.... # first row";
    lines.splice(3..3, ["# band two", "---------+"]);
    let text = lines.join("\n") + "\n";
    // `---------+` is a separator; the comment above it stays above the rule.
    let out = fmt(&text);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "5 3 . | . 7 . | . . . # first row");
    assert_eq!(lines[3], "# band two");
    assert_eq!(lines[4], "------+-------+------");
}

#[test]
fn numbered_rows_stay_numbered_and_six_by_six_has_two_by_three_boxes() {
    let six = "@box 2x3\n1.....\n..2...\n...3..\n....4.\n.....5\n6.....\n";
    assert_eq!(
        fmt(six),
        "@box 2x3\n1 . . | . . .\n. . 2 | . . .\n------+------\n. . . | 3 . .\n. . . | . 4 .\n------+------\n. . . | . . 5\n6 . . | . . .\n"
    );
    let text = std::fs::read_to_string("fixtures/layouts/16x16-numbered.sudoku").unwrap();
    let out = fmt(&text);
    assert!(out.contains(" .  2  .  . |  . 16  8 10 | 12  6  9  5 |  .  .  .  4\n"));
    assert!(out.contains("------------+-------------+-------------+------------\n"));
}

#[test]
fn pencil_mark_grids_get_aligned_columns() {
    let text = "\
@title pencil
+-------+------+
| 2 14 | 14 3 |
| 13 134 | 124 24 |
+---+---+
| 4 123 | 23 2 |
| 3 23 | 234 1 |
+---+---+
";
    assert_eq!(
        fmt(text),
        "\
@title pencil
+--------+--------+
| 2  14  | 14  3  |
| 13 134 | 124 24 |
+--------+--------+
| 4  123 | 23  2  |
| 3  23  | 234 1  |
+--------+--------+
"
    );
}

#[test]
fn range_formatting_touches_only_the_paragraphs_in_range() {
    let text = format!("{PLAIN}\n\n\n{PLAIN}");
    let second = text.rfind("53..").unwrap();
    let f = format_range(
        &text,
        &Style::default(),
        TextRange::new(second + 2, second + 3),
    );
    assert_eq!(f.apply(&text), format!("{PLAIN}\n\n\n{SPACED}"));
}

#[test]
fn edits_cover_only_the_lines_that_change() {
    let mut text = SPACED.to_string();
    text.push_str("\n@title   x\n");
    text.push_str(SPACED);
    let f = format(&text, &Style::default());
    assert_eq!(f.edits.len(), 1);
    let at = SPACED.len() + 1;
    assert_eq!(
        f.edits[0].range,
        TextRange::new(at, at + "@title   x\n".len())
    );
    assert_eq!(f.edits[0].new_text, "@title x\n");
}

#[test]
fn every_size_reads_back_the_same() {
    for name in [
        "4x4",
        "6x6",
        "6x6-box-3x2",
        "8x8",
        "12x12",
        "16x16-letters",
        "16x16-numbered",
        "25x25",
        "symbols",
        "mixed-sizes",
        "comments-directives",
        "grid-9x9-box-drawing",
        "grid-9x9-pipes",
        "one-liners-9x9",
        "pencil-marks",
        "crlf",
    ] {
        let text = std::fs::read_to_string(format!("fixtures/layouts/{name}.sudoku")).unwrap();
        for grid in [GridStyle::Plain, GridStyle::Spaced, GridStyle::Boxed] {
            let f = format(&text, &style(grid));
            assert_eq!(f.untouched, Vec::new(), "{name} {grid:?}");
            fmt_with(&text, &style(grid));
        }
    }
}

#[test]
fn the_format_table_is_read() {
    let v: toml::Value = "grid = \"boxed\"\nblank = \"_\""
        .parse::<toml::Table>()
        .unwrap()
        .into();
    assert_eq!(
        Style::from_toml(&v),
        Ok(Style {
            grid: GridStyle::Boxed,
            blank: '_'
        })
    );
    let bad: toml::Value = "blank = \"?\"".parse::<toml::Table>().unwrap().into();
    assert!(Style::from_toml(&bad).unwrap_err().contains("not a blank"));
    let bad: toml::Value = "grid = \"fancy\"".parse::<toml::Table>().unwrap().into();
    assert!(Style::from_toml(&bad)
        .unwrap_err()
        .contains("unknown style"));
}

#[test]
fn a_paragraph_that_would_read_differently_is_left_as_it_was() {
    // Two 16x16 grids in one paragraph: written plain, their 32 rows of 16 cells would read as
    // 4x4 one-liners (docs/format.md#doubtful-cases), so that paragraph keeps its layout.
    let symbols: Vec<char> = "123456789ABCDEFG".chars().collect();
    let grid: String = (0..16)
        .map(|r| {
            let row: Vec<String> = (0..16)
                .map(|c| {
                    if c == r {
                        symbols[r].to_string()
                    } else {
                        ".".to_string()
                    }
                })
                .collect();
            row.join(" ") + "\n"
        })
        .collect();
    let text = format!("{grid}@title   second\n{grid}\n{PLAIN}");
    let f = format(&text, &style(GridStyle::Plain));
    let paragraph = grid.len() * 2 + "@title   second\n".len();
    assert_eq!(f.apply(&text), format!("{}\n{PLAIN}", &text[..paragraph]));
    assert_eq!(
        f.untouched,
        vec![Untouched {
            range: TextRange::new(0, paragraph),
            reason: "formatting it would change how it reads".to_string()
        }]
    );
}
