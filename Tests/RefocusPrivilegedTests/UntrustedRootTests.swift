import RefocusTestSupport
import Testing

/// A member who tries to park the root daemon on a file of theirs: while
/// their session blocks `flatpak:com.example.Stall`, processes of theirs run
/// chrooted (`unshare -r chroot`, a user namespace of their own) in folders
/// whose `.flatpak-info` is a FIFO, a sparse 1 GiB file, and a FUSE file whose
/// server never answers (mounted by root with `allow_other`, as a member
/// can where /etc/fuse.conf has `user_allow_other`). The daemon reads that
/// file when it scans the owner's processes, at the process connector's exec
/// events and in the exec guard's thread. Another member's helper runs,
/// through the real sudo, take their usual time, and no thread of the
/// daemon waits on the FIFO or the FUSE server. In the initial network and
/// PID namespaces (the process connector), sessions without addresses.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct UntrustedRootTests {
    @Test func aFifoAHugeFileAndAStalledFuseFileInAMembersRootStallNobody() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            MemberProbeSetUp.script + OtherMemberRuns.script + #"""
                ann=$(id -u ann)
                # Three roots of ann's, each with /usr bound in so that her loop can exec there.
                for trap in fifo huge fuse; do
                  root="$WORK/trap-$trap"; install -d -o ann -m 755 "$root" "$root/usr"
                  mount --bind /usr "$root/usr"
                  ln -s usr/bin "$root/bin"; ln -s usr/lib "$root/lib"; ln -s usr/lib64 "$root/lib64"
                done
                as_user ann mkfifo "$WORK/trap-fifo/.flatpak-info"
                as_user ann truncate -s 1G "$WORK/trap-huge/.flatpak-info"
                touch "$WORK/trap-fuse/.flatpak-info"
                exec 7<>/dev/fuse
                mount -i -t fuse -o fd=7,rootmode=100000,user_id=$ann,group_id=$ann,allow_other rf-stall "$WORK/trap-fuse/.flatpak-info"
                # Nothing here touches that file again: any read of it waits for a server that never answers.
                # Only this shell holds the server's end: when it exits, the connection ends and every read
                # still waiting on it fails, so nothing outlives the test (the sandbox aborts it too).
                for trap in fifo huge fuse; do
                  as_user ann unshare -r /usr/sbin/chroot "$WORK/trap-$trap" /bin/sh -c 'while :; do /bin/true; sleep 0.2; done' 7>&- &
                done
                sleep 0.5
                echo "ann's trapped loops: $(pgrep -u ann -f 'while :; do /bin/true' | wc -l)"
                t=$(date +%s%N)
                raw_start ann '{"version":1,"verb":"start","start":{"lists":[{"name":"apps","entries":[],"programs":["flatpak:com.example.Stall"]}],"length":600,"locked":false,"notify":false}}' > /dev/null \
                  && echo "ann's start: $(ms_since $t) ms"
                sleep 1.5
                bob_runs
                daemon=$(daemon_pid)
                for task in /proc/$daemon/task/*; do echo "daemon thread wchan: $(cat "$task/wchan")"; done
                grep -l 'wait_for_partner\|fuse' /proc/$daemon/task/*/stack 2> /dev/null | sed 's/^/stuck: /' || true
                python3 -c 'import json; print("status file sessions:", len(json.load(open("/run/refocus/status.json"))["sessions"]))'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("ann's trapped loops: 3\n"), "\(run.stdout)")
        #expect(run.stdout.contains("ann's start: "), "\(run.stdout)")
        OtherMemberRuns.expectUsualTimes(run)
        #expect(run.stdout.contains("daemon thread wchan: "), "\(run.stdout)")
        #expect(
            !run.stdout.contains("wait_for_partner") && !run.stdout.contains("fuse") && !run.stdout.contains("stuck: "),
            "no thread of the daemon waits on ann's files: \(run.stdout)")
        #expect(run.stdout.contains("status file sessions: 4\n"), "the status file follows every start: \(run.stdout)")
    }
}
