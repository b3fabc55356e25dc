import AuraCLI
import Foundation

exit(await AuraTool().run(Array(CommandLine.arguments.dropFirst()), in: .standard))
