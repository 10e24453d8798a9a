import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// `refocus allow-daily --list NAME… LENGTH [--reset HH:MM] [--lock]`: a
/// daily allowance per list, kept by the enforcer daemon; `--remove --list
/// NAME…` removes them; alone, shows the caller's allowances.
struct AllowDailyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "allow-daily",
        abstract: "Allow lists for a time each day, then block them.",
        usage: UsageLine.wrapped(
            "refocus allow-daily [--list <list> ...] [<length>] [--reset <HH:MM>] [--lock] [--remove] "
                + "[--json] [--quiet]"),
        discussion: """
            Each list stays open until its time for the day is used, then is blocked \
            like a locked session until the reset (midnight, or --reset). For now the \
            time its programs run for you is counted; sites, stats and allowances set by \
            the administrator come in a later release. Lowering takes effect at once; \
            --lock refuses raising, removing and a new reset until the reset. Needs the \
            enforcer daemon. Alone, shows your allowances. 'man refocus' (DAILY \
            ALLOWANCES) tells the rest.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .busy],
                                  notes: [.dataError: "a list with nothing a session may block",
                                          .notFound: "no such list, or no allowance to remove",
                                          .notPermitted: "locked until the reset, over a cap, or sudo refused",
                                          .systemError: "no enforcer daemon runs",
                                          .configuration: "the helper or sudo is missing"]))

            Examples:
              refocus allow-daily --list games 1h
              refocus allow-daily --list video 30m --reset 04:00 --lock
              refocus allow-daily --remove --list games
              refocus allow-daily               # what is left today
            """)

    @Option(
        name: .customLong("list"), help: "A list to allow each day (repeatable).",
        completion: .custom(UserLists.completeNames))
    var lists: [String] = []

    @Argument(
        help: ArgumentHelp("The time allowed each day: 30m, 1h30m, 90s.", valueName: "length"),
        completion: .list(["15m", "30m", "1h", "2h"]))
    var length: String?

    @Option(
        help: ArgumentHelp("When each day's allowance starts again (default 00:00).", valueName: "HH:MM"),
        completion: .list(["00:00", "04:00", "06:00"]))
    var reset: String?

    @Flag(help: "Refuse raising and removing it until the reset.")
    var lock = false

    @Flag(help: "Remove the allowances of the lists given.")
    var remove = false

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        do { _ = try choice } catch let error as ValidationError { throw error } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        let choice = try self.choice
        let request: AllowanceRequest
        switch choice {
        case .show:
            request = .show
        case .remove(let names):
            request = .remove(names)
        case .set(let names, let daily, let resetMinute):
            let blockLists = try UserLists.forSession(names)
            for list in blockLists
            where list.programs.isEmpty && !list.entries.contains(where: { $0.domain != nil || $0.addressRange != nil })
            {
                Console.error(
                    "note: list \(list.name) has no programs, names or addresses: an allowance counts the time "
                        + "those are used, so its paths alone never use it up")
            }
            request = .set(blockLists, daily: daily, resetMinute: resetMinute, locked: lock)
        }
        let response = try HelperClient().send(request)
        if json { return try Console.json(response) }
        let now = Date()
        // The caller's: the helper answers with the allowances of the user it runs for.
        let allowances = AllowanceFormat.sorted(response.allowances ?? [])
        switch choice {
        case .show:
            guard !allowances.isEmpty else {
                return print("No daily allowance. 'refocus allow-daily --list NAME 30m' sets one.")
            }
            allowances.forEach { print(AllowanceFormat.line($0, now: now)) }
        case .remove(let names):
            output.report("Removed the daily allowance of \(names.map(\.rawValue).joinedText(", ")).")
        case .set(let names, _, _):
            for allowance in allowances where names.contains(allowance.list) {
                output.report(AllowanceFormat.line(allowance, now: now))
            }
        }
        response.notes.forEach { Console.error($0.text) }
    }

    /// What the arguments ask for.
    enum Choice: Equatable {
        /// The caller's allowances.
        case show
        /// Remove the allowances of these lists.
        case remove([BlockListName])
        /// Set these lists' allowance: the time a day, and the minute after midnight it starts again (nil
        /// when not given: the helper's default).
        case set([BlockListName], daily: SessionLength, resetMinute: Int?)
    }

    /// The arguments checked: each list's name once, a length from 1 second to
    /// under a day, a time of day for `--reset`, and only the options that go
    /// with the action.
    ///
    /// - Throws: `ValidationError` naming what is wrong and the fix.
    var choice: Choice {
        get throws {
            var names: [BlockListName] = []
            for text in lists {
                let name = try BlockListName(text)
                if !names.contains(name) { names.append(name) }
            }
            guard names.count <= AllowanceRequest.maximumAllowances else {
                throw ValidationError(
                    "\(names.count) lists: give at most \(AllowanceRequest.maximumAllowances) at once")
            }
            if remove {
                guard length == nil, reset == nil, !lock else {
                    throw ValidationError("--remove takes only the lists: leave out the length, --reset and --lock")
                }
                guard !names.isEmpty else { throw ValidationError("--remove needs the lists: --list NAME") }
                return .remove(names)
            }
            guard let length else {
                guard names.isEmpty, reset == nil, !lock else {
                    throw ValidationError("give the time allowed each day after the lists, such as 30m or 1h30m")
                }
                return .show
            }
            guard !names.isEmpty else { throw ValidationError("give the lists to allow: --list NAME \(length)") }
            return .set(names, daily: try Self.daily(length), resetMinute: try reset.map(Self.minute))
        }
    }

    /// `length` as a daily allowance: 1 second to `DailyAllowance.maximumSeconds` (23h59m59s).
    static func daily(_ text: String) throws -> SessionLength {
        let outOfRange = ValidationError(
            "'\(text)': a daily allowance is 1s to \(SessionLength(seconds: DailyAllowance.maximumSeconds)); "
                + "give one such as 30m or 1h30m")
        let length: SessionLength
        do { length = try SessionLength.parseDelay(text) } catch {
            if case .tooLong = error { throw outOfRange }
            throw ValidationError("\(error)")
        }
        guard (1...DailyAllowance.maximumSeconds).contains(length.seconds) else { throw outOfRange }
        return length
    }

    /// `text` (`HH:MM`) as minutes after midnight.
    static func minute(_ text: String) throws -> Int {
        do {
            let (hour, minute) = try EndTime.clockTime(text)
            return hour * 60 + minute  // below DailyAllowance.minutesPerDay
        } catch { throw ValidationError("--reset: \(error)") }
    }
}
