import RefocusCore

/// Reads one `[[schedule]]` table strictly: every key known, every value
/// checked, each mistake naming `FILE: schedule[N].key` and the fix.
struct ScheduleTableReader {
    /// `schedules.d/FILE`, for messages.
    let path: String
    /// The file's name, kept in the schedule.
    let file: String
    /// `schedule[N]`.
    let key: String
    /// The administrator's lists, by name.
    let lists: [BlockListName: BlockList]

    /// The keys a table may hold.
    static let keys = ["name", "users", "groups", "lists", "when", "days", "start", "length", "lock", "allowance"]
    /// The day names of `days`, Sunday first.
    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    /// The most lists one schedule names.
    static let maximumLists = 64

    private func fail(_ field: String, _ reason: String) -> AdministrationError {
        .invalid(path: path, key: "\(key).\(field)", reason: reason)
    }

    /// The schedule `table` describes.
    func read(_ table: TOMLTable) throws(AdministrationError) -> AdministratorSchedule {
        if let unknown = table.keys.first(where: { !Self.keys.contains($0) }) {
            throw fail(unknown, "unknown key; the keys are " + Self.keys.joined(separator: ", "))
        }
        guard let nameText = table["name"] else {
            throw fail("name", "missing: give it a name, such as \"school-nights\"")
        }
        guard let text = nameText.string, let name = try? BlockListName(text) else {
            throw fail("name", "give a name in quotes: a-z and 0-9, then also - and _, such as \"school-nights\"")
        }
        let users = try names(table["users"], field: "users", example: "[\"kid\"]")
        let groups = try names(table["groups"], field: "groups", example: "[\"children\"]")
        guard !users.isEmpty || !groups.isEmpty else {
            throw fail("users", "missing: give users = [\"kid\"] or groups = [\"children\"], or both")
        }
        let lock: Bool
        if let value = table["lock"] {
            guard let flag = value.bool else { throw fail("lock", "give true or false, without quotes") }
            lock = flag
        } else {
            lock = true
        }
        var allowance: Int?
        if let value = table["allowance"] {
            guard let text = value.string, let length = try? SessionLength.parseDelay(text),
                (1...DailyAllowance.maximumSeconds).contains(length.seconds)
            else {
                throw fail("allowance", "give a length a day in quotes from \"1s\" to \"23h59m59s\", such as \"45m\"")
            }
            allowance = length.seconds
        }
        return AdministratorSchedule(
            name: name, file: file, users: users, groups: groups, lists: try chosenLists(table["lists"]),
            timing: try timing(table), lock: lock, allowanceSeconds: allowance)
    }

    /// Login or group names: an array of 1 to 256; an absent key is none.
    private func names(_ value: TOMLValue?, field: String, example: String) throws(AdministrationError) -> [String] {
        guard let value else { return [] }
        let limit = AdministratorSchedule.maximumTargets
        let advice = "give an array of 1 to \(limit) names, such as \(example)"
        guard let texts = value.array?.compactMap(\.string), texts.count == value.array?.count,
            (1...limit).contains(texts.count)
        else { throw fail(field, advice) }
        if let bad = texts.first(where: { !PolicyAllowance.isValidUserName($0) }) {
            throw fail(field, "\"\(bad)\" is not a name; \(advice)")
        }
        if let twice = texts.first(where: { name in texts.filter { $0 == name }.count > 1 }) {
            throw fail(field, "\"\(twice)\" is given twice; give each once")
        }
        return texts
    }

    /// The administrator's lists the table names, each present and not empty.
    private func chosenLists(_ value: TOMLValue?) throws(AdministrationError) -> [BlockList] {
        guard let value else { throw fail("lists", "missing: give the lists it blocks, such as [\"games\"]") }
        let advice = "give an array of 1 to \(Self.maximumLists) list names, such as [\"games\"]"
        guard let texts = value.array?.compactMap(\.string), texts.count == value.array?.count,
            (1...Self.maximumLists).contains(texts.count)
        else { throw fail("lists", advice) }
        var chosen: [BlockList] = []
        for text in texts {
            guard let name = try? BlockListName(text) else {
                throw fail("lists", "\"\(text)\" is not a list name; \(advice)")
            }
            guard let list = lists[name] else {
                throw fail(
                    "lists",
                    "there is no administrator list \"\(text)\"; create /etc/refocus/lists/\(text).domains "
                        + "or \(text).programs (owned by root, mode 644)")
            }
            guard !list.isEmpty else {
                throw fail("lists", "the list \"\(text)\" is empty: it blocks nothing; add lines to its files")
            }
            guard !chosen.contains(where: { $0.name == name }) else {
                throw fail("lists", "\"\(text)\" is given twice; give each once")
            }
            chosen.append(list)
        }
        return chosen
    }

    /// `when` (and `days`), or `start` and `length`: one of the two forms.
    private func timing(_ table: TOMLTable) throws(AdministrationError) -> ScheduleTiming {
        switch (table["when"], table["start"]) {
        case (nil, nil):
            throw fail("when", "missing: give when = \"20:00-07:00\" (with days), or start and length")
        case (_?, _?):
            throw fail("start", "give either when (a daily range) or start and length (a cron start), not both")
        case (let when?, nil):
            if table["length"] != nil {
                throw fail("length", "a range's length is its end; give length with start only")
            }
            let (start, end) = try range(when)
            return .daily(startMinute: start, endMinute: end, days: try days(table["days"]))
        case (nil, let start?):
            if table["days"] != nil {
                throw fail(
                    "days", "a cron start names its days itself (\"0 20 * * sun-thu\"); give days with when only")
            }
            return .cron(start: try cron(start), lengthSeconds: try length(table["length"]))
        }
    }

    /// The minutes of `"HH:MM-HH:MM"`.
    private func range(_ value: TOMLValue) throws(AdministrationError) -> (start: Int, end: Int) {
        let advice = "give a range of the clock in quotes, such as \"20:00-07:00\" (it may cross midnight)"
        guard let text = value.string else { throw fail("when", advice) }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = try? EndTime.clockTime(String(parts[0])),
            let end = try? EndTime.clockTime(String(parts[1]))
        else { throw fail("when", "\"\(text)\" is not a range; \(advice)") }
        let (first, last) = (start.hour * 60 + start.minute, end.hour * 60 + end.minute)
        guard first != last else {
            throw fail(
                "when",
                "\"\(text)\" starts and ends at once; for whole days give start = \"0 0 * * *\" and length = \"24h\"")
        }
        return (first, last)
    }

    /// The days of `days` (0 Sunday … 6 Saturday); all when absent.
    private func days(_ value: TOMLValue?) throws(AdministrationError) -> Set<Int> {
        guard let value else { return Set(0...6) }
        let advice =
            "give an array of the days the range starts on, such as [\"sun\", \"mon\", \"tue\", \"wed\", \"thu\"]"
        guard let texts = value.array?.compactMap(\.string), texts.count == value.array?.count, !texts.isEmpty else {
            throw fail("days", advice)
        }
        var days = Set<Int>()
        for text in texts {
            guard let day = Self.dayNames.firstIndex(of: text) else {
                throw fail("days", "\"\(text)\" is not a day; use sun, mon, tue, wed, thu, fri and sat")
            }
            guard days.insert(day).inserted else { throw fail("days", "\"\(text)\" is given twice; give each once") }
        }
        return days
    }

    /// A cron expression that runs at times (not `@reboot`).
    private func cron(_ value: TOMLValue) throws(AdministrationError) -> CronExpression {
        guard let text = value.string else {
            throw fail("start", "give a cron expression in quotes, such as \"0 20 * * sun-thu\"")
        }
        let expression: CronExpression
        do { expression = try CronExpression(text) } catch { throw fail("start", error.description) }
        guard case .times = expression.schedule else {
            throw fail("start", "@reboot is not a time; give a time of day, such as \"0 20 * * sun-thu\"")
        }
        return expression
    }

    /// A length from 1 minute to 7 days.
    private func length(_ value: TOMLValue?) throws(AdministrationError) -> Int {
        let advice = "give a length in quotes from \"1m\" to \"168h\", such as \"11h\""
        guard let value else { throw fail("length", "missing: a cron start needs a length; \(advice)") }
        guard let text = value.string, let length = try? SessionLength.parse(text, bounds: .unbounded),
            (60...ScheduleTiming.maximumLengthSeconds).contains(length.seconds)
        else { throw fail("length", advice) }
        return length.seconds
    }
}
