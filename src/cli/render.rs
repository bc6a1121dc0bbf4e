//! One file's output, rendered piece by piece: a long collection is analysed in pieces (see
//! `analysis::analyze_in_pieces`) and each piece is written out before the next is read, so
//! neither its puzzles nor its rendered output are ever held whole.

use std::io;

use super::human::{self, Totals};
use super::position::Locator;
use super::style::Style;
use super::{github, json, Format};
use crate::analysis::{analyze_bytes, analyze_in_pieces, Analysis};
use crate::config::Config;
use crate::finding::Severity;
use crate::syntax::decode;

/// Renders one file's findings (and, in JSON, its puzzles) in `format`. `flush` is called with
/// the output rendered so far after every piece; it may take the text out of the buffer (to
/// write it) or leave it there (to collect the whole file). An error from `flush` stops the
/// rendering and is returned. `progress` hears how many more bytes of the file are done.
#[allow(clippy::too_many_arguments)]
pub fn render_file(
    display: &str,
    bytes: &[u8],
    config: &Config,
    format: Format,
    style: Style,
    buf: &mut String,
    flush: &mut dyn FnMut(&mut String) -> io::Result<()>,
    progress: &dyn Fn(u64),
) -> io::Result<Totals> {
    let text = decode(bytes).map(|(text, _)| text).unwrap_or("");
    let mut r = FileRenderer {
        display,
        locator: Locator::new(text),
        format,
        style,
        totals: Totals {
            files: 1,
            ..Totals::default()
        },
        puzzles_written: 0,
        diagnostics: Vec::new(),
    };
    r.begin(buf)?;
    if text.is_empty() && !bytes.is_empty() && decode(bytes).is_err() {
        // Not text: the analysis reports the one `encoding` finding; there is nothing to show.
        r.piece(buf, &analyze_bytes(bytes, config));
    } else {
        let mut failed = Ok(());
        analyze_in_pieces(text, config, |range, analysis| {
            r.piece(buf, &analysis);
            progress(range.len() as u64);
            failed = flush(buf);
            failed.is_ok()
        });
        failed?;
    }
    if text.is_empty() {
        progress(bytes.len() as u64);
    }
    r.end(buf)?;
    flush(buf)?;
    r.totals.files_with_findings =
        usize::from(r.totals.errors + r.totals.warnings + r.totals.infos > 0);
    Ok(r.totals)
}

struct FileRenderer<'a> {
    display: &'a str,
    locator: Locator<'a>,
    format: Format,
    style: Style,
    totals: Totals,
    puzzles_written: usize,
    /// JSON only: the file's diagnostics, serialized, written after its puzzles. They are few
    /// next to the puzzles, which stream.
    diagnostics: Vec<String>,
}

impl FileRenderer<'_> {
    fn begin(&mut self, buf: &mut String) -> io::Result<()> {
        if self.format == Format::Json {
            buf.push_str("{\"path\":");
            buf.push_str(&serde_json::to_string(self.display).map_err(io::Error::other)?);
            buf.push_str(",\"puzzles\":[");
        }
        Ok(())
    }

    fn piece(&mut self, buf: &mut String, a: &Analysis) {
        self.totals.puzzles += a.reports.len();
        for f in &a.findings {
            match f.severity {
                Severity::Error => self.totals.errors += 1,
                Severity::Warning => self.totals.warnings += 1,
                Severity::Info => self.totals.infos += 1,
            }
        }
        match self.format {
            Format::Human => human::render_findings(
                buf,
                self.display,
                &mut self.locator,
                &a.findings,
                self.style,
            ),
            Format::Github => {
                github::render_findings(buf, self.display, &mut self.locator, &a.findings)
            }
            Format::Json => {
                for (puzzle, report) in a.file.puzzles.iter().zip(&a.reports) {
                    let p = json::puzzle_json(&mut self.locator, puzzle, report);
                    if self.puzzles_written > 0 {
                        buf.push(',');
                    }
                    json::write_puzzle(buf, &p);
                    self.puzzles_written += 1;
                }
                for f in &a.findings {
                    let d = json::diagnostic_json(&mut self.locator, f);
                    if let Ok(s) = serde_json::to_string(&d) {
                        self.diagnostics.push(s);
                    }
                }
            }
        }
    }

    fn end(&mut self, buf: &mut String) -> io::Result<()> {
        if self.format == Format::Json {
            buf.push_str("],\"diagnostics\":[");
            buf.push_str(&self.diagnostics.join(","));
            buf.push_str("]}");
        }
        Ok(())
    }
}
