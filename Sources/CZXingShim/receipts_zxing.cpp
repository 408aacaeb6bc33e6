// zxing-cpp behind a C interface: nothing C++ crosses it, and no exception leaves it.
#define ZX_USE_UTF8 1
#include "receipts_zxing.h"

#include <ZXing/ReadBarcode.h>
#include <ZXing/ZXVersion.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>

namespace {

void say(char *message, const char *text) {
    if (message == nullptr) return;
    std::strncpy(message, text, RECEIPTS_ZXING_MESSAGE_LENGTH - 1);
    message[RECEIPTS_ZXING_MESSAGE_LENGTH - 1] = '\0';
}

}  // namespace

extern "C" receipts_zxing_status receipts_zxing_read(const unsigned char *pixels, int width, int height, int thorough,
                                                     receipts_zxing_code **codes, int *count, char *message) {
    if (codes == nullptr || count == nullptr) {
        say(message, "no place for the codes");
        return RECEIPTS_ZXING_BAD_ARGUMENT;
    }
    *codes = nullptr;
    *count = 0;
    if (pixels == nullptr || width <= 0 || height <= 0) {
        say(message, "an empty picture");
        return RECEIPTS_ZXING_BAD_ARGUMENT;
    }
    try {
        ZXing::DecodeHints hints;
        hints.setFormats(ZXing::BarcodeFormat::QRCode);
        // A QR code reads in any orientation; turning the picture helps only linear barcodes.
        hints.setTryHarder(true);
        hints.setTryRotate(false);
        hints.setTryDownscale(thorough != 0);
        ZXing::ImageView view(pixels, width, height, ZXing::ImageFormat::Lum);
        ZXing::Results results = ZXing::ReadBarcodes(view, hints);

        int valid = 0;
        for (const auto &result : results) valid += result.isValid() ? 1 : 0;
        if (valid == 0) return RECEIPTS_ZXING_OK;
        auto *found = static_cast<receipts_zxing_code *>(std::calloc(valid, sizeof(receipts_zxing_code)));
        if (found == nullptr) throw std::bad_alloc();
        int index = 0;
        for (const auto &result : results) {
            if (!result.isValid()) continue;
            std::string text = result.text();
            char *copy = static_cast<char *>(std::malloc(text.size() + 1));
            if (copy == nullptr) {
                receipts_zxing_free(found, index);
                throw std::bad_alloc();
            }
            std::memcpy(copy, text.data(), text.size());
            copy[text.size()] = '\0';
            found[index].text = copy;
            found[index].length = text.size();
            index += 1;
        }
        *codes = found;
        *count = index;
        return RECEIPTS_ZXING_OK;
    } catch (const std::exception &error) {
        say(message, error.what());
    } catch (...) {
        say(message, "zxing-cpp failed");
    }
    return RECEIPTS_ZXING_FAILED;
}

extern "C" void receipts_zxing_free(receipts_zxing_code *codes, int count) {
    if (codes == nullptr) return;
    for (int index = 0; index < count; index += 1) std::free(codes[index].text);
    std::free(codes);
}

#define RECEIPTS_TEXT(x) #x
#define RECEIPTS_VERSION(major, minor, patch) RECEIPTS_TEXT(major) "." RECEIPTS_TEXT(minor) "." RECEIPTS_TEXT(patch)

extern "C" const char *receipts_zxing_version(void) {
    return RECEIPTS_VERSION(ZXING_VERSION_MAJOR, ZXING_VERSION_MINOR, ZXING_VERSION_PATCH);
}
