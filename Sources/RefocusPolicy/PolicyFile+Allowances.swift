import RefocusCore

/// The `[[allowance]]` tables of the policy: daily allowances the
/// administrator sets for users, read as strictly as every other key (an
/// unknown key, a bad value or a user bound twice to one list name is an
/// error naming the table and the fix).
///
///     [[allowance]]
///     users = ["kid"]
///     list = "games"
///     daily = "1h"
///     reset = "04:00"                    # optional, 00:00 by default
///     entries = ["minecraft.net"]        # and/or
///     programs = ["supertux2"]
extension PolicyFile {
    /// The allowances that the value of key `allowance` describes.
    static func allowances(_ value: TOMLValue, path: String) throws(PolicyError) -> [PolicyAllowance] {
        let key = PolicyKey.allowance.rawValue
        guard let tables = value.array, tables.allSatisfy({ $0.table != nil }) else {
            throw .invalid(path: path, key: key, reason: "give [[allowance]] tables, each with users, list and daily")
        }
        guard tables.count <= PolicyAllowance.maximumCount else {
            throw .invalid(path: path, key: key, reason: "at most \(PolicyAllowance.maximumCount) [[allowance]] tables")
        }
        var allowances: [PolicyAllowance] = []
        var bound = Set<String>()
        for (index, element) in tables.enumerated() {
            guard let table = element.table else { continue }
            let allowance = try self.allowance(table, named: "\(key)[\(index + 1)]", path: path)
            for user in allowance.users where !bound.insert("\(user)\n\(allowance.list.name)").inserted {
                throw .invalid(
                    path: path, key: "\(key)[\(index + 1)].users",
                    reason: "\(user) has another [[allowance]] of list '\(allowance.list.name)'; give each list once")
            }
            allowances.append(allowance)
        }
        return allowances
    }

    private static func allowance(_ table: TOMLTable, named name: String, path: String) throws(PolicyError)
        -> PolicyAllowance
    {
        let fail = { (field: String, reason: String) in
            PolicyError.invalid(path: path, key: "\(name).\(field)", reason: reason)
        }
        var users: [String]?, list: BlockListName?, daily: Int?, reset = 0
        var entries = Set<BlockEntry>(), programs = Set<ProgramName>()
        for (field, value) in table {
            switch field {
            case "users":
                let example = "give an array of login names, such as [\"kid\"]"
                guard let names = value.array?.compactMap(\.string), names.count == value.array?.count,
                    (1...PolicyAllowance.maximumUsers).contains(names.count)
                else { throw fail(field, example) }
                if let bad = names.first(where: { !PolicyAllowance.isValidUserName($0) }) {
                    throw fail(field, "\"\(bad)\" is not a login name; \(example)")
                }
                users = names
            case "list":
                guard let text = value.string, let parsed = try? BlockListName(text) else {
                    throw fail(field, "give a list name in quotes: a-z and 0-9, then also - and _, such as \"games\"")
                }
                list = parsed
            case "daily":
                let reason = "give a length in quotes from \"1s\" to \"23h59m59s\", such as \"1h\""
                guard let text = value.string, let length = try? SessionLength.parseDelay(text),
                    (1...DailyAllowance.maximumSeconds).contains(length.seconds)
                else { throw fail(field, reason) }
                daily = length.seconds
            case "reset":
                guard let text = value.string, let (hour, minute) = try? EndTime.clockTime(text) else {
                    throw fail(field, "give a time of day in quotes, such as \"04:00\"")
                }
                reset = hour * 60 + minute
            case "entries":
                guard let texts = value.array?.compactMap(\.string), texts.count == value.array?.count else {
                    throw fail(field, "give an array of domains, addresses and paths, such as [\"example.com\"]")
                }
                for text in texts {
                    do { entries.insert(try BlockEntry(parsing: text, keepingURLPath: true)) } catch {
                        throw fail(field, "\(error)")
                    }
                }
            case "programs":
                guard let texts = value.array?.compactMap(\.string), texts.count == value.array?.count else {
                    throw fail(field, "give an array of program names, such as [\"steam\"]")
                }
                for text in texts {
                    do { programs.insert(try ProgramName(text)) } catch { throw fail(field, "\(error)") }
                }
            default:
                throw fail(field, "unknown key; the keys are users, list, daily, reset, entries, programs")
            }
        }
        guard let users else { throw fail("users", "missing: give the login names it binds, such as [\"kid\"]") }
        guard let list else { throw fail("list", "missing: give the list's name, such as \"games\"") }
        guard let daily else { throw fail("daily", "missing: give the length a day, such as \"1h\"") }
        guard !entries.isEmpty || !programs.isEmpty else {
            throw fail("entries", "give entries or programs: an allowance of nothing would never be used")
        }
        guard entries.count + programs.count <= PolicyAllowance.maximumEntries else {
            throw fail("entries", "at most \(PolicyAllowance.maximumEntries) entries and programs together")
        }
        guard let allowance = try? DailyAllowance(list: list, dailySeconds: daily, resetMinute: reset) else {
            throw fail("daily", "give a length in quotes from \"1s\" to \"23h59m59s\"")
        }
        return PolicyAllowance(
            users: users, list: BlockList(name: list, entries: entries, programs: programs),
            allowance: allowance)
    }
}
