//! Any bytes: decode and read them; reading in pieces gives what reading whole gives.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_lsp_fuzz::read::read(data));
