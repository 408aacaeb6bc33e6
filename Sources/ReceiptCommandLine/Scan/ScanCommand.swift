import ArgumentParser
import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptScan
import ReceiptSync

/// `receipts scan PATH... [--json] [--add]`: reads the QR codes of receipt photos, files and folders.
struct ScanCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "scan", abstract: HelpText.scanAbstract, discussion: HelpText.scanDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Flag(help: ArgumentHelp(HelpText.scanAddHelp)) var add = false
    @Flag(help: ArgumentHelp(HelpText.completeFlagHelp)) var complete = false
    @Option(help: ArgumentHelp(HelpText.providerHelp, valueName: "fns|proverkacheka")) var provider: ProviderOption?
    @Argument(help: ArgumentHelp(HelpText.scanPathsHelp, valueName: HelpText.pathValue)) var paths: [String]

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError(HelpText.scanNeedsPaths) }
        if complete, !add { throw ValidationError(HelpText.scanCompleteNeedsAdd) }
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let files = ImageFiles.expand(paths)
        guard !files.isEmpty else {
            throw CommandFailure(status: .invalidInput) { Words($0).noImagesIn(paths.joined(separator: " ")) }
        }
        let started = Date()
        let images = await PhotoScan.run(files)
        console.detail(words.scanTime(files.count, seconds: Date().timeIntervalSince(started)))
        // Adding may stop half-way (the server gone, the session expired): what was read and what
        // was added so far are printed before the failure is.
        var added: [[String: AddOutcome]] = images.map { _ in [:] }
        var addFailure: (any Error)?
        var completion: PendingCompletion.Outcome?
        if add {
            do {
                let adder = try ReceiptAdder(global, console: console)
                try await addCodes(of: images, with: adder, into: &added)
                if complete {
                    let codes = images.flatMap { $0.codes.compactMap(\.fiscal) }
                    completion = try await adder.complete(
                        codes, provider: provider, global: global, console: console, quiet: json || global.quiet)
                }
            } catch {
                addFailure = error
            }
        }
        if json {
            console.output(
                try JSONOutput.encode(zip(images, added).map { ScanReport($0, added: $1, language: words.language) }))
        } else {
            if let folder = Self.commonFolder(images.map(\.file)) { console.output(folder) }
            console.output(Self.table(images, added: added, in: words).render(width: Console.width))
            console.output(Self.summary(images, in: words))
        }
        if let completion {
            // The array of --json stays as it is: what asking did goes to standard error there.
            if completion.askedAny {
                let said = words.completed(completion)
                if json { console.note(said) } else { console.output(said) }
            }
            try CompleteCommand.report(stopOf: completion, console: console)
        }
        if let addFailure { throw addFailure }
        let without = images.filter { !$0.hasFiscalCode }
        if !without.isEmpty {
            // Only missing files: 3, as for anything not found; an image without a code makes it 6.
            let status: ExitStatus = without.allSatisfy { $0.error?.status == .notFound } ? .notFound : .invalidInput
            throw CommandFailure(status: status) { Words($0).imagesWithoutCode(without.count, of: images.count) }
        }
    }

    /// Adds each fiscal code in the order the images were given, noting what adding did, image by
    /// image, by payload. A receipt in two photos is added for the first and found known for the
    /// second.
    private func addCodes(
        of images: [ScannedImage], with adder: ReceiptAdder, into outcomes: inout [[String: AddOutcome]]
    )
        async throws
    {
        for (index, image) in images.enumerated() {
            for code in image.codes {
                guard let fiscal = code.fiscal, outcomes[index][code.text] == nil else { continue }
                outcomes[index][code.text] = try await adder.add(fiscal)
            }
        }
    }

    /// A row a code: the file (under the folder every file shares, named once above the table), the
    /// date, the total (aligned), the operation with what adding did, and the payload, which wraps
    /// last (a code that is not a receipt's cut to ``otherCodeCells``); an image without a code says
    /// why in the payload's place. A summary line ends it.
    static func table(_ images: [ScannedImage], added: [[String: AddOutcome]], in words: Words) -> TextTable {
        let language = words.language
        var table = TextTable(
            header: [words.scanFile, words.scanDate, words.scanTotal, words.scanOperation, "QR"], wrapsLast: true)
        table.rightAligned = [2]
        // On a narrow terminal the payload, which holds the date and the operation too, keeps its room.
        table.optional = [3, 1]
        let folder = commonFolder(images.map(\.file))
        for (image, added) in zip(images, added) {
            let file = folder.map { String(image.file.dropFirst($0.count)) } ?? image.file
            if let error = image.error {
                table.append([file, "", "", "", words.unreadable(error.message(in: language))])
                continue
            }
            if image.codes.isEmpty { table.append([file, "", "", "", words.noCodeFound]) }
            for code in image.codes {
                guard let fiscal = code.fiscal else {
                    // A long text (a page of prose in a code) is cut: --json has it whole.
                    table.append([file, "", "", "", words.notFiscal(code.text.cut(toCells: Self.otherCodeCells))])
                    continue
                }
                let outcome = added[code.text].map { " · " + words.addedShort($0) } ?? ""
                table.append([
                    file, fiscal.dateTime.formatted(in: language), fiscal.total.formatted(in: language),
                    fiscal.operation.name(in: language) + outcome, fiscal.canonical,
                ])
            }
        }
        return table
    }

    /// The most of a code that is not a receipt's the table shows: two lines of a wide terminal.
    static let otherCodeCells = 120

    /// The folder (ending in `/`) every one of `files` lies under, when there is one and more than
    /// one file: said once above the table instead of on every line.
    static func commonFolder(_ files: [String]) -> String? {
        guard files.count > 1, var shared = files.first.map({ ($0 as NSString).deletingLastPathComponent }) else {
            return nil
        }
        while !shared.isEmpty, !files.allSatisfy({ $0.hasPrefix(shared + "/") }) {
            let parent = (shared as NSString).deletingLastPathComponent
            shared = parent == shared ? "" : parent
        }
        return shared.isEmpty ? nil : shared + "/"
    }

    /// What the images gave, in one line under the table.
    static func summary(_ images: [ScannedImage], in words: Words) -> String {
        let codes = images.reduce(0) { $0 + $1.codes.filter { $0.fiscal != nil }.count }
        let unreadable = images.filter { $0.error != nil }.count
        let without = images.filter { $0.error == nil && !$0.hasFiscalCode }.count
        return words.scanSummary(images: images.count, codes: codes, without: without, unreadable: unreadable)
    }
}
