// refocus-bench: ReFocus's speed, measured against reference tools in the same run.
//   swift run -c release refocus-bench report [--check]   (every benchmark, written into BENCHMARKS.md)
//   swift run -c release refocus-bench all | hosts | domains | resolve | resolver | nft | exec-kill | exec-permission | daemon | stats | stats-figures | sync | fleet | ui [--check]
// Correctness checks live under Tests/ (refocus-nft-scenarios), not here.
BenchMain.run(Array(CommandLine.arguments.dropFirst()))
