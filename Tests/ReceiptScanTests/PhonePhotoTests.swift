import Foundation
import ReceiptCore
import ReceiptPhotos
import ReceiptScan
import Testing

@Suite("Reading codes from phone photos of receipts", .timeLimit(.minutes(20)))
struct PhonePhotoTests {
    static let payload = QRRoundTripTests.payload

    /// One photo of each kind, at its second level; the first for focus, whose second level here
    /// is one of the benchmark's misses.
    static let kinds: [(PhoneDamage, variant: Int)] = PhoneDamage.allCases.map { ($0, $0 == .focus ? 0 : 1) }

    @Test("each kind of phone-photo damage, at a fixed seed, reads back as the payload", arguments: kinds)
    func eachKind(_ damage: PhoneDamage, variant: Int) throws {
        // The benchmark's 1.5 MP frame: modules of 3 to 4 pixels (the `small` kind aside).
        let photo = damage.photo(of: Self.payload, width: 1_500, height: 1_000, variant: variant)
        let result = try ReceiptCodeReader().read(try photo.render())
        #expect(result.codes.map(\.text) == [Self.payload], "\(damage)")
    }

    @Test("the same arguments make the same photo; the damage grows with the level")
    func deterministic() throws {
        let first = try PhoneDamage.curl.photo(of: Self.payload, width: 320, height: 240, variant: 3).render()
        let again = try PhoneDamage.curl.photo(of: Self.payload, width: 320, height: 240, variant: 3).render()
        #expect(first == again)
        let mild = PhoneDamage.perspective.photo(of: Self.payload, width: 320, height: 240, variant: 0)
        let strong = PhoneDamage.perspective.photo(of: Self.payload, width: 320, height: 240, variant: 4)
        #expect(mild.perspective == 15 && strong.perspective == 45)
        #expect(PhoneDamage.small.photo(of: Self.payload, width: 320, height: 240, variant: 4).modulePixels < 1.8)
    }

    @Test("curl, shake, glare and fading each change the picture; none of them invents a code elsewhere")
    func effects() throws {
        var plain = ReceiptPhoto(payload: Self.payload, width: 480, height: 360, modulePixels: 3)
        plain.noise = 0
        let base = try plain.render()
        let changes: [(String, (inout ReceiptPhoto) -> Void)] = [
            ("curl", { $0.curl = 0.8 }), ("shake", { ($0.motionLength, $0.motionDegrees) = (6, 30) }),
            ("glare", { $0.glareSpots = 2 }), ("fade", { $0.fade = 0.8 }),
            ("perspective", { ($0.perspective, $0.perspectiveAxis) = (40, 20) }),
        ]
        for (name, change) in changes {
            var photo = plain
            change(&photo)
            let picture = try photo.render()
            #expect(picture != base, "\(name)")
            #expect(picture.width == 480 && picture.height == 360)
            #expect(try ReceiptCodeReader().read(picture).codes.allSatisfy { $0.text == Self.payload }, "\(name)")
        }
    }

    @Test(
        "receipts whose code was torn off, however damaged, give no code",
        arguments: [PhoneDamage.glare, .lowLight, .mixed])
    func codeless(_ damage: PhoneDamage) throws {
        var photo = damage.photo(of: Self.payload, width: 960, height: 720, variant: 2)
        photo.hasCode = false
        #expect(try ReceiptCodeReader().read(try photo.render()).codes.isEmpty)
    }
}
