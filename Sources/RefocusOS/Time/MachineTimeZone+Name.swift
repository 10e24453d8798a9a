import Glibc

extension MachineTimeZone {
    /// The zone's name, from the value of `TZ` when set, else from the
    /// target of the /etc/localtime link (`localtime`): the part after
    /// `zoneinfo/` of a path (`Europe/Berlin`), without glibc's leading `:`;
    /// `UTC` for an empty `TZ` or none at all (glibc's choice then), and
    /// `localtime` when /etc/localtime is a file of its own.
    package static func name(tz: String?, localtime: LocalTimeFile?) -> String {
        let setting: String
        switch (tz, localtime) {
        case (let tz?, _): setting = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        case (nil, .link(let target)): setting = target
        case (nil, .file): return "localtime"
        case (nil, nil): return "UTC"
        }
        guard !setting.isEmpty else { return "UTC" }
        guard let range = setting.ranges(of: "zoneinfo/").last else { return setting }
        return String(setting[range.upperBound...])
    }

    /// What /etc/localtime is.
    package enum LocalTimeFile: Equatable {
        /// A symbolic link to this path (Debian's and systemd's way).
        case link(String)
        /// A file of its own (a copy of a zone's file, as in some containers).
        case file
    }

    /// What /etc/localtime is; nil when it is not there.
    static func localtimeTarget() -> LocalTimeFile? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        switch syscall({ readlink("/etc/localtime", &buffer, buffer.count - 1) }) {
        case .success(let length):
            return .link(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        case .failure(.invalidArgument): return .file
        case .failure: return nil
        }
    }
}
