//! Telling a file that is no puzzle file at all (JSON, HTML, XML, an image, a binary file)
//! from one to read: one `not-a-puzzle-file` finding for it, instead of a finding for every
//! line or character the reader cannot make sense of.

use crate::finding::{Code, Finding};
use crate::text::TextRange;

/// File signatures (magic numbers) and what they say a file is.
const MAGIC: [(&[u8], &str); 12] = [
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (
        b"PK\x03\x04",
        "a ZIP archive (or a file packed as one: .docx, .xlsx, .jar, .hsol)",
    ),
    (b"\x1f\x8b", "a gzip archive"),
    (b"BM", "a BMP image"),
    (b"\x7fELF", "an executable (ELF)"),
    (b"MZ", "an executable (Windows)"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
];

/// What the bytes look like when they are plainly not a puzzle file, as a phrase ("a PNG
/// image", "JSON"); `None` for anything that may be one. UTF-16 and UTF-32 text (with a
/// byte-order mark) is left to the `encoding` finding.
pub fn looks_like(bytes: &[u8]) -> Option<String> {
    for (magic, what) in MAGIC {
        // `BM` and `MZ` are short: only a binary file counts.
        if bytes.starts_with(magic) && (magic.len() > 2 || has_nul(bytes)) {
            return Some(what.to_string());
        }
    }
    if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        return Some("a WebP image".to_string());
    }
    let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]);
    if has_nul(bytes) && !utf16 && !bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return Some("a binary file (it holds NUL bytes)".to_string());
    }
    let text = std::str::from_utf8(&bytes[..bytes.len().min(4096)])
        .or_else(|e| std::str::from_utf8(&bytes[..e.valid_up_to()]))
        .unwrap_or("");
    let t = text.trim_start_matches('\u{feff}').trim_start();
    let lower: String = t.chars().take(256).collect::<String>().to_ascii_lowercase();
    if lower.starts_with("<!doctype html") || lower.starts_with("<html") {
        return Some("an HTML page".to_string());
    }
    if lower.starts_with("<?xml") || lower.starts_with('<') && !lower.starts_with("<-") {
        let root = xml_root(&lower);
        return match root.as_deref() {
            // Read by the OpenSudoku reader.
            Some("opensudoku") => None,
            _ => Some(match root.as_deref() {
                Some("html") => "an HTML page".to_string(),
                Some("svg") => "an SVG image".to_string(),
                Some(r) => format!("an XML document (root element <{r}>)"),
                None => "an XML document".to_string(),
            }),
        };
    }
    if is_json_start(t) {
        return Some("JSON".to_string());
    }
    None
}

/// The name of the first element of an XML text, past its declaration, comments and doctype.
fn xml_root(s: &str) -> Option<String> {
    let mut rest = s;
    loop {
        let i = rest.find('<')?;
        rest = &rest[i + 1..];
        if rest.starts_with('?') || rest.starts_with('!') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
            .collect();
        return (!name.is_empty()).then_some(name);
    }
}

/// Whether a text starts as JSON does: `{` followed by `"` or `}`, or `[` followed by what can
/// start a JSON value (so `[Puzzle]`, an `.sdk` section line, is not taken for JSON).
fn is_json_start(t: &str) -> bool {
    let mut chars = t.chars();
    let open = chars.next();
    let next = chars.find(|c| !c.is_whitespace());
    match (open, next) {
        (Some('{'), Some('"' | '}')) => true,
        (Some('['), Some(c)) => {
            matches!(c, '{' | '[' | '"' | ']' | '-' | '0'..='9')
                || t[1..].trim_start().starts_with("true")
                || t[1..].trim_start().starts_with("false")
                || t[1..].trim_start().starts_with("null")
        }
        _ => false,
    }
}

/// Whether the first 8 KiB hold a NUL byte.
fn has_nul(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(8192)].contains(&0)
}

/// The one `not-a-puzzle-file` finding for bytes that are plainly no puzzle file (see
/// [`looks_like`]), or `None`.
pub fn not_a_puzzle_file(bytes: &[u8]) -> Option<Finding> {
    looks_like(bytes).map(|what| {
        Finding::new(
            Code::NotAPuzzleFile,
            TextRange::empty(0),
            format!("this is not a puzzle file: it looks like {what}"),
        )
    })
}
