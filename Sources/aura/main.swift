import AuraCLI
import Foundation

// Everything aura writes is its owner's alone (state, planner files, their temporary copies)
// unless it is meant to be published: the built site sets its own modes (0644, 0755).
umask(0o077)
exit(await AuraTool().run(Array(CommandLine.arguments.dropFirst()), in: .standard))
