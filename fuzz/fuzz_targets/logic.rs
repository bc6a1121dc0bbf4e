//! The logic engine on pencil-mark states made from proper puzzles: every step true, the path
//! complete, every listed step true.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_lsp_fuzz::logic::logic(data));
