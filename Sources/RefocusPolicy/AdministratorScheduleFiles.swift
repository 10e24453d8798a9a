import RefocusCore
import RefocusOS

/// Reads the administrator's schedules: the `[[schedule]]` tables of
/// `/etc/refocus/schedules.d/*.toml`, files in name order, as strictly as
/// the policy file (each mistake names `schedules.d/FILE`, the table's key
/// such as `schedule[2].when`, and the fix; unknown keys are refused).
///
///     [[schedule]]
///     name = "school-nights"
///     users = ["kid"]                  # and/or groups = ["children"]
///     lists = ["games"]                # administrator lists, by name
///     when = "20:00-07:00"             # or start = "0 20 * * sun-thu" and length = "11h"
///     days = ["sun", "mon", "tue", "wed", "thu"]   # the days a range starts on
///     lock = true
///
/// Files are root's (`RootOwnedFolder`), at most `maximumFileBytes` each;
/// hidden files, backups and files not ending `.toml` are passed over. A
/// name given twice across files, more than `AdministratorSchedule.maximumCount`
/// tables in all, or a list that `/etc/refocus/lists` does not hold refuses them all.
public enum AdministratorScheduleFiles {
    /// The folder: `/etc/refocus/schedules.d`.
    public static let defaultFolder = "/etc/refocus/schedules.d"
    /// The most bytes one file holds: 1 MiB.
    public static let maximumFileBytes = 1 << 20
    /// The most `.toml` files the folder holds.
    public static let maximumFiles = 256

    /// The schedules of `/etc/refocus/schedules.d` over the lists of
    /// `/etc/refocus/lists`, each list within the policy's `caps`: what the
    /// helper and the daemon enforce.
    public static func loadInstalled(caps: SessionCaps) throws(AdministrationError) -> AdministratorSchedules {
        try load(lists: AdministratorLists.load(caps: caps))
    }

    /// The schedules of every file in `folder`, over `lists` (the
    /// administrator's, by name); none when the folder does not exist.
    public static func load(folder: String = defaultFolder, lists: [BlockListName: BlockList])
        throws(AdministrationError) -> AdministratorSchedules
    {
        try AdministrationError.reading(folder) {
            guard let opened = try RootOwnedFolder.open(folder) else { return AdministratorSchedules() }
            let files = try opened.names().filter {
                !AdministratorFolderNames.isPassedOver($0) && $0.hasSuffix(".toml")
            }
            guard files.count <= maximumFiles else {
                throw AdministrationError.invalid(
                    path: folder, key: nil, reason: "more than \(maximumFiles) .toml files; merge some")
            }
            let texts = try files.map { file in (file, try opened.text(of: file, limit: maximumFileBytes)) }
            return try combine(texts.map { file, text in try parse(text, file: file, lists: lists) })
        }
    }

    /// The schedules of every file together, in order, refusing a name
    /// given twice and more than `AdministratorSchedule.maximumCount` in all.
    public static func combine(_ files: [[AdministratorSchedule]]) throws(AdministrationError) -> AdministratorSchedules
    {
        var seen: [BlockListName: String] = [:]
        var all: [AdministratorSchedule] = []
        for schedule in files.joined() {
            if let first = seen[schedule.name] {
                throw .invalid(
                    path: "schedules.d/\(schedule.file)", key: nil,
                    reason: "the name \"\(schedule.name)\" is also given in schedules.d/\(first); "
                        + "give each schedule its own name")
            }
            seen[schedule.name] = schedule.file
            all.append(schedule)
            guard all.count <= AdministratorSchedule.maximumCount else {
                throw .invalid(
                    path: "schedules.d/\(schedule.file)", key: nil,
                    reason: "more than \(AdministratorSchedule.maximumCount) schedules over all files; merge some")
            }
        }
        return AdministratorSchedules(all)
    }

    /// The `[[schedule]]` tables of one file named `file`, over `lists`.
    public static func parse(_ text: String, file: String, lists: [BlockListName: BlockList])
        throws(AdministrationError) -> [AdministratorSchedule]
    {
        let path = "schedules.d/\(file)"
        let table: TOMLTable
        do {
            table = try TOMLTable(parsing: Array(text.utf8))
        } catch {
            throw .invalid(path: path, key: nil, reason: "not valid TOML: \(error)")
        }
        if let other = table.keys.first(where: { $0 != "schedule" }) {
            throw .invalid(path: path, key: other, reason: "unknown key; a file holds [[schedule]] tables only")
        }
        guard let tables = table["schedule"]?.array, tables.allSatisfy({ $0.table != nil }) else {
            throw .invalid(
                path: path, key: "schedule", reason: "give [[schedule]] tables, each with name, lists and when")
        }
        guard tables.count <= AdministratorSchedule.maximumCount else {
            throw .invalid(
                path: path, key: "schedule", reason: "at most \(AdministratorSchedule.maximumCount) [[schedule]] tables"
            )
        }
        return try tables.enumerated().map { (index, element) throws(AdministrationError) in
            let reader = ScheduleTableReader(path: path, file: file, key: "schedule[\(index + 1)]", lists: lists)
            return try reader.read(element.table ?? [:])
        }
    }
}
