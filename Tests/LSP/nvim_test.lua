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

-- Waits until the buffer has diagnostics and none of them is an error.
local function without_errors(buf)
  return vim.wait(5000, function()
    local diags = vim.diagnostic.get(buf)
    for _, d in ipairs(diags) do
      if d.severity == vim.diagnostic.severity.ERROR then return false end
    end
    return #diags > 0
  end, 20)
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
  check("the error clears after the fix", without_errors(buf), vim.inspect(vim.diagnostic.get(buf)))

  -- Hover on the tap's id: the panel's card.
  local tap_col = 9
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = tap_line - 1, character = tap_col } }
  local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 5000)
  local text = ""
  for _, r in pairs(hover or {}) do
    if r.result and r.result.contents then text = r.result.contents.value or "" end
  end
  check("hover shows the panel", text:find("View Controller 3", 1, true) ~= nil and text:find("0x9B59B6FF", 1, true) ~= nil, text)

  -- Rename VC3 through the client's own rename (prepareRename, then the
  -- workspace edit applied to the buffer), then back again.
  local function rename(to)
    vim.api.nvim_win_set_cursor(0, { tap_line, tap_col })
    vim.lsp.buf.rename(to)
    return vim.wait(5000, function()
      return vim.api.nvim_buf_get_lines(buf, tap_line - 1, tap_line, false)[1] == "  - tap: " .. to
    end, 20)
  end
  local original = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
  check("rename VC3 to Third", rename("Third"))
  local renamed = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
  local _, uses = renamed:gsub("Third", "")
  check("every use renamed", uses == 6, tostring(uses))
  check("no error after the rename", without_errors(buf), vim.inspect(vim.diagnostic.get(buf)))
  check("rename back to VC3", rename("VC3"))
  check("the text is as it was", table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") == original)

  -- Completion of the tap's id.
  vim.api.nvim_buf_set_lines(buf, tap_line - 1, tap_line, false, { "  - tap: " })
  local items = {}
  local completion = vim.lsp.buf_request_sync(buf, "textDocument/completion",
    { textDocument = params.textDocument, position = { line = tap_line - 1, character = 9 } }, 5000)
  for _, r in pairs(completion or {}) do
    for _, item in ipairs((r.result or {}).items or {}) do table.insert(items, item.label) end
  end
  check("completion offers the panel ids", table.concat(items, ",") == "VC1,VC2,VC3", table.concat(items, ","))

  -- A quick fix: a colour without alpha gets its FF through the client's own workspace-edit code.
  vim.api.nvim_buf_set_lines(buf, tap_line - 1, tap_line, false, { "  - tap: VC3" })
  local colour_line
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if l == "    color: 0x9B59B6FF" then colour_line = i end
  end
  vim.api.nvim_buf_set_lines(buf, colour_line - 1, colour_line, false, { "    color: 0x9B59B6" })
  local warned = vim.wait(5000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == "colour-without-alpha" then return true end
    end
    return false
  end, 20)
  check("colour-without-alpha reported", warned)
  local range = { start = { line = colour_line - 1, character = 0 }, ["end"] = { line = colour_line - 1, character = 20 } }
  local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction",
    { textDocument = params.textDocument, range = range, context = { diagnostics = {} } }, 5000)
  local applied = false
  for _, r in pairs(actions or {}) do
    for _, action in ipairs(r.result or {}) do
      if action.title == "Write 0x9B59B6FF" then
        vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
        applied = true
      end
    end
  end
  check("quick fix applied", applied and
    vim.api.nvim_buf_get_lines(buf, colour_line - 1, colour_line, false)[1] == "    color: 0x9B59B6FF",
    vim.inspect(actions))
  check("the text is as it was after the fix", table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") == original)

  vim.lsp.stop_client(client_id)
end)
if not ok then check("no Lua error", false, tostring(err)) end
finish()
