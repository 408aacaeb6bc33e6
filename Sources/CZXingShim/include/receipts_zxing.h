#ifndef RECEIPTS_ZXING_H
#define RECEIPTS_ZXING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a call into zxing-cpp came to: its C++ exceptions and types stay inside the shim, so Swift
/// only ever sees one of these codes, plain C values and a message.
typedef enum {
    RECEIPTS_ZXING_OK = 0,
    /// The caller's pixels or size make no picture.
    RECEIPTS_ZXING_BAD_ARGUMENT = 1,
    /// zxing-cpp threw (memory, for instance); the message says what.
    RECEIPTS_ZXING_FAILED = 2,
} receipts_zxing_status;

/// Room for a message, with its terminating zero.
#define RECEIPTS_ZXING_MESSAGE_LENGTH 256

/// One QR code zxing-cpp read: its bytes as UTF-8 (not terminated; `length` of them).
typedef struct {
    char *text;
    size_t length;
} receipts_zxing_code;

/// Reads every QR code in 8-bit grayscale `pixels` (`width * height` bytes, rows one after another).
/// `thorough` also lets zxing-cpp look at downscaled copies of a large picture (for whole photos).
/// On success `*codes` holds `*count` codes, allocated here and freed with `receipts_zxing_free`;
/// both are zero when none is found.
receipts_zxing_status receipts_zxing_read(const unsigned char *pixels, int width, int height, int thorough,
                                          receipts_zxing_code **codes, int *count, char *message);

/// Frees what `receipts_zxing_read` returned.
void receipts_zxing_free(receipts_zxing_code *codes, int count);

/// The version of zxing-cpp this was built with, as "MAJOR.MINOR.PATCH".
const char *receipts_zxing_version(void);

#ifdef __cplusplus
}
#endif

#endif
