import RefocusTestSupport
import Testing

/// The module in processes that live on while the index changes, as a
/// browser or a daemon does: a process that keeps resolving sees each new
/// index at its first lookup after the rename (and the index's removal),
/// without restarting; and sixteen threads of one process resolving at once
/// through glibc, while the index is renamed over again and again, all get
/// the right answers.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ResolverModuleProcessTests {
    /// A loop of `getaddrinfo` for reddit.com and example.org, named
    /// `refocus-nsloop`. Each round first reads the generation the script
    /// wrote after its last change of the index, then resolves, then writes
    /// `PID ROUND GENERATION reddit.com=ADDRESSES example.org=ADDRESSES`:
    /// so a round that shows a generation began its lookups after that change.
    static let loop = #"""
        import os, socket, sys, time
        with open("/proc/self/comm", "w") as comm:
            comm.write("refocus-nsloop")
        state, generation = sys.argv[1], sys.argv[2]
        rounds, deadline = 0, time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with open(generation) as f:
                    seen = f.read().strip()
            except FileNotFoundError:
                seen = "0"
            answers = []
            for name in ("reddit.com", "example.org"):
                try:
                    found = sorted({info[4][0] for info in socket.getaddrinfo(name, None)})
                except socket.gaierror as error:
                    found = ["error%d" % error.errno]
                answers.append("%s=%s" % (name, ",".join(found)))
            rounds += 1
            with open(state + ".new", "w") as f:
                f.write("%d %d %s %s\n" % (os.getpid(), rounds, seen, " ".join(answers)))
            os.replace(state + ".new", state)
            time.sleep(0.005)
        """#

    @Test func aProcessThatKeepsResolvingSeesEachNewIndexWithoutRestarting() throws {
        let run = try ResolverModuleSetUp.sandbox().run(
            #"""
            python3 "$WORK/loop.py" "$WORK/state" "$WORK/generation" & loop=$!
            # step N: after a change, the first round that began after it.
            step() {
              echo "$1" > "$WORK/generation.new"; mv "$WORK/generation.new" "$WORK/generation"
              for _ in $(seq 2000); do
                if [ -e "$WORK/state" ] && read -r pid round seen answers < "$WORK/state" && [ "$seen" = "$1" ]; then
                  echo "step $1: $answers (pid $pid, round $round)"; return
                fi
                sleep 0.005
              done
              echo "step $1: never seen"
            }
            step 1
            install_index "$WORK/first.idx"; step 2
            install_index "$WORK/second.idx"; step 3
            rm /run/refocus/names.idx; step 4
            install_index "$WORK/first.idx"; step 5
            echo "loop: $(cat /proc/$loop/comm)"
            kill "$loop"
            """#,
            files: [
                "loop.py": Array(Self.loop.utf8), "first.idx": try ResolverModuleSetUp.index("reddit.com"),
                "second.idx": try ResolverModuleSetUp.index("example.org"),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let neither = "reddit.com=198.51.100.7 example.org=198.51.100.9"
        let first = "reddit.com=100::1,192.0.2.1 example.org=198.51.100.9"
        let second = "reddit.com=198.51.100.7 example.org=100::1,192.0.2.1"
        for (step, answers) in [(1, neither), (2, first), (3, second), (4, neither), (5, first)] {
            #expect(run.stdout.contains("step \(step): \(answers) (pid "), "step \(step): \(run.stdout)")
        }
        let pids = Set(run.stdout.matches(of: /\(pid (\d+), round/).map { String($0.1) })
        #expect(pids.count == 1, "one process all along: \(run.stdout)")
        #expect(run.stdout.contains("loop: refocus-nsloop\n"), "\(run.stdout)")
    }

    /// Sixteen workers of one Python process, 2,000 getaddrinfo calls each
    /// over blocked and unblocked names, named `refocus-nsthreads`.
    static let threads = #"""
        import socket
        from concurrent.futures import ThreadPoolExecutor
        with open("/proc/self/comm", "w") as comm:
            comm.write("refocus-nsthreads")
        sinkhole = {"100::1", "192.0.2.1"}
        expected = {"reddit.com": sinkhole, "a.b.c.reddit.com": sinkhole, "www.xn--bcher-kva.de": sinkhole,
                    "example.org": {"198.51.100.9"}, "notreddit.com": {"198.51.100.8"}}
        names = sorted(expected)
        def work(worker):
            wrong = []
            for number in range(2000):
                name = names[(number + worker) % len(names)]
                try:
                    found = {info[4][0] for info in socket.getaddrinfo(name, None)}
                except socket.gaierror as error:
                    found = {"error %d" % error.errno}
                if found != expected[name]:
                    wrong.append("%s: %s" % (name, sorted(found)))
            return wrong
        with ThreadPoolExecutor(max_workers=16) as pool:
            results = list(pool.map(work, range(16)))
        print("lookups %d, wrong %d" % (16 * 2000, sum(len(wrong) for wrong in results)))
        for wrong in results:
            for line in wrong[:2]:
                print("wrong:", line)
        """#

    /// Writes the two versions in turn to a sibling of the index and renames
    /// it into place as the helper does, a new file each time, as fast as it
    /// can until the file named third exists; then prints how many times.
    static let renamer = #"""
        import os, sys
        with open("/proc/self/comm", "w") as comm:
            comm.write("refocus-nsrename")
        versions = [open(path, "rb").read() for path in sys.argv[1:3]]
        renames = 0
        while not os.path.exists(sys.argv[3]):
            with open("/run/refocus/.names.idx.new", "wb") as f:
                f.write(versions[renames % 2])
            os.chmod("/run/refocus/.names.idx.new", 0o644)
            os.replace("/run/refocus/.names.idx.new", "/run/refocus/names.idx")
            renames += 1
        print("renames: %d" % renames)
        """#

    @Test func sixteenThreadsOfOneProcessResolveAtOnceWhileTheIndexIsReplaced() throws {
        let filler = (0..<500).map { "filler\($0).example" }
        let run = try ResolverModuleSetUp.sandbox().run(
            #"""
            install_index "$WORK/first.idx"
            python3 "$WORK/renamer.py" "$WORK/first.idx" "$WORK/second.idx" "$WORK/done" & renamer=$!
            python3 "$WORK/threads.py"
            touch "$WORK/done"; wait "$renamer"
            """#,
            files: [
                "threads.py": Array(Self.threads.utf8), "renamer.py": Array(Self.renamer.utf8),
                "first.idx": try ResolverModuleSetUp.index("reddit.com", "bücher.de"),
                "second.idx": try ResolverModuleSetUp.index(["reddit.com", "bücher.de"] + filler),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("lookups 32000, wrong 0\n"), "\(run.stdout)")
        let renames = run.number(after: "renames: ", onLineStarting: "renames: ")
        #expect(renames.map { $0 >= 100 } == true, "the index was replaced during the lookups: \(run.stdout)")
    }
}
