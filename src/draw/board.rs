//! One grid drawn as SVG: its cells, thick box borders, the digits and the pencil marks, and
//! what a step adds on top (an [`Overlay`]: shaded units, proof cells and candidates, struck
//! eliminations, placements, links).
//!
//! Every element that stands for a cell, candidate, link or unit carries `data-cell`,
//! `data-digit` where it has one, and exactly one `data-role` (docs/pictures.md). Lines of the
//! grid and the strokes that strike a candidate are decoration and carry none.

use crate::grid::{bit, digits, Mask, Shape, Unit};

use super::svg::{num, Svg};

/// Ink of the givens.
const GIVEN: &str = "#000000";
/// Ink of the digits filled in beyond the givens (a solution, a solving state).
const PLACED: &str = "#1f4fa8";
/// Ink of the pencil marks.
const CANDIDATE: &str = "#5a5a5a";
/// Ink (and strike) of a removed candidate.
const ELIMINATION: &str = "#c62828";
/// Ink of a digit a step places.
const PLACEMENT: &str = "#2e7d32";
/// Fill of a cell that proves a step, and ink of a candidate that does.
const PROOF_CELL: &str = "#cfe0ff";
const PROOF_INK: &str = "#0b5cad";
/// Fill of a unit a step lives in.
const UNIT: &str = "#fff3c4";
/// Stroke of a link between candidates.
const LINK: &str = "#7b1fa2";

/// A position to draw: the grid's shape, how each digit is written, the givens, the digits
/// filled in since, and the pencil marks when they are shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub shape: Shape,
    /// The text of digit `d` at `symbols[d - 1]`.
    pub symbols: Vec<String>,
    /// `size * size` values: `0` or a given digit.
    pub givens: Vec<u8>,
    /// Digits filled in beyond the givens (`0` elsewhere); empty for none.
    pub placed: Vec<u8>,
    /// Each cell's candidates, drawn in the cells without a digit; `None` draws no marks.
    pub candidates: Option<Vec<Mask>>,
}

impl Position {
    /// A position of `givens` written with `symbols`, nothing filled in, no marks.
    pub fn new(shape: Shape, symbols: Vec<String>, givens: Vec<u8>) -> Position {
        Position {
            shape,
            symbols,
            givens,
            placed: Vec::new(),
            candidates: None,
        }
    }

    /// The text of digit `d`, or its number when the position has no symbol for it.
    fn symbol(&self, d: u8) -> String {
        self.symbols
            .get(usize::from(d).wrapping_sub(1))
            .cloned()
            .unwrap_or_else(|| d.to_string())
    }
}

/// One end of a link: a candidate, or a group of cells that share the digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub cells: Vec<usize>,
    pub digit: u8,
}

/// A link between two candidates of a chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: Node,
    pub to: Node,
    /// A strong link (one of the two is true) is drawn solid, a weak one dashed.
    pub strong: bool,
}

/// What a step adds to a position's picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// Units shaded (`unit`).
    pub units: Vec<Unit>,
    /// Cells highlighted as the proof, each with the part it plays (`proof`, `data-part`).
    pub proof_cells: Vec<(usize, Option<String>)>,
    /// Candidates highlighted as the proof: (cell, digits, part).
    pub proof_candidates: Vec<(usize, Mask, Option<String>)>,
    /// Candidates struck out (`elimination`): (cell, digits).
    pub eliminations: Vec<(usize, Mask)>,
    /// Digits placed (`placement`): (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Links drawn as arrows (`link-strong`, `link-weak`).
    pub links: Vec<Link>,
}

impl Overlay {
    /// The overlay of a step: its units, the cells and candidates of its figure's roles as
    /// proof with their part (`base`, `pivot`, a numbered part as `node-3`; a cell or
    /// candidate in several roles keeps the first), its other cells as proof without a part,
    /// its eliminations and placements, and its links.
    pub fn from_step(step: &crate::logic::Step) -> Overlay {
        let mut proof_cells: Vec<(usize, Option<String>)> = Vec::new();
        let mut proof_candidates = Vec::new();
        let mut counts = std::collections::HashMap::new();
        for role in step.roles() {
            let part = if role.part.numbered() {
                let k = counts.entry(role.part).or_insert(0);
                *k += 1;
                format!("{}-{k}", role.part.id())
            } else {
                role.part.id().to_string()
            };
            for &c in &role.cells {
                if !proof_cells.iter().any(|p| p.0 == c) {
                    proof_cells.push((c, Some(part.clone())));
                }
                if role.digits != 0 {
                    proof_candidates.push((c, role.digits, Some(part.clone())));
                }
            }
        }
        for &c in &step.cells {
            if !proof_cells.iter().any(|p| p.0 == c) {
                proof_cells.push((c, None));
            }
        }
        let node = |n: &crate::logic::Node| Node {
            cells: n.cells.clone(),
            digit: n.digit,
        };
        Overlay {
            units: step.units.clone(),
            proof_cells,
            proof_candidates,
            eliminations: step.eliminations.clone(),
            placements: step.placements.to_vec(),
            links: (step.links().iter())
                .map(|l| Link {
                    from: node(&l.from),
                    to: node(&l.to),
                    strong: l.strong,
                })
                .collect(),
        }
    }

    fn eliminated(&self, cell: usize) -> Mask {
        self.eliminations
            .iter()
            .filter(|e| e.0 == cell)
            .fold(0, |m, e| m | e.1)
    }

    fn placed(&self, cell: usize) -> Mask {
        self.placements
            .iter()
            .filter(|p| p.0 == cell)
            .fold(0, |m, p| m | bit(p.1))
    }

    /// The proof candidates of `cell`, and the part of the digit `d` among them.
    fn proof_of(&self, cell: usize, d: u8) -> Option<Option<&str>> {
        self.proof_candidates
            .iter()
            .find(|p| p.0 == cell && p.1 & bit(d) != 0)
            .map(|p| p.2.as_deref())
    }

    fn proof_mask(&self, cell: usize) -> Mask {
        self.proof_candidates
            .iter()
            .filter(|p| p.0 == cell)
            .fold(0, |m, p| m | p.1)
    }
}

/// Where a grid sits on the page: its top-left corner and its side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub x: f64,
    pub y: f64,
    pub side: f64,
}

/// The name of a cell as the markup writes it: `r4c6`.
fn cell_name(shape: Shape, cell: usize) -> String {
    shape.cell_name(cell).to_string()
}

/// The geometry of one drawn grid.
struct Geometry {
    shape: Shape,
    frame: Frame,
    cell: f64,
    /// Pencil marks: columns and rows of the small grid inside a cell.
    mark_cols: usize,
    mark_rows: usize,
}

impl Geometry {
    fn new(shape: Shape, frame: Frame) -> Geometry {
        let n = shape.size.max(1);
        let mark_cols = (1..=n).find(|c| c * c >= n).unwrap_or(n);
        Geometry {
            shape,
            frame,
            cell: frame.side / n as f64,
            mark_cols,
            mark_rows: n.div_ceil(mark_cols),
        }
    }

    /// The top-left corner of a cell.
    fn corner(&self, cell: usize) -> (f64, f64) {
        (
            self.frame.x + self.shape.col(cell) as f64 * self.cell,
            self.frame.y + self.shape.row(cell) as f64 * self.cell,
        )
    }

    /// The centre of the pencil mark `d` in `cell`.
    fn mark_centre(&self, cell: usize, d: u8) -> (f64, f64) {
        let i = usize::from(d.max(1) - 1);
        let (x, y) = self.corner(cell);
        let w = self.cell / self.mark_cols as f64;
        let h = self.cell / self.mark_rows as f64;
        (
            x + (i % self.mark_cols) as f64 * w + w / 2.0,
            y + (i / self.mark_cols) as f64 * h + h / 2.0,
        )
    }

    /// The font size of a pencil mark.
    fn mark_font(&self) -> f64 {
        let w = self.cell / self.mark_cols as f64;
        let h = self.cell / self.mark_rows as f64;
        w.min(h) * 0.78
    }
}

/// The baseline that centres digits of font size `size` on `cy` (DejaVu's figures are 0.73 em
/// high).
fn baseline(cy: f64, size: f64) -> f64 {
    cy + 0.365 * size
}

/// Draws `position` with `overlay` into `frame`.
pub fn draw(svg: &mut Svg, position: &Position, overlay: &Overlay, frame: Frame) {
    let g = Geometry::new(position.shape, frame);
    draw_units(svg, &g, &overlay.units);
    draw_proof_cells(svg, &g, overlay);
    draw_lines(svg, &g);
    let cells = position.shape.cells();
    // The digits, then the pencil marks, each in a group that gives their usual size, anchor
    // and ink (a grid's marks are most of its picture, and a page of steps holds thousands of
    // them); an element says only what differs.
    svg.group(&[
        ("font-size", &num(digit_font(g.cell, 1))),
        ("text-anchor", "middle"),
        ("fill", GIVEN),
    ]);
    for cell in 0..cells {
        draw_digit(svg, &g, position, overlay, cell);
    }
    svg.close();
    svg.group(&[
        ("font-size", &num(g.mark_font())),
        ("text-anchor", "middle"),
        ("fill", CANDIDATE),
    ]);
    for cell in 0..cells {
        draw_marks(svg, &g, position, overlay, cell);
    }
    svg.close();
    for link in &overlay.links {
        draw_link(svg, &g, link);
    }
}

fn draw_units(svg: &mut Svg, g: &Geometry, units: &[Unit]) {
    for &unit in units {
        let cells = g.shape.unit_cells(unit);
        let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
            continue;
        };
        let (x0, y0) = g.corner(first);
        let (x1, y1) = g.corner(last);
        let names: Vec<String> = cells.iter().map(|&c| cell_name(g.shape, c)).collect();
        svg.empty(
            "rect",
            &[
                ("data-role", "unit"),
                ("data-cell", &names.join(" ")),
                ("data-unit", &unit.to_string()),
                ("x", &num(x0)),
                ("y", &num(y0)),
                ("width", &num(x1 - x0 + g.cell)),
                ("height", &num(y1 - y0 + g.cell)),
                ("fill", UNIT),
            ],
        );
    }
}

fn draw_proof_cells(svg: &mut Svg, g: &Geometry, overlay: &Overlay) {
    for (cell, part) in &overlay.proof_cells {
        if *cell >= g.shape.cells() {
            continue;
        }
        let (x, y) = g.corner(*cell);
        let name = cell_name(g.shape, *cell);
        let mut attrs = vec![("data-role", "proof"), ("data-cell", name.as_str())];
        if let Some(part) = part {
            attrs.push(("data-part", part.as_str()));
        }
        let (xs, ys, side) = (num(x), num(y), num(g.cell));
        attrs.extend([
            ("x", xs.as_str()),
            ("y", ys.as_str()),
            ("width", side.as_str()),
            ("height", side.as_str()),
            ("fill", PROOF_CELL),
        ]);
        svg.empty("rect", &attrs);
    }
}

/// The thin lines between cells, then the thick box borders and the frame.
fn draw_lines(svg: &mut Svg, g: &Geometry) {
    let n = g.shape.size;
    let Frame { x, y, side } = g.frame;
    let thin = (g.cell * 0.025).clamp(0.3, 1.0);
    let thick = thin * 3.0;
    let (mut light, mut heavy) = (String::new(), String::new());
    for i in 1..n {
        let at = i as f64 * g.cell;
        let vertical = format!("M{} {}V{}", num(x + at), num(y), num(y + side));
        let horizontal = format!("M{} {}H{}", num(x), num(y + at), num(x + side));
        let (v, h) = (i % g.shape.box_cols == 0, i % g.shape.box_rows == 0);
        (if v { &mut heavy } else { &mut light }).push_str(&vertical);
        (if h { &mut heavy } else { &mut light }).push_str(&horizontal);
    }
    for (d, width) in [(light, thin), (heavy, thick)] {
        if !d.is_empty() {
            svg.empty(
                "path",
                &[
                    ("d", &d),
                    ("stroke", "#000000"),
                    ("stroke-width", &num(width)),
                    ("fill", "none"),
                ],
            );
        }
    }
    svg.empty(
        "rect",
        &[
            ("x", &num(x)),
            ("y", &num(y)),
            ("width", &num(side)),
            ("height", &num(side)),
            ("stroke", "#000000"),
            ("stroke-width", &num(thick)),
            ("fill", "none"),
        ],
    );
}

/// The digit filling a cell: a given, a placed digit, or (when no marks are drawn) the digit
/// a step places.
fn draw_digit(svg: &mut Svg, g: &Geometry, position: &Position, overlay: &Overlay, cell: usize) {
    let given = position.givens.get(cell).copied().unwrap_or(0);
    let placed = position.placed.get(cell).copied().unwrap_or(0);
    let (role, d, ink) = match (given, placed) {
        (0, 0) => ("", 0, ""),
        (0, d) => ("placed", d, PLACED),
        (d, _) => ("given", d, GIVEN),
    };
    if d != 0 {
        big_digit(svg, g, position, cell, (role, d, ink));
        return;
    }
    if position.candidates.is_none() {
        // No marks drawn: a placement is written as the digit it puts there.
        for d in digits(overlay.placed(cell)) {
            big_digit(svg, g, position, cell, ("placement", d, PLACEMENT));
        }
    }
}

/// An open cell's pencil marks when they are drawn, and always what the step removes or
/// proves with there.
fn draw_marks(svg: &mut Svg, g: &Geometry, position: &Position, overlay: &Overlay, cell: usize) {
    let filled = |v: &Vec<u8>| v.get(cell).is_some_and(|&d| d != 0);
    if filled(&position.givens) || filled(&position.placed) {
        return;
    }
    let name = cell_name(g.shape, cell);
    let shown = position
        .candidates
        .as_ref()
        .and_then(|c| c.get(cell).copied());
    let eliminated = overlay.eliminated(cell);
    let placing_marks = if shown.is_some() {
        overlay.placed(cell)
    } else {
        0
    };
    let marks = shown.unwrap_or(0) | eliminated | overlay.proof_mask(cell) | placing_marks;
    let size = g.mark_font();
    for d in digits(marks) {
        let (mx, my) = g.mark_centre(cell, d);
        let proof = overlay.proof_of(cell, d);
        let (role, ink) = if eliminated & bit(d) != 0 {
            ("elimination", ELIMINATION)
        } else if placing_marks & bit(d) != 0 {
            ("placement", PLACEMENT)
        } else if proof.is_some() {
            ("proof", PROOF_INK)
        } else {
            ("candidate", CANDIDATE)
        };
        let digit = d.to_string();
        let mut attrs = vec![
            ("data-role", role),
            ("data-cell", name.as_str()),
            ("data-digit", digit.as_str()),
        ];
        if let (Some(Some(part)), "proof") = (proof, role) {
            attrs.push(("data-part", part));
        }
        let (xs, ys) = (num(mx), num(baseline(my, size)));
        attrs.extend([("x", xs.as_str()), ("y", ys.as_str())]);
        if ink != CANDIDATE {
            attrs.push(("fill", ink));
        }
        svg.text("text", &attrs, &position.symbol(d));
        if role == "elimination" {
            let half = size * 0.45;
            svg.empty(
                "path",
                &[
                    (
                        "d",
                        &format!(
                            "M{} {}L{} {}",
                            num(mx - half),
                            num(my + half),
                            num(mx + half),
                            num(my - half)
                        ),
                    ),
                    ("stroke", ELIMINATION),
                    ("stroke-width", &num((size * 0.1).max(0.3))),
                ],
            );
        }
    }
}

/// The font size of a digit filling a cell of side `cell`, written in `chars` characters
/// (two-character symbols, `10`..`25` in numbers, get a smaller size to fit).
fn digit_font(cell: f64, chars: usize) -> f64 {
    cell * 0.62 / (chars.max(1) as f64).sqrt()
}

/// A digit filling its cell: a given, a placed digit or a placement. Inside the digits' group:
/// the size and ink are written only where they differ from a one-character given's.
fn big_digit(
    svg: &mut Svg,
    g: &Geometry,
    position: &Position,
    cell: usize,
    (role, d, ink): (&str, u8, &str),
) {
    let name = cell_name(g.shape, cell);
    let (x, y) = g.corner(cell);
    let (cx, cy) = (x + g.cell / 2.0, y + g.cell / 2.0);
    let text = position.symbol(d);
    let chars = text.chars().count();
    let size = digit_font(g.cell, chars);
    let (digit, xs, ys, fs) = (d.to_string(), num(cx), num(baseline(cy, size)), num(size));
    let mut attrs = vec![
        ("data-role", role),
        ("data-cell", name.as_str()),
        ("data-digit", digit.as_str()),
        ("x", xs.as_str()),
        ("y", ys.as_str()),
    ];
    if chars > 1 {
        attrs.push(("font-size", fs.as_str()));
    }
    if ink != GIVEN {
        attrs.push(("fill", ink));
    }
    svg.text("text", &attrs, &text);
}

/// The centre of a link's end: the mean of its candidates' centres.
fn node_centre(g: &Geometry, node: &Node) -> Option<(f64, f64)> {
    let cells: Vec<usize> = (node.cells.iter().copied())
        .filter(|&c| c < g.shape.cells())
        .collect();
    if cells.is_empty() {
        return None;
    }
    let n = cells.len() as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(sx, sy), &c| {
        let (x, y) = g.mark_centre(c, node.digit);
        (sx + x, sy + y)
    });
    Some((sx / n, sy / n))
}

/// A link as an arrow from one candidate to the other, stopping short of both.
fn draw_link(svg: &mut Svg, g: &Geometry, link: &Link) {
    let (Some((x0, y0)), Some((x1, y1))) = (node_centre(g, &link.from), node_centre(g, &link.to))
    else {
        return;
    };
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = (dx * dx + dy * dy).sqrt();
    let gap = g.mark_font() * 0.6;
    if length <= 2.0 * gap {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (ax, ay) = (x0 + ux * gap, y0 + uy * gap);
    let (bx, by) = (x1 - ux * gap, y1 - uy * gap);
    let head = g.mark_font() * 0.5;
    let (hx, hy) = (bx - ux * head, by - uy * head);
    let (px, py) = (-uy * head * 0.5, ux * head * 0.5);
    let width = (g.cell * 0.03).max(0.4);
    let role = if link.strong {
        "link-strong"
    } else {
        "link-weak"
    };
    let names = |node: &Node| -> Vec<String> {
        node.cells.iter().map(|&c| cell_name(g.shape, c)).collect()
    };
    let (from, to) = (names(&link.from).join(" "), names(&link.to).join(" "));
    let digit = if link.from.digit == link.to.digit {
        link.from.digit.to_string()
    } else {
        format!("{} {}", link.from.digit, link.to.digit)
    };
    let dash = num(width * 4.0);
    let mut line = vec![
        (
            "d",
            format!("M{} {}L{} {}", num(ax), num(ay), num(hx), num(hy)),
        ),
        ("stroke", LINK.to_string()),
        ("stroke-width", num(width)),
        ("fill", "none".to_string()),
    ];
    if !link.strong {
        line.push(("stroke-dasharray", format!("{dash} {dash}")));
    }
    let line: Vec<(&str, &str)> = line.iter().map(|(k, v)| (*k, v.as_str())).collect();
    svg.group(&[
        ("data-role", role),
        ("data-cell", &format!("{from} {to}")),
        ("data-digit", &digit),
        ("data-from", &from),
        ("data-to", &to),
    ]);
    svg.empty("path", &line);
    svg.empty(
        "path",
        &[
            (
                "d",
                &format!(
                    "M{} {}L{} {}L{} {}Z",
                    num(bx),
                    num(by),
                    num(hx + px),
                    num(hy + py),
                    num(hx - px),
                    num(hy - py)
                ),
            ),
            ("fill", LINK),
        ],
    );
    svg.close();
}
