//! `sudoku-lsp generate`: new proper, minimal puzzles as a `.sudoku` collection on stdout.
//!
//! Puzzles are made in chunks, each chunk in parallel, and written in order, so the output for
//! a seed does not depend on `--jobs`. The file starts with a comment recording the seed (and,
//! for sizes other than 9x9, `@size`/`@box` defaults), so `check` reads it with no finding.

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;

use rayon::prelude::*;

use super::args::{GenerateArgs, GenerateFormat};
use super::progress::Progress;
use super::{report_trouble, EXIT_OK, EXIT_TROUBLE};
use crate::generate::{self, Generated, Options};
use crate::grid::Shape;
use crate::syntax::Alphabet;

/// Puzzles made per chunk and thread before the chunk is written.
const CHUNK_PER_THREAD: usize = 4;

pub fn run(args: GenerateArgs) -> i32 {
    let opts = match options(&args) {
        Ok(o) => o,
        Err(message) => {
            report_trouble(&message);
            return EXIT_TROUBLE;
        }
    };
    let threads = args.jobs.map_or(0, NonZeroUsize::get);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => {
            report_trouble(&format!("cannot start worker threads: {e}"));
            return EXIT_TROUBLE;
        }
    };
    let progress = Progress::counting(
        args.count as u64,
        io::stderr().is_terminal(),
        "generating",
        "puzzles",
    );
    let written = pool.install(|| write_all(&args, &opts, &progress));
    progress.finish();
    match written {
        Ok(()) => EXIT_OK,
        // A closed pipe (`| head`) is the reader's choice, not a failure.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            report_trouble(&format!("cannot write the puzzles: {e}"));
            EXIT_TROUBLE
        }
    }
}

/// The options the arguments ask for, or why they cannot be met.
fn options(args: &GenerateArgs) -> Result<Options, String> {
    let shape = match &args.box_shape {
        None => Shape::for_size(args.size).ok_or_else(|| {
            format!(
                "unsupported size {}: use 4, 6, 8, 9, 12, 16 or 25",
                args.size
            )
        })?,
        Some(b) => box_shape(args.size, b)?,
    };
    let opts = Options {
        shape,
        level: args.level,
        symmetry: args.symmetry,
        seed: args.seed.unwrap_or_else(fresh_seed),
    };
    match opts.refusal() {
        Some(reason) => Err(reason),
        None => Ok(opts),
    }
}

/// `--box RxC` on a grid of `size`.
fn box_shape(size: usize, text: &str) -> Result<Shape, String> {
    let (r, c) = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
        .ok_or_else(|| format!("--box {text}: expected rows x columns, e.g. 2x3"))?;
    Shape::with_box(size, r, c)
        .filter(|s| crate::grid::SIZES.contains(&s.size))
        .ok_or_else(|| format!("--box {text} does not tile a {size}x{size} grid"))
}

/// A seed from the clock and the process id, for runs without `--seed` (recorded in the output).
pub(super) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    generate::Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32)).next_u64()
}

fn write_all(args: &GenerateArgs, opts: &Options, progress: &Progress) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    out.write_all(header(args, opts).as_bytes())?;
    let chunk = rayon::current_num_threads().max(1) * CHUNK_PER_THREAD;
    let mut start = 0;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let made: Vec<String> = (start..end)
            .into_par_iter()
            .map(|i| {
                let g = generate::generate(opts, i as u64);
                progress.advance(1);
                render(&g, opts.shape, args)
            })
            .collect();
        for text in made {
            out.write_all(text.as_bytes())?;
        }
        out.flush()?;
        start = end;
    }
    Ok(())
}

/// The file's first paragraph: what made it, with the seed; `@size` and `@box` unless 9x9.
fn header(args: &GenerateArgs, opts: &Options) -> String {
    let mut text = format!(
        "# sudoku-lsp generate --seed {} --size {} --box {}x{} --symmetry {}{}\n",
        opts.seed,
        opts.shape.size,
        opts.shape.box_rows,
        opts.shape.box_cols,
        opts.symmetry,
        opts.level
            .map_or(String::new(), |l| format!(" --level {l}")),
    );
    if opts.shape != Shape::for_size(9).expect("9 is a size") {
        text += &format!(
            "@size {}\n@box {}x{}\n",
            opts.shape.size, opts.shape.box_rows, opts.shape.box_cols
        );
    }
    if args.format == GenerateFormat::Grid || args.with_solution || text.contains('@') {
        text.push('\n');
    }
    text
}

/// One puzzle in the chosen layout.
fn render(g: &Generated, shape: Shape, args: &GenerateArgs) -> String {
    let alphabet = Alphabet::default_for(shape.size);
    let cells = |values: &[u8]| alphabet.line(values);
    let mut text = String::new();
    if args.format == GenerateFormat::Grid {
        if let Some(level) = g.level {
            text += &format!("@level {level}\n");
        }
    }
    if args.with_solution {
        text += &format!("@solution {}\n", cells(&g.solution));
    }
    match args.format {
        GenerateFormat::Line => {
            text += &cells(&g.givens);
            if let Some(level) = g.level {
                text += &format!("  level={level}");
            }
            text.push('\n');
        }
        GenerateFormat::Grid => text += &grid_rows(&cells(&g.givens), shape),
    }
    if args.format == GenerateFormat::Grid || args.with_solution {
        text.push('\n');
    }
    text
}

/// A grid's rows with `|` between stacks and a `---+---` line between bands.
fn grid_rows(cells: &str, shape: Shape) -> String {
    let chars: Vec<char> = cells.chars().collect();
    let n = shape.size;
    let mut text = String::new();
    for (r, row) in chars.chunks(n).enumerate() {
        if r > 0 && r % shape.box_rows == 0 {
            let stroke = "-".repeat(shape.box_cols);
            text += &vec![stroke; n / shape.box_cols].join("+");
            text.push('\n');
        }
        let stacks: Vec<String> = row
            .chunks(shape.box_cols)
            .map(|s| s.iter().collect())
            .collect();
        text += &stacks.join("|");
        text.push('\n');
    }
    text
}
