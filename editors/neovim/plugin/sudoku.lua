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

vim.api.nvim_create_user_command('SudokuHint', function()
  require('sudoku').hint()
end, { desc = 'sudoku-lsp: show the next step of the puzzle under the cursor' })

vim.api.nvim_create_user_command('SudokuApplyStep', function()
  require('sudoku').apply_step()
end, { desc = 'sudoku-lsp: apply the next step of the puzzle under the cursor' })

vim.api.nvim_create_user_command('SudokuSteps', function()
  require('sudoku').steps()
end, { desc = 'sudoku-lsp: open every step of the puzzle under the cursor, drawn, in the browser' })

-- Each puzzle's difficulty (`hard · 1240`) as an inlay hint at its first line; set
-- `vim.g.sudoku_inlay_hints = false` to leave inlay hints as they are.
vim.api.nvim_create_autocmd('LspAttach', {
  group = vim.api.nvim_create_augroup('sudoku_lsp_inlay_hints', { clear = true }),
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if vim.g.sudoku_inlay_hints == false or not client or vim.bo[args.buf].filetype ~= 'sudoku' then
      return
    end
    if client.server_capabilities.inlayHintProvider and vim.lsp.inlay_hint then
      vim.lsp.inlay_hint.enable(true, { bufnr = args.buf })
    end
  end,
})
