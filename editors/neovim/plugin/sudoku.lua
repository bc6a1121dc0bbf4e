-- User commands for .sudoku files, backed by the sudoku-lsp server's code actions.
if vim.g.loaded_sudoku_lsp then
  return
end
vim.g.loaded_sudoku_lsp = true

vim.api.nvim_create_user_command('SudokuSolve', function()
  require('sudoku').solve()
end, { desc = 'sudoku-lsp: fill in the solution of the puzzle under the cursor' })

vim.api.nvim_create_user_command('SudokuFillCell', function()
  require('sudoku').fill_cell()
end, { desc = 'sudoku-lsp: fill in the cell under the cursor' })
