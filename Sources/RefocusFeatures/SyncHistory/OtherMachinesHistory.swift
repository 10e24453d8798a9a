import RefocusCore

/// The history the other machines published in the sync store, read
/// strictly from what a transport found (`SyncStoreFiles.files(in: .history,
/// limit: HistoryMonthFile.maximumBytes)`): only month files of the months
/// asked for, at most `maximumMachines` machines and `maximumRecords`
/// sessions in all. A file refused by the transport, misnamed or with bad
/// lines is skipped (the bad lines only) and named in `problems`; this
/// machine's own folder is passed over, its local history is what counts.
public struct OtherMachinesHistory: Sendable, Equatable {
    /// The most other machines read.
    public static let maximumMachines = 64
    /// The most sessions read in all.
    public static let maximumRecords = 200_000

    /// The sessions read, per machine, in the order of the files.
    public var records: [MachineFocusRecord] = []
    /// What was skipped, one line each: `history/b/2026-11.jsonl: line 3: …`.
    public var problems: [String] = []

    /// Reads `files` as `machine` (whose own folder is passed over), keeping the months in `months`.
    public init(files: [SyncStoreFile], machine: String, months: ClosedRange<HistoryMonth>) {
        var machines: Set<String> = []
        for file in files where file.machine != machine {
            let path = file.path(in: .history)
            guard machines.contains(file.machine) || machines.count < Self.maximumMachines else {
                problems.append("\(path): over \(Self.maximumMachines) machines; skipped")
                continue
            }
            machines.insert(file.machine)
            guard let month = HistoryMonth(fileName: file.name) else {
                problems.append("\(path): not named YYYY-MM.jsonl; skipped")
                continue
            }
            guard months.contains(month) else { continue }
            let bytes: [UInt8]
            switch file.contents {
            case .success(let read): bytes = read
            case .failure(let refusal):
                problems.append("\(path): \(refusal); skipped")
                continue
            }
            let contents = HistoryMonthFile.read(bytes, month: month)
            if let first = contents.problems.first {
                let count = contents.problems.filter { $0.line != nil }.count
                problems.append(
                    first.line == nil
                        ? "\(path): \(first); skipped"
                        : "\(path): \(count) line\(count == 1 ? "" : "s") skipped, the first: \(first)")
            }
            guard records.count + contents.records.count <= Self.maximumRecords else {
                problems.append("\(path): over \(Self.maximumRecords) sessions in all; skipped")
                continue
            }
            records += contents.records.map { MachineFocusRecord(machine: file.machine, line: $0) }
        }
    }
}
