import RefocusCore

/// The texts of one of systemd's configuration files and its drop-ins, in
/// the order systemd reads them (systemd.syntax(7)): /etc/systemd/NAME.conf,
/// then every `*.conf` of the NAME.conf.d folders of /etc/systemd,
/// /run/systemd, /usr/local/lib/systemd and /usr/lib/systemd, sorted by file
/// name, a name in an earlier folder hiding the same name in a later one.
/// Only root writes there. What cannot be read is left out; at most
/// `maximumDropIns` drop-ins of at most `maximumSize` bytes each.
enum SystemdConfigFiles {
    /// The folders that hold drop-in folders, by precedence.
    static let folders = ["/etc/systemd", "/run/systemd", "/usr/local/lib/systemd", "/usr/lib/systemd"]
    /// More drop-ins than this are left out.
    static let maximumDropIns = 64
    /// A cap far above any real configuration file.
    static let maximumSize = 1 << 20

    /// The texts of `name` (`resolved`, `timesyncd`), main file first.
    static func texts(of name: String) -> [String] {
        var chosen: [String: String] = [:]
        for folder in folders {
            let dropIns = "\(folder)/\(name).conf.d"
            for file in (try? Directories.names(in: dropIns)) ?? [] where file.hasSuffix(".conf") && chosen[file] == nil
            {
                chosen[file] = "\(dropIns)/\(file)"
            }
        }
        let paths =
            ["/etc/systemd/\(name).conf"] + chosen.keys.sorted().prefix(maximumDropIns).compactMap { chosen[$0] }
        return paths.compactMap(text)
    }

    /// The text of the file at `path`; nil when it is missing, unreadable or over `maximumSize`.
    static func text(_ path: String) -> String? {
        guard let bytes = try? FileReader.readIfPresent(path, limit: maximumSize) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The texts of the files in `folder` whose names end with `suffix`
    /// (any name with an empty suffix), sorted by name; at most `maximumDropIns`.
    static func texts(in folder: String, suffix: String) -> [String] {
        let names = ((try? Directories.names(in: folder)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
        return names.prefix(maximumDropIns).compactMap { text("\(folder)/\($0)") }
    }
}
