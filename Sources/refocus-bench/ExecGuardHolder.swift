import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// The exec guard in a process of its own, as the daemon runs it: the
/// `exec-permission` benchmark times launches from its own process, which
/// then carries none of the guard's threads or memory (a fork copies what
/// the parent holds), so that what it measures is what the guard costs the
/// machine's other processes.
///
/// The child is `refocus-bench exec-guard-holder KIND NAME UID`: a guard
/// refusing NAME to UID, marking every filesystem (`asked`: no ignore
/// marks; `ignored`: as the daemon runs it), or no guard at all (`none`:
/// the baseline, a holder like the others). It prints `ready` once its marks are in place,
/// answers each `count` line on its input with how many events it has
/// answered, and stops at the end of its input.
final class ExecGuardHolder {
    /// Which guard the child holds.
    enum Kind: String {
        case none, asked, ignored
    }

    static let command = "exec-guard-holder"

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []

    /// Starts the child and waits until its guard is in place; nil (said) where fanotify cannot.
    static func start(_ kind: Kind, refusing name: String, to uid: uid_t) throws -> ExecGuardHolder? {
        let holder = ExecGuardHolder()
        holder.process.executableURL = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        holder.process.arguments = [command, kind.rawValue, name, String(uid)]
        holder.process.standardInput = holder.input
        holder.process.standardOutput = holder.output
        try holder.process.run()
        let first = try holder.line()
        guard first == "ready" else {
            holder.stop()
            print("exec-permission: skipped, fanotify's exec permission events are unavailable here (\(first))")
            return nil
        }
        return holder
    }

    /// How many exec events the child's guard has answered.
    func answeredEvents() throws -> Int {
        input.fileHandleForWriting.write(Data("count\n".utf8))
        let text = try line()
        guard let count = Int(text) else { throw BenchError.checkFailed("exec-guard-holder answered '\(text)'") }
        return count
    }

    /// Ends the child (its guard's marks go with it) and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The child's next line of output.
    private func line() throws -> String {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                defer { pending.removeSubrange(...end) }
                return String(decoding: pending[..<end], as: UTF8.self)
            }
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { throw BenchError.checkFailed("exec-guard-holder ended early") }
            pending += more
        }
    }

    /// One line to the parent, at once.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The child's side: never returns.
    static func run(_ arguments: [String]) -> Never {
        guard arguments.count == 3, let kind = Kind(rawValue: arguments[0]), let uid = uid_t(arguments[2]),
            let name = try? ProgramName(arguments[1])
        else { BenchMain.fail("usage: refocus-bench \(command) none|asked|ignored NAME UID", status: 64) }
        let rules = ProgramLocations.rules(for: ProgramRules([uid: [name]]))
        let guardian: ExecGuard?
        do {
            guardian =
                kind == .none
                ? nil : try ExecGuard(rules: rules, ignoreMarkCap: kind == .ignored ? ExecGuard.ignoreMarkCap : 0)
        } catch {
            say("\(error)")
            exit(0)
        }
        say("ready")
        while let request = readLine() {
            if request == "count" { say(String(guardian?.answeredEvents ?? 0)) }
        }
        guardian?.stop()
        exit(0)
    }
}
