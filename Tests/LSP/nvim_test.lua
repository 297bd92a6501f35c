-- Neovim's built-in LSP client attached to `accordion lsp`: open a sample,
-- break it, read the diagnostics, hover a panel id, rename it back.
-- Run by nvim_test.py: nvim --headless -u NONE -c "luafile nvim_test.lua" with
-- ACCORDION (the binary) and SAMPLE (a copy of a sample) in the environment.
-- Written against Neovim 0.7 (Debian's package), which has start_client but
-- not yet vim.lsp.start.
local accordion = os.getenv("ACCORDION")
local sample = os.getenv("SAMPLE")
local passed, failed = 0, 0

local function check(name, ok, detail)
  if ok then
    passed = passed + 1
    io.stdout:write("ok   " .. name .. "\n")
  else
    failed = failed + 1
    io.stdout:write("FAIL " .. name .. (detail and (": " .. detail) or "") .. "\n")
  end
end

local function finish()
  io.stdout:write(string.format("nvim: %d passed, %d failed\n", passed, failed))
  vim.cmd(failed == 0 and "qall!" or "cquit! 1")
end

local ok, err = pcall(function()
  vim.cmd("edit " .. sample)
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "accordion",
    cmd = { accordion, "lsp" },
    root_dir = vim.fn.fnamemodify(sample, ":h"),
  })
  check("client started", client_id ~= nil)
  vim.lsp.buf_attach_client(buf, client_id)
  check("initialized", vim.wait(5000, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized
  end))

  -- A clean sample: diagnostics arrive and are empty; then break a tap.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local tap_line
  for i, l in ipairs(lines) do
    if l:match("^  %- tap: VC3$") then tap_line = i end
  end
  check("sample has a tap", tap_line ~= nil)
  vim.api.nvim_buf_set_lines(buf, tap_line - 1, tap_line, false, { "  - tap: VC9" })
  local got = vim.wait(5000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == tap_line - 1 then return true end
    end
    return false
  end, 20)
  local diags = vim.diagnostic.get(buf)
  local found
  for _, d in ipairs(diags) do
    if d.lnum == tap_line - 1 then found = d end
  end
  check("diagnostic on the broken tap", got and found ~= nil, vim.inspect(diags))
  if found then
    check("diagnostic names the unknown id", found.message:find("VC9", 1, true) ~= nil, found.message)
    check("diagnostic is an error from accordion", found.severity == vim.diagnostic.severity.ERROR
      and found.source == "accordion", vim.inspect(found))
    check("diagnostic range starts at the id", found.col == 9, tostring(found.col))
  end

  -- Fix it back: the diagnostics clear.
  vim.api.nvim_buf_set_lines(buf, tap_line - 1, tap_line, false, { "  - tap: VC3" })
  -- (the sample's contrast warnings stay; the error goes).
  check("the error clears after the fix", vim.wait(5000, function()
    local diags = vim.diagnostic.get(buf)
    for _, d in ipairs(diags) do
      if d.severity == vim.diagnostic.severity.ERROR then return false end
    end
    return #diags > 0
  end, 20), vim.inspect(vim.diagnostic.get(buf)))

  -- HOVER

  -- RENAME

  vim.lsp.stop_client(client_id)
end)
if not ok then check("no Lua error", false, tostring(err)) end
finish()
