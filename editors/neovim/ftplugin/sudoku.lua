-- Buffer settings for .sudoku puzzle files.
if vim.b.did_ftplugin then
  return
end
vim.b.did_ftplugin = true

-- `#` starts a comment: lets `gc` (un)comment lines.
vim.bo.commentstring = '# %s'
vim.bo.comments = ':#'
vim.b.undo_ftplugin = 'setlocal commentstring< comments<'
