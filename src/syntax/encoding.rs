//! Bytes to text for the reader. The rules (byte-order marks, UTF-8, NUL bytes) and their
//! messages live in [`crate::decode`], shared with the CLI's streaming renderer, which applies
//! them chunk by chunk.

use crate::finding::Finding;

/// See [`super::decode`].
pub(super) fn decode(bytes: &[u8]) -> Result<(&str, usize), Finding> {
    crate::decode::decode(bytes)
}
