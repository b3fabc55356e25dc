/// `/offline/`: what the service worker answers with for a page it does not hold.
struct OfflineViewModel: Encodable, Sendable {
    let dashboardURL: String
    /// Absent until there is a plan, since there is no schedule to go back to.
    let scheduleURL: String?
}
