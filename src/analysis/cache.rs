//! The editor's analysis: what earlier analyses of a document found, kept so that an edit
//! re-analyses only the piece of the text it falls in, and the analysis of a whole text made of
//! those pieces' analyses, shared rather than copied, so that an edit costs in proportion to the
//! piece it falls in and not to the file.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{analyze_parsed, Analysis, Outcomes, PuzzleReport};
use crate::config::Config;
use crate::finding::Finding;
use crate::syntax::{self, Puzzle};
use crate::text::TextRange;

/// What earlier analyses of a document found, so that re-analysing it after an edit redoes only
/// what the edit touched: the analyses of its unchanged pieces (see
/// [`syntax::content_pieces`]), and the search outcomes of the puzzles in the pieces that must
/// be read again, keyed by shape and givens. After each analysis the cache holds the latest
/// text's pieces and the outcomes of the puzzles it had to check again, so it never grows past
/// one file's worth.
#[derive(Debug, Default)]
pub struct PieceCache {
    outcomes: Outcomes,
    pieces: HashMap<PieceKey, Arc<PieceAnalysis>>,
    /// The configuration the cached pieces were analysed under.
    config: Option<Config>,
    /// What the last analysis left unused, until someone takes it.
    leftovers: Leftovers,
    /// The pieces of the last text analysed, with the hashes of their text, so that the next
    /// text is cut again only around what changed.
    cuts: Vec<(TextRange, u64)>,
}

/// What an analysis took out of the cache and did not use again: the pieces the new text no
/// longer has and the search outcomes it no longer needs. Freeing them is left to whoever
/// takes them ([`PieceCache::take_leftovers`]): after the first analysis of a large collection
/// they are the outcomes of all its puzzles, which take tens of milliseconds to free, better
/// spent after the diagnostics are out than before.
#[derive(Debug, Default)]
pub struct Leftovers {
    _outcomes: Outcomes,
    _pieces: HashMap<PieceKey, Arc<PieceAnalysis>>,
}

/// What decides how a piece reads: its text, the reader's state before it (with the puzzle
/// count reduced to "none yet" or "some", which is all the reader looks at), and whether it is
/// the last piece.
#[derive(Debug, PartialEq, Eq, Hash)]
struct PieceKey {
    text_hash: u64,
    len: usize,
    before: syntax::ReaderState,
    last: bool,
}

/// One piece's analysis as it was made: its ranges and puzzle indexes are those of the text it
/// was analysed in. Shared, never changed: each analysis of a later text places it anew.
#[derive(Debug)]
struct PieceAnalysis {
    /// Where the piece started, and the index of its first puzzle, when it was analysed.
    start: usize,
    first_index: usize,
    analysis: Analysis,
    /// The reader's state after the piece (puzzle count as it was then).
    after: syntax::ReaderState,
}

/// A piece's analysis placed in a text: where the piece starts there and the index its first
/// puzzle has there. Ranges inside the piece move with it; those before it (the file's default
/// directives, which every puzzle's directives begin with) stay, as in [`Puzzle::moved`].
#[derive(Clone, Debug)]
struct Placed {
    piece: Arc<PieceAnalysis>,
    start: usize,
    first_index: usize,
}

impl Placed {
    fn delta(&self) -> isize {
        self.start as isize - self.piece.start as isize
    }

    fn index_delta(&self) -> isize {
        self.first_index as isize - self.piece.first_index as isize
    }

    fn range(&self, range: TextRange) -> TextRange {
        range.moved_from(self.piece.start, self.delta())
    }

    fn puzzles(&self) -> &[Puzzle] {
        &self.piece.analysis.file.puzzles
    }

    fn puzzle(&self, puzzle: &Puzzle) -> Puzzle {
        puzzle.moved(self.piece.start, self.delta(), self.index_delta())
    }

    fn finding(&self, finding: &Finding) -> Finding {
        finding.moved(self.piece.start, self.delta(), self.index_delta())
    }

    fn report(&self, report: &PuzzleReport) -> PuzzleReport {
        PuzzleReport {
            index: report.index.saturating_add_signed(self.index_delta()),
            first_line: self.range(report.first_line),
            ..report.clone()
        }
    }
}

/// The analysis of a whole text as the editor keeps it: the analyses of its pieces, shared with
/// the cache and with the analyses of earlier texts, each placed where the piece now is. Nothing
/// is copied per puzzle when a text is analysed; what a request asks about (a puzzle, its report,
/// the findings) is moved into place when it is asked for, and says the same as the flat
/// [`Analysis`] of the text ([`SharedAnalysis::to_analysis`]).
#[derive(Clone, Debug, Default)]
pub struct SharedAnalysis {
    pieces: Vec<Placed>,
    /// Every finding after configuration, by piece and index in that piece's findings, in the
    /// order of the flat analysis (by position, then code).
    findings: Vec<(usize, usize)>,
}

impl SharedAnalysis {
    /// The number of puzzles in the text.
    pub fn puzzle_count(&self) -> usize {
        self.pieces
            .last()
            .map_or(0, |p| p.first_index + p.puzzles().len())
    }

    /// The piece holding the puzzle at position `i` in the text, and the position in the piece.
    fn locate(&self, i: usize) -> Option<(&Placed, usize)> {
        let k = self.pieces.partition_point(|p| p.first_index <= i);
        let placed = self.pieces.get(k.checked_sub(1)?)?;
        Some((placed, i - placed.first_index))
    }

    /// The `i`th puzzle of the text (counting from 0).
    pub fn puzzle(&self, i: usize) -> Option<Puzzle> {
        let (placed, j) = self.locate(i)?;
        placed.puzzles().get(j).map(|q| placed.puzzle(q))
    }

    /// The puzzle whose cells or lines hold `offset` (the first one, when two touch it).
    pub fn puzzle_at(&self, offset: usize) -> Option<Puzzle> {
        // Puzzles are in text order, pieces too: skip to the first puzzle ending at or after
        // `offset`, then look at those starting at or before it.
        let k = self.pieces.iter().position(|p| {
            p.puzzles()
                .last()
                .is_some_and(|q| p.range(q.range).end >= offset)
        })?;
        let placed = &self.pieces[k];
        let first = placed
            .puzzles()
            .partition_point(|q| placed.range(q.range).end < offset);
        self.pieces[k..]
            .iter()
            .enumerate()
            .flat_map(|(n, p)| {
                let skip = if n == 0 { first } else { 0 };
                p.puzzles()[skip..].iter().map(move |q| (p, q))
            })
            .take_while(|(p, q)| p.range(q.range).start <= offset)
            .find(|(p, q)| p.range(q.range).touches(offset))
            .map(|(p, q)| p.puzzle(q))
    }

    /// The puzzles whose range meets `start..=end`, in text order: what an editor shows on
    /// screen, found without looking at the pieces' puzzles outside it.
    pub fn puzzles_in(&self, start: usize, end: usize) -> Vec<Puzzle> {
        let mut out = Vec::new();
        for p in &self.pieces {
            let puzzles = p.puzzles();
            if puzzles.last().is_none_or(|q| p.range(q.range).end < start) {
                continue;
            }
            if puzzles
                .first()
                .is_some_and(|q| p.range(q.range).start > end)
            {
                break;
            }
            let first = puzzles.partition_point(|q| p.range(q.range).end < start);
            out.extend(
                puzzles[first..]
                    .iter()
                    .take_while(|q| p.range(q.range).start <= end)
                    .map(|q| p.puzzle(q)),
            );
        }
        out
    }

    /// The report on the puzzle with index `index`: the one at that position if its index
    /// agrees, else the first with that index.
    pub fn report(&self, index: usize) -> Option<PuzzleReport> {
        let at = self.locate(index).and_then(|(placed, j)| {
            let r = placed.piece.analysis.reports.get(j)?;
            let r = placed.report(r);
            (r.index == index).then_some(r)
        });
        at.or_else(|| {
            self.pieces.iter().find_map(|p| {
                p.piece
                    .analysis
                    .reports
                    .iter()
                    .find(|r| r.index.saturating_add_signed(p.index_delta()) == index)
                    .map(|r| p.report(r))
            })
        })
    }

    /// The number of findings.
    pub fn finding_count(&self) -> usize {
        self.findings.len()
    }

    /// Every finding after configuration and `@allow`, sorted by position.
    pub fn findings(&self) -> impl ExactSizeIterator<Item = Finding> + '_ {
        self.findings.iter().map(|&(k, j)| {
            let p = &self.pieces[k];
            p.finding(&p.piece.analysis.findings[j])
        })
    }

    /// The findings whose range touches `start..=end`, sorted by position.
    pub fn findings_touching(
        &self,
        start: usize,
        end: usize,
    ) -> impl Iterator<Item = Finding> + '_ {
        self.findings
            .iter()
            .map(|&(k, j)| (&self.pieces[k], &self.pieces[k].piece.analysis.findings[j]))
            .filter(move |(p, f)| {
                let r = p.range(f.range);
                r.start <= end && start <= r.end
            })
            .map(|(p, f)| p.finding(f))
    }

    /// Orders the findings as the flat analysis does: a stable sort by position and code (only
    /// ranges before a piece, left in place while the piece moved, can upset the pieces' order).
    fn sort_findings(&mut self) {
        let pieces = &self.pieces;
        let key = |&(k, j): &(usize, usize)| {
            let p = &pieces[k];
            let f = &p.piece.analysis.findings[j];
            let r = p.range(f.range);
            (r.start, r.end, f.code)
        };
        if !self.findings.is_sorted_by_key(key) {
            self.findings.sort_by_key(key);
        }
    }

    /// The same analysis as one flat [`Analysis`], every puzzle and finding moved into place.
    #[cfg(test)]
    pub fn to_analysis(&self) -> Analysis {
        let mut out = Analysis::default();
        for p in &self.pieces {
            let a = &p.piece.analysis;
            out.file
                .puzzles
                .extend(a.file.puzzles.iter().map(|q| p.puzzle(q)));
            out.file
                .findings
                .extend(a.file.findings.iter().map(|f| p.finding(f)));
            out.file.defaults = a.file.defaults.clone();
            out.reports.extend(a.reports.iter().map(|r| p.report(r)));
        }
        out.findings = self.findings().collect();
        out
    }
}

/// A flat analysis as one piece in place (its findings must be sorted, as [`super::analyze`]
/// leaves them).
impl From<Analysis> for SharedAnalysis {
    fn from(analysis: Analysis) -> Self {
        let findings = (0..analysis.findings.len()).map(|j| (0, j)).collect();
        let piece = PieceAnalysis {
            start: 0,
            first_index: 0,
            analysis,
            after: syntax::ReaderState::default(),
        };
        SharedAnalysis {
            pieces: vec![Placed {
                piece: Arc::new(piece),
                start: 0,
                first_index: 0,
            }],
            findings,
        }
    }
}

impl PieceCache {
    /// Analyses a document's text for the editor, reusing the pieces and search outcomes kept
    /// from its earlier texts and keeping this text's in their place, so that an edit costs
    /// in proportion to the pieces it touches. Says the same as [`super::analyze`] on `text`.
    /// A different `config` from last time drops the kept pieces (not the search outcomes,
    /// which do not depend on it).
    pub fn analyze(&mut self, text: &str, config: &Config) -> SharedAnalysis {
        if self.config.as_ref() != Some(config) {
            self.pieces.clear();
            self.config = Some(config.clone());
        }
        let started = Instant::now();
        let ranges = recut(text, &self.cuts, syntax::content_pieces);
        debug_assert_eq!(
            ranges.iter().map(|&(r, _)| r).collect::<Vec<_>>(),
            syntax::content_pieces(text),
            "cutting again around the change must cut as cutting the whole text does"
        );
        let cut = started.elapsed();
        self.cuts.clear();
        let (mut fresh, mut analysing) = (0, Duration::ZERO);
        let mut old_pieces = std::mem::take(&mut self.pieces);
        let old_outcomes = std::mem::take(&mut self.outcomes);
        let mut state = syntax::ReaderState::default();
        let mut out = SharedAnalysis {
            pieces: Vec::with_capacity(ranges.len()),
            findings: Vec::new(),
        };
        let last = ranges.len().saturating_sub(1);
        for (i, (range, hash)) in ranges.into_iter().enumerate() {
            let first_index = state.puzzles();
            let mut before = state.clone();
            before.set_puzzles(first_index.min(1));
            let text_hash = hash.unwrap_or_else(|| text_hash(&text[range.as_range()]));
            self.cuts.push((range, text_hash));
            let key = PieceKey {
                text_hash,
                len: range.len(),
                before,
                last: i == last,
            };
            // A piece seen earlier in this text (the same lines twice) is shared too.
            let reused = match old_pieces.remove(&key) {
                Some(p) => Some(p),
                None => self.pieces.get(&key).cloned(),
            };
            let piece = match reused {
                Some(p) => p,
                None => {
                    let t = Instant::now();
                    let mut after = state.clone();
                    let file = syntax::parse_piece(text, range, &mut after, i == last);
                    let piece = Arc::new(PieceAnalysis {
                        start: range.start,
                        first_index,
                        analysis: analyze_parsed(
                            syntax::Src::whole(text),
                            file,
                            config.into(),
                            Some((&old_outcomes, &mut self.outcomes)),
                        ),
                        after,
                    });
                    fresh += 1;
                    analysing += t.elapsed();
                    piece
                }
            };
            state = piece.after.clone();
            state.set_puzzles(first_index + piece.analysis.reports.len());
            out.findings
                .extend((0..piece.analysis.findings.len()).map(|j| (i, j)));
            out.pieces.push(Placed {
                piece: piece.clone(),
                start: range.start,
                first_index,
            });
            self.pieces.insert(key, piece);
        }
        out.sort_findings();
        self.leftovers = Leftovers {
            _outcomes: old_outcomes,
            _pieces: old_pieces,
        };
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        tracing::trace!(
            "analysis: {} pieces cut in {:.1} ms, {fresh} analysed in {:.1} ms, total {:.1} ms",
            out.pieces.len(),
            ms(cut),
            ms(analysing),
            ms(started.elapsed())
        );
        out
    }

    /// What the last analysis left unused (left here, it is freed by the next analysis).
    pub fn take_leftovers(&mut self) -> Leftovers {
        std::mem::take(&mut self.leftovers)
    }
}

/// The pieces of `text` as `cut` would cut it, given the pieces `prev` of the previous text
/// (with their text hashes) that `cut` made: only the text around the change is cut again.
/// Pieces taken over from `prev` come with their hash.
///
/// This relies on what makes the cuts content-defined: whether a line starts a piece depends
/// only on the text from the start of the piece before it to the end of that line. So the
/// leading pieces whose text is unchanged keep their cuts (the last of them, whose next cut
/// may go, is cut again), and once a cut made again falls on the start of a trailing piece
/// whose text is unchanged (moved by the change in length), every later cut is the old one
/// moved. Cutting `text[from..to]`, with `from` a cut and `to` a line start or the end, makes
/// exactly the cuts of `text` between them.
fn recut(
    text: &str,
    prev: &[(TextRange, u64)],
    cut: impl Fn(&str) -> Vec<TextRange>,
) -> Vec<(TextRange, Option<u64>)> {
    let whole = || cut(text).into_iter().map(|r| (r, None)).collect();
    let Some(&(last, _)) = prev.last() else {
        return whole();
    };
    let unchanged = |r: TextRange, hash: u64| text.get(r.as_range()).map(text_hash) == Some(hash);
    let same = prev.iter().take_while(|&&(r, h)| unchanged(r, h)).count();
    if same == prev.len() && last.end == text.len() {
        return prev.iter().map(|&(r, h)| (r, Some(h))).collect();
    }
    // Cut again from the last unchanged piece that is not the last piece (a last piece's last
    // line may have grown), or from the start.
    let restart = same.min(prev.len() - 1).checked_sub(1);
    let from = restart.map_or(0, |i| prev[i].0.start);
    let mut out: Vec<(TextRange, Option<u64>)> = prev[..restart.unwrap_or(0)]
        .iter()
        .map(|&(r, h)| (r, Some(h)))
        .collect();
    let scan = |to: usize| {
        let part = text.get(from..to)?;
        Some(cut(part).into_iter().map(move |r| (r.shifted(from), None)))
    };

    let delta = text.len() as isize - last.end as isize;
    let moved = |r: TextRange| {
        Some(TextRange {
            start: r.start.checked_add_signed(delta)?,
            end: r.end.checked_add_signed(delta)?,
        })
    };
    // The trailing pieces whose text is unchanged, after `from`.
    let mut tail = prev.len();
    while let Some(&(r, h)) = tail.checked_sub(1).and_then(|i| prev.get(i)) {
        match moved(r) {
            Some(m) if m.start > from && unchanged(m, h) => tail -= 1,
            _ => break,
        }
    }
    // A cut made again rarely misses the first of them (only when the change left too little
    // text before it); a few tries, then the rest is cut whole.
    for j in (tail..prev.len()).take(4) {
        let Some(at) = moved(prev[j].0).map(|m| m.start) else {
            break;
        };
        let Some(line_end) = text
            .get(at..)
            .map(|t| t.find('\n').map_or(text.len(), |i| at + i + 1))
        else {
            break;
        };
        let Some(scanned) = scan(line_end) else {
            return whole();
        };
        let scanned: Vec<_> = scanned.collect();
        if let Some(n) = scanned.iter().position(|&(r, _)| r.start == at) {
            out.extend_from_slice(&scanned[..n]);
            out.extend(
                prev[j..]
                    .iter()
                    .filter_map(|&(r, h)| Some((moved(r)?, Some(h)))),
            );
            return out;
        }
    }
    match scan(text.len()) {
        Some(rest) => {
            out.extend(rest);
            out
        }
        None => whole(),
    }
}

/// A hash of a piece's text: SipHash with fixed keys, the same in every run.
fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::finding::Code;

    /// The puzzle at `offset` as the flat analysis finds it (what the editor did before the
    /// pieces were shared).
    fn flat_puzzle_at(a: &Analysis, offset: usize) -> Option<Puzzle> {
        let puzzles = &a.file.puzzles;
        let first = puzzles.partition_point(|p| p.range.end < offset);
        puzzles
            .get(first..)?
            .iter()
            .take_while(|p| p.range.start <= offset)
            .find(|p| p.range.touches(offset))
            .cloned()
    }

    fn flat_report(a: &Analysis, index: usize) -> Option<PuzzleReport> {
        a.reports
            .get(index)
            .filter(|r| r.index == index)
            .or_else(|| a.reports.iter().find(|r| r.index == index))
            .cloned()
    }

    fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n.max(1) as u64) as usize
        }
    }

    /// A one-liner (with some givens) followed by `  id=i`.
    fn one_liner(i: usize) -> String {
        let cells: String = (0..81)
            .map(|c| match (i * 7 + c * 13) % 11 {
                0..=2 => char::from(b'1' + ((i + c) % 9) as u8),
                _ => '.',
            })
            .collect();
        format!("{cells}  id={i}\n")
    }

    fn with_hashes(text: &str, ranges: Vec<TextRange>) -> Vec<(TextRange, u64)> {
        ranges
            .into_iter()
            .map(|r| (r, text_hash(&text[r.as_range()])))
            .collect()
    }

    /// Edits `text` at random, `steps` times, checking after each edit that cutting again
    /// around it cuts as `cut` cuts the whole text. `line(i)` makes the lines of new text.
    /// Returns how many times the pieces after the change were taken over rather than cut.
    fn edit_and_recut(
        steps: usize,
        cut: impl Fn(&str) -> Vec<TextRange> + Copy,
        line: impl Fn(usize) -> String,
    ) -> usize {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let fresh = |seed: usize| -> String { (0..400).map(|i| line(seed + i)).collect() };
        let mut text = fresh(0);
        let mut prev: Vec<(TextRange, u64)> = Vec::new();
        let mut taken_over = 0;
        for step in 0..steps {
            let got = recut(&text, &prev, cut);
            let ranges: Vec<TextRange> = got.iter().map(|&(r, _)| r).collect();
            assert_eq!(ranges, cut(&text), "step {step}");
            for &(r, h) in &got {
                if let Some(h) = h {
                    assert_eq!(h, text_hash(&text[r.as_range()]), "step {step}");
                }
            }
            taken_over +=
                usize::from(got.len() > 1 && got.last().is_some_and(|(_, h)| h.is_some()));
            prev = with_hashes(&text, ranges);

            // The next edit.
            let len = text.len();
            let at = match next(4) {
                0 => prev[next(prev.len())].0.start, // at a cut
                1 => len - next(200).min(len),       // near the end
                2 => next(200).min(len),             // near the start
                _ => next(len + 1),                  // anywhere
            };
            let at = crate::text::floor_char_boundary(&text, at);
            let end = (at + next(3) * next(300)).min(len);
            let end = crate::text::floor_char_boundary(&text, end);
            let insert = match next(8) {
                0 => String::new(),
                1 => line(step),
                2 => (0..next(120)).map(|i| line(step + i)).collect(),
                3 => "\n".to_string(),
                4 => "é # a comment\n".to_string(),
                5 => "5 3 . | . 7 .\n".to_string(),
                6 => line(step).trim_end().to_string(), // no line end
                _ => "4".to_string(),
            };
            text.replace_range(at..end, &insert);
            if text.len() > 200_000 || step % 500 == 499 {
                text = fresh(step);
            }
            if step % 300 == 7 {
                text.clear();
            }
        }
        taken_over
    }

    /// Cutting again around a change always cuts as cutting the whole text does: edits of
    /// every kind, anywhere (at cuts, in the first and last pieces, across several pieces),
    /// with small pieces so that a short text has many.
    #[test]
    fn cutting_again_around_a_change_cuts_as_the_whole_text() {
        // Pieces cut by size (at most 1200 bytes): a change moves every later cut.
        let by_size = |t: &str| syntax::cut_pieces(t, 200, 1200);
        edit_and_recut(1500, by_size, one_liner);

        // Pieces cut by content: the lines a piece of 200 bytes or more may end before.
        let by_content = |t: &str| syntax::cut_pieces(t, 200, 1 << 20);
        let filler: String = (0..3).map(|i| one_liner(1_000_000 + i)).collect();
        let cut_lines: Vec<String> = (0..)
            .map(one_liner)
            .filter(|l| {
                let t = format!("{filler}{l}{}", one_liner(0));
                by_content(&t).len() == 2
            })
            .take(24)
            .collect();
        let mixed = |i: usize| {
            if i % 5 == 0 {
                cut_lines[(i / 5) % cut_lines.len()].clone()
            } else {
                one_liner(i)
            }
        };
        let steps = 1500;
        let taken_over = edit_and_recut(steps, by_content, mixed);
        assert!(taken_over > steps / 2, "{taken_over} of {steps} taken over");

        // A last piece that is one unterminated line, which then grows (and is no longer a
        // one-liner): its cut goes although the text of every piece before it is unchanged.
        let mut text: String = (0..14).map(one_liner).collect();
        text.push_str(&one_liner(15)[..81]);
        let prev = with_hashes(&text, by_size(&text));
        assert_eq!(prev.len(), 2);
        text.push('4');
        let got: Vec<TextRange> = recut(&text, &prev, by_size)
            .iter()
            .map(|&(r, _)| r)
            .collect();
        assert_eq!(got, by_size(&text));
    }

    /// Every question the editor asks of a shared analysis gets the flat analysis's answer,
    /// while edits move the pieces after them (and leave the file's defaults where they are).
    #[test]
    fn shared_analysis_answers_as_the_flat_one() {
        let sample = include_str!("../../fixtures/sets/17-clue.txt");
        let lines: Vec<&str> = sample
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .collect();
        let mut text = String::from("@author someone\n@allow no-such-code\n\n");
        for i in 0..3000 {
            let line = &lines[i % lines.len()][..81];
            // Now and then a clash (two 1s in row 1), for findings in every piece.
            if i % 97 == 5 {
                text.push_str("11");
                text.push_str(&line[2..]);
            } else {
                text.push_str(line);
            }
            text.push_str(&format!("  id={i}\n"));
        }
        let config = Config::default();
        let mut cache = PieceCache::default();
        let mut next = {
            let mut state = 0x853c_49e6_748f_ea9b_u64;
            move |n: usize| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % n as u64) as usize
            }
        };
        for step in 0..8 {
            let shared = cache.analyze(&text, &config);
            let flat = analyze(&text, &config);
            assert!(shared.pieces.len() >= 4, "{} pieces", shared.pieces.len());
            assert!(flat.findings.len() > 30, "step {step}");

            let n = flat.file.puzzles.len();
            assert_eq!(shared.puzzle_count(), n, "step {step}");
            for i in (0..n + 2).step_by(7).chain([0, n - 1, n, n + 1]) {
                assert_eq!(shared.puzzle(i), flat.file.puzzles.get(i).cloned(), "{i}");
                assert_eq!(shared.report(i), flat_report(&flat, i), "{i}");
            }
            let mut offsets: Vec<usize> = (0..200).map(|_| next(text.len() + 2)).collect();
            for p in flat.file.puzzles.iter().step_by(5) {
                let r = p.range;
                offsets.extend([
                    r.start.saturating_sub(1),
                    r.start,
                    r.start + 3,
                    r.end,
                    r.end + 1,
                ]);
            }
            offsets.extend(shared.pieces.iter().map(|p| p.start));
            for &o in &offsets {
                assert_eq!(shared.puzzle_at(o), flat_puzzle_at(&flat, o), "offset {o}");
            }

            assert_eq!(shared.finding_count(), flat.findings.len());
            assert!(
                shared.findings().eq(flat.findings.iter().cloned()),
                "step {step}"
            );
            for &o in offsets.iter().step_by(10) {
                let end = o + next(400);
                let touching: Vec<Finding> = flat
                    .findings
                    .iter()
                    .filter(|f| f.range.start <= end && o <= f.range.end)
                    .cloned()
                    .collect();
                assert_eq!(
                    shared.findings_touching(o, end).collect::<Vec<_>>(),
                    touching
                );
            }
            assert!(flat.findings.iter().any(|f| f.code == Code::DuplicateDigit));

            // The next edit: lines added or removed early on move every piece after them.
            let starts: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
            let at = starts[next(starts.len() / 4)];
            match step % 4 {
                0 => text.insert_str(at, "# a comment that moves what follows\n"),
                1 => {
                    let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
                    text.replace_range(at..end, "");
                }
                2 => text.insert_str(at, "11.......2........3........4........5........6........7........8........9.......\n"),
                _ => text.insert_str(0, "@title moved\n"),
            }
        }
    }
}
