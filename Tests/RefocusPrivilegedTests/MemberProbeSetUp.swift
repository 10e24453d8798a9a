/// Members of the group `refocus` probing the helper through the real sudo
/// and the shipped rule (`%refocus … NOPASSWD`): `ann` and `bob`, made in
/// the sandbox's overlay of /etc, on top of `SudoPathTests.setUp`
/// (`as_user`, `$B`). Also `section` (the hosts section's body), `ann_start`
/// and `raw_start USER JSON` (a request sent to the helper by hand, as a
/// member could, bypassing the CLI's own checks).
enum MemberProbeSetUp {
    static let script =
        SudoPathTests.setUp + #"""
            groupadd refocus
            for member in ann bob; do add_user "$member"; usermod -aG refocus "$member"; done
            allow "%refocus ALL=(root) NOPASSWD: $B/refocus-helper"
            section() { sed -n '/^# BEGIN refocus$/,/^# END refocus$/p' /etc/hosts; }
            raw_start() { printf '%s' "$2" | as_user "$1" sudo -n "$B/refocus-helper" start; }

            """#
}
