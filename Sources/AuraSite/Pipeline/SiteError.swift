/// A problem that belongs to no line of a file: the output folder, a missing template.
public struct SiteError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
