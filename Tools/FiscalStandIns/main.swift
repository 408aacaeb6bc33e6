import Foundation
import ReceiptCore
import ReceiptServerTesting
import ReceiptTesting

// Serves the test suite's stand-ins of the tax service, proverkacheka.com and «Мои чеки онлайн» on
// free loopback ports (it prints them), for trying `receipts fns …`, `receipts lkdr …` and
// `receipts complete` by hand without the internet:
//
//     swift run FiscalStandIns [RECEIPTS]
//
// The tax service has an account signing in by SMS (+79991234567; the code is printed here) or by
// INN 500100732259 with the password `demo`, holding RECEIPTS (12) receipts; both services know four
// more, whose QR payloads are printed for `receipts add --qr`. proverkacheka takes the token `demo`.
// «Мои чеки онлайн» holds the same RECEIPTS receipts for +79991234567, whose SMS code is 123456.
// It runs until interrupted. FISCAL_STANDINS_DAILY_LIMIT sets the tax service's daily limit of ticket
// requests (10,000 otherwise), for trying what a run that meets it says.

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 12
var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone(secondsFromGMT: 3 * 3600) ?? .gmt
let today = calendar.dateComponents([.year, .month, .day], from: Date())
let until = try LocalDateTime(year: today.year ?? 2026, month: today.month ?? 1, day: today.day ?? 1, hour: 21)
let receipts = StandInReceipts.sample(count: count + 4, seed: 2026, until: until)
let inAccount = Array(receipts.prefix(count))
let scanned = Array(receipts.suffix(4))

// One account, whichever way one signs in to it.
let taxService = TaxServiceStandIn(accounts: [
    TaxServiceStandIn.Account(phone: "+79991234567", inn: "500100732259", password: "demo")
])
taxService.know(inAccount, inAccount: 0)
taxService.know(scanned)
taxService.update {
    $0.looksUntilReady = 2
    $0.latency = .milliseconds(150)
    $0.sms = { phone, code in FileHandle.standardError.write(Data("SMS to \(phone): \(code)\n".utf8)) }
    if let limit = ProcessInfo.processInfo.environment["FISCAL_STANDINS_DAILY_LIMIT"].flatMap({ Int($0) }) {
        $0.dailyLimit = limit
    }
}
let proverkacheka = ProverkachekaStandIn(tokens: ["demo"])
proverkacheka.know(receipts)
let cabinet = CabinetStandIn(phone: "+79991234567")
cabinet.hold(inAccount)
cabinet.update { $0.latency = .milliseconds(150) }

try await taxService.run { fns in
    try await proverkacheka.run { checks in
        try await cabinet.run { lkdr in
            let payloads = scanned.compactMap { try? $0.fiscalCode.canonical }
            let lines =
                [
                    "the tax service's stand-in:  export RECEIPTS_FNS_URL=\(fns.absoluteString)",
                    "proverkacheka's stand-in:    export RECEIPTS_PROVERKACHEKA_URL=\(checks.absoluteString)"
                        + " RECEIPTS_PROVERKACHEKA_TOKEN=demo",
                    "«Мои чеки онлайн» stand-in:  export RECEIPTS_LKDR_URL=\(lkdr.absoluteString)"
                        + " (receipts lkdr login --phone +79991234567, code 123456)",
                    "sign in: receipts fns login --phone +79991234567 (the SMS code is printed here),"
                        + " or --inn 500100732259 with the password demo",
                    "receipts to add by QR and complete:",
                ] + payloads.map { "  " + $0 } + ["Ctrl-C stops."]
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            while true { try await Task.sleep(for: .seconds(3_600)) }
        }
    }
}
