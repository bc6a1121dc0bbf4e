//! A chain's effect and its step: the sentence, the units, the figure.

use super::*;

/// What a chain proves: the candidates it removes, or the digit a loop that comes back to its
/// start places, and whether it closes a continuous loop.
pub(super) struct ChainEffect {
    pub(super) elims: Vec<(usize, Mask)>,
    pub(super) placement: Option<(usize, u8)>,
    pub(super) closed: bool,
}

impl ChainEffect {
    pub(super) fn of(
        s: &State,
        g: &Graph,
        path: &[u32],
        loop_elims: Option<Vec<(usize, Mask)>>,
    ) -> Self {
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
    pub(super) fn key(&self, s: &State) -> Effect {
        let mut step = Step::new(Technique::XChain, String::new()).eliminate(self.elims.clone());
        if let Some((cell, d)) = self.placement {
            step = step.eliminate([(cell, s.cands(cell) & !bit(d))]);
        }
        (step.placements, step.eliminations)
    }
}

/// The step of a chain from `path[0]` (false) to its last node (true), or with `loop_elims` of
/// the continuous loop it closes.
pub(super) fn chain_step(
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
pub(super) fn chain_units(s: &State, g: &Graph, path: &[u32]) -> Vec<Unit> {
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
pub(super) fn chain_notation(s: &State, g: &Graph, t: Technique, path: &[u32]) -> String {
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
pub(super) fn chain_text(
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
pub(super) fn placing_loop_text(s: &State, notation: &str, cell: usize, d: u8) -> String {
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
pub(in crate::logic) fn draw(
    fig: &mut crate::logic::Figure,
    g: &Graph,
    path: &[u32],
    closed: bool,
) {
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
pub(super) fn als_note(s: &State, g: &Graph, path: &[u32]) -> String {
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
            crate::logic::step::and_list(&ds),
            set.count_ones()
        ));
    }
    out
}

/// `a = b - c = d`: strong links first and last.
pub(super) fn join_links(names: &[String]) -> String {
    let mut out = names[0].clone();
    for (i, name) in names.iter().enumerate().skip(1) {
        out.push_str(if i % 2 == 1 { " = " } else { " - " });
        out.push_str(name);
    }
    out
}

/// `strong links in row 1 and row 4`.
pub(super) fn links_text(units: &[Unit]) -> String {
    let names: Vec<String> = units.iter().map(|u| u.to_string()).collect();
    format!("strong links in {}", crate::logic::step::and_list(&names))
}
