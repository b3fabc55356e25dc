/// A problem that belongs to no line of a file: the output folder, a missing template.
package struct SiteError: Error, CustomStringConvertible, Sendable {
    package let message: String
    package var description: String { message }

    package init(message: String) {
        self.message = message
    }
}
