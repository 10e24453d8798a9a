// refocus-zone-probe: the machine's time zone as refocus sees it (MachineTimeZone: glibc's localtime_r
// under this process's TZ), for RefocusOSTests, which compare it with ICU's zones in a process of their
// own (TZ is process-wide). Not a product: under Tests/, built by `swift build --build-tests`.
//   refocus-zone-probe < SECONDS-PER-LINE
// Prints the zone's name, then for each instant read (seconds since the epoch, one a line) its offset
// from UTC in seconds. Exits 65 on a line that is not a number.
import Glibc
import RefocusOS

let zone = MachineTimeZone.current
print(zone.name)
while let line = readLine() {
    guard let seconds = Int(line) else {
        StandardError.write("refocus-zone-probe: '\(line)' is not a number of seconds\n")
        exit(65)
    }
    print(zone.offset(at: seconds))
}
