//! The formatter over every file under `fixtures/` and `tests/data/`, in every grid style:
//! formatting twice changes nothing more than formatting once, and the formatted text holds the
//! same puzzles (givens, cells as written, candidates, directives, trailing fields), comments
//! and findings (codes, puzzles, cells, messages) with the same verdicts as the original.
//! Then the before/after pairs of `tests/data/fmt/`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sudoku_lsp::analysis::{analyze, Analysis};
use sudoku_lsp::config::{Config, Settings};
use sudoku_lsp::format::{format, GridStyle, Style};
use sudoku_lsp::syntax::{self, decode};

/// Every file under `dir`, sorted.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        // Files of other formats, and files that are none: `fmt` formats `.sudoku` text only.
        if path.ends_with("fixtures/formats") || path.ends_with("fixtures/not-a-puzzle-file") {
            continue;
        }
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// What must survive formatting: per puzzle its reading, per finding what it says and on which
/// cell (when it is about one cell), per puzzle its verdict, and every comment.
fn meaning(text: &str, analysis: &Analysis) -> Vec<String> {
    let puzzles = &analysis.file.puzzles;
    let mut out: Vec<String> = puzzles
        .iter()
        .map(|p| {
            let written: Vec<&str> = p
                .cells
                .iter()
                .zip(&p.givens)
                .map(|(r, &g)| if g == 0 { "" } else { &text[r.as_range()] })
                .collect();
            let directives: Vec<(&str, &str)> = p
                .directives
                .all
                .iter()
                .map(|d| (d.key.as_str(), d.value.as_str()))
                .collect();
            format!(
                "puzzle {} {:?} {:?} {:?} {written:?} {:?} {directives:?} {:?} {:?}",
                p.index,
                p.layout,
                p.shape,
                p.givens,
                p.candidates(),
                p.trailing.map(|t| &text[t.as_range()]),
                p.rating,
            )
        })
        .collect();
    for f in &analysis.findings {
        let cell = f
            .puzzle
            .and_then(|i| puzzles.get(i))
            .and_then(|p| p.cells.iter().position(|r| r == f.range));
        out.push(format!(
            "finding {} {} {:?} {cell:?} {}",
            f.code, f.severity, f.puzzle, f.message
        ));
    }
    for r in &analysis.reports {
        out.push(format!(
            "verdict {} {:?} {:?}",
            r.index, r.verdict, r.solution
        ));
    }
    for ln in syntax::lines(text) {
        let c = text[ln.body.end..ln.full.end].trim();
        if !c.is_empty() {
            out.push(format!("comment {c}"));
        }
    }
    out
}

/// Above this size only the reader's findings are compared: the 300 rated puzzles of
/// `hodoku-sample.tsv` take half a minute to analyse, and their trailing fields, which declare
/// the levels, are compared byte for byte anyway.
const ANALYSED_UP_TO: usize = 16 << 10;

/// The file's analysis; for a file longer than `up_to`, the reader's output and findings only.
fn examine(text: &str, config: &Config, up_to: usize) -> Analysis {
    if text.len() <= up_to {
        return analyze(text, config);
    }
    let file = syntax::parse(text);
    Analysis {
        findings: file.findings.clone(),
        file,
        reports: Vec::new(),
        difficulties: Vec::new(),
    }
}

#[test]
fn formatting_every_file_is_idempotent_and_keeps_its_meaning() {
    let mut files = Vec::new();
    files_under(Path::new("fixtures"), &mut files);
    files_under(Path::new("tests/data"), &mut files);
    let config = Config::default();
    let mut formatted = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let Ok((text, _)) = decode(&bytes) else {
            continue;
        };
        // Analysed only when some style changes the text, and each new text once: the sets
        // of hard one-liners are long to solve and read the same in every style.
        let mut before = None;
        let mut seen = HashSet::new();
        for grid in [GridStyle::Plain, GridStyle::Spaced, GridStyle::Boxed] {
            let style = Style { grid, blank: '.' };
            let once = format(text, &style).apply(text);
            let twice = format(&once, &style).apply(&once);
            assert_eq!(twice, once, "{} ({grid:?}): not idempotent", path.display());
            if once == text || !seen.insert(once.clone()) {
                continue;
            }
            formatted += 1;
            let before = before
                .get_or_insert_with(|| meaning(text, &examine(text, &config, ANALYSED_UP_TO)));
            let after = meaning(&once, &examine(&once, &config, ANALYSED_UP_TO));
            assert_eq!(
                &after,
                before,
                "{} ({grid:?}): meaning changed",
                path.display()
            );
        }
    }
    // Most files change in some style: the test is not vacuous.
    assert!(formatted > 60, "only {formatted} formatted");
}

#[test]
fn before_and_after_pairs() {
    let dir = Path::new("tests/data/fmt");
    let mut files = Vec::new();
    files_under(dir, &mut files);
    let mut pairs = 0;
    for before in files
        .iter()
        .filter(|p| p.to_string_lossy().ends_with(".before.sudoku"))
    {
        let name = before.to_string_lossy().replace(".before.sudoku", "");
        let after = PathBuf::from(format!("{name}.after.sudoku"));
        let config_path = PathBuf::from(format!("{name}.toml"));
        let config = match std::fs::read_to_string(&config_path) {
            Ok(toml) => Settings::from_toml_str(&toml).unwrap(),
            Err(_) => Settings::default(),
        };
        let text = std::fs::read_to_string(before).unwrap();
        let expected = std::fs::read_to_string(&after).unwrap();
        let got = format(&text, &config.format).apply(&text);
        assert_eq!(got, expected, "{}", before.display());
        pairs += 1;
    }
    assert!(pairs >= 4, "only {pairs} pairs");
}

// ---------------------------------------------------------------------------------------------
// The command line: `fmt`, `fmt --check`, `fmt --diff`, their exit codes and what they write.

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lsp");

/// What a run of the binary gave: exit code, stdout, stderr.
type Ran = (i32, String, String);

/// Runs `sudoku-lsp ARGS` in `dir` with `input` on standard input.
fn sudoku_lsp(dir: &Path, args: &[&str], input: &[u8]) -> Ran {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

/// A folder holding an unformatted file, a formatted one, one with a syntax error and one that
/// is not UTF-8.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fmt");
    let copy = |from: &str, to: &str| std::fs::copy(data.join(from), dir.path().join(to)).unwrap();
    copy("classic.before.sudoku", "a-plain.sudoku");
    copy("classic.after.sudoku", "b-spaced.sudoku");
    copy("untouched.before.sudoku", "c-typo.sudoku");
    std::fs::write(dir.path().join("d-latin1.sudoku"), b"@title caf\xe9\n").unwrap();
    dir
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn check_lists_the_files_that_would_change_and_writes_nothing() {
    let dir = workspace();
    let before = read(dir.path(), "a-plain.sudoku");
    let (code, out, err) = sudoku_lsp(dir.path(), &["fmt", "--check", "."], b"");
    assert_eq!(code, 1);
    assert_eq!(out, "a-plain.sudoku\nc-typo.sudoku\n");
    assert_eq!(
        err,
        "sudoku-lsp: c-typo.sudoku:1: left untouched: it has a syntax error (invalid-symbol)\n\
         sudoku-lsp: d-latin1.sudoku: left untouched: the file is not UTF-8 text: invalid UTF-8 \
         at byte 10; save it as UTF-8 to have it checked\n"
    );
    assert_eq!(read(dir.path(), "a-plain.sudoku"), before);
    // A formatted file passes.
    let ok = sudoku_lsp(dir.path(), &["fmt", "--check", "b-spaced.sudoku"], b"");
    assert_eq!(ok, (0, String::new(), String::new()));
}

#[test]
fn diff_prints_unified_diffs() {
    let dir = workspace();
    let (code, out, _) = sudoku_lsp(
        dir.path(),
        &["fmt", "--diff", "a-plain.sudoku", "b-spaced.sudoku"],
        b"",
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!("fmt_diff", out);
    assert_eq!(
        read(dir.path(), "a-plain.sudoku"),
        include_str!("data/fmt/classic.before.sudoku")
    );
}

#[test]
fn fmt_rewrites_files_and_names_what_it_left() {
    let dir = workspace();
    let (code, out, err) = sudoku_lsp(dir.path(), &["fmt"], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("c-typo.sudoku:1: left untouched"), "{err}");
    assert_eq!(
        read(dir.path(), "a-plain.sudoku"),
        include_str!("data/fmt/classic.after.sudoku")
    );
    assert_eq!(
        read(dir.path(), "c-typo.sudoku"),
        include_str!("data/fmt/untouched.after.sudoku")
    );
    // Everything formattable is formatted now: the formattable files pass, and a second run
    // changes nothing.
    let named = ["fmt", "--check", "a-plain.sudoku", "b-spaced.sudoku"];
    assert_eq!(sudoku_lsp(dir.path(), &named, b"").0, 0);
    assert_eq!(sudoku_lsp(dir.path(), &["fmt", "a-plain.sudoku"], b"").0, 0);
    assert_eq!(
        read(dir.path(), "a-plain.sudoku"),
        include_str!("data/fmt/classic.after.sudoku")
    );
}

#[test]
fn fmt_keeps_the_byte_order_mark_and_line_endings() {
    let dir = tempfile::tempdir().unwrap();
    let plain = include_str!("data/fmt/classic.before.sudoku").replace('\n', "\r\n");
    let path = dir.path().join("bom.sudoku");
    std::fs::write(&path, format!("\u{feff}{plain}")).unwrap();
    assert_eq!(sudoku_lsp(dir.path(), &["fmt", "bom.sudoku"], b"").0, 0);
    let spaced = include_str!("data/fmt/classic.after.sudoku").replace('\n', "\r\n");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("\u{feff}{spaced}")
    );
}

#[test]
fn standard_input_is_formatted_to_standard_output_in_the_configured_style() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("sudoku-lsp.toml"),
        "[format]\ngrid = \"plain\"\n",
    )
    .unwrap();
    let spaced = include_str!("data/fmt/classic.after.sudoku");
    let (code, out, err) = sudoku_lsp(dir.path(), &["fmt", "-"], spaced.as_bytes());
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, include_str!("data/fmt/classic.before.sudoku"), "")
    );
}

#[test]
fn a_path_that_cannot_be_read_exits_2() {
    let dir = workspace();
    let (code, _, err) = sudoku_lsp(
        dir.path(),
        &["fmt", "--check", "missing.sudoku", "b-spaced.sudoku"],
        b"",
    );
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "sudoku-lsp: error: missing.sudoku: no such file or folder\n"
    );
    std::fs::write(
        dir.path().join("sudoku-lsp.toml"),
        "[format]\ngrid = \"fancy\"\n",
    )
    .unwrap();
    let (code, _, err) = sudoku_lsp(dir.path(), &["fmt", "b-spaced.sudoku"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("unknown style `fancy`"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Never-seen files: every fixture, mutated line by line.

/// A small deterministic generator (no dependency, same cases on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// `text` with one line changed: spaces added or taken, a line doubled, dropped or blanked, a
/// blank line added, a cell's character changed, two lines swapped.
fn mutate(text: &str, rng: &mut Lcg) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let i = rng.below(lines.len());
    let j = rng.below(lines.len());
    match rng.below(8) {
        0 => lines[i] = format!("  {}  ", lines[i].replace(' ', "   ")),
        1 => lines[i] = lines[i].replace([' ', '|'], ""),
        2 => lines.insert(i, lines[i].clone()),
        3 => drop(lines.remove(i)),
        4 => lines.insert(i, String::new()),
        5 => lines.swap(i, j),
        6 => lines[i] = lines[i].replace('.', "0").replace('\u{2502}', "|"),
        _ => {
            let chars: Vec<char> = lines[i].chars().collect();
            if !chars.is_empty() {
                let k = rng.below(chars.len());
                let c = ['.', '5', ' ', '|', '#', '-', 'A', '+'][rng.below(8)];
                lines[i] = chars[..k]
                    .iter()
                    .chain([&c])
                    .chain(&chars[k + 1..])
                    .collect();
            }
        }
    }
    lines.join("\n")
}

#[test]
fn mutated_files_format_idempotently_and_read_the_same() {
    let mut files = Vec::new();
    files_under(Path::new("fixtures"), &mut files);
    let mut rng = Lcg(7);
    let (mut cases, mut changed) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let Ok((text, _)) = decode(&bytes) else {
            continue;
        };
        if text.len() > ANALYSED_UP_TO {
            continue;
        }
        for _ in 0..30 {
            let text = mutate(text, &mut rng);
            let before = meaning(&text, &examine_reader(&text));
            for grid in [GridStyle::Plain, GridStyle::Spaced, GridStyle::Boxed] {
                let style = Style { grid, blank: '.' };
                let once = format(&text, &style).apply(&text);
                let twice = format(&once, &style).apply(&once);
                assert_eq!(twice, once, "not idempotent ({grid:?}) on:\n{text}");
                let after = meaning(&once, &examine_reader(&once));
                assert_eq!(after, before, "meaning changed ({grid:?}) on:\n{text}");
                cases += 1;
                changed += usize::from(once != text);
            }
        }
    }
    eprintln!("{changed} of {cases} mutated files formatted");
    assert!(cases > 3000 && changed * 2 > cases, "{changed} of {cases}");
}

/// The reader's output and findings only.
fn examine_reader(text: &str) -> Analysis {
    examine(text, &Config::default(), 0)
}
