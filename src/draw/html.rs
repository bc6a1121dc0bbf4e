//! `explain --format html`: one self-contained HTML page with, per puzzle, its level and score
//! and every step as an inline SVG of the position before it, its sentence under it.
//!
//! The page loads nothing: no external script, style, font or image, and a Content Security
//! Policy that forbids any load (`default-src 'none'`). Every step is in the document, so with
//! scripts off the page is the whole list; a small inline script turns each puzzle into one
//! step at a time, with buttons and the arrow keys. Above 16x16 only the first
//! [`PICTURED_ABOVE_16`] steps are drawn and the rest are sentences (a 25x25 path has hundreds
//! of steps of 625 cells), and the page says so. Everything taken from a file (paths, titles,
//! symbols, sentences) is escaped.

use rayon::prelude::*;

use super::steps::{reason_text, Walkthrough};
use super::svg::escape;
use super::{picture, Overlay, Position};

/// Above 16x16, how many steps of a puzzle get a picture.
pub const PICTURED_ABOVE_16: usize = 50;

/// One puzzle of the page: a heading (plain text) and its explanation.
pub struct Section<'a> {
    pub heading: String,
    pub walk: &'a Walkthrough,
}

/// The side of a step's picture, in CSS pixels, by grid size.
pub fn picture_side(size: usize) -> f64 {
    match size {
        0..=4 => 240.0,
        5..=6 => 300.0,
        7..=9 => 396.0,
        10..=12 => 480.0,
        13..=16 => 576.0,
        _ => 750.0,
    }
}

/// Whether step `i` (0-based) of a grid of `size` gets a picture.
pub fn pictured(size: usize, i: usize) -> bool {
    size <= 16 || i < PICTURED_ABOVE_16
}

/// The picture of one step (0-based `n`): the position before it with every open cell's
/// candidates and the step's overlay, as a standalone SVG document. `None` when the puzzle has
/// no such step (or nothing to draw from).
pub fn step_svg(walk: &Walkthrough, n: usize) -> Option<String> {
    let (position, overlay) = walk.frame(n)?;
    Some(picture(
        &position,
        &overlay,
        picture_side(position.shape.size),
    ))
}

/// The whole page: `title` (plain text) and one section a puzzle.
pub fn document(title: &str, sections: &[Section<'_>]) -> String {
    let mut out = String::with_capacity(1 << 16);
    out.push_str(HEAD_START);
    out.push_str("<title>");
    out.push_str(&escape(title));
    out.push_str("</title>\n<style>");
    out.push_str(STYLE);
    out.push_str("</style>\n</head>\n<body>\n<h1>");
    out.push_str(&escape(title));
    out.push_str("</h1>\n");
    out.push_str(LEGEND);
    for (k, section) in sections.iter().enumerate() {
        write_section(&mut out, k + 1, section);
    }
    out.push_str("<script>");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// One puzzle's section: its heading, level and score (or why it was not explained), the
/// navigation (hidden until the script shows it) and its steps.
fn write_section(out: &mut String, k: usize, section: &Section<'_>) {
    let walk = section.walk;
    out.push_str(&format!(
        "<section class=\"puzzle\" id=\"puzzle-{k}\">\n<h2>{}</h2>\n",
        escape(&section.heading)
    ));
    let n = walk.steps.len();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let summary = match (&walk.difficulty, walk.reason, walk.path) {
        (_, Some(reason), _) if n == 0 => format!("Not explained: {}.", reason_text(reason)),
        (_, Some(reason), _) => format!(
            "Not explained to the end: {}; the {n} step{} before it are below.",
            reason_text(reason),
            plural(n)
        ),
        (Some(d), None, _) => {
            let hardest = d
                .hardest
                .map(|t| format!(" · hardest: {}", t.name()))
                .unwrap_or_default();
            format!(
                "Level {} · score {}{hardest} · {n} step{}",
                d.level,
                d.score,
                plural(n)
            )
        }
        (None, None, false) => format!("{n} step{} available from the start.", plural(n)),
        (None, None, true) => format!("{n} step{}.", plural(n)),
    };
    out.push_str(&format!("<p class=\"rating\">{}</p>\n", escape(&summary)));
    let size = walk.size().unwrap_or(0);
    if size > 16 && n > PICTURED_ABOVE_16 {
        out.push_str(&format!(
            "<p class=\"note\">A {size}x{size} grid: the first {PICTURED_ABOVE_16} steps are \
             drawn, the {} after them are sentences only.</p>\n",
            n - PICTURED_ABOVE_16
        ));
    }
    if n == 0 {
        // Nothing to step through: the puzzle as given.
        if let Some(mut start) = walk.start_position() {
            start.candidates = None;
            out.push_str("<figure class=\"start\">\n");
            out.push_str(&inline_svg(&start, &Overlay::default()));
            out.push_str("</figure>\n</section>\n");
        } else {
            out.push_str("</section>\n");
        }
        return;
    }
    out.push_str(
        "<div class=\"nav\" hidden>\
         <button type=\"button\" data-go=\"first\">First</button> \
         <button type=\"button\" data-go=\"prev\">\u{2190} Previous</button> \
         <span class=\"at\"></span> \
         <button type=\"button\" data-go=\"next\">Next \u{2192}</button> \
         <button type=\"button\" data-go=\"last\">Last</button></div>\n<ol class=\"steps\">\n",
    );
    let frames: Vec<_> = walk.frames(|i| pictured(size, i)).collect();
    let pictures: Vec<Option<String>> = frames
        .par_iter()
        .map(|(_, _, f)| f.as_ref().map(|(p, o)| inline_svg(p, o)))
        .collect();
    for ((i, step, _), svg) in frames.iter().zip(pictures) {
        out.push_str(&format!(
            "<li class=\"step\" id=\"puzzle-{k}-step-{}\">\n",
            i + 1
        ));
        if let Some(svg) = svg {
            out.push_str(&svg);
        }
        out.push_str(&format!(
            "<p><span class=\"n\">{}.</span> <b>{}</b>: {}</p>\n</li>\n",
            i + 1,
            escape(step.technique.name()),
            escape(&step.explanation)
        ));
    }
    out.push_str("</ol>\n</section>\n");
}

/// A picture for the page: the SVG document without its XML-only parts, labelled for screen
/// readers.
fn inline_svg(position: &Position, overlay: &Overlay) -> String {
    let svg = picture(position, overlay, picture_side(position.shape.size));
    match svg.strip_prefix("<svg ") {
        Some(rest) => format!("<svg role=\"img\" aria-label=\"grid\" {rest}"),
        None => svg,
    }
}

const HEAD_START: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"sudoku-lsp explain\">\n";

const STYLE: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;margin:1.5em auto;max-width:60em;padding:0 1em;color:#1a1a1a;background:#fff}
h1{font-size:1.4em;overflow-wrap:anywhere}
h2{font-size:1.15em;margin-top:2em;border-top:1px solid #ccc;padding-top:1em;overflow-wrap:anywhere}
.legend span{display:inline-block;margin-right:1.2em}
.legend i{display:inline-block;width:.9em;height:.9em;vertical-align:-.1em;margin-right:.3em;border:1px solid #888}
ol.steps{list-style:none;padding:0}
li.step{margin:1.2em 0}
li.step svg,figure svg{display:block;max-width:100%;height:auto}
li.step p{margin:.4em 0;max-width:45em}
.n{color:#666}
.note{color:#7a4b00}
.nav{margin:.6em 0;position:sticky;top:0;background:#fff;padding:.3em 0;z-index:1}
.nav button{font:inherit;padding:.2em .7em}
.nav .at{display:inline-block;min-width:9em;text-align:center}
.paged li.step{display:none}
.paged li.step.current{display:block}
";

const LEGEND: &str = "<p class=\"legend\">\
<span><i style=\"background:#cfe0ff\"></i>cells that prove the step</span>\
<span><i style=\"background:#fff3c4\"></i>the units it lives in</span>\
<span><i style=\"background:#c62828\"></i>candidates it removes (struck)</span>\
<span><i style=\"background:#2e7d32\"></i>the digit it places</span></p>\n";

/// Pages each puzzle's steps: one shown at a time, buttons and the arrow keys (Home and End
/// too) move through the puzzle last clicked or stepped in (the first at the start).
const SCRIPT: &str = r#"
(function () {
  "use strict";
  var sections = document.querySelectorAll("section.puzzle");
  var active = null;
  function page(section) {
    var steps = section.querySelectorAll("li.step");
    var nav = section.querySelector(".nav");
    if (!nav || steps.length === 0) return null;
    var at = 0;
    var label = nav.querySelector(".at");
    var buttons = nav.querySelectorAll("button");
    function show(i) {
      at = Math.max(0, Math.min(steps.length - 1, i));
      for (var k = 0; k < steps.length; k++) {
        steps[k].classList.toggle("current", k === at);
      }
      label.textContent = "Step " + (at + 1) + " of " + steps.length;
      for (var b = 0; b < buttons.length; b++) {
        var go = buttons[b].getAttribute("data-go");
        buttons[b].disabled = (go === "first" || go === "prev") ? at === 0 : at === steps.length - 1;
      }
    }
    function go(where) {
      var to = { first: 0, prev: at - 1, next: at + 1, last: steps.length - 1 }[where];
      if (to !== undefined) show(to);
    }
    nav.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (b) { active = go; go(b.getAttribute("data-go")); }
    });
    section.addEventListener("click", function () { active = go; });
    nav.hidden = false;
    section.classList.add("paged");
    show(0);
    return go;
  }
  for (var s = 0; s < sections.length; s++) {
    var go = page(sections[s]);
    if (active === null) active = go;
  }
  var keys = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" };
  document.addEventListener("keydown", function (e) {
    if (!active || e.altKey || e.ctrlKey || e.metaKey || !(e.key in keys)) return;
    e.preventDefault();
    active(keys[e.key]);
  });
})();
"#;
