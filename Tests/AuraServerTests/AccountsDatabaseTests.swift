import AuraPlanner
import AuraPostgres
import AuraSQL
import AuraTestSupport
import Foundation
import Testing

@testable import AuraServer

/// The accounts behave the same on the household's SQLite file and on the PostgreSQL database
/// replicas share: the same statements, the same answers, and the steps that must happen once
/// (a reminder's claim, a link's use, the later of two reflections) decided in one statement.
@Suite struct AccountsDatabaseTests {
    enum Engine: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }

        func accounts() throws -> Accounts {
            switch self {
            case .sqlite:
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aura-accounts-\(UUID())")
                return try Accounts(path: folder.appendingPathComponent("aura.sqlite3"))
            case .postgres:
                return try Accounts(database: try TestDatabase.fresh())
            }
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let password = "a long and unusual passphrase"

    /// Names match without regard to case; the right password opens a session that reads back,
    /// a wrong one does not; signing out ends it.
    @Test(arguments: Engine.allCases) func peopleAndSessions(engine: Engine) throws {
        let accounts = try engine.accounts()
        try accounts.setPassword(name: "Ann", password: Self.password, replacing: false, now: Self.now)
        #expect(throws: Accounts.AccountError.self) {
            try accounts.setPassword(name: "ann", password: Self.password, replacing: false, now: Self.now)
        }
        try accounts.setPassword(name: "Bo", password: Self.password, replacing: false, now: Self.now)
        #expect(try accounts.names() == ["Ann", "Bo"])
        #expect(try accounts.people().map(\.isOwner) == [true, false])
        let wrong = try accounts.signIn(name: "ann", password: "not the password", address: "a", now: Self.now)
        guard case .failure(.mismatch) = wrong else {
            Issue.record("a wrong password: \(wrong)")
            return
        }
        let opened = try accounts.signIn(name: "ANN", password: Self.password, address: "a", now: Self.now).get()
        let session = try #require(try accounts.session(token: opened.token, now: Self.now))
        #expect(session.name == "Ann" && session.isOwner && session.hasNotice)
        #expect(try accounts.takeNotice(token: opened.token) != nil, "one failed sign-in is told of")
        try accounts.signOut(token: opened.token)
        #expect(try accounts.session(token: opened.token, now: Self.now) == nil)
    }

    /// After the free failures from one address, the next sign-in waits, even with the right
    /// password.
    /// Replicas that listen keep the sessions they checked, and drop them when one ends or
    /// changes anywhere: through the replica itself at once, through another once it is heard.
    @Test func aSessionEndedThroughAnyReplicaEndsOnAnotherThatKeptIt() throws {
        let database = try TestDatabase.fresh()
        let other = try PostgresDatabase(database.conninfo)
        for listening in [database, other] { _ = DatabaseChanges(listening) }
        let first = try Accounts(database: database)
        let second = try Accounts(database: other)
        try first.setPassword(name: "Ann", password: Self.password, replacing: false, now: Self.now)
        func signedIn() throws -> String {
            guard
                case .success(let opened) = try first.signIn(
                    name: "Ann", password: Self.password, address: "192.0.2.1", now: Self.now)
            else { throw Accounts.AccountError(description: "Ann could not sign in") }
            return opened.token
        }
        let here = try signedIn()
        let there = try signedIn()
        for _ in 0..<2 {
            #expect(try second.session(token: here, now: Self.now)?.name == "Ann")
            #expect(try second.session(token: there, now: Self.now)?.name == "Ann")
        }
        try second.signOut(token: here)
        #expect(try second.session(token: here, now: Self.now) == nil, "ended through this replica: at once")
        try first.signOut(token: there)
        let deadline = Date().addingTimeInterval(30)
        while try second.session(token: there, now: Self.now) != nil, Date() < deadline { usleep(2_000) }
        #expect(try second.session(token: there, now: Self.now) == nil, "ended through another: once heard")
        #expect(try first.session(token: there, now: Self.now) == nil)
    }

    @Test(arguments: Engine.allCases) func failuresAreThrottled(engine: Engine) throws {
        let accounts = try engine.accounts()
        try accounts.setPassword(name: "Ann", password: Self.password, replacing: false, now: Self.now)
        for _ in 0..<Accounts.failuresPerNameAndAddress {
            _ = try accounts.signIn(name: "Ann", password: "wrong", address: "b", now: Self.now)
        }
        let answer = try accounts.signIn(name: "Ann", password: Self.password, address: "b", now: Self.now)
        guard case .failure(.throttled(let wait)) = answer else {
            Issue.record("expected a wait, got \(answer)")
            return
        }
        #expect(wait > 0)
    }

    /// A reminder is claimed by one server; another asking within the claim's life is told to
    /// wait, and after it may take it over; once sent, it is never claimed again.
    @Test(arguments: Engine.allCases) func aReminderIsClaimedOnce(engine: Engine) throws {
        let accounts = try engine.accounts()
        try accounts.setPassword(name: "Ann", password: Self.password, replacing: false, now: Self.now)
        let ann = try #require(try accounts.people().first)
        let fire = Self.now
        #expect(try accounts.claimPush("n1", fire: fire, of: ann.id, now: Self.now) == .claimed)
        #expect(try accounts.claimPush("n1", fire: fire, of: ann.id, now: Self.now + 10) == .heldElsewhere)
        let later = Self.now + Accounts.claimLifetime
        #expect(try accounts.claimPush("n1", fire: fire, of: ann.id, now: later) == .claimed)
        try accounts.notePushSent("n1", fire: fire, of: ann.id)
        #expect(try accounts.claimPush("n1", fire: fire, of: ann.id, now: later + 60) == .sent)
        #expect(try accounts.claimPush("n1", fire: fire + 60, of: ann.id, now: later) == .claimed, "a moved trigger")
    }

    /// Of two reflections, the one changed later is kept, whichever arrives last; an
    /// invitation is used once.
    @Test(arguments: Engine.allCases) func laterChangesAndSingleUses(engine: Engine) throws {
        let accounts = try engine.accounts()
        try accounts.setPassword(name: "Ann", password: Self.password, replacing: false, now: Self.now)
        let ann = try #require(try accounts.people().first)
        let day = try #require(LocalDate(iso: "2027-01-04"))
        #expect(try accounts.saveReflection("later", day: day, part: .morning, of: ann.id, at: 20))
        #expect(!(try accounts.saveReflection("earlier", day: day, part: .morning, of: ann.id, at: 10)))
        #expect(try accounts.reflections(of: ann.id).first?[.morning] == "later")
        let invitation = try accounts.invite(now: Self.now)
        let first = try accounts.signUp(
            name: "Cy", fullName: "", password: Self.password, invitation: invitation, address: "c", now: Self.now)
        #expect((try? first.get()) != nil)
        let second = try accounts.signUp(
            name: "Di", fullName: "", password: Self.password, invitation: invitation, address: "d", now: Self.now)
        #expect(second == .failure(.invitationNotOpen))
        #expect(try accounts.names() == ["Ann", "Cy"])
    }

    /// A database an earlier Aura migrated (schema 1: planners only) is brought forward with its
    /// rows kept, and a replica checks the schema before it starts.
    @Test func anOlderSchemaIsMigratedForwardWithItsDataKept() throws {
        let name = "aura_old_\(UInt32.random(in: 0...UInt32.max))"
        try TestDatabase.shared.get().withConnection { _ = try $0.execute("CREATE DATABASE \(name)") }
        let database = try PostgresDatabase(try TestDatabase.conninfo(name: name))
        #expect(try DatabaseSchema.migrate(database, to: 1) == (0, 1))
        #expect(throws: PostgresError.self) { try DatabaseSchema.check(database) }
        try database.withConnection { connection in
            _ = try connection.execute(
                "INSERT INTO aura_planners (person, generation, inbox) VALUES (7, 3, ?)", [.text("call Sam\n")])
        }
        #expect(try DatabaseSchema.migrate(database) == (1, DatabaseSchema.current))
        try DatabaseSchema.check(database)
        let kept = try database.withConnection { try $0.execute("SELECT generation, inbox FROM aura_planners") }
        #expect(kept == [[.integer(3), .text("call Sam\n")]])
        let accounts = try Accounts(database: database)
        try accounts.setPassword(name: "Ann", password: Self.password, replacing: false, now: Self.now)
        #expect(try accounts.names() == ["Ann"])
    }
}
