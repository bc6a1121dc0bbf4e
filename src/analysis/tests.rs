//! Checks of each analysis on puzzles built directly (independent of the reader), so a wrong
//! verdict or a misplaced range shows up here first.

use super::*;
use crate::finding::{apply_edits, Code, Severity};
use crate::grid::{Grid, Shape};
use crate::syntax::{Alphabet, Directive, Layout};

/// A puzzle as the reader would produce it for a one-liner at the start of a text.
fn one_liner(line: &str, directives: &[(&str, &str)]) -> Puzzle {
    let n = (line.chars().count() as f64).sqrt() as usize;
    let shape = Shape::for_size(n).unwrap();
    let alphabet = Alphabet::default_for(n);
    Puzzle {
        index: 0,
        layout: Layout::OneLiner,
        shape,
        givens: line
            .chars()
            .map(|c| alphabet.value_of(c).unwrap_or(0))
            .collect(),
        alphabet,
        cells: (0..line.len()).map(|i| TextRange::new(i, i + 1)).collect(),
        numbered_rows: vec![false; n],
        first_line: TextRange::new(0, line.len()),
        range: TextRange::new(0, line.len()),
        trailing: None,
        rating: None,
        directives: Directives {
            all: directives
                .iter()
                .map(|&(k, v)| Directive {
                    key: k.into(),
                    value: v.into(),
                    range: TextRange::new(100, 110),
                    value_range: TextRange::new(105, 110),
                })
                .collect(),
        },
        has_syntax_error: false,
        pencil: None,
        slot: None,
    }
}

/// A deterministic generator of numbers below `n`, so random tests check the same cases on
/// every run and need no dependency.
fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

fn run(p: &Puzzle) -> PuzzleResult {
    check_puzzle(p, &Directives::default(), None, true, None)
}

fn codes(r: &PuzzleResult) -> Vec<Code> {
    r.findings.iter().map(|f| f.code).collect()
}

const UNIQUE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn unique_puzzle_has_no_findings_and_a_solution() {
    let r = run(&one_liner(UNIQUE, &[]));
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.report.verdict, Verdict::Solutions(1));
    let grid = one_liner(UNIQUE, &[]).grid();
    assert!(grid.is_solved_by(r.report.solution.as_ref().unwrap()));
    assert_eq!(r.report.givens, 17);
}

#[test]
fn duplicate_marks_both_cells_and_offers_to_clear_either() {
    // r1c2 gets a second 4 beside r1c1.
    let line = format!("44{}", &UNIQUE[2..]);
    let p = one_liner(&line, &[]);
    let r = run(&p);
    let dups: Vec<&Finding> = r
        .findings
        .iter()
        .filter(|f| f.code == Code::DuplicateDigit)
        .collect();
    assert_eq!(dups.len(), 2);
    assert_eq!(dups[0].range, TextRange::new(0, 1));
    assert_eq!(dups[0].related[0].range, TextRange::new(1, 2));
    assert_eq!(dups[0].message, "4 at r1c1 clashes with r1c2 (same row)");
    assert_eq!(dups[1].related[0].range, TextRange::new(0, 1));
    assert_eq!(r.report.verdict, Verdict::Solutions(0));
    // Either fix removes this clash.
    for fix in &dups[0].fixes {
        let fixed = apply_edits(&line, &fix.edits).unwrap();
        let r = run(&one_liner(&fixed, &[]));
        assert!(!codes(&r).contains(&Code::DuplicateDigit), "{}", fix.title);
    }
    assert_eq!(dups[0].fixes[0].title, "Clear r1c1");
    assert_eq!(dups[0].fixes[1].title, "Clear r1c2");
}

/// A grid of one repeated digit clashes everywhere: the report stays bounded (27 findings of
/// at most 8 named cells each for 9x9) and says what it leaves out.
#[test]
fn a_grid_that_clashes_everywhere_gets_a_bounded_report() {
    let r = run(&one_liner(&"1".repeat(81), &[]));
    let dups: Vec<&Finding> = (r.findings.iter())
        .filter(|f| f.code == Code::DuplicateDigit)
        .collect();
    assert_eq!(dups.len(), 27);
    for f in &dups {
        assert_eq!(f.related.len(), 8, "{}", f.message);
        assert_eq!(f.fixes.len(), 9, "{}", f.message);
    }
    // Every cell has 20 peers, all holding 1.
    assert!(
        dups[0].message.ends_with("r1c9 (same row) and 12 more"),
        "{}",
        dups[0].message
    );
    assert!(
        dups[26]
            .message
            .ends_with(" (54 more cells of this puzzle clash; clear these first)"),
        "{}",
        dups[26].message
    );
    // A few clashes are reported in full.
    let line = format!("1111{}", ".".repeat(77));
    let r = run(&one_liner(&line, &[]));
    let dups: Vec<&Finding> = (r.findings.iter())
        .filter(|f| f.code == Code::DuplicateDigit)
        .collect();
    assert_eq!(dups.len(), 4);
    assert!(dups
        .iter()
        .all(|f| f.related.len() == 3 && !f.message.contains("more")));
}

#[test]
fn no_candidates_names_what_excludes_each_symbol() {
    // r1c3 is empty; its row holds 1 and 2, its box 3 (r2c4), its column 4 (r4c3).
    let p = one_liner("12.....3......4.", &[]);
    let r = run(&p);
    let f = r
        .findings
        .iter()
        .find(|f| f.code == Code::NoCandidates)
        .expect("no-candidates");
    assert_eq!(f.range, TextRange::new(2, 3));
    assert_eq!(
        f.message,
        "no symbol fits r1c3: every one is already in its row, column or box: \
         1 (row, r1c1), 2 (row, r1c2), 3 (box, r2c4), 4 (column, r4c3)"
    );
    assert_eq!(f.related.len(), 4);
    assert_eq!(r.report.verdict, Verdict::Solutions(0));
}

#[test]
fn digit_with_no_place_in_a_unit() {
    // Row 1 lacks 1 and 9; its two empty cells, r1c8 and r1c9, share box 3 with the 1 at r2c7.
    let line = format!("2345678........1..{}", ".".repeat(63));
    let p = one_liner(&line, &[]);
    let r = run(&p);
    let f = r
        .findings
        .iter()
        .find(|f| f.code == Code::DigitHasNoPlace && f.message.contains("row 1"))
        .expect("digit-has-no-place in row 1");
    assert_eq!(f.range, TextRange::new(0, 1));
    assert!(
        f.message.starts_with("1 has no place in row 1"),
        "{}",
        f.message
    );
}

#[test]
fn no_solution_found_by_search() {
    let r = run(&one_liner("1..3...1....31.4", &[]));
    assert_eq!(codes(&r), vec![Code::NoSolution]);
    assert_eq!(r.report.verdict, Verdict::Solutions(0));
    assert_eq!(r.findings[0].range, TextRange::new(0, 16));
}

#[test]
fn multiple_solutions_names_differing_cells() {
    let line = format!("{}.{}", &UNIQUE[..6], &UNIQUE[7..]); // drop the 8 at r1c7
    let r = run(&one_liner(&line, &[]));
    assert_eq!(codes(&r), vec![Code::MultipleSolutions]);
    let f = &r.findings[0];
    assert!(!f.related.is_empty());
    assert!(f.related.iter().all(|rel| rel.message.contains(" can be ")));
    assert_eq!(r.report.verdict, Verdict::Solutions(2));
    assert_eq!(r.report.solution, None);
}

#[test]
fn solution_mismatch_cases() {
    let solved = run(&one_liner(UNIQUE, &[])).report.solution.unwrap();
    let alphabet = Alphabet::default_for(9);
    let good = alphabet.line(&solved);
    assert!(run(&one_liner(UNIQUE, &[("solution", &good)]))
        .findings
        .is_empty());

    let short = &good[..80];
    let r = run(&one_liner(UNIQUE, &[("solution", short)]));
    assert_eq!(codes(&r), vec![Code::SolutionMismatch]);
    assert!(r.findings[0].message.contains("80 symbols"));
    assert_eq!(r.findings[0].range, TextRange::new(105, 110));

    // Swapping two digits everywhere keeps the rules but breaks a given.
    let swapped: String = good
        .chars()
        .map(|c| match c {
            '4' => '9',
            '9' => '4',
            c => c,
        })
        .collect();
    let r = run(&one_liner(UNIQUE, &[("solution", &swapped)]));
    assert!(r.findings[0].message.contains("disagrees with the givens"));

    // A valid grid agreeing with the givens of a puzzle that has several solutions is fine; a
    // different valid grid for a unique puzzle is reported.
    let loose = format!("{}.{}", &UNIQUE[..6], &UNIQUE[7..]);
    let other = run(&one_liner(&loose, &[]));
    let other_solution = alphabet.line(
        &check_puzzle(
            &one_liner(&loose, &[]),
            &Directives::default(),
            None,
            true,
            None,
        )
        .outcome
        .unwrap()
        .second
        .unwrap(),
    );
    assert_eq!(other.report.verdict, Verdict::Solutions(2));
    let r = run(&one_liner(&loose, &[("solution", &other_solution)]));
    assert_eq!(codes(&r), vec![Code::MultipleSolutions]);
}

#[test]
fn allow_and_config_silence_or_reweight() {
    let line = format!("{}.{}", &UNIQUE[..6], &UNIQUE[7..]);
    let p = one_liner(&line, &[("allow", "multiple-solutions")]);
    let r = run(&p);
    let kept = apply_config(r.findings, &Config::default(), &p.directives, &[]);
    assert!(kept.is_empty());

    let p = one_liner(&line, &[]);
    let mut config = Config::default();
    config
        .settings
        .severity
        .insert(Code::MultipleSolutions, Some(Severity::Warning));
    let kept = apply_config(run(&p).findings, &config, &p.directives, &[]);
    assert_eq!(kept[0].severity, Severity::Warning);
    config
        .settings
        .severity
        .insert(Code::MultipleSolutions, None);
    assert!(apply_config(run(&p).findings, &config, &p.directives, &[]).is_empty());
}

#[test]
fn syntax_error_gets_no_verdict_but_cells_are_checked() {
    let mut p = one_liner(&format!("5{}5{}", &UNIQUE[1..8], &UNIQUE[9..]), &[]);
    p.has_syntax_error = true;
    let r = run(&p);
    assert_eq!(r.report.verdict, Verdict::SyntaxError);
    assert!(codes(&r).contains(&Code::DuplicateDigit));
}

#[test]
fn gave_up_is_a_warning_not_a_verdict() {
    let p = one_liner(UNIQUE, &[]);
    let ctx = PuzzleCtx {
        puzzle: &p,
        file_defaults: &Directives::default(),
        candidates: p.grid().candidates(),
    };
    let mut out = Vec::new();
    let outcome = crate::solver::count_solutions_with_budget(
        &Grid::empty(Shape::for_size(25).unwrap()),
        1,
        2,
    );
    assert!(!outcome.complete);
    verdict::check(&ctx, &outcome, &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].code, Code::SearchGaveUp);
    assert_eq!(out[0].severity, Severity::Warning);
}

#[test]
fn cache_reuses_outcomes_and_keeps_only_the_latest_puzzles() {
    let p = one_liner(UNIQUE, &[]);
    let first = run(&p);
    let again = check_puzzle(
        &p,
        &Directives::default(),
        first.outcome.as_ref(),
        true,
        None,
    );
    assert_eq!(again.report, first.report);
    // Without an outcome kept, the report is the same (its solution moved, not copied).
    let uncached = check_puzzle(&p, &Directives::default(), None, false, None);
    assert_eq!(uncached.report, first.report);
    assert!(uncached.outcome.is_none());
}

#[test]
fn analysing_in_pieces_gives_what_analysing_whole_gives() {
    let sample = include_str!("../../fixtures/sets/serg-benchmark.txt");
    let mut text = String::from("@allow box-shape\n\n");
    for (i, line) in sample.lines().enumerate() {
        text.push_str(line);
        text.push('\n');
        match i % 9 {
            2 => text.push_str(&format!("44{}\n", &UNIQUE[2..])),
            4 => text.push_str(&format!("{UNIQUE}  11.3\n")),
            6 => text.push_str("1.....4..2......3..1.....6..5.....2.\n"),
            _ => {}
        }
    }
    let whole = analyze(&text, &Config::default());
    let mut reports = Vec::new();
    let mut findings = Vec::new();
    let mut pieces = 0;
    let ranges = crate::syntax::cut_pieces(&text, 500, 500);
    analyze_ranges(&text, ranges, &Config::default(), |_, a| {
        pieces += 1;
        reports.extend(a.reports);
        findings.extend(a.findings);
        true
    });
    assert!(pieces > 10, "{pieces} pieces");
    assert_eq!(reports, whole.reports);
    assert_eq!(findings, whole.findings);
    assert!(whole
        .findings
        .iter()
        .any(|f| f.code == Code::DuplicateDigit));
}

/// The editor's path (pieces reused from earlier analyses, moved into place) must always agree
/// with a fresh analysis, edit after edit: insertions and deletions before, inside and after
/// pieces, clashes made and mended, directives and grids added, the defaults changed.
#[test]
fn cached_analysis_agrees_with_a_fresh_one_after_every_edit() {
    let sample = include_str!("../../fixtures/sets/17-clue.txt");
    let lines: Vec<&str> = sample
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .collect();
    let mut text = String::from("@author someone\n\n");
    for i in 0..3000 {
        text.push_str(&lines[i % lines.len()][..81]);
        text.push_str(&format!("  id={i}\n"));
    }
    let pieces = crate::syntax::content_pieces(&text);
    assert!(pieces.len() >= 4, "{} pieces", pieces.len());

    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let config = Config::default();
    let mut cache = PieceCache::default();
    for step in 0..40 {
        let cached = cache.analyze(&text, &config).to_analysis();
        let fresh = analyze(&text, &config);
        assert_eq!(cached.file.puzzles, fresh.file.puzzles, "step {step}");
        assert_eq!(cached.reports, fresh.reports, "step {step}");
        assert_eq!(cached.findings, fresh.findings, "step {step}");
        assert_eq!(cached.file.defaults, fresh.file.defaults, "step {step}");

        // The next edit, at a line start somewhere in the text.
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .filter(|&i| i < text.len())
            .collect();
        let at = starts[next(starts.len())];
        match step % 8 {
            0 => text.insert_str(at, "44"), // a clash, and a line of the wrong length
            1 => {
                let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
                text.replace_range(at..end, ""); // a line removed
            }
            2 => text.insert_str(at, "# a comment\n"),
            3 => text.insert_str(at, "@title inserted\n"),
            4 => text.insert_str(at, "\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n\n"),
            5 => text.insert_str(0, "@allow duplicate-digit\n"),
            6 => {
                if let Some(i) = text[at..].find(|c: char| c.is_ascii_digit()) {
                    text.replace_range(at + i..at + i + 1, "."); // a given removed
                }
            }
            _ => text.insert_str(at, "not a puzzle\n"),
        }
    }
}

/// The quick scan must say "clean" exactly when the detailed checks find nothing.
#[test]
fn quick_scan_agrees_with_the_detailed_checks() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut seen = [0usize; 2];
    for round in 0..3000 {
        let n = [4, 6, 9][round % 3];
        let cells = n * n;
        let density = 10 + next(50);
        let line: String = (0..cells)
            .map(|_| {
                if next(100) < density {
                    char::from_digit(1 + next(n) as u32, 10).unwrap()
                } else {
                    '.'
                }
            })
            .collect();
        let p = one_liner(&line, &[]);
        let ctx = PuzzleCtx {
            puzzle: &p,
            file_defaults: &Directives::default(),
            candidates: p.grid().candidates(),
        };
        let mut findings = Vec::new();
        let clashing = duplicate_digit::check(&ctx, &mut findings);
        no_candidates::check(&ctx, &clashing, &mut findings);
        digit_has_no_place::check(&ctx, &vec![false; cells], &mut findings);
        let clean = givens_are_clean(&p);
        assert_eq!(clean, findings.is_empty(), "{line}: {findings:?}");
        seen[usize::from(clean)] += 1;
    }
    assert!(seen.iter().all(|&k| k > 100), "{seen:?}");
}

/// The CLI's streaming path (each piece read and analysed through a window that holds only the
/// piece) finds what the whole text gives, fixes included: a fix that reads the text around a
/// puzzle (declaring its box above a framed grid) must not change at a piece's edge.
#[test]
fn pieces_read_through_windows_carry_the_fixes_of_the_whole() {
    let framed = "+---+---+\n|3.2|...|\n|...|.4.|\n+---+---+\n|4..|...|\n|.1.|..5|\n\
                  +---+---+\n|.5.|..4|\n|...|2..|\n+---+---+\n";
    let six = "3.2.......4.4......1...5.5...4...2..";
    let mut text = String::new();
    for i in 0..60 {
        // A 9x9 puzzle between two 6x6 ones changes the shape, so each 6x6 one is reported.
        // Pieces are cut only between one-liners, so some start with a 6x6 one.
        text.push_str(&format!("# puzzle {i}\n{framed}\n"));
        for _ in 0..3 {
            text.push_str(&format!("{UNIQUE}\n{six}\n{UNIQUE}\n"));
        }
        text.push('\n');
    }
    let whole = analyze(&text, &Config::default());
    let declared = |f: &Finding| f.code == Code::BoxShape && f.fixes.len() == 1;
    assert_eq!(whole.findings.iter().filter(|f| declared(f)).count(), 240);
    let ranges = crate::syntax::cut_pieces(&text, 300, 300);
    assert!(ranges.len() > 10, "{} pieces", ranges.len());
    assert!(ranges.iter().any(|r| text[r.start..].starts_with(six)));
    let mut state = crate::syntax::ReaderState::default();
    let mut findings = Vec::new();
    let last = ranges.len() - 1;
    for (i, r) in ranges.iter().enumerate() {
        let window = &text[r.start..(r.end + 1).min(text.len())];
        let file = crate::syntax::parse_window(window, r.start, *r, &mut state, i == last);
        findings.extend(analyze_piece(window, r.start, file, &Config::default()).findings);
    }
    assert_eq!(findings, whole.findings);
}
