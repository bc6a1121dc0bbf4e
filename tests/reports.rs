//! End-to-end tests of the report formats for other tools (`--format sarif`, `--format gitlab`),
//! validated against the vendored schemas in `tests/schemas`, and of rule selection
//! (`--select`, `--ignore`, `--extend-select`) and `--statistics`.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lsp");

/// Runs the binary in `dir`; returns the exit code, stdout and stderr.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .output()
        .expect("the binary runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (
        out.status.code().expect("exited, not killed"),
        text(out.stdout),
        text(out.stderr),
    )
}

/// Runs the binary in the crate's folder (so fixture paths print as `fixtures/...`).
fn run(args: &[&str]) -> (i32, String, String) {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs `check` with `args` and reads its stdout as one JSON document.
fn document(args: &[&str]) -> (i32, Value) {
    let (code, out, err) = run(args);
    let doc = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}\nstderr:\n{err}"));
    (code, doc)
}

/// Validates `doc` against the schema file `tests/schemas/{name}`; panics with every error.
fn validate(name: &str, doc: &Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/schemas")
        .join(name);
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let url = format!("file://{}", path.display());
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.add_resource(&url, schema).unwrap();
    let index = compiler
        .compile(&url, &mut schemas)
        .unwrap_or_else(|e| panic!("{name} does not compile: {e:#}"));
    if let Err(e) = schemas.validate(doc, index) {
        panic!("the output does not follow {name}:\n{e:#}\n{doc:#}");
    }
}

/// Runs `check --format {format}` (`sarif` or `gitlab`) over `paths` and validates the report
/// against its schema.
fn report(format: &str, paths: &[&str]) -> (i32, Value) {
    let mut args = vec!["check", "--format", format];
    args.extend_from_slice(paths);
    let (code, doc) = document(&args);
    validate(schema_of(format), &doc);
    (code, doc)
}

/// The schema file of a report format.
fn schema_of(format: &str) -> &'static str {
    match format {
        "sarif" => "sarif-schema-2.1.0.json",
        _ => "gitlab-code-quality.json",
    }
}

/// The codes of a `--format json` run over `paths` with `extra` arguments, as a set.
fn codes_with(extra: &[&str], paths: &[&str]) -> (i32, BTreeSet<String>) {
    let mut args = vec!["check", "--format", "json"];
    args.extend_from_slice(extra);
    args.extend_from_slice(paths);
    let (code, doc) = document(&args);
    let codes = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["diagnostics"].as_array().unwrap().iter())
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    (code, codes)
}

/// Every fixture folder at once: every code, fixes, related places, odd encodings.
const EVERYTHING: &str = "fixtures";

// ---------------------------------------------------------------------------------------------
// SARIF

#[test]
fn sarif_output_validates_against_the_schema() {
    let (code, doc) = report("sarif", &[EVERYTHING]);
    assert_eq!(code, 1);
    let run = &doc["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    let (_, json) = document(&["check", "--format", "json", EVERYTHING]);
    let summary = &json["summary"];
    let level_count = |level: &str| results.iter().filter(|r| r["level"] == level).count();
    assert_eq!(level_count("error"), summary["errors"]);
    assert_eq!(level_count("warning"), summary["warnings"]);
    assert_eq!(level_count("note"), summary["infos"]);
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
    }
    let fixed = results.iter().filter(|r| r.get("fixes").is_some()).count();
    let related = results
        .iter()
        .filter(|r| r.get("relatedLocations").is_some());
    assert!(fixed > 0 && related.count() > 0);
}

#[test]
fn sarif_for_one_file() {
    let (code, doc) = report("sarif", &["fixtures/duplicate-digit/row.sudoku"]);
    assert_eq!(code, 1);
    let results = serde_json::to_string_pretty(&doc["runs"][0]["results"]).unwrap();
    insta::assert_snapshot!("sarif_row_clash", results);
}

#[test]
fn sarif_with_no_findings_is_a_log_with_no_results() {
    let (code, doc) = report("sarif", &["fixtures/ok"]);
    assert_eq!(code, 0);
    assert_eq!(doc["runs"][0]["results"], serde_json::json!([]));
}

/// Small files around a streamed big one, with and without findings: one valid log whose
/// results are those of each file.
#[test]
fn sarif_and_gitlab_lists_stay_valid_around_a_streamed_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let clash = std::fs::read_to_string(root.join("fixtures/duplicate-digit/row.sudoku")).unwrap();
    let ok = std::fs::read_to_string(root.join("fixtures/ok/classic.sudoku")).unwrap();
    std::fs::write(d.join("a.sudoku"), &clash).unwrap();
    std::fs::write(d.join("c.sudoku"), &ok).unwrap();
    std::fs::write(d.join("d.sudoku"), &clash).unwrap();
    // Past the streaming size (256 KiB), a clashing one-liner first and last.
    let sample = std::fs::read_to_string(root.join("fixtures/sets/17-clue.txt")).unwrap();
    let lines: Vec<&str> = sample
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .collect();
    let planted =
        "44...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
    let mut big = String::from(planted);
    for line in lines.iter().cycle() {
        if big.len() > 2_200_000 {
            break;
        }
        big.push_str(&line[..81]);
        big.push('\n');
    }
    big.push_str(planted);
    std::fs::write(d.join("b.sudoku"), big).unwrap();

    let (_, small, _) = run_in(d, &["check", "--format", "gitlab", "a.sudoku"]);
    let per_clash = serde_json::from_str::<Value>(&small)
        .unwrap()
        .as_array()
        .unwrap()
        .len();
    assert!(per_clash > 0);
    let want = 2 * per_clash + 6;
    for format in ["sarif", "gitlab"] {
        let (code, out, err) = run_in(d, &["check", "--format", format, "."]);
        assert_eq!(code, 1, "{err}");
        let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
        validate(schema_of(format), &doc);
        let items = doc
            .as_array()
            .or(doc["runs"][0]["results"].as_array())
            .unwrap();
        assert_eq!(items.len(), want, "{format}");
        let path = |i: &Value| match format {
            "sarif" => i["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].clone(),
            _ => i["location"]["path"].clone(),
        };
        assert_eq!(path(&items[per_clash - 1]), "a.sudoku", "{format}");
        assert_eq!(path(&items[per_clash]), "b.sudoku", "{format}");
        assert_eq!(path(&items[want - 1]), "d.sudoku", "{format}");
    }
}

// ---------------------------------------------------------------------------------------------
// GitLab Code Quality

#[test]
fn gitlab_output_validates_against_the_schema() {
    let (code, doc) = report("gitlab", &[EVERYTHING]);
    assert_eq!(code, 1);
    let issues = doc.as_array().unwrap();
    let fingerprints: BTreeSet<&str> = issues
        .iter()
        .map(|i| i["fingerprint"].as_str().unwrap())
        .collect();
    assert_eq!(fingerprints.len(), issues.len(), "fingerprints are unique");
    let (_, json) = document(&["check", "--format", "json", EVERYTHING]);
    let s = &json["summary"];
    let total = s["errors"].as_u64().unwrap() + s["warnings"].as_u64().unwrap();
    assert_eq!(issues.len() as u64, total + s["infos"].as_u64().unwrap());
}

#[test]
fn gitlab_for_one_file() {
    let (code, doc) = report(
        "gitlab",
        &[
            "fixtures/duplicate-digit/row.sudoku",
            "fixtures/box-shape/six.sudoku",
        ],
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!(
        "gitlab_two_files",
        serde_json::to_string_pretty(&doc).unwrap()
    );
}

#[test]
fn gitlab_fingerprints_survive_edits_above_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let clash = std::fs::read_to_string(root.join("fixtures/duplicate-digit/row.sudoku")).unwrap();
    let file = dir.path().join("p.sudoku");
    let report = |text: &str| {
        std::fs::write(&file, text).unwrap();
        let (_, out, _) = run_in(dir.path(), &["check", "--format", "gitlab", "p.sudoku"]);
        serde_json::from_str::<Value>(&out).unwrap()
    };
    let before = report(&clash);
    let after = report(&format!("# added\n# above\n\n{clash}"));
    let (before, after) = (before.as_array().unwrap(), after.as_array().unwrap());
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(after) {
        assert_eq!(b["fingerprint"], a["fingerprint"]);
        let line = |i: &Value| i["location"]["lines"]["begin"].as_u64().unwrap();
        assert_eq!(line(a), line(b) + 3);
    }
}

// ---------------------------------------------------------------------------------------------
// Rule selection

#[test]
fn select_reports_only_the_codes_named() {
    let (_, all) = codes_with(&[], &[EVERYTHING]);
    assert!(all.len() > 10, "{all:?}");
    let (code, only) = codes_with(&["--select", "duplicate-digit,row-length"], &[EVERYTHING]);
    assert_eq!(code, 1);
    assert_eq!(
        only,
        BTreeSet::from(["duplicate-digit".into(), "row-length".into()])
    );
    // Every code can be selected alone, syntax codes too, and gives exactly itself (over every
    // folder but the slow search-gave-up one, which the last run adds).
    let folders: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"))
            .unwrap()
            .map(|e| format!("fixtures/{}", e.unwrap().file_name().to_string_lossy()))
            .filter(|f| f != "fixtures/search-gave-up")
            .collect();
    let mut folders: Vec<&str> = folders.iter().map(String::as_str).collect();
    for c in &all {
        if c == "search-gave-up" {
            folders.push("fixtures/search-gave-up");
        }
        let (_, one) = codes_with(&["--select", c], &folders);
        assert_eq!(one, BTreeSet::from([c.clone()]), "{c}");
        folders.retain(|f| *f != "fixtures/search-gave-up");
    }
}

#[test]
fn ignore_removes_exactly_the_codes_named() {
    let (_, all) = codes_with(&[], &[EVERYTHING]);
    let (_, rest) = codes_with(&["--ignore", "encoding,duplicate-digit"], &[EVERYTHING]);
    let mut want = all.clone();
    want.remove("encoding");
    want.remove("duplicate-digit");
    assert_eq!(rest, want);
    // --ignore wins over --select; ALL stands for every code.
    let (_, rest) = codes_with(&["--select", "ALL", "--ignore", "encoding"], &[EVERYTHING]);
    let mut want = all.clone();
    want.remove("encoding");
    // ALL also brings back what the configuration turns off (box-shape in fixtures/config).
    assert!(rest.is_superset(&want));
    // Only errors decide the exit code: nothing but warnings left is a success.
    let (code, left) = codes_with(&["--select", "unknown-directive"], &[EVERYTHING]);
    assert_eq!((code, left.len()), (0, 1));
}

#[test]
fn extend_select_brings_back_a_code_the_configuration_turns_off() {
    let folder = ["fixtures/config"];
    let (code, plain) = codes_with(&[], &folder);
    assert_eq!(code, 0);
    assert_eq!(plain, BTreeSet::from(["multiple-solutions".into()]));
    let (_, more) = codes_with(&["--extend-select", "box-shape"], &folder);
    assert_eq!(
        more,
        BTreeSet::from(["multiple-solutions".into(), "box-shape".into()])
    );
    // Selected, a code keeps its configured severity (multiple-solutions is a warning there).
    let (code, doc) = document(&[
        "check",
        "--format",
        "json",
        "--select",
        "multiple-solutions",
        "fixtures/config",
    ]);
    assert_eq!(code, 0);
    assert_eq!(doc["summary"]["warnings"], 1);
}

#[test]
fn allow_still_silences_a_selected_code() {
    let (code, codes) = codes_with(
        &["--select", "multiple-solutions"],
        &["fixtures/allow/file-wide.sudoku"],
    );
    assert_eq!((code, codes), (0, BTreeSet::new()));
}

#[test]
fn an_unknown_code_exits_2_naming_the_known_ones() {
    for flag in ["--select", "--ignore", "--extend-select"] {
        let (code, out, err) = run(&["check", flag, "duplicate-digit,dupe", "fixtures/ok"]);
        assert_eq!(code, 2, "{flag}");
        assert!(out.is_empty(), "{flag}: {out}");
        assert!(
            err.contains("unknown code `dupe`; known codes: ALL, encoding, unrecognized-line,"),
            "{flag}: {err}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// --statistics

#[test]
fn statistics_count_per_code() {
    let (code, out, err) = run(&[
        "check",
        "--statistics",
        "--color",
        "never",
        "fixtures/duplicate-digit",
        "fixtures/box-shape",
        "fixtures/unknown-directive",
    ]);
    insta::assert_snapshot!("statistics", format!("{out}--- exit {code}\n{err}"));
    let (code, _, err) = run(&["check", "--statistics", "--format", "json", "fixtures/ok"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "sudoku-lsp: error: --statistics goes with the human format, not `--format json`\n"
    );
}
