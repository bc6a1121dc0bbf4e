//! Random `didChange` change sets: the server's rope and a plain string model agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_lsp_fuzz::changes::{run, Input};

fuzz_target!(|input: Input| run(&input));
