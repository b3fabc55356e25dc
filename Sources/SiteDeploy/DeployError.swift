import Diagnostics

/// Why a deploy stopped: one line that names the file or the target, safe to print (control
/// characters escaped) and never holding a credential.
package struct DeployError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String

    package init(_ message: String) {
        description = terminalText(message)
    }
}
