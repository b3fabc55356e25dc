import Foundation
import SiteEngine

/// `/login/` of a private static build: one passphrase field that unlocks the personal pages
/// in this browser. Every personal address serves the same page until it is unlocked.
enum UnlockPage {
    struct ViewModel: Encodable {
        let headerURL: String
        let dashboardURL: String
    }

    static func page(factory: PageFactory) throws -> Page {
        try factory.page(
            path: "/login/", kind: .unlock, title: "Unlock", description: "Unlock your personal pages on this device.",
            content: ViewModel(headerURL: factory.root + PrivateHeader.path, dashboardURL: factory.root + "dashboard/"),
            inSitemap: false, noindex: true)
    }
}
