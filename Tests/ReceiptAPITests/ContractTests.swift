import Foundation
import ReceiptAPI
import Testing

/// `openapi.yaml` and the wire types, schema by schema: a member added, renamed or made optional on
/// one side only fails here.
@Suite("The wire contract: openapi.yaml and the Swift types agree", .timeLimit(.minutes(20)))
struct ContractTests {
    @Test("every schema of openapi.yaml has a Swift type, and every wire type a schema")
    func everySchemaCovered() throws {
        let document = try ContractDocument()
        let named = WireContract.cases.map(\.schema)
        #expect(Set(named).count == named.count, "a schema named twice")
        #expect(Set(WireContract.cases.map(\.typeName)).count == named.count, "a Swift type named twice")
        #expect(
            Set(document.schemas.keys).subtracting(named).isEmpty,
            "schemas without a Swift type: \(Set(document.schemas.keys).subtracting(named).sorted())")
        #expect(
            Set(named).subtracting(document.schemas.keys).isEmpty,
            "wire types whose schema is gone: \(Set(named).subtracting(document.schemas.keys).sorted())")
    }

    @Test(
        "each wire type writes exactly its schema's members: required ones always, optional ones left out when nil, null only where required and nullable",
        arguments: WireContract.cases.map(\.schema))
    func writes(_ name: String) throws {
        let (wire, schema) = try Self.wire(name)
        var checker = ContractChecker()
        #expect(!wire.samples.isEmpty)
        for (index, sample) in wire.samples.enumerated() {
            let tree = try JSONReader.read(JSONTree.self, from: try wire.write(sample))
            checker.checkWritten(tree, against: schema, value: sample, at: "\(wire.typeName)#\(index)")
        }
        #expect(checker.problems.isEmpty, "\(checker.problems.joined(separator: "\n"))")
        for (property, seen) in checker.exercised[name] ?? [:] {
            #expect(seen.present && seen.absent, "the samples of \(name) leave \(property) always present or absent")
        }
    }

    @Test(
        "each wire type reads exactly its schema's members: the required ones alone, none without each, null only where allowed",
        arguments: WireContract.cases.map(\.schema))
    func reads(_ name: String) throws {
        let (wire, schema) = try Self.wire(name)
        var checker = ContractChecker()
        for sample in wire.samples {
            try checker.checkReading(wire, sample: sample, against: schema)
        }
        #expect(checker.problems.isEmpty, "\(checker.problems.joined(separator: "\n"))")
    }

    @Test(
        "documents and places, which the command line still encodes, come out of JSONEncoder as the writer writes them")
    func encodableMatchesWriter() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var random = Xorshift(seed: 0xC0_47AC7)
        for _ in 0..<200 {
            let document = try WireSample.document(&random)
            #expect(Array(try encoder.encode(document)) == JSONWriter.write(document))
            let place = WireSample.place(&random)
            #expect(Array(try encoder.encode(place)) == JSONWriter.write(place))
        }
        for document in ContractSamples.documents {
            #expect(Array(try encoder.encode(document)) == JSONWriter.write(document))
        }
    }

    private static func wire(_ name: String) throws -> (WireCase, ContractSchema) {
        let wire = try #require(WireContract.cases.first { $0.schema == name })
        let schema = try #require(try ContractDocument().schemas[name], "openapi.yaml has no schema \(name)")
        return (wire, schema)
    }
}
