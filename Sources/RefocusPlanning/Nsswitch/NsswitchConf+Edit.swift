import RefocusCore

extension NsswitchConf {
    /// Where ReFocus appends a hosts line to a file that has none:
    /// `# BEGIN refocus` … `# END refocus`, lines glibc ignores (it knows no
    /// database named `#`).
    static let section = ManagedSection(validName: HostsSection.sectionName)

    /// The hosts line ReFocus appends when glibc reads none: glibc's own
    /// default, `files dns`, with `refocus` before `dns`, so that lookups go
    /// on exactly as before for every name the module does not block, and
    /// removing the line gives back the default.
    public static let appendedHostsLine = "hosts: files refocus dns"

    /// The file with `refocus` on the hosts line glibc uses: just before its
    /// first `dns` or `resolve` service, as `refocus ` (one space after it);
    /// else after its last service, as ` refocus` (or `refocus ` when a `#`
    /// follows without a space: `hosts:#x`); never past a `#` on the line. Without a hosts line (none, one glibc never reads for want of a
    /// final newline, or `HOSTS:`), `appendedHostsLine` is appended inside
    /// the section (a line break first when the file does not end with one).
    /// Unchanged when `refocus` is already one of the line's services.
    ///
    /// - Throws: `NsswitchConfError` when the section's markers are damaged,
    ///   when glibc cannot read a line (it then loads nothing), or when it
    ///   stops reading the hosts services where `refocus` would go; nothing
    ///   is changed then.
    public func adding() throws(NsswitchConfError) -> NsswitchConf {
        let text: ManagedText
        do {
            text = try Self.section.split(bytes)
        } catch {
            throw .damagedSection(error)
        }
        if let (line, failure) = failure {
            throw .unreadable(
                line: line.line.number, column: failure.offset - line.line.start + 1, reason: failure.reason)
        }
        guard let hosts = effectiveHostsLine else {
            do {
                return NsswitchConf(
                    bytes: try text.replacingBody(with: try SectionBody(lines: [Self.appendedHostsLine])))
            } catch {
                throw .damagedSection(error)
            }
        }
        let parsed = hosts.parsed
        if parsed.stopsBeforeComment, let stop = parsed.stop {
            throw .cutShort(line: hosts.line.number, column: stop - hosts.line.start + 1)
        }
        let readable = parsed.readable
        if readable.contains(where: { name(of: $0) == Self.service }) { return self }
        if let resolver = readable.first(where: { Self.resolvers.contains(name(of: $0)) }) {
            return inserting(Self.service + " ", at: resolver.unit.lowerBound)
        }
        let end = readable.last?.unit.upperBound ?? parsed.emptyInsertion
        // A `#` right there (`hosts:#x`, found by fuzzing): ` refocus` would run into it, and glibc
        // would read the one service `refocus#x`. The space goes after it instead. (glibc's line
        // ends at a NUL byte.)
        let lineEnd = bytes[hosts.line.start..<hosts.line.contentEnd].firstIndex(of: 0) ?? hosts.line.contentEnd
        if end < lineEnd, !NsswitchLine.isWhiteSpace(bytes[end]) {
            return inserting(Self.service + " ", at: end)
        }
        return inserting(" " + Self.service, at: end)
    }

    /// The file without ReFocus's edit: the section and its line (a damaged
    /// section's remains too), and `refocus` (with the action block right
    /// after it) wherever it is a service on a hosts line, each time with
    /// the one white-space byte that `adding` put beside it: the one after
    /// it, or the one before it when it is the line's last service and has
    /// one there. After `adding`, this gives back the original bytes.
    public func removing() -> NsswitchConf {
        var bytes = self.bytes
        if let text = try? Self.section.split(bytes) {
            bytes = (try? text.replacingBody(with: nil)) ?? bytes
        } else {
            bytes = Self.section.salvage(bytes) { $0.elementsEqual(Self.appendedHostsLine.utf8) }.text
        }
        var conf = NsswitchConf(bytes: bytes)
        // One at a time: each removal changes which service is a line's last.
        while let cut = conf.firstServiceRemoval() {
            conf = NsswitchConf(bytes: Array(conf.bytes[..<cut.lowerBound] + conf.bytes[cut.upperBound...]))
        }
        return conf
    }

    /// The bytes that remove the first `refocus` service of a hosts line,
    /// read or not (a last line without `\n` too), before any `#`.
    private func firstServiceRemoval() -> Range<Int>? {
        for hosts in databaseLines(unterminated: true) where isHosts(hosts.parsed) {
            let readable = hosts.parsed.readable
            guard let index = readable.firstIndex(where: { name(of: $0) == Self.service }) else { continue }
            let unit = readable[index].unit
            let before = unit.lowerBound - 1
            if index + 1 == readable.endIndex, before >= hosts.line.start, NsswitchLine.isWhiteSpace(bytes[before]) {
                return before..<unit.upperBound
            }
            let after = unit.upperBound
            return unit
                .lowerBound..<(after < hosts.line.contentEnd && NsswitchLine.isWhiteSpace(bytes[after])
                ? after + 1 : after)
        }
        return nil
    }

    /// The name of `service`, decoded.
    private func name(of service: NsswitchLine.Service) -> String {
        String(decoding: bytes[service.name], as: UTF8.self)
    }

    private func inserting(_ text: String, at offset: Int) -> NsswitchConf {
        NsswitchConf(bytes: Array(bytes[..<offset] + Array(text.utf8) + bytes[offset...]))
    }
}
