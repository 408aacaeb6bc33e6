import Foundation
import ReceiptPhotos
import ReceiptScan

// Writes Data/samples/photos: receipt photos made by the project, one for every kind of damage plus
// a PNG and an upright-by-Exif JPEG, and photos.txt with the payload each one holds. The output is
// the same on every run; `swift run ScanSamples [FOLDER]` rewrites it.

let folder = CommandLine.arguments.dropFirst().first ?? "Data/samples/photos"
let payloads = [
    "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
    "t=20241115T183012&s=1249.90&fn=9280440300412563&i=28715&fp=3317261822&n=1",
    "t=20250101T0004&s=350.00&fn=7281440500123456&i=912&fp=1460281719&n=1",
    "t=20250214T1130&s=899.00&fn=9960440301234567&i=5501&fp=2702394115&n=2",
]

try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
var listing = [
    "# The receipt photos in this folder and the payload each one holds: file, a tab, the payload.",
    "# Made by Tools/ScanSamples (swift run ScanSamples); `receipts scan` must read every one.",
]

@MainActor func write(_ name: String, _ bytes: [UInt8], payload: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    listing.append("\(name)\t\(payload)")
}

for (index, damage) in PhotoDamage.allCases.enumerated() {
    let payload = payloads[index % payloads.count]
    let photo = damage.photo(of: payload, width: 1_000, height: 750, variant: index + 1)
    try write("\(damage.rawValue).jpg", try photo.jpeg(), payload: payload)
}

// A screenshot-like PNG, and a JPEG stored turned with the Exif orientation that sets it upright.
var plain = ReceiptPhoto(payload: payloads[0], width: 600, height: 800, modulePixels: 4)
plain.degrees = 3
try write("screenshot.png", [UInt8](try PNGCodec.encode(try plain.render())), payload: payloads[0])
var sideways = ReceiptPhoto(payload: payloads[2], width: 1_200, height: 900, modulePixels: 5)
sideways.noise = 6
sideways.blur = 1
let stored = try sideways.render().oriented(.rotatedCounterclockwise)
try write(
    "exif-rotated.jpg", [UInt8](try JPEGCodec.encode(stored, quality: 88, orientation: .rotatedClockwise)),
    payload: payloads[2])

try (listing.joined(separator: "\n") + "\n").write(toFile: folder + "/photos.txt", atomically: true, encoding: .utf8)
print("wrote \(listing.count - 2) photos to \(folder)")
