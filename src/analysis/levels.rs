//! Difficulty in the analysis: rating a puzzle with the logic engine (docs/rating.md), and the
//! two codes about declared levels. `level-mismatch`: the declared level is not the computed one;
//! `unknown-level`: the declared name is neither one of the five levels nor mapped in `[levels]`.
//!
//! A puzzle is rated only when the configuration asks for it (`check --rate`) or when it
//! declares a level, and only when it has exactly one solution: the uniqueness techniques are
//! valid only then, and a level means nothing for a puzzle that is not proper.

use crate::config::Config;
use crate::finding::{Code, Finding, Related};
use crate::logic::{self, Level, Technique};
use crate::syntax::{self, Directives, Puzzle, Src};
use crate::text::TextRange;

/// A puzzle's computed difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    pub level: Level,
    pub score: u32,
    /// The step that sets the level; `None` for a puzzle already complete (no step at all).
    pub hardest: Option<Technique>,
}

/// What a rating assumes: the puzzle has one solution, and trial is the last resort.
const RATING: logic::Options = logic::Options {
    unique: true,
    trial: true,
};

/// Rates a puzzle known to have exactly one solution: its solving path, easiest step first,
/// then the path's score and level. `None` when the engine stops short of the solution.
pub fn rate(engine: &mut logic::Engine, puzzle: &Puzzle) -> Option<Difficulty> {
    let (techniques, solved) = engine.solve_techniques(logic::start(puzzle), &RATING);
    solved.then(|| difficulty_from(techniques, puzzle.shape.size))
}

/// A rating begun before the puzzle is known to have one solution: its solving path as far as
/// the techniques before the uniqueness family take it ([`logic::before_uniqueness`]), which
/// are cheap and true in every solution. A plain puzzle whose path ends solved there has no
/// other solution, so the search for a second one is not needed (on 17-clue puzzles it cost
/// a twentieth of rating them).
pub(crate) struct Begun {
    techniques: Vec<Technique>,
    state: logic::State,
    solved: bool,
    size: usize,
    /// No pencil marks: a pencil-mark puzzle starts from its marks, which may lack a
    /// solution's digit, so its path proves nothing of the puzzle's solutions.
    plain: bool,
}

impl Begun {
    pub fn new(engine: &mut logic::Engine, puzzle: &Puzzle) -> Begun {
        let start = engine.start(puzzle);
        // A step per empty cell when singles solve it.
        let mut techniques = Vec::with_capacity(start.empty_cells().count() + 8);
        let (state, solved) = engine.solve_techniques_on(
            start,
            &RATING,
            logic::before_uniqueness(),
            0,
            &mut techniques,
        );
        Begun {
            techniques,
            state,
            solved,
            size: puzzle.shape.size,
            plain: puzzle.pencil.is_none(),
        }
    }

    /// The solution, when the path of a plain puzzle reached it: its only one (see [`Begun`]).
    pub fn solution(&self) -> Option<&[u8]> {
        (self.solved && self.plain).then(|| self.state.values())
    }

    /// [`rate`], for a puzzle now known to have exactly one solution: the rest of the path, in
    /// the engine that began it.
    pub fn finish(self, engine: &mut logic::Engine) -> Option<Difficulty> {
        let Begun {
            mut techniques,
            state,
            solved,
            size,
            ..
        } = self;
        // The cheap techniques found nothing where the path stopped.
        let known = logic::before_uniqueness().len();
        let ladder = logic::Technique::ALL;
        let solved = solved
            || (engine.solve_techniques_on(state, &RATING, ladder, known, &mut techniques)).1;
        solved.then(|| difficulty_from(techniques, size))
    }
}

/// The difficulty of a solving path of a puzzle of `size`: a path of no step (the puzzle was
/// complete) is easy with score 0.
pub fn difficulty_of(steps: &[logic::Step], size: usize) -> Difficulty {
    difficulty_from(steps.iter().map(|s| s.technique), size)
}

/// [`difficulty_of`] from the techniques of the path's steps.
fn difficulty_from(
    techniques: impl IntoIterator<Item = logic::Technique>,
    size: usize,
) -> Difficulty {
    match logic::rate_techniques(techniques, size == 9) {
        Some(r) => Difficulty {
            level: r.level,
            score: r.score,
            hardest: Some(r.hardest),
        },
        None => Difficulty {
            level: Level::Easy,
            score: 0,
            hardest: None,
        },
    }
}

/// Where a puzzle's level is declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Declared {
    /// The name as written (`Hard`, `gentle`).
    pub name: String,
    /// The name's range: the `@level` value, or the token in the trailing field.
    pub range: TextRange,
    /// What it means: one of the five, or a `[levels]` name; `None` when unknown.
    pub level: Option<Level>,
    /// True for a file-wide `@level` (in the file's default directives).
    pub file_wide: bool,
}

/// The puzzle's declared level: its own `@level`, else a level token in a one-liner's trailing
/// field, else the file's `@level` (the same order as for `@rating`).
pub(crate) fn declared(
    puzzle: &Puzzle,
    file_defaults: &Directives,
    src: Src<'_>,
    config: &Config,
) -> Option<Declared> {
    let own = puzzle
        .directives
        .all
        .get(file_defaults.all.len()..)
        .unwrap_or(&[]);
    let from_directive = |d: &syntax::Directive, file_wide: bool| Declared {
        name: d.value.clone(),
        range: d.value_range,
        level: config.level_named(&d.value),
        file_wide,
    };
    if let Some(d) = own.iter().rev().find(|d| d.key == "level") {
        return Some(from_directive(d, false));
    }
    let trailing = puzzle.trailing.and_then(|t| {
        let range = syntax::level_in(src, t, |tok| config.level_named(tok).is_some())?;
        let name = src.get(range.as_range())?.to_string();
        Some(Declared {
            level: config.level_named(&name),
            name,
            range,
            file_wide: false,
        })
    });
    trailing.or_else(|| file_defaults.get("level").map(|d| from_directive(d, true)))
}

/// Reports what the declared level says against the computed difficulty: `unknown-level` for
/// a name that means nothing (a file-wide one once, with the file's first puzzle), and
/// `level-mismatch` when the puzzle has a difficulty and it is not the declared level.
pub(crate) fn check(
    puzzle: &Puzzle,
    declared: &Declared,
    difficulty: Option<&Difficulty>,
    out: &mut Vec<Finding>,
) {
    let Some(level) = declared.level else {
        if !declared.file_wide || puzzle.index == 0 {
            out.push(unknown(declared).in_puzzle(puzzle.index));
        }
        return;
    };
    let Some(d) = difficulty.filter(|d| d.level != level) else {
        return;
    };
    let needs = match d.hardest {
        Some(t) => format!(" (it needs {})", t.id()),
        None => String::new(),
    };
    let named = if declared.name.eq_ignore_ascii_case(level.as_str()) {
        level.to_string()
    } else {
        format!("{} ({level})", declared.name)
    };
    let (range, message, related) = if declared.file_wide {
        let message = format!(
            "the file declares {named}, but puzzle {} is {}{needs}",
            puzzle.index + 1,
            d.level
        );
        let related = Related {
            elsewhere: None,
            message: format!("the file's @level {}", declared.name),
            range: declared.range,
        };
        (puzzle.first_line, message, vec![related])
    } else {
        let message = format!("declared {named}, but this puzzle is {}{needs}", d.level);
        (declared.range, message, Vec::new())
    };
    let mut f = Finding::new(Code::LevelMismatch, range, message).in_puzzle(puzzle.index);
    f.related = related;
    out.push(f);
}

/// The `unknown-level` finding, which says how to map the name.
fn unknown(declared: &Declared) -> Finding {
    let name = &declared.name;
    let key = if name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        name.to_lowercase()
    } else {
        format!("\"{}\"", name.to_lowercase().replace('"', "\\\""))
    };
    Finding::new(
        Code::UnknownLevel,
        declared.range,
        format!(
            "`{name}` is not a level (easy, medium, hard, unfair, extreme); to use it, add it to \
             [levels] in sudoku-lsp.toml, e.g. {key} = \"easy\""
        ),
    )
}

#[cfg(test)]
mod tests {
    use crate::analysis::analyze;
    use crate::config::Config;
    use crate::finding::Code;

    /// Medium (a locked triple); and the classic, easy.
    const MEDIUM: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn codes(text: &str, config: &Config) -> Vec<(Code, Option<usize>)> {
        analyze(text, config)
            .findings
            .iter()
            .map(|f| (f.code, f.puzzle))
            .collect()
    }

    #[test]
    fn own_level_beats_the_trailing_field_which_beats_the_file() {
        let c = Config::default();
        // The file says hard; the first puzzle's own @level says medium (right), the second's
        // trailing field says easy (right), the third has only the file's (wrong).
        let text = format!("@level hard\n\n@level medium\n{MEDIUM} easy\n{EASY} Easy\n{EASY}\n");
        assert_eq!(codes(&text, &c), vec![(Code::LevelMismatch, Some(2))]);
        let a = analyze(&text, &c);
        let f = &a.findings[0];
        assert!(f
            .message
            .starts_with("the file declares hard, but puzzle 3 is easy"));
        assert_eq!(f.related.len(), 1);
        // Rated because they declare a level, not shown without --rate: the difficulties are
        // there for the renderers to use or not.
        assert_eq!(a.difficulties.len(), 3);
    }

    /// A rating begun before the search proves the solution of a puzzle that its cheap
    /// techniques solve, never that of a puzzle with two solutions or of one they leave
    /// unsolved; finished, it rates the whole path as `rate` does.
    #[test]
    fn a_begun_rating_proves_a_solution_only_when_its_path_reaches_it() {
        use super::{rate, Begun};
        use crate::solver::count_values;
        // The classic less one given (two solutions); a 17-clue puzzle whose path takes a
        // Uniqueness Test 1 and nice loops (unfair).
        let two =
            "53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let unfair =
            ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3";
        for (text, proved) in [(EASY, true), (MEDIUM, true), (two, false), (unfair, false)] {
            let file = crate::syntax::parse(text);
            let p = &file.puzzles[0];
            let engine = &mut crate::logic::Engine::new();
            let begun = Begun::new(engine, p);
            let search = count_values(p.shape, &p.givens, 2, u64::MAX);
            assert_eq!(begun.solution().is_some(), proved, "{text}");
            if let Some(solution) = begun.solution() {
                assert_eq!(search.count, 1);
                assert_eq!(Some(solution), search.first.as_deref(), "{text}");
            }
            if search.count == 1 {
                assert!(
                    begun
                        .finish(engine)
                        .is_some_and(|d| Some(d) == rate(engine, p)),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn nothing_is_rated_without_a_level_or_rate() {
        let text = format!("{MEDIUM}  id=3 tricky\n{EASY}\n");
        let a = analyze(&text, &Config::default());
        assert!(a.difficulties.is_empty() && a.findings.is_empty());
        let rate = Config {
            run: crate::config::RunOptions {
                rate: true,
                ..Default::default()
            },
            ..Config::default()
        };
        let a = analyze(&text, &rate);
        let levels: Vec<_> = a.difficulties.iter().map(|d| d.map(|d| d.level)).collect();
        assert_eq!(
            levels,
            vec![
                Some(crate::logic::Level::Medium),
                Some(crate::logic::Level::Easy)
            ]
        );
    }

    #[test]
    fn unknown_levels_say_how_to_map_them_and_a_file_wide_one_is_said_once() {
        let c = Config::default();
        let text = format!("@level Gentle\n\n{EASY}\n{EASY}  level=fiendish\n");
        let found = analyze(&text, &c).findings;
        let got: Vec<_> = found.iter().map(|f| (f.code, f.puzzle)).collect();
        assert_eq!(
            got,
            vec![(Code::UnknownLevel, Some(0)), (Code::UnknownLevel, Some(1))]
        );
        assert!(found[0].message.contains("e.g. gentle = \"easy\""));
        // No level-mismatch for a puzzle with several solutions, even when mapped.
        let mapped = Config::from(
            crate::config::Settings::from_toml_str("[levels]\nfiendish = \"extreme\"").unwrap(),
        );
        let several = format!("5{}  fiendish\n", ".".repeat(80));
        let got = codes(&several, &mapped);
        assert!(
            !got.iter().any(|(c, _)| *c == Code::LevelMismatch),
            "{got:?}"
        );
        assert!(
            codes(&format!("{EASY} FIENDISH\n"), &mapped).contains(&(Code::LevelMismatch, Some(0)))
        );
    }
}
