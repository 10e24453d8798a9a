/// Hooks of a test user, started as the daemon starts them: `ann` (in a
/// supplementary group `hookers` and in group `refocus`, whose shipped sudo
/// rule names the helper), made in the sandbox's overlay of /etc with her
/// home on a tmpfs mounted over /home inside the sandbox, on top of
/// `SudoPathTests.setUp` (`allow`, `as_user`, `$B`). Also:
///
/// - `hook EVENT MODE`: writes the script on stdin as ann's hook for EVENT
///   with MODE, owned by ann;
/// - `launch EVENT [LIMIT]`: `refocus-hook-launch` (HookLauncher, the real
///   setpriv, then HookRuns) for ann's uid with the helper in `$B`, printing
///   the pid, the outcome and the report;
/// - `$hooks` (ann's hooks folder), `$hooklog` (her hook log), `log_mode PATH`;
/// - `gone PID`: whether the process is dead (absent, or a zombie).
enum HookSetUp {
    static let script =
        SudoPathTests.setUp + #"""
            mount -t tmpfs -o mode=0755 tmpfs /home
            add_user() {
              useradd --no-log-init --no-create-home --home-dir "/home/$1" --shell /bin/sh "$1"
              install -d -o "$1" -g "$1" -m 700 "/home/$1"
            }
            groupadd hookers
            groupadd refocus
            add_user ann
            usermod -aG hookers,refocus ann
            allow "%refocus ALL=(root) NOPASSWD: $B/refocus-helper"
            hooks=/home/ann/.config/refocus/hooks
            hooklog=/home/ann/.local/state/refocus/hooks.log
            install -d -o ann -g ann -m 700 /home/ann/.config /home/ann/.config/refocus "$hooks"
            hook() {
              cat > "$hooks/$1"
              chown ann:ann "$hooks/$1"
              chmod "$2" "$hooks/$1"
            }
            launch() { "$BIN/refocus-hook-launch" "$(id -u ann)" "$1" "$B/refocus-helper" ${2:+"$2"}; }
            log_mode() { stat -c '%n %a %U' "$1"; }
            gone() { [ ! -e "/proc/$1" ] || [ "$(awk '{print $3}' "/proc/$1/stat")" = Z ]; }

            """#
}
