// refocus-crash-inject: SIGKILLs a writer of a file ReFocus shares with others at random instants
// and checks what the kill left, for the privileged tests (CrashInjectionTests). Not a product:
// under Tests/, built by `swift build --build-tests`, run as root inside a test sandbox.
//   refocus-crash-inject hosts ITERATIONS [--seed N]           /etc/hosts, atomic replacement
//   refocus-crash-inject hosts-bind ITERATIONS [--seed N]      /etc/hosts as a bind mount (journal, in place)
//   refocus-crash-inject firefox ROOT ITERATIONS [--seed N]    the administrator's Firefox policies.json under ROOT
//   refocus-crash-inject crontab SPOOL-FILE ITERATIONS [--seed N] -- COMMAND...   a crontab section, by COMMAND
// Half the iterations write our part in, half take it out (the crontab's: in only). Each prints
// one summary line and exits 0, or names the first iteration whose file was neither the old nor
// the new (or that did not converge) and exits 1. ReFocus's writers run in forks of this process.
CrashInjection.main(Array(CommandLine.arguments.dropFirst()))
