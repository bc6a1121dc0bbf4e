//! Pictures of positions: a grid of any size and box shape as SVG ([`board`]), sheets of
//! puzzles ready to print ([`sheet`]), and those sheets as PDF and PNG ([`export`]); a puzzle's
//! steps drawn one by one ([`steps`]) and put on one HTML page ([`html`]).
//!
//! Everything is drawn as SVG first; PDF and PNG are made from that SVG with the one font
//! shipped in `assets/fonts`, so a sheet looks the same on every machine and its digits stay
//! text. The markup (`data-cell`, `data-digit`, `data-role`) is documented in
//! docs/pictures.md.

pub mod board;
pub mod export;
pub mod html;
pub mod sheet;
pub mod steps;
pub mod svg;

pub use board::{draw, Frame, Link, Node, Overlay, Position};

/// The family name of the shipped font, which every picture asks for.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// The shipped font: DejaVu Sans cut down to the characters the pictures write (see
/// assets/fonts/README.md).
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");

/// Whether the shipped font can write `ch`.
pub fn font_has(ch: char) -> bool {
    matches!(ch, ' '..='~' | '·' | '×' | '–' | '—' | '…')
}

/// How a puzzle's digits are drawn: its own symbols, or each digit's number where the font
/// cannot write a symbol.
pub fn symbols(alphabet: &crate::syntax::Alphabet, size: usize) -> Vec<String> {
    (1..=size as u8)
        .map(|d| {
            let ch = alphabet.symbol(d);
            if font_has(ch) && ch != '?' {
                ch.to_string()
            } else {
                d.to_string()
            }
        })
        .collect()
}

/// One position as a standalone SVG document, `side` units square with a small margin.
pub fn picture(position: &Position, overlay: &Overlay, side: f64) -> String {
    let margin = side * 0.02;
    let mut doc = svg::Svg::new(side + 2.0 * margin, side + 2.0 * margin);
    draw(
        &mut doc,
        position,
        overlay,
        Frame {
            x: margin,
            y: margin,
            side,
        },
    );
    doc.finish()
}

#[cfg(test)]
mod tests;
