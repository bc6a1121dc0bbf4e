-- Headless Neovim 0.11 end-to-end test of editors/neovim against the real sudoku-lsp server.
-- Run: SUDOKU_LSP=target/debug/sudoku-lsp nvim --headless --clean -u tests/editors/neovim/test.lua
-- Exits 0 when every check passes, 1 otherwise (with the failed check on stderr).

local script = debug.getinfo(1, 'S').source:sub(2)
local here = vim.fn.fnamemodify(script, ':p:h')
local repo = vim.fn.fnamemodify(here, ':h:h:h')
local fixtures = here .. '/../fixtures'
local server = vim.env.SUDOKU_LSP or (repo .. '/target/debug/sudoku-lsp')
if not server:match('^/') then
  server = repo .. '/' .. server
end

-- Installed exactly as editors/neovim/README.md tells a user: on the runtimepath, then enabled.
vim.opt.runtimepath:append(repo .. '/editors/neovim')
vim.lsp.config('sudoku_lsp', { cmd = { server, 'server' } })
vim.lsp.enable('sudoku_lsp')

local TIMEOUT = 15000
local passed, failed = 0, 0

local function log(msg)
  io.stdout:write(msg .. '\n')
end

local function check(cond, msg)
  if cond then
    passed = passed + 1
    log('ok - ' .. msg)
  else
    failed = failed + 1
    error(msg, 0)
  end
end

local function read(path)
  local f = assert(io.open(path, 'rb'))
  local s = f:read('*a')
  f:close()
  return s
end

local function lines_of(s)
  local out = vim.split(s, '\n', { plain = true })
  if out[#out] == '' then
    table.remove(out)
  end
  return out
end

local expected = vim.json.decode(read(fixtures .. '/expected.json'))

-- Count every publishDiagnostics per URI, so "no diagnostics" can be told apart from "not yet".
local published = {}
local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and result.uri then
    published[result.uri] = (published[result.uri] or 0) + 1
  end
  return default_handler(err, result, ctx, config)
end

local function client_of(buf)
  return vim.lsp.get_clients({ bufnr = buf, name = 'sudoku_lsp' })[1]
end

local function describe(diags)
  local parts = {}
  for _, d in ipairs(diags) do
    table.insert(parts, string.format('%d:%d %s %s', d.lnum, d.col, tostring(d.code), d.message))
  end
  return '[' .. table.concat(parts, '; ') .. ']'
end

--- The grid rows of a 9x9 fixture: for each row, the byte column of each cell and its symbol.
local function grid(buf)
  local rows = {}
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if not line:match('^%s*[#@]') then
      local cols, chars = {}, {}
      for pos, ch in line:gmatch('()([1-9%.])') do
        table.insert(cols, pos - 1)
        table.insert(chars, ch)
      end
      if #cols == 9 then
        table.insert(rows, { lnum = i - 1, cols = cols, chars = chars })
      end
    end
  end
  return rows
end

--- What the givens of a cell's row, column and box leave open: computed here, not by the server.
local function candidates(rows, r, c)
  local used = {}
  for i = 1, 9 do
    used[rows[r].chars[i]] = true
    used[rows[i].chars[c]] = true
  end
  local br, bc = r - (r - 1) % 3, c - (c - 1) % 3
  for i = 0, 2 do
    for j = 0, 2 do
      used[rows[br + i].chars[bc + j]] = true
    end
  end
  local out = {}
  for d = 1, 9 do
    if not used[tostring(d)] then
      table.insert(out, tostring(d))
    end
  end
  return out
end

local function open_copy(name, dir, as_name)
  local path = dir .. '/' .. (as_name or name)
  vim.fn.writefile(vim.fn.readfile(fixtures .. '/' .. name, 'b'), path, 'b')
  vim.cmd.edit(vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  check(vim.bo[buf].filetype == 'sudoku', name .. ': filetype is sudoku (ftdetect)')
  check(
    vim.wait(TIMEOUT, function()
      return client_of(buf) ~= nil and client_of(buf).initialized
    end, 20),
    name .. ': sudoku_lsp attached'
  )
  return buf, vim.uri_from_bufnr(buf)
end

local function group(lnum, col)
  return vim.fn.synIDattr(vim.fn.synID(lnum + 1, col + 1, 1), 'name')
end

local function test_defect(dir)
  local want = expected.defect
  local buf = open_copy(want.file, dir)

  -- Highlighting of separators and of a one-liner with its trailing comment (syntax/sudoku.vim).
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for i, line in ipairs(lines) do
    if line:match('^═') then
      check(group(i - 1, 0) == 'sudokuSeparator', 'syntax: separator line (got ' .. group(i - 1, 0) .. ')')
    elseif line:match('^%d%.%d│') or line:match('^%.%.%.│') then
      check(group(i - 1, 3) == 'sudokuBoxSep', 'syntax: box separator in a row (got ' .. group(i - 1, 3) .. ')')
    elseif #line > 81 and line:match('^[%.%d]+%s') then
      local digit = line:find('%d') - 1
      check(group(i - 1, digit) == 'sudokuGiven', 'syntax: given in a one-liner (got ' .. group(i - 1, digit) .. ')')
      local hash = line:find('#', 82, true) - 1
      check(group(i - 1, hash) == 'sudokuTrailingComment', 'syntax: comment after a one-liner (got ' .. group(i - 1, hash) .. ')')
    end
  end
  local client = client_of(buf)
  check(client.offset_encoding == 'utf-8', 'position encoding negotiated: utf-8 (got ' .. client.offset_encoding .. ')')

  local function found(d, w)
    return d.code == w.code and d.lnum == w.line and d.col == w.byte
  end
  local ok = vim.wait(TIMEOUT, function()
    local diags = vim.diagnostic.get(buf)
    for _, w in ipairs(want.diagnostics) do
      local hit = false
      for _, d in ipairs(diags) do
        hit = hit or found(d, w)
      end
      if not hit then
        return false
      end
    end
    return true
  end, 20)
  local diags = vim.diagnostic.get(buf)
  check(ok, 'duplicate-digit diagnostics at the expected cells; got ' .. describe(diags))
  for _, w in ipairs(want.diagnostics) do
    for _, d in ipairs(diags) do
      if found(d, w) then
        check(d.source == 'sudoku', w.cell .. ': source is "sudoku"')
        check(d.severity == vim.diagnostic.severity.ERROR, w.cell .. ': severity error')
        check(d.end_lnum == w.line and d.end_col == w.byte + 1, w.cell .. ': the range covers the cell')
      end
    end
  end
  for _, d in ipairs(diags) do
    check(d.lnum < want.clean_from_line, 'no diagnostic on the sound one-liner: ' .. describe({ d }))
  end

  -- Blank r1c8 again; the incremental change sits after a multi-byte separator.
  local r1c8
  for _, w in ipairs(want.diagnostics) do
    if w.cell == 'r1c8' then
      r1c8 = w
    end
  end
  local before = published[vim.uri_from_bufnr(buf)] or 0
  vim.api.nvim_buf_set_text(buf, r1c8.line, r1c8.byte, r1c8.line, r1c8.byte + 1, { '.' })
  check(
    vim.wait(TIMEOUT, function()
      return (published[vim.uri_from_bufnr(buf)] or 0) > before and #vim.diagnostic.get(buf) == 0
    end, 20),
    'diagnostics clear once the duplicate is blanked; got ' .. describe(vim.diagnostic.get(buf))
  )
end

local function test_unique(dir)
  local want = expected.unique
  local buf, uri = open_copy(want.file, dir)
  local client = client_of(buf)
  check(
    vim.wait(TIMEOUT, function()
      return (published[uri] or 0) > 0
    end, 20),
    'diagnostics published for the sound puzzle'
  )
  check(#vim.diagnostic.get(buf) == 0, 'the sound puzzle has no diagnostics: ' .. describe(vim.diagnostic.get(buf)))

  -- Highlighting from syntax/sudoku.vim.
  local rows = grid(buf)
  check(#rows == 9, 'the test reads the fixture as 9 rows')
  check(group(0, 0) == 'sudokuComment', 'syntax: comment line (got ' .. group(0, 0) .. ')')
  check(group(2, 1) == 'sudokuDirectiveKey', 'syntax: directive key (got ' .. group(2, 1) .. ')')
  check(group(rows[2].lnum, rows[2].cols[9]) == 'sudokuGiven', 'syntax: given (got ' .. group(rows[2].lnum, rows[2].cols[9]) .. ')')
  check(group(rows[1].lnum, rows[1].cols[1]) == 'sudokuBlank', 'syntax: blank')

  -- Hover a blank cell: the first line lists the candidates.
  local r, c = want.hover.row, want.hover.col
  check(rows[r].chars[c] == '.', 'the hover cell is blank')
  vim.api.nvim_win_set_cursor(0, { rows[r].lnum + 1, rows[r].cols[c] })
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, TIMEOUT) or {}
  local res = responses[client.id] and responses[client.id].result
  check(res ~= nil and res.contents ~= nil, 'hover answered')
  local contents = res.contents
  local text = type(contents) == 'string' and contents or contents.value or ''
  if vim.islist(contents) then
    text = table.concat(vim.tbl_map(function(x)
      return type(x) == 'string' and x or x.value
    end, contents), '\n')
  end
  local first = vim.split(text, '\r?\n')[1]
  local cands = candidates(rows, r, c)
  local line = #cands > 0 and ('Candidates: ' .. table.concat(cands, ' ')) or 'Candidates: none'
  check(first == line, 'hover first line is "' .. line .. '" (got "' .. tostring(first) .. '")')
  check(text:find(string.format('r%dc%d', r, c), 1, true) ~= nil, 'hover names the cell')

  local solved = lines_of(read(fixtures .. '/' .. want.solved))
  local function wait_done(run, what)
    local done, ok, msg = false, false, nil
    run({
      on_done = function(o, m)
        done, ok, msg = true, o, m
      end,
    })
    check(vim.wait(TIMEOUT, function()
      return done
    end, 20) and ok, what .. ' (' .. tostring(msg) .. ')')
  end

  -- :SudokuFillCell writes the one digit under the cursor and nothing else.
  local before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  wait_done(require('sudoku').fill_cell, 'Fill r' .. r .. 'c' .. c .. ' applied')
  local after = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local row_line = rows[r].lnum + 1
  local col = rows[r].cols[c] + 1
  check(after[row_line]:sub(col, col) == solved[row_line]:sub(col, col), 'the cell holds its solution digit')
  local others_same = #after == #before
  for i = 1, #before do
    if i ~= row_line then
      others_same = others_same and before[i] == after[i]
    end
  end
  check(others_same and after[row_line]:sub(1, col - 1) == before[row_line]:sub(1, col - 1), 'no other cell changed')

  -- :SudokuSolve: the buffer becomes the known solution, byte for byte, and stays clean.
  local count = published[uri] or 0
  vim.cmd('SudokuSolve')
  check(vim.wait(TIMEOUT, function()
    return vim.deep_equal(vim.api.nvim_buf_get_lines(buf, 0, -1, false), solved)
  end, 20), ':SudokuSolve fills in the known solution')
  check(vim.wait(TIMEOUT, function()
    return (published[uri] or 0) > count and #vim.diagnostic.get(buf) == 0
  end, 20), 'no diagnostics on the solved puzzle: ' .. describe(vim.diagnostic.get(buf)))
end

-- :checkhealth sudoku with a puzzle open: the server found, its version, the client attached.
local function test_health()
  local buf = vim.api.nvim_get_current_buf()
  local client = client_of(buf)
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ':t')
  vim.cmd('checkhealth sudoku')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  local has = function(text)
    return report:find(text, 1, true) ~= nil
  end
  -- The report is shown only when a check fails.
  local expect = function(cond, what)
    check(cond, 'checkhealth: ' .. what .. (cond and '' or '\n' .. report))
  end
  expect(has('OK server found: ' .. vim.fn.exepath(server)), 'server found')
  expect(has('OK version: sudoku-lsp ' .. vim.trim(vim.fn.system({ server, '--version' })):sub(12)), 'version')
  expect(has(string.format('OK attached: client %d (sudoku_lsp) to ', client.id)) and has(name), 'attached')
  expect(not has('ERROR') and not has('WARNING'), 'no error or warning')
end

--- The tutor on a fresh copy of the sound puzzle: :SudokuHint names a technique, marks its cells
--- and writes nothing; :SudokuApplyStep writes a true digit; the difficulty is an inlay hint.
local function test_tutor(dir)
  -- Where no server is attached, both commands say so and report failure to the caller.
  vim.cmd('enew')
  for _, run in ipairs({ function(o) require('sudoku').hint(o) end,
                         function(o) require('sudoku').run_action(function() return true end, 'a step', o) end }) do
    local answered, why = false, nil
    run({ on_done = function(o, w)
      answered, why = not o, w
    end })
    check(answered and why == 'no client', 'without a server the command reports no client: ' .. tostring(why))
  end
  local want = expected.unique
  local buf, uri = open_copy(want.file, dir, 'tutor.sudoku')
  check(vim.wait(TIMEOUT, function()
    return (published[uri] or 0) > 0
  end, 20), 'tutor: diagnostics published')
  check(vim.fn.exists(':SudokuHint') == 2 and vim.fn.exists(':SudokuApplyStep') == 2, ':SudokuHint and :SudokuApplyStep are defined')
  local rows = grid(buf)
  vim.api.nvim_win_set_cursor(0, { rows[1].lnum + 1, rows[1].cols[1] })
  local before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)

  local done, ok, step = false, false, nil
  require('sudoku').hint({ on_done = function(o, s)
    done, ok, step = true, o, s
  end })
  check(vim.wait(TIMEOUT, function()
    return done
  end, 20) and ok, ':SudokuHint answered')
  check(type(step.technique) == 'string' and step.technique ~= '', 'the hint names a technique: ' .. tostring(step.technique))
  for word in step.technique:gmatch('[^-]+') do
    check(step.message:lower():find(word, 1, true) ~= nil, 'the message "' .. step.message .. '" names ' .. word)
  end
  check(vim.wait(TIMEOUT, function()
    local hints = vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.HINT })
    return #hints == #step.cells and #hints > 0
  end, 20), 'hint diagnostics on the cells that prove it: ' .. describe(vim.diagnostic.get(buf)))
  check(vim.deep_equal(vim.api.nvim_buf_get_lines(buf, 0, -1, false), before), 'the hint wrote nothing')

  done, ok = false, false
  require('sudoku').apply_step({ on_done = function(o)
    done, ok = true, o
  end })
  check(vim.wait(TIMEOUT, function()
    return done
  end, 20) and ok, ':SudokuApplyStep applied')
  local solved = lines_of(read(fixtures .. '/' .. want.solved))
  local after = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local changed = 0
  for i = 1, #after do
    for j = 1, #after[i] do
      if after[i]:sub(j, j) ~= before[i]:sub(j, j) then
        changed = changed + 1
        check(after[i]:sub(j, j) == solved[i]:sub(j, j), 'the applied step wrote the solution digit at ' .. i .. ':' .. j)
      end
    end
  end
  check(changed > 0, 'the applied step wrote a digit')

  check(vim.lsp.inlay_hint.is_enabled({ bufnr = buf }), 'inlay hints are on for .sudoku buffers')
  local hints
  check(vim.wait(TIMEOUT, function()
    hints = vim.lsp.inlay_hint.get({ bufnr = buf })
    return #hints > 0
  end, 50), 'an inlay hint is shown')
  local label = hints[1].inlay_hint.label
  check(type(label) == 'string' and label:match('^%a+ · %d+$') ~= nil, 'the inlay hint reads "level · score": ' .. tostring(label))
  check(hints[1].inlay_hint.position.line == rows[1].lnum, 'at the puzzle\'s first line')
end

--- :SudokuSteps on the sound puzzle: the page the server answers is written to a temporary
--- .html file and handed to vim.ui.open (stubbed here to capture the path).
local function test_steps(dir)
  local want = expected.unique
  local buf = open_copy(want.file, dir, 'steps.sudoku')
  check(vim.fn.exists(':SudokuSteps') == 2, ':SudokuSteps is defined')
  local rows = grid(buf)
  vim.api.nvim_win_set_cursor(0, { rows[5].lnum + 1, rows[5].cols[5] })
  local opened = {}
  local real_open = vim.ui.open
  vim.ui.open = function(path)
    table.insert(opened, path)
    return { wait = function() return { code = 0 } end }, nil
  end
  local done, ok, path = false, false, nil
  require('sudoku').steps({ on_done = function(o, p)
    done, ok, path = true, o, p
  end })
  local answered = vim.wait(TIMEOUT, function()
    return done
  end, 20)
  vim.ui.open = real_open
  check(answered and ok, ':SudokuSteps answered (' .. tostring(path) .. ')')
  check(#opened == 1 and opened[1] == path, 'vim.ui.open got the page: ' .. vim.inspect(opened))
  check(path:match('%.html$') ~= nil and vim.fn.filereadable(path) == 1, 'the page is a readable .html file: ' .. path)
  local html = read(path)
  check(html:sub(1, 15) == '<!DOCTYPE html>', 'the file is an HTML page')
  check(html:find("default-src 'none'", 1, true) ~= nil, 'its policy forbids every load')
  check(html:find('Royle 17-clue', 1, true) ~= nil, 'it names the puzzle by its title')
  -- Every given of the fixture is drawn in its cell in the first step's picture.
  local first = html:sub(html:find('<svg ', 1, true), html:find('</svg>', 1, true))
  local givens = {}
  for r, c, d in first:gmatch('data%-role="given" data%-cell="r(%d+)c(%d+)" data%-digit="(%d+)"') do
    givens[#givens + 1] = string.format('r%sc%s=%s', r, c, d)
  end
  local expect = {}
  for r, row in ipairs(rows) do
    for c, ch in ipairs(row.chars) do
      if ch ~= '.' then
        expect[#expect + 1] = string.format('r%dc%d=%s', r, c, ch)
      end
    end
  end
  check(#expect > 0 and vim.deep_equal(givens, expect), 'the givens are in their cells: ' .. table.concat(givens, ' '))
  local _, steps = html:gsub('<li class="step"', '')
  check(steps > 20, 'every step is on the page: ' .. steps)
end

local function finish(err)
  if err then
    io.stderr:write('FAIL - ' .. tostring(err) .. '\n')
    local log_path = vim.lsp.get_log_path()
    if vim.fn.filereadable(log_path) == 1 then
      io.stderr:write('--- tail of ' .. log_path .. '\n')
      local lines = vim.fn.readfile(log_path)
      io.stderr:write(table.concat(vim.list_slice(lines, math.max(1, #lines - 20)), '\n') .. '\n')
    end
  end
  log(string.format('neovim: %d passed, %d failed', passed, failed))
  vim.cmd(err and 'cquit 1' or 'qall!')
end

--- An .sdk file (another format the server reads) opens as sudoku, attaches the server and gets
--- the duplicate of row 1 (r1c1 and r1c8, grid line 4) as diagnostics.
local function test_sdk(dir)
  local buf = open_copy('defect.sdk', dir)
  local function at(col)
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == 'duplicate-digit' and d.lnum == 3 and d.col == col then
        return true
      end
    end
    return false
  end
  check(
    vim.wait(TIMEOUT, function()
      return at(0) and at(7)
    end, 20),
    'defect.sdk: duplicate-digit at r1c1 and r1c8; got ' .. describe(vim.diagnostic.get(buf))
  )
end

vim.api.nvim_create_autocmd('VimEnter', {
  nested = true,
  once = true,
  callback = function()
    -- A hung server must not hang the test.
    vim.defer_fn(function()
      finish('the whole test took more than 120 s')
    end, 120000)
    local ok, err = pcall(function()
      check(vim.fn.executable(server) == 1, 'server binary at ' .. server .. ' (run cargo build, or set SUDOKU_LSP)')
      check(vim.fn.exists(':SudokuSolve') == 2, ':SudokuSolve is defined (plugin/)')
      local dir = vim.fn.tempname()
      vim.fn.mkdir(dir, 'p')
      test_defect(dir)
      test_unique(dir)
      test_health()
      test_tutor(dir)
      test_sdk(dir)
      test_steps(dir)
    end)
    finish(not ok and err or nil)
  end,
})
