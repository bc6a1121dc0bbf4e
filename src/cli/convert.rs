//! `sudoku-lsp convert PATH... --to sudoku|line|csv|sdk|sdm|ss|sdx|opensudoku|hodoku [-o OUT]`:
//! every puzzle of the files, in another format (docs/formats.md#convert).
//!
//! Each puzzle goes across with its solution, metadata and pencil marks wherever the target can
//! hold them. Where it cannot, nothing is written and the exit code is 2, each puzzle named with
//! what would be lost; `--lossy` writes anyway and says on stderr, one line a puzzle and item,
//! what was dropped. The output goes to stdout, or to `-o OUT`, written atomically.

use std::io::{self, Read, Write};
use std::path::Path;

use super::args::{ConvertArgs, ConvertTo};
use super::{report_trouble, EXIT_OK, EXIT_TROUBLE};
use crate::finding::Code;
use crate::grid::Shape;
use crate::syntax::formats::{not_a_puzzle_file, parse_as, Reading};
use crate::syntax::{decode, Alphabet, Layout, Puzzle};
use crate::text::LineIndex;

/// The directives that shape how a puzzle reads rather than describe it: only `.sudoku` holds
/// them.
const SHAPING: [&str; 4] = ["size", "box", "symbols", "candidates"];

/// One puzzle as read, with where it came from, for writing and for naming it in messages.
pub(super) struct Item<'a> {
    /// `PATH:LINE: puzzle N`.
    pub(super) label: String,
    pub(super) puzzle: &'a Puzzle,
    pub(super) text: &'a str,
}

/// Converts the files `args` names and returns the exit code.
pub fn run(args: ConvertArgs) -> i32 {
    let mut sources = Vec::new();
    for path in &args.paths {
        match read(path) {
            Ok(bytes) => sources.push((path.clone(), bytes)),
            Err(message) => {
                report_trouble(&message);
                return EXIT_TROUBLE;
            }
        }
    }
    let mut parsed = Vec::new();
    for (path, bytes) in &sources {
        let shown = path.display().to_string();
        if let Some(f) = not_a_puzzle_file(bytes).filter(|_| !is_sudoku(path, &args)) {
            report_trouble(&format!("{shown}: {}; nothing was converted", f.message));
            return EXIT_TROUBLE;
        }
        let text = match decode(bytes) {
            Ok((text, _)) => text,
            Err(f) => {
                report_trouble(&format!("{shown}: {}; nothing was converted", f.message));
                return EXIT_TROUBLE;
            }
        };
        let named = (path.as_os_str() != "-").then_some(path.as_path());
        let file = parse_as(text, Reading::decide(args.from, named, text));
        parsed.push((shown, text, file));
    }
    let mut items = Vec::new();
    let mut lost = Vec::new();
    for (shown, text, file) in &parsed {
        let index = LineIndex::new(text);
        let line = |at: usize| index.line_of(at) + 1;
        // What the reader could not read is lost in any target.
        for f in &file.findings {
            match f.code {
                Code::UnrecognizedLine => lost.push(format!(
                    "{shown}:{}: this line is not read as a puzzle",
                    line(f.range.start)
                )),
                Code::NotAPuzzleFile => {
                    report_trouble(&format!("{shown}: {}; nothing was converted", f.message));
                    return EXIT_TROUBLE;
                }
                _ => {}
            }
        }
        for p in &file.puzzles {
            let label = format!("{shown}:{}: {}", line(p.first_line.start), p.label());
            if p.has_syntax_error {
                lost.push(format!("{label}: the cells that could not be read"));
            }
            items.push(Item {
                label,
                puzzle: p,
                text,
            });
        }
    }
    let (outs, dropped) = match args.to {
        ConvertTo::Sudoku => (vec![write_sudoku(&items)], Vec::new()),
        ConvertTo::Line => one(write_line(&items)),
        ConvertTo::Csv => one(write_csv(&items)),
        ConvertTo::Sdm => one(write_sdm(&items)),
        ConvertTo::Sdk => write_sdk(&items),
        ConvertTo::Ss => super::convert_more::write_ss(&items),
        ConvertTo::Sdx => super::convert_more::write_sdx(&items),
        ConvertTo::Opensudoku => one(super::convert_more::write_opensudoku(&items)),
        ConvertTo::Hodoku => one(super::convert_more::write_hodoku(&items)),
    };
    lost.extend(dropped);
    let ext = extension(args.to);
    let to_dir = args.output.as_deref().filter(|p| p.is_dir());
    if outs.len() > 1 && to_dir.is_none() {
        report_trouble(&format!(
            "an .{ext} file holds one puzzle: give -o DIR (an existing folder) to write these {} puzzles one file each; nothing was written",
            outs.len()
        ));
        return EXIT_TROUBLE;
    }
    if !lost.is_empty() && !args.lossy {
        for l in &lost {
            report_trouble(&format!("{l} would be lost"));
        }
        report_trouble(
            "nothing was written; --lossy converts anyway, dropping what the target cannot hold",
        );
        return EXIT_TROUBLE;
    }
    for l in &lost {
        super::report_note(&format!("{l}: dropped"));
    }
    let written = match (&args.output, to_dir) {
        (_, Some(dir)) => write_each(dir, &outs, ext),
        (Some(path), None) => write_file(path, outs.concat().as_bytes()),
        (None, None) => {
            let out = outs.concat();
            let mut stdout = io::stdout().lock();
            stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
        }
    };
    match written {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_TROUBLE,
        Err(e) => {
            let to = args.output.as_deref().unwrap_or(Path::new("-"));
            report_trouble(&format!("{}: cannot write: {e}", to.display()));
            EXIT_TROUBLE
        }
    }
}

/// Whether a file is read as `.sudoku` by its extension or `--from` (then it is never turned
/// away as no puzzle file, as in `check`).
fn is_sudoku(path: &Path, args: &ConvertArgs) -> bool {
    use crate::syntax::formats::Format;
    args.from.or_else(|| Format::of_path(path)) == Some(Format::Sudoku)
}

/// A file's bytes (`-`: standard input).
fn read(path: &Path) -> Result<Vec<u8>, String> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => format!("{}: no such file", path.display()),
        _ => format!("{}: cannot read: {e}", path.display()),
    })
}

/// One output for all the puzzles.
fn one((out, lost): (String, Vec<String>)) -> (Vec<String>, Vec<String>) {
    (vec![out], lost)
}

/// The extension of the files `-o DIR` gets for a target.
fn extension(to: ConvertTo) -> &'static str {
    match to {
        ConvertTo::Sudoku => "sudoku",
        ConvertTo::Line => "txt",
        ConvertTo::Csv => "csv",
        ConvertTo::Sdm => "sdm",
        ConvertTo::Sdk => "sdk",
        ConvertTo::Ss => "ss",
        ConvertTo::Sdx => "sdx",
        ConvertTo::Opensudoku => "opensudoku",
        ConvertTo::Hodoku => "txt",
    }
}

/// Writes each output to its own file in `dir`: `puzzle-001.sdk`, ... (as many digits as the
/// count needs).
fn write_each(dir: &Path, outs: &[String], ext: &str) -> io::Result<()> {
    let width = outs.len().to_string().len();
    for (i, out) in outs.iter().enumerate() {
        let name = format!("puzzle-{:0width$}.{ext}", i + 1);
        write_file(&dir.join(name), out.as_bytes())?;
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename.
fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    super::solve::write_atomically(path, bytes)
}

/// A puzzle's cells, one symbol a cell, `.` for a blank.
pub(super) fn cells(p: &Puzzle) -> String {
    p.givens
        .iter()
        .map(|&v| if v == 0 { '.' } else { p.alphabet.symbol(v) })
        .collect()
}

/// The puzzle's own directives and the file's defaults it reads under, each key's last one,
/// in order.
pub(super) fn directives(p: &Puzzle) -> Vec<(&str, &str)> {
    let all = &p.directives.all;
    all.iter()
        .enumerate()
        .filter(|(i, d)| d.key == "meta" || !all[i + 1..].iter().any(|e| e.key == d.key))
        .map(|(_, d)| (d.key.as_str(), d.value.as_str()))
        .collect()
}

/// Whether the puzzle needs `@box` to read back with its shape: a box other than the one its
/// size reads with.
pub(super) fn needs_box(shape: Shape) -> bool {
    Shape::for_size(shape.size) != Some(shape)
}

/// Whether the puzzle's alphabet is not its size's default.
pub(super) fn needs_symbols(p: &Puzzle) -> bool {
    p.alphabet != Alphabet::default_for(p.shape.size)
}

/// The `.sudoku` text of every puzzle: its directives, then its grid (a pencil-mark grid for a
/// solving state), a one-liner when it was one (with its trailing field); a blank line between
/// puzzles. Nothing is lost.
pub(super) fn write_sudoku(items: &[Item<'_>]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        let p = item.puzzle;
        if i > 0 {
            out.push('\n');
        }
        let ds = directives(p);
        let has = |k: &str| ds.iter().any(|(key, _)| *key == k);
        if needs_box(p.shape) && !has("box") {
            out += &format!("@box {}x{}\n", p.shape.box_rows, p.shape.box_cols);
        }
        if needs_symbols(p) && !has("symbols") {
            let s: String = p.alphabet.symbols.iter().collect();
            out += &format!("@symbols {s}\n");
        }
        for (key, value) in &ds {
            if *key == "candidates" && p.pencil.is_some() {
                continue;
            }
            if value.is_empty() {
                out += &format!("@{key}\n");
            } else {
                out += &format!("@{key} {value}\n");
            }
        }
        let rating_kept = has("rating");
        match (p.layout, p.pencil.as_deref()) {
            (_, Some(pm)) => {
                if let (Some(r), false) = (&p.rating, rating_kept) {
                    out += &format!("@rating {r}\n");
                }
                out += &pencil_grid(p, pm)
            }
            (Layout::OneLiner, _) => {
                out += &cells(p);
                let trailing = p.trailing.and_then(|t| item.text.get(t.as_range()));
                match (trailing, &p.rating) {
                    (Some(t), _) => out += &format!(" {t}"),
                    (None, Some(r)) if !rating_kept => out += &format!(" {r}"),
                    _ => {}
                }
                out.push('\n');
            }
            _ => {
                if let (Some(r), false) = (&p.rating, rating_kept) {
                    out += &format!("@rating {r}\n");
                }
                let line = cells(p);
                let n = p.shape.size;
                let chars: Vec<char> = line.chars().collect();
                for row in chars.chunks(n) {
                    out.extend(row.iter());
                    out.push('\n');
                }
            }
        }
    }
    out
}

/// A pencil-mark grid: each cell's digit when solved (`+` before a placed one), else its
/// candidates run together, the columns aligned.
fn pencil_grid(p: &Puzzle, pm: &crate::syntax::PencilMarks) -> String {
    let n = p.shape.size;
    // A cell with no marks (every candidate) shows the candidates its solved peers leave, or
    // `.` when they leave it fewer than two (a token of one symbol is a solved cell).
    let full = crate::grid::full_mask(n);
    let allowed = p.grid().candidates();
    let candidates: Vec<crate::grid::Mask> = pm
        .candidates
        .iter()
        .zip(&allowed)
        .map(|(&m, &a)| if m == full { a } else { m })
        .collect();
    let tokens: Vec<String> = (0..p.shape.cells())
        .map(|c| match p.givens[c] {
            v if v != 0 && pm.is_placed(c) => format!("+{}", p.alphabet.symbol(v)),
            0 if candidates[c] == allowed[c] && allowed[c].count_ones() < 2 => ".".to_string(),
            0 => (1..=n as u8)
                .filter(|&d| {
                    candidates
                        .get(c)
                        .is_some_and(|m| m & crate::grid::bit(d) != 0)
                })
                .map(|d| p.alphabet.symbol(d))
                .collect(),
            v => p.alphabet.symbol(v).to_string(),
        })
        .collect();
    let widths: Vec<usize> = (0..n)
        .map(|col| {
            (0..n)
                .map(|r| tokens[r * n + col].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    // A grid of single symbols only reads as pencil marks under `@candidates`.
    let mut out = if tokens.iter().all(|t| t.chars().count() < 2) {
        "@candidates\n".to_string()
    } else {
        String::new()
    };
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|col| format!("{:<w$}", tokens[r * n + col], w = widths[col]))
            .collect();
        out += row.join(" ").trim_end();
        out.push('\n');
    }
    out
}

/// What a target without directives loses of a puzzle: its pencil marks, and the shape and
/// alphabet it cannot say.
fn shape_losses(item: &Item<'_>, lost: &mut Vec<String>) {
    let p = item.puzzle;
    if p.pencil.is_some() {
        lost.push(format!("{}: its pencil marks", item.label));
    }
    if needs_box(p.shape) {
        let (r, c) = (p.shape.box_rows, p.shape.box_cols);
        lost.push(format!("{}: its {r}x{c} boxes", item.label));
    }
    if needs_symbols(p) {
        lost.push(format!("{}: its symbols", item.label));
    }
}

/// Reports every directive of the puzzle but those `kept` (and the shaping ones) as lost, and
/// its trailing field unless it is its rating and `rating` is kept.
pub(super) fn field_losses(item: &Item<'_>, kept: &[&str], lost: &mut Vec<String>) {
    let p = item.puzzle;
    for (key, value) in directives(p) {
        let name = match key {
            "meta" => value.split_whitespace().next().unwrap_or("metadata"),
            _ => key,
        };
        if kept.contains(&name) || SHAPING.contains(&key) {
            continue;
        }
        let what = match key {
            "meta" => format!("its {name}"),
            _ => format!("its @{key}"),
        };
        lost.push(format!("{}: {what}", item.label));
    }
    if let Some(t) = p.trailing.and_then(|t| item.text.get(t.as_range())) {
        let rating = kept.contains(&"rating") && p.rating.as_deref() == Some(t.trim());
        if !rating {
            lost.push(format!("{}: its trailing field `{t}`", item.label));
        }
    }
}

/// One puzzle a line, its rating after it; everything else is lost.
fn write_line(items: &[Item<'_>]) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut lost = Vec::new();
    for item in items {
        let p = item.puzzle;
        shape_losses(item, &mut lost);
        field_losses(item, &["rating"], &mut lost);
        out += &cells(p);
        if let Some(r) = &p.rating {
            out += &format!(" {r}");
        }
        out.push('\n');
    }
    (out, lost)
}

/// Whether the puzzle is a 9x9 of digits, the only puzzle `.sdk` and `.sdm` hold; when not, it
/// is reported as lost whole.
pub(super) fn classic(item: &Item<'_>, lost: &mut Vec<String>) -> bool {
    let p = item.puzzle;
    let ok = Shape::for_size(9) == Some(p.shape) && !needs_symbols(p);
    if !ok {
        let n = p.shape.size;
        lost.push(format!(
            "{}: the whole {n}x{n} puzzle (the format holds 9x9 puzzles of digits only)",
            item.label
        ));
    }
    ok
}

/// A 9x9 puzzle's cells as digits, `0` blank.
pub(super) fn digits(p: &Puzzle) -> String {
    p.givens.iter().map(|&v| char::from(b'0' + v)).collect()
}

/// `.sdm`: one 9x9 puzzle a line, `0` blank, nothing else.
fn write_sdm(items: &[Item<'_>]) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut lost = Vec::new();
    for item in items {
        if !classic(item, &mut lost) {
            continue;
        }
        if item.puzzle.pencil.is_some() {
            lost.push(format!("{}: its pencil marks", item.label));
        }
        field_losses(item, &[], &mut lost);
        out += &digits(item.puzzle);
        out.push('\n');
    }
    (out, lost)
}

/// The `.sdk` metadata lines: the field each letter holds.
const SDK_LINES: [(&str, char); 7] = [
    ("author", 'A'),
    ("description", 'D'),
    ("comment", 'C'),
    ("date", 'B'),
    ("source", 'S'),
    ("level", 'L'),
    ("url", 'U'),
];

/// `.sdk`: one file a puzzle, its metadata as `#A` (author), `#D` (description), `#C`
/// (comment), `#B` (date), `#S` (source), `#L` (level), `#U` (url) lines, then the grid.
pub(super) fn write_sdk(items: &[Item<'_>]) -> (Vec<String>, Vec<String>) {
    let mut outs = Vec::new();
    let mut lost = Vec::new();
    let kept: Vec<&str> = SDK_LINES.iter().map(|(k, _)| *k).collect();
    for item in items {
        if !classic(item, &mut lost) {
            continue;
        }
        let p = item.puzzle;
        if p.pencil.is_some() {
            lost.push(format!("{}: its pencil marks", item.label));
        }
        field_losses(item, &kept, &mut lost);
        let mut out = String::new();
        let ds = directives(p);
        for (name, letter) in SDK_LINES {
            let value = ds.iter().rev().find_map(|&(key, value)| match key {
                "meta" => value
                    .split_once(char::is_whitespace)
                    .filter(|(k, _)| *k == name)
                    .map(|(_, v)| v.trim()),
                _ => (key == name).then_some(value),
            });
            if let Some(v) = value {
                out += &format!("#{letter}{v}\n");
            }
        }
        let d = cells(p);
        for r in 0..9 {
            out += &d[r * 9..r * 9 + 9];
            out.push('\n');
        }
        outs.push(out);
    }
    (outs, lost)
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A table: `id,puzzle,solution,rating,level` and a column for every other directive and
/// `@meta` name any puzzle has (only the columns some puzzle fills).
fn write_csv(items: &[Item<'_>]) -> (String, Vec<String>) {
    let mut lost = Vec::new();
    let mut rows: Vec<Vec<(String, String)>> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for item in items {
        let p = item.puzzle;
        shape_losses(item, &mut lost);
        let mut row = vec![("puzzle".to_string(), cells(p))];
        for (key, value) in directives(p) {
            if SHAPING.contains(&key) || key == "allow" {
                if key == "allow" {
                    lost.push(format!("{}: its @allow", item.label));
                }
                continue;
            }
            let (name, value) = match key {
                "meta" => match value.split_once(char::is_whitespace) {
                    Some((k, v)) => (k.to_lowercase(), v.trim().to_string()),
                    None => (value.to_lowercase(), String::new()),
                },
                _ => (key.to_string(), value.to_string()),
            };
            row.push((name, value));
        }
        if let Some(r) = &p.rating {
            if !row.iter().any(|(k, _)| k == "rating") {
                row.push(("rating".to_string(), r.clone()));
            }
        }
        if let Some(t) = p.trailing.and_then(|t| item.text.get(t.as_range())) {
            if p.rating.as_deref() != Some(t.trim()) {
                lost.push(format!("{}: its trailing field `{t}`", item.label));
            }
        }
        for (k, _) in &row {
            if !names.contains(k) {
                names.push(k.clone());
            }
        }
        rows.push(row);
    }
    // The usual banks' order first, then the rest as met.
    let first = ["id", "puzzle", "solution", "rating", "level"];
    let mut order: Vec<String> = first
        .iter()
        .filter(|n| names.iter().any(|m| m == *n))
        .map(|n| n.to_string())
        .collect();
    order.extend(names.into_iter().filter(|n| !first.contains(&n.as_str())));
    if order.is_empty() {
        order.push("puzzle".to_string());
    }
    let mut out = order.iter().map(|n| field(n)).collect::<Vec<_>>().join(",");
    out.push('\n');
    for row in rows {
        let line: Vec<String> = order
            .iter()
            .map(|n| {
                row.iter()
                    .rev()
                    .find(|(k, _)| k == n)
                    .map_or(String::new(), |(_, v)| field(v))
            })
            .collect();
        out += &line.join(",");
        out.push('\n');
    }
    (out, lost)
}
