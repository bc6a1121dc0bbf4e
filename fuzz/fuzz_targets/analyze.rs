//! Any bytes or text: the analysis never panics, never hangs, and keeps its light invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_lsp_fuzz::analyze(data));
