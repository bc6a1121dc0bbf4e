//! A small SVG writer: elements with attributes and escaped text, appended to one `String`.
//!
//! Every attribute value and text goes through [`escape`], so whatever a caption holds (a file
//! name with `<` or `&`, a puzzle's `@id`), the document stays well-formed XML.

use std::fmt::Write;

/// `text` with the five XML specials escaped, and control characters XML 1.0 does not allow
/// (all below U+0020 except tab, newline and carriage return) dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
pub fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// An SVG document being written.
#[derive(Debug, Default)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A document `width` x `height` user units (points, for a printed sheet), with a white
    /// background and the pictures' font as the default.
    pub fn new(width: f64, height: f64) -> Svg {
        let mut svg = Svg { out: String::new() };
        let (w, h) = (num(width), num(height));
        let _ = write!(
            svg.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{}\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
            super::FONT_FAMILY
        );
        svg
    }

    /// An element with no content: `<name a="v" .../>`.
    pub fn empty(&mut self, name: &str, attrs: &[(&str, &str)]) {
        self.open_tag(name, attrs);
        self.out.push_str("/>\n");
    }

    /// An element holding text: `<name a="v" ...>text</name>`.
    pub fn text(&mut self, name: &str, attrs: &[(&str, &str)], text: &str) {
        self.open_tag(name, attrs);
        self.out.push('>');
        self.out.push_str(&escape(text));
        let _ = writeln!(self.out, "</{name}>");
    }

    /// Opens a group `<g a="v" ...>`; [`Svg::close`] ends it.
    pub fn group(&mut self, attrs: &[(&str, &str)]) {
        self.open_tag("g", attrs);
        self.out.push_str(">\n");
    }

    /// Ends the innermost open group.
    pub fn close(&mut self) {
        self.out.push_str("</g>\n");
    }

    fn open_tag(&mut self, name: &str, attrs: &[(&str, &str)]) {
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            let _ = write!(self.out, " {key}=\"{}\"", escape(value));
        }
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_xml_needs_and_drops_what_it_forbids() {
        assert_eq!(
            escape("a<b>&\"c'\u{1}\td"),
            "a&lt;b&gt;&amp;&quot;c&apos;\td"
        );
        assert_eq!(num(1.0), "1");
        assert_eq!(num(2.505), "2.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(12.345678), "12.35");
    }

    #[test]
    fn a_document_with_hostile_text_parses() {
        let mut svg = Svg::new(10.0, 20.0);
        svg.group(&[("data-x", "<&>\"'")]);
        svg.text("text", &[("x", "1")], "]]> <!-- & \u{0} -->");
        svg.close();
        let doc = svg.finish();
        let parsed = roxmltree::Document::parse(&doc).expect("well-formed");
        let text = parsed
            .descendants()
            .find(|n| n.has_tag_name("text"))
            .unwrap();
        assert_eq!(text.text(), Some("]]> <!-- &  -->"));
    }
}
