import ArgumentParser
import ReceiptStore

/// `receipts places star ID` and `receipts places unstar ID`: one command, its way given by
/// `Direction`, since each subcommand must be a type of its own.
struct FavouriteCommand<Direction: FavouriteDirection>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Direction.change.rawValue, abstract: Direction.change.abstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Argument(help: ArgumentHelp(HelpText.placeIDHelp, valueName: HelpText.placeIDValue)) var id: String

    func run() async throws {
        let (change, id) = (Direction.change, id)
        let database = try global.openDatabase()
        guard try change.apply(to: database, placeID: id) else {
            // Not found either way: an unknown place, or (unstarring) a known one that is no favourite.
            let known = try database.place(id: id) != nil
            throw CommandFailure(status: .notFound) {
                known ? change.refusal(id, in: Words($0)) : Words($0).unknownPlace(id)
            }
        }
        let console = Console(global)
        console.note(change.done(id, in: console.words))
    }
}

/// Which way a place moves: into the favourites or out of them.
enum FavouriteChange: String, Sendable {
    case star, unstar

    var abstract: String { self == .star ? HelpText.starAbstract : HelpText.unstarAbstract }

    /// Makes the change; false when there is nothing to change (an unknown place, or not a favourite).
    func apply(to database: ReceiptDatabase, placeID: String) throws -> Bool {
        self == .star ? try database.star(placeID: placeID) : try database.unstar(placeID: placeID)
    }

    func done(_ id: String, in words: Words) -> String { self == .star ? words.starred(id) : words.unstarred(id) }

    func refusal(_ id: String, in words: Words) -> String {
        self == .star ? words.unknownPlace(id) : words.notStarred(id)
    }
}

/// A ``FavouriteChange`` as a type, to make a ``FavouriteCommand`` of.
protocol FavouriteDirection {
    static var change: FavouriteChange { get }
}

/// `FavouriteCommand<Starring>` is `receipts places star`.
enum Starring: FavouriteDirection {
    static let change = FavouriteChange.star
}

/// `FavouriteCommand<Unstarring>` is `receipts places unstar`.
enum Unstarring: FavouriteDirection {
    static let change = FavouriteChange.unstar
}
