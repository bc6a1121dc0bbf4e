//! `sudoku-lsp transform FILE`: random equivalent copies of each puzzle, in the file's own
//! layout, or with `--canonical` each puzzle's canonical form on a line.
//!
//! A copy is the puzzle's text with each cell rewritten (and its `@solution`, transformed the
//! same way), so separators, comments and trailing fields stay as they were. Pencil-mark
//! puzzles and puzzles with a syntax error are copied unchanged, with a note on stderr.

use std::io::{self, Read, Write};
use std::path::Path;

use super::args::TransformArgs;
use super::{report_note, report_trouble, EXIT_OK, EXIT_TROUBLE};
use crate::finding::{apply_edits, Edit};
use crate::generate::Rng;
use crate::syntax::{self, decode, Alphabet, Layout, Puzzle};
use crate::text::TextRange;
use crate::transform::{canonical, Transform};

pub fn run(args: TransformArgs) -> i32 {
    let shown = args.file.display().to_string();
    let Some(bytes) = read(&args.file, &shown) else {
        return EXIT_TROUBLE;
    };
    let text = match decode(&bytes) {
        Ok((text, _)) => text,
        Err(finding) => {
            report_trouble(&format!("{shown}: {}", finding.message));
            return EXIT_TROUBLE;
        }
    };
    let parsed = syntax::parse(text);
    let output = if args.canonical {
        canonical_lines(&parsed.puzzles, &shown, text)
    } else {
        let seed = args.seed.unwrap_or_else(super::generate::fresh_seed);
        copies(text, &parsed, &shown, seed, args.count)
    };
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            report_trouble(&format!("cannot write: {e}"));
            EXIT_TROUBLE
        }
    }
}

/// The bytes of `path`, or of standard input for `-`.
fn read(path: &Path, shown: &str) -> Option<Vec<u8>> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        return match io::stdin().lock().read_to_end(&mut bytes) {
            Ok(_) => Some(bytes),
            Err(e) => {
                report_trouble(&format!("cannot read standard input: {e}"));
                None
            }
        };
    }
    super::solve::read_puzzles(path, shown)
}

/// Whether a puzzle can be transformed; notes on stderr why not.
fn transformable(p: &Puzzle, shown: &str, text: &str) -> bool {
    let why = if p.pencil.is_some() {
        "it is a pencil-mark puzzle"
    } else if p.has_syntax_error {
        "it has a syntax error"
    } else {
        return true;
    };
    let line = text[..p.first_line.start].matches('\n').count() + 1;
    report_note(&format!(
        "{shown}:{line}: {} is copied unchanged: {why}",
        p.label()
    ));
    false
}

/// One canonical line per puzzle: blanks as `0`, digits in the size's usual symbols.
fn canonical_lines(puzzles: &[Puzzle], shown: &str, text: &str) -> String {
    let mut out = String::new();
    for p in puzzles.iter().filter(|p| transformable(p, shown, text)) {
        let Some(form) = canonical(p.shape, &p.givens).map(|c| c.values) else {
            let line = text[..p.first_line.start].matches('\n').count() + 1;
            report_note(&format!(
                "{shown}:{line}: puzzle {} has no canonical form here: too many of its \
                 column orders tie (a nearly complete grid)",
                p.index + 1
            ));
            continue;
        };
        let alphabet = Alphabet::default_for(p.shape.size);
        out.extend(
            form.iter()
                .map(|&v| if v == 0 { '0' } else { alphabet.symbol(v) }),
        );
        out.push('\n');
    }
    out
}

/// The text with each puzzle's block (its own directives, its lines) written `count` times,
/// each a random copy; the text between puzzles is kept.
fn copies(text: &str, parsed: &syntax::ParsedFile, shown: &str, seed: u64, count: usize) -> String {
    let mut out = String::with_capacity(text.len() * count.max(1));
    let mut at = 0;
    for p in &parsed.puzzles {
        let block = block_of(text, p, parsed.defaults.all.len());
        if block.start < at {
            continue;
        }
        out.push_str(&text[at..block.start]);
        let ok = transformable(p, shown, text);
        let mut rng = Rng::for_item(seed, p.index as u64);
        let separator = if p.layout == Layout::OneLiner && block.start == p.range.start {
            "\n"
        } else {
            "\n\n"
        };
        let copies: Vec<String> = (0..count)
            .map(|_| {
                let t = Transform::random(p.shape, &mut rng);
                let edits = if ok {
                    copy_edits(text, p, &t, block.start)
                } else {
                    Vec::new()
                };
                apply_edits(&text[block.as_range()], &edits)
                    .unwrap_or_else(|| text[block.as_range()].to_string())
            })
            .collect();
        out.push_str(&copies.join(separator));
        at = block.end;
    }
    out.push_str(&text[at..]);
    out
}

/// From the puzzle's first own directive (or first line) to the end of its last line.
fn block_of(text: &str, p: &Puzzle, defaults: usize) -> TextRange {
    let own = p.directives.all.get(defaults..).unwrap_or(&[]);
    let start = own
        .iter()
        .map(|d| d.range.start)
        .chain([p.range.start])
        .min()
        .unwrap_or(p.range.start);
    let end = text[p.range.end..]
        .find('\n')
        .map_or(text.len(), |i| p.range.end + i);
    // A CRLF line keeps its CR outside the block, so copies join with the file's own ending.
    let end = if end > start && text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') {
        end - 1
    } else {
        end
    };
    TextRange::new(start, end)
}

/// The edits that turn the block at `base` into the copy `t`: every cell, and the puzzle's own
/// `@solution`.
fn copy_edits(text: &str, p: &Puzzle, t: &Transform, base: usize) -> Vec<Edit> {
    let moved = t.apply(p.shape, &p.givens);
    let blank = blank_text(p, text);
    let rel = |r: TextRange| TextRange::new(r.start - base, r.end - base);
    let mut edits: Vec<Edit> = p
        .cells
        .iter()
        .zip(&moved)
        .enumerate()
        .map(|(cell, (range, &v))| Edit {
            range: rel(range),
            new_text: if v == 0 {
                blank.clone()
            } else {
                p.write_digit(cell, v)
            },
        })
        .collect();
    let solution = p
        .directives
        .all
        .iter()
        .rev()
        .find(|d| d.key == "solution" && d.range.start >= base);
    if let Some(d) = solution {
        let values: Option<Vec<u8>> = d.value.chars().map(|c| p.alphabet.value_of(c)).collect();
        if let Some(values) = values.filter(|v| v.len() == p.shape.cells()) {
            let line = p.alphabet.line(&t.apply(p.shape, &values));
            edits.push(Edit {
                range: rel(d.value_range),
                new_text: line,
            });
        }
    }
    edits
}

/// How the puzzle writes a blank: its first blank cell's text when that is one character.
fn blank_text(p: &Puzzle, text: &str) -> String {
    p.cells
        .iter()
        .zip(&p.givens)
        .find(|(_, &v)| v == 0)
        .and_then(|(r, _)| text.get(r.as_range()))
        .filter(|s| s.chars().count() == 1)
        .unwrap_or(".")
        .to_string()
}
