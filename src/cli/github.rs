//! The `github` format: GitHub Actions workflow commands, one line per finding.
//!
//! `::error file=a.sudoku,line=3,col=5,endLine=3,endColumn=6,title=duplicate-digit::message`
//! Lines and columns are 1-based, columns in Unicode scalar values; the end is the position just
//! after the range, as ruff writes it. Warnings become `::warning`, information `::notice`.

use std::fmt::Write as _;

use super::position::Locator;
use crate::finding::{Finding, Severity};

/// Escapes a command's message: `%`, CR and LF, which would otherwise end or corrupt the command.
pub fn escape_data(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes a property value (`file=`, `title=`): as [`escape_data`], plus `:` and `,` which
/// separate the properties from each other and from the message.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

fn command(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    }
}

/// Renders findings of one file, one line each. `locator` is over the whole file's text.
pub fn render_findings(
    out: &mut String,
    path: &str,
    locator: &mut Locator<'_>,
    findings: &[Finding],
) {
    let file = escape_property(path);
    for f in findings {
        let (start, end) = locator.locate_range(f.range);
        let _ = writeln!(
            out,
            "::{} file={file},line={},col={},endLine={},endColumn={},title={}::{}",
            command(f.severity),
            start.line + 1,
            start.col + 1,
            end.line + 1,
            end.col + 1,
            escape_property(f.code.as_str()),
            escape_data(&f.message),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Code;
    use crate::text::TextRange;

    #[test]
    fn escaping_follows_the_workflow_command_rules() {
        assert_eq!(escape_data("50% a:b, c\r\nd"), "50%25 a:b, c%0D%0Ad");
        assert_eq!(escape_property("a:b,c%d\ne"), "a%3Ab%2Cc%25d%0Ae");
        // Already escaped-looking text is escaped again, so it reads back unchanged.
        assert_eq!(escape_data("%0A"), "%250A");
    }

    #[test]
    fn one_line_per_finding_with_1_based_positions() {
        let text = "# x\n║5║5\n";
        let second = text.rfind('5').unwrap();
        let mut warning = Finding::new(
            Code::UnknownDirective,
            TextRange::new(0, 3),
            "unknown: 100%\nsee docs",
        );
        warning.severity = Severity::Warning;
        let mut info = Finding::new(Code::BoxShape, TextRange::new(4, 7), "i");
        info.severity = Severity::Info;
        let findings = [
            warning,
            Finding::new(
                Code::DuplicateDigit,
                TextRange::new(second, second + 1),
                "5 twice",
            ),
            info,
        ];
        let mut out = String::new();
        render_findings(
            &mut out,
            "dir,x/a:b.sudoku",
            &mut Locator::new(text),
            &findings,
        );
        assert_eq!(
            out,
            "::warning file=dir%2Cx/a%3Ab.sudoku,line=1,col=1,endLine=1,endColumn=4,\
             title=unknown-directive::unknown: 100%25%0Asee docs\n\
             ::error file=dir%2Cx/a%3Ab.sudoku,line=2,col=4,endLine=2,endColumn=5,\
             title=duplicate-digit::5 twice\n\
             ::notice file=dir%2Cx/a%3Ab.sudoku,line=2,col=1,endLine=2,endColumn=2,\
             title=box-shape::i\n"
        );
    }
}
