-- The sudoku-lsp language server, for vim.lsp.config/vim.lsp.enable (Neovim 0.11+).
-- Enable it with `vim.lsp.enable('sudoku_lsp')`; override any field with
-- `vim.lsp.config('sudoku_lsp', { cmd = { '/path/to/sudoku-lsp', 'server' } })`.
return {
  cmd = { 'sudoku-lsp', 'server' },
  -- `vim.g.sudoku_csv = true`: CSV and TSV tables too (docs/formats.md says which are read).
  filetypes = vim.g.sudoku_csv and { 'sudoku', 'csv', 'tsv' } or { 'sudoku' },
  -- sudoku-lsp.toml is the project's config, read by the server and by `sudoku-lsp check` alike.
  root_markers = { 'sudoku-lsp.toml', '.git' },
  -- Editor-only settings: sent at start, and served back when the server asks for section `sudoku`.
  -- `hints`: what :SudokuHint shows, 'nudge' (technique and unit) or 'full' (the whole step).
  init_options = { showSolutions = false, maxDiagnostics = 1000, hints = 'nudge' },
  settings = { sudoku = { showSolutions = false, maxDiagnostics = 1000, hints = 'nudge' } },
}
