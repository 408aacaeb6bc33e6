#ifndef RECEIPTS_FUZZER_DRIVER_H
#define RECEIPTS_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's own driver (compiler-rt), for fuzz targets whose `main` SwiftPM names itself.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
