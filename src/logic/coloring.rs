//! Coloring: the conjugate pairs of one digit link cells into clusters; along each pair the digit
//! is in exactly one of the two cells, so each cluster splits into two colours, one of which holds
//! the digit in all its cells and the other in none.
//!
//! - Simple Colors, trap: a cell outside the cluster that sees cells of both colours loses the
//!   digit. Wrap: two cells of one colour that see each other make that colour false, so all its
//!   cells lose the digit (the other colour's cells are then singles).
//! - Multi-Colors, two clusters of the same digit: when a colour of one cluster sees both colours
//!   of the other (some cell of it sees a cell of each), that colour is false and its cells lose
//!   the digit; when colour A of one cluster sees colour B of the other, A and B are not both
//!   true, so one of their opposite colours is, and a cell seeing both opposite colours loses the
//!   digit (one step per pair of clusters, with every such pair of colours, as HoDoKu's
//!   Multi-Colors 1).
//!
//! Among the instances the one removing most is taken ([`Finder::add_best`]). No placements: the
//! wrap's true colour is left to the singles.

use crate::grid::{bit, Mask};

use super::single_digit::{conjugate_pairs, Pair};
use super::{
    barren,
    step::{removal_text, say, Part},
    Finder, State, Step, Technique,
};

/// The clusters of one digit: each cluster's two colours (cells in search order), and for each
/// colour the cells that see some cell of it.
struct Clusters<'a> {
    /// The conjugate pairs the clusters are made of.
    pairs: &'a [Pair],
    /// `colours[2k]` and `colours[2k + 1]` are cluster `k`'s two colours.
    colours: Vec<Vec<usize>>,
    /// `sees[i][cell]`: the cell sees a cell of colour `i`.
    sees: Vec<Vec<bool>>,
    /// The colour of each cell, `usize::MAX` outside every cluster.
    colour_of: Vec<usize>,
}

fn clusters<'a>(s: &State, pairs: &'a [Pair]) -> Clusters<'a> {
    let cells = s.shape().cells();
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for p in pairs {
        links[p.a].push(p.b);
        links[p.b].push(p.a);
    }
    let mut colour_of = vec![usize::MAX; cells];
    let mut colours: Vec<Vec<usize>> = Vec::new();
    let mut bad: Vec<bool> = Vec::new();
    for start in 0..cells {
        if links[start].is_empty() || colour_of[start] != usize::MAX {
            continue;
        }
        let base = colours.len();
        colours.push(Vec::new());
        colours.push(Vec::new());
        bad.push(false);
        colour_of[start] = base;
        let mut queue = vec![start];
        let mut head = 0;
        while head < queue.len() {
            let x = queue[head];
            head += 1;
            colours[colour_of[x]].push(x);
            let other = colour_of[x] ^ 1;
            for &y in &links[x] {
                if colour_of[y] == usize::MAX {
                    colour_of[y] = other;
                    queue.push(y);
                } else if colour_of[y] != other {
                    // An odd loop of conjugate pairs: the state is broken; skip the cluster.
                    *bad.last_mut().unwrap() = true;
                }
            }
        }
    }
    // Broken clusters keep their cells coloured but lose their colours' cells.
    for (k, &b) in bad.iter().enumerate() {
        if b {
            colours[2 * k].clear();
            colours[2 * k + 1].clear();
        }
    }
    let sees = colours
        .iter()
        .map(|cs| {
            let mut seen = vec![false; cells];
            for &c in cs {
                for &p in s.peers(c) {
                    seen[p] = true;
                }
            }
            seen
        })
        .collect();
    Clusters {
        pairs,
        colours,
        sees,
        colour_of,
    }
}

impl Clusters<'_> {
    /// True when cells `x` and `y` are a conjugate pair.
    fn linked(&self, x: usize, y: usize) -> bool {
        (self.pairs.iter()).any(|p| (p.a, p.b) == (x, y) || (p.a, p.b) == (y, x))
    }
}

/// The colour's cells as a sentence: `(r1c1, r3c4)`.
fn colour_text(s: &State, cells: &[usize]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| s.name(c).to_string()).collect();
    format!("({})", names.join(", "))
}

/// True when some cell of colour `i` sees another cell of colour `i`.
fn sees_itself(cl: &Clusters, i: usize) -> bool {
    cl.colours[i].iter().any(|&c| cl.sees[i][c])
}

/// True when some cell of colour `i` sees a cell of colour `j`.
fn sees_colour(cl: &Clusters, i: usize, j: usize) -> bool {
    cl.colours[i].iter().any(|&c| cl.sees[j][c])
}

/// The cells that hold `d` and see colours `i` and `j`; with `outside`, only those outside the
/// colours' clusters. A cell of those clusters may go too: if it held `d`, its own colour would
/// be true, and a cell of a true colour sees no other cell of that colour, so the other colour
/// it sees is the true one and it cannot hold `d` after all.
fn trap(s: &State, cl: &Clusters, d: u8, i: usize, j: usize, outside: bool) -> Vec<(usize, Mask)> {
    let b = bit(d);
    let (ki, kj) = (i / 2, j / 2);
    (0..s.shape().cells())
        .filter(|&c| {
            s.cands(c) & b != 0
                && cl.sees[i][c]
                && cl.sees[j][c]
                && (!outside
                    || cl.colour_of[c] == usize::MAX
                    || (cl.colour_of[c] / 2 != ki && cl.colour_of[c] / 2 != kj))
        })
        .map(|c| (c, b))
        .collect()
}

pub(super) fn simple_colors(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    let n = s.size();
    let mut steps = Vec::new();
    let all = conjugate_pairs(f.cx, s);
    for d in 1..=n as u8 {
        barren::search_digit(f.cx, Technique::SimpleColors, s, d, true, || {
            let before = steps.len();
            let cl = clusters(s, &all[usize::from(d) - 1]);
            for k in 0..cl.colours.len() / 2 {
                let (a, b) = (2 * k, 2 * k + 1);
                if cl.colours[a].is_empty() {
                    continue;
                }
                let (ca, cb) = (&cl.colours[a], &cl.colours[b]);
                let cells = || ca.iter().chain(cb).copied();
                let intro = || {
                    format!(
                "Simple Colors: the conjugate pairs of {} link {} against {}, and one side holds \
                 {} in every cell",
                s.sym(d),
                colour_text(s, ca),
                colour_text(s, cb),
                s.sym(d)
            )
                };
                for (x, y) in [(a, b), (b, a)] {
                    if sees_itself(&cl, x) && !sees_itself(&cl, y) {
                        let elims: Vec<(usize, Mask)> =
                            cl.colours[x].iter().map(|&c| (c, bit(d))).collect();
                        let text = say(quiet, || {
                            format!(
                                "{}; two cells of {} see each other, so that side is false and {}.",
                                intro(),
                                colour_text(s, &cl.colours[x]),
                                removal_text(s, &sorted(elims.clone()))
                            )
                        });
                        steps.push(
                            Step::new(Technique::SimpleColors, text)
                                .eliminate(elims)
                                .figure(quiet, |fig| {
                                    colors(fig, &cl, d, k, [Part::ColorA, Part::ColorB])
                                })
                                .cells(cells()),
                        );
                    }
                }
                let elims = trap(s, &cl, d, a, b, true);
                if !elims.is_empty() {
                    let text = say(quiet, || {
                        format!(
                            "{}; {} {} both sides, so {}.",
                            intro(),
                            s.names_text(&elims.iter().map(|e| e.0).collect::<Vec<_>>()),
                            if elims.len() == 1 { "sees" } else { "see" },
                            removal_text(s, &elims)
                        )
                    });
                    steps.push(
                        Step::new(Technique::SimpleColors, text)
                            .eliminate(elims)
                            .figure(quiet, |fig| {
                                colors(fig, &cl, d, k, [Part::ColorA, Part::ColorB])
                            })
                            .cells(cells()),
                    );
                }
            }
            steps.len() > before
        });
    }
    f.add_best(steps);
}

pub(super) fn multi_colors(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    let n = s.size();
    let mut steps = Vec::new();
    let all = conjugate_pairs(f.cx, s);
    for d in 1..=n as u8 {
        barren::search_digit(f.cx, Technique::MultiColors, s, d, true, || {
            let before = steps.len();
            let cl = clusters(s, &all[usize::from(d) - 1]);
            let k = cl.colours.len() / 2;
            for c1 in 0..k {
                if cl.colours[2 * c1].is_empty() {
                    continue;
                }
                for c2 in 0..k {
                    if c2 == c1 || cl.colours[2 * c2].is_empty() {
                        continue;
                    }
                    multi_colors_wrap(quiet, s, &cl, d, (c1, c2), &mut steps);
                    // Each unordered pair of clusters once.
                    if c2 < c1 {
                        continue;
                    }
                    multi_colors_trap(quiet, s, &cl, d, (c1, c2), &mut steps);
                }
            }
            steps.len() > before
        });
    }
    f.add_best(steps);
}

/// A Multi-Colors step on clusters `c1` and `c2` of `cl`, showing both colours of each.
fn pair_step(
    quiet: bool,
    d: u8,
    text: String,
    elims: Vec<(usize, Mask)>,
    cl: &Clusters,
    (c1, c2): (usize, usize),
) -> Step {
    let cells = [2 * c1, 2 * c1 + 1, 2 * c2, 2 * c2 + 1]
        .into_iter()
        .flat_map(move |i| cl.colours[i].iter().copied());
    Step::new(Technique::MultiColors, text)
        .eliminate(elims)
        .figure(quiet, |fig| {
            colors(fig, cl, d, c1, [Part::ColorA, Part::ColorB]);
            colors(fig, cl, d, c2, [Part::ColorC, Part::ColorD]);
        })
        .cells(cells)
}

/// The figure of cluster `k` of `cl` (digit `d`): its two colours as the parts `parts`, and
/// its conjugate pairs as strong links.
fn colors(fig: &mut super::Figure, cl: &Clusters, d: u8, k: usize, parts: [Part; 2]) {
    let (a, b) = (&cl.colours[2 * k], &cl.colours[2 * k + 1]);
    fig.role(parts[0], a.iter().copied(), bit(d));
    fig.role(parts[1], b.iter().copied(), bit(d));
    for &x in a {
        for &y in b {
            if cl.linked(x, y) {
                fig.link([x], d, [y], d, true);
            }
        }
    }
}

/// The opening of a Multi-Colors step's text on clusters `c1` and `c2` of digit `d`.
fn multi_colors_intro(s: &State, cl: &Clusters, d: u8, (c1, c2): (usize, usize)) -> String {
    format!(
        "Multi-Colors: the conjugate pairs of {} link {} against {}, and {} against \
         {}; one side of each holds {} in every cell",
        s.sym(d),
        colour_text(s, &cl.colours[2 * c1]),
        colour_text(s, &cl.colours[2 * c1 + 1]),
        colour_text(s, &cl.colours[2 * c2]),
        colour_text(s, &cl.colours[2 * c2 + 1]),
        s.sym(d)
    )
}

/// Multi-Colors where a colour i of cluster `c1` sees both colours of cluster `c2`: colour i is
/// false. Its steps go to `steps`.
fn multi_colors_wrap(
    quiet: bool,
    s: &State,
    cl: &Clusters,
    d: u8,
    (c1, c2): (usize, usize),
    steps: &mut Vec<Step>,
) {
    for i in [2 * c1, 2 * c1 + 1] {
        // Colour i sees both colours of cluster c2: it is false.
        if sees_colour(cl, i, 2 * c2) && sees_colour(cl, i, 2 * c2 + 1) {
            let elims: Vec<(usize, Mask)> = cl.colours[i].iter().map(|&c| (c, bit(d))).collect();
            let text = say(quiet, || {
                format!(
                    "{}; cells of {} see both sides of the other cluster, so that \
                     side is not {} and {}.",
                    multi_colors_intro(s, cl, d, (c1, c2)),
                    colour_text(s, &cl.colours[i]),
                    s.sym(d),
                    removal_text(s, &sorted(elims.clone()))
                )
            });
            steps.push(pair_step(quiet, d, text, elims, cl, (c1, c2)));
        }
    }
}

/// Multi-Colors where colour i of cluster `c1` sees colour j of cluster `c2`: they are not both
/// true, so one of their opposites is, and a cell seeing both opposites loses the digit. One
/// step per pair of clusters, with every such pair of colours (HoDoKu's Multi-Colors 1 takes
/// them together), into `steps`.
fn multi_colors_trap(
    quiet: bool,
    s: &State,
    cl: &Clusters,
    d: u8,
    (c1, c2): (usize, usize),
    steps: &mut Vec<Step>,
) {
    let mut links = Vec::new();
    let mut elims: Vec<(usize, Mask)> = Vec::new();
    for i in [2 * c1, 2 * c1 + 1] {
        for j in [2 * c2, 2 * c2 + 1] {
            if !sees_colour(cl, i, j) {
                continue;
            }
            let more = trap(s, cl, d, i ^ 1, j ^ 1, false);
            if !more.is_empty() {
                links.push((i, j));
                elims.extend(more);
            }
        }
    }
    if elims.is_empty() {
        return;
    }
    let elims = sorted(elims);
    let text = say(quiet, || {
        let why: Vec<String> = links
            .iter()
            .map(|&(i, j)| {
                format!(
                    "a cell of {} sees a cell of {}, so one of {} and {} holds {}",
                    colour_text(s, &cl.colours[i]),
                    colour_text(s, &cl.colours[j]),
                    colour_text(s, &cl.colours[i ^ 1]),
                    colour_text(s, &cl.colours[j ^ 1]),
                    s.sym(d)
                )
            })
            .collect();
        format!(
            "{}; {}; hence {}.",
            multi_colors_intro(s, cl, d, (c1, c2)),
            why.join("; "),
            removal_text(s, &elims)
        )
    });
    steps.push(pair_step(quiet, d, text, elims, cl, (c1, c2)));
}

fn sorted(mut v: Vec<(usize, Mask)>) -> Vec<(usize, Mask)> {
    v.sort_unstable();
    v
}
