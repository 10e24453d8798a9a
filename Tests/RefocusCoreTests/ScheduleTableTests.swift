import RefocusCore
import RefocusTestSupport
import Testing
import RefocusFeatures

/// Schedules in a crontab's managed section: adding appends one line to
/// the section (made at the end when missing) and keeps every other byte;
/// removing the last one gives back the crontab's original bytes; a damaged
/// section or a line refocus did not write is refused naming its line.
@Suite struct ScheduleTableTests {
    static let program = "/usr/bin/refocus"

    static func line(_ id: Int, _ expression: String) throws -> ScheduledLine {
        let action = ScheduleAction.lists(
            [try BlockListName("focus")], .length(SessionLength(seconds: 3600)), locked: false)
        return try ScheduledLine(
            entry: ScheduleEntry(id: id, expression: try CronExpression(expression), action: action),
            program: program, configHome: nil)
    }

    /// The crontab that adding `lines` to `original` must give, written out by hand.
    static func expected(_ original: CrontabCorpus.Crontab, _ lines: [ScheduledLine]) -> [UInt8] {
        let end = original.usesCRLF ? "\r\n" : "\n"
        let open = !original.bytes.isEmpty && original.bytes.last != 0x0A
        let section = (["# BEGIN refocus"] + lines.map(\.text) + ["# END refocus"]).joined(separator: end)
        return original.bytes + Array(((open ? end : "") + section + (open ? "" : end)).utf8)
    }

    @Test(arguments: CrontabCorpus.all)
    func addingKeepsEveryOtherByteAndRemovingEverythingRestoresThem(crontab: CrontabCorpus.Crontab) throws {
        let (first, second) = (try Self.line(1, "30 8 * * mon-fri"), try Self.line(2, "@daily"))
        let once = try ScheduleTable(crontab: crontab.bytes).adding(first)
        #expect(once == Self.expected(crontab, [first]))
        let table = try ScheduleTable(crontab: once)
        #expect(table.lines == [first] && table.nextID == 2)
        let twice = try table.adding(second)
        #expect(twice == Self.expected(crontab, [first, second]))
        let afterFirst = try ScheduleTable(crontab: twice).removing(id: 1)
        #expect(afterFirst == Self.expected(crontab, [second]))
        #expect(try ScheduleTable(crontab: afterFirst).removing(id: 2) == crontab.bytes)
    }

    @Test func numbersAreNeverReusedWhileHigherOnesRemain() throws {
        var crontab = try ScheduleTable(crontab: []).adding(try Self.line(1, "@daily"))
        crontab = try ScheduleTable(crontab: crontab).adding(try Self.line(2, "@hourly"))
        crontab = try ScheduleTable(crontab: crontab).removing(id: 1)
        #expect(try ScheduleTable(crontab: crontab).nextID == 3)
        #expect(throws: ScheduleError.notFound(1)) { try ScheduleTable(crontab: crontab).removing(id: 1) }
    }

    @Test(arguments: [
        (
            "MAILTO=x\n# END refocus\n0 1 * * * true\n",
            "your crontab, line 2: '# END refocus' has no matching '# BEGIN refocus' before it; remove the stray marker "
                + "or add the begin marker above it, then try again (edit it with 'crontab -e')"
        ),
        (
            "0 1 * * * true\n# BEGIN refocus\n",
            "your crontab, line 2: '# BEGIN refocus' has no matching '# END refocus'; remove the stray marker or add "
                + "the end marker, then try again (edit it with 'crontab -e')"
        ),
        (
            "# BEGIN refocus\n# END refocus\n# BEGIN refocus\n# END refocus\n",
            "your crontab, line 3: a second '# BEGIN refocus' section follows the one that begins at line 1; merge the "
                + "two sections into one, then try again (edit it with 'crontab -e')"
        ),
        (
            "MAILTO=x\n# BEGIN refocus\n\n0 7 * * * echo mine\n# END refocus\n",
            "your crontab, line 4: '0 7 * * * echo mine' is inside the refocus section but is not a schedule refocus "
                + "wrote; fix or remove it with 'crontab -e', then try again"
        ),
        (
            "# BEGIN refocus\n@daily /usr/bin/refocus start -q deep # refocus-schedule 2\n"
                + "@hourly /usr/bin/refocus start -q quick # refocus-schedule 2\n# END refocus\n",
            "your crontab, line 3: a second schedule numbered 2; fix or remove it with 'crontab -e', then try again"
        ),
    ])
    func aDamagedSectionIsRefusedNamingItsLine(text: String, message: String) {
        do {
            _ = try ScheduleTable(crontab: Array(text.utf8))
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description == message)
            #expect(error.category == .data)
        }
    }

    @Test func blankLinesInTheSectionAreKept() throws {
        let text = "# BEGIN refocus\n\n@daily /usr/bin/refocus start -q deep # refocus-schedule 1\n# END refocus\n"
        let table = try ScheduleTable(crontab: Array(text.utf8))
        #expect(table.lines.map(\.entry.id) == [1])
        let added = try table.adding(try Self.line(2, "@hourly"))
        #expect(
            String(decoding: added, as: UTF8.self) == "# BEGIN refocus\n\n@daily /usr/bin/refocus start -q deep "
                + "# refocus-schedule 1\n\(try Self.line(2, "@hourly").text)\n# END refocus\n")
    }
}
