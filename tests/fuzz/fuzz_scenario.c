/* Fuzz target: a scenario file, run as `carcassonne test` runs it. */
#include "carc_lua.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[512];
  if (!fuzz_file(data, size, ".lua", path, sizeof path)) return 0;
  FILE *sink = fopen("/dev/null", "w");
  int passed = 0, failed = 0;
  if (sink) carc_lua_run_scenarios(path, sink, &passed, &failed);
  if (sink) fclose(sink);
  unlink(path);
  return 0;
}
