//! The technique cases: one file a case under `tests/techniques/<technique-id>/`, each a
//! position and the steps a search finds in it (the format is in docs/architecture.md, "A new
//! technique"). One test reads every file, runs the search the file names and compares what it
//! finds with what the file expects, reporting every case that differs; `UPDATE_EXPECT=1`
//! writes what the search finds into the files instead.

use super::super::*;
use crate::finding::Severity;
use crate::grid::{bit, Mask};
use std::path::{Path, PathBuf};

/// The folder of the cases, one folder a technique.
pub(in crate::logic) fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/techniques")
}

/// The keys a case's header may hold (docs/architecture.md, "A new technique").
const KEYS: [&str; 7] = [
    "find", "steps", "search", "unsolved", "empty", "givens", "puzzle",
];

/// One case file, read.
pub(in crate::logic) struct Case {
    /// The header's `key: value` lines.
    header: Vec<(String, String)>,
    /// The state the position gives.
    pub state: State,
    /// The text before the expectation, kept as it is by an update.
    before: String,
    /// The expectation as written (from `expect:` on).
    expect: String,
}

impl Case {
    /// Reads a case from its text; `Err` says what is wrong with it.
    pub fn read(text: &str) -> Result<Case, String> {
        // The expectation starts at the first line `expect:` or `expect <count>:`.
        let opens = |line: &str| {
            let head = line.split(':').next().unwrap_or("");
            line.contains(':') && (head == "expect" || head.strip_prefix("expect ").is_some())
        };
        let at = (text.match_indices('\n').map(|(i, _)| i + 1))
            .chain([0])
            .filter(|&i| opens(&text[i..]))
            .min()
            .ok_or("no `expect:` line")?;
        let (before, expect) = text.split_at(at);
        // The header: the first paragraph, of comments and `key: value` lines.
        let mut header = Vec::new();
        let mut lines = before.lines();
        for line in lines.by_ref() {
            let line = line.trim();
            if line.is_empty() {
                break;
            }
            if line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| format!("header line `{line}` is not `key: value`"))?;
            if !KEYS.contains(&key.trim()) {
                return Err(format!(
                    "unknown header key `{key}` (known: {})",
                    KEYS.join(", ")
                ));
            }
            header.push((key.trim().to_string(), value.trim().to_string()));
        }
        let position: Vec<&str> = lines.collect();
        let parsed = crate::syntax::parse(&position.join("\n"));
        let errors = (parsed.findings.iter()).filter(|f| f.severity == Severity::Error);
        if let Some(f) = errors.min_by_key(|f| f.range.start) {
            return Err(format!("the position: {} ({})", f.message, f.code.as_str()));
        }
        let [puzzle] = parsed.puzzles.as_slice() else {
            return Err(format!(
                "the position holds {} puzzles, not one",
                parsed.puzzles.len()
            ));
        };
        let state = state_of(puzzle, |key| {
            (header.iter())
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        })?;
        Ok(Case {
            header,
            state,
            before: before.to_string(),
            expect: expect.to_string(),
        })
    }

    /// The header's value for `key`.
    fn get(&self, key: &str) -> Option<&str> {
        (self.header.iter())
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The engine the header asks for: `search:` names the [`engine::Search`] switches to set,
    /// `quiet` an engine whose steps carry no sentence.
    fn engine(&self) -> Result<Engine, String> {
        let words: Vec<&str> = self
            .get("search")
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let mut cx = match words.contains(&"quiet") {
            true => Engine::quiet(),
            false => Engine::new(),
        };
        for word in words {
            let x = &mut cx.search;
            match word {
                "quiet" => {}
                "templates_off" => x.templates_off = true,
                "unremembered" => x.unremembered = true,
                "uncapped" => x.uncapped = true,
                "ungated" => x.ungated = true,
                "all_groups" => x.all_groups = true,
                "unbound" => x.unbound = true,
                "check_counts" => x.check_counts = true,
                "no_barren_sets" => x.no_barren_sets = true,
                "no_dual" => x.no_dual = true,
                _ => return Err(format!("unknown search switch `{word}`")),
            }
        }
        Ok(cx)
    }

    /// What the search the case names finds, written as the case writes it: `find:` (the
    /// folder's technique by default, or `next` for the easiest step of the whole ladder), up
    /// to one step, or with `steps:` up to each count it lists (`all` is [`ALL_STEPS_LIMIT`]),
    /// a block `expect <count>:` each.
    pub fn run(&self, technique: &str) -> Result<String, String> {
        let mut cx = self.engine()?;
        let find_what = self.get("find").unwrap_or(technique);
        if find_what == "next" {
            let next = cx.next_step(&self.state, &Options::default());
            return Ok(render("expect", &self.state, next.as_slice()));
        }
        let t: Technique = find_what.parse()?;
        let Some(counts) = self.get("steps") else {
            let steps = super::run_in(&cx, t, &self.state, 1);
            return Ok(render("expect", &self.state, &steps));
        };
        let mut out = String::new();
        for count in counts.split_whitespace() {
            let limit = match count {
                "all" => ALL_STEPS_LIMIT,
                n => n.parse().map_err(|_| format!("`steps: {n}`: no count"))?,
            };
            let steps = super::run_in(&cx, t, &self.state, limit);
            out += &render(&format!("expect {count}"), &self.state, &steps);
        }
        Ok(out)
    }

    /// The file with `found` as its expectation.
    fn updated(&self, found: &str) -> String {
        format!("{}{found}", self.before)
    }
}

/// The state of a case's position. A pencil-mark grid gives its cells as written, each solved
/// cell placed and every other holding exactly its marks; three header keys say what the
/// `.sudoku` syntax cannot: `unsolved:` names cells written with one digit that hold it as
/// their one candidate, not placed; `empty:` cells left with no candidate; `givens:` the
/// puzzle's givens (a one-liner) when the other solved cells were placed while solving.
fn state_of<'a>(
    puzzle: &crate::syntax::Puzzle,
    get: impl Fn(&str) -> Option<&'a str>,
) -> Result<State, String> {
    let grid = puzzle.grid();
    let shape = grid.shape;
    let Some(pm) = &puzzle.pencil else {
        if ["unsolved", "empty", "givens"]
            .iter()
            .any(|k| get(k).is_some())
        {
            return Err("`unsolved:`, `empty:` and `givens:` want a pencil-mark grid".into());
        }
        return Ok(start(puzzle));
    };
    let cells = |key: &str| -> Result<Vec<usize>, String> {
        let names = get(key).unwrap_or("").split_whitespace();
        names.map(|name| cell_at(shape, name)).collect()
    };
    let mut values = grid.values.clone();
    let mut cands: Vec<Mask> = (values.iter().zip(&pm.candidates))
        .map(|(&v, &m)| if v == 0 { m } else { 0 })
        .collect();
    for c in cells("unsolved")? {
        if values[c] == 0 {
            let name = crate::grid::Shape::cell_name(&shape, c);
            return Err(format!(
                "unsolved cell {name} is not written with one digit"
            ));
        }
        cands[c] = bit(values[c]);
        values[c] = 0;
    }
    for c in cells("empty")? {
        (values[c], cands[c]) = (0, 0);
    }
    let Some(givens) = get("givens") else {
        return State::from_candidates(shape, values, cands).ok_or("no state".into());
    };
    let parsed = crate::syntax::parse(givens);
    let [puzzle] = parsed.puzzles.as_slice() else {
        return Err("`givens:` is not one puzzle".into());
    };
    let mut s = State::new(&puzzle.grid());
    for (c, &v) in values.iter().enumerate() {
        if v != 0 && s.value(c) == 0 {
            s.place(c, v);
        }
    }
    for (c, &m) in cands.iter().enumerate() {
        if values[c] == 0 && s.value(c) == 0 {
            s.eliminate(c, !m);
        }
    }
    Ok(s)
}

/// The cell `r<row>c<column>` names.
fn cell_at(shape: crate::grid::Shape, name: &str) -> Result<usize, String> {
    let bad = || format!("`{name}` is no cell");
    let (r, c) = (name.strip_prefix('r').and_then(|x| x.split_once('c'))).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    let n = shape.size;
    if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1) * n + c - 1)
}

/// Steps as a case writes them: `<label>: none`, or `<label>:` and each step's technique name
/// then its placements (`r1c1=5`), eliminations (`r2c3<>19`), cells, units and sentence, each
/// on a line of its own, indented.
pub(in crate::logic) fn render(label: &str, s: &State, steps: &[Step]) -> String {
    if steps.is_empty() {
        return format!("{label}: none\n");
    }
    let mut out = format!("{label}:\n");
    for step in steps {
        out += step.technique.name();
        out.push('\n');
        let mut line = |key: &str, items: Vec<String>, sep: &str| {
            if !items.is_empty() {
                out += &format!("  {key} {}\n", items.join(sep));
            }
        };
        let places = (step.placements.iter()).map(|&(c, d)| format!("{}={}", s.name(c), s.sym(d)));
        line("place", places.collect(), " ");
        let removes =
            (step.eliminations.iter()).map(|&(c, m)| format!("{}<>{}", s.name(c), s.syms(m)));
        line("remove", removes.collect(), " ");
        line(
            "cells",
            step.cells.iter().map(|&c| s.name(c).to_string()).collect(),
            " ",
        );
        line(
            "units",
            step.units.iter().map(|u| u.to_string()).collect(),
            ", ",
        );
        let says = step.explanation.replace('\n', "\n    ");
        line(
            "says",
            [says].into_iter().filter(|x| !x.is_empty()).collect(),
            "",
        );
    }
    out
}

/// A text's lines without their trailing blanks, and without blank lines at its end.
fn normal(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Every case file, sorted: (technique folder, path).
pub(in crate::logic) fn files() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(folder()).expect("tests/techniques") {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let technique = dir.file_name().unwrap().to_string_lossy().to_string();
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                out.push((technique.clone(), path));
            }
        }
    }
    out.sort();
    out
}

/// The state of case `name` (`<technique-id>/<case>`, no `.txt`), for a test that needs a
/// position.
pub(in crate::logic) fn position(name: &str) -> State {
    let path = folder().join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    Case::read(&text)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .state
}

/// The value of `key` in the header of case `name` (`<technique-id>/<case>`).
pub(in crate::logic) fn header(name: &str, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(folder().join(format!("{name}.txt"))).ok()?;
    Case::read(&text).ok()?.get(key).map(str::to_string)
}

/// How case text `text` (in folder `technique`) fares: `Ok(None)` when the search finds what it
/// expects, `Ok(Some((why, updated)))` when it differs (where, and the text with what was
/// found as its expectation), `Err` when the case cannot be read or run.
fn compare(technique: &str, text: &str) -> Result<Option<(String, String)>, String> {
    let case = Case::read(text)?;
    let found = case.run(technique)?;
    let (want, got) = (normal(&case.expect), normal(&found));
    if want == got {
        return Ok(None);
    }
    let first = (want.iter().zip(&got)).position(|(a, b)| a != b);
    let at = first.unwrap_or(want.len().min(got.len()));
    let why = format!(
        "differs at line {} of the expectation ({} lines expected, {} found):\n  expected: {}\n  found:    {}",
        at + 1,
        want.len(),
        got.len(),
        want.get(at).unwrap_or(&"(end)"),
        got.get(at).unwrap_or(&"(end)"),
    );
    Ok(Some((why, case.updated(&found))))
}

/// The case's failure, if it fails. With `update`, a case whose expectation differs is
/// rewritten with what the search found instead.
fn check(technique: &str, path: &Path, update: bool) -> Option<String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => return Some(e.to_string()),
    };
    match compare(technique, &text) {
        Ok(None) => None,
        Ok(Some((_, updated))) if update => {
            std::fs::write(path, updated).err().map(|e| e.to_string())
        }
        Ok(Some((why, _))) => Some(why),
        Err(why) => Some(why),
    }
}

#[test]
fn every_technique_case_finds_what_its_file_expects() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some_and(|v| v != "0");
    let files = files();
    let mut failures = Vec::new();
    for (technique, path) in &files {
        if let Some(why) = check(technique, path, update) {
            let name = path
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap_or(path);
            failures.push(format!("{}: {why}", name.display()));
        }
    }
    assert!(files.len() > 50, "{} case files", files.len());
    assert!(
        failures.is_empty(),
        "{} of {} technique cases fail (UPDATE_EXPECT=1 rewrites them):\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// A case whose expectation is wrong fails, saying where, and its update is the case as it was;
/// a case that cannot be read says why.
#[test]
fn a_wrong_expectation_fails_and_updating_restores_it() {
    let path = folder().join("x-chain/first-removal-first.txt");
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(compare("x-chain", &text), Ok(None));
    let wrong = text.replacen("remove r1c5<>5 r2c5<>5", "remove r1c5<>5 r2c5<>6", 1);
    let (why, updated) = compare("x-chain", &wrong).unwrap().expect("a failure");
    assert!(why.contains("differs at line 3"), "{why}");
    assert!(why.contains("expected:   remove r1c5<>5 r2c5<>6"), "{why}");
    assert_eq!(updated, text);
    // What found nothing where a step is expected, and the other way round.
    assert!(compare("xy-chain", &text).unwrap().is_some());
    let none = folder().join("x-chain/nothing-in-an-empty-grid.txt");
    let none = std::fs::read_to_string(none).unwrap();
    let (why, _) = compare(
        "x-chain",
        &none.replace("expect all: none", "expect all:\nX-Chain"),
    )
    .unwrap()
    .expect("a failure");
    assert!(why.contains("found:    expect all: none"), "{why}");
    for (bad, says) in [
        (text.replace("expect ", "expected "), "no `expect:` line"),
        (
            text.replace("expect 1:", "expected 1:"),
            "unrecognized-line",
        ),
        (
            text.replace("steps: 1 all", "step: 1 all"),
            "unknown header key `step`",
        ),
        (text.replace("steps: 1 all", "steps: some"), "`steps: some`"),
        (
            text.replace("steps: 1 all", "find: x-chains"),
            "unknown technique `x-chains`",
        ),
        (
            text.replace("steps: 1 all", "unsolved: r1c2"),
            "unsolved cell",
        ),
    ] {
        let err = compare("x-chain", &bad).unwrap_err();
        assert!(err.contains(says), "{err}");
    }
}

/// `unsolved:` and `empty:` give cells the `.sudoku` syntax cannot: one candidate unplaced,
/// and none.
#[test]
fn unsolved_and_empty_cells_are_read_from_the_header() {
    let rows = [
        "123456789",
        "456789123",
        "789123456",
        "214365897",
        "365897214",
        "897214365",
        "531642978",
        "642978531",
        "978531642",
    ];
    let rows = rows.map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "));
    let grid = format!("@candidates\n{}", rows.join("\n"));
    let read = |header: &str| Case::read(&format!("{header}\n\n{grid}\n\nexpect: none\n"));
    let plain = read("# plain").unwrap().state;
    assert_eq!((plain.value(1), plain.cands(1)), (2, 0));
    let s = read("unsolved: r1c2\nempty: r1c3").unwrap().state;
    assert_eq!((s.value(1), s.cands(1)), (0, bit(2)));
    assert_eq!((s.value(2), s.cands(2)), (0, 0));
    let Err(why) = read("empty: r10c1") else {
        panic!("r10c1 read as a cell");
    };
    assert!(why.contains("`r10c1` is no cell"), "{why}");
}
