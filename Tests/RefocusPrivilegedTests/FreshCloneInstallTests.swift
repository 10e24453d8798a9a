import Foundation
import RefocusEnforcement
import RefocusTestSupport
import Testing

/// The README's first command as a new user types it: `sudo make install`
/// in a fresh clone, by a member of the group sudo with a password, at a
/// terminal. The Makefile's whole flow runs for real (packages as root,
/// the build as the user, the resolver module compiled by the C compiler
/// there is, the installation as root), inside InstallTests'
/// sandbox (overlays on /etc and /usr), with two stand-ins: `SWIFT=` a
/// script that makes the products and man pages a release build would (from
/// this build's binaries; a real one takes minutes) and records who ran it,
/// and `APT_GET=` one that records what it was asked to install. /var/lib is
/// a tmpfs, so dpkg-query finds no package installed and every package the
/// Makefile wants reaches the stand-in. /usr/bin/apt-get is a recording
/// stand-in too, so that nothing can reach the real apt.
@Suite(.enabled(if: FreshCloneTools.unavailableReason == nil, Comment(rawValue: FreshCloneTools.unavailableReason ?? "")))
struct FreshCloneInstallTests {
    /// The stand-ins, in `$T`: `swift` (build: copies `$B/PRODUCT` into
    /// SCRATCH/release; package plugin generate-manual: a small page with the
    /// EXIT STATUS section finish-page replaces, and the release binaries its
    /// caller runs for the version) and `apt-get`; each appends
    /// `uid=N tool arguments` to `$WORK/calls`. sudo resets the environment,
    /// so the stand-ins carry `$WORK` written in.
    static let standIns = #"""
        T="$WORK/stand-ins"
        install -d -m 755 "$T"
        : > "$WORK/calls"; chmod 666 "$WORK/calls"
        cat > "$T/swift" <<'SH'
        #!/bin/sh
        set -eu
        W=@WORK@
        echo "uid=$(id -u) swift $*" >> "$W/calls"
        verb=$1; scratch=.build; product=; section=1
        while [ $# -gt 0 ]; do
          case "$1" in --scratch-path) scratch=$2; shift;; --product) product=$2; shift;; --section) section=$2; shift;; esac
          shift
        done
        case "$verb" in
          build) mkdir -p "$scratch/release"; cp "$W/bin/$product" "$scratch/release/$product";;
          package)
            mkdir -p .build/release; cp "$W/bin/refocus" "$W/bin/refocus-helper" .build/release/
            name=refocus; [ "$section" = 8 ] && name=refocus-helper
            mkdir -p ".build/plugins/GenerateManual/outputs/$name"
            printf '.Dd January 1, 2026\n.Dt %s %s\n.Os\n.Sh NAME\n.Nm %s\n.Nd a stand-in\n.Sh "EXIT STATUS"\n.Ex -std\n' \
              "$name" "$section" "$name" > ".build/plugins/GenerateManual/outputs/$name/$name.$section";;
          *) echo "swift stand-in: unexpected $verb" >&2; exit 1;;
        esac
        SH
        printf '#!/bin/sh\necho "uid=$(id -u) apt-get frontend=$DEBIAN_FRONTEND $*" >> @WORK@/calls\n' > "$T/apt-get"
        printf '#!/bin/sh\necho "uid=$(id -u) /usr/bin/apt-get $*" >> @WORK@/calls\n' > /usr/bin/apt-get
        sed -i "s|@WORK@|$WORK|g" "$T/swift" "$T/apt-get" /usr/bin/apt-get
        chmod 755 "$T/swift" "$T/apt-get" /usr/bin/apt-get

        """#

    /// The Makefile's TEST_PACKAGES, which only `make test` installs.
    static let testPackages: Set<String> = {
        let makefile = (try? String(contentsOfFile: InstallTests.repository + "/Makefile", encoding: .utf8)) ?? ""
        let line = makefile.split(separator: "\n").first { $0.hasPrefix("TEST_PACKAGES ") }
        return Set(line.map { $0.split(separator: "=", maxSplits: 1).last?.split(separator: " ").map(String.init) ?? [] } ?? [])
    }()

    @Test func sudoMakeInstallAsksOnceBuildsAsTheUserAndInstallsNoTestPackage() throws {
        let run = try Sandbox().run(InstallTests.setUp + SudoPathTests.terminal + Self.standIns + #"""
            add_user newbie
            echo 'newbie:Install-Pw-5' | chpasswd
            usermod -aG sudo newbie
            echo "uid: $(id -u newbie)"
            # Debian's own rule for the group sudo, where the machine's sudoers lacks it; every sudo run logged.
            sudo -l -U newbie /usr/bin/make > /dev/null 2>&1 || printf '%%sudo ALL=(ALL:ALL) ALL\n' > /etc/sudoers.d/group-sudo
            printf 'Defaults logfile=/var/log/sudo.log, loglinelen=0\n' > /etc/sudoers.d/log-all
            chmod 440 /etc/sudoers.d/*
            # A fresh clone, the user's (with the working tree's changes to tracked files, if any: the
            # clone as it will be once they are committed).
            C="$WORK/home-newbie/refocus"
            git -c safe.directory='*' clone -q "$REPO" "$C"
            git -c safe.directory='*' -C "$REPO" diff HEAD --binary > "$WORK/changes.diff"
            if [ -s "$WORK/changes.diff" ]; then git -C "$C" apply "$WORK/changes.diff"; fi
            chown -R newbie:newbie "$C"
            [ -e "$C/.build" ] || [ -e "$C/.build-static" ] || echo "nothing built yet"
            python3 "$WORK/terminal.py" Install-Pw-5 "$WORK/as-user" newbie /bin/sh -c \
              "cd '$C' && sudo make install SWIFT='$T/swift' APT_GET='$T/apt-get'" > "$WORK/transcript"
            cat "$WORK/transcript"
            echo "--- calls"; cat "$WORK/calls"
            echo "--- sudo: $(grep -c 'COMMAND=' /var/log/sudo.log) commands"; grep -o 'COMMAND=.*' /var/log/sudo.log || true
            echo "--- after"
            find "$C" ! -user newbie -printf "not the user's: %P\n"
            stat -c 'built: %U %n' "$C/.build-static/release/refocus" "$C/.build/man/refocus.1" "$C/.build/man/refocus-helper.8" \
              "$C/.build/nss/libnss_refocus.so.2" || true
            cmp /usr/bin/refocus "$B/refocus" && cmp /usr/libexec/refocus/refocus-helper "$B/refocus-helper" && echo "installed"
            cmp "/usr/lib/$MA/libnss_refocus.so.2" "$C/.build/nss/libnss_refocus.so.2" && echo "module installed"
            module_state | grep -E '^(hosts line|check):'
            visudo -cf /etc/sudoers.d/refocus || true
            id -nG newbie | tr ' ' '\n' | grep -x refocus > /dev/null && echo "newbie is in the group refocus"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(SudoPathTests.value("uid", in: run.stdout))
        let output = run.stdout
        #expect(output.contains("nothing built yet"), "\(output)")
        #expect(output.components(separatedBy: "[sudo] password for newbie: ").count == 2, "one prompt: \(output)")
        #expect(output.contains("password prompts: 1\nterminal status: 0\n"), "\(output)")
        #expect(!output.contains("Install-Pw-5\n"), "the password is not echoed")
        #expect(output.contains("--- sudo: 1 commands\nCOMMAND=/usr/bin/make install SWIFT="), "sudo ran make only: \(output)")
        let calls = Self.section("calls", of: output)
        let apt = calls.filter { $0.contains("apt-get") }
        #expect(apt.count == 2 && apt.allSatisfy { $0.hasPrefix("uid=0 apt-get ") }, "apt as root, through APT_GET: \(calls)")
        #expect(apt.last?.hasPrefix("uid=0 apt-get frontend=noninteractive install ") == true, "\(calls)")
        let installed = Set(apt.last.map { $0.split(separator: " ").map(String.init) } ?? [])
        #expect(installed.isSuperset(of: ["install", "libnftnl-dev", "nftables", "sudo", "groff-base"]), "\(apt)")
        #expect(!Self.testPackages.isEmpty && installed.isDisjoint(with: Self.testPackages), "no test package: \(apt)")
        let swift = calls.filter { $0.contains(" swift ") }
        #expect(swift.count == 4 && swift.allSatisfy { $0.hasPrefix("uid=\(uid) swift ") }, "built as newbie: \(calls)")
        // The static build's flags (see `make static`), the linker script's folder in the clone.
        #expect(swift.contains {
            $0.contains(" swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs "
                + "-Xswiftc -L/") && $0.hasSuffix("/refocus/.build-static/link --scratch-path .build-static --product refocus-helper")
        }, "\(calls)")
        #expect(output.contains("--- after\nbuilt: newbie "), "the build folders are the user's: \(output)")
        #expect(!output.contains("not the user's: "), "\(output)")
        let library = "/usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2"
        for fact in ["installed\n", "parsed OK", "newbie is in the group refocus\n", "/.build/nss/libnss_refocus.so.2\n",
                     "module installed\n", "hosts line: hosts: files mdns4_minimal [NOTFOUND=return] refocus dns myhostname\n",
                     "check: True True \(library)\n"] {
            #expect(output.contains(fact), "\(fact): \(output)")
        }
    }

    /// The lines after `--- NAME` up to the next `--- ` line.
    static func section(_ name: String, of output: String) -> [String] {
        let lines = output.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: "--- " + name) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix("--- ") })
    }
}

/// What the fresh-clone test needs beside the installation tests' tools.
enum FreshCloneTools {
    /// Why the fresh-clone test cannot run here, or nil.
    static let unavailableReason: String? = InstallTools.unavailableReason
        ?? (FileManager.default.isExecutableFile(atPath: "/usr/bin/git") ? nil : "needs /usr/bin/git (apt-get install git)")
        ?? (FileManager.default.fileExists(atPath: InstallTests.repository + "/.git") ? nil
            : "needs the sources as a git repository, to clone them")
}
