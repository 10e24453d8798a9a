import Foundation

/// The command line: a loop over one scenario.
enum CrashInjection {
    static let usage = """
        usage: refocus-crash-inject hosts|hosts-bind ITERATIONS [--seed N]
               refocus-crash-inject firefox ROOT ITERATIONS [--seed N]
               refocus-crash-inject crontab SPOOL-FILE ITERATIONS [--seed N] -- COMMAND...
        """

    static func main(_ arguments: [String]) {
        do {
            let split = arguments.firstIndex(of: "--")
            var words = Array(arguments[..<(split ?? arguments.endIndex)])
            let command = split.map { Array(arguments[arguments.index(after: $0)...]) } ?? []
            var seed = UInt64.random(in: 1...UInt64(UInt32.max))
            if let option = words.firstIndex(of: "--seed") {
                guard option + 1 < words.count, let given = UInt64(words[option + 1]) else { fail(usage) }
                seed = given
                words.removeSubrange(option...(option + 1))
            }
            guard let kind = words.first, let iterations = words.last.flatMap(Int.init), iterations > 0 else {
                fail(usage)
            }
            let scenario: CrashScenario
            switch (kind, words.count) {
            case ("hosts", 2): scenario = try HostsScenario(bindMount: false)
            case ("hosts-bind", 2): scenario = try HostsScenario(bindMount: true)
            case ("firefox", 3): scenario = try FirefoxScenario(root: words[1])
            case ("crontab", 3) where !command.isEmpty:
                scenario = try CrontabScenario(spoolFile: words[1], command: command)
            default: fail(usage)
            }
            print(try CrashLoop(scenario: scenario, iterations: iterations, seed: seed).run())
        } catch {
            fail("refocus-crash-inject: \(error)", status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32 = 64) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
