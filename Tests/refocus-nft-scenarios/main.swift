// refocus-nft-scenarios: checks of table inet refocus against the real kernel and nft, and
// scenarios that print facts for the privileged tests to judge. Not a product: under Tests/,
// built by `swift build --build-tests`, run as root inside a test sandbox (Sandbox).
//   refocus-nft-scenarios check | monitor | ownership | persistence | counters | users
ScenarioMain.run(Array(CommandLine.arguments.dropFirst()))
