//! A forcing step: its sentence, its figure.

use super::*;

pub(super) fn premise_text(s: &State, p: usize) -> String {
    let n = s.size();
    let (c, d) = ((p / 2) / n, ((p / 2) % n) as u8 + 1);
    if p & 1 == 1 {
        format!("{} were {}", s.name(c), s.sym(d))
    } else {
        format!("{} were not {}", s.name(c), s.sym(d))
    }
}

pub(super) fn result_text(s: &State, c: usize, d: u8, on: bool) -> String {
    if on {
        format!("{} is {}", s.name(c), s.sym(d))
    } else {
        format!("{} is not {}", s.name(c), s.sym(d))
    }
}

pub(super) fn base_step(s: &State, t: Technique, proof: &Proof, text: String) -> Step {
    let (c, d, on) = conclusion(s.size(), proof);
    let mut step = Step::new(t, text);
    match *proof {
        Proof::EmptyUnit { u, .. }
        | Proof::Verity {
            what: Branches::Unit(u, _),
            ..
        } => step = step.unit(s.unit_name(u)),
        _ => {}
    }
    if on {
        step.place(c, d)
    } else {
        step.eliminate([(c, bit(d))])
    }
}

/// The chain from the premise run last in `bfs` to state `st`, in Eureka-like notation.
pub(super) fn chain_text(s: &State, g: &Graph, bfs: &Bfs, st: u32, cells: &mut Trace) -> String {
    let mut states = Vec::new();
    let mut cur = st;
    while cur != crate::logic::chains::NONE {
        states.push(cur);
        cur = bfs.parent(cur);
    }
    states.reverse();
    let mut out = String::new();
    let node = |x: u32| {
        let v = (x >> 1) as usize;
        (g.cells(v).iter().map(|&c| c as usize), g.digit[v])
    };
    for (i, &x) in states.iter().enumerate() {
        let v = (x >> 1) as usize;
        let (here, digit) = node(x);
        if i > 0 {
            out.push_str(if x & 1 == 1 { " = " } else { " - " });
            let (from, from_digit) = node(states[i - 1]);
            let link = crate::logic::Link {
                from: crate::logic::Node {
                    cells: from.collect(),
                    digit: from_digit,
                },
                to: crate::logic::Node {
                    cells: here.clone().collect(),
                    digit,
                },
                strong: x & 1 == 1,
            };
            if !cells.fig.links.contains(&link) {
                cells.fig.links.push(link);
            }
            let role = crate::logic::Role {
                part: Part::Node,
                cells: here.clone().collect(),
                digits: bit(digit),
            };
            if !cells.fig.roles.contains(&role) {
                cells.fig.roles.push(role);
            }
        }
        cells.cells.extend(here);
        out.push_str(&format!("({}){}", s.sym(g.digit[v]), g.node_name(s, v)));
    }
    out
}

/// Runs the BFS of premise `p` and renders its chain to candidate `k` being `on`.
pub(super) fn chain_to(
    s: &State,
    g: &Graph,
    bfs: &mut Bfs,
    p: usize,
    k: usize,
    on: bool,
    cells: &mut Trace,
) -> String {
    let n = s.size();
    let node = |k: usize| g.node(k / n, (k % n) as u8 + 1);
    bfs.run(g, 2 * node(p / 2) + (p & 1) as u32, CHAIN_LINKS);
    chain_text(s, g, bfs, 2 * node(k) + on as u32, cells)
}

/// What the chains of a forcing chain pass through: their cells in order, and their nodes and
/// links for the figure.
#[derive(Default)]
pub(super) struct Trace {
    pub(super) cells: Vec<usize>,
    pub(super) fig: crate::logic::Figure,
}

/// The figure of a forcing chain or net: the premises (`assumption`), what the premises reach
/// (the traced chains' nodes and links, `node`), where they contradict themselves
/// (`contradiction`) and what the step concludes (`conclusion`).
pub(super) fn forcing_figure(
    s: &State,
    proof: &Proof,
    mut traced: crate::logic::Figure,
) -> crate::logic::Figure {
    let n = s.size();
    let candidate = |k: usize| (k / n, (k % n) as u8 + 1);
    let mut fig = crate::logic::Figure::default();
    let premises: &[usize] = match proof {
        Proof::Both { p, .. }
        | Proof::EmptyCell { p, .. }
        | Proof::EmptyUnit { p, .. }
        | Proof::Broken { p } => std::slice::from_ref(p),
        Proof::Verity { ps, .. } => ps,
    };
    for &p in premises {
        let (c, d) = candidate(p / 2);
        fig.role(Part::Assumption, [c], bit(d));
    }
    fig.roles.append(&mut traced.roles);
    fig.links.append(&mut traced.links);
    match *proof {
        Proof::Both { k, .. } => {
            let (c, d) = candidate(k);
            fig.role(Part::Contradiction, [c], bit(d));
        }
        Proof::EmptyCell { cell, .. } => fig.role(Part::Contradiction, [cell], s.cands(cell)),
        Proof::EmptyUnit { u, d, .. } => fig.role(Part::Contradiction, s.cells_with(u, d), bit(d)),
        Proof::Broken { .. } | Proof::Verity { .. } => {}
    }
    let (c, d, _) = conclusion(n, proof);
    fig.role(Part::Conclusion, [c], bit(d));
    fig
}

pub(super) fn chain_step(quiet: bool, s: &State, g: &Graph, bfs: &mut Bfs, proof: &Proof) -> Step {
    let n = s.size();
    let (c, d, on) = conclusion(n, proof);
    let mut cells = Trace::default();
    let so = format!("so {}", result_text(s, c, d, on));
    let text = match proof {
        Proof::Both { p, k } => {
            let a = chain_to(s, g, bfs, *p, *k, true, &mut cells);
            let b = chain_to(s, g, bfs, *p, *k, false, &mut cells);
            let (kc, kd) = (k / n, (k % n) as u8 + 1);
            format!(
                "If {}: {a} and {b}, so {} would be both {} and not {}; {so}.",
                premise_text(s, *p),
                s.name(kc),
                s.sym(kd),
                s.sym(kd)
            )
        }
        Proof::EmptyCell { p, cell } => {
            let chains: Vec<String> = digits(s.cands(*cell))
                .map(|e| chain_to(s, g, bfs, *p, cell * n + e as usize - 1, false, &mut cells))
                .collect();
            format!(
                "If {}, {} would have no candidate left ({}); {so}.",
                premise_text(s, *p),
                s.name(*cell),
                chains.join("; ")
            )
        }
        Proof::EmptyUnit { p, u, d: e } => {
            let chains: Vec<String> = s
                .cells_with(*u, *e)
                .into_iter()
                .map(|x| chain_to(s, g, bfs, *p, x * n + *e as usize - 1, false, &mut cells))
                .collect();
            format!(
                "If {}, {} would have no place left in {} ({}); {so}.",
                premise_text(s, *p),
                s.sym(*e),
                s.unit_name(*u),
                chains.join("; ")
            )
        }
        Proof::Broken { p } => format!("If {}, the puzzle would break; {so}.", premise_text(s, *p)),
        Proof::Verity {
            ps, k, on, what, ..
        } => {
            let chains: Vec<String> = ps
                .iter()
                .map(|&p| chain_to(s, g, bfs, p, *k, *on, &mut cells))
                .collect();
            format!(
                "{}, {} ({}); {so}.",
                verity_text(s, what),
                result_text(s, c, d, *on),
                chains.join("; ")
            )
        }
    };
    let Trace { mut cells, fig } = cells;
    cells.dedup();
    base_step(s, Technique::ForcingChain, proof, text)
        .cells(cells)
        .figure(quiet, |out| *out = forcing_figure(s, proof, fig))
}

pub(super) fn verity_text(s: &State, what: &Branches) -> String {
    let n = s.size();
    match *what {
        Branches::Cell(c) => format!("Whichever digit {} holds", s.name(c)),
        Branches::Unit(u, d) => format!("Wherever {} goes in {}", s.sym(d), s.unit_name(u)),
        Branches::Candidate(k) => format!(
            "Whether or not {} is {}",
            s.name(k / n),
            s.sym((k % n) as u8 + 1)
        ),
    }
}

pub(super) fn net_step(quiet: bool, s: &State, proof: &Proof) -> Step {
    let n = s.size();
    let (c, d, on) = conclusion(n, proof);
    let so = format!("so {}", result_text(s, c, d, on));
    let (text, cells) = match proof {
        Proof::Both { p, k } => (
            format!(
                "If {}, singles would make {} both {} and not {}; {so}.",
                premise_text(s, *p),
                s.name(k / n),
                s.sym((k % n) as u8 + 1),
                s.sym((k % n) as u8 + 1)
            ),
            vec![(p / 2) / n, k / n],
        ),
        Proof::EmptyCell { p, cell } => (
            format!(
                "If {}, singles would leave {} without a candidate; {so}.",
                premise_text(s, *p),
                s.name(*cell)
            ),
            vec![(p / 2) / n, *cell],
        ),
        Proof::EmptyUnit { p, u, d: e } => (
            format!(
                "If {}, singles would leave {} without a place in {}; {so}.",
                premise_text(s, *p),
                s.sym(*e),
                s.unit_name(*u)
            ),
            vec![(p / 2) / n],
        ),
        Proof::Broken { p } => (
            format!(
                "If {}, singles would lead to a cell without a candidate or a digit without a \
                 place; {so}.",
                premise_text(s, *p)
            ),
            vec![(p / 2) / n],
        ),
        Proof::Verity { ps, what, dead, .. } => {
            let mut cells: Vec<usize> = ps.iter().map(|&p| (p / 2) / n).collect();
            cells.dedup();
            cells.push(c);
            let or_break = if *dead {
                " or lead to a cell without a candidate or a digit without a place"
            } else {
                ""
            };
            (
                format!(
                    "{}, singles from it give {}{or_break}; {so}.",
                    verity_text(s, what),
                    result_text(s, c, d, on)
                ),
                cells,
            )
        }
    };
    base_step(s, Technique::ForcingNet, proof, text)
        .cells(cells)
        .figure(quiet, |out| {
            *out = forcing_figure(s, proof, crate::logic::Figure::default())
        })
}
