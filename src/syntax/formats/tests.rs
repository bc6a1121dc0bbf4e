//! The readers of other formats against the `.sudoku` reader: the same puzzles written both
//! ways give the same verdicts and findings, each finding on the same characters of the source.

use super::*;
use crate::analysis::{analyze, analyze_as, fill::fill_text, Analysis, Verdict};
use crate::config::Config;
use crate::finding::Code;

/// A sound puzzle (one solution), its solution, a clash (two 1s in column 9 and row 9), several
/// solutions (givens taken out), and a puzzle with no solution.
const SOUND: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
const SOLUTION: &str =
    "953168742862734951417952836746893125281645397395271468138529674574386219629417583";
const CLASH: &str =
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...11";
const SEVERAL: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8.........7...";
const NONE: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..5";

fn csv_reading() -> Reading {
    Reading {
        format: Format::Csv,
        delimiter: None,
        chosen: true,
    }
}

/// What a finding says and the characters it points at; a finding on a whole puzzle (its line,
/// or its row of a table) is held to the puzzle's own characters.
fn located(text: &str, a: &Analysis) -> Vec<(Code, String, String)> {
    let whole = [SOUND, CLASH, SEVERAL, NONE];
    let mut v: Vec<_> = a
        .findings
        .iter()
        .map(|f| {
            (f.code, f.message.clone(), {
                let s = &text[f.range.as_range()];
                whole
                    .iter()
                    .find(|p| s.contains(**p))
                    .map_or(s, |p| p)
                    .to_string()
            })
        })
        .collect();
    v.sort();
    v
}

/// Every puzzle's cells point at the characters that hold them.
fn cells_point_at_their_bytes(text: &str, a: &Analysis, puzzles: &[&str]) {
    assert_eq!(a.file.puzzles.len(), puzzles.len());
    for (p, want) in a.file.puzzles.iter().zip(puzzles) {
        let got: String = p.cells.iter().map(|r| &text[r.as_range()]).collect();
        assert_eq!(got.replace('0', "."), want.replace('0', "."));
    }
}

fn verdicts(a: &Analysis) -> Vec<Verdict> {
    a.reports.iter().map(|r| r.verdict).collect()
}

/// The puzzles as one-liners, the reference every other format is held against.
fn reference(puzzles: &[&str]) -> (String, Analysis) {
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let a = analyze(&text, &Config::default());
    (text, a)
}

#[test]
fn a_csv_reads_as_the_same_one_liners() {
    let puzzles = [SOUND, CLASH, SEVERAL, NONE];
    let (one, want) = reference(&puzzles);
    for (header, delim) in [
        ("puzzle,solution", ','),
        ("id;quizzes", ';'),
        ("Grid\tx", '\t'),
    ] {
        let mut text = format!("{header}\n");
        for (i, p) in puzzles.iter().enumerate() {
            // Quote every other row: RFC 4180 quoting keeps the cells' positions.
            if i % 2 == 0 {
                text += &format!("{p}{delim}\r\n");
            } else {
                text += &format!("\"{p}\"{delim}\r\n");
            }
        }
        if header.starts_with("id") {
            text = format!("{header}\n");
            for (i, p) in puzzles.iter().enumerate() {
                text += &format!("{i:x}{delim}{p}\n");
            }
        }
        let got = analyze_as(&text, csv_reading(), &Config::default());
        cells_point_at_their_bytes(&text, &got, &puzzles);
        assert_eq!(verdicts(&got), verdicts(&want), "{header}");
        assert_eq!(located(&text, &got), located(&one, &want), "{header}");
    }
}

#[test]
fn a_csv_column_names_its_parts() {
    let text = format!(
        "id,puzzle,solution,clues,difficulty\n7,{SOUND},{SOLUTION},17,2.2\n8,{SOUND},{},17,Easy\n",
        SOLUTION.replace("953", "935")
    );
    let a = analyze_as(&text, csv_reading(), &Config::default());
    let p = &a.file.puzzles[0];
    assert_eq!(p.directives.get("id").unwrap().value, "7");
    assert_eq!(p.directives.get("solution").unwrap().value, SOLUTION);
    let meta: Vec<&str> = p
        .directives
        .all
        .iter()
        .filter(|d| d.key == "meta")
        .map(|d| d.value.as_str())
        .collect();
    assert_eq!(meta, ["clues 17", "difficulty 2.2"]);
    assert!(a.file.puzzles[1].directives.get("level").is_some());
    // The second row's solution differs: the finding points at its field.
    let f = a
        .findings
        .iter()
        .find(|f| f.code == Code::SolutionMismatch)
        .unwrap();
    assert_eq!(f.puzzle, Some(1));
    assert_eq!(&text[f.range.as_range()], SOLUTION.replace("953", "935"));
}

#[test]
fn a_broken_row_is_one_finding_and_the_others_are_read() {
    let text = format!(
        "puzzle,solution\n{SOUND},\n\"{SOUND},\n{SOUND},{SOLUTION},extra\n{CLASH},\n\"{SOUND}\"x,\n"
    );
    let a = analyze_as(&text, csv_reading(), &Config::default());
    let lines: Vec<(Code, usize)> = a
        .findings
        .iter()
        .map(|f| (f.code, text[..f.range.start].matches('\n').count() + 1))
        .collect();
    assert_eq!(a.file.puzzles.len(), 2);
    let unrec: Vec<usize> = lines
        .iter()
        .filter(|(c, _)| *c == Code::UnrecognizedLine)
        .map(|&(_, l)| l)
        .collect();
    assert_eq!(unrec, [3, 4, 6]);
    assert!(lines
        .iter()
        .any(|&(c, l)| c == Code::DuplicateDigit && l == 5));
}

#[test]
fn a_headerless_table_of_puzzle_and_solution_reads() {
    let text = format!("{SOUND},{SOLUTION}\n{CLASH},\n");
    let a = analyze_as(&text, csv_reading(), &Config::default());
    assert_eq!(a.file.puzzles.len(), 2);
    assert_eq!(
        a.file.puzzles[0].directives.get("solution").unwrap().value,
        SOLUTION
    );
    assert_eq!(verdicts(&a)[0], Verdict::Solutions(1));
}

#[test]
fn a_table_with_no_puzzle_column_is_one_finding() {
    let text = "name,age\nann,3\nbob,4\n";
    let a = analyze_as(text, csv_reading(), &Config::default());
    assert_eq!(a.findings.len(), 1);
    assert_eq!(a.findings[0].code, Code::NotAPuzzleFile);
}

#[test]
fn filling_a_table_writes_the_solution_column() {
    let fill =
        |text: &str| fill_text(text, &analyze_as(text, csv_reading(), &Config::default())).text;
    let text = format!("id,puzzle,solution\n1,{SOUND},\n2,{NONE},\n");
    let want = format!("id,puzzle,solution\n1,{SOUND},{SOLUTION}\n2,{NONE},\n");
    assert_eq!(fill(&text), want);
    // No solution column: it is added, the rows that get no solution get an empty field.
    let out = fill(&format!("id;board\n1;{SOUND}\n2;{NONE}\n"));
    assert_eq!(
        out,
        format!("id;board;solution\n1;{SOUND};{SOLUTION}\n2;{NONE};\n")
    );
    let again = analyze_as(&out, csv_reading(), &Config::default());
    assert!(again
        .findings
        .iter()
        .all(|f| f.code != Code::UnrecognizedLine));
}

#[test]
fn bank_lines_read_as_one_liners_with_an_id_and_a_rating() {
    let puzzles = [SOUND, CLASH, SEVERAL, NONE];
    let (one, want) = reference(&puzzles);
    let text: String = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| format!("0000183b2e0f{i:04x} {} 3.{i}\n", p.replace('.', "0")))
        .collect();
    assert_eq!(detect(&text), Format::Bank);
    let a = analyze_as(
        &text,
        Reading::decide(None, None, &text),
        &Config::default(),
    );
    cells_point_at_their_bytes(&text, &a, &puzzles);
    assert_eq!(verdicts(&a), verdicts(&want));
    let codes = |a: &Analysis| a.findings.iter().map(|f| f.code).collect::<Vec<_>>();
    assert_eq!(codes(&a), codes(&want));
    let _ = one;
    assert_eq!(a.file.puzzles[1].rating.as_deref(), Some("3.1"));
    assert_eq!(
        a.file.puzzles[0].directives.get("id").unwrap().value,
        "0000183b2e0f0000"
    );
}

#[test]
fn an_sdk_file_reads_as_the_same_grid() {
    for p in [SOUND, CLASH, NONE] {
        let rows: Vec<&str> = (0..9).map(|r| &p[r * 9..r * 9 + 9]).collect();
        let grid = rows.join("\n");
        let sudoku = format!("@author Arto\n{grid}\n");
        let sdk = format!("#AArto\n#DA description\n#LHard\n[Puzzle]\n{grid}\n");
        let want = analyze(&sudoku, &Config::default());
        let reading = Reading {
            format: Format::Sdk,
            delimiter: None,
            chosen: true,
        };
        let got = analyze_as(&sdk, reading, &Config::default());
        cells_point_at_their_bytes(&sdk, &got, &[p]);
        assert_eq!(verdicts(&got), verdicts(&want));
        let codes = |a: &Analysis| {
            a.findings
                .iter()
                .map(|f| f.code)
                .filter(|&c| c != Code::LevelMismatch)
                .collect::<Vec<_>>()
        };
        assert_eq!(codes(&got), codes(&want));
        let d = &got.file.puzzles[0].directives;
        assert_eq!(d.get("author").unwrap().value, "Arto");
        assert_eq!(d.get("level").unwrap().value, "Hard");
        assert_eq!(d.get("meta").unwrap().value, "description A description");
    }
}

#[test]
fn detection_follows_the_documented_order() {
    assert_eq!(detect("quizzes,solutions\n1,2\n"), Format::Csv);
    assert_eq!(detect("a,b\n1,2\n"), Format::Sudoku);
    assert_eq!(detect(&format!("{SOUND}\n")), Format::Sudoku);
    assert_eq!(detect(&format!("abc123 {SOUND}\n")), Format::Bank);
    // A 4x4 one-liner with a trailing field is no bank line.
    assert_eq!(detect("1234123412341234 hard\n"), Format::Sudoku);
    assert_eq!(Format::of_path(Path::new("a/b.TSV")), Some(Format::Csv));
    assert_eq!(Format::of_path(Path::new("b.txt")), None);
    assert_eq!(Format::from_name("tsv"), Some(Format::Csv));
    // OpenSudoku first, HoDoKu lines after bank lines.
    let xml = "<?xml version=\"1.0\"?>\n<!-- c -->\n<opensudoku version=\"2\"/>\n";
    assert_eq!(detect(xml), Format::OpenSudoku);
    assert_eq!(
        detect(&format!("# lib\n:0000:x:{SOUND}:::\n")),
        Format::Hodoku
    );
    assert_eq!(detect(":0000 x\n"), Format::Sudoku);
    for (ext, f) in [
        ("ss", Format::Ss),
        ("SDX", Format::Sdx),
        ("opensudoku", Format::OpenSudoku),
    ] {
        assert_eq!(Format::of_path(Path::new(&format!("a.{ext}"))), Some(f));
    }
    for f in Format::ALL {
        assert_eq!(Format::from_name(&f.name().to_uppercase()), Some(f));
    }
}

/// A fixture's text.
fn fixture(path: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/formats")
            .join(path),
    )
    .unwrap()
}

/// Reads `text` as `format`, chosen.
fn read_as(text: &str, format: Format) -> Analysis {
    let reading = Reading {
        format,
        delimiter: None,
        chosen: true,
    };
    analyze_as(text, reading, &Config::default())
}

/// The givens of each puzzle as a one-liner (`.` blank).
fn lines_of(a: &Analysis) -> Vec<String> {
    a.file
        .puzzles
        .iter()
        .map(|p| {
            p.givens
                .iter()
                .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
                .collect()
        })
        .collect()
}

/// The plain fixtures of each one-puzzle format give the verdicts, solutions and finding codes
/// of the same puzzles as one-liners, with every cell on its character.
#[test]
fn ss_and_sdx_fixtures_read_as_the_same_one_liners() {
    for (name, puzzle) in [
        ("sound", SOUND),
        ("no-solution", NONE),
        ("clash", CLASH),
        ("several", SEVERAL),
    ] {
        let (_, want) = reference(&[puzzle]);
        let codes = |a: &Analysis| {
            let mut v: Vec<Code> = a.findings.iter().map(|f| f.code).collect();
            v.sort();
            v
        };
        let text = fixture(&format!("ss/{name}.ss"));
        let a = read_as(&text, Format::Ss);
        assert_eq!(lines_of(&a), [puzzle.to_string()], "{name}");
        cells_point_at_their_bytes(&text, &a, &[puzzle]);
        assert_eq!(verdicts(&a), verdicts(&want), "{name}");
        assert_eq!(a.reports[0].solution, want.reports[0].solution);
        assert_eq!(codes(&a), codes(&want), "{name}");
        if name == "several" {
            continue;
        }
        // .sdx: every open cell written with its candidates: a state with the same verdict.
        let text = fixture(&format!("sdx/{name}.sdx"));
        let a = read_as(&text, Format::Sdx);
        let p = &a.file.puzzles[0];
        assert!(p.pencil.is_some());
        assert_eq!(verdicts(&a), verdicts(&want), "{name}");
        assert_eq!(a.reports[0].solution, want.reports[0].solution);
        for (i, r) in p.cells.iter().enumerate() {
            let tok = &text[r.as_range()];
            match p.givens[i] {
                0 => assert!(tok.len() > 1, "{name} {i} {tok}"),
                v => assert_eq!(tok, v.to_string()),
            }
        }
    }
}

#[test]
fn pencil_mark_states_keep_placed_digits_and_eliminations() {
    for (path, format) in [
        ("ss/state.ss", Format::Ss),
        ("sdx/state.sdx", Format::Sdx),
        ("opensudoku/state.opensudoku", Format::OpenSudoku),
    ] {
        let text = fixture(path);
        let a = read_as(&text, format);
        let p = &a.file.puzzles[0];
        let pm = p.pencil.as_deref().expect(path);
        assert_eq!(&p.givens[..3], [9, 5, 3], "{path}");
        assert!((0..3).all(|c| pm.is_placed(c)), "{path}");
        assert!(!pm.is_placed(17), "{path}: r2c9 is a given");
        let allowed = pm.allowed(&p.grid());
        assert_eq!(
            allowed[9] & crate::grid::bit(2),
            0,
            "{path}: 2 removed from r2c1"
        );
        assert_eq!(verdicts(&a)[0], Verdict::Solutions(1), "{path}");
        assert!(
            a.findings.iter().all(|f| f.puzzle != Some(0)),
            "{path}: {:?}",
            a.findings
        );
        // The wrong elimination of the second state is on r2c2's bytes.
        let wrong = match format {
            Format::OpenSudoku => read_as(&text, format),
            _ => read_as(
                &fixture(&path.replace("state", "wrong-elimination")),
                format,
            ),
        };
        let f = wrong
            .findings
            .iter()
            .find(|f| f.code == Code::WrongElimination)
            .expect(path);
        let q = wrong
            .file
            .puzzles
            .iter()
            .find(|q| Some(q.index) == f.puzzle)
            .unwrap();
        assert_eq!(f.range, q.cells.at(10), "{path}");
    }
    // An .ss placed digit's cell is its I line.
    let text = fixture("ss/state.ss");
    let a = read_as(&text, Format::Ss);
    assert_eq!(&text[a.file.puzzles[0].cells.at(0).as_range()], "I911");
}

#[test]
fn opensudoku_games_read_with_folders_entities_and_version_one() {
    let text = fixture("opensudoku/folders.opensudoku");
    let a = read_as(&text, Format::OpenSudoku);
    assert_eq!(lines_of(&a), [SOUND, NONE, SEVERAL, CLASH]);
    cells_point_at_their_bytes(&text, &a, &[SOUND, NONE, SEVERAL, CLASH]);
    let (_, want) = reference(&[SOUND, NONE, SEVERAL, CLASH]);
    assert_eq!(verdicts(&a), verdicts(&want));
    let p = &a.file.puzzles[0];
    let meta: Vec<&str> = p.directives.all.iter().map(|d| d.value.as_str()).collect();
    assert!(meta.contains(&"folder Bundled & checked"), "{meta:?}");
    assert!(meta.contains(&"created 1700000000001"), "{meta:?}");
    // Entities are counted as written: `&#48;` is one cell of five bytes, `&#10;` one character.
    let xml = format!(
        "<opensudoku version=\"2\"><folder name=\"f\"><game data=\"&#48;{}\"/></folder></opensudoku>",
        &SOUND.replace('.', "0")[1..]
    );
    let a = read_as(&xml, Format::OpenSudoku);
    let p = &a.file.puzzles[0];
    assert_eq!(&xml[p.cells.at(0).as_range()], "&#48;");
    assert_eq!(&xml[p.cells.at(1).as_range()], "0");
    assert_eq!(verdicts(&a), [Verdict::Solutions(1)]);
    let v3 = fixture("opensudoku/state.opensudoku");
    let a = read_as(&v3, Format::OpenSudoku);
    let p = &a.file.puzzles[0];
    assert_eq!(&v3[p.cells.at(0).as_range()], "9");
    assert!(v3[p.cells.at(0).start - 15..p.cells.at(0).start].ends_with("version: 3&#10;"));
    // Version 1: the metadata elements belong to every game.
    let v1 = fixture("opensudoku/version1.opensudoku");
    let a = read_as(&v1, Format::OpenSudoku);
    assert_eq!(a.file.puzzles.len(), 2);
    let p = &a.file.puzzles[1];
    assert_eq!(
        p.directives.get("author").unwrap().value,
        "sudoku-lsp fixtures"
    );
    assert_eq!(
        p.directives.get("url").unwrap().value,
        "https://example.invalid/sets"
    );
    assert_eq!(p.directives.get("level").unwrap().value, "medium");
    // Broken XML and another root are one finding each.
    let a = read_as(
        "<opensudoku><game data=\"1\"></opensudoku>",
        Format::OpenSudoku,
    );
    assert_eq!(a.findings.len(), 1, "{:?}", a.findings);
    let a = read_as("<other/>", Format::OpenSudoku);
    assert_eq!(a.findings.len(), 1);
    assert_eq!(a.findings[0].code, Code::NotAPuzzleFile);
}

#[test]
fn hodoku_lines_read_plain_puzzles_and_states() {
    let text = fixture("hodoku/library.txt");
    let a = read_as(&text, Format::Hodoku);
    assert_eq!(detect(&text), Format::Hodoku);
    assert_eq!(a.file.puzzles.len(), 6);
    let plain = [SOUND, NONE, SEVERAL, CLASH];
    let (_, want) = reference(&plain);
    assert_eq!(&verdicts(&a)[..4], &verdicts(&want)[..]);
    for (p, want) in a.file.puzzles.iter().zip(plain) {
        assert!(p.pencil.is_none());
        let got: String = p.cells.iter().map(|r| &text[r.as_range()]).collect();
        assert_eq!(got, want);
    }
    let p = &a.file.puzzles[4];
    let pm = p.pencil.as_deref().unwrap();
    assert!(pm.is_placed(0));
    assert_eq!(&text[p.cells.at(0).as_range()], "+9");
    assert_eq!(verdicts(&a)[4], Verdict::Solutions(1));
    assert!(p.directives.all.iter().any(|d| d.value == "technique 0100"));
    let f = a
        .findings
        .iter()
        .find(|f| f.code == Code::WrongElimination)
        .unwrap();
    assert_eq!(f.puzzle, Some(5));
    // A line with the wrong number of cells is one finding.
    let short = format!(":0000:x:{}:::\n", &SOUND[1..]);
    let a = read_as(&short, Format::Hodoku);
    assert_eq!(
        a.findings
            .iter()
            .filter(|f| f.code == Code::UnrecognizedLine)
            .count(),
        1
    );
}

#[test]
fn a_plus_in_a_pencil_mark_grid_is_a_placed_digit() {
    let text = "+1 234 234 234\n234 234 1 234\n234 1 234 234\n234 234 234 1\n";
    let a = analyze(text, &Config::default());
    let p = &a.file.puzzles[0];
    let pm = p.pencil.as_deref().unwrap();
    assert_eq!(p.givens[0], 1);
    assert!(pm.is_placed(0) && !pm.is_placed(6));
    assert_eq!(&text[p.cells.at(0).as_range()], "+1");
    let bad = analyze(
        "+12 234 234 234\n234 234 1 234\n234 1 234 234\n234 234 234 1\n",
        &Config::default(),
    );
    assert_eq!(bad.findings[0].code, Code::InvalidSymbol);
}

#[test]
fn a_bank_line_of_the_wrong_length_is_one_finding() {
    let text = format!(
        "0000183b2e0f {} 3.2\n0000183b2e10 {SOUND} 3.2\n",
        &SOUND[1..]
    );
    assert_eq!(detect(&text), Format::Bank);
    let a = analyze_as(
        &text,
        Reading::decide(None, None, &text),
        &Config::default(),
    );
    assert_eq!(a.findings.len(), 1, "{:?}", a.findings);
    assert_eq!(a.findings[0].code, Code::UnrecognizedLine);
    assert!(
        a.findings[0].message.contains("80"),
        "{}",
        a.findings[0].message
    );
}

#[test]
fn a_hex_token_then_only_white_space_is_no_bank_line() {
    // Found by the fuzzer: the cells' range ran backwards past the trailing blank.
    for text in ["2378 \n", "2378 \t \n", "  abcd  \n0000183b2e0f \n"] {
        assert_ne!(detect(text), Format::Bank, "{text:?}");
        let a = read_as(text, Format::Bank);
        assert!(a.file.puzzles.is_empty(), "{text:?}");
    }
}

#[test]
fn what_is_no_puzzle_file_is_told_apart() {
    let yes: [&[u8]; 8] = [
        b"{\"a\": 1}",
        b"  [\n {\"x\": 2}]",
        b"<!DOCTYPE html><html></html>",
        b"<?xml version=\"1.0\"?><root/>",
        b"<svg xmlns=\"x\"></svg>",
        b"\x89PNG\r\n\x1a\n\0\0\0",
        b"GIF89a....",
        b"abc\0def",
    ];
    let no: [&[u8]; 6] = [
        b"<opensudoku version=\"2\"></opensudoku>",
        b"[Puzzle]\n.........\n",
        SOUND.as_bytes(),
        b"# a comment\n@title x\n",
        b"puzzle,solution\n",
        b"\xff\xfe1\x002\x00",
    ];
    for (bytes, is_no_puzzle) in yes
        .iter()
        .map(|b| (b, true))
        .chain(no.iter().map(|b| (b, false)))
    {
        let text = String::from_utf8_lossy(bytes);
        assert_eq!(sniff::looks_like(bytes).is_some(), is_no_puzzle, "{text}");
    }
    let a = crate::analysis::analyze_file(b"{\"a\": [1, 2, 3]}\n", None, None, &Config::default());
    assert_eq!(a.findings.len(), 1);
    assert_eq!(a.findings[0].code, Code::NotAPuzzleFile);
    assert!(a.findings[0].message.contains("JSON"));
}

#[test]
fn text_that_is_no_puzzle_gives_one_finding_a_line_not_one_a_character() {
    let json = "{\n  \"puzzles\": [\n    {\"id\": 1, \"grid\": \"..3.2.6..\"},\n    {\"name\": \"Arto Inkala's hardest\"}\n  ]\n}\n";
    let a = analyze(json, &Config::default());
    let lines = json.lines().count();
    assert!(a.findings.len() <= lines + 1, "{:#?}", a.findings);
    for l in 0..lines {
        let on_line = a
            .findings
            .iter()
            .filter(|f| json[..f.range.start].matches('\n').count() == l)
            .filter(|f| f.code != Code::NoPuzzle)
            .count();
        assert!(on_line <= 1, "line {l}: {:#?}", a.findings);
    }
}

/// Every fixture read as every format (what the `formats` fuzz target starts from): no panic,
/// every cell a range of the text on character boundaries, and filled-in text reads again.
#[test]
fn every_fixture_reads_as_every_format() {
    fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                files(&p, out);
            } else if std::fs::metadata(&p).is_ok_and(|m| m.len() < 64 << 10) {
                out.push(p);
            }
        }
    }
    let mut all = Vec::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut all,
    );
    let config = Config::default();
    for path in all {
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        for format in Format::ALL.into_iter().filter(|&f| f != Format::Sudoku) {
            let reading = Reading {
                format,
                delimiter: None,
                chosen: true,
            };
            let a = analyze_as(&text, reading, &config);
            for p in &a.file.puzzles {
                for r in p.cells.iter() {
                    assert!(r.end <= text.len() && text.is_char_boundary(r.start));
                    assert!(text.is_char_boundary(r.end), "{path:?} {format:?}");
                }
            }
            let filled = fill_text(&text, &a);
            let again = analyze_as(&filled.text, reading, &config);
            assert!(
                again.file.puzzles.len() <= a.file.puzzles.len() + 1,
                "{path:?}"
            );
        }
    }
}
