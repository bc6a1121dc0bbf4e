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
//! nodes: for an almost locked set of two cells or more (`als.rs`) and each of its digits `x`, the
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

/// Which links a graph has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Links {
    /// One digit, links in units only (X-Chains).
    Digit(u8),
    /// Bivalue cells only: strong links inside a cell, weak links between cells (XY-Chains).
    Bivalue,
    /// Every candidate, every link. Nice loops take this graph from the grouped one
    /// ([`Graph::without_groups`]); tests build it to check that.
    #[cfg_attr(not(test), allow(dead_code))]
    Plain,
    /// Every candidate and every group, every link.
    Grouped,
    /// As `Grouped`, with ALS nodes (see the module's notes).
    GroupedAls,
}

impl Links {
    fn grouped(self) -> bool {
        matches!(self, Links::Grouped | Links::GroupedAls)
    }
}

/// What an ALS node belongs to: its set's cells and its set's nodes (`first..first + len`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct AlsNode {
    set: u128,
    first: u32,
    len: u32,
}

/// The link graph of a state: nodes (candidates, then groups) and their strong and weak links in
/// compressed adjacency lists.
#[derive(Debug, PartialEq)]
pub(super) struct Graph {
    n: usize,
    /// The digit of each node.
    pub digit: Vec<u8>,
    cell_start: Vec<u32>,
    cell_buf: Vec<u32>,
    /// The node of candidate `cell * n + d - 1`, or [`NONE`].
    pub cand_node: Vec<u32>,
    strong_start: Vec<u32>,
    strong: Vec<u32>,
    weak_start: Vec<u32>,
    weak: Vec<u32>,
    first_group: usize,
    /// The first ALS node (after the groups; the node count when there are none).
    first_als: usize,
    /// Per ALS node (from `first_als`), its set.
    als: Vec<AlsNode>,
    /// Per node, the cells outside it that see all of its cells, as a bit set; empty for grids
    /// of more than 128 cells.
    see_all: Vec<u128>,
}

/// The groups of a grouped graph, in the order it numbers them: per box, per line through it
/// (in the order the box's cells first meet them), per digit, the two or more cells of the box
/// and the line holding the digit; `visit(digit, [line, box], [places in the line, places in
/// the box], cells)` gets each, its places as masks over the unit's cells.
///
/// Only the groups with a strong link. A group is true in a chain only when a strong link
/// makes it so, so one without is at most a chain's dead end ("the group is false", which
/// leads nowhere): no chain, forcing chain or walk of the graph's components takes anything
/// from it. On the grouped graphs of 160 top1465 puzzles' paths, 56 of 129 groups a graph and
/// half the groups' weak links were such. A group has a strong link in a unit where the
/// digit's other places (three or more in all) are one cell, or are all the places of another
/// intersection of the unit (another group).
/// With `all`, every group is visited, strongly linked or not (a test holds the graph of the
/// groups that are against the graph of all).
fn strongly_linked_groups(
    s: &State,
    all: bool,
    mut visit: impl FnMut(u8, [usize; 2], [u32; 2], &[u32]),
) {
    let n = s.size();
    let tables = s.tables();
    // True when the group whose places in unit `u` are `own` has a strong link there.
    let linked = |u: usize, own: u32, d: u8| {
        if all {
            return true;
        }
        let places = s.places(u, d);
        if places.count_ones() < 3 {
            return false;
        }
        let rest = places & !own;
        rest.count_ones() == 1
            || (rest.count_ones() >= 2
                && tables.unit_segments[u]
                    .iter()
                    .any(|&seg| places & seg == rest))
    };
    let mut with_d: Vec<u32> = Vec::with_capacity(n);
    for &xi in &tables.box_line_order {
        let x = &tables.intersections[xi];
        let (l, bu) = (x.line, x.b);
        // The digits two or more of the shared cells have.
        let (mut once, mut more) = (0 as Mask, 0 as Mask);
        for &c in &x.cells {
            let m = s.cands(c);
            more |= once & m;
            once |= m;
        }
        for d in digits(more) {
            if !(linked(l, x.in_line, d) || linked(bu, x.in_box, d)) {
                continue;
            }
            with_d.clear();
            with_d.extend(
                (x.cells.iter())
                    .filter(|&&c| s.cands(c) & bit(d) != 0)
                    .map(|&c| c as u32),
            );
            let own = [s.places(l, d) & x.in_line, s.places(bu, d) & x.in_box];
            visit(d, [l, bu], own, &with_d);
        }
    }
}

/// Compressed adjacency lists of `edges` (from, to): each node's targets sorted and once each.
/// A counting sort by source, then a sort of each (short) list: cheaper than sorting all the
/// edges, and the graph is built for every chain search.
fn csr(nodes: usize, edges: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    csr_from(nodes, edges, 0)
}

/// [`csr`] where the edges of each source below `first` come sorted and once each, so that
/// only the lists of the others are sorted.
fn csr_from(nodes: usize, edges: Vec<(u32, u32)>, first: usize) -> (Vec<u32>, Vec<u32>) {
    let (mut start, mut targets) = by_source(nodes, &edges);
    let first = first.min(nodes);
    debug_assert!(
        (0..first).all(|v| targets[start[v] as usize..start[v + 1] as usize]
            .windows(2)
            .all(|w| w[0] < w[1]))
    );
    // Sort each other list and drop repeats, compacting in place.
    let mut out = start[first] as usize;
    let mut from = out;
    for v in first..nodes {
        let end = start[v + 1] as usize;
        start[v] = out as u32;
        // Most lists are empty or one long (a candidate's strong links): nothing to sort.
        if end - from == 1 {
            targets[out] = targets[from];
            out += 1;
        } else if end > from {
            targets[from..end].sort_unstable();
            let mut last = None;
            for i in from..end {
                let t = targets[i];
                if last != Some(t) {
                    targets[out] = t;
                    out += 1;
                    last = Some(t);
                }
            }
        }
        from = end;
    }
    start[nodes] = out as u32;
    targets.truncate(out);
    (start, targets)
}

/// The adjacency lists of `edges` (from, to) by a counting sort on the source, which keeps
/// each source's targets in the order of `edges`: sorted and once each where the edges come so.
fn by_source(nodes: usize, edges: &[(u32, u32)]) -> (Vec<u32>, Vec<u32>) {
    // Each source's count, summed up to where its list ends; then the edges placed from the
    // last, each list filled from its end, so that each begins where it should when done.
    let mut start = vec![0u32; nodes + 1];
    for &(a, _) in edges {
        start[a as usize] += 1;
    }
    let mut sum = 0;
    for x in start.iter_mut() {
        sum += *x;
        *x = sum;
    }
    let mut targets = vec![0u32; edges.len()];
    for &(a, b) in edges.iter().rev() {
        let at = &mut start[a as usize];
        *at -= 1;
        targets[*at as usize] = b;
    }
    (start, targets)
}

/// The groups of a graph (its nodes from `first_group`): each one's line and box, in the order
/// they were made, its places in each, and per (unit, digit) the groups inside that unit, in
/// the order they were made (so sorted, and each once: a group's line is not its box).
struct GroupNodes {
    units: Vec<[usize; 2]>,
    places: Vec<[u32; 2]>,
    start: Vec<u32>,
    inside: Vec<u32>,
    n: usize,
}

impl GroupNodes {
    /// Adds to `g` the groups of two or more cells that strong links join (none unless
    /// `links` is grouped).
    fn add(g: &mut Graph, cx: &Engine, s: &State, links: Links) -> GroupNodes {
        let n = s.size();
        // Room for a hard puzzle's, some 70 on 9x9, not grown from one.
        let room = if links.grouped() { 2 * n * n } else { 0 };
        let mut units: Vec<[usize; 2]> = Vec::with_capacity(room);
        let mut places: Vec<[u32; 2]> = Vec::with_capacity(room);
        if links.grouped() {
            strongly_linked_groups(s, cx.search.all_groups, |d, us, ps, cells| {
                g.push_node(d, cells);
                units.push(us);
                places.push(ps);
            });
        }
        let edges: Vec<(u32, u32)> = (units.iter().enumerate())
            .flat_map(|(i, us)| {
                let (id, d) = ((g.first_group + i) as u32, g.digit[g.first_group + i]);
                us.map(|u| ((u * n + d as usize - 1) as u32, id))
            })
            .collect();
        let (start, inside) = by_source(3 * n * n, &edges);
        GroupNodes {
            units,
            places,
            start,
            inside,
            n,
        }
    }

    /// The groups of digit `d` inside unit `u`.
    fn of(&self, u: usize, d: u8) -> &[u32] {
        let k = u * self.n + d as usize - 1;
        &self.inside[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

impl Graph {
    pub fn nodes(&self) -> usize {
        self.digit.len()
    }

    /// The cells of a node: one for a candidate, two or more for a group.
    pub fn cells(&self, v: usize) -> &[u32] {
        &self.cell_buf[self.cell_start[v] as usize..self.cell_start[v + 1] as usize]
    }

    /// How many nodes are candidates: they come first, nodes `0..candidates()`.
    pub fn candidates(&self) -> usize {
        self.first_group
    }

    /// True for a group or an ALS node.
    pub fn is_group(&self, v: usize) -> bool {
        v >= self.first_group
    }

    /// True for an ALS node.
    fn is_als(&self, v: usize) -> bool {
        v >= self.first_als
    }

    /// The nodes that are true when `v` is false.
    pub fn strong(&self, v: usize) -> &[u32] {
        &self.strong[self.strong_start[v] as usize..self.strong_start[v + 1] as usize]
    }

    /// The nodes that are false when `v` is true.
    pub fn weak(&self, v: usize) -> &[u32] {
        &self.weak[self.weak_start[v] as usize..self.weak_start[v + 1] as usize]
    }

    /// True when nodes `a` and `b` are weakly linked.
    pub fn weakly_linked(&self, a: usize, b: usize) -> bool {
        self.weak(a).binary_search(&(b as u32)).is_ok()
    }

    /// The node of a candidate, or [`NONE`].
    pub fn node(&self, cell: usize, d: u8) -> u32 {
        self.cand_node[cell * self.n + d as usize - 1]
    }

    /// The graph of `s` with `links`; grouped, with every group when the engine's switch
    /// `all_groups` is on (see [`strongly_linked_groups`]).
    pub fn build(cx: &Engine, s: &State, links: Links) -> Graph {
        let mut g = Graph::with_candidates(s, links);
        let groups = GroupNodes::add(&mut g, cx, s, links);
        g.first_als = g.digit.len();
        if links == Links::GroupedAls {
            g.add_als_nodes(cx, s);
        }
        let nodes = g.digit.len();
        // About one strong link each way per node on hard puzzles.
        let mut strong: Vec<(u32, u32)> = Vec::with_capacity(2 * nodes);
        // About a peer per unit cell and digit per candidate, and two ways per group link.
        // The weak links of groups and ALS nodes; those between candidates are listed in order
        // at the end, without sorting.
        let mut weak: Vec<(u32, u32)> = Vec::with_capacity((nodes - g.first_group) * 8 * g.n);
        if links != Links::Bivalue {
            g.unit_strong_links(s, links, &groups, &mut strong);
        }
        if !matches!(links, Links::Digit(_)) {
            g.bivalue_strong_links(s, &mut strong);
        }
        if links.grouped() && !s.tables().peer_bits.is_empty() {
            g.group_weak_links(s, &groups, &mut weak);
        } else if links.grouped() {
            g.group_weak_links_by_cells(s, &groups, &mut weak);
        }
        if g.first_als < nodes {
            g.als_links(s, &mut strong, &mut weak);
        }
        (g.strong_start, g.strong) = csr(nodes, strong);
        (g.weak_start, g.weak) = g.weak_links(s, links, weak);
        g.see_all = g.see_all_sets(s);
        g
    }

    /// A graph of the candidates of `s` that `links` keeps, no groups and no links yet.
    fn with_candidates(s: &State, links: Links) -> Graph {
        let n = s.size();
        let cells = s.shape().cells();
        // Room for every candidate and, grouped, as many groups of two or three cells: the
        // graph is built for every chain search, and growing these cost a tenth of it.
        let cands: usize = (0..cells).map(|c| s.cands(c).count_ones() as usize).sum();
        let room = if links.grouped() { 2 * cands } else { cands };
        let mut cell_start = Vec::with_capacity(room + 1);
        cell_start.push(0);
        let mut g = Graph {
            n,
            digit: Vec::with_capacity(room),
            cell_start,
            cell_buf: Vec::with_capacity(2 * room),
            cand_node: vec![NONE; cells * n],
            strong_start: Vec::new(),
            strong: Vec::new(),
            weak_start: Vec::new(),
            weak: Vec::new(),
            first_group: 0,
            first_als: 0,
            als: Vec::new(),
            see_all: Vec::new(),
        };
        for c in 0..cells {
            let m = s.cands(c);
            for d in digits(m) {
                let keep = match links {
                    Links::Digit(x) => d == x,
                    Links::Bivalue => m.count_ones() == 2,
                    Links::Plain | Links::Grouped | Links::GroupedAls => true,
                };
                if keep {
                    g.cand_node[c * n + d as usize - 1] = g.digit.len() as u32;
                    g.push_node(d, &[c as u32]);
                }
            }
        }
        g.first_group = g.digit.len();
        g
    }

    /// A node per digit of each almost locked set, made of the set's cells holding the digit.
    fn add_als_nodes(&mut self, cx: &Engine, s: &State) {
        let cells = s.shape().cells() as u32;
        als::each_set(cx, s, |set, ds, with| {
            let first = self.digit.len() as u32;
            let len = ds.count_ones();
            for d in digits(ds) {
                let cs: Vec<u32> = (0..cells)
                    .filter(|&c| with[usize::from(d) - 1] >> c & 1 != 0)
                    .collect();
                self.push_node(d, &cs);
                self.als.push(AlsNode { set, first, len });
            }
        });
    }

    /// Strong links in units: the digit's places split into two nodes. Two places are two
    /// candidates; more are a group and the rest (a candidate or another group).
    fn unit_strong_links(
        &self,
        s: &State,
        links: Links,
        groups: &GroupNodes,
        strong: &mut Vec<(u32, u32)>,
    ) {
        for u in 0..s.unit_count() {
            let ucells = s.unit(u);
            for d in 1..=self.n as u8 {
                if matches!(links, Links::Digit(x) if x != d) {
                    continue;
                }
                let places = s.places(u, d);
                let count = places.count_ones();
                if count == 2 {
                    let (x, y) = (places.trailing_zeros(), 31 - places.leading_zeros());
                    let (x, y) = (
                        self.node(ucells[x as usize], d),
                        self.node(ucells[y as usize], d),
                    );
                    strong.push((x, y));
                    strong.push((y, x));
                }
                if count >= 3 && links.grouped() {
                    self.group_strong_links(u, d, places, ucells, groups, strong);
                }
            }
        }
    }

    /// The strong links of the groups of `d` inside unit `u` (where `d` has `places`): a group
    /// and the rest of the places, when they are one candidate or another group.
    fn group_strong_links(
        &self,
        u: usize,
        d: u8,
        places: u32,
        ucells: &[usize],
        groups: &GroupNodes,
        strong: &mut Vec<(u32, u32)>,
    ) {
        let inside = groups.of(u, d);
        let mask = |gid: u32| {
            let i = gid as usize - self.first_group;
            groups.places[i][usize::from(groups.units[i][0] != u)]
        };
        for (i, &x) in inside.iter().enumerate() {
            let rest = places & !mask(x);
            let y = if rest.count_ones() == 1 {
                self.node(ucells[rest.trailing_zeros() as usize], d)
            } else if let Some(&y) = inside[i + 1..].iter().find(|&&y| mask(y) == rest) {
                y
            } else {
                continue;
            };
            strong.push((x, y));
            strong.push((y, x));
        }
    }

    /// The strong link inside each bivalue cell.
    fn bivalue_strong_links(&self, s: &State, strong: &mut Vec<(u32, u32)>) {
        for c in 0..s.shape().cells() {
            let m = s.cands(c);
            if m.count_ones() == 2 {
                let mut ds = digits(m);
                let (x, y) = (ds.next().unwrap(), ds.next().unwrap());
                let (a, b) = (self.node(c, x), self.node(c, y));
                strong.push((a, b));
                strong.push((b, a));
            }
        }
    }

    /// Weak links of groups: to candidates and groups of their digit that see all their cells.
    /// A cell sees every cell of a group when it lies in the group's line or box (a cell off
    /// both misses one of the group's cells, which lie in two columns or two rows). Up to 128
    /// cells, as bit sets (the order of the links does not matter, they are sorted later).
    fn group_weak_links(&self, s: &State, groups: &GroupNodes, weak: &mut Vec<(u32, u32)>) {
        let tables = s.tables();
        let peers = &tables.peer_bits;
        // Each group's cells and the cells that see them all.
        let bits: Vec<(u128, u128)> = (self.first_group..self.first_group + groups.units.len())
            .map(|v| {
                let vc = self.cells(v);
                let own = vc.iter().fold(0u128, |m, &c| m | 1 << c);
                (own, vc.iter().fold(!0u128, |m, &c| m & peers[c as usize]))
            })
            .collect();
        let unit_cells = &tables.unit_cell_bits;
        for (i, &[l, bu]) in groups.units.iter().enumerate() {
            let v = (self.first_group + i) as u32;
            let d = self.digit[v as usize];
            let near = (unit_cells[l] | unit_cells[bu]) & s.board_bits(d) & !bits[i].0;
            for p in cells_of(near) {
                let w = self.node(p, d);
                if w != NONE {
                    weak.push((v, w));
                    weak.push((w, v));
                }
            }
            for &y in [l, bu].iter().flat_map(|&u| groups.of(u, d)) {
                let y = y as usize;
                let j = y - self.first_group;
                if y > v as usize && bits[j].0 & !bits[i].1 == 0 {
                    weak.push((v, y as u32));
                    weak.push((y as u32, v));
                }
            }
        }
    }

    /// [`Graph::group_weak_links`] for shapes of more than 128 cells, cell by cell.
    fn group_weak_links_by_cells(
        &self,
        s: &State,
        groups: &GroupNodes,
        weak: &mut Vec<(u32, u32)>,
    ) {
        for (i, &[l, bu]) in groups.units.iter().enumerate() {
            let v = (self.first_group + i) as u32;
            let d = self.digit[v as usize];
            let gc = self.cells(v as usize);
            for &p in s.unit(l).iter().chain(s.unit(bu)) {
                let w = self.node(p, d);
                if w != NONE && !gc.contains(&(p as u32)) {
                    weak.push((v, w));
                    weak.push((w, v));
                }
            }
        }
        // Two groups see each other only inside one unit: the same box, or the same line.
        for (i, units) in groups.units.iter().enumerate() {
            let x = self.first_group + i;
            let d = self.digit[x];
            for &y in units.iter().flat_map(|&u| groups.of(u, d)) {
                let y = y as usize;
                let (xc, yc) = (self.cells(x), self.cells(y));
                if y > x
                    && xc
                        .iter()
                        .all(|&a| yc.iter().all(|&b| a != b && s.sees(a as usize, b as usize)))
                {
                    weak.push((x as u32, y as u32));
                    weak.push((y as u32, x as u32));
                }
            }
        }
    }

    /// ALS nodes: strongly linked to the set's other digits, weakly to the candidates, groups
    /// and ALS nodes of their digit that see all their cells (ALS exist only up to 128 cells).
    fn als_links(&self, s: &State, strong: &mut Vec<(u32, u32)>, weak: &mut Vec<(u32, u32)>) {
        let nodes = self.digit.len();
        let peers = &s.tables().peer_bits;
        let bits: Vec<u128> = (self.first_group..nodes)
            .map(|v| self.cells(v).iter().fold(0u128, |m, &c| m | 1 << c))
            .collect();
        let bits_of = |v: usize| bits[v - self.first_group];
        for v in self.first_als..nodes {
            let AlsNode { set, first, len } = self.als[v - self.first_als];
            for w in first..first + len {
                if w as usize != v {
                    strong.push((v as u32, w));
                }
            }
            let d = self.digit[v];
            let seen = self
                .cells(v)
                .iter()
                .fold(!0u128, |m, &c| m & peers[c as usize])
                & !set;
            for p in cells_of(seen) {
                let w = self.node(p, d);
                if w != NONE {
                    weak.push((v as u32, w));
                    weak.push((w, v as u32));
                }
            }
            // Groups, and the sets' nodes after this one (each pair once).
            for w in (self.first_group..self.first_als).chain(v + 1..nodes) {
                if self.digit[w] == d && bits_of(w) & !seen == 0 {
                    weak.push((v as u32, w as u32));
                    weak.push((w as u32, v as u32));
                }
            }
        }
    }

    /// Per node, the cells that see all of its cells and are not its own (empty above 128
    /// cells): for a candidate its cell's peers.
    fn see_all_sets(&self, s: &State) -> Vec<u128> {
        let peers = &s.tables().peer_bits;
        if peers.is_empty() {
            return Vec::new();
        }
        let mut see_all: Vec<u128> = (0..self.first_group)
            .map(|v| peers[self.cells(v)[0] as usize])
            .collect();
        see_all.extend((self.first_group..self.nodes()).map(|v| {
            let vc = self.cells(v);
            let own = vc.iter().fold(0u128, |m, &c| m | 1 << c);
            vc.iter().fold(!0u128, |m, &c| m & peers[c as usize]) & !own
        }));
        see_all
    }

    /// The weak links' adjacency lists (as [`csr`] makes them): each candidate's links to
    /// candidates, made in node order (peers before its cell, the cell's other digits, peers
    /// after it; node ids follow the cells), then the links of `others` (of groups and ALS
    /// nodes, whose ids come after every candidate's), sorted.
    fn weak_links(&self, s: &State, links: Links, others: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
        let nodes = self.nodes();
        // A candidate's come in the order of its groups and then of its ALS nodes, each once.
        let (other_start, other) = csr_from(nodes, others, self.first_group);
        let others_of = |v: usize| &other[other_start[v] as usize..other_start[v + 1] as usize];
        let own_digits = matches!(links, Links::Plain | Links::Grouped | Links::GroupedAls);
        // Up to 128 cells, a digit's peers of a cell are read from bit sets.
        let peer_bits = &s.tables().peer_bits;
        let mut start = Vec::with_capacity(nodes + 1);
        let mut targets = Vec::with_capacity(self.first_group * 12 + other.len());
        for v in 0..self.first_group {
            start.push(targets.len() as u32);
            let c = self.cells(v)[0] as usize;
            let d = self.digit[v];
            let own = |targets: &mut Vec<u32>| {
                if own_digits {
                    targets.extend(digits(s.cands(c) & !bit(d)).map(|e| self.node(c, e)));
                }
            };
            let link_bits = |targets: &mut Vec<u32>, mut bits: u128| {
                while bits != 0 {
                    let w = self.node(bits.trailing_zeros() as usize, d);
                    bits &= bits - 1;
                    if w != NONE {
                        targets.push(w);
                    }
                }
            };
            if let Some(&near) = peer_bits.get(c) {
                let near = near & s.board_bits(d);
                let below = near & ((1u128 << c) - 1);
                link_bits(&mut targets, below);
                own(&mut targets);
                link_bits(&mut targets, near & !below);
            } else {
                let peers = s.peers(c);
                let split = peers.partition_point(|&p| p < c);
                let link_peers = |targets: &mut Vec<u32>, ps: &[usize]| {
                    for &p in ps {
                        let w = self.node(p, d);
                        if w != NONE {
                            targets.push(w);
                        }
                    }
                };
                link_peers(&mut targets, &peers[..split]);
                own(&mut targets);
                link_peers(&mut targets, &peers[split..]);
            }
            // Most candidates have no group's link: no copy asked for then.
            let others = others_of(v);
            if !others.is_empty() {
                targets.extend_from_slice(others);
            }
        }
        for v in self.first_group..nodes {
            start.push(targets.len() as u32);
            targets.extend_from_slice(others_of(v));
        }
        start.push(targets.len() as u32);
        (start, targets)
    }

    /// The graph of the candidates alone (as [`Links::Plain`] builds it) from a grouped one:
    /// the same nodes first, the same links between them in the same order.
    pub fn without_groups(&self) -> Graph {
        let fg = self.first_group;
        let keep = |start: &[u32], list: &[u32]| {
            let mut kept_start = Vec::with_capacity(fg + 1);
            let mut kept = Vec::with_capacity(start[fg] as usize);
            for v in 0..fg {
                kept_start.push(kept.len() as u32);
                let links = &list[start[v] as usize..start[v + 1] as usize];
                kept.extend(links.iter().filter(|&&w| (w as usize) < fg));
            }
            kept_start.push(kept.len() as u32);
            (kept_start, kept)
        };
        let (strong_start, strong) = keep(&self.strong_start, &self.strong);
        let (weak_start, weak) = keep(&self.weak_start, &self.weak);
        Graph {
            n: self.n,
            digit: self.digit[..fg].to_vec(),
            cell_start: self.cell_start[..=fg].to_vec(),
            cell_buf: self.cell_buf[..self.cell_start[fg] as usize].to_vec(),
            cand_node: self.cand_node.clone(),
            strong_start,
            strong,
            weak_start,
            weak,
            first_group: fg,
            first_als: fg,
            als: Vec::new(),
            see_all: self.see_all[..self.see_all.len().min(fg)].to_vec(),
        }
    }

    fn push_node(&mut self, d: u8, cells: &[u32]) {
        self.digit.push(d);
        self.cell_buf.extend_from_slice(cells);
        self.cell_start.push(self.cell_buf.len() as u32);
    }

    /// True when candidate (`cell`, `d`) is false whenever node `v` is true, and not part of it.
    pub fn weak_to(&self, s: &State, v: usize, cell: usize, d: u8) -> bool {
        let vc = self.cells(v);
        if vc.len() == 1 && vc[0] as usize == cell {
            return d != self.digit[v];
        }
        d == self.digit[v]
            && vc
                .iter()
                .all(|&c| c as usize != cell && s.sees(c as usize, cell))
    }

    /// Calls `out` for every candidate weakly linked to both `a` and `b` (false if either is true).
    pub fn common_weak(&self, s: &State, a: usize, b: usize, mut out: impl FnMut(usize, u8)) {
        let ac = self.cells(a);
        let da = self.digit[a];
        if ac.len() == 1 {
            let c = ac[0] as usize;
            for e in digits(s.cands(c) & !bit(da)) {
                if self.weak_to(s, b, c, e) {
                    out(c, e);
                }
            }
        }
        for &p in s.peers(ac[0] as usize) {
            if s.cands(p) & bit(da) != 0 && self.weak_to(s, a, p, da) && self.weak_to(s, b, p, da) {
                out(p, da);
            }
        }
    }

    /// How many candidates [`Graph::common_weak`] reports for `a` and `b`, read from bit sets
    /// (grids of at most 128 cells; otherwise by calling it).
    pub fn common_weak_count(&self, s: &State, a: usize, b: usize) -> u32 {
        if self.see_all.is_empty() {
            let mut count = 0;
            self.common_weak(s, a, b, |_, _| count += 1);
            return count;
        }
        let (da, db) = (self.digit[a], self.digit[b]);
        let (ac, bc) = (self.cells(a), self.cells(b));
        let b_single = (bc.len() == 1).then(|| bc[0] as usize);
        let mut count = 0;
        // The other digits of `a`'s cell that `b` rules out too.
        if ac.len() == 1 {
            let c = ac[0] as usize;
            let others = s.cands(c) & !bit(da);
            if b_single == Some(c) {
                count += (others & !bit(db)).count_ones();
            } else if others & bit(db) != 0 && (self.see_all[b] >> c) & 1 != 0 {
                count += 1;
            }
        }
        // `a`'s digit in the cells that see all of `a`, ruled out by `b`.
        let with_da = s.board_bits(da);
        let seen = self.see_all[a] & with_da;
        if da == db {
            count += (seen & self.see_all[b]).count_ones();
        } else if let Some(p) = b_single {
            count += ((seen >> p) & 1) as u32;
        }
        count
    }

    /// A node's name: `r1c2`, or for a group `r1c23` (`r1c2,3` beyond 9x9).
    pub fn node_name(&self, s: &State, v: usize) -> String {
        let vc = self.cells(v);
        if self.is_als(v) {
            // The whole set: `{r4c2, r5c2, r6c2}`.
            let set = self.als[v - self.first_als].set;
            let names: Vec<String> = (0..128)
                .filter(|&c| set >> c & 1 != 0)
                .map(|c| s.name(c).to_string())
                .collect();
            return format!("{{{}}}", names.join(", "));
        }
        if vc.len() == 1 {
            return s.name(vc[0] as usize).to_string();
        }
        let names: Vec<_> = vc.iter().map(|&c| s.name(c as usize)).collect();
        let sep = if self.n > 9 { "," } else { "" };
        if names.iter().all(|x| x.row == names[0].row) {
            let cols: Vec<String> = names.iter().map(|x| x.col.to_string()).collect();
            format!("r{}c{}", names[0].row, cols.join(sep))
        } else {
            let rows: Vec<String> = names.iter().map(|x| x.row.to_string()).collect();
            format!("r{}c{}", rows.join(sep), names[0].col)
        }
    }
}

/// Breadth-first search over the states "node false" (`2v`) and "node true" (`2v + 1`), with
/// buffers reused between starts. A layered search (for the grouped chains) runs over each state
/// twice, before and after the chain has passed a group: state `s + span` is state `s` reached
/// through a group, so that the shortest chain through a group is found even where a shorter
/// one without a group exists.
pub(super) struct Bfs {
    /// Per state, what the last search knows of it: one record, so that reaching a state
    /// touches one place.
    seen: Vec<Seen>,
    generation: u32,
    /// `2 * nodes`: the states of one layer.
    span: u32,
    layered: bool,
    /// The states reached, in the order reached (by distance): the first `reached`. Room for
    /// every state and one more, so that the search writes each state it meets at the end
    /// and counts it only when it is new, without a branch (whether a state is new is hard to
    /// foresee, and the branch cost more than the search's other work).
    queue: Vec<u32>,
    reached: usize,
}

/// A state as a search saw it: reached in the search of this generation, from `parent`, after
/// `dist` links.
#[derive(Clone, Copy, Default)]
struct Seen {
    generation: u32,
    parent: u32,
    dist: u16,
}

impl Bfs {
    pub fn new(nodes: usize) -> Bfs {
        Bfs::with_layers(nodes, false)
    }

    /// A search that tells chains through a group apart (see [`Bfs`]).
    pub fn layered(nodes: usize) -> Bfs {
        Bfs::with_layers(nodes, true)
    }

    fn with_layers(nodes: usize, layered: bool) -> Bfs {
        let states = 2 * nodes * if layered { 2 } else { 1 };
        Bfs {
            seen: vec![Seen::default(); states],
            generation: 0,
            span: 2 * nodes as u32,
            layered,
            queue: vec![0; states + 1],
            reached: 0,
        }
    }

    /// The states the last search reached, in the order reached (by distance).
    pub fn order(&self) -> &[u32] {
        &self.queue[..self.reached]
    }

    /// The state the last search reached `st` from ([`NONE`] for its start).
    pub fn parent(&self, st: u32) -> u32 {
        self.seen[st as usize].parent
    }

    /// How many links the last search took to reach `st`.
    pub fn dist(&self, st: u32) -> usize {
        usize::from(self.seen[st as usize].dist)
    }

    /// The node of state `st`.
    pub fn node(&self, st: u32) -> u32 {
        if st >= self.span {
            (st - self.span) >> 1
        } else {
            st >> 1
        }
    }

    /// True when state `st` was reached through a group (layered search only).
    pub fn through_group(&self, st: u32) -> bool {
        st >= self.span
    }

    /// Every state implied by state `start` through at most `limit` links.
    pub fn run(&mut self, g: &Graph, start: u32, limit: usize) {
        if self.layered {
            self.run_in::<true>(g, start, limit);
        } else {
            self.run_in::<false>(g, start, limit);
        }
    }

    /// [`Bfs::run`] for a layered search or not: the hot loop of every chain search, so the
    /// layer is found by a comparison (a state's layer is 0 or `span`), not a division.
    fn run_in<const LAYERED: bool>(&mut self, g: &Graph, start: u32, limit: usize) {
        self.generation += 1;
        let generation = self.generation;
        let span = self.span;
        let start = if LAYERED && g.is_group((start >> 1) as usize) {
            start + span
        } else {
            start
        };
        let seen = &mut self.seen[..];
        let queue = &mut self.queue[..];
        seen[start as usize] = Seen {
            generation,
            parent: NONE,
            dist: 0,
        };
        queue[0] = start;
        let mut len = 1;
        let mut head = 0;
        while head < len {
            let st = queue[head];
            head += 1;
            let d = seen[st as usize].dist;
            if usize::from(d) >= limit {
                continue;
            }
            let layer = if LAYERED && st >= span { span } else { 0 };
            let v = ((st - layer) >> 1) as usize;
            let (next, on) = if st & 1 == 0 {
                (g.strong(v), 1)
            } else {
                (g.weak(v), 0)
            };
            for &w in next {
                let mut t = 2 * w + on + layer;
                if LAYERED && layer == 0 && g.is_group(w as usize) {
                    t += span;
                }
                // A state met before keeps its record: each field is set to itself.
                let slot = &mut seen[t as usize];
                let new = slot.generation != generation;
                let keep = u32::from(!new).wrapping_neg();
                slot.parent = (slot.parent & keep) | (st & !keep);
                slot.dist = (slot.dist & keep as u16) | ((d + 1) & !keep as u16);
                slot.generation = generation;
                queue[len] = t;
                len += usize::from(new);
            }
        }
        self.reached = len;
    }

    /// The nodes of a chain from the start to state `st` as short as the one [`Bfs::path`]
    /// gives that passes no node twice (but its first, as its last, when `closed`), if there
    /// is one: the first met walking back along links that shorten the distance by one, within
    /// [`SIMPLE_PATH_BUDGET`] states. Not for a layered search.
    pub fn simple_path(&self, g: &Graph, st: u32, closed: bool) -> Option<Vec<u32>> {
        let mut nodes = vec![self.node(st)];
        let mut budget = SIMPLE_PATH_BUDGET;
        self.simple_back(g, st, closed, &mut nodes, &mut budget)
            .then(|| {
                nodes.reverse();
                nodes
            })
    }

    /// [`Bfs::simple_path`] from state `st`, `nodes` holding the chain from it to the end
    /// (backwards). True when it reached the start.
    fn simple_back(
        &self,
        g: &Graph,
        st: u32,
        closed: bool,
        nodes: &mut Vec<u32>,
        budget: &mut usize,
    ) -> bool {
        let dist = self.dist(st);
        if dist == 0 {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        // A state "true" is reached from a strongly linked node's "false", a state "false"
        // from a weakly linked node's "true" (links go both ways).
        let v = self.node(st) as usize;
        let (from, on) = if st & 1 == 1 {
            (g.strong(v), 0)
        } else {
            (g.weak(v), 1)
        };
        for &w in from {
            let prev = 2 * w + on;
            let seen = &self.seen[prev as usize];
            if seen.generation != self.generation || usize::from(seen.dist) + 1 != dist {
                continue;
            }
            let start = dist == 1;
            let again = nodes[1..].contains(&w) || (nodes[0] == w && !(closed && start));
            if again {
                continue;
            }
            nodes.push(w);
            if self.simple_back(g, prev, closed, nodes, budget) {
                return true;
            }
            nodes.pop();
        }
        false
    }

    /// The nodes from the start to state `st`, in order.
    pub fn path(&self, st: u32) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.dist(st) + 1);
        let mut cur = st;
        while cur != NONE {
            out.push(self.node(cur));
            cur = self.parent(cur);
        }
        out.reverse();
        out
    }
}

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

/// What the chain family keeps in the engine.
#[derive(Default)]
pub(super) struct Cache {
    /// The grouped graph of the last state asked for: grouped nice loops and forcing chains
    /// search the same state (nothing between them on the ladder found a step), and building
    /// the graph is a good part of either.
    grouped: RefCell<Memo<Graph>>,
    /// [`Reaches`] of the last state asked for: the nice loop gate, the nice loop searches'
    /// starts and the forcing chains' look before their search read it on the same state.
    reaches: RefCell<Memo<Reaches>>,
}

/// What the strongly connected components of a grouped graph's states tell (see
/// [`component_reach`]; a set's bit `st` is state `st` of a candidate, "`v` is true" `2v + 1`,
/// "`v` is false" `2v`).
pub(super) struct Reaches {
    /// Some candidate's truth leads to its falsehood.
    pub refutes: bool,
    /// The component of each state and each component's set, `words` words each (read them
    /// with [`Reaches::of_state`]).
    comp: Vec<u32>,
    sets: Vec<u64>,
    pub words: usize,
}

impl Reaches {
    fn of(g: &Graph) -> Reaches {
        let cands = g.candidates();
        // Rows of eight words at the least: a row of a hard puzzle's stall (some 400 states
        // of candidates) fits, and eight words are merged as two vector operations.
        let words = (2 * cands).div_ceil(64).max(ROW_WORDS);
        let mark = |st: u32| ((st >> 1) < cands as u32).then_some(st as usize);
        let (comp, sets) = component_reach(g, words, mark);
        let mut r = Reaches {
            refutes: false,
            comp,
            sets,
            words,
        };
        // A candidate `c` whose set holds "`c` is false" (`2c`) from "`c` is true" (`2c + 1`).
        r.refutes = (0..cands).any(|c| {
            let f = 2 * c;
            r.of_state(f as u32 + 1)[f / 64] >> (f % 64) & 1 != 0
        });
        r
    }

    /// The set of the component of state `st`.
    pub fn of_state(&self, st: u32) -> &[u64] {
        let at = self.comp[st as usize] as usize * self.words;
        &self.sets[at..at + self.words]
    }

    /// False when no chain from node `v` (a candidate or group of the grouped graph, or of a
    /// graph with fewer links between the same nodes) removes or places anything, however
    /// long: the nice loop searches start no search there.
    ///
    /// A chain from "`v` is false" to "`w` is true" that removes candidate `c` (weakly linked
    /// to both ends) makes a path from "`c` is true" to "`v` is false" and one from "`v` is
    /// false" to "`c` is false". A loop that places `v` removes its cell's other candidates,
    /// each weakly linked to `v`: the same paths. A continuous loop through "`v` is false"
    /// removes candidates weakly linked to both nodes of one of its weak links, or to the
    /// other candidates of a cell where it passes a strong link: `c` true makes one of the
    /// loop's states false and `c` false follows from another, and round the loop each leads
    /// to every other, "`v` is false" among them. A weak link leads from "`a` is true" to
    /// "`b` is false" and from "`b` is true" to "`a` is false", a strong link from "`a` is
    /// false" to "`b` is true" and back, so every path has its mirror, with each state turned
    /// over and the links taken the other way: the path from "`c` is true" to "`v` is false"
    /// is one from "`v` is true" to "`c` is false". So "`v` is true" and "`v` is false" both
    /// lead to "`c` is false".
    pub fn may_conclude(&self, v: usize) -> bool {
        // The states "`c` is false": the even bits.
        const FALSE: u64 = 0x5555_5555_5555_5555;
        let (on, off) = (self.of_state(2 * v as u32 + 1), self.of_state(2 * v as u32));
        on.iter().zip(off).any(|(x, y)| x & y & FALSE != 0)
    }
}

/// [`Reaches`] of the grouped graph of `s`, shared with the previous call on the same state.
pub(super) fn reaches(cx: &Engine, s: &State) -> Rc<Reaches> {
    (cx.caches.chains.reaches.borrow_mut()).get(s, |s| Reaches::of(&grouped_graph(cx, s)))
}

/// False when no chain through the links of the grouped graph removes or places anything, so
/// that X-Chains, XY-Chains and nice loops (grouped or not) find nothing.
///
/// A chain removing candidate `c` (weakly linked to both of its ends, or to both nodes of a
/// weak link of a continuous loop: read the rest of the loop from one to the other) makes a
/// path of links from "`c` is true" to "`c` is false". A loop placing `c` ("`c` is false" to
/// "`c` is true") makes one for any `w` weakly linked to `c` (a digit of its cell): "`w` is
/// true" to "`c` is false", the loop, "`w` is false". So when no candidate's truth leads to its
/// falsehood, however long the path, every chain search finds nothing. The nice loop searches
/// (plain and grouped) ask this first: at a stall of a hard puzzle most of them find nothing,
/// and the look costs less than one of them (the X- and XY-Chain searches cost less than the
/// look). Where nice loops are often found, as on 17-clue puzzles, the look is an extra cost.
/// True always when the engine's chain gates are off (a test holding the nice loop searches
/// without their gates against those with).
fn a_chain_may_conclude(cx: &Engine, s: &State) -> bool {
    cx.search.ungated || reaches(cx, s).refutes
}

/// The least words of a [`Reaches`] row.
const ROW_WORDS: usize = 8;

/// The strongly connected components of the states of `g` ("`v` is true", `2v + 1`, leads by
/// its weak links to "`w` is false"; "`v` is false", `2v`, by its strong links to "`w` is
/// true"), found by Tarjan's algorithm without recursion, and per component the states it
/// reaches, its own included, as a bit set of `words` words: a state counts as the bit `mark`
/// gives it, if any. Components close in an order where each comes after every one its links
/// lead to, so a component's set is its own states' and those of the components its links lead
/// to. Returns the component of every state, and the sets one after another.
///
/// Each state on the walk gathers its set as it follows its links (one pass over them): a
/// component closed before is taken in whole, and a state of the walk's own component adds
/// nothing there (it is on the walk, below). A state that does not close a component hands what
/// it gathered to the state it was reached from, which is in the same component (every state
/// of the walk between a component's first state and another of its states is in it); the
/// first closes the component with all its states' sets.
fn component_reach(
    g: &Graph,
    words: usize,
    mark: impl Fn(u32) -> Option<usize>,
) -> (Vec<u32>, Vec<u64>) {
    let mut walk = Components::new(g, words, mark);
    walk.close_lone_states();
    for root in 0..walk.index.len() as u32 {
        if walk.index[root as usize] == UNSEEN {
            walk.walk_from(root);
        }
    }
    (walk.comp, walk.reach)
}

/// A state not yet reached by [`component_reach`]'s walk.
const UNSEEN: u32 = u32::MAX;
/// In [`Components::lone`], a state whose set is a row of its own.
const ROW: u32 = u32::MAX;
/// In [`Components::lone`], a state that leads nowhere and has no bit.
const LONE_EMPTY: u32 = u32::MAX - 1;

/// The state of [`component_reach`]'s walk (Tarjan's algorithm): per state its index, low
/// link and component, the stack, the walk, and per component the states it reaches.
struct Components<'g, M> {
    g: &'g Graph,
    words: usize,
    mark: M,
    index: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    stack: Vec<u32>,
    /// The depth-first walk: a state, and the links it has yet to follow.
    walk: Vec<(u32, &'g [u32])>,
    /// Per state of the walk (by depth) the set it has gathered so far.
    gathered: Vec<u64>,
    /// The sets of the components, one after another.
    reach: Vec<u64>,
    /// Per component, the state (its index) whose set last took it in.
    merged: Vec<u32>,
    /// Per state, the one bit its set holds when it leads nowhere ([`LONE_EMPTY`] for none),
    /// else [`ROW`]: such a set is taken in as its bit. Per state, not per component, so that
    /// following a link to one (most links lead to such a state) reads one place.
    lone: Vec<u32>,
    count: u32,
    comps: usize,
}

impl<'g, M: Fn(u32) -> Option<usize>> Components<'g, M> {
    fn new(g: &'g Graph, words: usize, mark: M) -> Self {
        let states = 2 * g.nodes();
        Components {
            g,
            words,
            mark,
            index: vec![UNSEEN; states],
            low: vec![0u32; states],
            comp: vec![UNSEEN; states],
            stack: Vec::with_capacity(states),
            walk: Vec::new(),
            gathered: Vec::new(),
            // At most a component per state: room for all, so that growing never copies.
            reach: Vec::with_capacity(states * words),
            merged: Vec::with_capacity(states),
            lone: vec![ROW; states],
            count: 0,
            comps: 0,
        }
    }

    /// The states that state `st` leads to: from "false" the strong links, from "true" the
    /// weak (the nodes of the list, in the other state).
    #[inline(always)]
    fn next(&self, st: u32) -> &'g [u32] {
        let v = (st >> 1) as usize;
        if st & 1 == 0 {
            self.g.strong(v)
        } else {
            self.g.weak(v)
        }
    }

    /// A state that leads nowhere (most "`w` is false": no strong link) is a component of its
    /// own, closed before the walk: following a link to one then costs one read.
    fn close_lone_states(&mut self) {
        let words = self.words;
        for st in 0..self.index.len() as u32 {
            if self.next(st).is_empty() {
                let (i, comps) = (st as usize, self.comps);
                self.index[i] = self.count;
                self.count += 1;
                self.comp[i] = comps as u32;
                self.merged.push(UNSEEN);
                self.reach.resize((comps + 1) * words, 0);
                let b = (self.mark)(st);
                if let Some(b) = b {
                    self.reach[comps * words + b / 64] |= 1 << (b % 64);
                }
                self.lone[i] = b.map_or(LONE_EMPTY, |b| b as u32);
                self.comps += 1;
            }
        }
    }

    /// Puts state `st` on the walk at `depth`: its set holds its own bit.
    #[inline(always)]
    fn enter(&mut self, depth: usize, st: u32) {
        let i = st as usize;
        self.index[i] = self.count;
        self.low[i] = self.count;
        self.count += 1;
        self.stack.push(st);
        let words = self.words;
        self.gathered.resize((depth + 1) * words, 0);
        let own = &mut self.gathered[depth * words..];
        own.fill(0);
        if let Some(b) = (self.mark)(st) {
            own[b / 64] |= 1 << (b % 64);
        }
        let links = self.next(st);
        self.walk.push((st, links));
    }

    /// Walks every state `root` leads to that is not yet walked.
    fn walk_from(&mut self, root: u32) {
        self.enter(0, root);
        while let Some(depth) = self.walk.len().checked_sub(1) {
            let (v, rest) = self.walk[depth];
            if let Some((&w, tail)) = rest.split_first() {
                self.walk[depth].1 = tail;
                // From "false" the strong links lead to "true", from "true" the weak to "false".
                self.follow(depth, v, 2 * w + (1 - (v & 1)));
            } else {
                self.walk.pop();
                self.leave(depth, v);
            }
        }
    }

    /// Follows the link from `v`, on the walk at `depth`, to state `w`.
    #[inline(always)]
    fn follow(&mut self, depth: usize, v: u32, w: u32) {
        let (words, wi) = (self.words, w as usize);
        // A state that leads nowhere: its one bit, if any.
        let b = self.lone[wi];
        if b != ROW {
            if b != LONE_EMPTY {
                self.gathered[depth * words + b as usize / 64] |= 1 << (b % 64);
            }
        } else if self.index[wi] == UNSEEN {
            self.enter(depth + 1, w);
        } else if self.comp[wi] == UNSEEN {
            // On the stack: in the component being walked.
            self.low[v as usize] = self.low[v as usize].min(self.index[wi]);
        } else {
            // Closed before: its set, once per state of the walk.
            let c = self.comp[wi] as usize;
            if self.merged[c] != self.index[v as usize] {
                self.merged[c] = self.index[v as usize];
                merge_row(
                    &mut self.gathered[depth * words..(depth + 1) * words],
                    &self.reach[c * words..(c + 1) * words],
                );
            }
        }
    }

    /// Takes `v` off the walk at `depth`, all its links followed.
    fn leave(&mut self, depth: usize, v: u32) {
        let words = self.words;
        let closes = self.low[v as usize] == self.index[v as usize];
        if closes {
            // `v` closes a component: its states, and what they gathered.
            loop {
                let w = self.stack.pop().unwrap_or(v);
                self.comp[w as usize] = self.comps as u32;
                if w == v {
                    break;
                }
            }
            self.merged.push(UNSEEN);
            (self.reach).extend_from_slice(&self.gathered[depth * words..(depth + 1) * words]);
            self.comps += 1;
        }
        if let Some(&(u, _)) = self.walk.last() {
            self.low[u as usize] = self.low[u as usize].min(self.low[v as usize]);
            if closes {
                self.merged[self.comps - 1] = self.index[u as usize];
            }
            // The state it was reached from takes in what it gathered: in its component, or
            // the component it closed, which that state's link leads to.
            let (below, at) = self.gathered.split_at_mut(depth * words);
            merge_row(&mut below[(depth - 1) * words..], &at[..words]);
        }
    }
}

/// Adds the states of row `from` to row `own`: for rows of [`ROW_WORDS`] words (most), as
/// arrays of that size, which compile to a few vector operations.
fn merge_row(own: &mut [u64], from: &[u64]) {
    let or = |own: &mut [u64], from: &[u64]| {
        for (x, y) in own.iter_mut().zip(from) {
            *x |= y;
        }
    };
    match (
        <&mut [u64; ROW_WORDS]>::try_from(&mut *own),
        <&[u64; ROW_WORDS]>::try_from(from),
    ) {
        (Ok(own), Ok(from)) => or(own, from),
        _ => or(own, from),
    }
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

/// What a chain proves: the candidates it removes, or the digit a loop that comes back to its
/// start places, and whether it closes a continuous loop.
struct ChainEffect {
    elims: Vec<(usize, Mask)>,
    placement: Option<(usize, u8)>,
    closed: bool,
}

impl ChainEffect {
    fn of(s: &State, g: &Graph, path: &[u32], loop_elims: Option<Vec<(usize, Mask)>>) -> Self {
        let a = path[0] as usize;
        let b = path[path.len() - 1] as usize;
        let closed = loop_elims.is_some();
        let mut elims: Vec<(usize, Mask)> = Vec::new();
        let mut placement = None;
        if let Some(found) = loop_elims {
            elims = found;
        } else if a == b {
            placement = Some((g.cells(a)[0] as usize, g.digit[a]));
        } else {
            g.common_weak(s, a, b, |c, d| elims.push((c, bit(d))));
        }
        ChainEffect {
            elims,
            placement,
            closed,
        }
    }

    /// The step's eliminations as [`chain_step`] writes them (a placing loop removes the
    /// cell's other candidates): the key that tells chains with the same effect apart.
    fn key(&self, s: &State) -> Effect {
        let mut step = Step::new(Technique::XChain, String::new()).eliminate(self.elims.clone());
        if let Some((cell, d)) = self.placement {
            step = step.eliminate([(cell, s.cands(cell) & !bit(d))]);
        }
        (step.placements, step.eliminations)
    }
}

/// The step of a chain from `path[0]` (false) to its last node (true), or with `loop_elims` of
/// the continuous loop it closes.
fn chain_step(
    quiet: bool,
    s: &State,
    g: &Graph,
    t: Technique,
    path: &[u32],
    effect: ChainEffect,
) -> Step {
    let units = chain_units(s, g, path);
    let mut text = say(quiet, || chain_text(s, g, t, path, &effect, &units));
    if !text.is_empty() {
        text.push_str(&als_note(s, g, path));
    }
    let ChainEffect {
        elims,
        placement,
        closed,
    } = effect;
    let mut step = Step::new(t, text).eliminate(elims);
    // A loop that places a digit removes the cell's other candidates, as HoDoKu writes it; the
    // naked single that follows places it (and scores as HoDoKu's path does).
    if let Some((cell, d)) = placement {
        step = step.eliminate([(cell, s.cands(cell) & !bit(d))]);
    }
    step = step.cells(
        path.iter()
            .flat_map(|&v| g.cells(v as usize).iter().map(|&c| c as usize)),
    );
    step = step.figure(quiet, |fig| draw(fig, g, path, closed));
    for u in units {
        step = step.unit(u);
    }
    step
}

/// The units of a chain's strong links between different cells, each once, in order.
fn chain_units(s: &State, g: &Graph, path: &[u32]) -> Vec<Unit> {
    let mut units: Vec<Unit> = Vec::new();
    for (i, w) in path.windows(2).enumerate() {
        if i % 2 == 0 && g.cells(w[0] as usize) != g.cells(w[1] as usize) {
            if let Some(u) = common_unit(s, g, w[0], w[1]) {
                if !units.contains(&u) {
                    units.push(u);
                }
            }
        }
    }
    units
}

/// A chain written out as HoDoKu writes it: `r1c4 = r7c4 - ...` for an X-Chain,
/// `(7=2)r1c4 - ...` for an XY-Chain, `(7)r1c4 = (7)r7c4 - ...` for the others.
fn chain_notation(s: &State, g: &Graph, t: Technique, path: &[u32]) -> String {
    match t {
        Technique::XChain => {
            let names: Vec<String> = path.iter().map(|&v| g.node_name(s, v as usize)).collect();
            join_links(&names)
        }
        Technique::XyChain => {
            let cells: Vec<String> = path
                .chunks(2)
                .map(|p| {
                    format!(
                        "({}={}){}",
                        s.sym(g.digit[p[0] as usize]),
                        s.sym(g.digit[p[1] as usize]),
                        g.node_name(s, p[0] as usize)
                    )
                })
                .collect();
            cells.join(" - ")
        }
        _ => {
            let names: Vec<String> = path
                .iter()
                .map(|&v| {
                    format!(
                        "({}){}",
                        s.sym(g.digit[v as usize]),
                        g.node_name(s, v as usize)
                    )
                })
                .collect();
            join_links(&names)
        }
    }
}

/// The sentence of a chain step (without its ALS note).
fn chain_text(
    s: &State,
    g: &Graph,
    t: Technique,
    path: &[u32],
    effect: &ChainEffect,
    units: &[Unit],
) -> String {
    let a = path[0] as usize;
    let b = path[path.len() - 1] as usize;
    let (da, db) = (g.digit[a], g.digit[b]);
    let notation = chain_notation(s, g, t, path);
    let holds = |v: usize| {
        if g.is_group(v) {
            format!("{} lies in {}", s.sym(g.digit[v]), g.node_name(s, v))
        } else {
            format!("{} is {}", g.node_name(s, v), s.sym(g.digit[v]))
        }
    };
    if let Some((cell, d)) = effect.placement {
        return placing_loop_text(s, &notation, cell, d);
    }
    let elims = &effect.elims;
    let removal = removal_text(
        s,
        &Step::new(t, String::new())
            .eliminate(elims.clone())
            .eliminations,
    );
    let grouped = if t == Technique::GroupedNiceLoop {
        "Grouped "
    } else {
        ""
    };
    match t {
        Technique::XChain => format!(
            "X-Chain on {}: {notation} ({}); either {} or {} is {}, so {removal}.",
            s.sym(da),
            links_text(units),
            g.node_name(s, a),
            g.node_name(s, b),
            s.sym(da)
        ),
        Technique::XyChain => format!(
            "XY-Chain: {notation}; either {} or {} is {}, so {removal}.",
            g.node_name(s, a),
            g.node_name(s, b),
            s.sym(da)
        ),
        _ if effect.closed => {
            let first = format!("({}){}", s.sym(da), g.node_name(s, a));
            format!(
                "{grouped}Continuous Nice Loop: {notation} - {first}; each weak link of \
                 the loop joins two candidates of which exactly one is true, so {removal}."
            )
        }
        _ => {
            let kind = if g.cells(a) == g.cells(b)
                || (da != db
                    && elims.iter().any(|e| {
                        g.cells(a).contains(&(e.0 as u32)) || g.cells(b).contains(&(e.0 as u32))
                    })) {
                "Nice Loop"
            } else {
                "AIC"
            };
            format!(
                "{grouped}{kind}: {notation}; either {} or {}, so {removal}.",
                holds(a),
                holds(b)
            )
        }
    }
}

/// The sentence of a nice loop that places `d` in `cell`.
fn placing_loop_text(s: &State, notation: &str, cell: usize, d: u8) -> String {
    let others = s.cands(cell) & !bit(d);
    format!(
        "Nice Loop: {notation}; if {} were not {} it would have to be {}, so {} is {} and {} {} \
         removed from it.",
        s.name(cell),
        s.sym(d),
        s.sym(d),
        s.name(cell),
        s.sym(d),
        s.syms_text(others),
        if others.count_ones() == 1 {
            "is"
        } else {
            "are"
        }
    )
}

/// The figure of a chain: each node in order (`node`, or `als` for an almost locked set), and
/// its links, strong and weak in turn from a strong one; a continuous loop's last weak link
/// goes back to its first node.
pub(super) fn draw(fig: &mut super::Figure, g: &Graph, path: &[u32], closed: bool) {
    let cells = |v: u32| g.cells(v as usize).iter().map(|&c| c as usize);
    for &v in path {
        let part = if g.is_als(v as usize) {
            Part::Als
        } else {
            Part::Node
        };
        fig.role(part, cells(v), bit(g.digit[v as usize]));
    }
    for (i, w) in path.windows(2).enumerate() {
        let (x, y) = (w[0], w[1]);
        fig.link(
            cells(x),
            g.digit[x as usize],
            cells(y),
            g.digit[y as usize],
            i % 2 == 0,
        );
    }
    if let (true, [first, .., last]) = (closed, path) {
        let (x, y) = (*last, *first);
        fig.link(
            cells(x),
            g.digit[x as usize],
            cells(y),
            g.digit[y as usize],
            false,
        );
    }
}

/// What the chain's almost locked sets are: ` {r4c2, r5c2} holds 1, 4 and 8 in 2 cells, so it
/// lacks at most one of them.`, one sentence per set; empty without ALS nodes.
fn als_note(s: &State, g: &Graph, path: &[u32]) -> String {
    let mut out = String::new();
    let mut seen: Vec<u32> = Vec::new();
    for &v in path.iter().filter(|&&v| g.is_als(v as usize)) {
        let v = v as usize;
        let AlsNode { set, first, len } = g.als[v - g.first_als];
        if seen.contains(&first) {
            continue;
        }
        seen.push(first);
        let ds: Vec<String> = (first..first + len)
            .map(|u| s.sym(g.digit[u as usize]).to_string())
            .collect();
        out.push_str(&format!(
            " {} holds {} in {} cells, so it lacks at most one of them.",
            g.node_name(s, v),
            super::step::and_list(&ds),
            set.count_ones()
        ));
    }
    out
}

/// `a = b - c = d`: strong links first and last.
fn join_links(names: &[String]) -> String {
    let mut out = names[0].clone();
    for (i, name) in names.iter().enumerate().skip(1) {
        out.push_str(if i % 2 == 1 { " = " } else { " - " });
        out.push_str(name);
    }
    out
}

/// `strong links in row 1 and row 4`.
fn links_text(units: &[Unit]) -> String {
    let names: Vec<String> = units.iter().map(|u| u.to_string()).collect();
    format!("strong links in {}", super::step::and_list(&names))
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
