//! One file's output, rendered piece by piece. The text is read through a window: each piece
//! (see `syntax::Cutter`) is read, analysed and written out before the window moves on, so a
//! collection of millions of puzzles never has its text, its puzzles or its rendered output
//! held whole.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;

use super::human::{self, Totals};
use super::position::{Earlier, Locator};
use super::style::Style;
use super::{github, gitlab, json, sarif, Format};
use crate::analysis::{analyze_bytes, analyze_file, analyze_piece, Analysis, Context};
use crate::syntax::formats::{detect, not_a_puzzle_file, Format as FileFormat, TableStream};
use crate::syntax::Decoder;
use crate::syntax::{decode, parse_window, Cutter, ParsedFile, ReaderState};
use crate::text::TextRange;

/// How much is read from a file at a time.
const CHUNK: usize = 1 << 20;

/// The most text one batch of pieces holds (see `Reading::batch`).
const BATCH_BYTES: usize = 2 << 20;

/// JSON diagnostics held in memory beyond this many bytes go to a temporary file.
const SPOOL_FROM: usize = 4 << 20;

/// What the renderer needs besides the text: where to write, how, and whom to tell of progress.
pub struct Sink<'a> {
    /// The output format.
    pub format: Format,
    /// Colours and styles of the human format.
    pub style: Style,
    /// The rendered output so far; `flush` is called after every piece and may take the text
    /// out (to write it) or leave it (to collect the whole file). An error from `flush` stops
    /// the rendering and is returned.
    pub buf: &'a mut String,
    /// Called with `buf` after every piece.
    pub flush: &'a mut dyn FnMut(&mut String) -> io::Result<()>,
    /// Hears how many more bytes of the file are done.
    pub progress: &'a dyn Fn(u64),
}

/// Renders the findings (and, in JSON, the puzzles) of a file's bytes held in memory.
pub fn render_file(
    display: &str,
    bytes: &[u8],
    cx: Context<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Totals> {
    let config = cx.config;
    if !reads_as_sudoku(display, bytes, config.run.from) {
        return render_whole(display, bytes, cx, sink);
    }
    if decode(bytes).is_err() {
        // Not text: the analysis reports the one `encoding` finding; there is nothing to show.
        let mut r = FileRenderer::new(display, sink.format, sink.style);
        r.begin(sink.buf)?;
        r.piece(
            sink.buf,
            &analyze_bytes(bytes, cx),
            &mut Locator::new(""),
            config.run.rate,
        );
        (sink.progress)(bytes.len() as u64);
        r.end(sink)?;
        return Ok(r.finish());
    }
    render_stream(display, &mut &bytes[..], cx, sink)
}

/// Renders a file read from disk, streaming it. A file that is not UTF-8 text is read whole
/// instead (its one `encoding` finding needs no streaming).
pub fn render_path(
    display: &str,
    path: &Path,
    cx: Context<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Totals> {
    if !is_utf8_text(File::open(path)?)? {
        return render_file(display, &std::fs::read(path)?, cx, sink);
    }
    let mut head = Vec::with_capacity(HEAD);
    File::open(path)?.take(HEAD as u64).read_to_end(&mut head)?;
    let from = cx.config.run.from;
    if !reads_as_sudoku(display, &head, from) {
        if let Some(delimiter) = table_delimiter(display, &head, from) {
            let mut input = File::open(path)?;
            let reading = Reading::new(&mut input, CHUNK, Cut::table(delimiter));
            return stream_pieces(display, reading, cx, sink);
        }
        // The other formats are read whole (docs/formats.md).
        return render_whole(display, &std::fs::read(path)?, cx, sink);
    }
    render_stream(display, &mut File::open(path)?, cx, sink)
}

/// When a file (its name as shown, and its first bytes) is read as a delimited table, and is
/// some puzzle file: `Some` with the delimiter its name fixes (`.tsv`), if any. A table is
/// streamed piece by piece like `.sudoku` text.
fn table_delimiter(display: &str, head: &[u8], from: Option<FileFormat>) -> Option<Option<u8>> {
    if not_a_puzzle_file(head).is_some() {
        return None;
    }
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let reading = crate::syntax::formats::Reading::decide(from, Some(Path::new(display)), text);
    (reading.format == FileFormat::Csv).then_some(reading.delimiter)
}

/// How much of a file's start decides its format when its name does not.
const HEAD: usize = 64 << 10;

/// Whether a file (its name as shown, and its first bytes) is read as `.sudoku` text, the one
/// format streamed piece by piece: a `.sudoku` extension or `--from sudoku`, or a text whose
/// start looks like no other format and is no other kind of file.
fn reads_as_sudoku(display: &str, head: &[u8], from: Option<FileFormat>) -> bool {
    let path = Path::new(display);
    match from.or_else(|| FileFormat::of_path(path)) {
        Some(f) => f == FileFormat::Sudoku,
        None => {
            let text = match std::str::from_utf8(head) {
                Ok(t) => t,
                // The head may end inside a character.
                Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
            };
            not_a_puzzle_file(head).is_none() && detect(text) == FileFormat::Sudoku
        }
    }
}

/// Renders a file read whole as another format than `.sudoku` (or no puzzle file at all): one
/// piece, the whole text.
fn render_whole(
    display: &str,
    bytes: &[u8],
    cx: Context<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Totals> {
    let from = cx.config.run.from;
    let analysis = analyze_file(bytes, Some(Path::new(display)), from, cx);
    let text = decode(bytes).map_or("", |(t, _)| t);
    let mut r = FileRenderer::new(display, sink.format, sink.style);
    r.begin(sink.buf)?;
    r.piece(
        sink.buf,
        &analysis,
        &mut Locator::new(text),
        cx.config.run.rate,
    );
    (sink.progress)(bytes.len() as u64);
    r.end(sink)?;
    Ok(r.finish())
}

/// Whether a stream is text that [`decode`] accepts, checked a chunk at a time by the same
/// rules; it stops at the first sign that it is not.
fn is_utf8_text(mut input: impl Read) -> io::Result<bool> {
    let mut chunk = vec![0u8; CHUNK];
    let mut decoder = Decoder::new();
    loop {
        let n = read_some(&mut input, &mut chunk)?;
        if n == 0 {
            return Ok(decoder.finish().is_ok());
        }
        if decoder.push(&chunk[..n]).is_err() || decoder.has_nul() {
            return Ok(false);
        }
    }
}

/// Reads until `buf` holds something or the input ends; retries interrupted reads.
fn read_some(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match input.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

/// Renders a stream of UTF-8 text (an initial byte-order mark is skipped) piece by piece.
pub fn render_stream(
    display: &str,
    input: &mut (dyn Read + Send),
    cx: Context<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Totals> {
    stream_in_chunks(display, input, cx, sink, CHUNK)
}

/// [`render_stream`], reading `chunk` bytes at a time (small in tests, to cut characters and
/// pieces everywhere).
fn stream_in_chunks(
    display: &str,
    input: &mut (dyn Read + Send),
    cx: Context<'_>,
    sink: &mut Sink<'_>,
    chunk: usize,
) -> io::Result<Totals> {
    stream_pieces(display, Reading::new(input, chunk, Cut::sudoku()), cx, sink)
}

/// Renders the pieces `reading` reads, in order: while the pool analyses and renders one
/// batch of pieces, the next is read.
fn stream_pieces(
    display: &str,
    mut reading: Reading<'_>,
    cx: Context<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Totals> {
    let mut r = FileRenderer::new(display, sink.format, sink.style);
    r.begin(sink.buf)?;
    // Pieces are read in order (each continues the reader's state), a batch at a time; while
    // the pool analyses and renders one batch, the next is read, and the output is written in
    // order.
    let batch = match rayon::current_num_threads() {
        1 => 1,
        n => 2 * n,
    };
    let (format, style) = (sink.format, sink.style);
    let render = |job: Job| {
        let analysis = analyze_piece(&job.text, job.base, job.file, cx);
        let mut locator = Locator::window(&job.text, job.base, job.base_line, &job.earlier);
        let rendered = render_piece(
            display,
            format,
            style,
            &analysis,
            &mut locator,
            cx.config.run.rate,
        );
        (rendered, job.text.len() as u64)
    };
    let mut jobs = reading.batch(batch)?;
    while !jobs.is_empty() {
        let (next, rendered) = rayon::join(
            || reading.batch(batch),
            || -> Vec<(Rendered, u64)> {
                if jobs.len() == 1 {
                    jobs.into_iter().map(render).collect()
                } else {
                    jobs.into_par_iter().map(render).collect()
                }
            },
        );
        for (piece, len) in rendered {
            r.add(sink.buf, piece);
            r.spool()?;
            (sink.progress)(len);
            (sink.flush)(sink.buf)?;
        }
        jobs = next?;
    }
    r.end(sink)?;
    Ok(r.finish())
}

/// How `check` reads a file piece by piece (see [`piece_reading`]).
pub(super) struct PieceReading(Cut);

/// How a file (its name as shown, its first bytes, `--from`) is read piece by piece: as
/// `.sudoku` text or as a table; `None` for the formats read whole.
pub(super) fn piece_reading(
    display: &str,
    head: &[u8],
    from: Option<FileFormat>,
) -> Option<PieceReading> {
    let head = &head[..head.len().min(HEAD)];
    if reads_as_sudoku(display, head, from) {
        Some(PieceReading(Cut::sudoku()))
    } else {
        let delimiter = table_delimiter(display, head, from)?;
        Some(PieceReading(Cut::table(delimiter)))
    }
}

/// Reads a stream of UTF-8 text piece by piece as [`render_stream`] does, without analysing
/// it: `each` gets every piece's puzzles, its text, where it starts (byte, 0-based line).
pub(super) fn for_each_piece(
    input: &mut (dyn Read + Send),
    how: PieceReading,
    each: &mut dyn FnMut(&ParsedFile, &str, usize, u32),
) -> io::Result<()> {
    let mut reading = Reading::new(input, CHUNK, how.0);
    loop {
        let jobs = reading.batch(1)?;
        if jobs.is_empty() {
            return Ok(());
        }
        for j in jobs {
            each(&j.file, &j.text, j.base, j.base_line);
        }
    }
}

/// How a text is cut into pieces and each piece read.
enum Cut {
    /// `.sudoku` text: the cutter finds where each piece ends; the state is what the reader
    /// carries from one piece to the next (directives, unlisted lines).
    Sudoku { cutter: Cutter, state: ReaderState },
    /// A delimited table: pieces of whole records. The stream is set up once the window holds
    /// the table's start (or all of it); until then, the delimiter its name fixes.
    Table {
        stream: Option<TableStream>,
        delimiter: Option<u8>,
        start: usize,
        /// The size of a piece (smaller in tests); `None`: the stream's own.
        piece: Option<usize>,
    },
}

impl Cut {
    fn sudoku() -> Cut {
        Cut::Sudoku {
            cutter: Cutter::default(),
            state: ReaderState::default(),
        }
    }

    fn table(delimiter: Option<u8>) -> Cut {
        Cut::Table {
            stream: None,
            delimiter,
            start: 0,
            piece: None,
        }
    }

    /// Where the next piece starts.
    fn piece_start(&self) -> usize {
        match self {
            Cut::Sudoku { cutter, .. } => cutter.piece_start(),
            Cut::Table { start, .. } => *start,
        }
    }

    /// Where the next piece ends (`true`: it is the last, up to the end of the text), or
    /// `None` when the window must read more first.
    fn next_cut(&mut self, window: &Window) -> Option<(usize, bool)> {
        let cut = match self {
            Cut::Sudoku { cutter, .. } => cutter.next_cut(window.src(), window.eof),
            Cut::Table {
                stream,
                delimiter,
                start,
                piece,
            } => {
                if stream.is_none() {
                    // The table's layout comes from its first records.
                    if window.text.len() < HEAD && !window.eof {
                        return None;
                    }
                    let s = TableStream::new(&window.text, *delimiter, window.eof);
                    *stream = Some(match piece {
                        Some(n) => s.with_piece(*n),
                        None => s,
                    });
                }
                let s = stream.as_ref()?;
                let cut = s.next_cut(&window.text, window.base, *start, window.eof);
                if let Some(c) = cut {
                    *start = c;
                }
                cut
            }
        };
        match cut {
            Some(cut) => Some((cut, false)),
            None if window.eof => Some((window.end(), true)),
            None => None,
        }
    }

    /// Reads the piece `piece` of the window.
    fn parse(&mut self, window: &Window, piece: TextRange, last: bool) -> ParsedFile {
        match self {
            Cut::Sudoku { state, .. } => {
                parse_window(&window.text, window.base, piece, state, last)
            }
            Cut::Table { stream, .. } => match stream {
                Some(s) => s.parse(&window.text, window.base, piece, last),
                None => ParsedFile::default(),
            },
        }
    }

    /// The first unrecognized line past those listed, once there is one.
    fn first_unlisted(&self) -> Option<TextRange> {
        match self {
            Cut::Sudoku { state, .. } => state.first_unlisted(),
            Cut::Table { stream, .. } => stream.as_ref()?.state().first_unlisted(),
        }
    }
}

/// Reading a text piece by piece, in order.
struct Reading<'i> {
    /// Where the bytes come from.
    input: &'i mut (dyn Read + Send),
    /// The text read and not yet done with.
    window: Window,
    /// Where each piece ends, and how it is read.
    cut: Cut,
    /// The line the next piece starts on.
    base_line: u32,
    /// The header (the first piece, which holds the file's default directives) and the first
    /// unlisted line: findings of later pieces may point back at them.
    earlier: Vec<Arc<Earlier>>,
    /// Whether the first unlisted line was kept in `earlier` already.
    pinned_unlisted: bool,
    /// The last piece was read.
    finished: bool,
}

impl<'i> Reading<'i> {
    /// Reading `input` from its start, `chunk` bytes at a time.
    fn new(input: &'i mut (dyn Read + Send), chunk: usize, cut: Cut) -> Self {
        Reading {
            input,
            window: Window {
                chunk,
                ..Window::default()
            },
            cut,
            base_line: 0,
            earlier: Vec::new(),
            pinned_unlisted: false,
            finished: false,
        }
    }

    /// Reads up to `n` more pieces; none once the text is done.
    fn batch(&mut self, n: usize) -> io::Result<Vec<Job>> {
        let mut jobs = Vec::with_capacity(n);
        let mut bytes = 0;
        // A piece's analysis takes about 20 times its text, so a batch stops at BATCH_BYTES of
        // text however many threads there are.
        while jobs.len() < n && bytes < BATCH_BYTES && !self.finished {
            let window = &mut self.window;
            let start = self.cut.piece_start();
            let Some((end, last)) = self.cut.next_cut(window) else {
                window.fill(self.input)?;
                continue;
            };
            let piece = TextRange::new(start, end);
            let file = self.cut.parse(window, piece, last);
            let text = window.text(piece).to_string();
            let lines = text.bytes().filter(|&b| b == b'\n').count() as u32;
            match self.cut.first_unlisted() {
                Some(u) if !self.pinned_unlisted && u.start >= start => {
                    self.pinned_unlisted = true;
                    let mut at = Locator::window(&text, start, self.base_line, &[]);
                    if let Some((start, line)) = at.line_at(u.start) {
                        let line = line.to_string();
                        let e = Earlier::new(line, start, at.locate(start).line);
                        self.earlier.push(Arc::new(e));
                    }
                }
                _ => {}
            }
            if self.earlier.is_empty() && !last {
                let head = Earlier::new(text.clone(), start, self.base_line);
                self.earlier.push(Arc::new(head));
            }
            bytes += text.len();
            jobs.push(Job {
                file,
                text,
                base: start,
                base_line: self.base_line,
                earlier: self.earlier.clone(),
            });
            self.base_line = self.base_line.saturating_add(lines);
            window.advance(end);
            self.finished = last;
        }
        Ok(jobs)
    }
}

/// The part of the text held in memory: `text` starts at byte `base` of the whole text; its
/// first `done` bytes are finished with and dropped at the next read.
#[derive(Default)]
struct Window {
    /// How much to read at a time.
    chunk: usize,
    /// The text read and not yet dropped.
    text: String,
    /// Where `text` starts in the whole text.
    base: usize,
    /// How much of `text` is done with (read, analysed and on its way out).
    done: usize,
    /// Turns the bytes read into text (skipping a byte-order mark), holding a character cut
    /// by the end of a read until the next.
    decoder: Decoder,
    /// The input ended.
    eof: bool,
}

impl Window {
    /// The window as the reader sees it: text with its offset in the whole.
    fn src(&self) -> crate::syntax::Src<'_> {
        crate::syntax::Src::window(&self.text, self.base)
    }

    /// The offset in the whole text where the window ends.
    fn end(&self) -> usize {
        self.base + self.text.len()
    }

    /// Reads the next chunk into the window.
    fn fill(&mut self, input: &mut (dyn Read + Send)) -> io::Result<()> {
        self.compact();
        let mut chunk = vec![0u8; self.chunk.max(1)];
        let n = read_some(input, &mut chunk)?;
        if n == 0 {
            self.eof = true;
            return self.decoder.finish().map_err(|_| changed());
        }
        let text = self.decoder.push(&chunk[..n]).map_err(|_| changed())?;
        self.text.push_str(text);
        Ok(())
    }

    /// Marks the text before `to` (a line start) as done.
    fn advance(&mut self, to: usize) {
        self.done = to.saturating_sub(self.base).min(self.text.len());
    }

    /// The text of a range in the window.
    fn text(&self, range: TextRange) -> &str {
        self.src().get(range.as_range()).unwrap_or("")
    }

    /// Drops the text already done, before reading more: once a chunk, not once a piece, so
    /// the rest of the window is not moved again for every piece.
    fn compact(&mut self) {
        self.text.drain(..self.done);
        self.base += self.done;
        self.done = 0;
    }
}

/// The text stopped being UTF-8 (or gained a NUL byte) between the check and the reading: the
/// file changed meanwhile.
fn changed() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        "the file changed while it was being read (it is no longer UTF-8 text)",
    )
}

/// A piece read and waiting to be analysed and rendered: its text starts at byte `base`, on
/// line `base_line`.
struct Job {
    /// The piece as read, offsets in the whole text.
    file: ParsedFile,
    /// The piece's text.
    text: String,
    /// Where the piece starts in the whole text.
    base: usize,
    /// The 0-based line the piece starts on.
    base_line: u32,
    /// What the locator may need from before the piece.
    earlier: Vec<Arc<Earlier>>,
}

/// One piece's output. In JSON, `text` is its puzzles and `diagnostics` its diagnostics, each
/// comma-separated; in SARIF and GitLab its results, comma-separated; otherwise all of it.
#[derive(Default)]
struct Rendered {
    /// The output, or in JSON the puzzles.
    text: String,
    /// JSON only: the diagnostics.
    diagnostics: String,
    /// JSON only: how many diagnostics `diagnostics` holds.
    diagnostics_n: usize,
    /// SARIF and GitLab only: how many results `text` holds.
    items: usize,
    /// The piece's puzzles and findings, counted.
    totals: Totals,
}

/// Whether a format's output is one list of items for the whole run (SARIF results, GitLab
/// issues), so that a comma goes between two pieces' items and two files' items.
pub fn lists_items(format: Format) -> bool {
    matches!(format, Format::Sarif | Format::Gitlab)
}

/// Renders one piece's analysis in `format`, locating its findings with `locator`. With `rate`
/// (`check --rate`) each puzzle's difficulty is shown too: in human output a line after the
/// puzzle's findings, in JSON a `difficulty` field; GitHub output never shows it.
fn render_piece(
    display: &str,
    format: Format,
    style: Style,
    a: &Analysis,
    locator: &mut Locator<'_>,
    rate: bool,
) -> Rendered {
    let mut out = Rendered::default();
    out.totals.puzzles = a.reports.len();
    for f in &a.findings {
        out.totals.count(f);
    }
    match format {
        Format::Human if rate => {
            human::render_with_difficulty(&mut out.text, display, locator, a, style)
        }
        Format::Human => {
            human::render_findings(&mut out.text, display, locator, &a.findings, style)
        }
        Format::Github => github::render_findings(&mut out.text, display, locator, &a.findings),
        Format::Sarif => {
            out.items = sarif::render_findings(&mut out.text, display, locator, &a.findings);
        }
        Format::Gitlab => out.items = gitlab::render_findings(&mut out.text, display, locator, a),
        // Only counted: the closing table is all `--statistics` prints.
        Format::Statistics => {}
        Format::Json => {
            for (i, (puzzle, report)) in a.file.puzzles.iter().zip(&a.reports).enumerate() {
                if i > 0 {
                    out.text.push(',');
                }
                let mut p = json::puzzle_json(locator, puzzle, report);
                if rate {
                    let d = a.difficulties.get(i).copied().flatten();
                    p.difficulty = Some(d.map(|d| json::difficulty_json(&d)));
                }
                json::write_puzzle(&mut out.text, &p);
            }
            for f in &a.findings {
                let d = json::diagnostic_json(locator, f);
                if let Ok(s) = serde_json::to_string(&d) {
                    if out.diagnostics_n > 0 {
                        out.diagnostics.push(',');
                    }
                    out.diagnostics.push_str(&s);
                    out.diagnostics_n += 1;
                }
            }
        }
    }
    out
}

/// Puts one file's output together from its pieces' outputs, in order, and counts.
struct FileRenderer<'a> {
    /// The file's name as shown.
    display: &'a str,
    /// The output format and style.
    format: Format,
    style: Style,
    /// The counts so far.
    totals: Totals,
    /// JSON only: how many puzzles were written (a comma goes before the next).
    puzzles_written: usize,
    /// SARIF and GitLab only: how many results were written (a comma goes before the next).
    items_written: usize,
    /// JSON only: the file's diagnostics, serialized and comma-separated, to be written after
    /// its puzzles. Past `SPOOL_FROM` bytes they go to a temporary file, so a collection whose
    /// every puzzle has a finding still runs in bounded memory.
    diagnostics: String,
    /// JSON only: how many diagnostics were held or spooled (a comma goes before the next).
    diagnostics_written: usize,
    /// The temporary file the diagnostics went to, once there were many.
    spool: Option<File>,
}

impl<'a> FileRenderer<'a> {
    /// A renderer for the file shown as `display`.
    fn new(display: &'a str, format: Format, style: Style) -> Self {
        FileRenderer {
            display,
            format,
            style,
            totals: Totals {
                files: 1,
                ..Totals::default()
            },
            puzzles_written: 0,
            items_written: 0,
            diagnostics: String::new(),
            diagnostics_written: 0,
            spool: None,
        }
    }

    /// The file's counts.
    fn finish(mut self) -> Totals {
        let t = &mut self.totals;
        t.files_with_findings = usize::from(t.errors + t.warnings + t.infos > 0);
        self.totals
    }

    /// Writes the start of the file's output (in JSON, its path and the puzzles' opening).
    fn begin(&mut self, buf: &mut String) -> io::Result<()> {
        if self.format == Format::Json {
            buf.push_str("{\"path\":");
            buf.push_str(&serde_json::to_string(self.display).map_err(io::Error::other)?);
            buf.push_str(",\"puzzles\":[");
        }
        Ok(())
    }

    /// Renders one piece's analysis and appends it.
    fn piece(&mut self, buf: &mut String, a: &Analysis, locator: &mut Locator<'_>, rate: bool) {
        let rendered = render_piece(self.display, self.format, self.style, a, locator, rate);
        self.add(buf, rendered);
    }

    /// Appends a piece's output, in order.
    fn add(&mut self, buf: &mut String, piece: Rendered) {
        self.totals.add(&piece.totals);
        if lists_items(self.format) {
            if piece.items > 0 {
                if self.items_written > 0 {
                    buf.push(',');
                }
                buf.push_str(&piece.text);
                self.items_written += piece.items;
            }
            return;
        }
        if self.format != Format::Json {
            buf.push_str(&piece.text);
            return;
        }
        let puzzles = piece.totals.puzzles;
        if puzzles > 0 {
            if self.puzzles_written > 0 {
                buf.push(',');
            }
            buf.push_str(&piece.text);
            self.puzzles_written += puzzles;
        }
        if piece.diagnostics_n > 0 {
            if self.diagnostics_written > 0 {
                self.diagnostics.push(',');
            }
            self.diagnostics.push_str(&piece.diagnostics);
            self.diagnostics_written += piece.diagnostics_n;
        }
    }

    /// Moves the held diagnostics to the temporary file once they are many.
    fn spool(&mut self) -> io::Result<()> {
        if self.diagnostics.len() < SPOOL_FROM {
            return Ok(());
        }
        let file = match &mut self.spool {
            Some(f) => f,
            None => self.spool.insert(tempfile::tempfile()?),
        };
        file.write_all(self.diagnostics.as_bytes())?;
        self.diagnostics.clear();
        Ok(())
    }

    /// Writes the end of the file's output (in JSON, its diagnostics), calling `flush` as it
    /// goes.
    fn end(&mut self, sink: &mut Sink<'_>) -> io::Result<()> {
        if self.format == Format::Json {
            sink.buf.push_str("],\"diagnostics\":[");
            if let Some(mut file) = self.spool.take() {
                file.seek(SeekFrom::Start(0))?;
                let mut chunk = vec![0u8; CHUNK];
                // We wrote this file as JSON in UTF-8 (it starts with `{` and escapes control
                // characters); reads may cut a character in two, which the decoder mends.
                let mut decoder = Decoder::new();
                let not_utf8 = || {
                    io::Error::new(
                        io::ErrorKind::InvalidData,
                        "the temporary file of diagnostics is not UTF-8",
                    )
                };
                loop {
                    let n = read_some(&mut file, &mut chunk)?;
                    if n == 0 {
                        decoder.finish().map_err(|_| not_utf8())?;
                        break;
                    }
                    sink.buf
                        .push_str(decoder.push(&chunk[..n]).map_err(|_| not_utf8())?);
                    (sink.flush)(sink.buf)?;
                }
            }
            sink.buf.push_str(&self.diagnostics);
            sink.buf.push_str("]}");
        }
        (sink.flush)(sink.buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze_in_pieces;
    use crate::config::Config;

    /// What rendering the text held whole gives: the same pieces, one locator over all of it.
    /// (Findings are in order within a piece; one that points back before its piece, at the
    /// header, still comes with its piece.)
    fn whole(text: &str, format: Format) -> String {
        whole_with(text, format, &Config::default())
    }

    fn whole_with(text: &str, format: Format, config: &Config) -> String {
        let mut buf = String::new();
        let mut r = FileRenderer::new("f.sudoku", format, Style::new(false));
        r.begin(&mut buf).unwrap();
        let mut locator = Locator::new(text);
        analyze_in_pieces(text, config, |_, a| {
            r.piece(&mut buf, &a, &mut locator, config.run.rate);
            true
        });
        let mut flush = |_: &mut String| Ok(());
        r.end(&mut plain_sink(format, &mut buf, &mut flush))
            .unwrap();
        buf
    }

    fn plain_sink<'a>(
        format: Format,
        buf: &'a mut String,
        flush: &'a mut dyn FnMut(&mut String) -> io::Result<()>,
    ) -> Sink<'a> {
        Sink {
            format,
            style: Style::new(false),
            buf,
            flush,
            progress: &|_| {},
        }
    }

    fn streamed(bytes: &[u8], format: Format, chunk: usize) -> String {
        streamed_with(bytes, format, chunk, &Config::default())
    }

    fn streamed_with(bytes: &[u8], format: Format, chunk: usize, config: &Config) -> String {
        let mut buf = String::new();
        let mut out = String::new();
        let mut flush = |b: &mut String| {
            out.push_str(b);
            b.clear();
            Ok(())
        };
        let mut sink = plain_sink(format, &mut buf, &mut flush);
        stream_in_chunks("f.sudoku", &mut &bytes[..], config.into(), &mut sink, chunk).unwrap();
        out
    }

    #[test]
    fn the_first_pass_accepts_what_decode_accepts() {
        // A character cut by the first read, then a NUL in a later read.
        let mut cut = vec![b'1'; CHUNK - 1];
        cut.extend_from_slice("é\n".as_bytes());
        let mut with_nul = cut.clone();
        with_nul.extend_from_slice(b"12\x0034\n");
        let mut late_invalid = cut.clone();
        late_invalid.push(0xFF);
        let inputs: [&[u8]; 7] = [
            b"",
            b"\xEF\xBB\xBF1234\n",
            b"\xFF\xFE1\x002\x00",
            b"12\n\xC3",
            &cut,
            &with_nul,
            &late_invalid,
        ];
        for bytes in inputs {
            assert_eq!(
                is_utf8_text(bytes).unwrap(),
                decode(bytes).is_ok(),
                "{} bytes",
                bytes.len()
            );
        }
    }

    #[test]
    fn streaming_through_a_small_window_renders_what_the_whole_text_renders() {
        let sample = include_str!("../../fixtures/sets/17-clue.txt");
        let puzzles: Vec<&str> = sample
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .collect();
        // A header whose `@solution` every puzzle contradicts (findings in every piece point
        // back at it), more unrecognized lines than are listed (the last piece's summary
        // points back at the first unlisted one), CRLF, and characters cut by reads.
        let mut text = String::from("# é𝄞 header\r\n@solution ");
        text.push_str(&"1".repeat(81));
        text.push_str("\n\n");
        for i in 0..7000 {
            if i == 4000 {
                for j in 0..1005 {
                    text.push_str(&format!("not a puzzle {j} ✓\n"));
                }
            }
            text.push_str(puzzles[i % puzzles.len()]);
            if i % 7 == 0 {
                text.push_str(&format!(" # ✓ é {i}\r\n"));
            } else {
                text.push_str(&format!(" # {i}\n"));
            }
        }
        text.push_str(
            "44...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        );
        let pieces = crate::syntax::content_pieces(&text);
        assert!(pieces.len() > 3, "{} pieces", pieces.len());
        // The first unlisted line is in neither the first piece nor the last.
        let unlisted = text.find("not a puzzle 1000 ").unwrap();
        assert!(
            unlisted > pieces[0].end && unlisted < pieces[pieces.len() - 1].start,
            "{unlisted} {pieces:?}"
        );
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend_from_slice(text.as_bytes());
        let formats = [
            Format::Human,
            Format::Json,
            Format::Github,
            Format::Sarif,
            Format::Gitlab,
            Format::Statistics,
        ];
        for format in formats {
            let want = whole(&text, format);
            for chunk in [1, 4093, 1 << 20] {
                assert!(
                    streamed(&bytes, format, chunk) == want,
                    "{format:?}, chunks of {chunk}"
                );
            }
        }
    }

    /// A table with quirks in every piece: quoted fields (one over two lines, one with a line
    /// break after its cells), doubled quotes, broken rows, rows of the wrong width, a blank
    /// line, CRLF, a wrong solution, declared levels, and `bad` more broken rows in the middle.
    fn quirky_table(bad: usize) -> String {
        let sample = include_str!("../../fixtures/sets/17-clue.txt");
        let puzzles: Vec<&str> = sample
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| &l[..81])
            .collect();
        let mut text = String::from("\u{feff}id,puzzle,solution,level,note\r\n");
        let solution = "1".repeat(81);
        for i in 0..400 {
            let p = puzzles[i % puzzles.len()];
            let row = match i % 13 {
                1 => format!("{i},{p},{solution},easy,\"two\nlines\"\n"),
                2 => format!("{i},\"{p}\",,hard,x\r\n"),
                3 => format!("{i},{p}\n"),
                4 => format!("{i},{p},,,\"bad \"quote\"\n"),
                5 => "\n".to_string(),
                6 => format!("{i},{p},,gentle,\"say \"\"hi\"\"\"\n"),
                7 => format!("{i},\"{p}\n\",,,y\n"),
                _ => format!("{i},{p},,,\n"),
            };
            text.push_str(&row);
            if i == 200 {
                for j in 0..bad {
                    text.push_str(&format!("not,a row {j}\n"));
                }
            }
        }
        text.push_str(&format!("last,{},,,", puzzles[0]));
        text
    }

    fn table_whole(bytes: &[u8], format: Format) -> String {
        let mut buf = String::new();
        let mut flush = |_: &mut String| Ok(());
        let mut sink = plain_sink(format, &mut buf, &mut flush);
        render_whole("t.csv", bytes, (&Config::default()).into(), &mut sink).unwrap();
        buf
    }

    fn table_streamed(bytes: &[u8], format: Format, chunk: usize, piece: usize) -> String {
        let mut buf = String::new();
        let mut out = String::new();
        let mut flush = |b: &mut String| {
            out.push_str(b);
            b.clear();
            Ok(())
        };
        let mut sink = plain_sink(format, &mut buf, &mut flush);
        let mut input = bytes;
        let cut = Cut::Table {
            stream: None,
            delimiter: None,
            start: 0,
            piece: Some(piece),
        };
        let reading = Reading::new(&mut input, chunk, cut);
        stream_pieces("t.csv", reading, (&Config::default()).into(), &mut sink).unwrap();
        out
    }

    #[test]
    fn a_table_streamed_in_pieces_renders_what_the_whole_table_renders() {
        let text = quirky_table(300);
        // GitLab tells findings with no puzzle apart by their order within a piece, so its
        // fingerprints of those depend on the pieces; every other format is the same.
        let formats = [
            Format::Human,
            Format::Json,
            Format::Github,
            Format::Sarif,
            Format::Statistics,
        ];
        for format in formats {
            let want = table_whole(text.as_bytes(), format);
            assert!(format != Format::Human || want.contains("the header has 5"));
            for (chunk, piece) in [(1, 1), (4093, 700), (4093, 9000), (1 << 20, 1 << 20)] {
                let got = table_streamed(text.as_bytes(), format, chunk, piece);
                assert!(
                    got == want,
                    "{format:?}, chunks of {chunk}, pieces of {piece}"
                );
            }
        }
    }

    #[test]
    fn the_count_of_unlisted_rows_comes_with_the_last_piece_when_streamed() {
        // Past 1,000 unreadable rows one finding counts the rest; it points back at the first
        // one not listed, and comes with the last piece (docs/benchmarks.md): the same lines,
        // that one moved.
        let text = quirky_table(1100);
        let want = table_whole(text.as_bytes(), Format::Human);
        let got = table_streamed(text.as_bytes(), Format::Human, 4093, 5000);
        let count = "more lines from here on";
        assert!(want.contains(count) && got != want);
        let (mut got, mut want): (Vec<&str>, Vec<&str>) =
            (got.lines().collect(), want.lines().collect());
        got.sort_unstable();
        want.sort_unstable();
        assert!(got == want);
    }

    #[test]
    fn a_table_with_no_puzzle_column_streams_its_one_finding() {
        let mut text = String::from("a,b,c\n");
        for i in 0..5000 {
            text.push_str(&format!("{i},{},hello\n", i * 2));
        }
        for format in [Format::Human, Format::Json] {
            let want = table_whole(text.as_bytes(), format);
            assert!(want.contains("not-a-puzzle-file"), "{want}");
            for (chunk, piece) in [(1, 1), (4093, 700)] {
                assert_eq!(table_streamed(text.as_bytes(), format, chunk, piece), want);
            }
        }
    }

    #[test]
    fn rating_streams_like_the_whole_text() {
        let sample = include_str!("../../fixtures/sets/17-clue.txt");
        let mut text = String::new();
        let puzzles = sample
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'));
        for (i, p) in puzzles.cycle().take(1500).enumerate() {
            let level = ["", " level=easy", " hard", " level=gentle"][i % 4];
            text.push_str(&format!("{}{level} # {i}\n", &p[..81]));
        }
        assert!(crate::syntax::content_pieces(&text).len() > 1);
        let rated = Config {
            run: crate::config::RunOptions {
                rate: true,
                ..Default::default()
            },
            ..Config::default()
        };
        for format in [Format::Human, Format::Json] {
            let want = whole_with(&text, format, &rated);
            assert!(want.contains("hardest") && want.contains("unknown-level"));
            let got = streamed_with(text.as_bytes(), format, 4093, &rated);
            assert!(got == want, "{format:?}");
        }
    }
}
