//! The formatter over every file under `fixtures/` and `tests/data/`, in every grid style:
//! formatting twice changes nothing more than formatting once, and the formatted text holds the
//! same puzzles (givens, cells as written, candidates, directives, trailing fields), comments
//! and findings (codes, puzzles, cells, messages) with the same verdicts as the original.
//! Then the before/after pairs of `tests/data/fmt/`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sudoku_lsp::analysis::{analyze, Analysis};
use sudoku_lsp::config::Config;
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

/// The file's analysis; for a long file, the reader's output and findings only.
fn examine(text: &str, config: &Config) -> Analysis {
    if text.len() <= ANALYSED_UP_TO {
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
            let before = before.get_or_insert_with(|| meaning(text, &examine(text, &config)));
            let after = meaning(&once, &examine(&once, &config));
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
            Ok(toml) => Config::from_toml_str(&toml).unwrap(),
            Err(_) => Config::default(),
        };
        let text = std::fs::read_to_string(before).unwrap();
        let expected = std::fs::read_to_string(&after).unwrap();
        let got = format(&text, &config.format).apply(&text);
        assert_eq!(got, expected, "{}", before.display());
        pairs += 1;
    }
    assert!(pairs >= 4, "only {pairs} pairs");
}
