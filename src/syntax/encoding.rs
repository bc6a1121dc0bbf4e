//! Bytes to text: the rules that tell a UTF-8 text file from anything else, in one place.
//!
//! A file is text when it has no UTF-16 or UTF-32 byte-order mark, is valid UTF-8 (after an
//! optional UTF-8 byte-order mark, which is skipped) and holds no NUL byte. Anything else gets
//! one `encoding` finding instead of being read. [`decode`] applies the rules to bytes held
//! whole (behind [`crate::syntax::decode`], for the reader and the language server); [`Decoder`] applies the
//! same rules to bytes that arrive in chunks (the CLI's streaming renderer), with the same
//! findings wherever the chunks are cut.

use crate::finding::{Code, Finding};
use crate::text::TextRange;

/// The byte-order marks that say a file is not UTF-8, in the order they are tested: a UTF-32
/// little-endian mark starts with the UTF-16 little-endian one.
const FOREIGN_MARKS: [(&[u8], &str); 4] = [
    (
        &[0xFF, 0xFE, 0x00, 0x00],
        "UTF-32 (byte-order mark FF FE 00 00)",
    ),
    (
        &[0x00, 0x00, 0xFE, 0xFF],
        "UTF-32 (byte-order mark 00 00 FE FF)",
    ),
    (&[0xFF, 0xFE], "UTF-16 (byte-order mark FF FE)"),
    (&[0xFE, 0xFF], "UTF-16 (byte-order mark FE FF)"),
];

/// The UTF-8 byte-order mark, skipped at the start of a file.
const UTF8_MARK: &[u8] = &[0xEF, 0xBB, 0xBF];

/// Decodes a whole file's bytes: skips a UTF-8 byte-order mark; a UTF-16 or UTF-32 byte-order
/// mark, bytes that are not UTF-8 or a NUL byte give one `encoding` finding instead. Returns
/// the text and the number of bytes skipped at the start (3 for a byte-order mark), which
/// offsets into the text are relative to.
pub fn decode(bytes: &[u8]) -> Result<(&str, usize), Finding> {
    let (text, used) = Rules::default().next(bytes, true)?;
    Ok((text, used - text.len()))
}

/// Decodes bytes that arrive in chunks, by the rules of [`decode`]: a chunk may end inside a
/// character or inside the byte-order mark, and its text then waits for the next chunk.
///
/// Feed it with [`push`](Self::push), then call [`finish`](Self::finish) once the input ends.
/// It keeps only the bytes of the last chunk, so memory does not grow with the input.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The rules, and how far they got.
    rules: Rules,
    /// The last chunk, after the bytes the call before it left undecoded.
    pending: Vec<u8>,
    /// How many bytes of `pending` the last call decoded (or skipped).
    used: usize,
}

impl Decoder {
    /// A decoder at the start of a file.
    pub fn new() -> Self {
        Decoder::default()
    }

    /// Decodes the next chunk of the input and returns the text it completes: all of it but a
    /// character (or byte-order mark) cut by its end, which comes with the next chunk.
    ///
    /// An error is final: a foreign byte-order mark or invalid UTF-8 is reported at once; a NUL
    /// byte only by [`finish`](Self::finish), because invalid UTF-8 later in the input would
    /// be reported instead (as [`decode`] does), but [`has_nul`](Self::has_nul) tells at once.
    pub fn push(&mut self, chunk: &[u8]) -> Result<&str, Finding> {
        self.pending.drain(..self.used);
        self.used = 0;
        self.pending.extend_from_slice(chunk);
        let (text, used) = self.rules.next(&self.pending, false)?;
        self.used = used;
        Ok(text)
    }

    /// Ends the input: `Ok` when it was all text (the text was all returned by `push`), else
    /// the finding `decode` gives for the whole input.
    pub fn finish(&mut self) -> Result<(), Finding> {
        self.rules
            .next(&self.pending[self.used..], true)
            .map(|_| ())
    }

    /// Whether a NUL byte was seen: the input is not text, though which finding says so waits
    /// for the rest of it.
    pub fn has_nul(&self) -> bool {
        self.rules.nul.is_some()
    }
}

/// The rules, applied to the bytes of a file in order. Both [`decode`] and [`Decoder`] go
/// through [`Rules::next`].
#[derive(Debug, Default)]
struct Rules {
    /// Whether the start of the file (its byte-order mark, if any) was looked at.
    started: bool,
    /// How many bytes of the file were decoded (or skipped) so far.
    at: usize,
    /// Where the first NUL byte is, if one was seen.
    nul: Option<usize>,
}

impl Rules {
    /// Decodes `bytes`, the file's bytes from `self.at` on, which may stop anywhere unless
    /// `last` says the file ends with them. Returns the text of a prefix of `bytes` and how
    /// many bytes that prefix takes (a byte-order mark and the text); the rest, a character or
    /// a byte-order mark cut by the end, must come again at the start of the next call.
    fn next<'b>(&mut self, bytes: &'b [u8], last: bool) -> Result<(&'b str, usize), Finding> {
        let mut skip = 0;
        if !self.started {
            let could_be_a_mark = FOREIGN_MARKS
                .iter()
                .map(|(mark, _)| *mark)
                .chain([UTF8_MARK])
                .any(|mark| mark.len() > bytes.len() && mark.starts_with(bytes));
            if could_be_a_mark && !last {
                return Ok(("", 0));
            }
            self.started = true;
            if let Some((_, what)) = FOREIGN_MARKS.iter().find(|(m, _)| bytes.starts_with(m)) {
                return Err(encoding(format!(
                    "the file is {what}; save it as UTF-8 to have it checked"
                )));
            }
            if bytes.starts_with(UTF8_MARK) {
                skip = UTF8_MARK.len();
            }
        }
        let rest = &bytes[skip..];
        let text = match std::str::from_utf8(rest) {
            Ok(text) => text,
            // A chunk may end inside a character, never on an invalid byte.
            Err(e) if e.error_len().is_none() && !last => {
                std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or_default()
            }
            Err(e) => {
                return Err(encoding(format!(
                    "the file is not UTF-8 text: invalid UTF-8 at byte {}; save it as UTF-8 to \
                     have it checked",
                    self.at + skip + e.valid_up_to()
                )))
            }
        };
        // A NUL never occurs in a text file; without this check a binary file that happens to
        // be valid UTF-8 would give one `unrecognized-line` per line instead of one clear
        // message.
        if self.nul.is_none() {
            // `find` on a char is memchr, not a byte loop.
            if let Some(i) = text.find('\0') {
                self.nul = Some(self.at + skip + i);
            }
        }
        self.at += skip + text.len();
        match self.nul {
            Some(at) if last => Err(encoding(format!(
                "the file holds a NUL byte at byte {at}: it looks like a binary file, not UTF-8 \
                 text"
            ))),
            _ => Ok((text, skip + text.len())),
        }
    }
}

/// The one `encoding` finding of a file that is not text.
fn encoding(message: String) -> Finding {
    Finding::new(Code::Encoding, TextRange::empty(0), message)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `bytes` to a decoder in chunks of `size` bytes and returns what `decode` returns
    /// for it held whole (the text without its byte-order mark, or the finding's message).
    fn chunked(bytes: &[u8], size: usize) -> Result<String, String> {
        let mut decoder = Decoder::new();
        let mut text = String::new();
        for chunk in bytes.chunks(size.max(1)) {
            text.push_str(decoder.push(chunk).map_err(|f| f.message)?);
        }
        decoder.finish().map_err(|f| f.message)?;
        Ok(text)
    }

    fn whole(bytes: &[u8]) -> Result<String, String> {
        decode(bytes)
            .map(|(text, _)| text.to_string())
            .map_err(|f| f.message)
    }

    #[test]
    fn chunks_decode_as_the_whole_file_does_wherever_they_are_cut() {
        let mut inputs: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"12.\n".to_vec(),
            b"\xEF\xBB\xBF1234\n".to_vec(),
            b"\xEF\xBB\xBF".to_vec(),
            b"\xEF\xBB".to_vec(),
            b"\xEF".to_vec(),
            "é𝄞║ text\r\nmore ✓\n".as_bytes().to_vec(),
            b"\xFF\xFE1\x002\x00".to_vec(),
            b"\xFF\xFE\x00\x00".to_vec(),
            b"\xFF\xFE".to_vec(),
            b"\xFF".to_vec(),
            b"\x00\x00\xFE\xFF".to_vec(),
            b"\x00\x00\xFE".to_vec(),
            b"\x00".to_vec(),
            b"\xFE\xFF\x001".to_vec(),
            b"12\n\xC3\x28".to_vec(),
            b"\xEF\xBB\xBF12\n\xC3\x28".to_vec(),
            b"12\x0034".to_vec(),
            // A NUL, then invalid UTF-8 later: the invalid byte is what is reported.
            b"12\x0034\n56\xFF".to_vec(),
            // A character cut at the very end.
            b"ab\xF0\x9D\x84".to_vec(),
            // U+FEFF after the start is text, not a byte-order mark.
            "a\u{FEFF}b".as_bytes().to_vec(),
        ];
        let mut long = "é𝄞 line\n".repeat(40).into_bytes();
        long.push(0);
        long.extend_from_slice("𝄞".repeat(30).as_bytes());
        inputs.push(long);
        for bytes in &inputs {
            let want = whole(bytes);
            for size in 1..=bytes.len().max(1) + 1 {
                assert_eq!(chunked(bytes, size), want, "{bytes:?} in chunks of {size}");
            }
        }
        assert_eq!(decode(b"\xEF\xBB\xBF1234\n").unwrap(), ("1234\n", 3));
        assert!(whole(b"\xFF\xFE\x00\x00").unwrap_err().contains("UTF-32"));
        assert!(whole(b"12\x0034\n56\xFF")
            .unwrap_err()
            .contains("invalid UTF-8 at byte 8"));
    }

    #[test]
    fn a_nul_is_seen_at_once_and_reported_at_the_end() {
        let mut decoder = Decoder::new();
        assert_eq!(decoder.push(b"12\n").unwrap(), "12\n");
        assert!(!decoder.has_nul());
        assert_eq!(decoder.push(b"3\x004").unwrap(), "3\x004");
        assert!(decoder.has_nul());
        let f = decoder.finish().unwrap_err();
        assert_eq!(f.code, Code::Encoding);
        assert!(f.message.contains("NUL byte at byte 4"), "{}", f.message);
    }
}
