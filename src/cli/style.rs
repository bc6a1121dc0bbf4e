//! ANSI colours for the human output, and making untrusted text safe to print on a terminal.

use crate::finding::Severity;

/// Paints pieces of output when colour is on; passes them through unchanged otherwise.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    enabled: bool,
}

const RESET: &str = "\x1b[0m";

impl Style {
    pub fn new(enabled: bool) -> Self {
        Style { enabled }
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.enabled {
            format!("{code}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    pub fn error(self, text: &str) -> String {
        self.paint("\x1b[1;31m", text)
    }

    pub fn severity(self, severity: Severity, text: &str) -> String {
        match severity {
            Severity::Error => self.error(text),
            Severity::Warning => self.paint("\x1b[1;33m", text),
            Severity::Info => self.paint("\x1b[1;36m", text),
        }
    }

    /// The gutter and `|` rails of a source snippet.
    pub fn gutter(self, text: &str) -> String {
        self.paint("\x1b[1;34m", text)
    }

    pub fn bold(self, text: &str) -> String {
        self.paint("\x1b[1m", text)
    }
}

/// Replaces characters that would move the cursor or change the terminal (controls, escape)
/// with visible stand-ins of the same width, one character for one, so carets still line up.
/// Tabs become a single space (the format counts tabs as spaces).
pub fn printable(ch: char) -> char {
    match ch {
        '\t' => ' ',
        // U+2400..U+241F are the "control pictures" ␀ ␁ ... ␟; U+2421 is ␡.
        c if (c as u32) < 0x20 => char::from_u32(0x2400 + c as u32).unwrap_or('\u{FFFD}'),
        '\u{7f}' => '\u{2421}',
        c if c.is_control() => '\u{FFFD}',
        // Bidirectional overrides and isolates can reorder what a reader sees on the line.
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => '\u{FFFD}',
        c => c,
    }
}

/// [`printable`] over a whole string.
pub fn sanitize(text: &str) -> String {
    text.chars().map(printable).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_visible_one_for_one() {
        assert_eq!(sanitize("a\tb\x1b[31mc\u{0}\u{7f}"), "a b␛[31mc␀␡");
        assert_eq!(sanitize("r1c5 ║ 5"), "r1c5 ║ 5");
        assert_eq!(
            sanitize("x\u{202E}y").chars().count(),
            "x\u{202E}y".chars().count()
        );
    }

    #[test]
    fn colour_only_when_enabled() {
        assert_eq!(Style::new(false).error("e"), "e");
        assert_eq!(Style::new(true).error("e"), "\x1b[1;31me\x1b[0m");
    }
}
