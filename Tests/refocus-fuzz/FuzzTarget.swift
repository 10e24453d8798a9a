/// One parser of untrusted bytes under the fuzzer: the production function
/// called on one input, and the properties its result must keep
/// (`FuzzCheck.require`, which stops the process so that libFuzzer reports it).
protocol FuzzTarget: SendableMetatype {
    /// The name `REFOCUS_FUZZ_TARGET` and the corpus folder use: `entry`, `cron`.
    static var name: String { get }
    /// Runs the parser on `bytes`.
    static func fuzz(_ bytes: [UInt8])
}

/// Every fuzz target, found by name.
enum FuzzTargets {
    /// The targets, in the order `--list` prints them (and `make fuzz` runs them).
    static var all: [any FuzzTarget.Type] {
        [
            EntryFuzz.self, ListFuzz.self, SectionFuzz.self, RequestFuzz.self, StatusFuzz.self, CronFuzz.self,
            PolicyFuzz.self, ScheduleFuzz.self, ConfigFuzz.self, TOMLFuzz.self, JSONFuzz.self, NamesIndexFuzz.self,
        ]
    }

    /// The target called `name`, if any.
    static func named(_ name: String) -> (any FuzzTarget.Type)? {
        all.first { $0.name == name }
    }
}
