-- `*.sudoku` files are puzzles in the .sudoku format; the other puzzle formats the server reads
-- (SadMan/SudoCue .sdk, .sdm and .sdx, Simple Sudoku .ss, OpenSudoku XML) open as `sudoku`
-- too. CSV and TSV tables keep their filetype: set `vim.g.sudoku_csv = true` before
-- `vim.lsp.enable('sudoku_lsp')` to have the server check them as well.
vim.filetype.add({
  extension = {
    sudoku = 'sudoku',
    sdk = 'sudoku',
    sdm = 'sudoku',
    sdx = 'sudoku',
    ss = 'sudoku',
    opensudoku = 'sudoku',
  },
})
