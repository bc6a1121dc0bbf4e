//! The techniques of the difficulty ladder (docs/rating.md), easiest first: each one's stable id,
//! its place in the order they are tried, its level and its score.

use std::fmt;
use std::str::FromStr;

use super::rating::Level;

macro_rules! techniques {
    ($($variant:ident, $id:literal, $name:literal, $order:literal, $level:ident, $score:literal;)*) => {
        /// A solving technique. The order of the variants is the order they are tried in.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $($variant,)*
        }

        impl Technique {
            /// Every technique, in the order they are tried.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// The stable id (`hidden-single`), as steps and the JSON output name it.
            pub fn id(self) -> &'static str {
                match self { $(Technique::$variant => $id,)* }
            }

            /// The name puzzle people use (`Hidden Single`).
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }

            /// The position in the ladder (HoDoKu's sort order): lower is tried first.
            pub fn order(self) -> u32 {
                match self { $(Technique::$variant => $order,)* }
            }

            /// The level a puzzle needing this technique has at least.
            pub fn level(self) -> Level {
                match self { $(Technique::$variant => Level::$level,)* }
            }

            /// What one step of this technique adds to a puzzle's score.
            pub fn score(self) -> u32 {
                match self { $(Technique::$variant => $score,)* }
            }
        }
    };
}

techniques! {
    FullHouse, "full-house", "Full House", 100, Easy, 4;
    NakedSingle, "naked-single", "Naked Single", 200, Easy, 4;
    HiddenSingle, "hidden-single", "Hidden Single", 300, Easy, 14;
    LockedPair, "locked-pair", "Locked Pair", 1000, Medium, 40;
    LockedTriple, "locked-triple", "Locked Triple", 1100, Medium, 60;
    LockedCandidatesPointing, "locked-candidates-pointing", "Locked Candidates Type 1 (Pointing)", 1200, Medium, 50;
    LockedCandidatesClaiming, "locked-candidates-claiming", "Locked Candidates Type 2 (Claiming)", 1210, Medium, 50;
    NakedPair, "naked-pair", "Naked Pair", 1300, Medium, 60;
    NakedTriple, "naked-triple", "Naked Triple", 1400, Medium, 80;
    HiddenPair, "hidden-pair", "Hidden Pair", 1500, Medium, 70;
    HiddenTriple, "hidden-triple", "Hidden Triple", 1600, Medium, 100;
    NakedQuadruple, "naked-quadruple", "Naked Quadruple", 2000, Hard, 120;
    HiddenQuadruple, "hidden-quadruple", "Hidden Quadruple", 2100, Hard, 150;
    XWing, "x-wing", "X-Wing", 2200, Hard, 140;
    Swordfish, "swordfish", "Swordfish", 2300, Hard, 150;
    Jellyfish, "jellyfish", "Jellyfish", 2400, Hard, 160;
    RemotePair, "remote-pair", "Remote Pair", 2800, Hard, 110;
    BugPlus1, "bug-plus-1", "Bivalue Universal Grave + 1", 2900, Hard, 100;
    Skyscraper, "skyscraper", "Skyscraper", 3000, Hard, 130;
    TwoStringKite, "two-string-kite", "2-String Kite", 3100, Hard, 150;
    TurbotFish, "turbot-fish", "Turbot Fish", 3120, Hard, 120;
    EmptyRectangle, "empty-rectangle", "Empty Rectangle", 3170, Hard, 120;
    WWing, "w-wing", "W-Wing", 3200, Hard, 150;
    XyWing, "xy-wing", "XY-Wing", 3300, Hard, 160;
    XyzWing, "xyz-wing", "XYZ-Wing", 3400, Hard, 180;
    UniquenessTest1, "uniqueness-test-1", "Uniqueness Test 1", 3500, Hard, 100;
    UniquenessTest2, "uniqueness-test-2", "Uniqueness Test 2", 3600, Hard, 100;
    UniquenessTest3, "uniqueness-test-3", "Uniqueness Test 3", 3700, Hard, 100;
    UniquenessTest4, "uniqueness-test-4", "Uniqueness Test 4", 3800, Hard, 100;
    UniquenessTest5, "uniqueness-test-5", "Uniqueness Test 5", 3900, Hard, 100;
    UniquenessTest6, "uniqueness-test-6", "Uniqueness Test 6", 4000, Hard, 100;
    HiddenRectangle, "hidden-rectangle", "Hidden Rectangle", 4010, Hard, 100;
    AvoidableRectangleType1, "avoidable-rectangle-type-1", "Avoidable Rectangle Type 1", 4020, Hard, 100;
    AvoidableRectangleType2, "avoidable-rectangle-type-2", "Avoidable Rectangle Type 2", 4030, Hard, 100;
    FinnedXWing, "finned-x-wing", "Finned X-Wing", 4100, Hard, 130;
    SashimiXWing, "sashimi-x-wing", "Sashimi X-Wing", 4200, Hard, 150;
    FinnedSwordfish, "finned-swordfish", "Finned Swordfish", 4300, Unfair, 200;
    SashimiSwordfish, "sashimi-swordfish", "Sashimi Swordfish", 4400, Unfair, 240;
    FinnedJellyfish, "finned-jellyfish", "Finned Jellyfish", 4500, Unfair, 250;
    SashimiJellyfish, "sashimi-jellyfish", "Sashimi Jellyfish", 4600, Unfair, 260;
    SueDeCoq, "sue-de-coq", "Sue de Coq", 5300, Unfair, 250;
    SimpleColors, "simple-colors", "Simple Colors", 5330, Hard, 150;
    MultiColors, "multi-colors", "Multi-Colors", 5360, Hard, 200;
    XChain, "x-chain", "X-Chain", 5400, Unfair, 260;
    XyChain, "xy-chain", "XY-Chain", 5500, Unfair, 260;
    NiceLoop, "nice-loop", "Nice Loop / AIC", 5600, Unfair, 280;
    GroupedNiceLoop, "grouped-nice-loop", "Grouped Nice Loop / AIC", 5650, Unfair, 300;
    AlsXz, "als-xz", "Almost Locked Set XZ-Rule", 5700, Unfair, 300;
    AlsXyWing, "als-xy-wing", "Almost Locked Set XY-Wing", 5800, Unfair, 320;
    AlsXyChain, "als-xy-chain", "Almost Locked Set XY-Chain", 5900, Unfair, 340;
    FrankenXWing, "franken-x-wing", "Franken X-Wing", 6100, Unfair, 300;
    FrankenSwordfish, "franken-swordfish", "Franken Swordfish", 6200, Unfair, 350;
    FinnedFrankenXWing, "finned-franken-x-wing", "Finned Franken X-Wing", 6700, Unfair, 390;
    FinnedFrankenSwordfish, "finned-franken-swordfish", "Finned Franken Swordfish", 6800, Unfair, 410;
    ForcingChain, "forcing-chain", "Forcing Chain", 8500, Extreme, 500;
    ForcingNet, "forcing-net", "Forcing Net", 8600, Extreme, 700;
    Trial, "trial", "Trial", 8900, Extreme, 10000;
}

impl Technique {
    /// True for the techniques that hold only in a puzzle known to have one solution.
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            BugPlus1
                | UniquenessTest1
                | UniquenessTest2
                | UniquenessTest3
                | UniquenessTest4
                | UniquenessTest5
                | UniquenessTest6
                | HiddenRectangle
                | AvoidableRectangleType1
                | AvoidableRectangleType2
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Technique {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.id() == s)
            .ok_or_else(|| format!("unknown technique `{s}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_is_sorted_and_ids_round_trip() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0].order() < pair[1].order(), "{:?}", pair);
        }
        for &t in Technique::ALL {
            assert_eq!(t.id().parse::<Technique>(), Ok(t));
        }
    }
}
