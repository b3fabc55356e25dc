#include <stddef.h>
#include <stdint.h>
#include "fuzz_driver.h"

// Both come from libFuzzer's runtime (-sanitize=fuzzer) and the Swift target (@_cdecl).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int aura_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
