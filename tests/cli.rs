//! End-to-end tests of the `sudoku-lsp` binary: output snapshots per fixture folder, the JSON
//! shape, GitHub escaping, exit codes, standard input, configuration, `@allow` and `solve`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lsp");

/// The classic puzzle's solution, for checking what `solve` writes.
const CLASSIC_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs the binary in the crate's folder (so fixture paths print as `fixtures/...`).
fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    {
        // Dropping stdin closes it, so `-` sees the end of input.
        let mut input = child.stdin.take().expect("stdin is piped");
        if let Some(bytes) = stdin {
            input.write_all(bytes).expect("stdin takes the input");
        }
    }
    let out = child.wait_with_output().expect("the binary finishes");
    Run {
        code: out.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Run {
    run_in(root(), args, None)
}

fn json(args: &[&str]) -> (i32, Value) {
    let r = run(args);
    let v = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}\nstderr:\n{}", r.stdout, r.stderr));
    (r.code, v)
}

/// Every item under `key` (`diagnostics`, `puzzles`) of every file of a JSON document, in
/// output order.
fn each<'a>(doc: &'a Value, key: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(move |f| f[key].as_array().unwrap().iter())
}

/// Every code of every diagnostic in a JSON document, in output order.
fn codes(doc: &Value) -> Vec<String> {
    each(doc, "diagnostics")
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

/// The path of every file of a JSON document, in output order.
fn file_paths(doc: &Value) -> Vec<&str> {
    doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect()
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

// ---------------------------------------------------------------------------------------------
// Human output: one snapshot per fixture folder, exit code and stderr included.

fn human_snapshot(folder: &str) -> String {
    let path = format!("fixtures/{folder}");
    let r = run(&["check", "--color", "never", &path]);
    format!(
        "$ sudoku-lsp check {path}\n{}--- exit {}\n{}",
        r.stdout, r.code, r.stderr
    )
}

macro_rules! snapshot_folders {
    ($($name:ident => $folder:literal,)*) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), human_snapshot($folder));
        }
    )*};
}

snapshot_folders! {
    human_ok => "ok",
    human_encoding => "encoding",
    human_unrecognized_line => "unrecognized-line",
    human_invalid_symbol => "invalid-symbol",
    human_row_length => "row-length",
    human_row_count => "row-count",
    human_duplicate_digit => "duplicate-digit",
    human_no_candidates => "no-candidates",
    human_digit_has_no_place => "digit-has-no-place",
    human_no_solution => "no-solution",
    human_multiple_solutions => "multiple-solutions",
    human_solution_mismatch => "solution-mismatch",
    human_wrong_elimination => "wrong-elimination",
    human_unknown_directive => "unknown-directive",
    human_no_puzzle => "no-puzzle",
    human_box_shape => "box-shape",
    human_config => "config",
    human_allow => "allow",
    human_level_mismatch => "level-mismatch",
    human_unknown_level => "unknown-level",
    human_duplicate_puzzle => "duplicate-puzzle",
    human_redundant_given => "redundant-given",
}

/// Each defect folder reports its own code, and exits as its severity says.
#[test]
fn every_code_folder_reports_its_code() {
    for (folder, exit) in [
        ("encoding", 1),
        ("unrecognized-line", 1),
        ("invalid-symbol", 1),
        ("row-length", 1),
        ("row-count", 1),
        ("duplicate-digit", 1),
        ("no-candidates", 1),
        ("digit-has-no-place", 1),
        ("no-solution", 1),
        ("multiple-solutions", 1),
        ("solution-mismatch", 1),
        ("level-mismatch", 0),
        ("unknown-level", 0),
        ("wrong-elimination", 1),
        ("search-gave-up", 0),
        ("unknown-directive", 0),
        ("no-puzzle", 0),
        ("box-shape", 0),
        ("duplicate-puzzle", 0),
        ("redundant-given", 0),
    ] {
        let (code, doc) = json(&["check", "--format", "json", &format!("fixtures/{folder}")]);
        assert!(
            codes(&doc).iter().any(|c| c == folder),
            "{folder}: {:?}",
            codes(&doc)
        );
        assert_eq!(code, exit, "{folder}");
    }
}

#[test]
fn good_puzzles_are_clean() {
    let r = run(&["check", "fixtures/ok"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.starts_with("All checked: "), "{}", r.stdout);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

#[test]
fn human_format_points_at_the_cell() {
    let r = run(&[
        "check",
        "--color",
        "never",
        "fixtures/duplicate-digit/row.sudoku",
    ]);
    assert_eq!(r.code, 1);
    // r1c7 is on line 2 (after the comment), column 7.
    assert!(
        r.stdout
            .contains("fixtures/duplicate-digit/row.sudoku:2:7: error[duplicate-digit]: "),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("2 | 53..7.5..\n  |       ^\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("= note: fixtures/duplicate-digit/row.sudoku:2:1: "),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.lines().last().unwrap().starts_with("Found "),
        "{}",
        r.stdout
    );
}

#[test]
fn colour_is_chosen_by_flag() {
    let path = "fixtures/encoding/latin1.sudoku";
    assert!(run(&["check", "--color", "always", path])
        .stdout
        .contains("\x1b["));
    assert!(!run(&["check", "--color", "never", path])
        .stdout
        .contains('\x1b'));
    // Not a terminal: auto means no colour.
    assert!(!run(&["check", path]).stdout.contains('\x1b'));
}

// ---------------------------------------------------------------------------------------------
// JSON

#[test]
fn json_shape_of_good_puzzles() {
    let (code, doc) = json(&["check", "--format", "json", "fixtures/ok"]);
    assert_eq!(code, 0);
    assert_eq!(doc["version"], 1);
    // What wrote it and the rating scale, so that a rating can be reproduced later.
    assert_eq!(doc["tool"]["name"], "sudoku-lsp");
    assert_eq!(doc["tool"]["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(doc["tool"]["rating"]["scale"], "HoDoKu 2.2 defaults");
    assert_eq!(doc["tool"]["rating"]["levels"][4]["level"], "extreme");
    let files = doc["files"].as_array().unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(
        paths,
        [
            "fixtures/ok/classic.sudoku",
            "fixtures/ok/collection.sudoku",
            "fixtures/ok/inkala.sudoku",
            "fixtures/ok/pencil-marks.sudoku",
            "fixtures/ok/sixteen.sudoku",
            "fixtures/ok/small.sudoku",
        ]
    );
    let mut puzzles = 0;
    for file in files {
        assert_eq!(file["diagnostics"], Value::Array(vec![]), "{file}");
        for p in file["puzzles"].as_array().unwrap() {
            puzzles += 1;
            let size = p["size"].as_u64().unwrap() as usize;
            assert_eq!(p["solutions"], 1, "{p}");
            let solution = p["solution"].as_str().unwrap();
            assert_eq!(solution.chars().count(), size * size, "{p}");
            assert!(!solution.contains('.'), "{p}");
            assert!(p["givens"].as_u64().unwrap() > 0);
            assert!(p["index"].is_u64() && p["line"].is_u64());
            assert!(p.get("rating").is_some());
        }
    }
    assert_eq!(puzzles, 1 + 3 + 1 + 1 + 1 + 3);
    assert_eq!(
        doc["summary"],
        serde_json::json!({"files": 6, "puzzles": puzzles, "errors": 0, "warnings": 0,
                           "infos": 0})
    );

    let classic = &files[0]["puzzles"][0];
    assert_eq!(classic["index"], 0);
    // Comment, three directives, then the first grid line (0-based line 4).
    assert_eq!(classic["line"], 4);
    assert_eq!(classic["size"], 9);
    assert_eq!(classic["givens"], 30);
    assert_eq!(classic["solution"], CLASSIC_SOLUTION);
    assert_eq!(classic["rating"], Value::Null);

    // The 16x16 solution is written in its alphabet: digits, then letters A-G.
    let sixteen = files[4]["puzzles"][0]["solution"].as_str().unwrap();
    assert!(sixteen
        .chars()
        .all(|c| (c.is_ascii_digit() && c != '0') || ('A'..='G').contains(&c)));
    assert!(sixteen.contains('G'));
    let collection = files[1]["puzzles"].as_array().unwrap();
    assert_eq!(
        collection
            .iter()
            .map(|p| p["line"].clone())
            .collect::<Vec<_>>(),
        [1, 2, 3]
    );
}

#[test]
fn json_shape_of_a_finding() {
    let (code, doc) = json(&[
        "check",
        "--format",
        "json",
        "fixtures/duplicate-digit/row.sudoku",
    ]);
    assert_eq!(code, 1);
    let file = &doc["files"][0];
    let dups: Vec<&Value> = file["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "duplicate-digit")
        .collect();
    // One finding on each clashing cell: r1c1 (line 1, column 0) and r1c7 (column 6).
    assert_eq!(dups.len(), 2, "{file}");
    let at = |d: &Value| {
        (
            d["range"]["start"]["line"].as_u64().unwrap(),
            d["range"]["start"]["column"].as_u64().unwrap(),
            d["range"]["end"]["line"].as_u64().unwrap(),
            d["range"]["end"]["column"].as_u64().unwrap(),
        )
    };
    assert_eq!(at(dups[0]), (1, 0, 1, 1));
    assert_eq!(at(dups[1]), (1, 6, 1, 7));
    for d in &dups {
        assert_eq!(d["severity"], "error");
        assert_eq!(d["puzzle"], 0);
        assert!(!d["message"].as_str().unwrap().is_empty());
    }
    assert_eq!(at(&dups[0]["related"][0]), (1, 6, 1, 7));
    assert_eq!(at(&dups[1]["related"][0]), (1, 0, 1, 1));
    assert!(dups[0]["related"][0]["message"].is_string());
    let puzzle = &file["puzzles"][0];
    assert_eq!(puzzle["solutions"], 0);
    assert_eq!(puzzle["solution"], Value::Null);
    assert!(doc["summary"]["errors"].as_u64().unwrap() >= 2);
}

#[test]
fn json_verdicts_for_each_kind_of_puzzle() {
    for (path, solutions) in [
        ("fixtures/no-solution/wrong-given.sudoku", Value::from(0)),
        (
            "fixtures/multiple-solutions/missing-given.sudoku",
            Value::from(2),
        ),
        ("fixtures/row-length/short-row.sudoku", Value::Null),
        ("fixtures/invalid-symbol/letter.sudoku", Value::Null),
    ] {
        let (_, doc) = json(&["check", "--format", "json", path]);
        let p = &doc["files"][0]["puzzles"][0];
        assert_eq!(p["solutions"], solutions, "{path}: {p}");
        assert_eq!(p["solution"], Value::Null, "{path}");
    }
    let (_, doc) = json(&["check", "--format", "json", "fixtures/no-puzzle"]);
    let d = &doc["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "no-puzzle");
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["puzzle"], Value::Null);
    assert_eq!(doc["summary"]["warnings"], 1);
}

#[test]
fn json_for_a_file_that_is_not_text() {
    let (code, doc) = json(&["check", "--format", "json", "fixtures/encoding"]);
    assert_eq!(code, 1);
    assert_eq!(codes(&doc), ["encoding", "encoding", "encoding"]);
    for file in doc["files"].as_array().unwrap() {
        assert_eq!(file["puzzles"], Value::Array(vec![]));
        assert_eq!(file["diagnostics"][0]["puzzle"], Value::Null);
    }
    assert_eq!(doc["summary"]["files"], 3);
    assert_eq!(doc["summary"]["errors"], 3);
}

// ---------------------------------------------------------------------------------------------
// GitHub

#[test]
fn github_lines_escape_file_names_and_messages() {
    let dir = temp();
    let name = "a,b:c%.sudoku";
    std::fs::copy(
        root().join("fixtures/encoding/latin1.sudoku"),
        dir.path().join(name),
    )
    .unwrap();
    let r = run_in(dir.path(), &["check", "--format", "github", name], None);
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", r.stdout);
    assert!(
        lines[0].starts_with(
            "::error file=a%2Cb%3Ac%25.sudoku,line=1,col=1,endLine=1,endColumn=1,title=encoding::"
        ),
        "{}",
        lines[0]
    );
    // The closing count goes to stderr so stdout stays workflow commands only.
    assert!(r.stderr.contains("Found 1 error"), "{}", r.stderr);
}

#[test]
fn github_positions_and_levels() {
    let r = run(&[
        "check",
        "--format",
        "github",
        "fixtures/duplicate-digit/row.sudoku",
        "fixtures/unknown-directive",
        "fixtures/box-shape",
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.lines().all(|l| l.starts_with("::")),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains(
        "::error file=fixtures/duplicate-digit/row.sudoku,line=2,col=7,endLine=2,endColumn=8,\
         title=duplicate-digit::"
    ));
    assert!(r
        .stdout
        .contains("::warning file=fixtures/unknown-directive/typo.sudoku,line=2,"));
    assert!(r
        .stdout
        .contains("::notice file=fixtures/box-shape/six.sudoku,"));
    // Files in sorted order.
    let first = r.stdout.find("box-shape/").unwrap();
    let second = r.stdout.find("duplicate-digit/").unwrap();
    assert!(first < second);
}

// ---------------------------------------------------------------------------------------------
// Exit codes and arguments

#[test]
fn help_and_version_exit_0() {
    let r = run(&["--version"]);
    assert_eq!(r.code, 0);
    // The version, then the commit and its date when built from a git checkout (build.rs).
    let line = r.stdout.trim();
    let rest = line
        .strip_prefix(&format!("sudoku-lsp {}", env!("CARGO_PKG_VERSION")))
        .unwrap_or_else(|| panic!("{line}"));
    let in_git = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .is_ok_and(|o| o.status.success());
    if in_git && std::env::var_os("SUDOKU_LSP_COMMIT").is_none() {
        let commit = rest
            .strip_prefix(" (")
            .and_then(|r| r.strip_suffix(')'))
            .unwrap_or_else(|| panic!("no commit in {line:?}"));
        let (hash, date) = commit.split_once(' ').unwrap();
        assert!(
            hash.len() == 12 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
            "{line}"
        );
        assert!(date.len() == 10 && date.as_bytes()[4] == b'-', "{line}");
    }
    for args in [&["--help"][..], &["check", "--help"], &["solve", "--help"]] {
        let r = run(args);
        assert_eq!(r.code, 0, "{args:?}");
        assert!(r.stdout.contains("Usage:"), "{args:?}");
    }
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["check", "--format", "xml"][..],
        &["check", "--bogus"],
        &["check", "--jobs", "0"],
        &["check", "--color", "sometimes"],
        &["solve"],
        &["frobnicate"],
    ] {
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}");
        assert!(!r.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn a_missing_path_exits_2_after_checking_the_others() {
    let r = run(&[
        "check",
        "--color",
        "never",
        "fixtures/does-not-exist",
        "fixtures/encoding/latin1.sudoku",
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("fixtures/does-not-exist: no such file or folder"),
        "{}",
        r.stderr
    );
    assert!(r
        .stdout
        .contains("fixtures/encoding/latin1.sudoku:1:1: error[encoding]"));
    // Missing even when everything else is clean.
    assert_eq!(run(&["check", "fixtures/ok", "nope.sudoku"]).code, 2);
}

#[test]
fn an_unreadable_path_exits_2() {
    // A path through a file names nothing that can be read.
    let r = run(&["check", "fixtures/ok/classic.sudoku/inner.sudoku"]);
    assert_eq!(r.code, 2);
    assert!(!r.stderr.is_empty());
}

#[test]
fn output_order_does_not_depend_on_threads() {
    let one = run(&["check", "--color", "never", "-j", "1", "fixtures"]);
    let many = run(&["check", "--color", "never", "-j", "4", "fixtures"]);
    assert_eq!(one.stdout, many.stdout);
    assert_eq!(one.code, many.code);
    // Paths appear in sorted order.
    let paths: Vec<&str> = one
        .stdout
        .lines()
        .filter(|l| l.starts_with("fixtures/"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted);
    // The same file named twice (or inside a named folder) is checked once.
    let twice = run(&[
        "check",
        "--format",
        "json",
        "fixtures/encoding",
        "fixtures/encoding/latin1.sudoku",
        "./fixtures/encoding/latin1.sudoku",
    ]);
    let doc: Value = serde_json::from_str(&twice.stdout).unwrap();
    assert_eq!(doc["summary"]["files"], 3);
}

// ---------------------------------------------------------------------------------------------
// Walking

#[test]
fn folders_are_walked_for_sudoku_files_respecting_gitignore() {
    let dir = temp();
    let d = dir.path();
    let bad = std::fs::read(root().join("fixtures/encoding/latin1.sudoku")).unwrap();
    std::fs::create_dir_all(d.join("sub/skipped")).unwrap();
    std::fs::write(d.join(".gitignore"), "ignored.sudoku\nskipped/\n").unwrap();
    for name in [
        "a.sudoku",
        "sub/b.sudoku",
        "ignored.sudoku",
        "sub/skipped/c.sudoku",
        "notes.txt",
    ] {
        std::fs::write(d.join(name), &bad).unwrap();
    }
    let paths = |r: &Run| -> Vec<String> {
        let doc: Value = serde_json::from_str(&r.stdout).unwrap();
        doc["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["path"].as_str().unwrap().to_string())
            .collect()
    };
    // Default path is `.`, shown without the `./`.
    let r = run_in(d, &["check", "--format", "json"], None);
    assert_eq!(paths(&r), ["a.sudoku", "sub/b.sudoku"]);
    // Named files are checked whatever their name and whatever .gitignore says.
    let r = run_in(
        d,
        &[
            "check",
            "--format",
            "json",
            "ignored.sudoku",
            "notes.txt",
            "sub",
        ],
        None,
    );
    assert_eq!(paths(&r), ["ignored.sudoku", "notes.txt", "sub/b.sudoku"]);
    assert_eq!(r.code, 1);
}

#[test]
fn an_empty_folder_is_not_an_error() {
    let dir = temp();
    let r = run_in(dir.path(), &["check"], None);
    assert_eq!(r.code, 0);
    assert!(r.stderr.contains("no .sudoku files found"), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "All checked: 0 puzzles in 0 files, no problems.\n"
    );
}

// ---------------------------------------------------------------------------------------------
// Standard input

#[test]
fn stdin_is_read_with_a_dash() {
    let bad = std::fs::read(root().join("fixtures/encoding/latin1.sudoku")).unwrap();
    let r = run_in(root(), &["check", "--color", "never", "-"], Some(&bad));
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.starts_with("<stdin>:1:1: error[encoding]"),
        "{}",
        r.stdout
    );

    let r = run_in(
        root(),
        &[
            "check",
            "--format",
            "json",
            "--stdin-filename",
            "puzzles/x.sudoku",
            "-",
        ],
        Some(&bad),
    );
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["files"][0]["path"], "puzzles/x.sudoku");

    // `--stdin-filename` alone reads stdin too.
    let good = std::fs::read(root().join("fixtures/ok/classic.sudoku")).unwrap();
    let r = run_in(
        root(),
        &["check", "--format", "json", "--stdin-filename", "c.sudoku"],
        Some(&good),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["files"][0]["puzzles"][0]["solution"], CLASSIC_SOLUTION);
}

#[test]
fn stdin_uses_the_configuration_of_its_stated_name() {
    let dup = std::fs::read(root().join("fixtures/config/relaxed.sudoku")).unwrap();
    let r = run_in(
        root(),
        &[
            "check",
            "--format",
            "json",
            "--stdin-filename",
            "fixtures/config/new.sudoku",
            "-",
        ],
        Some(&dup),
    );
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["files"][0]["diagnostics"][0]["severity"], "warning");
    assert_eq!(r.code, 0);
}

// ---------------------------------------------------------------------------------------------
// Configuration and @allow

#[test]
fn configuration_sets_severities_and_excludes() {
    let (code, doc) = json(&["check", "--format", "json", "fixtures/config"]);
    assert_eq!(code, 0, "{doc}");
    let paths = file_paths(&doc);
    // drafts/ is excluded; box-shape is off; multiple-solutions is a warning.
    assert_eq!(
        paths,
        [
            "fixtures/config/relaxed.sudoku",
            "fixtures/config/six.sudoku"
        ]
    );
    assert_eq!(codes(&doc), ["multiple-solutions"]);
    assert_eq!(doc["files"][0]["diagnostics"][0]["severity"], "warning");
    assert_eq!(doc["summary"]["warnings"], 1);
    assert_eq!(doc["summary"]["infos"], 0);

    // An excluded file named on the command line is still checked (with the configuration).
    let r = run(&["check", "fixtures/config/drafts/clash.sudoku"]);
    assert_eq!(r.code, 1);
}

#[test]
fn config_flag_overrides_discovery() {
    let dir = temp();
    let config = dir.path().join("strict.toml");
    std::fs::write(&config, "[severity]\nno-solution = \"off\"\n").unwrap();
    let config = config.to_str().unwrap();
    let (code, doc) = json(&[
        "check",
        "--format",
        "json",
        "--config",
        config,
        "fixtures/config/relaxed.sudoku",
        "fixtures/no-solution",
    ]);
    // relaxed.sudoku's own folder configuration is not read: multiple-solutions is an error
    // again, and no-solution is off.
    assert_eq!(codes(&doc), ["multiple-solutions"]);
    assert_eq!(doc["files"][0]["diagnostics"][0]["severity"], "error");
    assert_eq!(code, 1);
}

#[test]
fn a_broken_configuration_exits_2_with_the_reason() {
    let dir = temp();
    let d = dir.path();
    std::fs::write(
        d.join("sudoku-lsp.toml"),
        "[severity]\nduplicate = \"off\"\n",
    )
    .unwrap();
    std::fs::copy(
        root().join("fixtures/ok/classic.sudoku"),
        d.join("a.sudoku"),
    )
    .unwrap();
    let r = run_in(d, &["check"], None);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("sudoku-lsp.toml"), "{}", r.stderr);
    assert!(
        r.stderr.contains("unknown code `duplicate`"),
        "{}",
        r.stderr
    );

    std::fs::write(d.join("sudoku-lsp.toml"), "exclude = [\"x\"]\nlevel = 3\n").unwrap();
    let r = run_in(d, &["check", "a.sudoku"], None);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown key `level`"), "{}", r.stderr);

    let r = run_in(d, &["check", "--config", "missing.toml", "a.sudoku"], None);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("missing.toml"), "{}", r.stderr);
}

#[test]
fn allow_silences_a_file_or_one_puzzle() {
    let (code, doc) = json(&[
        "check",
        "--format",
        "json",
        "fixtures/allow/file-wide.sudoku",
    ]);
    assert_eq!(codes(&doc), Vec::<String>::new());
    assert_eq!(code, 0);
    let (code, doc) = json(&[
        "check",
        "--format",
        "json",
        "fixtures/allow/per-puzzle.sudoku",
    ]);
    assert_eq!(codes(&doc), ["multiple-solutions"]);
    assert_eq!(doc["files"][0]["diagnostics"][0]["puzzle"], 1);
    assert_eq!(code, 1);
}

// ---------------------------------------------------------------------------------------------
// Hostile files

#[test]
fn hostile_files_give_a_finding_not_a_crash() {
    let dir = temp();
    let d = dir.path();
    let mut huge = "5".repeat(2_000_000);
    huge.push('\n');
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty.sudoku", Vec::new()),
        ("binary.sudoku", (0..=255u8).cycle().take(4096).collect()),
        (
            "utf16.sudoku",
            std::fs::read(root().join("fixtures/encoding/utf16.sudoku")).unwrap(),
        ),
        ("huge-line.sudoku", huge.into_bytes()),
        ("controls.sudoku", b"\x1b[31m\x00\x07\r\r\n@\n#\n".to_vec()),
        ("bom-only.sudoku", b"\xEF\xBB\xBF".to_vec()),
    ];
    for (name, bytes) in &cases {
        std::fs::write(d.join(name), bytes).unwrap();
        let r = run_in(d, &["check", "--color", "never", name], None);
        assert!(r.code == 0 || r.code == 1, "{name}: {}", r.stderr);
        assert!(
            r.stdout.contains(&format!("{name}:1:")),
            "{name}: no finding:\n{}",
            r.stdout
        );
        // A long line is shown as a window, not copied whole.
        let longest = r.stdout.lines().map(str::len).max().unwrap_or(0);
        assert!(longest < 10_000, "{name}: a line of {longest} bytes");
        assert!(!r.stdout.contains('\x1b'), "{name}");
        let (_, doc) = {
            let r = run_in(d, &["check", "--format", "json", name], None);
            (r.code, serde_json::from_str::<Value>(&r.stdout).unwrap())
        };
        assert!(!codes(&doc).is_empty(), "{name}");
    }
}

// ---------------------------------------------------------------------------------------------
// solve

/// Checks that `after` is `before` with only blank cells of grid lines changed.
fn only_blanks_changed(before: &str, after: &str) {
    assert_eq!(before.len(), after.len(), "{after}");
    for (b, a) in before.chars().zip(after.chars()) {
        assert!(b == a || b == '.', "{b} became {a}");
    }
}

#[test]
fn solve_prints_the_filled_file() {
    let before = std::fs::read_to_string(root().join("fixtures/ok/classic.sudoku")).unwrap();
    let r = run(&["solve", "fixtures/ok/classic.sudoku"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    only_blanks_changed(&before, &r.stdout);
    let cells: String = r
        .stdout
        .lines()
        .filter(|l| !l.starts_with(['#', '@', '-']))
        .flat_map(|l| l.chars().filter(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(cells, CLASSIC_SOLUTION);
    // Every layout fills in place.
    for file in ["collection", "inkala", "sixteen", "small"] {
        let path = format!("fixtures/ok/{file}.sudoku");
        let before = std::fs::read_to_string(root().join(&path)).unwrap();
        let r = run(&["solve", &path]);
        assert_eq!(r.code, 0, "{path}: {}", r.stderr);
        only_blanks_changed(&before, &r.stdout);
        assert!(r.stdout != before, "{path}: nothing filled");
    }
}

#[test]
fn solve_reports_what_it_could_not_fill() {
    for (path, why) in [
        (
            "fixtures/multiple-solutions/missing-given.sudoku",
            "several solutions",
        ),
        ("fixtures/no-solution/wrong-given.sudoku", "no solution"),
        ("fixtures/row-length/short-row.sudoku", "syntax error"),
    ] {
        let before = std::fs::read_to_string(root().join(path)).unwrap();
        let r = run(&["solve", path]);
        assert_eq!(r.code, 1, "{path}");
        assert_eq!(r.stdout, before, "{path}");
        assert!(
            r.stderr
                .contains(&format!("{path}:2: puzzle 1 was not filled in: ")),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains(why), "{path}: {}", r.stderr);
    }
    let r = run(&["solve", "fixtures/encoding/utf16.sudoku"]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.is_empty());
    let r = run(&["solve", "fixtures/nope.sudoku"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no such file"), "{}", r.stderr);
}

#[test]
fn solve_write_replaces_the_file_keeping_bom_and_line_ends() {
    let dir = temp();
    let d = dir.path();
    let classic = std::fs::read_to_string(root().join("fixtures/ok/classic.sudoku")).unwrap();
    let several =
        std::fs::read_to_string(root().join("fixtures/multiple-solutions/missing-given.sudoku"))
            .unwrap();
    // A BOM, CRLF line ends, a puzzle that can be filled and one that cannot.
    let original = format!("\u{FEFF}{classic}\n{several}").replace('\n', "\r\n");
    let file = d.join("mixed.sudoku");
    std::fs::write(&file, &original).unwrap();

    let r = run_in(d, &["solve", "--write", "mixed.sudoku"], None);
    // One puzzle could not be filled: exit 1, but the file holds what could be.
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert!(
        r.stderr.contains("puzzle 2 was not filled in"),
        "{}",
        r.stderr
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with('\u{FEFF}'));
    only_blanks_changed(&original, &written);
    assert_eq!(
        written.matches("\r\n").count(),
        original.matches("\r\n").count()
    );
    assert!(written.contains("534|678|912\r\n"), "{written}");
    // The second puzzle is untouched.
    assert!(written.ends_with(&several.replace('\n', "\r\n")));
    // Nothing is left behind but the file itself.
    let names: Vec<PathBuf> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(names, std::slice::from_ref(&file));

    // A file with nothing to fill is not rewritten.
    let unsolvable = d.join("unsolvable.sudoku");
    std::fs::write(&unsolvable, &several).unwrap();
    let before = std::fs::metadata(&unsolvable).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let r = run_in(d, &["solve", "--write", "unsolvable.sudoku"], None);
    assert_eq!(r.code, 1);
    assert_eq!(std::fs::read_to_string(&unsolvable).unwrap(), several);
    assert_eq!(
        std::fs::metadata(&unsolvable).unwrap().modified().unwrap(),
        before
    );
}

#[test]
fn server_is_a_subcommand() {
    let r = run(&["server", "--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("--stdio"));
}

// ---------------------------------------------------------------------------------------------
// Line ends, byte-order marks and logs

#[test]
fn crlf_and_bom_do_not_shift_positions() {
    let dir = temp();
    let plain =
        std::fs::read_to_string(root().join("fixtures/duplicate-digit/row.sudoku")).unwrap();
    let crlf = format!("\u{FEFF}{}", plain.replace('\n', "\r\n"));
    std::fs::write(dir.path().join("a.sudoku"), crlf).unwrap();
    let r = run_in(dir.path(), &["check", "--color", "never", "a.sudoku"], None);
    assert_eq!(r.code, 1);
    // Same line and column as the LF file; no carriage return leaks into the snippet.
    assert!(
        r.stdout.contains("a.sudoku:2:7: error[duplicate-digit]"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("2 | 53..7.5..\n"), "{}", r.stdout);
    assert!(!r.stdout.contains('\r'));
    let r = run_in(dir.path(), &["check", "--format", "json", "a.sudoku"], None);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        doc["files"][0]["diagnostics"][1]["range"]["start"]["column"],
        6
    );
}

#[test]
fn logs_go_to_stderr_only() {
    let r = run(&["-vv", "check", "--format", "json", "fixtures/ok"]);
    assert_eq!(r.code, 0);
    serde_json::from_str::<Value>(&r.stdout).expect("stdout is still pure JSON");
    assert!(r.stderr.contains("checking"), "{}", r.stderr);
    let quiet = run(&["check", "--format", "json", "fixtures/ok"]);
    assert!(quiet.stderr.is_empty(), "{}", quiet.stderr);
}

// ---------------------------------------------------------------------------------------------
// A collection big enough to be analysed in pieces and streamed.

/// Writes a collection of more than 4 MB: the 17-clue sample repeated, with a clashing puzzle
/// planted near the end, so it is read in several pieces.
fn big_collection(dir: &Path) -> (PathBuf, usize, usize) {
    let sample = std::fs::read_to_string(root().join("fixtures/sets/17-clue.txt")).unwrap();
    let lines: Vec<&str> = sample
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .collect();
    let mut text = String::from("# a big collection\n");
    let mut count = 0;
    while text.len() < 4_500_000 {
        text.push_str(lines[count % lines.len()]);
        text.push_str("  id=");
        text.push_str(&count.to_string());
        text.push('\n');
        count += 1;
    }
    // The clash: a 4 at r1c2 beside the 4 at r1c1, and under it in column 2 at r7c2.
    let clash_line = text.lines().count();
    text.push_str(
        "44...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n",
    );
    count += 1;
    let path = dir.join("big.sudoku");
    std::fs::write(&path, text).unwrap();
    (path, count, clash_line)
}

#[test]
fn a_big_collection_streams_every_puzzle_in_order() {
    let d = temp();
    let (path, count, clash_line) = big_collection(d.path());
    let path = path.to_str().unwrap();
    for jobs in ["1", "2"] {
        let (code, doc) = json(&["check", "--jobs", jobs, "--format", "json", path]);
        assert_eq!(code, 1);
        let puzzles = doc["files"][0]["puzzles"].as_array().unwrap();
        assert_eq!(puzzles.len(), count);
        for (i, p) in puzzles.iter().enumerate() {
            assert_eq!(p["index"], i);
            assert_eq!(p["line"], i + 1);
        }
        assert!(puzzles[..count - 1].iter().all(|p| p["solutions"] == 1));
        assert_eq!(puzzles[count - 1]["solutions"], 0);
        let diags = doc["files"][0]["diagnostics"].as_array().unwrap();
        assert_eq!(diags.len(), 3, "{diags:?}");
        assert!(diags
            .iter()
            .all(|d| d["code"] == "duplicate-digit" && d["range"]["start"]["line"] == clash_line));
        assert_eq!(doc["summary"]["puzzles"], count);
        assert_eq!(doc["summary"]["errors"], 3);
    }
    let r = run(&["check", "--jobs", "2", path]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.matches("error[duplicate-digit]").count(), 3);
    assert!(r.stdout.contains(&format!(
        "big.sudoku:{}:1: error[duplicate-digit]",
        clash_line + 1
    )));
}

#[test]
fn a_big_file_that_is_not_utf8_gets_its_one_encoding_finding() {
    // Past the streaming size, with the bad byte (and a NUL, in the second file) far past the
    // first chunk: found by the first pass, before any output.
    let d = temp();
    let (path, _, _) = big_collection(d.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 10;
    for (name, bad, message) in [
        ("latin1.sudoku", 0xE9u8, "invalid UTF-8 at byte"),
        ("nul.sudoku", 0u8, "NUL byte at byte"),
    ] {
        bytes[at] = bad;
        std::fs::write(d.path().join(name), &bytes).unwrap();
        let (code, doc) = json(&[
            "check",
            "--format",
            "json",
            d.path().join(name).to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{name}");
        let file = &doc["files"][0];
        assert_eq!(file["puzzles"].as_array().unwrap().len(), 0, "{name}");
        let diags = file["diagnostics"].as_array().unwrap();
        assert_eq!(diags.len(), 1, "{name}: {diags:?}");
        assert_eq!(diags[0]["code"], "encoding");
        let text = diags[0]["message"].as_str().unwrap();
        assert!(text.contains(&format!("{message} {at}")), "{name}: {text}");
    }
}

#[test]
fn sudoku_lsp_log_turns_on_logging_to_stderr_only() {
    let out = Command::new(BIN)
        .args(["check", "--format", "json", "fixtures/ok"])
        .current_dir(root())
        .env_remove("RUST_LOG")
        .env("SUDOKU_LSP_LOG", "sudoku_lsp=info")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("checking"), "stderr: {stderr}");
    // stdout stays one JSON document.
    serde_json::from_slice::<Value>(&out.stdout).expect("stdout is JSON");
    let quiet = Command::new(BIN)
        .args(["check", "fixtures/ok"])
        .current_dir(root())
        .env_remove("RUST_LOG")
        .env_remove("SUDOKU_LSP_LOG")
        .output()
        .expect("the binary runs");
    assert!(
        quiet.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
}

// ---------------------------------------------------------------------------------------------
// `explain` and `check --rate`.

#[test]
fn explain_human_snapshot() {
    let r = run(&["explain", "fixtures/ok/small.sudoku"]);
    insta::assert_snapshot!(
        "explain_human_small",
        format!("{}--- exit {}\n{}", r.stdout, r.code, r.stderr)
    );
}

#[test]
fn explain_json_snapshot() {
    let (code, doc) = json(&["explain", "--format", "json", "fixtures/ok/small.sudoku"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(
        "explain_json_small",
        serde_json::to_string_pretty(&doc).unwrap()
    );
}

/// The puzzles of an `explain` document, across files.
fn explained(doc: &Value) -> Vec<Value> {
    doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["puzzles"].as_array().unwrap().clone())
        .collect()
}

#[test]
fn explain_json_shape_and_steps_reach_the_solution() {
    let (code, doc) = json(&["explain", "--format", "json", "fixtures/ok"]);
    assert_eq!(code, 0);
    assert_eq!(doc["version"], 1);
    let (_, checked) = json(&["check", "--format", "json", "fixtures/ok"]);
    let solutions: Vec<Value> = checked["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["puzzles"].as_array().unwrap().clone())
        .collect();
    let puzzles = explained(&doc);
    assert_eq!(puzzles.len(), solutions.len());
    for (p, c) in puzzles.iter().zip(&solutions) {
        assert_eq!(p["solved"], true, "{p}");
        assert_eq!((&p["index"], &p["line"]), (&c["index"], &c["line"]));
        assert!(p["level"].is_string() && p["score"].is_u64() && p["hardest"].is_string());
        assert!(p.get("reason").is_none());
        // Every placement is the solution's digit, in the puzzle's alphabet; no elimination
        // removes it.
        let size = c["size"].as_u64().unwrap() as usize;
        let solution: Vec<char> = c["solution"].as_str().unwrap().chars().collect();
        let cell = |name: &str| {
            let (r, col) = name[1..].split_once('c').unwrap();
            (r.parse::<usize>().unwrap() - 1) * size + col.parse::<usize>().unwrap() - 1
        };
        for step in p["steps"].as_array().unwrap() {
            for key in [
                "technique",
                "placements",
                "eliminations",
                "cells",
                "explanation",
            ] {
                assert!(step.get(key).is_some(), "{key} in {step}");
            }
            for pl in step["placements"].as_array().unwrap() {
                let digit = pl["digit"].as_str().unwrap();
                let want = solution[cell(pl["cell"].as_str().unwrap())].to_string();
                assert_eq!(digit, want, "{step}");
            }
            for el in step["eliminations"].as_array().unwrap() {
                let want = solution[cell(el["cell"].as_str().unwrap())];
                assert!(!el["digits"].as_str().unwrap().contains(want), "{step}");
            }
        }
    }
}

#[test]
fn explain_exit_codes() {
    // Several solutions: not explained, with the reason; exit 1.
    let (code, doc) = json(&[
        "explain",
        "--format",
        "json",
        "fixtures/multiple-solutions",
        "fixtures/ok/classic.sudoku",
    ]);
    assert_eq!(code, 1);
    let puzzles = explained(&doc);
    let bad = &puzzles[0];
    assert_eq!(bad["solved"], false);
    assert_eq!(bad["reason"], "several-solutions");
    assert!(bad["level"].is_null() && bad["score"].is_null() && bad["hardest"].is_null());
    assert_eq!(puzzles.last().unwrap()["solved"], true);
    for (path, reason) in [
        ("fixtures/no-solution/wrong-given.sudoku", "no-solution"),
        ("fixtures/row-length/short-row.sudoku", "syntax-error"),
    ] {
        let (code, doc) = json(&["explain", "--format", "json", path]);
        assert_eq!(code, 1, "{path}");
        assert_eq!(explained(&doc)[0]["reason"], reason, "{path}");
    }
    let r = run(&["explain", "fixtures/multiple-solutions"]);
    assert!(
        r.stdout
            .contains("puzzle 1: not explained: it has several solutions"),
        "{}",
        r.stdout
    );
    // Could not run.
    assert_eq!(run(&["explain", "fixtures/does-not-exist"]).code, 2);
    assert_eq!(
        run(&["explain", "--format", "github", "fixtures/ok"]).code,
        2
    );
    assert_eq!(run(&["explain", "--puzzle", "0", "fixtures/ok"]).code, 2);
    assert_eq!(run(&["explain", "fixtures/ok/classic.sudoku"]).code, 0);
}

#[test]
fn explain_one_puzzle_of_each_file() {
    let (code, doc) = json(&[
        "explain",
        "--format",
        "json",
        "--puzzle",
        "2",
        "fixtures/ok/collection.sudoku",
        "fixtures/ok/small.sudoku",
        "fixtures/ok/classic.sudoku",
    ]);
    assert_eq!(code, 0);
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    // In path order: classic.sudoku holds one puzzle, so nothing to explain there (said on
    // stderr).
    assert_eq!(files[0]["path"], "fixtures/ok/classic.sudoku");
    assert!(files[0]["puzzles"].as_array().unwrap().is_empty());
    for f in &files[1..] {
        let puzzles = f["puzzles"].as_array().unwrap();
        assert_eq!(puzzles.len(), 1, "{f}");
        assert_eq!(puzzles[0]["index"], 1);
    }
    assert_eq!(files[1]["puzzles"][0]["line"], 2);
    let r = run(&["explain", "--puzzle", "2", "fixtures/ok/classic.sudoku"]);
    assert!(r.stderr.contains("there is no puzzle 2"), "{}", r.stderr);
    let r = run(&["explain", "--puzzle", "3", "fixtures/ok/collection.sudoku"]);
    assert!(
        r.stdout
            .starts_with("fixtures/ok/collection.sudoku:4: puzzle 3: easy · "),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\n  1. "), "{}", r.stdout);
}

#[test]
fn explain_all_steps_lists_the_starting_state_without_trial_or_rating() {
    let (code, doc) = json(&[
        "explain",
        "--format",
        "json",
        "--all-steps",
        "--puzzle",
        "1",
        "fixtures/ok/small.sudoku",
        "fixtures/ok/inkala.sudoku",
    ]);
    assert_eq!(code, 0);
    let (_, path) = json(&[
        "explain",
        "--format",
        "json",
        "--puzzle",
        "1",
        "fixtures/ok/small.sudoku",
    ]);
    for p in explained(&doc) {
        assert!(p["level"].is_null() && p["score"].is_null(), "{p}");
        let steps = p["steps"].as_array().unwrap();
        assert!(steps.iter().all(|s| s["technique"] != "trial"), "{p}");
        if p["size"] == 4 {
            // More than the one step a solving path takes first, and that one among them.
            assert!(steps.len() > 1);
            let first = &explained(&path)[0]["steps"][0];
            assert!(steps.contains(first), "{first}");
        }
    }
    let r = run(&["explain", "--all-steps", "fixtures/ok/small.sudoku"]);
    assert!(
        r.stdout
            .starts_with("fixtures/ok/small.sudoku:3: puzzle 1: "),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("available from the start"),
        "{}",
        r.stdout
    );
}

#[test]
fn check_rate_adds_difficulty_only_when_asked() {
    let args = [
        "fixtures/ok/collection.sudoku",
        "fixtures/multiple-solutions",
    ];
    let (code, plain) = json(&["check", "--format", "json", args[0], args[1]]);
    assert_eq!(code, 1);
    let (code, rated) = json(&["check", "--rate", "--format", "json", args[0], args[1]]);
    assert_eq!(code, 1);
    let puzzles = |doc: &Value| -> Vec<Value> {
        doc["files"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|f| f["puzzles"].as_array().unwrap().clone())
            .collect()
    };
    assert!(puzzles(&plain)
        .iter()
        .all(|p| p.get("difficulty").is_none()));
    let rated = puzzles(&rated);
    // The several-solutions puzzle comes first (path order): null.
    let (first, good) = rated.split_first().unwrap();
    assert!(first["difficulty"].is_null() && first.get("difficulty").is_some());
    for p in good {
        let d = &p["difficulty"];
        assert!(d["level"].is_string() && d["score"].is_u64() && d["hardest"].is_string());
        assert!(p["rating"].is_null(), "the declared rating stays");
    }
    // The difficulty agrees with explain's.
    let (_, ex) = json(&["explain", "--format", "json", args[0]]);
    assert_eq!(good[0]["difficulty"]["level"], explained(&ex)[0]["level"]);
    assert_eq!(good[0]["difficulty"]["score"], explained(&ex)[0]["score"]);

    let human = run(&["check", "--rate", "--color", "never", args[0]]);
    assert!(
        human
            .stdout
            .starts_with("fixtures/ok/collection.sudoku:2: puzzle 1: medium · "),
        "{}",
        human.stdout
    );
    let plain = run(&["check", "--color", "never", args[0]]);
    assert!(!plain.stdout.contains("puzzle 1:"), "{}", plain.stdout);
    // GitHub output is unchanged by --rate.
    let gh = |rate: bool| {
        let mut a = vec!["check", "--format", "github", "fixtures/level-mismatch"];
        if rate {
            a.push("--rate");
        }
        run(&a).stdout
    };
    assert_eq!(gh(true), gh(false));
}

#[test]
fn levels_are_mapped_by_the_configuration() {
    let dir = temp();
    let file = dir.path().join("c.sudoku");
    std::fs::copy(root().join("fixtures/unknown-level/unmapped.sudoku"), &file).unwrap();
    std::fs::write(
        dir.path().join("sudoku-lsp.toml"),
        "[levels]\ngentle = \"easy\"\nDiabolical = \"extreme\"\ntricky = \"medium\"\n",
    )
    .unwrap();
    let (code, doc) = json(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    let diags = doc["files"][0]["diagnostics"].as_array().unwrap();
    // `gentle` is easy and so is the classic: agreed. `diabolical` is extreme, but the second
    // puzzle is medium.
    assert_eq!(codes(&doc), vec!["level-mismatch"], "{doc}");
    let message = diags[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("declared diabolical (extreme), but this puzzle is medium (it needs "),
        "{message}"
    );
    // A bare mapped name counts as a declaration too.
    std::fs::write(
        &file,
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....  Tricky\n",
    )
    .unwrap();
    let (code, doc) = json(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!((code, codes(&doc)), (0, Vec::<String>::new()), "{doc}");
    // An unknown target level is a configuration error.
    std::fs::write(
        dir.path().join("sudoku-lsp.toml"),
        "[levels]\ngentle = \"soft\"\n",
    )
    .unwrap();
    let r = run(&["check", file.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("[levels] gentle: unknown level `soft`"),
        "{}",
        r.stderr
    );
    assert_eq!(run(&["explain", file.to_str().unwrap()]).code, 2);
}

// `generate` and `transform`.

/// Generated collections are the same for a seed whatever `--jobs` says, and `check` finds
/// nothing in them, in every layout and for another size.
#[test]
fn generated_files_repeat_for_a_seed_and_check_clean() {
    let args = [
        "generate", "--seed", "9", "--count", "6", "--level", "medium",
    ];
    let one = run(&[&args[..], &["--symmetry", "central", "--jobs", "1"]].concat());
    let two = run(&[&args[..], &["--symmetry", "central", "--jobs", "2"]].concat());
    assert_eq!((one.code, &one.stdout), (0, &two.stdout), "{}", one.stderr);
    assert!(one.stdout.starts_with("# sudoku-lsp generate --seed 9 "));
    assert_eq!(one.stdout.matches("  level=medium\n").count(), 6);
    for extra in [
        vec!["--format", "grid", "--with-solution"],
        vec!["--size", "6", "--box", "3x2", "--symmetry", "mirror"],
        vec!["--size", "4", "--format", "grid"],
    ] {
        let mut a = vec!["generate", "--seed", "3", "--count", "3"];
        a.extend(&extra);
        let made = run(&a);
        assert_eq!(made.code, 0, "{extra:?}: {}", made.stderr);
        let checked = run_in(root(), &["check", "-"], Some(made.stdout.as_bytes()));
        assert_eq!(
            (checked.code, checked.stdout.as_str()),
            (0, "All checked: 3 puzzles in 1 file, no problems.\n"),
            "{extra:?}:\n{}",
            made.stdout
        );
    }
    let refused = run(&["generate", "--size", "6", "--level", "hard"]);
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("--level is only supported for 9x9"));
}

/// Copies keep the layout, the level and the verdict, and all share one canonical form.
#[test]
fn transformed_copies_keep_the_puzzle() {
    let path = "fixtures/level-mismatch/directive.sudoku";
    let copies = run(&[
        "transform",
        "--seed",
        "1",
        "--count",
        "3",
        "fixtures/ok/classic.sudoku",
    ]);
    assert_eq!(copies.code, 0, "{}", copies.stderr);
    let checked = run_in(
        root(),
        &["check", "--rate", "-"],
        Some(copies.stdout.as_bytes()),
    );
    assert_eq!(checked.code, 0, "{}", copies.stdout);
    let levels: Vec<&str> = checked
        .stdout
        .lines()
        .filter_map(|l| l.split_once(": puzzle ")?.1.split_once(": ").map(|x| x.1))
        .collect();
    assert_eq!(
        levels,
        vec!["easy · 204 (hardest: naked-single)"; 3],
        "{}",
        checked.stdout
    );
    let canon = run_in(
        root(),
        &["transform", "--canonical", "-"],
        Some(copies.stdout.as_bytes()),
    );
    let forms: Vec<&str> = canon.stdout.lines().collect();
    assert_eq!(forms.len(), 3);
    assert!(
        forms.iter().all(|f| *f == forms[0] && f.len() == 81),
        "{forms:?}"
    );
    let original = run(&["transform", "--canonical", "fixtures/ok/classic.sudoku"]);
    assert_eq!(original.stdout.trim(), forms[0]);
    // A grid stays a grid, with its directives.
    let grid = run(&["transform", "--seed", "2", path]);
    let source = std::fs::read_to_string(root().join(path)).unwrap();
    assert_eq!(grid.stdout.lines().count(), source.lines().count());
    assert_ne!(grid.stdout, source);
}

/// A repeated puzzle points at the first copy as related information, in another file too: in
/// JSON with the other file's path, in SARIF as a related location in that file.
#[test]
fn a_duplicate_puzzle_relates_to_the_first_copy() {
    let (_, doc) = json(&["check", "--format", "json", "fixtures/duplicate-puzzle"]);
    let related: Vec<(String, u64)> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["diagnostics"].as_array().unwrap().iter())
        .map(|d| {
            let r = &d["related"][0];
            (
                r["path"].as_str().unwrap().to_string(),
                r["range"]["start"]["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let a = "fixtures/duplicate-puzzle/a.sudoku".to_string();
    assert_eq!(related, [(a.clone(), 1), (a.clone(), 1), (a.clone(), 2)]);
    let (_, sarif) = json(&["check", "--format", "sarif", "fixtures/duplicate-puzzle"]);
    let last = &sarif["runs"][0]["results"][2]["relatedLocations"][0]["physicalLocation"];
    assert_eq!(last["artifactLocation"]["uri"], a.as_str());
    assert_eq!(last["region"]["startLine"], 3);
}

// ---------------------------------------------------------------------------------------------
// Other formats (docs/formats.md)

snapshot_folders! {
    human_formats_csv => "formats/csv",
    human_formats_sdk => "formats/sdk",
    human_formats_sdm => "formats/sdm",
}

/// Each diagnostic of a JSON document as (code, line, column).
fn places(doc: &Value) -> Vec<(String, u64, u64)> {
    each(doc, "diagnostics")
        .map(|d| {
            let at = &d["range"]["start"];
            (
                d["code"].as_str().unwrap().to_string(),
                at["line"].as_u64().unwrap(),
                at["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn what_is_no_puzzle_file_gives_exactly_one_finding() {
    for file in [
        "fixtures/not-a-puzzle-file/puzzles.json",
        "fixtures/not-a-puzzle-file/page.html",
        "fixtures/not-a-puzzle-file/feed.xml",
        "fixtures/not-a-puzzle-file/image.png",
        "fixtures/not-a-puzzle-file/program.bin",
        "fixtures/formats/csv/people.csv",
    ] {
        let (code, doc) = json(&["check", "--format", "json", file]);
        assert_eq!(codes(&doc), ["not-a-puzzle-file"], "{file}");
        assert_eq!(code, 1, "{file}");
    }
    // From standard input too, and saying what it looks like.
    let r = run_in(root(), &["check", "-"], Some(b"[{\"grid\": \"...\"}]\n"));
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("not-a-puzzle-file"), "{}", r.stdout);
    assert!(r.stdout.contains("JSON"), "{}", r.stdout);
}

#[test]
fn a_folder_picks_up_the_other_formats_and_only_tables_of_puzzles() {
    let (_, doc) = json(&["check", "--format", "json", "fixtures/formats"]);
    let paths = file_paths(&doc);
    for want in [
        "fixtures/formats/csv/kaggle.csv",
        "fixtures/formats/csv/tabs.tsv",
        "fixtures/formats/csv/quoted-semicolons.csv",
        "fixtures/formats/sdk/sadman.sdk",
        "fixtures/formats/sdm/collection.sdm",
    ] {
        assert!(paths.contains(&want), "{want}: {paths:?}");
    }
    // A table with no header naming a puzzle column, and text files, are not picked up.
    for not in ["people.csv", "no-header.csv", "rated.txt"] {
        assert!(!paths.iter().any(|p| p.ends_with(not)), "{not}: {paths:?}");
    }
}

#[test]
fn other_formats_give_the_findings_of_the_same_puzzles_as_one_liners() {
    let sdm = std::fs::read_to_string(root().join("fixtures/formats/sdm/collection.sdm")).unwrap();
    let dir = temp();
    std::fs::write(dir.path().join("same.sudoku"), sdm.replace('0', ".")).unwrap();
    let (_, want) = json(&[
        "check",
        "--format",
        "json",
        dir.path().join("same.sudoku").to_str().unwrap(),
    ]);
    let want = places(&want);
    assert!(want.len() >= 4, "{want:?}");
    let (_, sdm) = json(&[
        "check",
        "--format",
        "json",
        "fixtures/formats/sdm/collection.sdm",
    ]);
    assert_eq!(places(&sdm), want);
    // A bank line is its one-liner after a 12-digit id and a space.
    let (_, bank) = json(&[
        "check",
        "--format",
        "json",
        "fixtures/formats/bank/rated.txt",
        "fixtures/formats/sdk/sadman.sdk",
    ]);
    let shifted: Vec<_> = want
        .iter()
        .map(|(c, l, col)| {
            let whole = c == "multiple-solutions" || c == "no-solution";
            (c.clone(), *l, if whole { 0 } else { col + 13 })
        })
        .collect();
    assert_eq!(places(&bank), shifted);
}

#[test]
fn from_names_the_format_and_stdin_is_detected() {
    let csv = std::fs::read(root().join("fixtures/formats/csv/kaggle.csv")).unwrap();
    let dir = temp();
    let txt = dir.path().join("bank.dat");
    std::fs::write(&txt, &csv).unwrap();
    let (code, doc) = json(&["check", "--format", "json", txt.to_str().unwrap()]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["summary"]["puzzles"], 5);
    let (code, doc) = json(&[
        "check",
        "--format",
        "json",
        "--from",
        "sudoku",
        txt.to_str().unwrap(),
    ]);
    assert_eq!(
        code, 1,
        "read as .sudoku, the header is an unrecognized line"
    );
    assert!(codes(&doc).contains(&"unrecognized-line".to_string()));
    let r = run_in(root(), &["check", "-"], Some(&csv));
    assert_eq!(r.code, 0, "{}", r.stdout);
    let r = run(&["check", "--from", "yaml", "fixtures/ok"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown format"), "{}", r.stderr);
}

#[test]
fn solve_writes_a_tables_solution_column() {
    let dir = temp();
    let tsv = dir.path().join("t.tsv");
    std::fs::copy(root().join("fixtures/formats/csv/tabs.tsv"), &tsv).unwrap();
    let before = std::fs::read_to_string(&tsv).unwrap();
    let r = run(&["solve", "--write", tsv.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after = std::fs::read_to_string(&tsv).unwrap();
    assert!(after.starts_with("grid\trating\tsolution\n"), "{after}");
    for (old, new) in before.lines().zip(after.lines()).skip(1) {
        // The puzzle and the other fields are kept; a solution of 81 digits is added.
        let (kept, solution) = new.rsplit_once('\t').unwrap();
        assert_eq!(kept, old);
        assert_eq!(solution.len(), 81);
        assert!(solution.bytes().all(|b| b.is_ascii_digit() && b != b'0'));
    }
    let (code, _) = json(&["check", "--format", "json", tsv.to_str().unwrap()]);
    assert_eq!(code, 0);
}

// ---------------------------------------------------------------------------------------------
// convert

/// Each puzzle's size, givens, verdict and solution, as `check --format json` lists them.
fn puzzle_summaries(doc: &Value) -> Vec<String> {
    each(doc, "puzzles")
        .map(|p| {
            format!(
                "{} {} {} {}",
                p["size"], p["givens"], p["solutions"], p["solution"]
            )
        })
        .collect()
}

/// Runs `convert` and returns (exit code, stdout, stderr).
fn convert(args: &[&str]) -> Run {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    run(&all)
}

#[test]
fn convert_to_sudoku_keeps_every_puzzle() {
    let dir = temp();
    for file in [
        "fixtures/ok/classic.sudoku",
        "fixtures/ok/pencil-marks.sudoku",
        "fixtures/layouts/pencil-marks.sudoku",
        "fixtures/layouts/6x6-box-3x2.sudoku",
        "fixtures/layouts/symbols.sudoku",
        "fixtures/layouts/16x16-letters.sudoku",
        "fixtures/formats/csv/bank-with-ids.csv",
        "fixtures/formats/sdk/sadman.sdk",
        "fixtures/formats/bank/rated.txt",
        "fixtures/formats/sdk/sadman.sdk",
    ] {
        let out = dir.path().join("out.sudoku");
        let r = convert(&[file, "--to", "sudoku", "-o", out.to_str().unwrap()]);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let (_, want) = json(&["check", "--format", "json", file]);
        let (_, got) = json(&["check", "--format", "json", out.to_str().unwrap()]);
        assert_eq!(puzzle_summaries(&got), puzzle_summaries(&want), "{file}");
        let mut codes_want = codes(&want);
        let mut codes_got = codes(&got);
        codes_want.sort();
        codes_got.sort();
        assert_eq!(codes_got, codes_want, "{file}");
    }
}

#[test]
fn convert_between_csv_and_sudoku_round_trips() {
    let dir = temp();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for file in [
        "fixtures/formats/csv/kaggle.csv",
        "fixtures/formats/csv/bank-with-ids.csv",
        "fixtures/formats/sdk/sadman.sdk",
    ] {
        let r = convert(&[file, "--to", "csv", "-o", &path("a.csv")]);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let r = convert(&[&path("a.csv"), "--to", "sudoku", "-o", &path("b.sudoku")]);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let r = convert(&[&path("b.sudoku"), "--to", "csv", "-o", &path("c.csv")]);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let a = std::fs::read_to_string(path("a.csv")).unwrap();
        let c = std::fs::read_to_string(path("c.csv")).unwrap();
        assert_eq!(a, c, "{file}");
        let (_, want) = json(&["check", "--format", "json", file]);
        let (_, got) = json(&["check", "--format", "json", &path("a.csv")]);
        assert_eq!(puzzle_summaries(&got), puzzle_summaries(&want), "{file}");
    }
    // The metadata goes across: an .sdk file's author and description are columns.
    let r = convert(&["fixtures/formats/sdk/sadman.sdk", "--to", "csv"]);
    let header = r.stdout.lines().next().unwrap();
    assert_eq!(
        header,
        "puzzle,level,author,date,source,url,description,comment"
    );
}

#[test]
fn convert_refuses_to_lose_anything_unless_lossy() {
    let dir = temp();
    let out = dir.path().join("out.csv");
    let out_s = out.to_str().unwrap();
    let r = convert(&[
        "fixtures/layouts/pencil-marks.sudoku",
        "--to",
        "csv",
        "-o",
        out_s,
    ]);
    assert_eq!(r.code, 2);
    assert!(!out.exists(), "nothing is written");
    assert!(
        r.stderr
            .contains("puzzle 1: its pencil marks would be lost"),
        "{}",
        r.stderr
    );
    let r = convert(&[
        "fixtures/layouts/pencil-marks.sudoku",
        "--to",
        "csv",
        "--lossy",
        "-o",
        out_s,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("its pencil marks: dropped"),
        "{}",
        r.stderr
    );
    assert!(out.exists());
    // One puzzle a line holds no solution.
    let r = convert(&["fixtures/formats/csv/kaggle.csv", "--to", "line"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("its @solution would be lost"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
    // An .sdm file is one puzzle a line already.
    let r = convert(&["fixtures/formats/sdm/collection.sdm", "--to", "line"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let sdm = std::fs::read_to_string(root().join("fixtures/formats/sdm/collection.sdm")).unwrap();
    assert_eq!(r.stdout, sdm.replace('0', "."));
    // No puzzle file at all: nothing to convert.
    let r = convert(&["fixtures/not-a-puzzle-file/puzzles.json", "--to", "csv"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("JSON"), "{}", r.stderr);
}

#[test]
fn convert_writes_sdk_and_sdm_files() {
    // Each reads back as the file it came from (an .sdk file's `[Puzzle]` line aside).
    let r = convert(&["fixtures/formats/sdk/sadman.sdk", "--to", "sdk"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let sdk = std::fs::read_to_string(root().join("fixtures/formats/sdk/sadman.sdk")).unwrap();
    assert_eq!(r.stdout, sdk.replace("[Puzzle]\n", ""));
    let r = convert(&["fixtures/formats/sdm/collection.sdm", "--to", "sdm"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let sdm = std::fs::read_to_string(root().join("fixtures/formats/sdm/collection.sdm")).unwrap();
    assert_eq!(r.stdout, sdm);
    // Several puzzles into .sdk need a folder: one file each.
    let r = convert(&["fixtures/formats/sdm/collection.sdm", "--to", "sdk"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("-o DIR"), "{}", r.stderr);
    let dir = temp();
    let out = dir.path().to_str().unwrap();
    let r = convert(&[
        "fixtures/formats/sdm/collection.sdm",
        "--to",
        "sdk",
        "-o",
        out,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let (_, want) = json(&[
        "check",
        "--format",
        "json",
        "fixtures/formats/sdm/collection.sdm",
    ]);
    let (_, got) = json(&["check", "--format", "json", out]);
    assert_eq!(puzzle_summaries(&got), puzzle_summaries(&want));
    // A 16x16 puzzle does not fit either.
    let r = convert(&["fixtures/layouts/16x16-letters.sudoku", "--to", "sdm"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("the whole 16x16 puzzle"), "{}", r.stderr);
}

#[test]
fn convert_writes_ss_sdx_opensudoku_and_hodoku() {
    // Each new format reads back as the file it came from.
    for (path, to) in [
        ("fixtures/formats/ss/state.ss", "ss"),
        ("fixtures/formats/sdx/state.sdx", "sdx"),
        (
            "fixtures/formats/opensudoku/version1.opensudoku",
            "opensudoku",
        ),
    ] {
        let r = convert(&[path, "--to", to]);
        assert_eq!(r.code, 0, "{path}: {}", r.stderr);
        let want = std::fs::read_to_string(root().join(path)).unwrap();
        assert_eq!(r.stdout, want, "{path}");
    }
    let r = convert(&[
        "--from",
        "hodoku",
        "fixtures/formats/hodoku/library.txt",
        "--to",
        "hodoku",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let want = std::fs::read_to_string(root().join("fixtures/formats/hodoku/library.txt")).unwrap();
    let lines: String = want
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(r.stdout, lines);
    // Several puzzles into .ss need a folder; the HoDoKu fields would be lost without --lossy.
    let r = convert(&["fixtures/formats/hodoku/library.txt", "--to", "ss"]);
    assert_eq!(r.code, 2);
    let dir = temp();
    let out = dir.path().to_str().unwrap();
    let r = convert(&[
        "fixtures/formats/hodoku/library.txt",
        "--to",
        "ss",
        "-o",
        out,
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("puzzle 5: its technique would be lost"),
        "{}",
        r.stderr
    );
    let r = convert(&[
        "fixtures/formats/hodoku/library.txt",
        "--to",
        "ss",
        "--lossy",
        "-o",
        out,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(dir.path().join("puzzle-6.ss").exists());
    // The folder's .ss files are checked as the library's puzzles are.
    let (_, want) = json(&[
        "check",
        "--format",
        "json",
        "--from",
        "hodoku",
        "fixtures/formats/hodoku/library.txt",
    ]);
    let (_, got) = json(&["check", "--format", "json", out]);
    assert_eq!(puzzle_summaries(&got), puzzle_summaries(&want));
}

#[test]
fn opensudoku_on_stdin_is_detected() {
    let xml = std::fs::read(root().join("fixtures/formats/opensudoku/folders.opensudoku")).unwrap();
    let r = run_in(root(), &["check", "-"], Some(&xml));
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.contains("4 puzzles"), "{}", r.stdout);
}

/// `explain` reads a table, a bank and the app formats as `check` does, not as `.sudoku` text
/// (which gave "not explained: it has a syntax error" for every row).
#[test]
fn explain_reads_every_format_as_check_does() {
    for file in [
        "fixtures/formats/csv/bank-with-ids.csv",
        "fixtures/formats/bank/rated.txt",
        "fixtures/formats/sdk/sadman.sdk",
        "fixtures/formats/hodoku/library.txt",
    ] {
        if !root().join(file).exists() {
            panic!("fixture {file} is missing");
        }
        let r = run(&["explain", "--puzzle", "1", file]);
        assert!(
            !r.stdout.contains("syntax error") && r.stdout.contains("1. "),
            "{file}:\n{}\n{}",
            r.stdout,
            r.stderr
        );
    }
    let (_, doc) = json(&[
        "explain",
        "--format",
        "json",
        "fixtures/formats/csv/bank-with-ids.csv",
    ]);
    let puzzles: Vec<&Value> = each(&doc, "puzzles").collect();
    assert!(puzzles.len() > 1, "{doc}");
}

#[test]
fn a_puzzle_id_names_the_puzzle_in_json_and_messages() {
    let file = "fixtures/formats/csv/bank-with-ids.csv";
    let (_, doc) = json(&["check", "--format", "json", file]);
    let ids: Vec<&str> = each(&doc, "puzzles")
        .map(|p| p["id"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(&ids[..3], ["a1", "a2", "a3"]);
    // A puzzle without one has no `id` key.
    let (_, plain) = json(&["check", "--format", "json", "fixtures/ok/classic.sudoku"]);
    assert!(each(&plain, "puzzles").all(|p| p.get("id").is_none()));
    let r = run(&["explain", file]);
    assert!(r.stdout.contains(": puzzle 1 (a1): "), "{}", r.stdout);
    let r = run(&["check", "--rate", file]);
    assert!(r.stdout.contains(": puzzle 2 (a2): "), "{}", r.stdout);
    let (_, explained) = json(&["explain", "--format", "json", file]);
    assert_eq!(
        explained["files"][0]["puzzles"][0]["id"], "a1",
        "{explained}"
    );
}
