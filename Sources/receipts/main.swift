import Foundation
import ReceiptCommandLine

// The process's arguments, terminal and environment handed to the command line; its status ends the
// process.
exit(await ReceiptsCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .process))
