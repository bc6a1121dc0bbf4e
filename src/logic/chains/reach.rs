//! What the chain family keeps in the engine, and the strongly connected components of a
//! graph's states that tell whether any chain may conclude.

use super::*;

/// What the chain family keeps in the engine.
#[derive(Default)]
pub(in crate::logic) struct Cache {
    /// The grouped graph of the last state asked for: grouped nice loops and forcing chains
    /// search the same state (nothing between them on the ladder found a step), and building
    /// the graph is a good part of either.
    pub(super) grouped: RefCell<Memo<Graph>>,
    /// [`Reaches`] of the last state asked for: the nice loop gate, the nice loop searches'
    /// starts and the forcing chains' look before their search read it on the same state.
    pub(super) reaches: RefCell<Memo<Reaches>>,
}

/// What the strongly connected components of a grouped graph's states tell (see
/// [`component_reach`]; a set's bit `st` is state `st` of a candidate, "`v` is true" `2v + 1`,
/// "`v` is false" `2v`).
pub(in crate::logic) struct Reaches {
    /// Some candidate's truth leads to its falsehood.
    pub refutes: bool,
    /// The component of each state and each component's set, `words` words each (read them
    /// with [`Reaches::of_state`]).
    pub(super) comp: Vec<u32>,
    pub(super) sets: Vec<u64>,
    pub words: usize,
}

impl Reaches {
    pub(super) fn of(g: &Graph) -> Reaches {
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
pub(in crate::logic) fn reaches(cx: &Engine, s: &State) -> Rc<Reaches> {
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
pub(super) fn a_chain_may_conclude(cx: &Engine, s: &State) -> bool {
    cx.search.ungated || reaches(cx, s).refutes
}

/// The least words of a [`Reaches`] row.
pub(super) const ROW_WORDS: usize = 8;

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
pub(super) fn component_reach(
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
pub(super) const UNSEEN: u32 = u32::MAX;
/// In [`Components::lone`], a state whose set is a row of its own.
pub(super) const ROW: u32 = u32::MAX;
/// In [`Components::lone`], a state that leads nowhere and has no bit.
pub(super) const LONE_EMPTY: u32 = u32::MAX - 1;

/// The state of [`component_reach`]'s walk (Tarjan's algorithm): per state its index, low
/// link and component, the stack, the walk, and per component the states it reaches.
pub(super) struct Components<'g, M> {
    pub(super) g: &'g Graph,
    pub(super) words: usize,
    pub(super) mark: M,
    pub(super) index: Vec<u32>,
    pub(super) low: Vec<u32>,
    pub(super) comp: Vec<u32>,
    pub(super) stack: Vec<u32>,
    /// The depth-first walk: a state, and the links it has yet to follow.
    pub(super) walk: Vec<(u32, &'g [u32])>,
    /// Per state of the walk (by depth) the set it has gathered so far.
    pub(super) gathered: Vec<u64>,
    /// The sets of the components, one after another.
    pub(super) reach: Vec<u64>,
    /// Per component, the state (its index) whose set last took it in.
    pub(super) merged: Vec<u32>,
    /// Per state, the one bit its set holds when it leads nowhere ([`LONE_EMPTY`] for none),
    /// else [`ROW`]: such a set is taken in as its bit. Per state, not per component, so that
    /// following a link to one (most links lead to such a state) reads one place.
    pub(super) lone: Vec<u32>,
    pub(super) count: u32,
    pub(super) comps: usize,
}

impl<'g, M: Fn(u32) -> Option<usize>> Components<'g, M> {
    pub(super) fn new(g: &'g Graph, words: usize, mark: M) -> Self {
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
    pub(super) fn next(&self, st: u32) -> &'g [u32] {
        let v = (st >> 1) as usize;
        if st & 1 == 0 {
            self.g.strong(v)
        } else {
            self.g.weak(v)
        }
    }

    /// A state that leads nowhere (most "`w` is false": no strong link) is a component of its
    /// own, closed before the walk: following a link to one then costs one read.
    pub(super) fn close_lone_states(&mut self) {
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
    pub(super) fn enter(&mut self, depth: usize, st: u32) {
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
    pub(super) fn walk_from(&mut self, root: u32) {
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
    pub(super) fn follow(&mut self, depth: usize, v: u32, w: u32) {
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
    pub(super) fn leave(&mut self, depth: usize, v: u32) {
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
pub(super) fn merge_row(own: &mut [u64], from: &[u64]) {
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
