-- `:checkhealth sudoku`: is the server found, which version is it, is it attached here.
local M = {}

--- The command the sudoku_lsp config runs (vim.lsp.config on 0.11+), else the default one.
local function server_cmd()
  local ok, config = pcall(function()
    return vim.lsp.config.sudoku_lsp
  end)
  local cmd = ok and config and config.cmd
  if type(cmd) == 'table' and type(cmd[1]) == 'string' then
    return cmd[1]
  end
  return 'sudoku-lsp'
end

local function check_binary(cmd)
  local path = vim.fn.exepath(cmd)
  if path == '' then
    vim.health.error('`' .. cmd .. '` not found', {
      'Install it with `pip install sudoku-lsp`, or `cargo install --path .` in the sudoku-lsp repository',
      "or point the config at it: vim.lsp.config('sudoku_lsp', { cmd = { '/path/to/sudoku-lsp', 'server' } })",
    })
    return nil
  end
  vim.health.ok('server found: ' .. path)
  return path
end

local function check_version(path)
  local result = vim.system({ path, '--version' }, { text = true }):wait(5000)
  local version = vim.trim(result.stdout or '')
  if result.code == 0 and version:match('^sudoku%-lsp %d') then
    vim.health.ok('version: ' .. version)
  else
    vim.health.error('`' .. path .. ' --version` failed (status ' .. tostring(result.code) .. ')', {
      vim.trim(result.stderr or ''),
    })
  end
end

--- The health report runs in its own buffer, so this lists every buffer a sudoku-lsp client is
--- attached to rather than asking about the current one.
local function check_attached()
  local found = false
  for _, client in ipairs(vim.lsp.get_clients()) do
    if require('sudoku').is_sudoku(client) then
      found = true
      local buffers = vim.tbl_keys(client.attached_buffers or {})
      table.sort(buffers)
      local names = vim.tbl_map(function(b)
        return vim.fn.fnamemodify(vim.api.nvim_buf_get_name(b), ':t')
      end, buffers)
      if #buffers > 0 then
        vim.health.ok(string.format('attached: client %d (%s) to %s', client.id, client.name, table.concat(names, ', ')))
      else
        vim.health.warn(string.format('client %d (%s) is running but attached to no buffer', client.id, client.name))
      end
    end
  end
  if not found then
    vim.health.warn('sudoku-lsp is not attached to any buffer', {
      "Open a .sudoku file after vim.lsp.enable('sudoku_lsp'); see :checkhealth vim.lsp",
    })
  end
end

function M.check()
  vim.health.start('sudoku-lsp')
  local path = check_binary(server_cmd())
  if path then
    check_version(path)
  end
  check_attached()
end

return M
