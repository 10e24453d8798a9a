import RefocusCore
import RefocusOS

/// `history-published` in the sync state folder: what this machine last
/// published of its history (`PublishedHistory`), written atomically, 0600.
extension SyncState {
    /// The file's path.
    public var publishedHistoryPath: String { directory + "/history-published" }

    /// What was last published; nothing before the first publication.
    public func publishedHistory() throws(SystemError) -> PublishedHistory {
        guard let bytes = try FileReader.readIfPresent(publishedHistoryPath, limit: 1 << 16) else {
            return PublishedHistory()
        }
        return PublishedHistory(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Records what was published.
    public func savePublishedHistory(_ published: PublishedHistory) throws(SystemError) {
        try Directories.prepare(directory, mode: 0o700)
        try AtomicFile.write(Array(published.text.utf8), to: publishedHistoryPath, mode: 0o600)
    }
}
