import AuraHTTP

extension AuraApp {
    /// `GET /api/health`, for a load balancer: 200 while this server can answer people, that
    /// is while its accounts database answers; else 503 (`DatabaseUnavailable`), so requests
    /// go to the replicas that can.
    func health() throws -> HTTPResponse {
        try accounts.database.withConnection { _ = try $0.execute("SELECT 1") }
        return .text(200, "ok", headers: [("Cache-Control", "no-store")])
    }
}
