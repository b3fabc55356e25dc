import AuraHTTP

/// What a page served to a signed-in person knows of them: every form carries `csrf` back.
struct SessionContext: Encodable, Sendable {
    let name: String
    let csrf: String
    let signOutAction: String
    /// A line to show above the page (a problem with what was just sent).
    let notice: String?
    /// What the form that had the problem sent, given back in its field.
    let draft: String?
    /// The change a form just made, which the page offers to undo.
    let undo: UndoOffer?
    /// An id the transport makes anew for every page it sends (`HTTPResponse.freshID`): a form
    /// sent twice is carried out once, and the same page in two tabs is two forms.
    let formID = HTTPResponse.freshID
    /// What the last Plan My Day changed, for the schedule to mark: `<block id>:new` or
    /// `<block id>:moved`, separated by spaces.
    let planChanges: String?
    /// The person's account page (`/account/`).
    let accountURL: String?
    /// The other people signed in on this browser, whom the header's switcher offers.
    let otherProfiles: [String]
    /// Where the switcher posts (`/profiles/switch`), and where another person signs in.
    let switchAction: String?
    let addProfileURL: String?
    /// The person's own reflections, on the reflections page.
    let journal: Journal?
    /// Why this server pushes no reminders (nil when it does), for the notifications page.
    let pushOff: String?

    init(
        name: String, csrf: String, signOutAction: String, notice: String? = nil, draft: String? = nil,
        undo: UndoOffer? = nil, planChanges: String? = nil,
        accountURL: String? = nil, otherProfiles: [String] = [], switchAction: String? = nil,
        addProfileURL: String? = nil, journal: Journal? = nil, pushOff: String? = nil
    ) {
        self.journal = journal
        self.pushOff = pushOff
        self.accountURL = accountURL
        self.otherProfiles = otherProfiles
        self.switchAction = switchAction
        self.addProfileURL = addProfileURL
        self.name = name
        self.csrf = csrf
        self.signOutAction = signOutAction
        self.notice = notice
        self.draft = draft
        self.undo = undo
        self.planChanges = planChanges
    }

    /// The person's own answers for the page's day (its fields and the form that saves them),
    /// and the earlier days', newest first.
    struct Journal: Encodable, Sendable {
        let date: String
        let morning: String
        let evening: String
        let action: String
        /// The form without scripts was just saved.
        let justSaved: Bool
        let earlier: [Entry]
        let hasEarlier: Bool

        struct Entry: Encodable, Sendable {
            let date: String
            let title: String
            let morning: String?
            let evening: String?
        }
    }

    /// A change just made, in words (`Edited “call Sam”`), and the form that undoes it.
    struct UndoOffer: Encodable, Sendable {
        let summary: String
        let action: String
        /// The page the undo comes back to, under the root.
        let then: String
    }
}
