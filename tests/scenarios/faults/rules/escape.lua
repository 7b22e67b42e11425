-- Handlers that try to leave the sandbox.
local x = expansion {
  name = "escape",
  options = { what = { default = "os", values = { "os", "io", "bytecode" } } },
}
local what = x.options.what
x:handler {
  name = "out", priority = 340, kinds = { "road" },
  fn = function()
    if what == "os" then
      os.execute("echo escaped")
    elseif what == "io" then
      io.open("/tmp/carc_escaped", "w")
    else
      local f, err = load(string.dump(function() return 1 end))
      if not f then error(err) end
    end
  end,
}
