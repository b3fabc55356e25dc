/// A problem that belongs to no line of a file: the output folder, a missing template.
struct SiteError: Error, CustomStringConvertible, Sendable {
    let message: String
    var description: String { message }
}
