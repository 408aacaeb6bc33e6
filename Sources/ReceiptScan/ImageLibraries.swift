import CJPEG
import CPNG
import CQREncode
import CWebP
import CZBar
import CZXingShim

/// The versions of the C libraries this build runs with, for `--verbose` and bug reports.
public enum ImageLibraries {
    /// Each library's name (`zbar`, `zxing-cpp`, `libqrencode`, `libpng`, `libwebp`, `libjpeg`) and version.
    public static var versions: [String: String] {
        var major: UInt32 = 0
        var minor: UInt32 = 0
        var patch: UInt32 = 0
        zbar_version(&major, &minor, &patch)
        let webp = WebPGetDecoderVersion()
        return [
            "zbar": "\(major).\(minor).\(patch)",
            "zxing-cpp": String(cString: receipts_zxing_version()),
            "libqrencode": String(cString: QRcode_APIVersionString()),
            "libpng": String(cString: png_get_libpng_ver(nil)),
            "libwebp": "\(webp >> 16).\((webp >> 8) & 0xFF).\(webp & 0xFF)",
            "libjpeg": "\(JPEG_LIB_VERSION)",
        ]
    }
}
