//! Bytes to text: the only place that looks at raw bytes, so every later layer works on `&str`.

use crate::finding::{Code, Finding};
use crate::text::TextRange;

/// See [`super::decode`].
pub(super) fn decode(bytes: &[u8]) -> Result<(&str, usize), Finding> {
    // UTF-32 marks start with the UTF-16 LE mark, so they are tested first.
    let bom_problem = match bytes {
        [0xFF, 0xFE, 0x00, 0x00, ..] => Some("UTF-32 (byte-order mark FF FE 00 00)"),
        [0x00, 0x00, 0xFE, 0xFF, ..] => Some("UTF-32 (byte-order mark 00 00 FE FF)"),
        [0xFF, 0xFE, ..] => Some("UTF-16 (byte-order mark FF FE)"),
        [0xFE, 0xFF, ..] => Some("UTF-16 (byte-order mark FE FF)"),
        _ => None,
    };
    if let Some(what) = bom_problem {
        return Err(encoding(format!(
            "the file is {what}; save it as UTF-8 to have it checked"
        )));
    }
    let (rest, skip) = match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => (rest, 3),
        _ => (bytes, 0),
    };
    let text = std::str::from_utf8(rest).map_err(|e| {
        encoding(format!(
            "the file is not UTF-8 text: invalid UTF-8 at byte {}; save it as UTF-8 to have it checked",
            e.valid_up_to() + skip
        ))
    })?;
    // A NUL never occurs in a text file; without this check a binary file that happens to be
    // valid UTF-8 would give one `unrecognized-line` per line instead of one clear message.
    if let Some(at) = memchr_nul(text.as_bytes()) {
        return Err(encoding(format!(
            "the file holds a NUL byte at byte {}: it looks like a binary file, not UTF-8 text",
            at + skip
        )));
    }
    Ok((text, skip))
}

fn memchr_nul(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == 0)
}

fn encoding(message: String) -> Finding {
    Finding::new(Code::Encoding, TextRange::empty(0), message)
}
