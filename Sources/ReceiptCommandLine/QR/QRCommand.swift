import ArgumentParser

/// `receipts qr`: the commands about QR codes.
struct QRCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "qr", abstract: HelpText.qrAbstract, subcommands: [QRParseCommand.self, QRRenderCommand.self])
    }
}
