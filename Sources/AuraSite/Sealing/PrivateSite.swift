/// What a private build changes in the pages around the sealed ones.
struct PrivateSite: Sendable {
    /// The secret address of the calendar of every planned day (`PrivateSealer.calendarPath`).
    let calendarPath: String
    /// The header's destinations on public pages: Unlock in place of the personal pages.
    let navigation: [(title: String, path: String)]

    /// The folder the secret calendar addresses are under, kept out of search engines.
    static let calendarFolder = "calendar/"

    /// `full` with its personal destinations replaced by one Unlock entry where the first was.
    static func navigation(from full: [(title: String, path: String)]) -> [(title: String, path: String)] {
        var result: [(title: String, path: String)] = []
        for entry in full {
            if !PersonalPaths.contains(String(entry.path.dropFirst())) {
                result.append(entry)
            } else if !result.contains(where: { $0.path == "/login/" }) {
                result.append((title: "Unlock", path: "/login/"))
            }
        }
        return result
    }
}
