#ifndef RECEIPTS_JPEG_H
#define RECEIPTS_JPEG_H

#include <stddef.h>

/// What a call into libjpeg came to: libjpeg reports its errors through longjmp, which stays inside
/// this file, so Swift only ever sees one of these codes and a message.
typedef enum {
    RECEIPTS_JPEG_OK = 0,
    /// libjpeg stopped on an error: the data is damaged or not a JPEG stream.
    RECEIPTS_JPEG_DAMAGED = 1,
    /// The data ended before the picture did.
    RECEIPTS_JPEG_TRUNCATED = 2,
    /// The caller's buffer or size does not match the picture.
    RECEIPTS_JPEG_BAD_ARGUMENT = 3,
} receipts_jpeg_status;

/// The longest message libjpeg writes (JMSG_LENGTH_MAX), plus room.
#define RECEIPTS_JPEG_MESSAGE_LENGTH 208

/// Reads the header only: the picture's size, before anything large is allocated.
receipts_jpeg_status receipts_jpeg_read_size(const unsigned char *data, size_t size, int *width, int *height,
                                             char *message);

/// Decodes the picture as 8-bit grayscale into `pixels`, which holds `width * height` bytes (the size
/// `receipts_jpeg_read_size` reported).
receipts_jpeg_status receipts_jpeg_decode_gray(const unsigned char *data, size_t size, unsigned char *pixels,
                                               int width, int height, char *message);

/// Encodes 8-bit grayscale pixels as a baseline JPEG at `quality` (1…100), with an optional APP1
/// segment (an Exif block, for instance); `*output` is allocated here and freed with
/// `receipts_jpeg_free`.
receipts_jpeg_status receipts_jpeg_encode_gray(const unsigned char *pixels, int width, int height, int quality,
                                               const unsigned char *app1, size_t app1_size,
                                               unsigned char **output, unsigned long *output_size, char *message);

/// Frees what `receipts_jpeg_encode_gray` allocated.
void receipts_jpeg_free(unsigned char *buffer);

#endif
