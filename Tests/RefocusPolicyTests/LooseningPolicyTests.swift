import RefocusCore
import RefocusPolicy
import Testing

/// The policy keys of loosening: `emergency_exit`, `emergency_delay`,
/// `emergency_per_week` and `min_delay`, read strictly.
struct LooseningPolicyTests {
    @Test func theDefaultsAreAnExitOfFifteenMinutesOnceAWeekAndNoDelay() throws {
        let loosening = try PolicyFile.parse("", path: "policy.toml").loosening
        #expect(loosening == LooseningChoices())
        #expect(
            [loosening.emergencyDelay, loosening.emergencyPerWeek, loosening.minimumDelay] == [900, 1, 0]
                && loosening.emergencyExit)
    }

    @Test func everyKeyIsRead() throws {
        let policy = try PolicyFile.parse(
            """
            emergency_exit = false
            emergency_delay = "3s"
            emergency_per_week = 7
            min_delay = "1h30m"
            """, path: "policy.toml")
        #expect(!policy.loosening.emergencyExit)
        #expect(policy.loosening.emergencyDelay == 3)
        #expect(policy.loosening.emergencyPerWeek == 7)
        #expect(policy.loosening.minimumDelay == 5400)
        #expect(
            try PolicyFile.parse("emergency_delay = \"0s\"\nmin_delay = \"24h\"", path: "p").loosening.minimumDelay
                == 86_400)
        #expect(try PolicyFile.parse("emergency_delay = \"0s\"", path: "p").loosening.emergencyDelay == 0)
        #expect(try PolicyFile.parse("emergency_per_week = 0", path: "p").loosening.emergencyPerWeek == 0)
    }

    @Test(arguments: [
        ("emergency_exit = \"yes\"", "emergency_exit", "give true or false, without quotes"),
        (
            "emergency_per_week = 8", "emergency_per_week",
            "give a whole number from 0 (no emergency exit) to 7, such as 1"
        ),
        (
            "emergency_per_week = -1", "emergency_per_week",
            "give a whole number from 0 (no emergency exit) to 7, such as 1"
        ),
        ("emergency_delay = 900", "emergency_delay", "give a length in quotes from \"0s\" to \"24h\", such as \"15m\""),
        ("min_delay = 120", "min_delay", "give a length in quotes from \"0s\" to \"24h\", such as \"2m\""),
    ])
    func aWrongValueIsRefusedWithTheFix(_ text: String, _ key: String, _ reason: String) {
        #expect(throws: PolicyError.invalid(path: "policy.toml", key: key, reason: reason)) {
            try PolicyFile.parse(text, path: "policy.toml")
        }
    }

    @Test(arguments: ["emergency_delay = \"25h\"", "min_delay = \"24h1s\"", "min_delay = \"2 m\"", "min_delay = \"\""])
    func aDelayOutOfRangeOrMalformedIsRefused(_ text: String) {
        #expect(throws: PolicyError.self) { try PolicyFile.parse(text, path: "policy.toml") }
    }
}
