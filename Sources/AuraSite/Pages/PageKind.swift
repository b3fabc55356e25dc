/// What a page is: its name (`page.kind`, which templates and styles key on), the template
/// that renders it, and the name its view model has in that template's context.
public struct PageKind: Sendable {
    let name: String
    let template: String
    let key: String

    private init(name: String, template: String, key: String) {
        self.name = name
        self.template = template
        self.key = key
    }

    /// A page rendered by `pages/<name>`, its view model under `name`.
    public init(_ name: String) {
        self.init(name: name, template: "pages/" + name, key: name)
    }

    static let landing = PageKind("landing")
    static let design = PageKind("design")
    static let offline = PageKind("offline")
    static let notFound = PageKind(name: "not-found", template: "pages/404", key: "notFound")
    /// The culture index and every kind and tag page.
    static let cultureList = PageKind(name: "culture", template: "pages/culture-list", key: "culture")
    static let cultureEntry = PageKind(name: "culture-entry", template: "pages/culture-entry", key: "entry")
    static let dashboard = PageKind("dashboard")
    static let planner = PageKind("planner")
    static let reflections = PageKind("reflections")
    static let week = PageKind("week")
    static let focus = PageKind("focus")
    static let notifications = PageKind("notifications")
    static let schedule = PageKind("schedule")
    /// The page a private static build unlocks its personal pages on (`/login/`).
    static let unlock = PageKind("unlock")
    /// A page of the documentation section.
    static let docs = PageKind("docs")
}
