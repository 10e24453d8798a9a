/// A named block list: the entries (domains, paths, addresses) that sync between
/// machines, and the program names that stay on this machine.
public struct BlockList: Hashable, Sendable {
    /// The list's name.
    public var name: BlockListName
    /// Domains, browser paths, addresses and CIDR ranges.
    public var entries: Set<BlockEntry>
    /// Programs to kill while the list is active.
    public var programs: Set<ProgramName>

    /// The most entries (domains and addresses) a list read from JSON may carry:
    /// a start request's cap, all its lists together (`HelperProtocol.maximumEntries`).
    public static let maximumEntries = 1_000_000
    /// The most program names a list read from JSON may carry (`HelperProtocol.maximumPrograms`).
    public static let maximumPrograms = 4_096

    /// Makes a list.
    public init(name: BlockListName, entries: Set<BlockEntry> = [], programs: Set<ProgramName> = []) {
        self.name = name
        self.entries = entries
        self.programs = programs
    }

    /// The domain entries, sorted.
    public var domains: [DomainName] { entries.compactMap(\.domain).sorted() }

    /// The path entries, sorted: blocked in browsers only, never in
    /// /etc/hosts, the firewall or the resolver module's index.
    public var browserPaths: [BrowserPath] { entries.compactMap(\.browserPath).sorted() }

    /// The address and range entries, sorted.
    public var addresses: [AddressRange] { entries.compactMap(\.addressRange).sorted() }

    /// Whether the list blocks nothing.
    public var isEmpty: Bool { entries.isEmpty && programs.isEmpty }
}
