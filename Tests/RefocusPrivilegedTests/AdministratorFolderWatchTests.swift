import RefocusTestSupport
import Testing

/// The daemon follows the administrator's folders (issue 33): with the
/// daemon running and no SIGHUP, no reload and no helper run, a schedule
/// file written for `ann` makes her lookup answer the sinkhole within a few
/// seconds while `bob`'s still resolves, and removing it gives her the name
/// back. Then the folder is replaced as a fleet's pull replaces it
/// (`schedules.d -> fleet/current/schedules.d`, `current -> g-1` holding the
/// schedule): she is blocked again; and `current` renamed over to a
/// generation without it: she is free again, which needs the watch re-armed
/// on the new folder, and the old folder's watch dropped (as many watches
/// after as before); a schedule for a group written into the new folder
/// binds its member `ann` and not `bob` (the group looked up on the
/// reload, within its deadline).
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct AdministratorFolderWatchTests {
    @Test func aScheduleWrittenOrRemovedIsInForceWithoutAReload() throws {
        if let reason = BuiltResolverModule.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        let sandbox = Sandbox(
            dns: [Sandbox.Record("games.test", "198.51.100.5")], peerAddresses: ["198.51.100.5"],
            resolverModule: BuiltResolverModule.path)
        let run = try sandbox.run(
            AdministratorScheduleTests.setUp + #"""
                looked_up() { as_user "$1" getent ahostsv4 games.test | head -1 | awk '{print $1}'; }
                # Waits up to 5 s for ann's lookup to answer $2; prints what it saw and whether in time.
                ann_sees() {
                  local started=$(date +%s%N) seen
                  for _ in $(seq 50); do seen=$(looked_up ann); [ "$seen" = "$2" ] && break; sleep 0.1; done
                  local waited=$(( ($(date +%s%N) - started) / 1000000 ))
                  echo "$1: ann $seen bob $(looked_up bob) $([ "$waited" -lt 5000 ] && echo "within 5 s" || echo "after $waited ms")"
                }
                schedule() {
                  printf '[[schedule]]\nname = "%s"\nusers = ["ann"]\nlists = ["games"]\nwhen = "%s-%s"\n' \
                    "$1" "$(date +%H:%M)" "$(date -d '+2 hours' +%H:%M)"
                }
                # The daemon's inotify watches, all its descriptors together.
                watches() { cat /proc/$daemon/fdinfo/* 2>/dev/null | grep -c '^inotify wd:'; }
                printf 'games.test\n' > /etc/refocus/lists/games.domains
                "$B/refocus-helper" reconcile > /dev/null
                daemon=$(tr -d '\n' < /run/refocus/daemon.lock)
                echo "before: ann $(looked_up ann) bob $(looked_up bob)"
                schedule evenings > /etc/refocus/schedules.d/family.toml
                ann_sees written 192.0.2.1
                rm /etc/refocus/schedules.d/family.toml
                ann_sees removed 198.51.100.5

                # A fleet's pull: generations, `current`, and the folder replaced by a link through it.
                mkdir -p /etc/refocus/fleet/g-1/schedules.d /etc/refocus/fleet/g-2/schedules.d
                schedule fleet-evenings > /etc/refocus/fleet/g-1/schedules.d/family.toml
                ln -s g-1 /etc/refocus/fleet/current
                mv /etc/refocus/schedules.d /etc/refocus/schedules.d.before-fleet
                ln -s fleet/current/schedules.d /etc/refocus/schedules.d
                ann_sees linked 192.0.2.1
                watches_before=$(watches)
                ln -s g-2 /etc/refocus/fleet/.current-new
                mv -T /etc/refocus/fleet/.current-new /etc/refocus/fleet/current
                ann_sees "renamed over" 198.51.100.5
                # A schedule for a group, written into the generation now in force: ann is a member, bob is not.
                groupadd children; usermod -aG children ann
                schedule children-evenings | sed 's/^users = .*/groups = ["children"]/' > /etc/refocus/fleet/g-2/schedules.d/family.toml
                ann_sees "for the group" 192.0.2.1
                echo "the same daemon: $([ "$(tr -d '\n' < /run/refocus/daemon.lock)" = "$daemon" ] && echo yes || echo no)"
                echo "watches: $([ "$(watches)" = "$watches_before" ] && echo "as many" || echo "$watches_before, then $(watches)")"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "before: ann 198.51.100.5 bob 198.51.100.5",
            "written: ann 192.0.2.1 bob 198.51.100.5 within 5 s",
            "removed: ann 198.51.100.5 bob 198.51.100.5 within 5 s",
            "linked: ann 192.0.2.1 bob 198.51.100.5 within 5 s",
            "renamed over: ann 198.51.100.5 bob 198.51.100.5 within 5 s",
            "for the group: ann 192.0.2.1 bob 198.51.100.5 within 5 s",
            "the same daemon: yes", "watches: as many",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }
}
