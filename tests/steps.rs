//! `explain --format svg --step N` and `explain --format html`: each step's picture is valid
//! XML, its struck and placed marks are exactly the step's eliminations and placements in
//! `explain --format json`, every given and candidate sits inside its own cell, and the page
//! holds every step, escapes what comes from the file and keeps to the rule above 16x16.
//! (tests/html/run.sh opens the pages in Chromium.)
#![cfg(feature = "draw")]

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lsp");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary in the crate's folder with `stdin` as its input.
fn run_with(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().expect("the binary finishes")
}

fn run(args: &[&str]) -> Output {
    run_with(args, b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// `explain --format json` of one puzzle of a file: its size and steps.
fn json_steps(file: &str, puzzle: usize) -> (usize, Vec<Value>) {
    let n = puzzle.to_string();
    let out = run(&["explain", "--format", "json", "--puzzle", &n, file]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let p = &doc["files"][0]["puzzles"][0];
    (
        p["size"].as_u64().unwrap() as usize,
        p["steps"].as_array().unwrap().clone(),
    )
}

/// An attribute of `node` or of its nearest ancestor that has it (SVG inherits them).
fn inherited<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Option<&'a str> {
    node.ancestors().find_map(|n| n.attribute(name))
}

/// The 0-based row and column of a `r4c6` name.
fn cell_of(name: &str) -> (usize, usize) {
    let (r, c) = name[1..].split_once('c').unwrap();
    (
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
    )
}

/// The (cell, symbol) pairs of the `text` elements with `role`.
fn marks(doc: &roxmltree::Document, role: &str) -> BTreeSet<(String, String)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("data-role") == Some(role))
        .map(|n| {
            let cell = n.attribute("data-cell").unwrap().to_string();
            (cell, n.text().unwrap_or("").to_string())
        })
        .collect()
}

/// Checks the picture of one step against its JSON: valid XML, the marks of the step, and every
/// digit inside its own cell. `symbols`: the digits' symbols, digit 1 first.
fn check_step(svg: &str, size: usize, step: &Value, symbols: &[char], what: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{what}: {e}"));
    let want_struck: BTreeSet<(String, String)> = (step["eliminations"].as_array().unwrap())
        .iter()
        .flat_map(|e| {
            let cell = e["cell"].as_str().unwrap().to_string();
            (e["digits"].as_str().unwrap().chars()).map(move |d| (cell.clone(), d.to_string()))
        })
        .collect();
    let want_placed: BTreeSet<(String, String)> = (step["placements"].as_array().unwrap())
        .iter()
        .map(|p| {
            let cell = p["cell"].as_str().unwrap().to_string();
            (cell, p["digit"].as_str().unwrap().to_string())
        })
        .collect();
    assert_eq!(marks(&doc, "elimination"), want_struck, "{what}");
    assert_eq!(marks(&doc, "placement"), want_placed, "{what}");
    // The grid is the picture's square less its margin: side = width / 1.04.
    let root = doc.root_element();
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let side = width / 1.04;
    let (margin, cell) = (side * 0.02, side / size as f64);
    // Every cell holds a digit or, open, its candidates.
    let mut covered = BTreeSet::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let (Some(role), Some(name)) = (node.attribute("data-role"), node.attribute("data-cell"))
        else {
            continue;
        };
        let num = |a: &str| inherited(node, a).unwrap().parse::<f64>().unwrap();
        let (x, baseline, font) = (num("x"), num("y"), num("font-size"));
        assert_eq!(inherited(node, "text-anchor"), Some("middle"), "{what}");
        let (r, c) = cell_of(name);
        let (left, top) = (margin + c as f64 * cell, margin + r as f64 * cell);
        assert!(x > left && x < left + cell, "{what}: {name} {role} x {x}");
        assert!(baseline - 0.73 * font > top - 0.01, "{what}: {name} {role}");
        assert!(baseline < top + cell + 0.01, "{what}: {name} {role}");
        // The symbol drawn is the digit's.
        let d: usize = node.attribute("data-digit").unwrap().parse().unwrap();
        assert_eq!(
            node.text().unwrap(),
            symbols[d - 1].to_string(),
            "{what}: {name}"
        );
        covered.insert(name.to_string());
    }
    assert_eq!(
        covered.len(),
        size * size,
        "{what}: a cell without a digit or a mark"
    );
}

/// Every step of puzzle `puzzle` of `file` whose index `pick` accepts, drawn one at a time.
fn check_file(file: &str, puzzle: usize, symbols: &str, pick: impl Fn(usize, &Value) -> bool) {
    let symbols: Vec<char> = symbols.chars().collect();
    let (size, steps) = json_steps(file, puzzle);
    assert!(!steps.is_empty(), "{file}: no steps");
    let p = puzzle.to_string();
    let mut drawn = 0;
    for (i, step) in steps.iter().enumerate() {
        if !pick(i, step) {
            continue;
        }
        let n = (i + 1).to_string();
        let out = run(&[
            "explain", "--format", "svg", "--puzzle", &p, "--step", &n, file,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let what = format!("{file} #{puzzle} step {n} ({})", step["technique"]);
        check_step(&text(&out.stdout), size, step, &symbols, &what);
        drawn += 1;
    }
    assert!(drawn > 0);
}

/// The steps worth drawing in a long path: every one that is no single, and the first and
/// last.
fn not_single(last: usize) -> impl Fn(usize, &Value) -> bool {
    move |i, step| {
        let t = step["technique"].as_str().unwrap();
        i == 0 || i == last || !matches!(t, "full-house" | "naked-single" | "hidden-single")
    }
}

#[test]
fn a_chain_puzzle_draws_each_step_as_its_json_says() {
    let file = "tests/html/chain.sudoku";
    let (_, steps) = json_steps(file, 1);
    let techniques: BTreeSet<&str> = steps
        .iter()
        .map(|s| s["technique"].as_str().unwrap())
        .collect();
    assert!(techniques.contains("x-chain") && techniques.contains("nice-loop"));
    check_file(file, 1, "123456789", not_single(steps.len() - 1));
}

#[test]
fn small_sizes_and_pencil_marks_draw_every_step() {
    check_file("fixtures/layouts/4x4.sudoku", 1, "1234", |_, _| true);
    check_file(
        "fixtures/layouts/6x6-box-3x2.sudoku",
        1,
        "123456",
        |_, _| true,
    );
    check_file("fixtures/ok/pencil-marks.sudoku", 1, "123456789", |_, _| {
        true
    });
}

#[test]
fn sixteen_by_sixteen_in_letters() {
    let file = "fixtures/layouts/16x16-letters.sudoku";
    let (_, steps) = json_steps(file, 1);
    let last = steps.len() - 1;
    check_file(file, 1, "123456789ABCDEFG", |i, _| {
        [0, last / 2, last].contains(&i)
    });
}

#[test]
fn the_first_step_starts_from_the_pencil_marks() {
    // The marks of the fixture's r1c3 are 124: the picture draws exactly those there.
    let out = run(&[
        "explain",
        "--format",
        "svg",
        "--step",
        "1",
        "fixtures/ok/pencil-marks.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let in_r1c3: BTreeSet<String> = doc
        .descendants()
        .filter(|n| n.attribute("data-cell") == Some("r1c3") && n.has_tag_name("text"))
        .map(|n| n.text().unwrap().to_string())
        .collect();
    let plain = run(&[
        "explain",
        "--format",
        "svg",
        "--step",
        "1",
        "fixtures/ok/classic.sudoku",
    ]);
    assert_eq!(
        in_r1c3,
        ["1", "2", "4"].map(String::from).into_iter().collect(),
        "{svg}"
    );
    assert_eq!(plain.status.code(), Some(0));
}

#[test]
fn bad_steps_and_choices_exit_2_with_a_reason() {
    let classic = "fixtures/ok/classic.sudoku";
    let out = run(&["explain", "--format", "svg", "--step", "999", classic]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("there is no step 999"), "{err}");
    assert!(err.contains("steps"), "{err}");
    for args in [
        &["explain", "--format", "svg", "--step", "0", classic][..],
        &["explain", "--format", "svg", classic],
        &["explain", "--format", "html", "--step", "1", classic],
        &["explain", "--step", "1", classic],
        // A file of several puzzles needs --puzzle.
        &[
            "explain",
            "--format",
            "svg",
            "--step",
            "1",
            "fixtures/layouts/4x4.sudoku",
        ],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    // A puzzle with several solutions has no step to draw: exit 1, as explain says.
    let out = run(&[
        "explain",
        "--format",
        "svg",
        "--step",
        "1",
        "fixtures/multiple-solutions/missing-given.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("several solutions"));
}

#[test]
fn the_page_holds_every_step_and_escapes_the_file() {
    let puzzle = "@title <script>alert(1)</script> & \"quotes\"\n\
        ....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...\n\
        1234\n";
    let out = run_with(
        &[
            "explain",
            "--format",
            "html",
            "--stdin-filename",
            "<b>&.sudoku",
            "-",
        ],
        puzzle.as_bytes(),
    );
    // The second "puzzle" is not one: explain says so with exit 1 and draws the first.
    let html = text(&out.stdout);
    assert!(html.starts_with("<!DOCTYPE html>"), "{}", text(&out.stderr));
    assert!(!html.contains("<script>alert"), "the title is escaped");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"));
    assert!(!html.contains("<b>&"), "the file name is escaped");
    assert!(html.contains("&lt;b&gt;&amp;.sudoku"));
    // Nothing is loaded: no src, href or url( anywhere, and a policy that forbids loads.
    for banned in [" src=", " href=", "url(", "@import", "<link", "<iframe"] {
        assert!(!html.contains(banned), "{banned}");
    }
    assert!(html.contains("content=\"default-src 'none';"));
    let (_, steps) = json_steps("tests/html/chain.sudoku", 1);
    let section = &html[html.find("<section").unwrap()..];
    let section = &section[..section.find("</section>").unwrap()];
    assert_eq!(section.matches("<li class=\"step\"").count(), steps.len());
    assert_eq!(section.matches("<svg ").count(), steps.len());
    for step in &steps {
        let sentence = step["explanation"].as_str().unwrap();
        assert!(section.contains(sentence), "{sentence}");
    }
    assert!(
        section.contains("Level extreme · score"),
        "the level and score"
    );
}

#[test]
fn above_16x16_the_first_50_steps_are_drawn_and_the_page_says_so() {
    let out = run(&[
        "explain",
        "--format",
        "html",
        "fixtures/layouts/25x25.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let html = text(&out.stdout);
    let steps = html.matches("<li class=\"step\"").count();
    assert!(steps > 50, "{steps} steps");
    assert_eq!(html.matches("<svg ").count(), 50);
    assert!(html.contains(&format!(
        "the first 50 steps are drawn, the {} after them are sentences only",
        steps - 50
    )));
    // A step past 50 still has its own picture with --format svg.
    let out = run(&[
        "explain",
        "--format",
        "svg",
        "--step",
        "60",
        "fixtures/layouts/25x25.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    roxmltree::Document::parse(&text(&out.stdout)).expect("valid XML");
}
