//! The breadth-first search over a graph's states, and the chains it walks back.

use super::*;

/// Breadth-first search over the states "node false" (`2v`) and "node true" (`2v + 1`), with
/// buffers reused between starts. A layered search (for the grouped chains) runs over each state
/// twice, before and after the chain has passed a group: state `s + span` is state `s` reached
/// through a group, so that the shortest chain through a group is found even where a shorter
/// one without a group exists.
pub(in crate::logic) struct Bfs {
    /// Per state, what the last search knows of it: one record, so that reaching a state
    /// touches one place.
    pub(super) seen: Vec<Seen>,
    pub(super) generation: u32,
    /// `2 * nodes`: the states of one layer.
    pub(super) span: u32,
    pub(super) layered: bool,
    /// The states reached, in the order reached (by distance): the first `reached`. Room for
    /// every state and one more, so that the search writes each state it meets at the end
    /// and counts it only when it is new, without a branch (whether a state is new is hard to
    /// foresee, and the branch cost more than the search's other work).
    pub(super) queue: Vec<u32>,
    pub(super) reached: usize,
}

/// A state as a search saw it: reached in the search of this generation, from `parent`, after
/// `dist` links.
#[derive(Clone, Copy, Default)]
pub(super) struct Seen {
    pub(super) generation: u32,
    pub(super) parent: u32,
    pub(super) dist: u16,
}

impl Bfs {
    pub fn new(nodes: usize) -> Bfs {
        Bfs::with_layers(nodes, false)
    }

    /// A search that tells chains through a group apart (see [`Bfs`]).
    pub fn layered(nodes: usize) -> Bfs {
        Bfs::with_layers(nodes, true)
    }

    pub(super) fn with_layers(nodes: usize, layered: bool) -> Bfs {
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
    pub(super) fn run_in<const LAYERED: bool>(&mut self, g: &Graph, start: u32, limit: usize) {
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
    pub(super) fn simple_back(
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
