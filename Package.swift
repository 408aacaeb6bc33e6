// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// Every module of ours builds in the Swift 6 language mode with strict concurrency and no warnings:
/// a warning is an error, here rather than in the Makefile, so that dependencies are not held to it.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // A file names every module it uses, and says which of them its public declarations show.
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

/// The pixel loops of image code run some thirty times slower unoptimised, so those modules are
/// optimised in debug builds too: the tests read real photos in a few seconds. The package can
/// still be used as a dependency, by version too: SwiftPM 6.2 dropped its refusal of unsafe flags
/// in dependencies whose tools version is 6.2 or later (tried here with a package depending on a
/// tagged copy of this one).
let imageCode: [SwiftSetting] = strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "receipts",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "receipts", targets: ["receipts"]),
        .library(name: "ReceiptCore", targets: ["ReceiptCore"]),
        .library(name: "ReceiptStore", targets: ["ReceiptStore"]),
        .library(name: "ReceiptScan", targets: ["ReceiptScan"]),
        .library(name: "ReceiptAPI", targets: ["ReceiptAPI"]),
        .library(name: "PlaceSearch", targets: ["PlaceSearch"]),
        .library(name: "ReceiptServer", targets: ["ReceiptServer"]),
        .library(name: "ReceiptSync", targets: ["ReceiptSync"]),
        .library(name: "ReceiptNetwork", targets: ["ReceiptNetwork"]),
        .library(name: "FiscalProviders", targets: ["FiscalProviders"]),
        .library(name: "ReceiptStats", targets: ["ReceiptStats"]),
        .library(name: "ReceiptReports", targets: ["ReceiptReports"]),
        .library(name: "ReceiptBank", targets: ["ReceiptBank"]),
        .library(name: "ReceiptLedger", targets: ["ReceiptLedger"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // Pinned to the minor version: `ParserWords` translates its English messages by their wording
        // as 1.8 writes them, and `HelpCommandTests` (every Russian screen, every usage error) is the
        // tripwire when a newer one is allowed in.
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // Values of the domain; nothing but Foundation.
        .target(name: "ReceiptCore", swiftSettings: strict),

        // The local SQLite database.
        .target(
            name: "ReceiptStore",
            dependencies: [
                "ReceiptCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            resources: [.copy("Resources/shop-brands.txt")],
            swiftSettings: strict
        ),

        // The wire contract shared by server and client: openapi.yaml and the types both sides code.
        .target(
            name: "ReceiptAPI",
            dependencies: ["ReceiptCore"],
            resources: [.copy("openapi.yaml")],
            swiftSettings: strict
        ),

        // Categories of purchases and the statistics kept from them.
        .target(
            name: "ReceiptStats",
            dependencies: ["ReceiptCore", "ReceiptStore"],
            resources: [.copy("Resources/category-rules.txt"), .copy("Resources/cpi-russia.tsv")],
            swiftSettings: strict
        ),

        // Statistics as HTML (inline SVG charts), Markdown, CSV and JSON.
        .target(
            name: "ReceiptReports", dependencies: ["ReceiptCore", "ReceiptStats", "ReceiptStore"], swiftSettings: strict
        ),

        // Bank statements read, and card payments paired with receipts.
        .target(name: "ReceiptBank", dependencies: ["ReceiptCore", "ReceiptStore"], swiftSettings: strict),

        // Receipts as beancount and hledger files.
        .target(name: "ReceiptLedger", dependencies: ["ReceiptCore", "ReceiptStore"], swiftSettings: strict),

        // Places nearest to a point, filtered by text, page by page.
        .target(name: "PlaceSearch", dependencies: ["ReceiptCore"], swiftSettings: strict),

        // The receipts server.
        // What the server and the web app put on every connection: deadlines, a cap per peer.
        .target(
            name: "ConnectionGuards",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ReceiptServer",
            dependencies: [
                "ReceiptCore", "ReceiptAPI", "PlaceSearch", "ConnectionGuards",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // The client: the session, the importer, exported receipt files.
        .target(
            name: "ReceiptSync",
            dependencies: [
                "ReceiptCore", "ReceiptStore", "ReceiptAPI", "ReceiptNetwork", "FiscalProviders",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // Calls over the network with retries, and files only their owner reads: what the receipts
        // client and the fiscal providers share.
        .target(
            name: "ReceiptNetwork",
            dependencies: [
                "ReceiptCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: strict
        ),
        // Fiscal documents from where they really are: the tax service's mobile API and proverkacheka.com,
        // and the receipt files their apps export.
        .target(
            name: "FiscalProviders",
            dependencies: [
                "ReceiptCore", "ReceiptAPI", "ReceiptNetwork",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // The receipts shops and their fiscal data operators send by e-mail: letters read from files,
        // mbox files, Maildir folders and IMAP mailboxes over TLS, and the receipts found in them.
        .target(
            name: "ReceiptMail",
            dependencies: [
                "ReceiptCore", "ReceiptStore", "ReceiptScan", "ReceiptNetwork",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),

        // Images and QR codes through the C libraries below.
        .target(
            name: "ReceiptScan",
            dependencies: ["ReceiptCore", "CZBar", "CZXingShim", "CQREncode", "CPNG", "CJPEG", "CJPEGShim", "CWebP"],
            swiftSettings: imageCode
        ),

        // libjpeg behind an error handler that returns instead of exiting: setjmp stays in C.
        .target(name: "CJPEGShim", dependencies: ["CJPEG"], linkerSettings: [.linkedLibrary("jpeg")]),

        // zxing-cpp (Debian's libzxing-dev), the second QR reader, behind a C interface: its C++
        // types and exceptions stay inside the shim.
        .target(name: "CZXingShim", linkerSettings: [.linkedLibrary("ZXing")]),

        // Receipt-like photos with the damage of real ones, for the tests, the samples and the benchmark.
        .target(name: "ReceiptPhotos", dependencies: ["ReceiptCore", "ReceiptScan"], swiftSettings: imageCode),

        // Tools run by hand, not by the build or the tests. `swift run FiscalStandIns`: the tests'
        // stand-ins of the tax service and proverkacheka.com, served on loopback for trying the
        // commands by hand; `swift run ScanSamples`: writes Data/samples/photos, the sample receipt
        // photos and the payload each holds.
        .executableTarget(
            name: "FiscalStandIns", dependencies: ["ReceiptCore", "ReceiptTesting", "ReceiptServerTesting"],
            path: "Tools/FiscalStandIns",
            swiftSettings: strict),
        .executableTarget(
            name: "ScanSamples", dependencies: ["ReceiptPhotos", "ReceiptScan"], path: "Tools/ScanSamples",
            swiftSettings: strict),

        // `receipts web`: the app in a browser over the local database; its page's files are
        // compiled into the binary.
        .target(
            name: "ReceiptWeb",
            dependencies: [
                "ReceiptCore", "ReceiptStore", "ReceiptScan", "ReceiptReports", "ReceiptStats", "ReceiptSync",
                "ReceiptAPI", "PlaceSearch", "ReceiptBank", "FiscalProviders", "ReceiptNetwork", "ConnectionGuards",
                "ReceiptMail",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [
                .embedInCode("Static/index.html"), .embedInCode("Static/style.css"), .embedInCode("Static/app.js"),
                .embedInCode("Static/common.js"), .embedInCode("Static/feed.js"), .embedInCode("Static/receipt.js"),
                .embedInCode("Static/statistics.js"), .embedInCode("Static/search.js"),
                .embedInCode("Static/categories.js"), .embedInCode("Static/add.js"), .embedInCode("Static/import.js"),
                .embedInCode("Static/nearby.js"), .embedInCode("Static/prices.js"), .embedInCode("Static/insights.js"),
                .embedInCode("Static/bank.js"), .embedInCode("Static/taxservice.js"),
                .embedInCode("Static/shops.js"), .embedInCode("Static/household.js"), .embedInCode("Static/people.js"),
            ],
            swiftSettings: strict
        ),

        // The command line: its commands in a library, run in process by the tests, and `receipts`,
        // the executable that hands them the process's arguments, terminal and environment.
        .executableTarget(
            name: "receipts", dependencies: ["ReceiptCommandLine"], swiftSettings: strict),
        .target(
            name: "ReceiptCommandLine",
            dependencies: [
                "ReceiptCore", "ReceiptStore", "ReceiptBank", "ReceiptLedger", "ReceiptScan", "ReceiptAPI",
                "ReceiptServer",
                "ReceiptSync",
                "PlaceSearch", "ReceiptStats", "ReceiptReports", "FiscalProviders", "ReceiptNetwork", "ReceiptWeb",
                "ReceiptMail",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // What the tests and benchmarks share: temporary folders, the repository's files, the built
        // `receipts` run as a person runs it, the real server on a free loopback port.
        .target(name: "ReceiptTesting", dependencies: ["ReceiptCore"], swiftSettings: strict),
        // The part of it that serves: the real server in the test's process, and the stand-ins of the
        // tax service and proverkacheka.com; only the tests of what talks to a server link it.
        .target(
            name: "ReceiptServerTesting",
            dependencies: [
                "ReceiptTesting", "ReceiptCore", "ReceiptServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // `make bench`: release-build measurements of the hot paths.
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: ["ReceiptCore", "ReceiptStore", "ReceiptAPI", "BenchmarkSupport"],
            path: "Benchmarks/CoreBenchmarks",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "ImportBenchmarks",
            dependencies: [
                "ReceiptCore", "ReceiptStore", "ReceiptAPI", "ReceiptSync", "ReceiptServer", "BenchmarkSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ImportBenchmarks",
            swiftSettings: strict
        ),

        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport", swiftSettings: strict),

        .executableTarget(
            name: "StatsBenchmarks",
            dependencies: ["ReceiptCore", "ReceiptStore", "ReceiptStats", "BenchmarkSupport"],
            path: "Benchmarks/StatsBenchmarks",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "HouseholdBenchmarks",
            dependencies: ["ReceiptCore", "ReceiptStore", "ReceiptStats", "BenchmarkSupport"],
            path: "Benchmarks/HouseholdBenchmarks",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "CategoryBenchmarks",
            dependencies: ["ReceiptCore", "ReceiptStats", "BenchmarkSupport"],
            path: "Benchmarks/CategoryBenchmarks",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "BankBenchmarks",
            dependencies: ["ReceiptCore", "ReceiptBank", "BenchmarkSupport"],
            path: "Benchmarks/BankBenchmarks",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "PlaceBenchmarks",
            dependencies: ["ReceiptCore", "PlaceSearch", "BenchmarkSupport"],
            path: "Benchmarks/PlaceBenchmarks",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "ScanBenchmarks",
            dependencies: ["ReceiptScan", "ReceiptPhotos", "ReceiptCore", "BenchmarkSupport"],
            path: "Benchmarks/ScanBenchmarks",
            swiftSettings: strict
        ),

        // C libraries from Debian, installed by `make setup`.
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),

        .testTarget(
            name: "ReceiptCoreTests",
            dependencies: [
                "ReceiptTesting", "ReceiptCore", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptSyncTests",
            dependencies: [
                "ReceiptTesting", "ReceiptServerTesting",
                "ReceiptSync", "ReceiptNetwork", "FiscalProviders", "ReceiptServer", "ReceiptStore", "ReceiptAPI",
                "ReceiptCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FiscalProvidersTests",
            dependencies: [
                "ReceiptTesting", "ReceiptServerTesting", "FiscalProviders", "ReceiptAPI", "ReceiptNetwork",
                "ReceiptStore", "ReceiptCore",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptAPITests",
            dependencies: ["ReceiptTesting", "ReceiptAPI", "ReceiptCore", .product(name: "Yams", package: "Yams")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptBankTests",
            dependencies: [
                "ReceiptTesting", "ReceiptBank", "ReceiptStore", "ReceiptCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptLedgerTests",
            dependencies: ["ReceiptTesting", "ReceiptLedger", "ReceiptStore", "ReceiptCore"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlaceSearchTests", dependencies: ["ReceiptTesting", "PlaceSearch", "ReceiptCore"],
            swiftSettings: strict),
        // FiscalStandIns: an executable nothing imports; depending on it makes the test build build the
        // stand-ins the browser test (scripts/web-browser-test.py) starts.
        .testTarget(
            name: "ReceiptWebTests",
            dependencies: [
                "ReceiptTesting", "ReceiptServerTesting", "FiscalStandIns", "ReceiptWeb", "ReceiptStore", "ReceiptCore",
                "ReceiptScan",
                "ReceiptSync",
                "ReceiptNetwork", "ReceiptAPI", "ReceiptStats", "ReceiptBank", "FiscalProviders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptServerTests",
            dependencies: [
                "ReceiptTesting", "ReceiptServerTesting",
                "ReceiptServer", "ReceiptAPI", "ReceiptCore", "PlaceSearch",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptStoreTests",
            dependencies: [
                "ReceiptTesting", "ReceiptStore", "ReceiptCore", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptStatsTests",
            dependencies: [
                "ReceiptTesting",
                "ReceiptStats", "ReceiptReports", "ReceiptStore", "ReceiptCore", "ReceiptScan",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptMailTests",
            dependencies: [
                "ReceiptTesting", "ReceiptMail", "ReceiptStore", "ReceiptCore", "ReceiptScan", "ReceiptNetwork",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReceiptScanTests",
            dependencies: ["ReceiptTesting", "ReceiptScan", "ReceiptPhotos", "ReceiptCore", "CWebP"],
            swiftSettings: strict),
        // Runs the built `receipts` executable; depending on it makes `swift build --build-tests` build it.
        .testTarget(
            name: "ReceiptsCommandTests",
            dependencies: [
                "ReceiptTesting", "ReceiptServerTesting",
                "receipts", "ReceiptCommandLine", "ReceiptCore", "ReceiptStore", "ReceiptScan", "ReceiptPhotos",
                "ReceiptReports", "ReceiptServer", "ReceiptStats",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz`: libFuzzer targets, built with -sanitize=fuzzer, so they exist only in the build
// `make fuzz` asks for with RECEIPTS_FUZZ=1. Each hands its entry over to libFuzzer's driver.
if ProcessInfo.processInfo.environment["RECEIPTS_FUZZ"] != nil {
    let fuzzing = strict + [.unsafeFlags(["-parse-as-library"])]
    package.targets += [
        .target(name: "FuzzerDriver", path: "Fuzz/FuzzerDriver"),
        .executableTarget(
            name: "FuzzFiscalCode", dependencies: ["ReceiptCore", "FuzzerDriver"], path: "Fuzz/FuzzFiscalCode",
            swiftSettings: fuzzing),
        .executableTarget(
            name: "FuzzExportedReceipts", dependencies: ["ReceiptCore", "FiscalProviders", "FuzzerDriver"],
            path: "Fuzz/FuzzExportedReceipts", swiftSettings: fuzzing),
        .executableTarget(
            name: "FuzzImages", dependencies: ["ReceiptScan", "FuzzerDriver"], path: "Fuzz/FuzzImages",
            swiftSettings: fuzzing),
        .executableTarget(
            name: "FuzzWirePages", dependencies: ["ReceiptAPI", "FuzzerDriver"], path: "Fuzz/FuzzWirePages",
            swiftSettings: fuzzing),
    ]
}
