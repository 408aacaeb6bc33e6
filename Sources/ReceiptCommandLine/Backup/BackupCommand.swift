import ArgumentParser
import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts backup PATH [--json] [--force]`: a copy of the whole database, consistent while other
/// commands read and write it, checked before it is called done.
struct BackupCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "backup", abstract: HelpText.backupAbstract, discussion: HelpText.backupDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.backupPathHelp, valueName: HelpText.pathValue)) var target: String
    @Flag(help: ArgumentHelp(HelpText.forceHelp)) var force = false
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    /// `{"path", "receipts", "bytes"}`: where the copy is, how many receipts it holds, its size.
    struct Output: Encodable {
        let path: String
        let receipts: Int
        let bytes: Int64
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        // The copy takes the database as it is: the rules file plays no part.
        let database = try global.openDatabase(createIfMissing: false, rules: .unused)
        let file = Self.destination(target, database: database.path)
        let folder = (file as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty,
            !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue
        {
            throw CommandFailure(status: .notFound) { Words($0).noBackupFolder(folder) }
        }
        if database.holdsFile(file) { throw StoreError.backupOverItself(path: file) }
        if FileManager.default.fileExists(atPath: file), !force {
            throw CommandFailure(status: .usage) { Words($0).backupExists(file) }
        }
        let backup = try database.backUp(to: file)
        if json {
            console.output(
                try JSONOutput.encode(Output(path: backup.path, receipts: backup.receipts, bytes: backup.bytes)))
        } else {
            console.output(words.backedUp(backup))
        }
    }

    /// The file to write: `target`, or, when `target` is a folder, the database's file name in it.
    static func destination(_ target: String, database: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), isFolder.boolValue else {
            return target
        }
        return (target as NSString).appendingPathComponent((database as NSString).lastPathComponent)
    }
}
