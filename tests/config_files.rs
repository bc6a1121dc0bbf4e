//! End-to-end tests of `[files]` in `sudoku-lsp.toml`: which files a folder's walk picks up and
//! which format each is read as, for `check`, `explain`, `solve` and `fmt`.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lsp");

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

fn json_in(dir: &Path, args: &[&str]) -> (i32, Value) {
    let r = run_in(dir, args);
    let v = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}\nstderr:\n{}", r.stdout, r.stderr));
    (r.code, v)
}

fn paths_and_codes(doc: &Value) -> (Vec<String>, Vec<String>) {
    let files = doc["files"].as_array().unwrap();
    let paths = files
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    let codes = files
        .iter()
        .flat_map(|f| f["diagnostics"].as_array().unwrap())
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    (paths, codes)
}

/// A folder with a configuration mapping `tables/*.txt` to CSV and adding `*.puz` files.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("sudoku-lsp.toml"),
        "[files]\n\"tables/*.txt\" = \"csv\"\nextend-include = [\"*.puz\"]\n",
    )
    .unwrap();
    std::fs::create_dir_all(d.join("tables")).unwrap();
    std::fs::create_dir_all(d.join("deep/er")).unwrap();
    // A header-less `puzzle,solution` table: read as `.sudoku` text it is one long bad row.
    std::fs::write(d.join("tables/a.txt"), format!("{PUZZLE},{SOLUTION}\n")).unwrap();
    // Pattern without a `/`: a file name in any folder.
    std::fs::write(d.join("deep/er/b.puz"), format!("{PUZZLE}\n")).unwrap();
    // Neither a known extension nor named by `[files]`: not walked.
    std::fs::write(d.join("notes.txt"), "not a puzzle\n").unwrap();
    dir
}

#[test]
fn the_walk_picks_up_what_files_adds_and_reads_it_as_mapped() {
    let dir = project();
    let (code, doc) = json_in(dir.path(), &["check", "--format", "json"]);
    let (paths, codes) = paths_and_codes(&doc);
    assert_eq!(paths, ["deep/er/b.puz", "tables/a.txt"], "{doc}");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(code, 0);
    // The table's solution column is read as the puzzle's solution.
    let (_, doc) = json_in(dir.path(), &["check", "--format", "json", "tables/a.txt"]);
    assert_eq!(doc["files"][0]["puzzles"][0]["solutions"], 1, "{doc}");
}

#[test]
fn from_wins_over_files_and_files_over_the_extension() {
    let dir = project();
    // `--from sudoku` reads the table as `.sudoku` text: its row is not a puzzle.
    let (code, doc) = json_in(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--from",
            "sudoku",
            "tables/a.txt",
        ],
    );
    assert_eq!(code, 1, "{doc}");
    // `[files]` over the extension: a `.csv` named `sudoku` is read as `.sudoku` text.
    std::fs::write(
        dir.path().join("sudoku-lsp.toml"),
        "[files]\n\"*.csv\" = \"sudoku\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("c.csv"), format!("{PUZZLE}\n")).unwrap();
    let (code, doc) = json_in(dir.path(), &["check", "--format", "json", "c.csv"]);
    let (_, codes) = paths_and_codes(&doc);
    assert!(codes.is_empty(), "{doc}");
    assert_eq!(code, 0);
    // `fmt` formats it as the `.sudoku` file it is said to be.
    let r = run_in(dir.path(), &["fmt", "--check", "c.csv"]);
    assert!(!r.stderr.contains("left untouched"), "{}", r.stderr);
}

#[test]
fn explain_solve_and_fmt_follow_files() {
    let dir = project();
    let (code, doc) = json_in(dir.path(), &["explain", "--format", "json", "tables/a.txt"]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["files"][0]["puzzles"][0]["solved"], true, "{doc}");
    let r = run_in(dir.path(), &["solve", "tables/a.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, format!("{PUZZLE},{SOLUTION}\n"));
    let r = run_in(dir.path(), &["fmt", "--check", "tables/a.txt"]);
    assert!(r.stderr.contains("left untouched"), "{}", r.stderr);
}

#[test]
fn an_unknown_format_name_is_a_configuration_error() {
    let dir = project();
    std::fs::write(
        dir.path().join("sudoku-lsp.toml"),
        "[files]\n\"banks/*.txt\" = \"bnk\"\n",
    )
    .unwrap();
    let r = run_in(dir.path(), &["check"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("sudoku-lsp.toml"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("[files] \"banks/*.txt\": unknown format `bnk`; known formats: sudoku, csv"),
        "{}",
        r.stderr
    );
    std::fs::write(
        dir.path().join("sudoku-lsp.toml"),
        "[files]\nextend-include = \"*.txt\"\n",
    )
    .unwrap();
    let r = run_in(dir.path(), &["check"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("extend-include"), "{}", r.stderr);
}
