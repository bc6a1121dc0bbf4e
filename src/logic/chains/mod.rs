//! Chains and loops: X-Chain, XY-Chain, Nice Loop / AIC and their grouped forms.
//!
//! All four search one link graph, built once per call (the graph is size-independent):
//!
//! - a node is a candidate (a digit in a cell) or, in the grouped form, a group: the candidates of
//!   one digit in a box-line intersection (two cells or more);
//! - a strong link joins two nodes of which at least one is true: the only two places of a digit
//!   in a unit (a node and a group count as places), or the two candidates of a bivalue cell;
//! - a weak link joins two nodes of which at most one is true: the same digit in cells that see
//!   each other, or two digits of one cell.
//!
//! An alternating inference chain (AIC) from node `a` to node `b`, strong link first and last,
//! proves "`a` or `b`": if `a` is false the strong link makes the next node true, the weak link
//! the one after false, and so on to `b`. So a candidate weakly linked to both ends is false, and
//! when `a` and `b` are the same candidate it is true (a discontinuous nice loop). When `a` and `b`
//! are weakly linked the chain closes a continuous nice loop: every weak link of the loop then
//! holds exactly one true node, and the step takes the eliminations of all of them at once (as
//! HoDoKu reports it). The search is breadth-first from each node (its falsehood) over the states
//! "node true" and "node false", so each end is reached by a shortest chain; a loop is found when
//! it is the shortest way round from one of its nodes. The grouped form searches each state twice,
//! before and after passing a group, so that it finds the shortest chain through a group even
//! where a shorter one without a group joins the same ends.
//!
//! X-Chains keep to one digit and unit links; XY-Chains to bivalue cells whose ends share a digit;
//! Nice Loops / AICs use every link, so they also list the one-digit and bivalue chains (as HoDoKu
//! does; on a solving path the X- and XY-Chains come first); the grouped form needs a group
//! node. When every step is wanted (HoDoKu's "find all steps"), the grouped form also has ALS
//! nodes: for an almost locked set of two cells or more (`als/`) and each of its digits `x`, the
//! node "`x` lies in the set" (its cells holding `x`). Two digits of one set are strongly linked
//! (the set lacks at most one of its digits), and a node is weakly linked to the candidates of its
//! digit that see all of its cells (candidates, groups and other sets' nodes). A chain may end at
//! an ALS node ("either r7c1 is 6 or 9 lies in the set"), as HoDoKu's discontinuous loops through
//! a set next to their start do; such chains list after all others, which are the ones HoDoKu
//! lists most. In a continuous loop a set's strong link holds exactly one
//! true node, so the set lacks one of the link's two digits and holds all its others: those leave
//! the cells that see all of their cells in the set. HoDoKu's solving paths take grouped chains
//! without ALS nodes: ours cover all of them on 160 top1465 puzzles, and with ALS nodes our first
//! step was HoDoKu's technique in 2,825 of its 3,034 path states instead of 2,950. So a solving
//! path keeps to groups. Chains of up to 20 links, loops and AICs included. RATING.md gives HoDoKu's default for
//! loops and AICs as 10, but HoDoKu's own solving paths use longer ones (up to 14 links on 60
//! top1465 puzzles, and 15 on a 17-clue one), so they get the X-Chains' limit.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::grid::{bit, cells_of, digits, Mask, Unit};

use super::{
    als, barren,
    state::Memo,
    step::{removal_text, say, Part},
    Engine, Finder, State, Step, Technique,
};

mod bfs;
mod graph;
mod reach;
mod text;

pub(super) use self::bfs::*;
pub(super) use self::graph::*;
pub(super) use self::reach::*;
use self::text::*;

/// No node.
pub(super) const NONE: u32 = u32::MAX;

/// The most links of an X- or XY-Chain.
const LONG_CHAIN: usize = 20;
/// The most links of a nice loop or AIC (see the module's notes on HoDoKu's).
const LOOP_CHAIN: usize = 20;
/// Added to the length of a chain ending at an ALS node when every step is wanted, so that
/// such chains come after every other (longer than any chain).
const ALS_END_LAST: usize = 4 * LOOP_CHAIN;
/// The most states [`Bfs::simple_path`] walks back through looking for a chain without a lasso.
const SIMPLE_PATH_BUDGET: usize = 10_000;
/// The longest chain a solving path takes in place of a lasso as short (see `search`). HoDoKu
/// takes such chains of 9 links where the search met the lasso first; with no limit, the
/// exact scores of 1,465 top1465 puzzles agreed with HoDoKu's on 755 instead of 747, but a
/// generated puzzle took a 13-link loop that HoDoKu's search never meets and went from its
/// level (unfair) to extreme. With 11 links: 751, and no level moved on any sample.
const LASSO_DETOUR_LINKS: usize = 11;

/// What a step does: its placements and eliminations.
pub(super) type Effect = (super::step::Placements, Vec<(usize, Mask)>);

/// The sum of the cells of the candidates a step of `score` removes, one term per candidate: a
/// placement counts as the removal of its cell's other candidates, as many as the score.
/// Between chains that remove as many, HoDoKu takes the one with the smaller sum (seen on its
/// solving paths of top1465 puzzles, see `a_nice_loop_is_taken_as_hodoku_takes_it`).
fn removal_sum(step: &Step, score: u32) -> usize {
    let elims: usize = step
        .eliminations
        .iter()
        .map(|&(c, m)| c * m.count_ones() as usize)
        .sum();
    let placed: usize = step.placements.iter().map(|&(c, _)| c).sum();
    elims + placed * score as usize
}

/// The first candidate a step removes, (cell, digit): its first elimination, or a placement's
/// cell with the smallest of the other digits.
fn first_removal(step: &Step) -> (usize, u32) {
    let e = step
        .eliminations
        .first()
        .map(|&(c, m)| (c, m.trailing_zeros()));
    let p = step
        .placements
        .first()
        .map(|&(c, d)| (c, u32::from(d).saturating_sub(1)));
    e.into_iter().chain(p).min().unwrap_or((usize::MAX, 0))
}

/// The instances found so far: the best one, or when every step is wanted the shortest chain per
/// effect.
struct Collect<'a> {
    /// The engine searching: its caches and switches.
    cx: &'a Engine,
    /// Steps without sentences.
    quiet: bool,
    all: bool,
    /// (score, links, step) of the best instance.
    best: Option<(u32, usize, Step)>,
    /// Effect -> (links, order found, step).
    map: HashMap<Effect, (usize, usize, Step)>,
    offers: usize,
    /// How many steps the finder lists at most.
    limit: usize,
    /// [`Collect::rank_cap`] while the map is unchanged.
    cap: Option<usize>,
}

impl<'a> Collect<'a> {
    fn new(f: &Finder<'a>) -> Collect<'a> {
        Collect {
            cx: f.cx,
            quiet: f.quiet(),
            all: f.wants_all(),
            best: None,
            map: HashMap::new(),
            offers: 0,
            limit: f.limit,
            cap: None,
        }
    }

    /// Every step wanted: the rank (links, plus [`ALS_END_LAST`] for a chain ending at a set)
    /// past which no chain can be listed, once the finder's limit of effects is kept at that
    /// rank or below: a chain ranked later, or one more link long, would come after all of them
    /// and be cut. `usize::MAX` until then. On rich pencil-mark states most of the grouped
    /// chain search went into chains too long to be listed.
    fn rank_cap(&mut self) -> usize {
        if !self.all || self.limit == 0 || self.map.len() < self.limit {
            return usize::MAX;
        }
        if self.cx.search.uncapped {
            return usize::MAX;
        }
        if let Some(cap) = self.cap {
            return cap;
        }
        let mut ranks: Vec<usize> = self.map.values().map(|v| v.0).collect();
        let (_, &mut cap, _) = ranks.select_nth_unstable(self.limit - 1);
        self.cap = Some(cap);
        cap
    }

    /// How many instances are kept (the best counts once).
    fn kept(&self) -> usize {
        self.map.len() + usize::from(self.best.is_some())
    }

    /// True when an instance with this score could be kept (before its step is built; a tie
    /// is settled by [`Collect::offer`]).
    fn wants(&self, score: u32) -> bool {
        score > 0 && (self.all || self.best.as_ref().is_none_or(|b| score >= b.0))
    }

    /// Every step wanted: true unless a chain with the same effect and at most `links` links
    /// is kept.
    fn improves(&self, key: &Effect, links: usize) -> bool {
        self.map.get(key).is_none_or(|old| old.0 > links)
    }

    fn offer(&mut self, score: u32, links: usize, step: Step) {
        if self.all {
            // Offers so far: a unique order, so that equal lengths list in the order found.
            let order = self.offers;
            self.offers += 1;
            let key = (step.placements.clone(), step.eliminations.clone());
            match self.map.get(&key) {
                Some(old) if old.0 <= links => {}
                _ => {
                    self.map.insert(key, (links, order, step));
                    self.cap = None;
                }
            }
            return;
        }
        if !self.wants(score) {
            return;
        }
        // Among equal scores, the smaller sum of removed cells, the first removal in the grid,
        // then the shorter chain.
        let rank = |step: &Step, links| (removal_sum(step, score), first_removal(step), links);
        if let Some(b) = &self.best {
            if score == b.0 && rank(&step, links) >= rank(&b.2, b.1) {
                return;
            }
        }
        self.best = Some((score, links, step));
    }

    fn finish(self, f: &mut Finder<'_>) {
        if let Some((_, _, step)) = self.best {
            f.add(step);
        }
        let mut steps: Vec<(usize, usize, Step)> = self.map.into_values().collect();
        steps.sort_by_key(|e| (e.0, e.1));
        for (_, _, step) in steps {
            if f.add(step) {
                return;
            }
        }
    }
}

pub(super) fn x_chain(f: &mut Finder<'_>) {
    let mut col = Collect::new(f);
    for d in 1..=f.state.size() as u8 {
        let exhaustive = col.all || col.best.is_none();
        barren::search_digit(f.cx, Technique::XChain, f.state, d, exhaustive, || {
            let before = col.kept();
            let g = Graph::build(f.cx, f.state, Links::Digit(d));
            search(f.state, &g, Technique::XChain, LONG_CHAIN, &mut col);
            col.kept() > before
        });
    }
    col.finish(f);
}

pub(super) fn xy_chain(f: &mut Finder<'_>) {
    let mut col = Collect::new(f);
    let g = Graph::build(f.cx, f.state, Links::Bivalue);
    search(f.state, &g, Technique::XyChain, LONG_CHAIN, &mut col);
    col.finish(f);
}

pub(super) fn nice_loop(f: &mut Finder<'_>) {
    if !f.wants_all() && !a_chain_may_conclude(f.cx, f.state) {
        return;
    }
    let mut col = Collect::new(f);
    // The grouped graph is at hand: the gate above built it.
    let g = grouped_graph(f.cx, f.state).without_groups();
    search(f.state, &g, Technique::NiceLoop, LOOP_CHAIN, &mut col);
    col.finish(f);
}

/// The grouped link graph of `s`, shared with the previous call on the same state.
pub(super) fn grouped_graph(cx: &Engine, s: &State) -> Rc<Graph> {
    (cx.caches.chains.grouped.borrow_mut()).get(s, |s| Graph::build(cx, s, Links::Grouped))
}

pub(super) fn grouped_nice_loop(f: &mut Finder<'_>) {
    if !f.wants_all() && !a_chain_may_conclude(f.cx, f.state) {
        return;
    }
    let mut col = Collect::new(f);
    // ALS nodes only when every step is wanted (see the module's notes).
    let g = if col.all {
        Rc::new(Graph::build(f.cx, f.state, Links::GroupedAls))
    } else {
        grouped_graph(f.cx, f.state)
    };
    if g.nodes() > g.first_group {
        search(
            f.state,
            &g,
            Technique::GroupedNiceLoop,
            LOOP_CHAIN,
            &mut col,
        );
    }
    col.finish(f);
}

/// True when two nodes of `path` share a candidate (a group holding a cell of another node of
/// its digit); its last node is left out when `closed`.
fn shares_a_candidate(g: &Graph, path: &[u32], closed: bool) -> bool {
    let body = &path[..path.len() - usize::from(closed)];
    body.iter().enumerate().any(|(i, &x)| {
        body[..i].iter().any(|&y| {
            let (x, y) = (x as usize, y as usize);
            g.digit[x] == g.digit[y] && g.cells(x).iter().any(|c| g.cells(y).contains(c))
        })
    })
}

/// True when a grouped chain passes a place twice in a way HoDoKu's solving paths never do
/// (inferred from its paths, read as a black box): a candidate in two nodes (a lasso through a
/// group); a cell in two nodes of a continuous loop that are not linked to each other; two
/// groups sharing a cell; or a group holding the cell of a single node when that cell holds
/// another node too (a bivalue link the chain passes through). A group holding the cell of a
/// single node that is the chain's only node there is fine: HoDoKu's paths take such chains.
/// The last node is left out when `closed` (a loop that ends where it starts).
fn passes_a_place_twice(g: &Graph, path: &[u32], closed: bool, continuous: bool) -> bool {
    if shares_a_candidate(g, path, closed) {
        return true;
    }
    let body = &path[..path.len() - usize::from(closed)];
    let len = body.len();
    let cells = |i: usize| g.cells(body[i] as usize);
    let single = |i: usize| cells(i).len() == 1;
    let meet = |i: usize, j: usize| cells(i).iter().any(|c| cells(j).contains(c));
    // Linked nodes may share a cell (a link inside a cell), and so may the ends of a loop (a
    // continuous loop's closing link, or the last link back to where a placing loop starts).
    let linked =
        |i: usize, j: usize| j == i + 1 || ((continuous || closed) && i == 0 && j == len - 1);
    (0..len).any(|j| {
        (0..j).any(|i| {
            if linked(i, j) || !meet(i, j) {
                return false;
            }
            if continuous || (!single(i) && !single(j)) {
                return true;
            }
            let c = cells(if single(i) { i } else { j })[0];
            (0..len).filter(|&k| single(k) && cells(k)[0] == c).count() > 1
        })
    })
}

/// True when no node of `path` comes twice; its last node is left out when `closed` (a loop that
/// ends at its first node).
fn simple(path: &[u32], closed: bool) -> bool {
    let body = &path[..path.len() - usize::from(closed)];
    body.iter()
        .enumerate()
        .all(|(i, v)| !body[i + 1..].contains(v))
}

/// Every chain of the graph from each node to each node, kept as the technique wants.
fn search(s: &State, g: &Graph, t: Technique, limit: usize, col: &mut Collect<'_>) {
    let loops = matches!(t, Technique::NiceLoop | Technique::GroupedNiceLoop);
    let grouped = t == Technique::GroupedNiceLoop;
    let mut bfs = if grouped {
        Bfs::layered(g.nodes())
    } else {
        Bfs::new(g.nodes())
    };
    let chains = ChainSearch {
        s,
        g,
        t,
        loops,
        grouped,
    };
    // A solving path's nice loops start only where a chain may conclude something (the
    // grouped graph's components, which the gate made; every step wanted, the grouped graph
    // has ALS nodes besides).
    let reach = (loops && !col.all && !col.cx.search.ungated).then(|| reaches(col.cx, s));
    for a in 0..g.nodes() {
        if reach.as_ref().is_some_and(|r| !r.may_conclude(a)) {
            continue;
        }
        // Chains start and end at single candidates for X- and XY-Chains; groups and ALS
        // nodes may be ends in the grouped form (ALS nodes are only in the graph when every
        // step is wanted).
        let cap = col.rank_cap();
        bfs.run(g, 2 * a as u32, limit.min(cap));
        for i in 0..bfs.order().len() {
            chains.consider(&bfs, a, bfs.order()[i], cap, col);
        }
    }
}

/// What [`search`] looks for: chains of technique `t` in graph `g` of state `s`.
struct ChainSearch<'a> {
    s: &'a State,
    g: &'a Graph,
    t: Technique,
    /// Nice loops (grouped or not).
    loops: bool,
    /// Grouped nice loops: chains through a group only.
    grouped: bool,
}

impl ChainSearch<'_> {
    /// Offers the chain `bfs` found from node `a` to state `st` (within `cap` links), when it
    /// is one the technique takes.
    fn consider(&self, bfs: &Bfs, a: usize, st: u32, cap: usize, col: &mut Collect<'_>) {
        let (s, g) = (self.s, self.g);
        // The grouped form wants the chains through a group only.
        if st & 1 == 0 || self.grouped != bfs.through_group(st) {
            return;
        }
        let b = bfs.node(st) as usize;
        if b < a {
            return;
        }
        let links = bfs.dist(st);
        // Every step wanted, chains ending at a set list after all others: they are many, and
        // the others are the ones HoDoKu lists most (see the module's notes).
        let order = if g.is_als(a) || g.is_als(b) {
            links + ALS_END_LAST
        } else {
            links
        };
        if order > cap || (a == b && g.is_group(a)) {
            return;
        }
        // A chain whose ends are weakly linked closes a continuous loop (nice loops only).
        let closed = (self.loops && a != b && g.weakly_linked(a, b))
            .then(|| {
                let path = bfs.path(st);
                loop_elims(s, g, &path).map(|elims| (path, elims))
            })
            .flatten();
        let score = if a == b {
            // The loop places the digit: it removes the cell's other candidates, and counts
            // as that many eliminations (HoDoKu writes such a loop as those eliminations and
            // ranks it by their number).
            let cell = g.cells(a)[0] as usize;
            s.cands(cell).count_ones() - 1
        } else if let Some((_, elims)) = &closed {
            elims.iter().map(|e| e.1.count_ones()).sum()
        } else {
            g.common_weak_count(s, a, b)
        };
        if !col.wants(score) {
            return;
        }
        let (path, loop_elims) = match closed {
            Some((path, elims)) => (path, Some(elims)),
            None => (bfs.path(st), None),
        };
        if !self.fits(&path, a, b) {
            return;
        }
        let closes = loop_elims.is_some();
        let detour = !self.grouped && !closes && links <= LASSO_DETOUR_LINKS;
        let Some(path) = self.taken_path(bfs, st, path, a == b, detour, col.all) else {
            return;
        };
        // Nor, on a solving path, a grouped chain that passes a candidate twice through a
        // group, or a cell in the ways `passes_a_place_twice` lists: on HoDoKu's paths of 160
        // top1465 puzzles our first step became its instance in 6 more states.
        if self.grouped && !col.all && passes_a_place_twice(g, &path, a == b, closes) {
            return;
        }
        let effect = ChainEffect::of(s, g, &path, loop_elims);
        // Every step wanted, a chain whose effect is kept as short already is dropped before
        // its sentence is written: on rich pencil-mark states writing the sentences of the
        // chains dropped later took over half the time.
        if col.all && !col.improves(&effect.key(s), order) {
            return;
        }
        col.offer(
            score,
            order,
            chain_step(col.quiet, s, g, self.t, &path, effect),
        );
    }

    /// Whether the technique takes a chain on `path` from `a` to `b`. A solving path takes no
    /// chain that comes back to a candidate it passed (a lasso): such a chain proves no more
    /// than the loop it closes on the way, and HoDoKu takes none (a loop that places a digit
    /// ends where it starts). Every step wanted lists one: the search keeps the shortest chain
    /// to each candidate, and where that is a lasso, a longer chain without one (which HoDoKu
    /// lists) may have the same effect. A chain through a group (the layered search sees to
    /// it) never passes a node twice with the same truth (node `i` is true for odd `i`): it
    /// would go round a circle to reach the group.
    fn fits(&self, path: &[u32], a: usize, b: usize) -> bool {
        match self.t {
            Technique::XChain => a != b,
            Technique::XyChain => a != b && self.g.digit[a] == self.g.digit[b],
            Technique::NiceLoop => true,
            _ => path
                .iter()
                .enumerate()
                .all(|(i, v)| !path[..i].iter().skip(i % 2).step_by(2).any(|w| w == v)),
        }
    }

    /// The path a chain found to state `st` is taken on, if any. A lasso on a solving path:
    /// another chain as short between the same ends may pass every candidate once (the search
    /// kept the first it met). A continuous loop's eliminations depend on its path, so it
    /// keeps to the one found; so do grouped chains (walking back across the layers matched
    /// HoDoKu no better): `detour` says whether the chain may take another path.
    fn taken_path(
        &self,
        bfs: &Bfs,
        st: u32,
        path: Vec<u32>,
        same_ends: bool,
        detour: bool,
        all: bool,
    ) -> Option<Vec<u32>> {
        if all || simple(&path, same_ends) {
            Some(path)
        } else if !detour {
            None
        } else {
            bfs.simple_path(self.g, st, same_ends)
        }
    }
}

/// The eliminations of the continuous loop that the chain `path` (strong link first and last)
/// closes with a weak link from its last node back to its first: every weak link of the loop
/// then holds exactly one true node (read the loop from either side of the link: an AIC), so
/// every candidate weakly linked to both of its nodes is false. None when two nodes of the loop
/// share a candidate (then it is no loop).
fn loop_elims(s: &State, g: &Graph, path: &[u32]) -> Option<Vec<(usize, Mask)>> {
    if shares_a_candidate(g, path, false) {
        return None;
    }
    let mut elims: Vec<(usize, Mask)> = Vec::new();
    let last = path[path.len() - 1];
    let weak = path.windows(2).skip(1).step_by(2).map(|w| (w[0], w[1]));
    for (x, y) in weak.chain([(last, path[0])]) {
        g.common_weak(s, x as usize, y as usize, |c, d| {
            match elims.iter_mut().find(|e| e.0 == c) {
                Some(e) => e.1 |= bit(d),
                None => elims.push((c, bit(d))),
            }
        });
    }
    // A set's strong link holds exactly one true node too: the set holds its other digits.
    for w in path.chunks_exact(2) {
        let (x, y) = (w[0] as usize, w[1] as usize);
        if !(g.is_als(x) && g.is_als(y)) {
            continue;
        }
        let AlsNode { first, len, .. } = g.als[x - g.first_als];
        if g.als[y - g.first_als].first != first {
            continue;
        }
        for u in (first..first + len)
            .map(|u| u as usize)
            .filter(|&u| u != x && u != y)
        {
            let d = g.digit[u];
            let with_d = s.board_bits(d);
            let mut out = g.see_all[u] & with_d;
            while out != 0 {
                let c = out.trailing_zeros() as usize;
                out &= out - 1;
                match elims.iter_mut().find(|e| e.0 == c) {
                    Some(e) => e.1 |= bit(d),
                    None => elims.push((c, bit(d))),
                }
            }
        }
    }
    Some(elims)
}

/// The unit two linked nodes share (a row first, then a column, then a box).
fn common_unit(s: &State, g: &Graph, x: u32, y: u32) -> Option<Unit> {
    let first = g.cells(x as usize)[0] as usize;
    s.units_of(first)
        .into_iter()
        .find(|&u| {
            let ucells = s.unit(u);
            g.cells(x as usize)
                .iter()
                .chain(g.cells(y as usize))
                .all(|&c| ucells.contains(&(c as usize)))
        })
        .map(|u| s.unit_name(u))
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::tests::cases::position;
    use super::super::tests::{run_in, searching};
    use super::super::{Engine, State, Technique, ALL_STEPS_LIMIT};
    use super::{grouped_graph, Graph, Links};
    use crate::grid::Shape;

    /// True when for some candidate `c` of `g` a path of links leads from "`c` is true" (state
    /// `2c + 1`) to "`c` is false" (`2c`).
    fn some_candidate_refutes_itself(g: &Graph) -> bool {
        super::Reaches::of(g).refutes
    }

    #[test]
    fn groups_left_out_have_no_strong_link_and_change_no_chain() {
        let (mut left_out, mut found) = (0, 0);
        let states = super::super::tests::path_states_and_pruned(23, 3);
        for (i, s) in states
            .iter()
            .filter(|s| s.size() <= 9)
            .step_by(4)
            .enumerate()
        {
            let g = Graph::build(&Engine::new(), s, Links::Grouped);
            let all = Graph::build(&searching(|x| x.all_groups = true), s, Links::Grouped);
            let groups = |g: &Graph, strong_only: bool| -> Vec<(u8, Vec<u32>)> {
                (g.first_group..g.nodes())
                    .filter(|&v| !strong_only || !g.strong(v).is_empty())
                    .map(|v| (g.digit[v], g.cells(v).to_vec()))
                    .collect()
            };
            assert_eq!(groups(&g, false), groups(&all, true), "{:?}", s.all_cands());
            left_out += all.nodes() - g.nodes();
            for t in [
                Technique::NiceLoop,
                Technique::GroupedNiceLoop,
                Technique::ForcingChain,
            ] {
                // Every step (with ALS nodes in the grouped graph) on a few states: it is slow.
                let limits: &[usize] = match t {
                    Technique::GroupedNiceLoop if i % 10 == 0 => &[1, ALL_STEPS_LIMIT],
                    _ => &[1],
                };
                for &limit in limits {
                    let steps = run(t, s, limit);
                    // Grouped graphs with the groups without a strong link too.
                    let all_groups = searching(|x| x.all_groups = true);
                    let full = run_in(&all_groups, t, s, limit);
                    assert_eq!(steps, full, "{t:?} {limit} {:?}", s.all_cands());
                    found += usize::from(!full.is_empty());
                }
            }
        }
        assert!(
            left_out > 1_000 && found > 100,
            "{left_out} groups left out, {found} found"
        );
    }

    pub(in crate::logic) fn run(t: Technique, s: &State, limit: usize) -> Vec<super::Step> {
        run_in(&Engine::new(), t, s, limit)
    }

    /// A solving path takes no chain that comes back to a candidate it passed (a lasso). In
    /// this state of HoDoKu's path of a generated puzzle
    /// (`.......656..2....1.5....8.....3.1.892..4.53...83......1..6...4..2..13...........2`) the
    /// lasso (2)r1c3 = (2)r1c7 - (2)r3c8 ... (2)r4c7 - (2)r1c7 = (2)r1c3 "places" 2 in r1c3,
    /// which would rank above HoDoKu's AIC removing three; taking it led to a path scored
    /// extreme 2,188 where HoDoKu's is unfair 1,058. Every step wanted still lists it.
    #[test]
    fn a_solving_path_takes_no_lasso() {
        // The lasso and the step the path takes instead: `tests/techniques/nice-loop/`.
        let s = position("nice-loop/a-path-takes-no-lasso");
        let path = super::super::solve(s, &super::super::Options::default());
        assert!(path.solved);
        let mut chains = 0;
        for step in &path.steps {
            if !matches!(
                step.technique,
                Technique::NiceLoop | Technique::GroupedNiceLoop | Technique::XChain
            ) {
                continue;
            }
            // "Nice Loop: (2)r1c3 = (2)r1c7 - ... = (2)r1c3; if r1c3 ...": the chain's nodes.
            let text = &step.explanation;
            let chain = text
                .split_once(": ")
                .and_then(|(_, rest)| rest.split_once(';'));
            let chain = chain.expect(text).0;
            let nodes: Vec<&str> = chain.split(" = ").flat_map(|x| x.split(" - ")).collect();
            let closed = nodes[0] == nodes[nodes.len() - 1];
            let open = &nodes[..nodes.len() - usize::from(closed)];
            for (i, n) in open.iter().enumerate() {
                assert!(!open[i + 1..].contains(n), "{n} twice: {text}");
            }
            chains += 1;
        }
        assert!(chains > 0);
    }

    #[test]
    fn a_placing_loop_may_close_by_a_link_inside_its_first_cell() {
        // A top1465 state on our solving path. The grouped loop (4)r5c7 - (4)r4c8 = (3)r4c8 -
        // (3)r2c8 = (6)r2c8 - (6)r12c7 = (6)r5c7 - (4)r5c7 starts and ends at (4)r5c7, and its
        // last link, back to the start, is the bivalue cell r5c7 (4 6). Its two nodes in r5c7 are
        // the loop's ends, linked as a continuous loop's are, not a cell the chain passes twice.
        let s = position("grouped-nice-loop/a-placing-loop-closes-inside-its-first-cell");
        let g = grouped_graph(&Engine::new(), &s);
        let group = (0..g.nodes())
            .find(|&v| g.cells(v) == [6, 15] && g.digit[v] == 6)
            .expect("the group (6)r12c7") as u32;
        let node = |cell: usize, d: u8| g.node(cell, d);
        let (r5c7, r4c8, r2c8) = (42, 34, 16);
        let path = [
            node(r5c7, 4),
            node(r4c8, 4),
            node(r4c8, 3),
            node(r2c8, 3),
            node(r2c8, 6),
            group,
            node(r5c7, 6),
            node(r5c7, 4),
        ];
        assert!(path.iter().all(|&v| v != super::NONE));
        for w in path.windows(2) {
            let (a, b) = (w[0] as usize, w[1] as usize);
            assert!(
                g.strong(a).contains(&(b as u32)) || g.weakly_linked(a, b),
                "{a} {b}"
            );
        }
        assert!(!super::passes_a_place_twice(&g, &path, true, false));
    }

    /// A solving path takes grouped chains without almost locked sets, as HoDoKu's paths do:
    /// the graph it searches has none, where every step's graph has them (the loop through a
    /// set every step lists there: `tests/techniques/grouped-nice-loop/`).
    #[test]
    fn a_path_keeps_to_groups_where_every_step_lists_loops_through_sets() {
        let s = position("grouped-nice-loop/every-step-lists-loops-through-almost-locked-sets");
        let g = grouped_graph(&Engine::new(), &s);
        assert_eq!(g.first_als, g.nodes());
        let with_sets = Graph::build(&Engine::new(), &s, Links::GroupedAls);
        assert!(with_sets.nodes() > with_sets.first_als);
    }

    #[test]
    fn the_grouped_graph_without_its_groups_is_the_plain_graph() {
        let states = super::super::tests::path_states_and_pruned(31, 3);
        for s in states.iter().step_by(5) {
            let grouped = Graph::build(&Engine::new(), s, Links::Grouped);
            assert_eq!(
                grouped.without_groups(),
                Graph::build(&Engine::new(), s, Links::Plain),
                "{:?}",
                s.all_cands()
            );
        }
    }

    #[test]
    fn a_candidate_refutes_itself_exactly_when_its_truth_leads_to_its_falsehood() {
        let (mut yes, mut no) = (0, 0);
        for s in super::super::tests::path_states_and_pruned(17, 3)
            .iter()
            .step_by(3)
        {
            let g = Graph::build(&Engine::new(), s, Links::Grouped);
            let mut bfs = super::Bfs::new(g.nodes());
            let want = (0..g.first_group).any(|v| {
                bfs.run(&g, 2 * v as u32 + 1, usize::MAX);
                bfs.order().contains(&(2 * v as u32))
            });
            assert_eq!(
                some_candidate_refutes_itself(&g),
                want,
                "{:?}",
                s.all_cands()
            );
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(
            yes > 100 && no > 100,
            "{yes} states where one does, {no} where none does"
        );
    }

    /// Each state's set is the candidates' states a search without a length limit reaches
    /// from it, whether or not some candidate refutes itself.
    #[test]
    fn each_state_reaches_what_its_components_set_holds() {
        let (mut checked, mut refuting) = (0, 0);
        for s in super::super::tests::stall_states(7).iter().step_by(3) {
            let g = Graph::build(&Engine::new(), s, Links::Grouped);
            let r = super::Reaches::of(&g);
            refuting += usize::from(r.refutes);
            let mut bfs = super::Bfs::new(g.nodes());
            for st in 0..2 * g.candidates() as u32 {
                bfs.run(&g, st, usize::MAX);
                let mut want = vec![0u64; r.words];
                for &t in bfs
                    .order()
                    .iter()
                    .filter(|&&t| (t >> 1) < g.candidates() as u32)
                {
                    want[t as usize / 64] |= 1 << (t % 64);
                }
                assert_eq!(r.of_state(st), &want[..], "state {st}: {:?}", s.all_cands());
            }
            checked += 1;
        }
        assert!(
            checked > 20 && refuting > 5,
            "{checked} states, {refuting} where a candidate refutes itself"
        );
    }

    /// The nice loop searches find the same step with their gates as without: the whole
    /// search skipped where no candidate refutes itself, and the starts where no chain may
    /// conclude anything (`Reaches::may_conclude`) elsewhere.
    #[test]
    fn chain_searches_skipped_where_no_candidate_refutes_itself_would_find_nothing() {
        let (mut skipped, mut found) = (0, 0);
        // Up to 12x12: nice loops on large pruned states take a tenth of a second each.
        let states = super::super::tests::path_states_and_pruned(19, 3);
        // The chain searches run even where no candidate refutes itself.
        let ungated = searching(|x| x.ungated = true);
        for s in states.iter().filter(|s| s.size() <= 12).step_by(2) {
            let gated = !super::a_chain_may_conclude(&Engine::new(), s);
            for t in [Technique::NiceLoop, Technique::GroupedNiceLoop] {
                let steps = run(t, s, 1);
                let full = run_in(&ungated, t, s, 1);
                assert_eq!(steps, full, "{t:?} {:?}", s.all_cands());
                found += usize::from(!full.is_empty());
            }
            skipped += usize::from(gated);
        }
        assert!(
            skipped > 100 && found > 100,
            "{skipped} states skipped, {found} steps"
        );
    }

    #[test]
    fn nice_loops_also_list_the_one_digit_chains() {
        let s = position("x-chain/first-removal-first");
        let x = &run(Technique::XChain, &s, 1)[0];
        let loops = run(Technique::NiceLoop, &s, ALL_STEPS_LIMIT);
        assert!(
            loops.iter().any(|l| l.eliminations == x.eliminations),
            "{}",
            x.explanation
        );
    }

    /// Every weak adjacency list is strictly increasing (the chain searches and
    /// `weakly_linked` rely on it), every weak link runs both ways, and two candidates are
    /// linked exactly when they share a cell (graphs whose candidates have all their digits)
    /// or a digit and a unit; on states of every size's solving paths, for every kind of graph.
    #[test]
    fn weak_links_are_sorted_symmetric_and_exactly_the_candidates_that_exclude_each_other() {
        let states = super::super::tests::path_states();
        let mut graphs = 0;
        for s in states.iter().step_by(5) {
            let kinds = [
                Links::Plain,
                Links::Grouped,
                Links::GroupedAls,
                Links::Bivalue,
            ]
            .into_iter()
            .chain((1..=s.size() as u8).map(Links::Digit));
            for links in kinds {
                let g = Graph::build(&Engine::new(), s, links);
                graphs += 1;
                let own = matches!(links, Links::Plain | Links::Grouped | Links::GroupedAls);
                for v in 0..g.nodes() {
                    let ws = g.weak(v);
                    assert!(ws.windows(2).all(|w| w[0] < w[1]), "{links:?} node {v}");
                    for &w in ws {
                        assert!(g.weakly_linked(w as usize, v), "{links:?} {v} {w}");
                    }
                    if g.is_group(v) {
                        continue;
                    }
                    let (c, d) = (g.cells(v)[0] as usize, g.digit[v]);
                    for w in (0..g.nodes()).filter(|&w| !g.is_group(w)) {
                        let (x, e) = (g.cells(w)[0] as usize, g.digit[w]);
                        let linked = (own && x == c && e != d) || (e == d && s.sees(x, c));
                        assert_eq!(g.weakly_linked(v, w), linked, "{links:?} {v} {w}");
                    }
                }
            }
        }
        assert!(graphs > 100, "{graphs} graphs");
    }

    #[test]
    fn strong_links_are_exactly_a_bivalue_cell_or_a_units_places_split_in_two() {
        let states = super::super::tests::path_states();
        let (mut graphs, mut grouped_links) = (0, 0);
        for s in states.iter().step_by(31) {
            let kinds = [Links::Plain, Links::Grouped, Links::Bivalue]
                .into_iter()
                .chain((1..=s.size() as u8).map(Links::Digit));
            for links in kinds {
                let g = Graph::build(&Engine::new(), s, links);
                graphs += 1;
                let in_cell = !matches!(links, Links::Digit(_));
                let in_units = links != Links::Bivalue;
                let cells_of =
                    |v: usize| g.cells(v).iter().map(|&c| c as usize).collect::<Vec<_>>();
                for v in 0..g.nodes() {
                    let (vc, d) = (cells_of(v), g.digit[v]);
                    for w in 0..g.nodes() {
                        let (wc, e) = (cells_of(w), g.digit[w]);
                        let bivalue = in_cell
                            && vc.len() == 1
                            && vc == wc
                            && d != e
                            && s.cands(vc[0]).count_ones() == 2;
                        let split = in_units
                            && d == e
                            && vc.iter().all(|c| !wc.contains(c))
                            && s.units_of(vc[0]).into_iter().any(|u| {
                                let mut both: Vec<usize> = s.cells_with(u, d);
                                both.retain(|c| !vc.contains(c) && !wc.contains(c));
                                both.is_empty()
                                    && vc.iter().chain(wc.iter()).all(|c| s.unit(u).contains(c))
                            });
                        let linked = g.strong(v).contains(&(w as u32));
                        assert_eq!(linked, bivalue || split, "{links:?} {vc:?} {d} {wc:?} {e}");
                        grouped_links += usize::from(linked && (g.is_group(v) || g.is_group(w)));
                    }
                }
            }
        }
        assert!(
            graphs > 100 && grouped_links > 100,
            "{graphs} graphs, {grouped_links}"
        );
    }

    #[test]
    fn the_kept_grouped_graph_is_never_another_box_shapes() {
        use super::{Graph, Links};
        use crate::grid::Grid;
        let groups = |g: &Graph| -> Vec<Vec<u32>> {
            (g.first_group..g.nodes())
                .map(|v| g.cells(v).to_vec())
                .collect()
        };
        // Two empty 6x6 grids: the same values and candidates, boxes of 2x3 and of 3x2.
        let cx = Engine::new();
        for (r, c) in [(2, 3), (3, 2), (2, 3)] {
            let shape = Shape::with_box(6, r, c).unwrap();
            let s = State::new(&Grid::from_values(shape, vec![0; 36]).unwrap());
            let kept = super::grouped_graph(&cx, &s);
            assert_eq!(
                groups(&kept),
                groups(&Graph::build(&Engine::new(), &s, Links::Grouped)),
                "{r}x{c}"
            );
        }
    }

    /// The bit-set count of the candidates two nodes both rule out is the number the
    /// cell-by-cell walk reports, for every pair of nodes (groups included) of a grouped graph,
    /// on 9x9 and on a 6x6 state.
    #[test]
    fn the_counted_common_weak_links_are_the_walked_ones() {
        use super::{Graph, Links};
        use crate::grid::Grid;
        let six = {
            let shape = Shape::with_box(6, 2, 3).unwrap();
            let mut values = vec![0; 36];
            values[0] = 1;
            values[14] = 2;
            State::new(&Grid::from_values(shape, values).unwrap())
        };
        for s in [
            position("x-chain/first-removal-first"),
            position("grouped-nice-loop/continuous-loop"),
            six,
        ] {
            let g = Graph::build(&Engine::new(), &s, Links::Grouped);
            assert!(g.nodes() > g.first_group, "the state has groups");
            for a in 0..g.nodes() {
                for b in 0..g.nodes() {
                    let mut walked = 0;
                    g.common_weak(&s, a, b, |_, _| walked += 1);
                    assert_eq!(g.common_weak_count(&s, a, b), walked, "{a} {b}");
                }
            }
        }
    }

    /// A group is weakly linked to exactly the candidates and groups of its digit whose cells
    /// all see all of its own, on 9x9 (found with bit sets) and on 12x12 (144 cells, found cell
    /// by cell).
    #[test]
    fn a_group_is_weakly_linked_to_what_sees_it_whole() {
        use super::{Graph, Links};
        use crate::grid::Grid;
        let twelve = {
            let shape = Shape::with_box(12, 3, 4).unwrap();
            let mut values = vec![0; 144];
            (values[0], values[17], values[40]) = (1, 2, 3);
            State::new(&Grid::from_values(shape, values).unwrap())
        };
        for s in [
            position("x-chain/first-removal-first"),
            position("grouped-nice-loop/continuous-loop"),
            twelve,
        ] {
            let g = Graph::build(&Engine::new(), &s, Links::Grouped);
            assert!(g.nodes() > g.first_group, "the state has groups");
            for v in g.first_group..g.nodes() {
                for w in (0..g.nodes()).filter(|&w| w != v && g.digit[w] == g.digit[v]) {
                    let (vc, wc) = (g.cells(v), g.cells(w));
                    let sees = vc
                        .iter()
                        .all(|&a| wc.iter().all(|&b| a != b && s.sees(a as usize, b as usize)));
                    assert_eq!(g.weakly_linked(v, w), sees, "{v} {w}");
                    assert_eq!(g.weakly_linked(w, v), sees, "{w} {v}");
                }
            }
        }
    }
}
