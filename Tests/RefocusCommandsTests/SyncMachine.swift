import Foundation
import RefocusTestSupport
import Testing

/// One simulated machine of the sync tests: the real `refocus` with its
/// own XDG_CONFIG_HOME, XDG_STATE_HOME and HOME, and git with no system
/// configuration (a commit takes ReFocus's fallback identity).
struct SyncMachine {
    let refocus: Binary
    /// More variables for every run (a stand-in helper).
    var extraEnvironment: [String: String] = [:]

    /// A machine whose sync is set up with `sync init` and `arguments`.
    init(syncInit arguments: [String]) throws {
        refocus = try Binary()
        try run(["sync", "init"] + arguments)
    }

    /// A machine syncing through the shared folder `folder`.
    init(folder: String) throws {
        try self.init(syncInit: ["--dir", folder])
    }

    /// The variables that make this machine's own folders its own.
    var environment: [String: String] {
        ["XDG_STATE_HOME": refocus.home + "/state", "HOME": refocus.home, "GIT_CONFIG_NOSYSTEM": "1"]
            .merging(extraEnvironment) { $1 }
    }

    @discardableResult
    func run(_ arguments: String..., status: Int32 = 0) throws -> Binary.Run {
        try run(arguments, status: status)
    }

    @discardableResult
    func run(_ arguments: [String], status: Int32 = 0) throws -> Binary.Run {
        let run = try refocus.run(arguments, environment: environment)
        #expect(run.status == status, "\(arguments): \(run.stderr)")
        return run
    }

    /// The entries of a list's .domains file, without comments and blank lines, in the file's order.
    func domains(_ list: String) throws -> [String] {
        try String(contentsOfFile: "\(refocus.listsFolder)/\(list).domains", encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    func text(_ file: String) -> String? {
        try? String(contentsOfFile: "\(refocus.listsFolder)/\(file)", encoding: .utf8)
    }

    func write(_ file: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: refocus.listsFolder, withIntermediateDirectories: true)
        try text.write(toFile: "\(refocus.listsFolder)/\(file)", atomically: true, encoding: .utf8)
    }
}
