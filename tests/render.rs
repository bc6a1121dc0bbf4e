//! `sudoku-lsp render`: sheets as SVG, PNG and PDF, where they are written, the captions and the
//! solutions, and the exit codes. (scripts/render-check.sh reads the PDFs back with poppler.)
#![cfg(feature = "draw")]

use std::path::Path;
use std::process::{Command, Output, Stdio};

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

/// The text of every `text` element with `role`, in document order, with its `data-cell`.
fn with_role(svg: &str, role: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("data-role") == Some(role))
        .map(|n| {
            (
                n.attribute("data-cell").unwrap().to_string(),
                n.text().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The captions: the `text` elements without a role.
fn captions(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("data-role").is_none())
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

const CLASSIC_GIVENS: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn one_page_of_svg_goes_to_stdout_with_the_givens_in_their_cells() {
    let out = run(&["render", "--format", "svg", "fixtures/ok/classic.sudoku"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    let givens = with_role(&svg, "given");
    let want: Vec<(String, String)> = CLASSIC_GIVENS
        .chars()
        .enumerate()
        .filter(|(_, ch)| *ch != '.')
        .map(|(i, ch)| (format!("r{}c{}", i / 9 + 1, i % 9 + 1), ch.to_string()))
        .collect();
    assert_eq!(givens, want);
    assert!(with_role(&svg, "candidate").is_empty());
    assert_eq!(captions(&svg), ["fixtures/ok/classic.sudoku #1"]);
}

#[test]
fn marks_solutions_and_captions() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("pages");
    let out = run(&[
        "render",
        "--format",
        "svg",
        "--marks",
        "--solutions",
        "--rate",
        "--per-page",
        "6",
        "-o",
        out_dir.to_str().unwrap(),
        "fixtures/ok/small.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // Three puzzles on one page, their solutions on the next.
    assert_eq!(names, ["page-001.svg", "page-002.svg"]);
    let puzzles = std::fs::read_to_string(out_dir.join("page-001.svg")).unwrap();
    let solutions = std::fs::read_to_string(out_dir.join("page-002.svg")).unwrap();
    let caps = captions(&puzzles);
    assert_eq!(caps.len(), 3);
    assert!(
        caps[0].starts_with("fixtures/ok/small.sudoku #1 · "),
        "{caps:?}"
    );
    assert!(caps.iter().all(|c| c.contains(" · score ")), "{caps:?}");
    assert!(!with_role(&puzzles, "candidate").is_empty());
    assert!(with_role(&puzzles, "placed").is_empty());
    assert_eq!(
        captions(&solutions),
        [
            "Solution: fixtures/ok/small.sudoku #1",
            "Solution: fixtures/ok/small.sudoku #2",
            "Solution: fixtures/ok/small.sudoku #3"
        ]
    );
    // Every cell of a solution holds a digit: 16 + 36 + 64 cells.
    let digits = with_role(&solutions, "given").len() + with_role(&solutions, "placed").len();
    assert_eq!(digits, 16 + 36 + 64);
    assert!(with_role(&solutions, "candidate").is_empty());
}

#[test]
fn a_puzzle_without_a_unique_solution_says_so_and_exits_1() {
    let out = run(&[
        "render",
        "--format",
        "svg",
        "--solutions",
        "--per-page",
        "2",
        "fixtures/multiple-solutions/missing-given.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(2), "several pages need a folder");
    assert!(text(&out.stderr).contains("name a folder for them with -o DIR"));

    let dir = tempfile::tempdir().unwrap();
    // Three givens: many solutions.
    let stdin = format!("123{}\n", ".".repeat(78));
    let out = run_with(
        &[
            "render",
            "--format",
            "svg",
            "--solutions",
            "--per-page",
            "1",
            "-o",
        ]
        .into_iter()
        .chain([dir.path().to_str().unwrap(), "-"])
        .collect::<Vec<_>>(),
        stdin.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("<stdin>:1: puzzle 1 has no unique solution: it has several solutions"),
        "{stderr}"
    );
    let solution = std::fs::read_to_string(dir.path().join("page-002.svg")).unwrap();
    assert_eq!(
        captions(&solution),
        ["Solution: <stdin> #1", "no unique solution"]
    );
}

#[test]
fn pdf_is_one_document_and_png_one_image_a_page() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("sheet.pdf");
    let out = run(&[
        "render",
        "-o",
        pdf.to_str().unwrap(),
        "--solutions",
        "--page",
        "letter",
        "fixtures/ok/collection.sudoku",
        "fixtures/ok/small.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(String::from_utf8_lossy(&bytes).contains("/MediaBox [0 0 612 792]"));

    let out = run(&[
        "render",
        "--format",
        "png",
        "--dpi",
        "40",
        "fixtures/ok/small.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
    // A4 at 40 dpi: 331 x 468 pixels.
    assert_eq!(&out.stdout[16..24], &[0, 0, 1, 75, 0, 0, 1, 212]);
}

#[test]
fn bad_arguments_and_missing_files_exit_2() {
    let out = run(&["render", "--per-page", "3", "fixtures/ok/small.sudoku"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invalid value '3'"));
    let out = run(&["render", "no/such/file.sudoku"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = run(&["render", "--format", "svg", "fixtures/no-puzzle"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
}
