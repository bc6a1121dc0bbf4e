//! Every fix applies, reads again and removes or changes its finding; fixes converge.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_lsp_fuzz::fixes::fixes(data));
