//! Difficulty: a solving path's score and level (docs/rating.md).
//!
//! The score is the sum of the steps' scores. The level is the highest level among the
//! techniques used; then, on 9x9 only, while the score is above that level's limit the level goes
//! up one (easy <= 800, medium <= 1000, hard <= 1600, unfair <= 1800).

use std::fmt;
use std::str::FromStr;

use super::{Step, Technique};

/// A difficulty level, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The highest score a 9x9 puzzle of this level may have; above it the level goes up.
    fn score_limit(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }

    fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Level {
    type Err = String;

    /// A level name in any case (`Hard`, `EXTREME`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown level `{s}`"))
    }
}

/// A puzzle's difficulty, from the steps that solve it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    pub level: Level,
    pub score: u32,
    /// The step that sets the level: the highest level, then the highest score, then the latest
    /// in the ladder's order.
    pub hardest: Technique,
}

/// Rates a solving path. `score_limits` is true for 9x9, where the level also follows the score;
/// the limits assume 81 cells, so other sizes take the level of their hardest step alone.
/// `None` for an empty path (a puzzle already complete).
pub fn rate(steps: &[Step], score_limits: bool) -> Option<Rating> {
    rate_techniques(steps.iter().map(|s| s.technique), score_limits)
}

/// [`rate`] from the techniques of a solving path's steps, in order.
pub fn rate_techniques(
    techniques: impl IntoIterator<Item = Technique>,
    score_limits: bool,
) -> Option<Rating> {
    let mut hardest: Option<(Technique, (Level, u32, u32))> = None;
    let mut score = 0u32;
    let mut last = None;
    for t in techniques {
        score = score.saturating_add(t.score());
        // A path repeats techniques (singles, mostly): the same one changes nothing, being
        // the last of equals already.
        if last == Some(t) {
            continue;
        }
        last = Some(t);
        // The last of equals, as `max_by_key` keeps it.
        let key = (t.level(), t.score(), t.order());
        if hardest.is_none_or(|(_, h)| key >= h) {
            hardest = Some((t, key));
        }
    }
    let hardest = hardest.map(|(t, _)| t);
    let hardest = hardest?;
    let mut level = hardest.level();
    if score_limits {
        while let Some(limit) = level.score_limit() {
            if score <= limit {
                break;
            }
            level = level.next();
        }
    }
    Some(Rating {
        level,
        score,
        hardest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(t: Technique) -> Step {
        Step::new(t, String::new())
    }

    #[test]
    fn the_level_rises_with_the_score_on_9x9_only() {
        let singles: Vec<Step> = (0..60).map(|_| step(Technique::HiddenSingle)).collect();
        // 60 * 14 = 840 > 800: an easy path that long is medium.
        let r = rate(&singles, true).unwrap();
        assert_eq!(
            (r.level, r.score, r.hardest),
            (Level::Medium, 840, Technique::HiddenSingle)
        );
        assert_eq!(rate(&singles, false).unwrap().level, Level::Easy);
        assert_eq!(rate(&[], true), None);
    }

    #[test]
    fn the_hardest_step_is_the_highest_level_then_score_then_order() {
        let path = [
            step(Technique::XWing),
            step(Technique::SimpleColors),
            step(Technique::HiddenSingle),
        ];
        // Both hard; Simple Colors scores 150 against the X-Wing's 140.
        assert_eq!(rate(&path, true).unwrap().hardest, Technique::SimpleColors);
        let r = rate(&[step(Technique::Trial)], true).unwrap();
        assert_eq!((r.level, r.score), (Level::Extreme, 10000));
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
    }
}
