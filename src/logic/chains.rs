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
        let tables = s.tables();
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
        // Each group's line and box, in the order the groups are made, and its places in each.
        // (Room for a hard puzzle's, some 70 on 9x9, not grown from one.)
        let group_room = if links.grouped() { 2 * n * n } else { 0 };
        let mut group_units: Vec<[usize; 2]> = Vec::with_capacity(group_room);
        let mut group_places: Vec<[u32; 2]> = Vec::with_capacity(group_room);
        if links.grouped() {
            strongly_linked_groups(s, cx.search.all_groups, |d, units, places, cells| {
                g.push_node(d, cells);
                group_units.push(units);
                group_places.push(places);
            });
        }
        // Per (unit, digit), the groups inside that unit, in the order they were made (so
        // sorted, and each once: a group's line is not its box).
        let group_edges: Vec<(u32, u32)> = (group_units.iter().enumerate())
            .flat_map(|(i, units)| {
                let (id, d) = ((g.first_group + i) as u32, g.digit[g.first_group + i]);
                units.map(|u| ((u * n + d as usize - 1) as u32, id))
            })
            .collect();
        let (groups_start, groups_in) = by_source(3 * n * n, &group_edges);
        let groups_of = |u: usize, d: u8| {
            let k = u * n + d as usize - 1;
            &groups_in[groups_start[k] as usize..groups_start[k + 1] as usize]
        };
        g.first_als = g.digit.len();
        if links == Links::GroupedAls {
            als::each_set(cx, s, |set, ds, with| {
                let first = g.digit.len() as u32;
                let len = ds.count_ones();
                for d in digits(ds) {
                    let cs: Vec<u32> = (0..cells as u32)
                        .filter(|&c| with[usize::from(d) - 1] >> c & 1 != 0)
                        .collect();
                    g.push_node(d, &cs);
                    g.als.push(AlsNode { set, first, len });
                }
            });
        }
        let nodes = g.digit.len();
        // About one strong link each way per node on hard puzzles.
        let mut strong: Vec<(u32, u32)> = Vec::with_capacity(2 * nodes);
        // About a peer per unit cell and digit per candidate, and two ways per group link.
        // The weak links of groups and ALS nodes; those between candidates are listed in order
        // at the end, without sorting.
        let mut weak: Vec<(u32, u32)> = Vec::with_capacity((nodes - g.first_group) * 8 * n);
        // Strong links in units: the digit's places split into two nodes. Two places are two
        // candidates; more are a group and the rest (a candidate or another group).
        if links != Links::Bivalue {
            for u in 0..s.unit_count() {
                let ucells = s.unit(u);
                for d in 1..=n as u8 {
                    if matches!(links, Links::Digit(x) if x != d) {
                        continue;
                    }
                    let places = s.places(u, d);
                    let count = places.count_ones();
                    if count == 2 {
                        let (x, y) = (places.trailing_zeros(), 31 - places.leading_zeros());
                        let (x, y) = (g.node(ucells[x as usize], d), g.node(ucells[y as usize], d));
                        strong.push((x, y));
                        strong.push((y, x));
                    }
                    if count < 3 || !links.grouped() {
                        continue;
                    }
                    // The groups inside the unit, with their places there.
                    let groups = groups_of(u, d);
                    let mask = |gid: u32| {
                        let i = gid as usize - g.first_group;
                        group_places[i][usize::from(group_units[i][0] != u)]
                    };
                    for (i, &x) in groups.iter().enumerate() {
                        let rest = places & !mask(x);
                        let y = if rest.count_ones() == 1 {
                            g.node(ucells[rest.trailing_zeros() as usize], d)
                        } else if let Some(&y) = groups[i + 1..].iter().find(|&&y| mask(y) == rest)
                        {
                            y
                        } else {
                            continue;
                        };
                        strong.push((x, y));
                        strong.push((y, x));
                    }
                }
            }
        }
        // Bivalue cells.
        if !matches!(links, Links::Digit(_)) {
            for c in 0..cells {
                let m = s.cands(c);
                if m.count_ones() == 2 {
                    let mut ds = digits(m);
                    let (x, y) = (ds.next().unwrap(), ds.next().unwrap());
                    let (a, b) = (g.node(c, x), g.node(c, y));
                    strong.push((a, b));
                    strong.push((b, a));
                }
            }
        }
        // Weak links of groups: to candidates and groups of their digit that see all their cells.
        // A cell sees every cell of a group when it lies in the group's line or box (a cell
        // off both misses one of the group's cells, which lie in two columns or two rows).
        if links.grouped() && !tables.peer_bits.is_empty() {
            // Up to 128 cells, as bit sets: each group's cells and the cells that see them all
            // (the order of the links does not matter, they are sorted below).
            let peers = &tables.peer_bits;
            let groups: Vec<(u128, u128)> = (g.first_group..g.first_group + group_units.len())
                .map(|v| {
                    let vc = g.cells(v);
                    let own = vc.iter().fold(0u128, |m, &c| m | 1 << c);
                    (own, vc.iter().fold(!0u128, |m, &c| m & peers[c as usize]))
                })
                .collect();
            let unit_cells = &tables.unit_cell_bits;
            for (i, &[l, bu]) in group_units.iter().enumerate() {
                let v = (g.first_group + i) as u32;
                let d = g.digit[v as usize];
                let near = (unit_cells[l] | unit_cells[bu]) & s.board_bits(d) & !groups[i].0;
                for p in cells_of(near) {
                    let w = g.node(p, d);
                    if w != NONE {
                        weak.push((v, w));
                        weak.push((w, v));
                    }
                }
                for &y in [l, bu].iter().flat_map(|&u| groups_of(u, d)) {
                    let y = y as usize;
                    let j = y - g.first_group;
                    if y > v as usize && groups[j].0 & !groups[i].1 == 0 {
                        weak.push((v, y as u32));
                        weak.push((y as u32, v));
                    }
                }
            }
        } else if links.grouped() {
            for (i, &[l, bu]) in group_units.iter().enumerate() {
                let v = (g.first_group + i) as u32;
                let d = g.digit[v as usize];
                let gc = g.cells(v as usize);
                for &p in s.unit(l).iter().chain(s.unit(bu)) {
                    let w = g.node(p, d);
                    if w != NONE && !gc.contains(&(p as u32)) {
                        weak.push((v, w));
                        weak.push((w, v));
                    }
                }
            }
            // Two groups see each other only inside one unit: the same box, or the same line.
            for (i, units) in group_units.iter().enumerate() {
                let x = g.first_group + i;
                let d = g.digit[x];
                for &y in units.iter().flat_map(|&u| groups_of(u, d)) {
                    let y = y as usize;
                    let (xc, yc) = (g.cells(x), g.cells(y));
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
        // ALS nodes: strongly linked to the set's other digits, weakly to the candidates, groups
        // and ALS nodes of their digit that see all their cells (ALS exist only up to 128
        // cells).
        if g.first_als < nodes {
            let peers = &tables.peer_bits;
            let bits: Vec<u128> = (g.first_group..nodes)
                .map(|v| g.cells(v).iter().fold(0u128, |m, &c| m | 1 << c))
                .collect();
            let bits_of = |v: usize| bits[v - g.first_group];
            for v in g.first_als..nodes {
                let AlsNode { set, first, len } = g.als[v - g.first_als];
                for w in first..first + len {
                    if w as usize != v {
                        strong.push((v as u32, w));
                    }
                }
                let d = g.digit[v];
                let seen = g
                    .cells(v)
                    .iter()
                    .fold(!0u128, |m, &c| m & peers[c as usize])
                    & !set;
                let mut rest = seen;
                while rest != 0 {
                    let p = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let w = g.node(p, d);
                    if w != NONE {
                        weak.push((v as u32, w));
                        weak.push((w, v as u32));
                    }
                }
                // Groups, and the sets' nodes after this one (each pair once).
                for w in (g.first_group..g.first_als).chain(v + 1..nodes) {
                    if g.digit[w] == d && bits_of(w) & !seen == 0 {
                        weak.push((v as u32, w as u32));
                        weak.push((w as u32, v as u32));
                    }
                }
            }
        }
        (g.strong_start, g.strong) = csr(nodes, strong);
        (g.weak_start, g.weak) = g.weak_links(s, links, weak);
        let peers = &tables.peer_bits;
        if !peers.is_empty() {
            // A candidate's are its cell's peers.
            let mut see_all: Vec<u128> = (0..g.first_group)
                .map(|v| peers[g.cells(v)[0] as usize])
                .collect();
            see_all.extend((g.first_group..nodes).map(|v| {
                let vc = g.cells(v);
                let own = vc.iter().fold(0u128, |m, &c| m | 1 << c);
                vc.iter().fold(!0u128, |m, &c| m & peers[c as usize]) & !own
            }));
            g.see_all = see_all;
        }
        g
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
    const UNSEEN: u32 = u32::MAX;
    let states = 2 * g.nodes();
    // The states that state `st` leads to: from "false" the strong links, from "true" the weak
    // (the nodes of the list, in the other state).
    let next = |st: u32| {
        let v = (st >> 1) as usize;
        if st & 1 == 0 {
            (g.strong(v), 1)
        } else {
            (g.weak(v), 0)
        }
    };
    let mut index = vec![UNSEEN; states];
    let mut low = vec![0u32; states];
    let mut comp = vec![UNSEEN; states];
    let mut stack: Vec<u32> = Vec::with_capacity(states);
    // The depth-first walk: a state, and the links it has yet to follow; and per state of the
    // walk (by depth) the set it has gathered so far.
    let mut walk: Vec<(u32, &[u32])> = Vec::new();
    let mut gathered: Vec<u64> = Vec::new();
    // At most a component per state: room for all, so that growing never copies.
    let mut reach: Vec<u64> = Vec::with_capacity(states * words);
    // Per component, the state (its index) whose set last took it in.
    let mut merged: Vec<u32> = Vec::with_capacity(states);
    // Per state, the one bit its set holds when it leads nowhere ([`LONE_EMPTY`] for none),
    // else [`ROW`]: such a set is taken in as its bit. Per state, not per component, so that
    // following a link to one (most links lead to such a state) reads one place.
    const ROW: u32 = u32::MAX;
    const LONE_EMPTY: u32 = u32::MAX - 1;
    let mut lone: Vec<u32> = vec![ROW; states];
    let mut count = 0u32;
    let mut comps = 0usize;
    // Opens state `st` on the walk at depth `depth`: its set holds its own bit.
    let open = |gathered: &mut Vec<u64>, depth: usize, st: u32| {
        gathered.resize((depth + 1) * words, 0);
        let own = &mut gathered[depth * words..];
        own.fill(0);
        if let Some(b) = mark(st) {
            own[b / 64] |= 1 << (b % 64);
        }
    };
    // A state that leads nowhere (most "`w` is false": no strong link) is a component of its
    // own, closed before the walk: following a link to one then costs one read.
    for st in 0..states as u32 {
        if next(st).0.is_empty() {
            let i = st as usize;
            index[i] = count;
            count += 1;
            comp[i] = comps as u32;
            merged.push(UNSEEN);
            reach.resize((comps + 1) * words, 0);
            let b = mark(st);
            if let Some(b) = b {
                reach[comps * words + b / 64] |= 1 << (b % 64);
            }
            lone[i] = b.map_or(LONE_EMPTY, |b| b as u32);
            comps += 1;
        }
    }
    for root in 0..states as u32 {
        if index[root as usize] != UNSEEN {
            continue;
        }
        index[root as usize] = count;
        low[root as usize] = count;
        count += 1;
        stack.push(root);
        open(&mut gathered, 0, root);
        walk.push((root, next(root).0));
        while let Some(depth) = walk.len().checked_sub(1) {
            let (v, rest) = &mut walk[depth];
            let v = *v;
            if let Some((&w, tail)) = rest.split_first() {
                *rest = tail;
                // From "false" the strong links lead to "true", from "true" the weak to "false".
                let w = 2 * w + (1 - (v & 1));
                let wi = w as usize;
                // A state that leads nowhere: its one bit, if any.
                let b = lone[wi];
                if b != ROW {
                    if b != LONE_EMPTY {
                        gathered[depth * words + b as usize / 64] |= 1 << (b % 64);
                    }
                    continue;
                }
                if index[wi] == UNSEEN {
                    index[wi] = count;
                    low[wi] = count;
                    count += 1;
                    stack.push(w);
                    open(&mut gathered, depth + 1, w);
                    walk.push((w, next(w).0));
                } else if comp[wi] == UNSEEN {
                    // On the stack: in the component being walked.
                    low[v as usize] = low[v as usize].min(index[wi]);
                } else {
                    // Closed before: its set, once per state of the walk.
                    let c = comp[wi] as usize;
                    if merged[c] != index[v as usize] {
                        merged[c] = index[v as usize];
                        merge_row(
                            &mut gathered[depth * words..(depth + 1) * words],
                            &reach[c * words..(c + 1) * words],
                        );
                    }
                }
                continue;
            }
            walk.pop();
            let closes = low[v as usize] == index[v as usize];
            if closes {
                // `v` closes a component: its states, and what they gathered.
                loop {
                    let w = stack.pop().unwrap_or(v);
                    comp[w as usize] = comps as u32;
                    if w == v {
                        break;
                    }
                }
                merged.push(UNSEEN);
                reach.extend_from_slice(&gathered[depth * words..(depth + 1) * words]);
                comps += 1;
            }
            if let Some(&(u, _)) = walk.last() {
                low[u as usize] = low[u as usize].min(low[v as usize]);
                if closes {
                    merged[comps - 1] = index[u as usize];
                }
                // The state it was reached from takes in what it gathered: in its component,
                // or the component it closed, which that state's link leads to.
                let (below, at) = gathered.split_at_mut(depth * words);
                merge_row(&mut below[(depth - 1) * words..], &at[..words]);
            }
        }
    }
    (comp, reach)
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
            let st = bfs.order()[i];
            // The grouped form wants the chains through a group only.
            if st & 1 == 0 || grouped != bfs.through_group(st) {
                continue;
            }
            let b = bfs.node(st) as usize;
            if b < a {
                continue;
            }
            let links = bfs.dist(st);
            // Every step wanted, chains ending at a set list after all others: they are many,
            // and the others are the ones HoDoKu lists most (see the module's notes).
            let order = if g.is_als(a) || g.is_als(b) {
                links + ALS_END_LAST
            } else {
                links
            };
            if order > cap {
                continue;
            }
            // A chain whose ends are weakly linked closes a continuous loop (nice loops only).
            let closed = (loops && a != b && g.weakly_linked(a, b))
                .then(|| {
                    let path = bfs.path(st);
                    loop_elims(s, g, &path).map(|elims| (path, elims))
                })
                .flatten();
            let score = if a == b {
                if g.is_group(a) {
                    continue;
                }
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
                continue;
            }
            let (path, loop_elims) = match closed {
                Some((path, elims)) => (path, Some(elims)),
                None => (bfs.path(st), None),
            };
            // A solving path takes no chain that comes back to a candidate it passed (a
            // lasso): such a chain proves no more than the loop it closes on the way, and
            // HoDoKu takes none (a loop that places a digit ends where it starts). Every step
            // wanted lists one: the search keeps the shortest chain to each candidate, and
            // where that is a lasso, a longer chain without one (which HoDoKu lists) may have
            // the same effect. A chain through a group (the layered search sees to it) never
            // passes a node twice with the same truth (node `i` is true for odd `i`): it would
            // go round a circle to reach the group.
            let fits = match t {
                Technique::XChain => a != b,
                Technique::XyChain => a != b && g.digit[a] == g.digit[b],
                Technique::NiceLoop => true,
                _ => path
                    .iter()
                    .enumerate()
                    .all(|(i, v)| !path[..i].iter().skip(i % 2).step_by(2).any(|w| w == v)),
            };
            // A lasso on a solving path: another chain as short between the same ends may
            // pass every candidate once (the search kept the first it met). A continuous loop's
            // eliminations depend on its path, so it keeps to the one found; so do grouped
            // chains (walking back across the layers matched HoDoKu no better).
            let path = if col.all || simple(&path, a == b) {
                Some(path)
            } else if grouped || loop_elims.is_some() || links > LASSO_DETOUR_LINKS {
                None
            } else {
                bfs.simple_path(g, st, a == b)
            };
            let (true, Some(path)) = (fits, path) else {
                continue;
            };
            // Nor, on a solving path, a grouped chain that passes a candidate twice through a
            // group, or a cell in the ways `passes_a_place_twice` lists: on HoDoKu's paths of 160
            // top1465 puzzles our first step became its instance in 6 more states.
            if grouped && !col.all && passes_a_place_twice(g, &path, a == b, loop_elims.is_some()) {
                continue;
            }
            let effect = ChainEffect::of(s, g, &path, loop_elims);
            // Every step wanted, a chain whose effect is kept as short already is dropped
            // before its sentence is written: on rich pencil-mark states writing the sentences
            // of the chains dropped later took over half the time.
            if col.all && !col.improves(&effect.key(s), order) {
                continue;
            }
            col.offer(score, order, chain_step(col.quiet, s, g, t, &path, effect));
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
    let a = path[0] as usize;
    let b = path[path.len() - 1] as usize;
    let ChainEffect {
        elims,
        placement,
        closed,
    } = effect;
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
    let (da, db) = (g.digit[a], g.digit[b]);
    let text = say(quiet, || {
        let notation = match t {
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
        };
        let holds = |v: usize| {
            if g.is_group(v) {
                format!("{} lies in {}", s.sym(g.digit[v]), g.node_name(s, v))
            } else {
                format!("{} is {}", g.node_name(s, v), s.sym(g.digit[v]))
            }
        };
        if let Some((cell, d)) = placement {
            format!(
                "Nice Loop: {notation}; if {} were not {} it would have to be {}, so {} is {} and \
                 {} {} removed from it.",
                s.name(cell),
                s.sym(d),
                s.sym(d),
                s.name(cell),
                s.sym(d),
                s.syms_text(s.cands(cell) & !bit(d)),
                if (s.cands(cell) & !bit(d)).count_ones() == 1 {
                    "is"
                } else {
                    "are"
                }
            )
        } else {
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
                    links_text(&units),
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
                _ if closed => {
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
                                g.cells(a).contains(&(e.0 as u32))
                                    || g.cells(b).contains(&(e.0 as u32))
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
    });
    let mut text = text;
    if !text.is_empty() {
        text.push_str(&als_note(s, g, path));
    }
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
    use super::super::tests::{run_in, searching};
    use super::super::{Engine, State, Technique, ALL_STEPS_LIMIT};
    use super::{grouped_graph, Graph, Links};
    use crate::grid::{bit, Mask, Shape};

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

    /// A 9x9 state from 81 whitespace-separated tokens: a placed digit, or a cell's candidates
    /// (`.` or `0` for none). One digit is a placed cell.
    pub(in crate::logic) fn marks(text: &str) -> State {
        let mut values = Vec::new();
        let mut cands = Vec::new();
        for tok in text.split_whitespace() {
            let ds: Vec<u8> = tok
                .chars()
                .filter_map(|c| c.to_digit(10))
                .filter(|&d| d != 0)
                .map(|d| d as u8)
                .collect();
            if ds.len() == 1 {
                values.push(ds[0]);
                cands.push(0);
            } else {
                values.push(0);
                cands.push(ds.iter().fold(0 as Mask, |m, &d| m | bit(d)));
            }
        }
        assert_eq!(values.len(), 81, "81 tokens");
        State::from_candidates(Shape::for_size(9).unwrap(), values, cands).unwrap()
    }

    pub(in crate::logic) type Case = (
        Technique,
        &'static str,
        &'static [(usize, u8)],
        &'static [(usize, Mask)],
    );

    const CASES: &[Case] = &[
        (
            Technique::XChain,
            "79 356 24 48 567 1 23 5689 568 79 356 24 48 567 567 23 5689 1 1 56 8 9 2 3 567 4 567 \
             8 7 3 56 1 4 56 2 9 2 1 5 3 689 69 4 7 68 4 9 6 7 58 2 1 58 3 56 4 9 2 3 8 567 1 567 \
             56 8 7 1 4 56 9 3 2 3 2 1 56 79 79 8 56 4",
            &[],
            // Two X-Chains remove two candidates each; the one whose first removal comes first
            // is taken, though it is longer.
            &[(4, 16), (13, 16)],
        ),
        (
            Technique::XyChain,
            "3568 34589 1 24589 2458 67 2359 789 23 3568 34589 489 24589 2458 67 2359 789 1 7 589 \
             2 589 1 3 6 4 58 38 389 7 6 489 2 1 5 48 25 1 6 458 34589 49 2349 89 7 4 25 89 7 3589 \
             1 239 6 23 28 248 48 3 6 5 7 1 9 1 7 5 24 249 49 8 3 6 9 6 3 1 7 8 45 2 45",
            &[],
            &[(31, 8), (42, 8)],
        ),
        (
            Technique::NiceLoop,
            "4 569 1268 5789 3 1578 25 2567 579 1237 359 12 6 27 14579 8 2357 34579 23678 3569 268 \
             45789 278 45789 2345 23567 1 1236 346 1246 378 5 3678 23 9 378 23 8 59 3479 1 3479 6 \
             2357 357 36 7 59 2 68 3689 345 1 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 \
             9 2 7 35 4 35 1 8 6",
            &[],
            &[(5, 64)],
        ),
        (
            Technique::NiceLoop,
            "4 69 268 789 3 1 5 267 79 137 59 12 6 27 459 8 237 49 3678 3569 268 45789 278 45789 \
             234 2367 1 1236 346 146 378 5 3678 23 9 78 23 8 59 3479 1 3479 6 2357 357 36 7 59 2 \
             68 3689 34 1 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 9 2 7 35 4 35 1 8 6",
            // A loop places 2 in r4c7, which has one other candidate; an AIC removes two
            // candidates, so it is taken (HoDoKu ranks a placing loop by the candidates it
            // removes from its cell).
            &[],
            &[(18, 32), (28, 32)],
        ),
        (
            // From HoDoKu's solving path of a top1465 puzzle: an AIC of 11 links, longer than
            // the 10 of RATING.md's defaults.
            Technique::NiceLoop,
            "7 169 8 136 2 13459 3456 3456 3456 456 26 245 3678 4567 4578 23456 9 1 3 1269 12459 \
             16 14569 1459 2456 78 78 1589 4 6 2 179 1789 1359 358 3589 1589 1289 1259 168 3 \
             1489 7 4568 45689 189 37 37 5 1469 1489 1469 2468 24689 148 5 1347 9 178 6 34 2347 \
             2347 689 36789 379 4 578 2 3569 1 35679 2 1679 1479 137 157 1357 8 4567 45679",
            &[],
            &[(63, 128), (64, 32)],
        ),
        (
            Technique::GroupedNiceLoop,
            "3569 5689 68 79 2 1379 369 4 15679 359 7 24 489 1348 6 2389 1235 1259 369 1 24 5 \
             3478 34789 23689 2367 2679 2 356 7 49 1456 149 3469 8 14569 156 568 168 3 4568 2489 \
             7 256 24569 4 3568 9 278 15678 278 236 12356 1256 79 249 5 6 478 2478 1 29 3 8 26 3 \
             1 9 5 246 267 2467 1679 2469 16 247 347 2347 5 269 8",
            &[],
            // A continuous loop: every weak link of it eliminates.
            &[(31, 8), (32, 264), (44, 50)],
        ),
    ];

    pub(in crate::logic) fn run(t: Technique, s: &State, limit: usize) -> Vec<super::Step> {
        run_in(&Engine::new(), t, s, limit)
    }

    /// Each case's technique finds exactly its placements and eliminations as the first step,
    /// and lists the same step among every step.
    pub(in crate::logic) fn check_cases(cases: &[Case]) {
        for &(t, text, places, elims) in cases {
            let s = marks(text);
            let steps = run(t, &s, 1);
            assert_eq!(steps.len(), 1, "{t:?} finds a step");
            let step = &steps[0];
            assert_eq!(step.technique, t);
            assert_eq!(&step.placements[..], places, "{}", step.explanation);
            assert_eq!(step.eliminations, elims, "{}", step.explanation);
            assert!(!step.cells.is_empty());
            assert!(step.explanation.contains(" so "), "{}", step.explanation);
            let all = run(t, &s, 100);
            assert!(all
                .iter()
                .any(|x| x.eliminations == step.eliminations && x.placements == step.placements));
        }
    }

    #[test]
    fn each_chain_finds_its_eliminations() {
        check_cases(CASES);
    }

    #[test]
    fn an_x_chain_reads_as_a_chain() {
        let s = marks(CASES[0].1);
        let step = &run(Technique::XChain, &s, 1)[0];
        assert_eq!(
            &*step.explanation,
            "X-Chain on 5: r2c6 = r8c6 - r9c4 = r9c8 - r6c8 = r6c5 (strong links in column 6, \
             row 9 and row 6); either r2c6 or r6c5 is 5, so 5 is removed from r1c5 and r2c5."
        );
        assert_eq!(step.cells, vec![14, 68, 75, 79, 52, 49]);
    }

    /// States of HoDoKu's solving paths of top1465 puzzles (the 21st unless said), where it
    /// takes a nice loop: it takes the loop that removes most candidates, a loop that places a
    /// digit counting as the removal of the cell's other candidates (here an AIC removing four
    /// beats loops that place a digit in a bivalue cell); among equals, the one whose removed candidates'
    /// cells have the smallest sum, then the one whose first removal comes first in the grid
    /// (here r2c7, by a longer loop than the shortest of equal effect).
    #[test]
    fn a_nice_loop_is_taken_as_hodoku_takes_it() {
        let place =
            "569 59 8 7 2 3 69 4 1 39 7 24 489 1 6 89 235 25 36 1 24 5 48 489 2689 2367 267 \
             2 356 7 49 56 1 346 8 4569 15 8 16 3 456 249 7 256 49 4 356 9 28 567 278 236 1 256 \
             79 249 5 6 478 2478 1 29 3 8 26 3 1 9 5 246 267 2467 179 246 16 24 3 47 5 69 8";
        let step = &run(Technique::NiceLoop, &marks(place), 1)[0];
        assert_eq!(
            step.eliminations,
            vec![(0, 32), (24, 32), (25, 32), (26, 32)],
            "{}",
            step.explanation
        );
        let tie = "569 5689 68 7 2 3 69 4 1 39 7 24 489 1 6 289 235 25 369 1 24 5 48 489 2689 \
             2367 2679 2 356 7 49 56 1 3469 8 4569 15 568 168 3 4568 2489 7 256 49 4 3568 9 28 \
             5678 278 236 1 256 79 249 5 6 478 2478 1 29 3 8 26 3 1 9 5 246 267 2467 1679 2469 \
             16 24 3 247 5 69 8";
        let step = &run(Technique::NiceLoop, &marks(tie), 1)[0];
        assert_eq!(step.eliminations, vec![(15, 2)], "{}", step.explanation);
        // Of AICs removing three candidates, HoDoKu's removes 9 from r1c4, r1c6 and r2c1 (cells
        // 3 + 5 + 9 = 17), not the one whose first removal, r1c2, comes first (from the path of
        // the 77th top1465 puzzle).
        let sum = "7 19 8 69 3 569 4 125 12 19 2 56 49 7 459 156 8 3 456 45 3 2 1 8 67 57 9 29 79 \
             27 5 68 46 3 14 148 58 6 4 1 2 3 578 9 78 3 58 1 48 9 7 258 245 6 1268 178 267 3 5 \
             26 9 1247 2478 1258 3 257 789 4 29 1278 6 1278 2468 478 9 678 68 1 278 3 5";
        let step = &run(Technique::NiceLoop, &marks(sum), 1)[0];
        assert_eq!(
            step.eliminations,
            vec![(3, bit(9)), (5, bit(9)), (9, bit(9))],
            "{}",
            step.explanation
        );
    }

    /// A solving path takes no chain that comes back to a candidate it passed (a lasso). In
    /// this state of HoDoKu's path of a generated puzzle
    /// (`.......656..2....1.5....8.....3.1.892..4.53...83......1..6...4..2..13...........2`) the
    /// lasso (2)r1c3 = (2)r1c7 - (2)r3c8 ... (2)r4c7 - (2)r1c7 = (2)r1c3 "places" 2 in r1c3,
    /// which would rank above HoDoKu's AIC removing three; taking it led to a path scored
    /// extreme 2,188 where HoDoKu's is unfair 1,058. Every step wanted still lists it.
    #[test]
    fn a_solving_path_takes_no_lasso() {
        let lasso = "34789 13479 12479 1789 3479 479 249 6 5 6 3479 4789 2 5 4789 49 39 1 349 5 \
             1249 19 3469 469 8 239 7 457 467 4567 3 27 1 25 8 9 2 19 19 4 8 5 3 7 6 57 8 3 79 \
             2679 2679 125 125 4 1 79 5789 6 279 2789 579 4 3 4579 2 45679 579 1 3 5679 59 8 \
             35789 3679 5679 5789 479 479 15679 159 2";
        let s = marks(lasso);
        let step = &run(Technique::NiceLoop, &s, 1)[0];
        assert_eq!(
            step.eliminations,
            vec![(31, bit(2)), (51, bit(2)), (52, bit(2))],
            "{}",
            step.explanation
        );
        let all = run(Technique::NiceLoop, &s, ALL_STEPS_LIMIT);
        // The lasso, as a placement or as the removal of the cell's other candidates.
        let others = bit(1) | bit(4) | bit(7) | bit(9);
        assert!(all
            .iter()
            .any(|x| x.placements[..] == [(2, 2)] || x.eliminations == [(2, others)]));
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

    /// A state of HoDoKu's path of a top1465 puzzle
    /// (`....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2..`,
    /// its 25th step). The shortest chain the search meets that makes r2c9 2 passes (2)r2c5
    /// twice, (2)r2c9 = (2)r2c5 - (8)r2c5 ... (2)r3c5 - (2)r2c5 = (2)r2c9; HoDoKu takes the
    /// loop as short that closes through (2)r3c9 instead. Without it, the path took an AIC
    /// removing two candidates and scored 10 more than HoDoKu.
    #[test]
    fn a_lasso_gives_way_to_a_chain_as_short_without_one() {
        let state = "789 379 2 46789 5 3789 469 349 1 1 359 348 469 248 39 4569 7 2359 579 6 34 \
             1479 24 1379 459 8 2359 2578 157 6 278 3 4 78 159 589 24578 457 9 278 1 78 3 56 568 \
             78 13 38 5 9 6 178 2 4 49 8 1 3 6 2 459 459 7 6 2 7 149 48 5 18 1349 39 3 49 5 1489 \
             7 189 2 1469 689";
        let step = &run(Technique::NiceLoop, &marks(state), 1)[0];
        // r2c9 is 2: written as the removal of its other candidates (3, 5 and 9).
        let placed = step.placements[..] == [(17, 2)]
            || step.eliminations == [(17, bit(3) | bit(5) | bit(9))];
        assert!(placed, "{}", step.explanation);
        // "Nice Loop: (2)r2c9 = ... = (2)r2c9; if ...": no candidate but the first comes twice.
        let text = &step.explanation;
        let chain = text
            .split_once(": ")
            .and_then(|(_, rest)| rest.split_once(';'));
        let nodes: Vec<&str> = (chain.expect(text).0.split(" = "))
            .flat_map(|x| x.split(" - "))
            .collect();
        let open = &nodes[..nodes.len() - 1];
        for (i, n) in open.iter().enumerate() {
            assert!(!open[i + 1..].contains(n), "{n} twice: {text}");
        }
        assert!(open.contains(&"(2)r3c9"), "{text}");
    }

    #[test]
    fn a_grouped_chain_on_a_solving_path_passes_no_candidate_twice() {
        // A top1465 state on HoDoKu's path. The grouped chain taken was (1)r1c3 = (1)r5c3 -
        // (4)r5c3 = (4)r5c2 - (4)r23c2 = (4)r2c1 - (1)r2c1 = (1)r1c13, removing 1 from r1c7,
        // r1c8 and r2c1: its last group holds (1)r1c3, its first node, again. HoDoKu takes no
        // such chain (its step here removes 1 from r1c7 alone, by a longer loop we do not
        // keep); the path now takes the same chain cut short, and locked candidates then remove
        // 1 from r1c7 and r1c8.
        let state = "138 2 138 4 5 6 137 178 9 1348 3458 6 1378 2789 1379 12345 12458 1358 7 3458 \
             9 138 28 13 123456 124568 13568 2 378 378 5 1 4 367 9 3678 6 47 147 9 3 8 157 157 2 \
             1389 389 5 67 67 2 13 18 4 349 6 347 2 479 13579 8 1457 157 5 4789 2 1678 46789 179 \
             14679 3 167 3489 1 3478 3678 46789 3579 245679 24567 567";
        let s = marks(state);
        let step = &run(Technique::GroupedNiceLoop, &s, 1)[0];
        assert_eq!(step.eliminations, vec![(9, bit(1))], "{}", step.explanation);
        // Every step wanted, the chain is listed as before.
        let all = run(Technique::GroupedNiceLoop, &s, ALL_STEPS_LIMIT);
        let wide = [(6, bit(1)), (7, bit(1)), (9, bit(1))];
        assert!(all.iter().any(|x| x.eliminations == wide));
    }

    #[test]
    fn a_grouped_chain_on_a_solving_path_passes_no_bivalue_cell_again_in_a_group() {
        // A top1465 state on HoDoKu's path. The chain taken was (4)r6c1 = ... - (2)r5c23 = ... -
        // (3)r5c3 - (4)r5c3 = (4)r5c79, removing 4 from r5c3 and r6c789: it goes through r5c3
        // (3 to 4) after a group holding r5c3. HoDoKu takes none such; its step removes 1 from
        // r5c3, by a loop whose group holds r5c3 where r5c3 is a node once.
        let state = "356 4 79 3578 1 367 2 3689 35689 2356 2568 268 35 2456 9 145 7 13456 2356 1 79 \
             3578 24567 2346 4589 34689 345689 125 2579 12 4 3 157 6 1289 12789 8 267 12346 179 679 \
             167 147 5 234 1456 5679 1346 2 8 1567 1479 1349 13479 7 236 5 139 249 8 149 12469 \
             12469 124 28 1248 6 24579 1247 3 12489 125789 9 2368 12468 1357 2457 12347 14578 \
             12468 1245678";
        let s = marks(state);
        let step = &run(Technique::GroupedNiceLoop, &s, 1)[0];
        assert_eq!(
            step.eliminations,
            vec![(38, bit(1))],
            "{}",
            step.explanation
        );
        assert!(step.explanation.contains("r5c23"), "{}", step.explanation);
    }

    #[test]
    fn a_placing_loop_may_close_by_a_link_inside_its_first_cell() {
        // A top1465 state on our solving path. The grouped loop (4)r5c7 - (4)r4c8 = (3)r4c8 -
        // (3)r2c8 = (6)r2c8 - (6)r12c7 = (6)r5c7 - (4)r5c7 starts and ends at (4)r5c7, and its
        // last link, back to the start, is the bivalue cell r5c7 (4 6). Its two nodes in r5c7 are
        // the loop's ends, linked as a continuous loop's are, not a cell the chain passes twice.
        let state = "7 159 2 156 156 3 169 8 4 8 145 15 2 9 4567 167 1367 137 6 149 3 14 8 47 \
             179 5 2 23 156 159 7 2456 24569 8 346 135 23 8 7 456 2456 1 46 9 35 59 156 4 8 3 \
             569 2 167 157 59 2 59 3 17 8 147 147 6 1 7 6 9 45 45 3 2 8 4 3 8 16 1267 26 5 17 9";
        let s = marks(state);
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

    /// The start of a 17-clue puzzle with its first singles filled in
    /// (`..1..............1..21.3........415.56...1.3.71..8.......46..1.1.5...42..9.71....`),
    /// every candidate its digits allow.
    pub(in crate::logic) const SEVENTEEN_AFTER_SINGLES: &str =
        "34689 34578 1 25689 24579 256789 2356789 46789 23456789 34689 34578 346789 25689 \
             24579 256789 2356789 46789 1 4689 4578 2 1 4579 3 56789 46789 456789 2389 238 389 \
             2369 2379 4 1 5 26789 5 6 489 29 279 1 2789 3 24789 7 1 349 23569 8 2569 269 469 \
             2469 238 2378 378 4 6 2589 35789 1 35789 1 378 5 389 39 89 4 2 36789 23468 9 3468 \
             7 1 258 3568 68 3568";

    #[test]
    fn a_continuous_loop_is_one_step_with_every_weak_link_eliminating() {
        // HoDoKu lists the loop (2)r9c3 = (2)r9c1 - (6)r9c1 = (6)r8c3... as one Continuous
        // Nice Loop.
        let s = marks(SEVENTEEN_AFTER_SINGLES);
        let all = run(Technique::NiceLoop, &s, ALL_STEPS_LIMIT);
        let want = vec![(72, bit(2) | bit(3) | bit(8)), (74, bit(3) | bit(8))];
        let step = all.iter().find(|x| x.eliminations == want);
        let step = step.expect("the loop is found as one step");
        assert!(step.placements.is_empty());
        assert!(
            step.explanation.starts_with("Continuous Nice Loop: "),
            "{}",
            step.explanation
        );
        // Every step is true: no elimination removes the puzzle's solution digit.
        let solution: Vec<u8> =
            "641857392357926841982143675829634157564271938713589264238465719175398426496712583"
                .bytes()
                .map(|b| b - b'0')
                .collect();
        for x in &all {
            for &(c, m) in &x.eliminations {
                assert_eq!(m & bit(solution[c]), 0, "{}", x.explanation);
            }
        }
    }

    #[test]
    fn a_grouped_chain_is_found_where_a_shorter_one_without_a_group_ends_alike() {
        // A 17-clue puzzle after its first singles: from (2)r5c1 the shortest way to (3)r5c1
        // has no group; the loop through the group r6c45 is found all the same.
        let s = marks(
            "14589 145689 3 156789 15679 145689 45789 45789 2 4589 45689 2 356789 35679 45689 \
             45789 45789 1 14589 14589 7 1589 159 2 4589 3 6 4789 489 6 15789 1579 3 145789 2 578 \
             23789 89 1 256789 4 5689 35789 5789 3578 234789 489 5 12789 1279 189 134789 6 378 \
             1589 3 89 12569 12569 1569 125678 1578 4 15 7 4 12356 8 156 12356 15 9 6 2 89 4 1359 \
             7 1358 158 358",
        );
        let all = run(Technique::GroupedNiceLoop, &s, ALL_STEPS_LIMIT);
        let want = vec![
            (36, bit(7) | bit(8) | bit(9)),
            (45, bit(4) | bit(7) | bit(8) | bit(9)),
        ];
        let step = all.iter().find(|x| x.eliminations == want);
        let step = step.expect("the grouped loop is found");
        assert!(step.explanation.contains("r6c45"), "{}", step.explanation);
    }

    #[test]
    fn every_step_lists_loops_through_almost_locked_sets_and_a_path_keeps_to_groups() {
        // A position of a top1465 puzzle: HoDoKu's "find all steps" lists the continuous loop
        // (2)r5c8 = (2)r5c5 - (2){r4c5,r5c6,r6c5} = (7){..} - (7)r4c8 = (7)r5c8 - (2)r5c8.
        // Besides the weak links' eliminations, the set holds 8 and 9 (it lacks 2 or 7), so
        // r4c4, r4c6, r5c4 and r5c5, which see all of its 8s or 9s, lose them.
        let s = marks(
            "34579 3469 789 56789 1 2 6789 34578 3479 34579 3469 789 56789 789 5689 6789 1 2 2 69 \
             1 56789 3 4 6789 578 79 49 8 2 45679 79 569 3 47 1 49 1 3 4789 2789 89 5 2478 6 6 7 \
             5 1 289 3 289 248 49 379 39 79 2 5 1 4 6 8 1 5 4 89 6 89 27 237 37 8 2 6 3 4 7 1 9 5",
        );
        let all = run(Technique::GroupedNiceLoop, &s, ALL_STEPS_LIMIT);
        let want = vec![
            (30, bit(7) | bit(9)),
            (32, bit(9)),
            (39, bit(8) | bit(9)),
            (40, bit(8) | bit(9)),
            (43, bit(4) | bit(8)),
        ];
        let step = all.iter().find(|x| x.eliminations == want);
        let step = step.expect("the loop through the set is listed");
        assert!(
            step.explanation
                .contains("{r4c5, r5c6, r6c5} holds 2, 7, 8 and 9 in 3 cells"),
            "{}",
            step.explanation
        );
        // A solving path takes grouped chains without sets, as HoDoKu's paths do: the graph it
        // searches has none.
        let g = grouped_graph(&Engine::new(), &s);
        assert_eq!(g.first_als, g.nodes());
        let with_sets = Graph::build(&Engine::new(), &s, Links::GroupedAls);
        assert!(with_sets.nodes() > with_sets.first_als);
        let first = run(Technique::GroupedNiceLoop, &s, 1);
        assert_eq!(first.len(), 1);
        for step in first {
            assert!(
                !step.explanation.contains("lacks at most one"),
                "{}",
                step.explanation
            );
        }
    }

    #[test]
    fn every_step_lists_chains_ending_at_an_almost_locked_set() {
        // A position of a 17-clue puzzle: HoDoKu's "find all steps" lists the discontinuous
        // loop (9)r7c1 - (9){r7c6 .. r7c9} = (6){..} - (6)r7c3 = (6)r7c1: read as a chain, it
        // ends at the set, "either r7c1 is 6 or 9 lies in {r7c6, r7c7, r7c8, r7c9}", and r7c1
        // sees every 9 of the set. Without the set as an end, only an ALS step removes it.
        let values =
            "16...89.....7.46.1.7....5...87...3.......2.....9....5..5.......7.8.3.245.3....8.6"
                .bytes()
                .map(|b| b.saturating_sub(b'0').min(9))
                .collect();
        let grid = crate::grid::Grid::from_values(Shape::for_size(9).unwrap(), values);
        let s = State::new(&grid.unwrap());
        let all = run(Technique::GroupedNiceLoop, &s, ALL_STEPS_LIMIT);
        let r7c1 = 6 * 9;
        let step = all
            .iter()
            .find(|x| x.eliminations == vec![(r7c1, bit(9))])
            .expect("the chain ending at the set is listed");
        assert!(
            step.explanation
                .contains("either r7c1 is 6 or 9 lies in {r7c6, r7c7, r7c8, r7c9}"),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn a_full_list_stops_searching_chains_too_long_to_be_listed_and_lists_the_same() {
        // A rich pencil-mark state the `logic` fuzz target met, where listing every grouped
        // nice loop took 18 s: once 100 are kept, a longer chain could only be cut.
        let s = marks(
            "4 46 468 469 3 146 456 246 467 \
             467 456 146 6 246 46 8 346 469 \
             346 469 246 456 467 468 46 46 1 \
             146 346 46 467 5 46 246 9 468 \
             246 8 469 46 146 346 6 467 456 \
             46 7 456 2 468 469 346 146 46 \
             468 46 46 1 469 2 7 123456789 123456789 \
             5 123456789 3 123456789 123456789 123456789 123456789 4 123456789 \
             9 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789",
        );
        let capped = run(Technique::GroupedNiceLoop, &s, ALL_STEPS_LIMIT);
        // Every chain searched to its full length, however many are kept.
        let uncapped = searching(|x| x.uncapped = true);
        let full = run_in(&uncapped, Technique::GroupedNiceLoop, &s, ALL_STEPS_LIMIT);
        assert_eq!(capped.len(), ALL_STEPS_LIMIT);
        assert_eq!(capped, full);
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
        let s = marks(CASES[0].1);
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
        for s in [marks(CASES[0].1), marks(CASES[5].1), six] {
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
        for s in [marks(CASES[0].1), marks(CASES[5].1), twelve] {
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

    #[test]
    fn no_chain_where_no_link_is_strong() {
        // Every candidate everywhere: no unit has a digit in two places, no cell two digits.
        let s = marks(&vec!["123456789"; 81].join(" "));
        for t in [
            Technique::XChain,
            Technique::XyChain,
            Technique::NiceLoop,
            Technique::GroupedNiceLoop,
        ] {
            assert!(run(t, &s, 100).is_empty(), "{t:?}");
        }
    }
}
