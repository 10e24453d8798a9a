import RefocusOS

/// The sync transport's git runs: a run that did not happen or did not
/// finish is a `GitTransportError` of the same name.
extension GitCommand {
    /// Runs git with `arguments` (`execute`), its failures as the transport's errors.
    func run(_ arguments: [String]) throws(GitTransportError) -> Result {
        do {
            return try execute(arguments)
        } catch {
            switch error {
            case .notInstalled(let path): throw .notInstalled(path)
            case .timedOut(let command, let limit): throw .timedOut(command: command, limit: limit)
            case .cannotRun(let failure): throw .cannotRun(failure)
            }
        }
    }
}
