extension BlockList: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case name, entries, programs }

    /// Decodes strictly: unknown keys refused, every entry and program validated, counts capped.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(BlockListName.self, forKey: .name)
        entries = Set(
            try container.decodeArray(BlockEntry.self, forKey: .entries, limit: BlockList.maximumEntries))
        programs = Set(
            try container.decodeArray(ProgramName.self, forKey: .programs, limit: BlockList.maximumPrograms))
    }

    /// Encodes the name and the sorted entries and programs.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(entries.sorted(), forKey: .entries)
        try container.encode(programs.sorted(), forKey: .programs)
    }
}
