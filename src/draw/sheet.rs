//! Sheets to print: K puzzles a page (1, 2, 4 or 6), each under its caption, on A4 or US
//! Letter. A page is an SVG document in points (1/72 inch), the unit PDF pages are measured in.

use super::board::{draw, Frame, Overlay, Position};
use super::svg::{num, Svg};

/// The paper a sheet is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f64, f64) {
        match self {
            // 210 x 297 mm.
            Paper::A4 => (595.28, 841.89),
            // 8.5 x 11 in.
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// What one place on a sheet shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A grid.
    Grid(Position),
    /// A sentence in place of a grid ("no unique solution").
    Message(String),
}

/// One puzzle (or solution) on a sheet: its caption and what is drawn under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub caption: String,
    pub body: Body,
}

/// Margin of the page, and the gap between places, in points.
const MARGIN: f64 = 36.0;
const GAP: f64 = 24.0;

/// Columns and rows of places for `per_page` puzzles a page.
pub fn layout(per_page: usize) -> (usize, usize) {
    match per_page {
        0 | 1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        6 => (2, 3),
        k => {
            let cols = (1..=k).find(|c| c * c >= k).unwrap_or(k);
            (cols, k.div_ceil(cols))
        }
    }
}

/// The pages of `items`, `per_page` to a page, as SVG documents.
pub fn pages(items: &[Item], paper: Paper, per_page: usize) -> Vec<String> {
    let per_page = per_page.max(1);
    items
        .chunks(per_page)
        .map(|chunk| page(chunk, paper, per_page))
        .collect()
}

/// One page: its items in reading order, each centred in its place.
fn page(items: &[Item], paper: Paper, per_page: usize) -> String {
    let (width, height) = paper.size();
    let (cols, rows) = layout(per_page);
    let place_w = (width - 2.0 * MARGIN - (cols - 1) as f64 * GAP) / cols as f64;
    let place_h = (height - 2.0 * MARGIN - (rows - 1) as f64 * GAP) / rows as f64;
    let font = if per_page <= 2 { 12.0 } else { 9.0 };
    let caption_h = font * 1.8;
    let side = place_w.min(place_h - caption_h);
    let mut svg = Svg::new(width, height);
    for (i, item) in items.iter().enumerate() {
        let (col, row) = (i % cols, i / cols);
        let left = MARGIN + col as f64 * (place_w + GAP);
        // The caption and grid centred in their place.
        let top = MARGIN + row as f64 * (place_h + GAP) + (place_h - caption_h - side) / 2.0;
        let x = left + (place_w - side) / 2.0;
        let centre = left + place_w / 2.0;
        svg.text(
            "text",
            &[
                ("x", &num(centre)),
                ("y", &num(top + font)),
                ("font-size", &num(font)),
                ("text-anchor", "middle"),
                ("fill", "#000000"),
            ],
            &fit(&item.caption, place_w, font),
        );
        let grid_top = top + caption_h;
        match &item.body {
            Body::Grid(position) => draw(
                &mut svg,
                position,
                &Overlay::default(),
                Frame {
                    x,
                    y: grid_top,
                    side,
                },
            ),
            Body::Message(message) => svg.text(
                "text",
                &[
                    ("x", &num(centre)),
                    ("y", &num(grid_top + side / 2.0)),
                    ("font-size", &num(font * 1.4)),
                    ("text-anchor", "middle"),
                    ("fill", "#c62828"),
                ],
                &fit(message, place_w, font * 1.4),
            ),
        }
    }
    svg.finish()
}

/// `text` cut to what fits `width` at font size `font` (DejaVu Sans's letters and figures
/// average about 0.56 em), ending in `…` when cut.
fn fit(text: &str, width: f64, font: f64) -> String {
    let room = (width / (font * 0.56)).floor().max(1.0) as usize;
    if text.chars().count() <= room {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_fill_the_page_in_reading_order() {
        assert_eq!(layout(1), (1, 1));
        assert_eq!(layout(2), (1, 2));
        assert_eq!(layout(4), (2, 2));
        assert_eq!(layout(6), (2, 3));
        assert_eq!(layout(9), (3, 3));
    }

    #[test]
    fn long_captions_are_cut_to_fit() {
        assert_eq!(fit("short", 200.0, 10.0), "short");
        let cut = fit(&"x".repeat(100), 60.0, 10.0);
        assert_eq!(cut.chars().count(), 10);
        assert!(cut.ends_with('…'));
    }
}
