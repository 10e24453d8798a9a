import RefocusCore
import RefocusFeatures
import RefocusPlanning

/// The managed section of a shared file, as /etc/hosts, a user's crontab
/// and /etc/nsswitch.conf are read and rewritten: `ManagedSection.split`,
/// `replacingBody`, `salvage` (root's clear), `ScheduleTable` and
/// `NsswitchConf`. Every byte outside the section is kept: writing a body
/// and then removing the section gives what removing it at once gives (the
/// original bytes when there was none); salvage leaves no marker behind;
/// removing a schedule keeps the others; nsswitch's edit is undone exactly.
enum SectionFuzz: FuzzTarget {
    static let name = "section"

    static let section = try? ManagedSection(name: HostsSection.sectionName)
    static let body = try? SectionBody(lines: ["192.0.2.1 example.com", "100::1 example.com"])

    static func fuzz(_ bytes: [UInt8]) {
        guard let section, let body else { return }
        if let text = try? section.split(bytes) {
            rewrites(text, section: section, body: body, input: bytes)
        } else {
            let salvaged = section.salvage(bytes, isOwnLine: HostsSection.isOwnLine)
            FuzzCheck.require(
                (try? section.split(salvaged.text))?.body == nil,
                "a salvaged text has no marker left", input: bytes)
        }
        schedules(bytes)
        nsswitch(bytes)
    }

    /// The body written and the section removed again.
    private static func rewrites(_ text: ManagedText, section: ManagedSection, body: SectionBody, input: [UInt8]) {
        guard let removed = try? text.replacingBody(with: nil), let written = try? text.replacingBody(with: body) else {
            return FuzzCheck.require(false, "a section that splits takes a body of its own lines", input: input)
        }
        let reread = try? section.split(written)
        FuzzCheck.require(reread?.body == body.lines, "the written body reads back", input: input)
        FuzzCheck.require(
            (try? reread?.replacingBody(with: nil)) == removed,
            "removing the written section gives what removing the first one gave", input: input)
        if text.body == nil {
            FuzzCheck.require(removed == input, "removing an absent section changes nothing", input: input)
        }
    }

    /// An nsswitch.conf without `refocus`: adding it, then removing it, gives back every byte.
    private static func nsswitch(_ bytes: [UInt8]) {
        let conf = NsswitchConf(bytes: bytes)
        guard conf.removing() == conf, let added = try? conf.adding() else { return }
        let removed = added.removing()
        FuzzCheck.require(
            removed == conf,
            "removing gives back the bytes before adding: \(FuzzCheck.quoted(added.bytes)) "
                + "became \(FuzzCheck.quoted(removed.bytes))", input: bytes)
    }

    /// A crontab's schedules: the first removed, the others kept.
    private static func schedules(_ bytes: [UInt8]) {
        guard let table = try? ScheduleTable(crontab: bytes), let first = table.lines.first else { return }
        let rest = (try? table.removing(id: first.entry.id)).flatMap { try? ScheduleTable(crontab: $0) }
        FuzzCheck.require(
            rest?.lines == Array(table.lines.dropFirst()), "removing a schedule keeps the others",
            input: bytes)
    }
}
