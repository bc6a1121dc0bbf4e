-- Runs sudoku-lsp code actions by title, so `:SudokuSolve` needs no menu, and the tutor's
-- commands: `:SudokuHint` (the next step, shown and marked), `:SudokuApplyStep` and
-- `:SudokuSteps` (every step drawn, in the browser).
local M = {}

local SOLVE_TITLE = 'Fill in the solution'

-- Neovim 0.11 wants method calls on clients; 0.10 only has the field functions.
local has_011 = vim.fn.has('nvim-0.11') == 1

local function request(client, method, params, handler, bufnr)
  if has_011 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function notify(msg, level)
  vim.notify('sudoku: ' .. msg, level or vim.log.levels.INFO)
end

--- The sudoku-lsp client attached to a buffer: by config name, or by the command it runs (for a
--- setup through vim.lsp.start under another name).
--- Whether a client is sudoku-lsp: by config name, or by the command it runs.
function M.is_sudoku(client)
  local cmd = type(client.config.cmd) == 'table' and client.config.cmd[1] or ''
  return client.name == 'sudoku_lsp' or tostring(cmd):match('sudoku%-lsp[^/\\]*$') ~= nil
end

local function client_for(bufnr)
  for _, client in ipairs(vim.lsp.get_clients({ bufnr = bufnr })) do
    if M.is_sudoku(client) then
      return client
    end
  end
  return nil
end

--- The sudoku-lsp client of `bufnr`, or nil after a warning and `on_done(false, 'no client')`.
local function attached(bufnr, on_done)
  local client = client_for(bufnr)
  if not client then
    notify('sudoku-lsp is not running for this buffer (see :checkhealth vim.lsp)', vim.log.levels.WARN)
    on_done(false, 'no client')
  end
  return client
end

local function apply(client, bufnr, action, done)
  if action.edit then
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  end
  local command = action.command
  if type(command) == 'table' then
    request(client, 'workspace/executeCommand', command, function(err)
      done(err == nil, err and err.message)
    end, bufnr)
    return
  end
  done(true)
end

--- Asks the server for the code actions at the cursor and applies the first whose title `pick`
--- accepts. `opts.on_done(ok, message)` runs when it is over (the tests wait for it).
function M.run_action(pick, what, opts)
  opts = opts or {}
  local on_done = opts.on_done or function() end
  local bufnr = vim.api.nvim_get_current_buf()
  local win = vim.api.nvim_get_current_win()
  local client = attached(bufnr, on_done)
  if not client then
    return
  end
  local params = vim.lsp.util.make_range_params(win, client.offset_encoding)
  params.context = { diagnostics = {}, triggerKind = 1 }
  -- An edit is made for one version of the text: drop it if the buffer changed meanwhile.
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  request(client, 'textDocument/codeAction', params, function(err, actions)
    if err then
      notify('code action request failed: ' .. tostring(err.message), vim.log.levels.ERROR)
      return on_done(false, err.message)
    end
    local chosen
    for _, action in ipairs(actions or {}) do
      if pick(action.title or '') then
        chosen = action
        break
      end
    end
    if not chosen then
      notify('no "' .. what .. '" here: the puzzle must have exactly one solution', vim.log.levels.WARN)
      return on_done(false, 'no action')
    end
    local function go(action)
      if vim.api.nvim_buf_get_changedtick(bufnr) ~= tick then
        notify('the buffer changed meanwhile; run the command again', vim.log.levels.WARN)
        return on_done(false, 'stale')
      end
      apply(client, bufnr, action, on_done)
    end
    local can_resolve = client.server_capabilities.codeActionProvider
      and type(client.server_capabilities.codeActionProvider) == 'table'
      and client.server_capabilities.codeActionProvider.resolveProvider
    if not chosen.edit and chosen.data ~= nil and can_resolve then
      request(client, 'codeAction/resolve', chosen, function(rerr, resolved)
        if rerr or not resolved then
          notify('resolving the action failed', vim.log.levels.ERROR)
          return on_done(false, rerr and rerr.message)
        end
        go(resolved)
      end, bufnr)
    else
      go(chosen)
    end
  end, bufnr)
end

--- `:SudokuSolve`: writes the solution into the blanks of the puzzle under the cursor.
function M.solve(opts)
  M.run_action(function(title)
    return title == SOLVE_TITLE
  end, SOLVE_TITLE, opts)
end

--- `:SudokuFillCell`: writes the solution digit into the cell under the cursor.
function M.fill_cell(opts)
  M.run_action(function(title)
    return title:match('^Fill r%d+c%d+') ~= nil
  end, 'Fill rXcY', opts)
end

--- `:SudokuApplyStep`: applies the next step of the puzzle under the cursor (a plain grid: up to
--- the next placed digit; a pencil-mark grid: exactly the next step).
function M.apply_step(opts)
  M.run_action(function(title)
    return title:match('^Apply next step: ') ~= nil
  end, 'Apply next step', opts)
end

--- Runs the server command `name` on the puzzle under the cursor (`{uri, position}`), then
--- `on_result(result)`; on an error, notifies "`what` failed" and calls `on_done(false, message)`.
local function command_at_cursor(name, what, on_done, on_result)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = attached(bufnr, on_done)
  if not client then
    return
  end
  local pos = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local command = {
    command = name,
    arguments = { { uri = pos.textDocument.uri, position = pos.position } },
  }
  request(client, 'workspace/executeCommand', command, function(err, result)
    if err then
      notify(what .. ' failed: ' .. tostring(err.message), vim.log.levels.ERROR)
      return on_done(false, err.message)
    end
    on_result(result)
  end, bufnr)
end

--- `:SudokuHint`: asks the server for the next step of the puzzle under the cursor. The server
--- shows it (window/showMessage) and marks the cells that prove it with hint diagnostics until
--- the next edit; `opts.on_done(ok, step)` gets the step as `sudoku-lsp explain` shapes it.
function M.hint(opts)
  opts = opts or {}
  local on_done = opts.on_done or function() end
  command_at_cursor('sudoku.hint', 'hint', on_done, function(step)
    on_done(step ~= nil and step ~= vim.NIL, step)
  end)
end

--- `:SudokuSteps`: asks the server for the page of the steps of the puzzle under the cursor
--- (`sudoku.explainHtml`), writes it to a temporary `.html` file and opens it with
--- `vim.ui.open` (the system's browser). `opts.on_done(ok, path_or_message)` runs at the end.
function M.steps(opts)
  opts = opts or {}
  local on_done = opts.on_done or function() end
  command_at_cursor('sudoku.explainHtml', 'steps', on_done, function(page)
    if page == nil or page == vim.NIL or type(page.html) ~= 'string' then
      -- The server has said why (window/showMessage).
      return on_done(false, 'no puzzle here')
    end
    local path = vim.fn.tempname() .. '.html'
    local file, open_err = io.open(path, 'wb')
    if not file then
      notify('cannot write ' .. path .. ': ' .. tostring(open_err), vim.log.levels.ERROR)
      return on_done(false, open_err)
    end
    file:write(page.html)
    file:close()
    local _, ui_err = vim.ui.open(path)
    if ui_err then
      notify('cannot open ' .. path .. ': ' .. tostring(ui_err), vim.log.levels.WARN)
      return on_done(false, ui_err)
    end
    on_done(true, path)
  end)
end

return M
