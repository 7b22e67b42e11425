-- A scenario file loads text only: Lua does not check precompiled chunks,
-- and a damaged one could crash the runner. (cli_checks.cmake covers
-- loadfile and dofile, which need a file.)

case("load refuses a binary chunk whatever mode it is given", function()
  local dumped = string.dump(function() return 1 end)
  for _, mode in ipairs { "b", "bt", "t" } do
    local f, err = load(dumped, "=dumped", mode)
    assert(f == nil and err:find("attempt to load a binary chunk", 1, true), mode .. ": " .. tostring(err))
  end
  local f, err = load(dumped)
  assert(f == nil and err:find("attempt to load a binary chunk", 1, true), err)
  assert(load("return 1 + 1", "=two", "bt")() == 2, "text still loads")
  local env = { x = 5 }
  assert(load("return x", "=env", "b", env)() == 5, "an environment is still passed")
end)

case("load's and loadfile's argument errors name the function and the calling line", function()
  local ok, err = pcall(function() return load(nil) end)
  assert(not ok and err:find("binary_chunks.lua:19: bad argument #1 to 'load' (string or function expected, got nil)",
    1, true), err)
  ok, err = pcall(function() return loadfile({}) end)
  assert(not ok and err:find("binary_chunks.lua:22: bad argument #1 to 'loadfile'", 1, true), err)
end)
