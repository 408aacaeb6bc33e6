/// Where a letter came from, for messages that name it: a file, a file and a position in it, or an
/// IMAP folder and a message's number.
public struct LetterOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The file or mailbox, as the user named it.
    public var place: String
    /// The letter's position in it: its number in an mbox file, its UID in an IMAP folder.
    public var position: Int?

    /// An origin.
    public init(place: String, position: Int? = nil) {
        self.place = place
        self.position = position
    }

    /// `inbox.mbox #12`, or the file alone.
    public var description: String { position.map { "\(place) #\($0)" } ?? place }
}
