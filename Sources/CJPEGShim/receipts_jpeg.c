// libjpeg's default error handler calls exit(). This file installs one that jumps back here
// instead, so every failure becomes a status code; the longjmp never crosses into Swift.
#include "receipts_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int truncated;
    char message[JMSG_LENGTH_MAX];
} receipts_error;

static void receipts_error_exit(j_common_ptr info) {
    receipts_error *error = (receipts_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

// Warnings are not printed; the one that says the data ended early makes the picture damaged.
static void receipts_emit_message(j_common_ptr info, int level) {
    receipts_error *error = (receipts_error *)info->err;
    if (level < 0) {
        info->err->num_warnings++;
        if (info->err->msg_code == JWRN_JPEG_EOF) {
            error->truncated = 1;
            (*info->err->format_message)(info, error->message);
        }
    }
}

static void receipts_output_message(j_common_ptr info) { (void)info; }

static void receipts_install(receipts_error *error) {
    jpeg_std_error(&error->manager);
    error->manager.error_exit = receipts_error_exit;
    error->manager.emit_message = receipts_emit_message;
    error->manager.output_message = receipts_output_message;
    error->truncated = 0;
    error->message[0] = 0;
}

static void receipts_copy_message(const receipts_error *error, char *message) {
    if (message == NULL) return;
    strncpy(message, error->message, RECEIPTS_JPEG_MESSAGE_LENGTH - 1);
    message[RECEIPTS_JPEG_MESSAGE_LENGTH - 1] = 0;
}

// The state lives on the heap, as libjpeg's examples advise for code that uses setjmp.
typedef struct {
    struct jpeg_decompress_struct info;
    receipts_error error;
} receipts_reader;

static receipts_jpeg_status receipts_read(const unsigned char *data, size_t size, unsigned char *pixels, int *width,
                                          int *height, char *message) {
    if (data == NULL || size == 0 || width == NULL || height == NULL) return RECEIPTS_JPEG_BAD_ARGUMENT;
    receipts_reader *reader = calloc(1, sizeof(receipts_reader));
    if (reader == NULL) return RECEIPTS_JPEG_BAD_ARGUMENT;
    receipts_install(&reader->error);
    reader->info.err = &reader->error.manager;
    if (setjmp(reader->error.jump)) {
        // An error after the data ran out (no image, a bad marker) is the file being cut short.
        receipts_jpeg_status failure = reader->error.truncated ? RECEIPTS_JPEG_TRUNCATED : RECEIPTS_JPEG_DAMAGED;
        receipts_copy_message(&reader->error, message);
        jpeg_destroy_decompress(&reader->info);
        free(reader);
        return failure;
    }
    jpeg_create_decompress(&reader->info);
    jpeg_mem_src(&reader->info, data, (unsigned long)size);
    jpeg_read_header(&reader->info, TRUE);
    receipts_jpeg_status status = RECEIPTS_JPEG_OK;
    if (pixels == NULL) {
        *width = (int)reader->info.image_width;
        *height = (int)reader->info.image_height;
        if (reader->error.truncated) status = RECEIPTS_JPEG_TRUNCATED;
    } else if ((int)reader->info.image_width != *width || (int)reader->info.image_height != *height) {
        status = RECEIPTS_JPEG_BAD_ARGUMENT;
    } else {
        reader->info.out_color_space = JCS_GRAYSCALE;
        jpeg_start_decompress(&reader->info);
        if (reader->info.output_components != 1 || (int)reader->info.output_width != *width) {
            status = RECEIPTS_JPEG_BAD_ARGUMENT;
        } else {
            while (reader->info.output_scanline < reader->info.output_height && !reader->error.truncated) {
                JSAMPROW row = pixels + (size_t)reader->info.output_scanline * (size_t)*width;
                jpeg_read_scanlines(&reader->info, &row, 1);
            }
            if (reader->error.truncated) {
                status = RECEIPTS_JPEG_TRUNCATED;
            } else {
                jpeg_finish_decompress(&reader->info);
                if (reader->error.truncated) status = RECEIPTS_JPEG_TRUNCATED;
            }
        }
    }
    receipts_copy_message(&reader->error, message);
    jpeg_destroy_decompress(&reader->info);
    free(reader);
    return status;
}

receipts_jpeg_status receipts_jpeg_read_size(const unsigned char *data, size_t size, int *width, int *height,
                                             char *message) {
    return receipts_read(data, size, NULL, width, height, message);
}

receipts_jpeg_status receipts_jpeg_decode_gray(const unsigned char *data, size_t size, unsigned char *pixels,
                                               int width, int height, char *message) {
    if (pixels == NULL || width <= 0 || height <= 0) return RECEIPTS_JPEG_BAD_ARGUMENT;
    return receipts_read(data, size, pixels, &width, &height, message);
}

typedef struct {
    struct jpeg_compress_struct info;
    receipts_error error;
    unsigned char *buffer;
    unsigned long size;
} receipts_writer;

receipts_jpeg_status receipts_jpeg_encode_gray(const unsigned char *pixels, int width, int height, int quality,
                                               const unsigned char *app1, size_t app1_size,
                                               unsigned char **output, unsigned long *output_size, char *message) {
    if (pixels == NULL || width <= 0 || height <= 0 || output == NULL || output_size == NULL || app1_size > 65533)
        return RECEIPTS_JPEG_BAD_ARGUMENT;
    receipts_writer *writer = calloc(1, sizeof(receipts_writer));
    if (writer == NULL) return RECEIPTS_JPEG_BAD_ARGUMENT;
    receipts_install(&writer->error);
    writer->info.err = &writer->error.manager;
    if (setjmp(writer->error.jump)) {
        receipts_copy_message(&writer->error, message);
        jpeg_destroy_compress(&writer->info);
        free(writer->buffer);
        free(writer);
        return RECEIPTS_JPEG_DAMAGED;
    }
    jpeg_create_compress(&writer->info);
    jpeg_mem_dest(&writer->info, &writer->buffer, &writer->size);
    writer->info.image_width = (JDIMENSION)width;
    writer->info.image_height = (JDIMENSION)height;
    writer->info.input_components = 1;
    writer->info.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&writer->info);
    jpeg_set_quality(&writer->info, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    jpeg_start_compress(&writer->info, TRUE);
    if (app1 != NULL && app1_size > 0) jpeg_write_marker(&writer->info, JPEG_APP0 + 1, app1, (unsigned int)app1_size);
    while (writer->info.next_scanline < writer->info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)writer->info.next_scanline * (size_t)width);
        jpeg_write_scanlines(&writer->info, &row, 1);
    }
    jpeg_finish_compress(&writer->info);
    *output = writer->buffer;
    *output_size = writer->size;
    jpeg_destroy_compress(&writer->info);
    free(writer);
    return RECEIPTS_JPEG_OK;
}

void receipts_jpeg_free(unsigned char *buffer) { free(buffer); }
