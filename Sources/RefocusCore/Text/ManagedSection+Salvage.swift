extension ManagedSection {
    /// What `salvage` removed.
    public struct Salvage: Sendable, Equatable {
        /// The text without the section's remains.
        public let text: [UInt8]
        /// The 1-based numbers of the lines removed, ascending.
        public let removedLines: [Int]
    }

    /// `text` without any trace of this section, however damaged: for
    /// root's `refocus-helper clear`, which must work on any state.
    ///
    /// Removes every marker line of this section, every line between a
    /// BEGIN marker and the END marker that closes it, and after a BEGIN
    /// marker that nothing closes (the file was cut short, or an editor
    /// deleted the END line) only the run of lines right after it that
    /// `isOwnLine` recognises as lines this section writes; the first other
    /// line, and everything after it, is kept. Every other byte is kept.
    public func salvage(_ text: [UInt8], isOwnLine: (ArraySlice<UInt8>) -> Bool) -> Salvage {
        let begin = Array(beginMarker.utf8)
        let end = Array(endMarker.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(text.count)
        var removed: [Int] = []
        /// Lines after an open BEGIN marker, not yet known to be the section's.
        var pending: [ByteLine] = []
        var open = false

        /// Ends an unclosed section: its leading own lines go, the rest stays.
        func closeUnterminated() {
            var index = 0
            while index < pending.count, isOwnLine(text[pending[index].start..<pending[index].contentEnd]) {
                removed.append(pending[index].number)
                index += 1
            }
            for line in pending[index...] { kept += text[line.start..<line.next] }
            pending = []
        }

        for line in ByteLines(text) {
            let content = line.start..<line.contentEnd
            if text.matchesTrimmed(begin, in: content) {
                if open { closeUnterminated() }
                open = true
                removed.append(line.number)
            } else if text.matchesTrimmed(end, in: content) {
                removed += pending.map(\.number) + [line.number]
                pending = []
                open = false
            } else if open {
                pending.append(line)
            } else {
                kept += text[line.start..<line.next]
            }
        }
        if open { closeUnterminated() }
        return Salvage(text: kept, removedLines: removed.sorted())
    }
}
