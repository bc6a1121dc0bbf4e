//! The pictures parse as XML, put every digit inside its own cell, and mark every element as
//! docs/pictures.md says.

use super::*;
use crate::grid::{full_mask, Shape, Unit};
use crate::logic::{Step, Technique};

const SIDE: f64 = 450.0;

/// A position on `shape`: every third cell given, every fifth of the others filled in, the
/// rest with candidates (all digits but one, that differs from cell to cell).
fn sample(shape: Shape) -> Position {
    let n = shape.size;
    let cells = shape.cells();
    let symbols = (1..=n).map(|d| d.to_string()).collect();
    let mut position = Position::new(shape, symbols, vec![0; cells]);
    position.placed = vec![0; cells];
    let mut candidates = vec![0; cells];
    for (c, marks) in candidates.iter_mut().enumerate() {
        let d = ((c * 7 + c / n) % n) as u8 + 1;
        if c % 3 == 0 {
            position.givens[c] = d;
        } else if c % 5 == 0 {
            position.placed[c] = d;
        } else {
            *marks = full_mask(n) & !crate::grid::bit(d);
        }
    }
    position.candidates = Some(candidates);
    position
}

fn shapes() -> Vec<Shape> {
    [
        (4, 2, 2),
        (6, 2, 3),
        (6, 3, 2),
        (8, 2, 4),
        (8, 4, 2),
        (9, 3, 3),
        (12, 3, 4),
        (12, 4, 3),
        (16, 4, 4),
        (25, 5, 5),
    ]
    .into_iter()
    .map(|(n, r, c)| Shape::with_box(n, r, c).unwrap())
    .collect()
}

const ROLES: [&str; 9] = [
    "given",
    "placed",
    "candidate",
    "elimination",
    "placement",
    "proof",
    "link-strong",
    "link-weak",
    "unit",
];

/// Every element with a `data-` attribute has one known `data-role` and `data-cell` naming
/// cells of the grid; returns the elements' (role, cell, digit).
fn marked(doc: &roxmltree::Document, shape: Shape) -> Vec<(String, String, Option<String>)> {
    let mut out = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        let data: Vec<_> = (node.attributes())
            .filter(|a| a.name().starts_with("data-"))
            .collect();
        if data.is_empty() {
            continue;
        }
        let role = node.attribute("data-role").expect("a data-role");
        assert!(ROLES.contains(&role), "{role}");
        assert_eq!(
            data.iter().filter(|a| a.name() == "data-role").count(),
            1,
            "one data-role"
        );
        let cell = node.attribute("data-cell").expect("a data-cell");
        for name in cell.split(' ') {
            let (r, c) = name
                .strip_prefix('r')
                .and_then(|s| s.split_once('c'))
                .unwrap_or_else(|| panic!("{name}"));
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            assert!((1..=shape.size).contains(&r) && (1..=shape.size).contains(&c));
        }
        let digit = node.attribute("data-digit").map(str::to_string);
        out.push((role.to_string(), cell.to_string(), digit));
    }
    out
}

/// An attribute of `node` or, as SVG inherits presentation attributes, of its nearest
/// ancestor that has it.
pub(super) fn inherited<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Option<&'a str> {
    node.ancestors().find_map(|n| n.attribute(name))
}

/// The cell a `r4c6` name names.
fn cell_named(shape: Shape, name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    shape.cell(
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
    )
}

#[test]
fn every_size_and_box_shape_parses_with_each_digit_inside_its_own_cell() {
    for shape in shapes() {
        let position = sample(shape);
        let svg = picture(&position, &Overlay::default(), SIDE);
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{shape}: {e}"));
        let margin = SIDE * 0.02;
        let cell = SIDE / shape.size as f64;
        let mut seen = std::collections::HashMap::new();
        for node in doc.descendants().filter(|n| n.has_tag_name("text")) {
            let (Some(role), Some(name)) =
                (node.attribute("data-role"), node.attribute("data-cell"))
            else {
                continue;
            };
            *seen.entry(role.to_string()).or_insert(0) += 1;
            let c = cell_named(shape, name);
            let num = |a: &str| inherited(node, a).unwrap().parse::<f64>().unwrap();
            let (x, baseline, size) = (num("x"), num("y"), num("font-size"));
            assert_eq!(inherited(node, "text-anchor"), Some("middle"));
            // The glyphs span from the baseline up to 0.73 em: all of that inside the cell.
            let (left, top) = (
                margin + shape.col(c) as f64 * cell,
                margin + shape.row(c) as f64 * cell,
            );
            assert!(x > left && x < left + cell, "{shape} {name} {role}: x {x}");
            assert!(baseline - 0.73 * size > top - 0.01, "{shape} {name} {role}");
            assert!(baseline < top + cell + 0.01, "{shape} {name} {role}");
            let d: u8 = node.attribute("data-digit").unwrap().parse().unwrap();
            assert_eq!(node.text(), Some(d.to_string().as_str()));
            match role {
                "given" => assert_eq!(position.givens[c], d),
                "placed" => assert_eq!(position.placed[c], d),
                "candidate" => {
                    let marks = position.candidates.as_ref().unwrap()[c];
                    assert!(marks & crate::grid::bit(d) != 0, "{shape} {name} {d}");
                }
                _ => panic!("{role} without an overlay"),
            }
        }
        let count = |values: &[u8]| values.iter().filter(|&&v| v != 0).count();
        let marks: u32 = (position.candidates.as_ref().unwrap())
            .iter()
            .map(|m| m.count_ones())
            .sum();
        assert_eq!(seen["given"], count(&position.givens), "{shape}");
        assert_eq!(seen["placed"], count(&position.placed), "{shape}");
        assert_eq!(seen["candidate"], marks as usize, "{shape}");
        marked(&doc, shape);
    }
}

#[test]
fn box_borders_are_thick_where_the_box_shape_says() {
    for shape in shapes() {
        let svg = picture(&sample(shape), &Overlay::default(), SIDE);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let widths: Vec<(f64, usize)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("path") && n.attribute("stroke") == Some("#000000"))
            .map(|n| {
                let w = n.attribute("stroke-width").unwrap().parse().unwrap();
                (w, n.attribute("d").unwrap().matches('M').count())
            })
            .collect();
        let (thin, thick) = (widths[0], widths[1]);
        assert!(thick.0 > thin.0 * 2.0, "{shape}");
        let n = shape.size;
        // Lines between boxes: the vertical ones every box_cols columns, the horizontal ones
        // every box_rows rows.
        let heavy = (n / shape.box_cols - 1) + (n / shape.box_rows - 1);
        assert_eq!(thick.1, heavy, "{shape}");
        assert_eq!(thin.1, 2 * (n - 1) - heavy, "{shape}");
    }
}

#[test]
fn a_step_draws_its_eliminations_placements_cells_and_units() {
    let shape = Shape::for_size(9).unwrap();
    let mut position = Position::new(shape, (1..=9).map(|d| d.to_string()).collect(), vec![0; 81]);
    position.givens[0] = 5;
    position.candidates = Some(vec![full_mask(9); 81]);
    let step = Step::new(Technique::ALL[0], "a test".to_string())
        .place(10, 7)
        .eliminate([(11, 0b110), (30, 0b1)])
        .cells([10, 20])
        .unit(Unit::Box(0));
    let mut overlay = Overlay::from_step(&step);
    overlay
        .proof_candidates
        .push((20, 0b100, Some("pivot".into())));
    overlay.links.push(Link {
        from: Node {
            cells: vec![20],
            digit: 3,
        },
        to: Node {
            cells: vec![29, 30],
            digit: 3,
        },
        strong: true,
    });
    overlay.links.push(Link {
        from: Node {
            cells: vec![11],
            digit: 2,
        },
        to: Node {
            cells: vec![11],
            digit: 3,
        },
        strong: false,
    });
    let svg = picture(&position, &overlay, SIDE);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let elements = marked(&doc, shape);
    let with = |role: &str| -> Vec<(String, Option<String>)> {
        (elements.iter())
            .filter(|e| e.0 == role)
            .map(|e| (e.1.clone(), e.2.clone()))
            .collect()
    };
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        with("elimination"),
        [
            ("r2c3".to_string(), some("2")),
            ("r2c3".to_string(), some("3")),
            ("r4c4".to_string(), some("1"))
        ]
    );
    assert_eq!(with("placement"), [("r2c2".to_string(), some("7"))]);
    assert_eq!(with("given"), [("r1c1".to_string(), some("5"))]);
    assert_eq!(
        with("proof"),
        [
            ("r2c2".to_string(), None),
            ("r3c3".to_string(), None),
            ("r3c3".to_string(), some("3"))
        ]
    );
    let unit = with("unit");
    assert_eq!(unit.len(), 1);
    assert_eq!(unit[0].0, "r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3");
    assert_eq!(
        with("link-strong"),
        [("r3c3 r4c3 r4c4".to_string(), some("3"))]
    );
    assert_eq!(with("link-weak"), [("r2c3 r2c3".to_string(), some("2 3"))]);
    let part = doc
        .descendants()
        .find(|n| n.attribute("data-part").is_some())
        .unwrap();
    assert_eq!(part.attribute("data-part"), Some("pivot"));
    assert_eq!(part.attribute("data-digit"), Some("3"));
    // Every other mark is a plain candidate: 80 open cells of 9, less those marked otherwise.
    let others = 80 * 9 - 3 - 1 - 1;
    assert_eq!(with("candidate").len(), others);
}

#[test]
fn eliminations_show_even_without_pencil_marks() {
    let shape = Shape::for_size(4).unwrap();
    let position = Position::new(
        shape,
        vec!["1".into(), "2".into(), "3".into(), "4".into()],
        vec![0; 16],
    );
    let overlay = Overlay {
        eliminations: vec![(5, 0b1000)],
        placements: vec![(6, 2)],
        ..Overlay::default()
    };
    let svg = picture(&position, &overlay, 100.0);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // The digits are drawn before the marks: in role order here.
    let mut elements = marked(&doc, shape);
    elements.sort();
    assert_eq!(
        elements,
        [
            (
                "elimination".to_string(),
                "r2c2".to_string(),
                Some("4".to_string())
            ),
            (
                "placement".to_string(),
                "r2c3".to_string(),
                Some("2".to_string())
            ),
        ]
    );
}

#[test]
fn symbols_outside_the_font_fall_back_to_numbers() {
    let alphabet = crate::syntax::Alphabet::new(&['a', 'β', 'c', 'd']);
    assert_eq!(symbols(&alphabet, 4), ["a", "2", "c", "d"]);
    assert!(font_has('7') && font_has('…') && !font_has('€'));
}

#[test]
fn sheets_make_pdf_pages_and_png_images() {
    use sheet::{Body, Item, Paper};
    let items: Vec<Item> = shapes()
        .into_iter()
        .map(|shape| Item {
            caption: format!("<{}> & more", shape.size),
            body: Body::Grid(sample(shape)),
        })
        .chain([Item {
            caption: "broken".into(),
            body: Body::Message("no unique solution".into()),
        }])
        .collect();
    let pages = sheet::pages(&items, Paper::A4, 4);
    assert_eq!(pages.len(), 3);
    for page in &pages {
        roxmltree::Document::parse(page).expect("well-formed");
    }
    assert!(pages[0].contains(">&lt;4&gt; &amp; more</text>"));
    let pdf = export::pdf(&pages).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("/Count 3"));
    // The digits are text in the embedded subset of the shipped font.
    assert!(text.contains("DejaVuSans"), "no embedded font");
    assert!(text.contains("/FontFile2"), "no embedded font");
    let png = export::png(&pages[2], 36.0).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    let letter = sheet::pages(&items[..1], Paper::Letter, 1);
    assert!(letter[0].contains("width=\"612\" height=\"792\""));
}
