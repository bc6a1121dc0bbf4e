//! Any bytes read as every other format (CSV/TSV, bank lines, .sdk, .sdm, .sdx, .ss, OpenSudoku,
//! HoDoKu lines): no panic, no hang, every range in the text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_lsp_fuzz::formats::formats(data));
