// libFuzzer's driver (compiler-rt, linked by swiftc -sanitize=fuzzer): refocus-fuzz's own main
// starts it, since SwiftPM names the executable's main after the module. Declared only: nothing
// calls it unless the fuzzer build (-DREFOCUS_LIBFUZZER) links libFuzzer.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
