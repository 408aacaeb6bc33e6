/// Undoes the Russian keyboard layout: a handheld scanner "types" a QR code key by key, so with the
/// Russian layout switched on `t=2019…&s=58.00` arrives as `е=2019…?ы=58ю00`.
enum KeyboardLayout {
    /// Each character of the ЙЦУКЕН layout mapped to what the same key gives in the US layout.
    private static let latinForRussian: [Character: Character] = {
        let russian = Array("йцукенгшщзхъфывапролджэячсмитьбюё" + "ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ" + "\"№;:?.,")
        let latin = Array("qwertyuiop[]asdfghjkl;'zxcvbnm,.`" + "QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~" + "@#$^&/?")
        return Dictionary(uniqueKeysWithValues: zip(russian, latin))
    }()

    /// The text as it would have been typed in the US layout.
    static func russianToLatin(_ text: String) -> String {
        String(text.map { latinForRussian[$0] ?? $0 })
    }

    static func isCyrillic(_ scalar: Unicode.Scalar) -> Bool {
        (0x0400...0x04FF).contains(scalar.value)
    }
}
