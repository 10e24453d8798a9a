import Foundation
import RefocusTestSupport
import Testing
@testable import RefocusOS

/// The machine's zone through glibc (`MachineTimeZone`, what `refocus`
/// uses) against ICU's (Foundation's `TimeZone`, what it used before): the
/// same offset at every change of offset from 1850 to 2200 (a second and an
/// hour either side), on the 1st and 15th of every month of every third
/// year, and in local mean time before the first change. TZ is process-wide,
/// so each zone is read by `refocus-zone-probe` in a process of its own.
@Suite struct MachineZoneOffsetTests {
    /// A TZ value, the ICU zone it must match, the name it must have, and the years compared.
    struct Case: Sendable, CustomTestStringConvertible {
        let tz: String
        let icu: String
        let name: String
        var years: ClosedRange<Int> = 1850...2200

        var testDescription: String { "TZ=\(tz)" }
    }

    static let cases = [
        Case(tz: "Europe/Berlin", icu: "Europe/Berlin", name: "Europe/Berlin"),
        Case(tz: "America/New_York", icu: "America/New_York", name: "America/New_York"),
        Case(tz: "Australia/Lord_Howe", icu: "Australia/Lord_Howe", name: "Australia/Lord_Howe"),
        Case(tz: "Asia/Kolkata", icu: "Asia/Kolkata", name: "Asia/Kolkata"),
        Case(tz: "Pacific/Chatham", icu: "Pacific/Chatham", name: "Pacific/Chatham"),
        Case(tz: "UTC", icu: "UTC", name: "UTC"),
        // A POSIX rule: today's US rules for every year, so compared from 2007, when they began.
        Case(tz: "EST5EDT,M3.2.0,M11.1.0", icu: "America/New_York", name: "EST5EDT,M3.2.0,M11.1.0", years: 2007...2200),
        Case(tz: ":Australia/Sydney", icu: "Australia/Sydney", name: "Australia/Sydney"),
        Case(tz: "/usr/share/zoneinfo/Asia/Tokyo", icu: "Asia/Tokyo", name: "Asia/Tokyo"),
        Case(tz: "<+0530>-5:30", icu: "GMT+0530", name: "<+0530>-5:30"),
        Case(tz: "", icu: "UTC", name: "UTC"),
    ]

    /// The instants compared in `zone` over `years`.
    static func instants(_ zone: TimeZone, years: ClosedRange<Int>) throws -> [Int] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        func start(_ year: Int, _ month: Int, _ day: Int) -> Int {
            Int(calendar.date(from: DateComponents(year: year, month: month, day: day))?.timeIntervalSince1970 ?? 0)
        }
        var instants: [Int] = []
        var next = zone.nextDaylightSavingTimeTransition(
            after: Date(timeIntervalSince1970: Double(start(years.lowerBound, 1, 1))))
        let end = start(years.upperBound + 1, 1, 1)
        while let change = next, Int(change.timeIntervalSince1970) < end {
            let at = Int(change.timeIntervalSince1970)
            instants += [at - 3600, at - 1, at, at + 1, at + 3600]
            next = zone.nextDaylightSavingTimeTransition(after: change)
        }
        for year in stride(from: years.lowerBound, through: years.upperBound, by: 3) {
            for month in 1...12 { instants += [start(year, month, 1), start(year, month, 15) + 43_200] }
        }
        return instants
    }

    @Test(arguments: cases)
    func glibcOffsetsAreICUs(_ zone: Case) throws {
        let icu = try #require(TimeZone(identifier: zone.icu), "ICU knows \(zone.icu)")
        let instants = try Self.instants(icu, years: zone.years)
        let probe = try Self.probe(tz: zone.tz, instants)
        #expect(probe.name == zone.name)
        try #require(probe.offsets.count == instants.count && instants.count > 1000)
        var differences: [String] = []
        for (instant, offset) in zip(instants, probe.offsets) {
            let expected = icu.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
            if offset != expected {
                differences.append("\(Date(timeIntervalSince1970: Double(instant))): glibc \(offset), ICU \(expected)")
            }
        }
        #expect(
            differences.isEmpty,
            "\(differences.count) of \(instants.count) differ (ICU's tzdata \(TimeZone.timeZoneDataVersion)): \(differences.prefix(10))"
        )
    }

    @Test func withoutTZTheZoneIsEtcLocaltimes() throws {
        let target = MachineTimeZone.localtimeTarget()
        let name = MachineTimeZone.name(tz: nil, localtime: target)
        let run = try Binary.execute(
            "/usr/bin/env", ["-u", "TZ", Binary.buildDirectory + "/refocus-zone-probe"],
            input: "0\n1800000000\n")
        #expect(run.status == 0 && run.stdout.split(separator: "\n").first.map(String.init) == name, "\(run.stderr)")
        if let icu = TimeZone(identifier: name) {
            let offsets = run.stdout.split(separator: "\n").dropFirst().compactMap { Int($0) }
            #expect(
                offsets == [0, 1_800_000_000].map { icu.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })
        }
    }

    @Test(
        "the zone's name",
        arguments: [
            ("Europe/Berlin", nil, "Europe/Berlin"), (":Europe/Berlin", nil, "Europe/Berlin"),
            ("/usr/share/zoneinfo/Asia/Tokyo", nil, "Asia/Tokyo"), (":/usr/share/zoneinfo/right/UTC", nil, "right/UTC"),
            ("EST5EDT,M3.2.0,M11.1.0", nil, "EST5EDT,M3.2.0,M11.1.0"), ("", nil, "UTC"), (":", nil, "UTC"),
            (nil, MachineTimeZone.LocalTimeFile.link("/usr/share/zoneinfo/Etc/UTC"), "Etc/UTC"),
            (nil, .link("../usr/share/zoneinfo/America/New_York"), "America/New_York"), (nil, .file, "localtime"),
            (nil, nil, "UTC"), ("Europe/Paris", .link("/usr/share/zoneinfo/Etc/UTC"), "Europe/Paris"),
        ] as [(String?, MachineTimeZone.LocalTimeFile?, String)])
    func names(tz: String?, localtime: MachineTimeZone.LocalTimeFile?, name: String) {
        #expect(MachineTimeZone.name(tz: tz, localtime: localtime) == name)
    }

    /// The probe's name and offsets for `instants` under `TZ=tz`.
    static func probe(tz: String, _ instants: [Int]) throws -> (name: String, offsets: [Int]) {
        let run = try Binary.execute(
            Binary.buildDirectory + "/refocus-zone-probe", [],
            input: instants.map(String.init).joined(separator: "\n") + "\n", environment: ["TZ": tz])
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return (lines.first.map(String.init) ?? "", lines.dropFirst().compactMap { Int($0) })
    }
}
