//! The link graph: nodes (candidates, groups, ALS nodes) and their strong and weak links.

use super::*;

/// Which links a graph has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::logic) enum Links {
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
    pub(super) fn grouped(self) -> bool {
        matches!(self, Links::Grouped | Links::GroupedAls)
    }
}

/// What an ALS node belongs to: its set's cells and its set's nodes (`first..first + len`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct AlsNode {
    pub(super) set: u128,
    pub(super) first: u32,
    pub(super) len: u32,
}

/// The link graph of a state: nodes (candidates, then groups) and their strong and weak links in
/// compressed adjacency lists.
#[derive(Debug, PartialEq)]
pub(in crate::logic) struct Graph {
    pub(super) n: usize,
    /// The digit of each node.
    pub digit: Vec<u8>,
    pub(super) cell_start: Vec<u32>,
    pub(super) cell_buf: Vec<u32>,
    /// The node of candidate `cell * n + d - 1`, or [`NONE`].
    pub cand_node: Vec<u32>,
    pub(super) strong_start: Vec<u32>,
    pub(super) strong: Vec<u32>,
    pub(super) weak_start: Vec<u32>,
    pub(super) weak: Vec<u32>,
    pub(super) first_group: usize,
    /// The first ALS node (after the groups; the node count when there are none).
    pub(super) first_als: usize,
    /// Per ALS node (from `first_als`), its set.
    pub(super) als: Vec<AlsNode>,
    /// Per node, the cells outside it that see all of its cells, as a bit set; empty for grids
    /// of more than 128 cells.
    pub(super) see_all: Vec<u128>,
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
pub(super) fn strongly_linked_groups(
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
pub(super) fn csr(nodes: usize, edges: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    csr_from(nodes, edges, 0)
}

/// [`csr`] where the edges of each source below `first` come sorted and once each, so that
/// only the lists of the others are sorted.
pub(super) fn csr_from(nodes: usize, edges: Vec<(u32, u32)>, first: usize) -> (Vec<u32>, Vec<u32>) {
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
pub(super) fn by_source(nodes: usize, edges: &[(u32, u32)]) -> (Vec<u32>, Vec<u32>) {
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
pub(super) struct GroupNodes {
    pub(super) units: Vec<[usize; 2]>,
    pub(super) places: Vec<[u32; 2]>,
    pub(super) start: Vec<u32>,
    pub(super) inside: Vec<u32>,
    pub(super) n: usize,
}

impl GroupNodes {
    /// Adds to `g` the groups of two or more cells that strong links join (none unless
    /// `links` is grouped).
    pub(super) fn add(g: &mut Graph, cx: &Engine, s: &State, links: Links) -> GroupNodes {
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
    pub(super) fn of(&self, u: usize, d: u8) -> &[u32] {
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
    pub(super) fn is_als(&self, v: usize) -> bool {
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
    pub(super) fn with_candidates(s: &State, links: Links) -> Graph {
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
    pub(super) fn add_als_nodes(&mut self, cx: &Engine, s: &State) {
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
    pub(super) fn unit_strong_links(
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
    pub(super) fn group_strong_links(
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
    pub(super) fn bivalue_strong_links(&self, s: &State, strong: &mut Vec<(u32, u32)>) {
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
    pub(super) fn group_weak_links(
        &self,
        s: &State,
        groups: &GroupNodes,
        weak: &mut Vec<(u32, u32)>,
    ) {
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
    pub(super) fn group_weak_links_by_cells(
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
    pub(super) fn als_links(
        &self,
        s: &State,
        strong: &mut Vec<(u32, u32)>,
        weak: &mut Vec<(u32, u32)>,
    ) {
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
    pub(super) fn see_all_sets(&self, s: &State) -> Vec<u128> {
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
    pub(super) fn weak_links(
        &self,
        s: &State,
        links: Links,
        others: Vec<(u32, u32)>,
    ) -> (Vec<u32>, Vec<u32>) {
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

    pub(super) fn push_node(&mut self, d: u8, cells: &[u32]) {
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
