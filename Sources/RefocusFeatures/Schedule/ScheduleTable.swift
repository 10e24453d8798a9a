import RefocusCore

/// The schedules in a user's crontab: the lines between `# BEGIN refocus`
/// and `# END refocus`, read and changed with every other byte of the
/// crontab kept (environment lines, `MAILTO=`, `%`, comments, CRLF line
/// ends, a missing final newline), through `ManagedSection`.
public struct ScheduleTable: Sendable {
    /// The crontab split around its refocus section.
    public let crontab: ManagedText
    /// The section's schedules, in the order of their lines.
    public let lines: [ScheduledLine]

    /// Reads the schedules of `crontab` (its bytes, empty when the user has none).
    ///
    /// - Throws: `ScheduleError.damagedCrontab` for a stray, missing or
    ///   repeated marker, `.unrecognisedLine` for a line of the section that
    ///   refocus did not write (blank lines are allowed), `.duplicateID` for a
    ///   number used twice; each names the crontab's line.
    public init(crontab: [UInt8]) throws(ScheduleError) {
        do {
            self.crontab = try ManagedSection(name: "refocus").split(crontab)
        } catch {
            throw .damagedCrontab(error)
        }
        var lines: [ScheduledLine] = []
        let first = (self.crontab.beginLine ?? 0) + 1
        for (index, text) in (self.crontab.body ?? []).enumerated() where !Self.isBlank(text) {
            // Bytes that are not UTF-8 were decoded as U+FFFD: the line cannot be written back as it was.
            guard !text.unicodeScalars.contains("\u{FFFD}"), let line = ScheduledLine(parsing: text) else {
                throw .unrecognisedLine(line: first + index, text: text)
            }
            if lines.contains(where: { $0.entry.id == line.entry.id }) {
                throw .duplicateID(line.entry.id, line: first + index)
            }
            lines.append(line)
        }
        self.lines = lines
    }

    /// The number for a new entry: one more than the highest in use.
    public var nextID: Int { (lines.map(\.entry.id).max() ?? 0) + 1 }

    /// The crontab with `line` added at the end of the section (which is
    /// made at the end of the crontab when there is none).
    ///
    /// - Throws: `ScheduleError.damagedCrontab` should the new body not fit the section.
    public func adding(_ line: ScheduledLine) throws(ScheduleError) -> [UInt8] {
        try replacingBody(with: (crontab.body ?? []) + [line.text])
    }

    /// The crontab without the entry numbered `id`; without the section at
    /// all when that was its last entry, so that the crontab is then byte
    /// for byte what it was before the first schedule was added.
    ///
    /// - Throws: `ScheduleError.notFound`, or `.damagedCrontab` should the new body not fit the section.
    public func removing(id: Int) throws(ScheduleError) -> [UInt8] {
        guard let removed = lines.first(where: { $0.entry.id == id }) else { throw .notFound(id) }
        let body = (crontab.body ?? []).filter { $0 != removed.text }
        return try replacingBody(with: body.allSatisfy(Self.isBlank) ? nil : body)
    }

    /// The crontab with the section's lines replaced (nil removes the section).
    private func replacingBody(with body: [String]?) throws(ScheduleError) -> [UInt8] {
        do {
            return try crontab.replacingBody(
                with: body.map { lines throws(ManagedSectionError) in
                    try SectionBody(lines: lines)
                })
        } catch {
            throw .damagedCrontab(error)
        }
    }

    private static func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
