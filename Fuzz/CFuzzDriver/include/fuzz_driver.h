#ifndef AURA_FUZZ_DRIVER_H
#define AURA_FUZZ_DRIVER_H

/// Runs libFuzzer on the target's LLVMFuzzerTestOneInput, with libFuzzer's own flags
/// (-max_total_time=60, -runs=…, a corpus folder). SwiftPM names an executable's entry point
/// `<Target>_main`, so each fuzz target's entry point calls this instead of libFuzzer's main.
int aura_fuzz_main(int argc, char **argv);

#endif
