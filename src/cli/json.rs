//! The `json` format: one document for tools.
//!
//! ```json
//! {"version":1,
//!  "tool":{"name":"sudoku-lsp","version":"0.1.0",
//!          "rating":{"scale":"HoDoKu 2.2 defaults","levels":[{"level":"easy","max_score":800},...]}},
//!  "files":[{"path":"a.sudoku",
//!            "puzzles":[{"index":0,"line":3,"size":9,"givens":24,"solutions":1,
//!                        "solution":"812753649...","rating":null}],
//!            "diagnostics":[{"code":"duplicate-digit","severity":"error","message":"...",
//!                            "puzzle":0,"range":{"start":{"line":4,"column":0},
//!                                                "end":{"line":4,"column":1}},
//!                            "related":[{"message":"...","range":{...}}]}]}],
//!  "summary":{"files":1,"puzzles":1,"errors":1,"warnings":0,"infos":0}}
//! ```
//!
//! Lines and columns are 0-based, columns in Unicode scalar values. These structs are the
//! schema; they live here, at the edge, not in the core.

use serde::{Deserialize, Serialize};

use super::position::Locator;
use crate::analysis::{Difficulty, PuzzleReport, Verdict};
use crate::finding::Finding;
use crate::logic::Level;
use crate::syntax::Puzzle;
use crate::text::TextRange;

/// The schema version written as `"version"`.
pub const VERSION: u32 = 1;

/// `"tool"`: what wrote the document and the rating scale it rated by, so that a rating can be
/// reproduced later. No commit: the output does not change with every build.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ToolJson {
    pub name: &'static str,
    pub version: &'static str,
    pub rating: RatingScaleJson,
}

/// The rating scale: whose, and each level's highest score (`null`: no limit). The limits hold
/// for 9x9 puzzles; other sizes take the level of their hardest step alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatingScaleJson {
    pub scale: &'static str,
    pub levels: Vec<LevelLimitJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelLimitJson {
    pub level: &'static str,
    pub max_score: Option<u32>,
}

/// The levels' score limits of HoDoKu 2.2's default configuration (the reference's RATING.md),
/// as the engine applies them; a test holds them to `rate_techniques`.
const LEVEL_LIMITS: [(Level, Option<u32>); 5] = [
    (Level::Easy, Some(800)),
    (Level::Medium, Some(1000)),
    (Level::Hard, Some(1600)),
    (Level::Unfair, Some(1800)),
    (Level::Extreme, None),
];

/// This build's `"tool"` object.
pub fn tool_json() -> ToolJson {
    ToolJson {
        name: env!("CARGO_PKG_NAME"),
        version: env!("CARGO_PKG_VERSION"),
        rating: RatingScaleJson {
            scale: "HoDoKu 2.2 defaults",
            levels: LEVEL_LIMITS
                .iter()
                .map(|&(level, max_score)| LevelLimitJson {
                    level: level.as_str(),
                    max_score,
                })
                .collect(),
        },
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileJson {
    pub path: String,
    pub puzzles: Vec<PuzzleJson>,
    pub diagnostics: Vec<DiagnosticJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleJson {
    /// 0-based position of the puzzle in its file.
    pub index: usize,
    /// 0-based line of the puzzle's first grid line.
    pub line: u32,
    pub size: usize,
    pub givens: usize,
    /// 0, 1 or 2 (two or more); null when undecided (syntax error, or the search gave up).
    pub solutions: Option<u8>,
    /// The unique solution on one line in the puzzle's alphabet, else null.
    pub solution: Option<String>,
    /// The declared rating, else null.
    pub rating: Option<String>,
    /// The puzzle's id (`@id`, a table's `id` column, a bank line's id); absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// With `check --rate` only: the computed difficulty, null for a puzzle without exactly one
    /// solution; the key is absent without `--rate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Option<DifficultyJson>>,
}

/// A puzzle's computed difficulty: `{"level":"hard","score":1240,"hardest":"x-wing"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DifficultyJson {
    pub level: String,
    pub score: u32,
    /// The technique that sets the level; null for a puzzle already complete.
    pub hardest: Option<String>,
}

/// The JSON object for a difficulty.
pub fn difficulty_json(d: &Difficulty) -> DifficultyJson {
    DifficultyJson {
        level: d.level.to_string(),
        score: d.score,
        hardest: d.hardest.map(|t| t.id().to_string()),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiagnosticJson {
    pub code: String,
    pub severity: String,
    pub message: String,
    /// The puzzle's index, null for a finding about the whole file.
    pub puzzle: Option<usize>,
    pub range: RangeJson,
    pub related: Vec<RelatedJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelatedJson {
    pub message: String,
    /// The file, when it is another one than the diagnostic's (as the run names files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// In `path`, when given: the start of the line.
    pub range: RangeJson,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeJson {
    pub start: PositionJson,
    pub end: PositionJson,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionJson {
    pub line: u32,
    pub column: u32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryJson {
    pub files: usize,
    pub puzzles: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

fn range_json(locator: &mut Locator<'_>, range: TextRange) -> RangeJson {
    let (start, end) = locator.locate_range(range);
    RangeJson {
        start: PositionJson {
            line: start.line,
            column: start.col,
        },
        end: PositionJson {
            line: end.line,
            column: end.col,
        },
    }
}

/// The JSON object for one puzzle.
pub fn puzzle_json(
    locator: &mut Locator<'_>,
    puzzle: &Puzzle,
    report: &PuzzleReport,
) -> PuzzleJson {
    let solution = match (report.verdict, &report.solution) {
        (Verdict::Solutions(1), Some(values)) => Some(puzzle.alphabet.line(values)),
        _ => None,
    };
    PuzzleJson {
        index: report.index,
        line: locator.locate(report.first_line.start).line,
        size: report.shape.size,
        givens: report.givens,
        solutions: report.verdict.count(),
        solution,
        rating: puzzle.rating.clone(),
        id: puzzle.id().map(str::to_string),
        difficulty: None,
    }
}

/// Writes a puzzle's object exactly as serde would, without serde's per-field machinery: a
/// collection writes millions of these, and they were a tenth of a whole run.
pub fn write_puzzle(buf: &mut String, p: &PuzzleJson) {
    buf.push_str("{\"index\":");
    push_uint(buf, p.index as u64);
    buf.push_str(",\"line\":");
    push_uint(buf, u64::from(p.line));
    buf.push_str(",\"size\":");
    push_uint(buf, p.size as u64);
    buf.push_str(",\"givens\":");
    push_uint(buf, p.givens as u64);
    buf.push_str(",\"solutions\":");
    match p.solutions {
        Some(n) => push_uint(buf, u64::from(n)),
        None => buf.push_str("null"),
    }
    buf.push_str(",\"solution\":");
    write_opt_str(buf, p.solution.as_deref());
    buf.push_str(",\"rating\":");
    write_opt_str(buf, p.rating.as_deref());
    if let Some(id) = &p.id {
        buf.push_str(",\"id\":");
        write_opt_str(buf, Some(id));
    }
    match &p.difficulty {
        None => {}
        Some(None) => buf.push_str(",\"difficulty\":null"),
        Some(Some(d)) => {
            buf.push_str(",\"difficulty\":{\"level\":");
            write_opt_str(buf, Some(&d.level));
            buf.push_str(",\"score\":");
            push_uint(buf, u64::from(d.score));
            buf.push_str(",\"hardest\":");
            write_opt_str(buf, d.hardest.as_deref());
            buf.push('}');
        }
    }
    buf.push('}');
}

/// Writes a number in decimal without the formatting machinery.
fn push_uint(buf: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        buf.push(d as char);
    }
}

/// A JSON string or `null`; plain printable ASCII is copied, anything else goes through serde.
fn write_opt_str(buf: &mut String, s: Option<&str>) {
    match s {
        None => buf.push_str("null"),
        Some(s)
            if s.bytes()
                .all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\') =>
        {
            buf.push('"');
            buf.push_str(s);
            buf.push('"');
        }
        Some(s) => match serde_json::to_string(s) {
            Ok(quoted) => buf.push_str(&quoted),
            Err(_) => buf.push_str("null"),
        },
    }
}

/// The JSON object for one finding.
pub fn diagnostic_json(locator: &mut Locator<'_>, f: &Finding) -> DiagnosticJson {
    DiagnosticJson {
        code: f.code.as_str().to_string(),
        severity: f.severity.as_str().to_string(),
        message: f.message.clone(),
        puzzle: f.puzzle,
        range: range_json(locator, f.range),
        related: f
            .related
            .iter()
            .map(|r| match &r.elsewhere {
                Some(e) => {
                    let at = PositionJson {
                        line: e.line.saturating_sub(1),
                        column: 0,
                    };
                    RelatedJson {
                        message: r.message.clone(),
                        path: Some(e.path.to_string()),
                        range: RangeJson { start: at, end: at },
                    }
                }
                None => RelatedJson {
                    message: r.message.clone(),
                    path: None,
                    range: range_json(locator, r.range),
                },
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tool_object_states_the_limits_the_engine_rates_by() {
        use crate::logic::{rate_techniques, Technique};
        // A path of full houses (4 points each) scoring exactly a level's limit keeps that
        // level; one more step moves it up.
        let rate = |steps: u32| {
            rate_techniques(
                std::iter::repeat_n(Technique::FullHouse, steps as usize),
                true,
            )
            .unwrap()
            .level
        };
        assert_eq!(Technique::FullHouse.score(), 4);
        let tool = tool_json();
        assert_eq!(tool.rating.levels.len(), Level::ALL.len());
        for (i, limit) in tool.rating.levels.iter().enumerate() {
            assert_eq!(limit.level, Level::ALL[i].as_str());
            if let Some(max) = limit.max_score {
                assert_eq!(rate(max / 4), Level::ALL[i], "{limit:?}");
                assert_eq!(rate(max / 4 + 1), Level::ALL[i + 1], "{limit:?}");
            }
        }
        assert_eq!(
            serde_json::to_value(&tool).unwrap()["rating"]["levels"][0],
            serde_json::json!({"level": "easy", "max_score": 800})
        );
    }

    #[test]
    fn the_hand_written_puzzle_object_is_what_serde_writes() {
        let cases = [
            PuzzleJson {
                index: 3,
                line: 7,
                size: 9,
                givens: 17,
                solutions: Some(1),
                solution: Some("123".into()),
                rating: Some("11.9 \"hard\"\n\u{7}é".into()),
                id: Some("0000183b \"x\"".into()),
                difficulty: Some(Some(DifficultyJson {
                    level: "hard".into(),
                    score: 1240,
                    hardest: Some("x-wing".into()),
                })),
            },
            PuzzleJson {
                index: 0,
                line: 0,
                size: 16,
                givens: 0,
                solutions: None,
                solution: None,
                rating: None,
                id: None,
                difficulty: Some(None),
            },
            PuzzleJson {
                index: usize::MAX,
                line: u32::MAX,
                size: 25,
                givens: 100,
                solutions: Some(2),
                solution: None,
                rating: Some(String::new()),
                id: Some(String::new()),
                difficulty: None,
            },
        ];
        for p in cases {
            let mut mine = String::new();
            write_puzzle(&mut mine, &p);
            assert_eq!(mine, serde_json::to_string(&p).unwrap());
        }
    }
    use crate::analysis::Analysis;

    /// The JSON object for one analysed file, built the way `render` builds it piece by piece (`text` is the decoded text the ranges point into).
    pub fn file_json(path: &str, text: &str, analysis: &Analysis) -> FileJson {
        let mut locator = Locator::new(text);
        let puzzles = analysis
            .file
            .puzzles
            .iter()
            .zip(&analysis.reports)
            .map(|(p, r)| puzzle_json(&mut locator, p, r))
            .collect();
        let diagnostics = analysis
            .findings
            .iter()
            .map(|f| diagnostic_json(&mut locator, f))
            .collect();
        FileJson {
            path: path.to_string(),
            puzzles,
            diagnostics,
        }
    }

    use crate::finding::{Code, Related};
    use crate::grid::Shape;
    use crate::syntax::{Alphabet, Directives, Layout};

    #[test]
    fn a_file_as_the_schema_says() {
        let text = "@rating 3\n12..\n..12\n....\n....\n";
        let shape = Shape::for_size(4).unwrap();
        let line_of = |l: usize| {
            let start = text.split_inclusive('\n').take(l).map(str::len).sum();
            TextRange::new(start, start + 4)
        };
        let puzzle = Puzzle {
            index: 0,
            layout: Layout::Grid,
            shape,
            alphabet: Alphabet::default_for(4),
            givens: vec![1, 2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0],
            cells: (0..16)
                .map(|c| {
                    let s = line_of(1 + c / 4).start + c % 4;
                    TextRange::new(s, s + 1)
                })
                .collect(),
            numbered_rows: vec![false; 4],
            first_line: line_of(1),
            range: TextRange::new(line_of(1).start, line_of(4).end),
            trailing: None,
            rating: Some("3".into()),
            directives: Directives::default(),
            has_syntax_error: false,
            pencil: None,
            slot: None,
        };
        let mut analysis = Analysis::default();
        analysis.file.puzzles.push(puzzle);
        analysis.reports.push(PuzzleReport {
            index: 0,
            shape,
            givens: 4,
            verdict: Verdict::Solutions(1),
            solution: Some(vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]),
            first_line: line_of(1),
        });
        analysis.findings.push(
            Finding::new(Code::MultipleSolutions, line_of(2), "m")
                .in_puzzle(0)
                .with_related(vec![Related {
                    elsewhere: None,
                    message: "r".into(),
                    range: TextRange::new(line_of(3).start + 2, line_of(3).start + 3),
                }]),
        );
        let json = serde_json::to_value(file_json("a.sudoku", text, &analysis)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "path": "a.sudoku",
                "puzzles": [{"index": 0, "line": 1, "size": 4, "givens": 4, "solutions": 1,
                             "solution": "1234341221434321", "rating": "3"}],
                "diagnostics": [{"code": "multiple-solutions", "severity": "error",
                                 "message": "m", "puzzle": 0,
                                 "range": {"start": {"line": 2, "column": 0},
                                           "end": {"line": 2, "column": 4}},
                                 "related": [{"message": "r",
                                              "range": {"start": {"line": 3, "column": 2},
                                                        "end": {"line": 3, "column": 3}}}]}]
            })
        );
    }
}
