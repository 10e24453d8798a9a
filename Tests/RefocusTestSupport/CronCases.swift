/// Test support: cron expressions with what Debian's cron makes of them,
/// shared by the parser's table (RefocusCoreTests) and the check that the
/// real `crontab` agrees (RefocusPrivilegedTests).
public enum CronCases {
    /// A valid expression and the next three moments cron starts it after
    /// `now` in `zone` (ISO 8601, UTC), worked out by hand from crontab(5)
    /// and cron.c's handling of clock changes (see `CronExpression.nextRuns`).
    public struct Valid: Sendable, CustomStringConvertible {
        public let expression: String
        public let zone: String
        public let now: String
        public let runs: [String]
        /// What the runs show.
        public let why: String
        public var description: String { "\(expression) in \(zone): \(why)" }
    }

    /// An expression that is refused, the message, and whether Debian's
    /// `crontab` installs it all the same (the few forms refused on purpose).
    public struct Invalid: Sendable, CustomStringConvertible {
        public let expression: String
        public let message: String
        public let debianInstalls: Bool
        public var description: String { String(reflecting: expression) }
    }

    static func v(_ expression: String, _ zone: String, _ now: String, _ runs: [String], _ why: String) -> Valid {
        Valid(expression: expression, zone: zone, now: now, runs: runs, why: why)
    }

    /// Wednesday 2026-05-13, 10:20:30 UTC.
    static let may = "2026-05-13T10:20:30Z"

    public static let valid: [Valid] = [
        v(
            "* * * * *", "UTC", may, ["2026-05-13T10:21:00Z", "2026-05-13T10:22:00Z", "2026-05-13T10:23:00Z"],
            "every minute"),
        v(
            "*/15 * * * *", "UTC", may, ["2026-05-13T10:30:00Z", "2026-05-13T10:45:00Z", "2026-05-13T11:00:00Z"],
            "a step"),
        v(
            "1-30/5 * * * *", "UTC", may, ["2026-05-13T10:21:00Z", "2026-05-13T10:26:00Z", "2026-05-13T11:01:00Z"],
            "a step over a range"),
        v(
            "30 8 * * mon-fri", "UTC", may, ["2026-05-14T08:30:00Z", "2026-05-15T08:30:00Z", "2026-05-18T08:30:00Z"],
            "day names in a range skip the weekend"),
        v(
            "0 9 * * 1-5", "UTC", may, ["2026-05-14T09:00:00Z", "2026-05-15T09:00:00Z", "2026-05-18T09:00:00Z"],
            "day numbers"),
        v(
            "0 0 * * 0", "UTC", may, ["2026-05-17T00:00:00Z", "2026-05-24T00:00:00Z", "2026-05-31T00:00:00Z"],
            "0 is Sunday"),
        v(
            "0 0 * * 7", "UTC", may, ["2026-05-17T00:00:00Z", "2026-05-24T00:00:00Z", "2026-05-31T00:00:00Z"],
            "7 is Sunday too"),
        v(
            "5 4 * * SUN", "UTC", may, ["2026-05-17T04:05:00Z", "2026-05-24T04:05:00Z", "2026-05-31T04:05:00Z"],
            "names in any case"),
        v(
            "0 12 13,20 * fri", "UTC", may, ["2026-05-13T12:00:00Z", "2026-05-15T12:00:00Z", "2026-05-20T12:00:00Z"],
            "both day fields restricted: either matches"),
        v(
            "0 12 */10 * fri", "UTC", may, ["2026-07-31T12:00:00Z", "2026-08-21T12:00:00Z", "2026-09-11T12:00:00Z"],
            "a day field starting with * : both must match"),
        v(
            "23 0-23/2 * * *", "UTC", may, ["2026-05-13T10:23:00Z", "2026-05-13T12:23:00Z", "2026-05-13T14:23:00Z"],
            "a step over hours"),
        v(
            "007 * * * *", "UTC", may, ["2026-05-13T11:07:00Z", "2026-05-13T12:07:00Z", "2026-05-13T13:07:00Z"],
            "leading zeros"),
        v(
            "*/60 * * * *", "UTC", may, ["2026-05-13T11:00:00Z", "2026-05-13T12:00:00Z", "2026-05-13T13:00:00Z"],
            "a step wider than the field"),
        v(
            "0\t9  *\t* 1", "UTC", may, ["2026-05-18T09:00:00Z", "2026-05-25T09:00:00Z", "2026-06-01T09:00:00Z"],
            "tabs and runs of blanks"),
        v(
            "20 10 * * *", "UTC", may, ["2026-05-14T10:20:00Z", "2026-05-15T10:20:00Z", "2026-05-16T10:20:00Z"],
            "strictly after now"),
        v(
            "0 0 * jan-mar,DEC *", "UTC", may,
            ["2026-12-01T00:00:00Z", "2026-12-02T00:00:00Z", "2026-12-03T00:00:00Z"],
            "month names in a list"),
        v(
            "1,2-3/1,*/30 * * * *", "UTC", may,
            ["2026-05-13T10:30:00Z", "2026-05-13T11:00:00Z", "2026-05-13T11:01:00Z"],
            "a list of a value, a range with a step and a starred step"),
        v(
            "0 0 29 2 *", "UTC", may, ["2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z", "2036-02-29T00:00:00Z"],
            "leap days"),
        v(
            "0 0 29 2 */7", "UTC", may, ["2032-02-29T00:00:00Z", "2060-02-29T00:00:00Z", "2088-02-29T00:00:00Z"],
            "leap days on a Sunday, decades apart"),
        v("@yearly", "UTC", may, ["2027-01-01T00:00:00Z", "2028-01-01T00:00:00Z", "2029-01-01T00:00:00Z"], "@yearly"),
        v(
            "@annually", "UTC", may, ["2027-01-01T00:00:00Z", "2028-01-01T00:00:00Z", "2029-01-01T00:00:00Z"],
            "@annually"),
        v(
            "@monthly", "UTC", may, ["2026-06-01T00:00:00Z", "2026-07-01T00:00:00Z", "2026-08-01T00:00:00Z"], "@monthly"
        ),
        v("@weekly", "UTC", may, ["2026-05-17T00:00:00Z", "2026-05-24T00:00:00Z", "2026-05-31T00:00:00Z"], "Sundays"),
        v("@daily", "UTC", may, ["2026-05-14T00:00:00Z", "2026-05-15T00:00:00Z", "2026-05-16T00:00:00Z"], "@daily"),
        v(
            "@midnight", "UTC", may, ["2026-05-14T00:00:00Z", "2026-05-15T00:00:00Z", "2026-05-16T00:00:00Z"],
            "@midnight"),
        v("@hourly", "UTC", may, ["2026-05-13T11:00:00Z", "2026-05-13T12:00:00Z", "2026-05-13T13:00:00Z"], "@hourly"),
        v("@reboot", "UTC", may, [], "at boot only"),
        v(
            "30 8 * * mon-fri", "Europe/Berlin", may,
            [
                "2026-05-14T06:30:00Z", "2026-05-15T06:30:00Z",
                "2026-05-18T06:30:00Z",
            ], "local summer time"),
        // Europe/Berlin, Sunday 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
        v(
            "30 2 * * *", "Europe/Berlin", "2026-03-28T12:00:00Z",
            ["2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z", "2026-03-31T00:30:00Z"],
            "a fixed time in the skipped hour runs right after the jump"),
        v(
            "0,30 2 * * *", "Europe/Berlin", "2026-03-28T12:00:00Z",
            ["2026-03-29T01:00:00Z", "2026-03-29T01:00:00Z", "2026-03-30T00:00:00Z"],
            "each skipped fixed time runs after the jump"),
        v(
            "*/20 2 * * *", "Europe/Berlin", "2026-03-28T12:00:00Z",
            ["2026-03-30T00:00:00Z", "2026-03-30T00:20:00Z", "2026-03-30T00:40:00Z"],
            "a starred minute field makes a wildcard job, which skips the hour"),
        v(
            "30 * * * *", "Europe/Berlin", "2026-03-29T00:00:00Z",
            ["2026-03-29T00:30:00Z", "2026-03-29T01:30:00Z", "2026-03-29T02:30:00Z"],
            "a starred hour field makes a wildcard job: 02:30 does not run"),
        v(
            "@hourly", "Europe/Berlin", "2026-03-29T00:10:00Z",
            ["2026-03-29T01:00:00Z", "2026-03-29T02:00:00Z", "2026-03-29T03:00:00Z"], "@hourly skips 02:00"),
        v(
            "0 3 * * *", "Europe/Berlin", "2026-03-28T12:00:00Z",
            ["2026-03-29T01:00:00Z", "2026-03-30T01:00:00Z", "2026-03-31T01:00:00Z"], "the first minute after the jump"),
        // Europe/Berlin, Sunday 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC.
        v(
            "30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z",
            ["2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z", "2026-10-27T01:30:00Z"],
            "a fixed time in the repeated hour runs once, in the first pass"),
        v(
            "30 * * * *", "Europe/Berlin", "2026-10-24T23:00:00Z",
            ["2026-10-24T23:30:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"],
            "a wildcard job runs in both passes"),
        v(
            "*/30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z",
            ["2026-10-25T00:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:00:00Z"],
            "both passes, in the order they happen"),
        // America/New_York: 02:00 EST becomes 03:00 EDT on 2026-03-08 (07:00 UTC);
        // 02:00 EDT becomes 01:00 EST on 2026-11-01 (06:00 UTC).
        v(
            "30 2 * * *", "America/New_York", "2026-03-07T12:00:00Z",
            ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"], "spring forward"),
        v(
            "15 2 * * 0", "America/New_York", "2026-03-07T12:00:00Z",
            ["2026-03-08T07:00:00Z", "2026-03-15T06:15:00Z", "2026-03-22T06:15:00Z"], "spring forward on Sundays"),
        v(
            "30 1 * * *", "America/New_York", "2026-10-31T12:00:00Z",
            ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z", "2026-11-03T06:30:00Z"], "fall back: once"),
        v(
            "0 * * * *", "America/New_York", "2026-11-01T04:30:00Z",
            ["2026-11-01T05:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T07:00:00Z"], "fall back: 01:00 twice"),
        // America/Havana skips midnight (00:00 CST becomes 01:00 CDT, 05:00 UTC, 2026-03-08).
        v(
            "@daily", "America/Havana", "2026-03-07T12:00:00Z",
            ["2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", "2026-03-10T04:00:00Z"], "@daily at a skipped midnight"),
        // Australia/Lord_Howe goes back 30 minutes (02:00 +11 becomes 01:30 +1030, 15:00 UTC, 2026-04-04).
        v(
            "45 1 * * *", "Australia/Lord_Howe", "2026-04-04T12:00:00Z",
            ["2026-04-04T14:45:00Z", "2026-04-05T15:15:00Z", "2026-04-06T15:15:00Z"], "a half-hour change"),
    ]

    static func x(_ expression: String, _ message: String, installs: Bool = false) -> Invalid {
        Invalid(expression: expression, message: message, debianInstalls: installs)
    }

    static let five =
        "a cron expression has five: minute, hour, day of month, month and day of week (such as "
        + "'30 8 * * mon-fri'), or one of @reboot, @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly"
    static let backwards = "the range runs backwards, so cron would match nothing in it; write it upwards"
    static let ignored = "after the item makes no sense to cron, which would ignore it; remove it"
    static let day = "not a day of the week (0-7 or sun-sat; 0 and 7 are Sunday)"

    public static let invalid: [Invalid] = [
        x("* * * *", "'* * * *' has 4 fields; " + five),
        x("* * * * * *", "'* * * * * *' has 6 fields; " + five),
        x("* * * * mun", "field 5 'mun': " + day),
        x("* * * * monday", "field 5 'monday': " + day),
        x("* * * * 8", "field 5 '8': " + day),
        x("60 * * * *", "field 1 '60': not a minute (0-59)"),
        x("* 24 * * *", "field 2 '24': not an hour (0-23)"),
        x("* * 0 * *", "field 3 '0': not a day of the month (1-31)"),
        x("* * 32 * *", "field 3 '32': not a day of the month (1-31)"),
        x("* * * 13 *", "field 4 '13': not a month (1-12 or jan-dec)"),
        x("* * * january *", "field 4 'january': not a month (1-12 or jan-dec)"),
        x("* * 1-mon * *", "field 3 'mon': not a day of the month (1-31)"),
        x("1-5x * * * *", "field 1 '5x': not a minute (0-59)"),
        x("1- * * * *", "field 1 '1-': not a minute (0-59)"),
        x("-1 * * * *", "field 1 '-1': not a minute (0-59)"),
        x("5/10 * * * *", "field 1 '5/10': a step needs a range or '*' before it, as in */15 or 0-30/10"),
        x("* * * * 1/2", "field 5 '1/2': a step needs a range or '*' before it, as in */15 or 0-30/10"),
        x("*/0 * * * *", "field 1 '*/0': the step after '/' must be a whole number of 1 or more"),
        x("*/x * * * *", "field 1 '*/x': the step after '/' must be a whole number of 1 or more"),
        x("1,,2 * * * *", "field 1 '1,,2': an empty item; separate values with single commas, as in 1,15"),
        x(",1 * * * *", "field 1 ',1': an empty item; separate values with single commas, as in 1,15"),
        x(
            "@every",
            "'@every' is not one of cron's nicknames; use @reboot, @yearly, @annually, @monthly, @weekly, "
                + "@daily, @midnight or @hourly (lower case), or five fields"),
        x(
            "@Daily",
            "'@Daily' is not one of cron's nicknames; use @reboot, @yearly, @annually, @monthly, @weekly, "
                + "@daily, @midnight or @hourly (lower case), or five fields"),
        // Installed by crontab, which reads what follows the nickname as the command; refused here on purpose.
        x(
            "@daily 5", "'@daily 5': a nickname such as @daily stands alone, in place of all five fields",
            installs: true),
        // Installed by crontab and never run as written: refused here on purpose.
        x("5-1 * * * *", "field 1 '5-1': " + backwards, installs: true),
        x(
            "* * * * mon-sun",
            "field 5 'mon-sun': " + backwards
                + " (7 is Sunday too: Monday to Sunday is 1-7, Saturday and Sunday 6-7)", installs: true),
        x("*-5 * * * *", "field 1 '*-5': '-5' " + ignored, installs: true),
        x("*/5/2 * * * *", "field 1 '*/5/2': '/2' " + ignored, installs: true),
        x("1-5-7 * * * *", "field 1 '1-5-7': '-7' " + ignored, installs: true),
        x(
            "0 0 30 2 *", "'0 0 30 2 *' matches no date (such as the 30th of February), so cron would never run it",
            installs: true),
        x(
            "0 0 31 4,6,9,11 *",
            "'0 0 31 4,6,9,11 *' matches no date (such as the 30th of February), so cron would "
                + "never run it", installs: true),
    ]
}
