import RefocusCore
import RefocusOS

/// Reads the administrator's lists: `NAME.domains` and `NAME.programs` in
/// `/etc/refocus/lists`, in the line format of the users' own lists, each
/// line checked by the same code as `refocus list add` (`ListText`).
///
/// Every file must be root's, writable by root alone and not a link
/// (`RootOwnedFolder`), and at most `maximumFileBytes`; one list holds at
/// most the policy's per-machine caps of names, addresses and programs. A
/// list with a bad line is refused whole, and with it every list: the
/// error names each bad line as FILE:LINE with its reason. Hidden files,
/// backups (`~`, `.dpkg-*`) and files of other endings are passed over; a
/// `.domains` or `.programs` file whose name is not a list name is refused.
public enum AdministratorLists {
    /// The folder: `/etc/refocus/lists`.
    public static let defaultFolder = "/etc/refocus/lists"
    /// The most bytes one file holds: 8 MiB, room for the default cap of
    /// 100,000 names at their longest common lengths.
    public static let maximumFileBytes = 8 << 20
    /// The most lists the folder holds.
    public static let maximumLists = 256

    /// The lists in `folder` by name; none when the folder does not exist.
    public static func load(folder: String = defaultFolder, caps: SessionCaps = SessionCaps())
        throws(AdministrationError) -> [BlockListName: BlockList]
    {
        try AdministrationError.reading(folder) {
            guard let opened = try RootOwnedFolder.open(folder) else { return [:] }
            var texts: [BlockListName: (domains: String?, programs: String?)] = [:]
            for file in try opened.names() where !AdministratorFolderNames.isPassedOver(file) {
                let ending = file.hasSuffix(".domains") ? ".domains" : file.hasSuffix(".programs") ? ".programs" : nil
                guard let ending else { continue }
                guard let name = try? BlockListName(file.dropLast(ending.count)) else {
                    throw AdministrationError.invalid(
                        path: "\(folder)/\(file)", key: nil,
                        reason: "not a list name; name it with 1 to 64 lower-case letters, digits, '-' or '_', "
                            + "starting with a letter or digit, such as games\(ending)")
                }
                guard texts[name] != nil || texts.count < maximumLists else {
                    throw AdministrationError.invalid(
                        path: folder, key: nil, reason: "more than \(maximumLists) lists; merge some")
                }
                let text = try opened.text(of: file, limit: maximumFileBytes)
                if ending == ".domains" {
                    texts[name, default: (nil, nil)].domains = text
                } else {
                    texts[name, default: (nil, nil)].programs = text
                }
            }
            var lists: [BlockListName: BlockList] = [:]
            for (name, text) in texts {
                lists[name] = try parse(
                    name: name, domains: text.domains ?? "", programs: text.programs ?? "", folder: folder,
                    caps: caps)
            }
            return lists
        }
    }

    /// The list `name` from the texts of its two files, checked line by line and against `caps`.
    public static func parse(
        name: BlockListName, domains: String, programs: String, folder: String, caps: SessionCaps
    ) throws(AdministrationError) -> BlockList {
        let list: BlockList
        do {
            let entries = try ListText<BlockEntry>(parsing: domains, source: "\(folder)/\(name).domains")
            let names = try ListText<ProgramName>(parsing: programs, source: "\(folder)/\(name).programs")
            list = BlockList(name: name, entries: entries.items, programs: names.items)
        } catch {
            throw .badLines(error)
        }
        let counts = [
            ("names", list.entries.count - list.addresses.count, caps.namesPerMachine, "max_names_per_machine"),
            ("addresses", list.addresses.count, caps.addressesPerMachine, "max_addresses_per_machine"),
            ("programs", list.programs.count, caps.programsPerMachine, "max_programs_per_machine"),
        ]
        for (noun, count, cap, key) in counts where count > cap {
            throw .invalid(
                path: "\(folder)/\(name).\(noun == "programs" ? "programs" : "domains")", key: nil,
                reason: "\(count) \(noun), over the policy's \(key) of \(cap); split the list or raise the cap")
        }
        return list
    }
}
