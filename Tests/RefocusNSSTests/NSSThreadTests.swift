import CNSSRefocus
import Foundation
import Glibc
import RefocusCore
import Synchronization
import Testing
import RefocusPlanning

extension NSSModuleTests {
    /// Sixteen threads looking names up at once, each with its own buffer,
    /// while another thread renames new versions of the index into place as
    /// the helper does: every answer is right (a name blocked in every
    /// version always answers blocked, a name in none never does), the name
    /// blocked in every other version is seen both ways (the lookups did
    /// follow the new versions), nothing is written outside a buffer, and
    /// when all is done the process maps one index at most (the mappings
    /// that lookups made for themselves while another held the shared one
    /// were all released).
    @Suite struct Threads {
        static let threads = 16
        static let lookupsPerThread = 20_000

        /// What the threads report, shared.
        final class Tally: Sendable {
            let done = Atomic<Bool>(false)
            let lookups = Atomic<Int>(0)
            let renames = Atomic<Int>(0)
            let flipBlocked = Atomic<Int>(0)
            let flipFree = Atomic<Int>(0)
            let wrong = Mutex<[String]>([])

            func report(_ problem: String) {
                wrong.withLock { $0.append(problem) }
            }
        }

        /// Four versions: `always.example` in each, `flip.example` in the odd
        /// ones, and a different number of other names, so that the files differ in size.
        static func versions() throws -> [[UInt8]] {
            try (0..<4).map { version in
                let names =
                    ["always.example"] + (version % 2 == 1 ? ["flip.example"] : [])
                    + (0..<(version * 300)).map { "filler\($0).v\(version).example" }
                return NameIndex(blocking: try names.map { try DomainName(validating: $0) }).bytes
            }
        }

        @Test func sixteenThreadsLookUpWhileTheIndexIsReplaced() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            let versions = try Self.versions()
            try folder.install(versions[0])
            let tally = Tally()
            let group = DispatchGroup()

            group.enter()
            let renamer = Thread {
                defer { group.leave() }
                var version = 1
                while !tally.done.load(ordering: .acquiring) {
                    do {
                        try folder.install(versions[version % versions.count])
                    } catch {
                        tally.report("rename: \(error)")
                        return
                    }
                    tally.renames.add(1, ordering: .relaxed)
                    version += 1
                    usleep(200)
                }
            }
            renamer.start()

            let lookups = DispatchGroup()
            for thread in 0..<Self.threads {
                lookups.enter()
                Thread {
                    defer { lookups.leave() }
                    Self.lookUp(folder.path, thread: thread, tally: tally)
                }.start()
            }
            lookups.wait()
            tally.done.store(true, ordering: .releasing)
            group.wait()

            let wrong = tally.wrong.withLock { $0 }
            #expect(wrong.isEmpty, "\(wrong.prefix(4)) (\(wrong.count) in all)")
            #expect(tally.lookups.load(ordering: .relaxed) == Self.threads * Self.lookupsPerThread)
            #expect(tally.renames.load(ordering: .relaxed) >= 10, "the index was replaced during the lookups")
            #expect(
                tally.flipBlocked.load(ordering: .relaxed) > 0 && tally.flipFree.load(ordering: .relaxed) > 0,
                "flip.example seen blocked \(tally.flipBlocked.load(ordering: .relaxed)) times, free \(tally.flipFree.load(ordering: .relaxed))"
            )
            // One more lookup maps the last version in place of whatever was mapped.
            #expect(
                Module.byName4(folder.path, "always.example", buffer: GuardedBuffer(count: roomy)).status
                    == NSS_STATUS_SUCCESS)
            #expect(try folder.mappedInodes() == [try folder.inode()], "only the current index stays mapped")
        }

        /// One thread's lookups: gethostbyname4_r and 3_r in turn over a mix of names.
        static func lookUp(_ path: String, thread: Int, tally: Tally) {
            let names = [
                "always.example", "deep.sub.always.example", "never.example", "notalways.example", "flip.example",
                "ALWAYS.example.", "example",
            ]
            let buffer = GuardedBuffer(count: roomy, misalignment: thread % 8)
            for index in 0..<lookupsPerThread {
                let name = names[(index + thread) % names.count]
                let both = index % 2 == 0
                let answer =
                    both
                    ? Module.byName4(path, name, buffer: buffer)
                    : Module.byName3(path, name, family: AF_INET, buffer: buffer)
                let blocked = "SUCCESS 0 NETDB_SUCCESS \(name) " + (both ? sinkholes : "192.0.2.1")
                let right: Bool
                switch name {
                case "flip.example":
                    right = answer.description == blocked || answer.description == notFound
                    if answer.description == blocked {
                        tally.flipBlocked.add(1, ordering: .relaxed)
                    } else {
                        tally.flipFree.add(1, ordering: .relaxed)
                    }
                case "never.example", "notalways.example", "example":
                    right = answer.description == notFound
                default:
                    right = answer.description == blocked
                }
                if !right { tally.report("thread \(thread): \(name): \(answer)") }
                tally.lookups.add(1, ordering: .relaxed)
            }
        }
    }
}
