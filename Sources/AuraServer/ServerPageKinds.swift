import AuraSite

/// The pages only `aura serve` renders, with the theme's `pages/<name>` templates.
extension PageKind {
    /// Where a visitor signs in.
    static let signIn = PageKind("login")
    /// Joining, the terms, recovering a forgotten password, and the person's account.
    static let signUp = PageKind("signup")
    static let terms = PageKind("terms")
    static let forgot = PageKind("forgot")
    static let reset = PageKind("reset")
    static let account = PageKind("account")
    /// One task, with the forms that change it (`/tasks/<id>/`).
    static let task = PageKind("task")
}
