//! Formatting applies, is idempotent and keeps what the text reads as, in every style.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_lsp_fuzz::fmt::fmt(data));
