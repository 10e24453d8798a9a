import RefocusCore
import Testing
import RefocusFeatures

/// Reminders in the crontab (`schedule add … --remind TEXT`): which texts
/// are refused, and that every accepted one is written quoted for sh and
/// escaped for cron as the other arguments are, read back to the same
/// text, and added to and removed from the section like any schedule.
@Suite struct ReminderScheduleTests {
    static func line(_ id: Int, _ text: String, expression: String = "0 9 * * mon-fri") throws -> ScheduledLine {
        try ScheduledLine(
            entry: ScheduleEntry(
                id: id, expression: try CronExpression(expression), action: .remind(try ReminderText(text))),
            program: "/usr/bin/refocus", configHome: nil)
    }

    @Test(arguments: [
        ("Plan the day's focus", #"'Plan the day'\\''s focus'"#),
        ("Stretch", "Stretch"),
        (#"Pay $HOME "rent" `now`"#, #"'Pay $HOME "rent" `now`'"#),
        ("100% done", #"'100\% done'"#),
        ("50%", #"50\%"#),
        (#"back\slash"#, #"'back\\slash'"#),
        ("Méditer 🧘 10 min", "'Méditer 🧘 10 min'"),
        ("-x # not a comment; rm -rf ~", "'-x # not a comment; rm -rf ~'"),
    ])
    func aTextIsQuotedForShEscapedForCronAndReadBack(text: String, written: String) throws {
        let line = try Self.line(4, text)
        #expect(line.text == "0 9 * * mon-fri /usr/bin/refocus remind -- \(written) # refocus-schedule 4")
        let read = try #require(ScheduledLine(parsing: line.text))
        #expect(read == line)
        #expect(read.entry.action == .remind(try ReminderText(text)))
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("  \t", "it is empty"),
        ("tab\there", "it holds U+0009, which a one-line notification cannot show"),
        ("   ", "it is empty"),
        ("two\nlines", "it holds U+000A, which a one-line notification cannot show"),
        ("cr\rhere", "it holds U+000D, which a one-line notification cannot show"),
        ("nul\u{0}", "it holds U+0000, which a one-line notification cannot show"),
        ("escape \u{1B}[31m", "it holds U+001B, which a one-line notification cannot show"),
        ("del\u{7F}", "it holds U+007F, which a one-line notification cannot show"),
        ("c1\u{85}", "it holds U+0085, which a one-line notification cannot show"),
        ("line\u{2028}separator", "it holds U+2028, which a one-line notification cannot show"),
        ("bidi \u{202E}txet", "it holds U+202E, which a one-line notification cannot show"),
        ("isolate \u{2067}x", "it holds U+2067, which a one-line notification cannot show"),
        ("bad \u{FFFD} byte", "it holds U+FFFD, which a one-line notification cannot show"),
        (String(repeating: "a", count: 201), "it has 201 bytes, more than 200"),
        (String(repeating: "é", count: 101), "it has 202 bytes, more than 200"),
    ])
    func aTextThatIsNotOneShortLineIsRefused(text: String, fault: String) {
        #expect(throws: ScheduleError.invalidReminder(text, fault)) { try ReminderText(text) }
    }

    @Test func theLongestTextIsAccepted() throws {
        let longest = String(repeating: "é", count: 100)
        #expect(try ReminderText(longest).rawValue.utf8.count == ReminderText.maximumBytes)
        #expect(ScheduledLine(parsing: try Self.line(1, longest).text) != nil)
    }

    @Test func theRefusalNamesTheTextShortenedAndTheLimit() {
        let error = ScheduleError.invalidReminder(String(repeating: "x", count: 300), "it has 300 bytes, more than 200")
        #expect(
            error.description == "\"" + String(repeating: "x", count: 60) + "…\" cannot be a reminder: it has 300 "
                + "bytes, more than 200; give one line of text of at most 200 bytes")
        #expect(error.category == .data)
    }

    /// Lines a reminder could not have been written as are not read as one.
    @Test(arguments: [
        "0 9 * * * /usr/bin/refocus remind Stretch # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -- # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -- a b # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -- '' # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -- 'Stretch' # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -q -- Stretch # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -- 50% # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -- Stretch; reboot # refocus-schedule 1",
        "0 9 * * * /usr/bin/refocus remind -- $(id) # refocus-schedule 1",
    ])
    func otherRemindLinesAreNotOurs(text: String) {
        #expect(ScheduledLine(parsing: text) == nil)
    }

    @Test func aReminderIsDescribedWithItsText() throws {
        #expect(
            ScheduleAction.remind(try ReminderText("Plan the day's focus")).description
                == #"remind "Plan the day's focus""#)
        #expect(
            ScheduleAction.remind(try ReminderText(#"Say "hi" \ 🧘"#)).description == #"remind "Say \"hi\" \\ 🧘""#)
        #expect(ScheduleAction.remind(try ReminderText("Plan")).startArguments.isEmpty)
    }

    @Test func aReminderIsAddedBesideSessionsAndRemovedAlone() throws {
        let session = try ScheduledLine(
            entry: ScheduleEntry(
                id: 1, expression: try CronExpression("30 8 * * mon-fri"),
                action: .lists([try BlockListName("work")], .length(SessionLength(seconds: 3600)), locked: false)),
            program: "/usr/bin/refocus", configHome: nil)
        let original = Array("MAILTO=ann\n".utf8)
        let withSession = try ScheduleTable(crontab: original).adding(session)
        let reminder = try Self.line(try ScheduleTable(crontab: withSession).nextID, "100% \"focus\" \\ 🧘")
        let both = try ScheduleTable(crontab: withSession).adding(reminder)
        let table = try ScheduleTable(crontab: both)
        #expect(table.lines == [session, reminder])
        #expect(table.lines.last?.entry.id == 2)
        let removed = try table.removing(id: 2)
        #expect(removed == withSession)
        #expect(try ScheduleTable(crontab: removed).removing(id: 1) == original)
    }
}
