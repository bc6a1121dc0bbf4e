//! The `sudoku-lsp` binary: argument parsing and dispatch, nothing else.

fn main() {
    std::process::exit(sudoku_lsp_main());
}

fn sudoku_lsp_main() -> i32 {
    0
}
