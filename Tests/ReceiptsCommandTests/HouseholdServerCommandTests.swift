import Foundation
import ReceiptTesting
import Testing

@Suite(
    "receipts household create, invite, join, members, remove, leave against the server",
    .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct HouseholdServerCommandTests {
    @Test(
        "the owner invites, the code is read from standard input, the member's import brings the owner's receipts and who added them pays them; the refusals' exit codes"
    )
    func household() async throws {
        let server = try await DemoServerProcess(receipts: 20)
        let demo = server.runner()
        var boris = server.runner()
        boris.environment["XDG_CONFIG_HOME"] = server.home + "/boris-config"
        boris.environment["XDG_DATA_HOME"] = server.home + "/boris-data"
        #expect(try await demo.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        let register = ["login", "--register", "--login", "boris", "--password-stdin"]
        #expect(try await boris.run(register, input: "boris password\n").status == 0)

        // Not in one yet: exit 3, with what to do.
        let none = try await boris.run(["household", "members"])
        #expect(none.status == 3 && none.errors.contains("create one or join one"), "\(none.errors)")
        let created = try await demo.run(["household", "create"])
        #expect(created.status == 0 && created.errors.contains("you are its owner"), "\(created.errors)")
        #expect(try await demo.run(["household", "create"]).status == 1)

        let invited = try await demo.run(["household", "invite", "--role", "editor"])
        #expect(invited.status == 0)
        let code = invited.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code.count == 11 && code.contains("-"), "\(invited.output)")
        // A code nobody made: exit 3; nothing given: exit 2.
        #expect(try await boris.run(["household", "join"], input: "AAAAA-AAAAA\n").status == 3)
        #expect(try await boris.run(["household", "join"], input: "").status == 2)
        let joined = try await boris.run(["household", "join"], input: code.lowercased() + "\n")
        #expect(joined.status == 0 && joined.errors.contains("household of demo as editor"), "\(joined.errors)")

        let members = try await boris.run(["household", "members", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(members.output.utf8)) as? [String: Any])
        let logins = (object["members"] as? [[String: Any]])?.compactMap { $0["login"] as? String }
        #expect(logins == ["demo", "boris"] && object["role"] as? String == "editor")

        // Boris's import brings the demo's 20 receipts.
        let imported = try await boris.run(["import", "--json"])
        #expect(imported.status == 0 && imported.output.contains(#""imported":20"#), "\(imported.output)")
        // Boris is the first person (he pays by default), the demo's login is Dana's: she added them
        // all, so she paid them all.
        #expect(try await boris.run(["people", "add", "Boris", "--account", "boris"]).status == 0)
        #expect(try await boris.run(["people", "add", "Dana", "--account", "demo"]).status == 0)
        let balance = try await boris.run(["household", "balance", "--json"])
        let people = try #require(
            (try JSONSerialization.jsonObject(with: Data(balance.output.utf8)) as? [String: Any])?["people"]
                as? [[String: Any]])
        let paid = Dictionary(
            uniqueKeysWithValues: people.map { ($0["name"] as? String ?? "", $0["paid"] as? Int ?? -1) })
        #expect(paid["Boris"] == 0 && (paid["Dana"] ?? 0) > 0, "\(balance.output)")

        // The last owner stays while Boris remains; an editor removes nobody; the owner does.
        #expect(try await demo.run(["household", "leave"]).status == 1)
        #expect(try await boris.run(["household", "remove", "demo"]).status == 1)
        let removed = try await demo.run(["household", "remove", "boris"])
        #expect(removed.status == 0 && removed.errors.contains("boris removed"), "\(removed.errors)")
        #expect(try await boris.run(["household", "leave"]).status == 3)
        #expect(try await demo.run(["household", "leave"]).status == 0)

        // An anonymous session has no household: exit 5 before asking.
        var anonymous = server.runner()
        anonymous.environment["XDG_CONFIG_HOME"] = server.home + "/anonymous-config"
        #expect(try await anonymous.run(["login", "--anonymous"]).status == 0)
        #expect(try await anonymous.run(["household", "create"]).status == 5)
    }
}
