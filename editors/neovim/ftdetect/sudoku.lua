-- `*.sudoku` files are puzzles in the .sudoku format.
vim.filetype.add({ extension = { sudoku = 'sudoku' } })
