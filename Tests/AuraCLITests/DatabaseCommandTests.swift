import AuraServer
import AuraTestSupport
import Foundation
import Testing

/// `aura db` against the PostgreSQL `make test-swift` starts (pg_virtualenv's environment):
/// a new database is migrated once and then found current; a wrong address or password is one
/// line naming what failed, never a crash.
@Suite struct DatabaseCommandTests {
    /// The test cluster's address as a URL, with a database of its own made for the test.
    private func freshDatabase() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        guard let host = environment["PGHOST"], let port = environment["PGPORT"], let user = environment["PGUSER"],
            let password = environment["PGPASSWORD"]
        else {
            throw CLITestError.noDatabase
        }
        let name = "aura_cli_\(UInt32.random(in: 0...UInt32.max))"
        let created = try runProgram("psql", ["-q", "-c", "CREATE DATABASE \(name)"])
        #expect(created.status == 0, "\(created.output)")
        return "postgres://\(user):\(password)@\(host):\(port)/\(name)"
    }

    enum CLITestError: Error, CustomStringConvertible {
        case noDatabase
        var description: String { "no PostgreSQL to test against: run the tests inside pg_virtualenv" }
    }

    @Test func migrateBringsANewDatabaseToTheSchemaOnceAndStatusSaysSo() async throws {
        let url = try freshDatabase()
        let before = await aura(["db", "status", "--database", url])
        #expect(before.status == 1 && before.err.contains("run 'aura db migrate --database URL' first"), "\(before)")
        let first = await aura(["db", "migrate", "--database", url])
        #expect(first.status == 0 && first.out.contains("Migrated the schema from version 0 to"), "\(first)")
        #expect(first.err.isEmpty, "the server's notices stay off the terminal: \(first.err)")
        let again = await aura(["db", "migrate", "--database", url])
        #expect(again.status == 0 && again.out.contains("nothing to do"), "\(again)")
        let after = await aura(["db", "status", "--database", url])
        #expect(after.status == 0 && after.out.contains("as this aura needs"), "\(after)")
    }

    @Test func aWrongAddressIsOneLineAndAFailure() async throws {
        let refused = await aura(["db", "migrate", "--database", "postgres://nobody@127.0.0.1:1/none"])
        #expect(refused.status == 1 && refused.err.hasPrefix("error: cannot connect to PostgreSQL:"), "\(refused)")
        let notPostgres = await aura(["db", "migrate", "--database", "sqlite:.aura/aura.sqlite3"])
        #expect(notPostgres.status == 2 && notPostgres.err.contains("is not a PostgreSQL address"), "\(notPostgres)")
        let missing = await aura(["db", "migrate"])
        #expect(missing.status == 2 && missing.err.contains("expected --database"), "\(missing)")
    }

    /// A household's accounts and planners into the database and back: the owner's
    /// `Content/planner/` files come back the same, someone without a planner yet is moved
    /// too, and each person signs in with their password after.
    @Test func importThenExportGivesBackTheSameFiles() async throws {
        let url = try freshDatabase()
        let sandbox = try Sandbox(inbox: "call Sam 20m\npay rent friday\n# later\n")
        #expect(await sandbox.run("plan").status == 0)
        #expect(await sandbox.run("add", "buy milk").status == 0)
        let accounts = try Accounts(path: ServerState(sandbox.url(".aura")).accountsDatabase)
        for name in ["sam", "bo"] {
            try accounts.setPassword(
                name: name, password: "correct horse battery staple", replacing: false, now: Sandbox.now)
        }
        let files = ["tasks.json", "plan.json", "inbox.md"].map { "Content/planner/" + $0 }
        let before = try files.map { try sandbox.read($0) }

        let notMigrated = await sandbox.run("db", "import", "--database", url)
        #expect(notMigrated.status == 1 && notMigrated.err.contains("aura db migrate"), "\(notMigrated)")
        #expect(await sandbox.run("db", "migrate", "--database", url).status == 0)
        let imported = await sandbox.run("db", "import", "--database", url)
        #expect(imported.status == 0 && imported.out.contains("planners of 2 people"), "\(imported)")
        for file in files { try FileManager.default.removeItem(at: sandbox.url(file)) }
        try FileManager.default.removeItem(at: sandbox.url(".aura"))
        let exported = await sandbox.run("db", "export", "--database", url)
        #expect(exported.status == 0, "\(exported)")
        #expect(try files.map { try sandbox.read($0) } == before)
        let back = try Accounts(path: ServerState(sandbox.url(".aura")).accountsDatabase)
        #expect(try back.names() == ["bo", "sam"])
        let signIn = try back.signIn(
            name: "Sam", password: "correct horse battery staple", address: "test", now: Sandbox.now)
        #expect((try? signIn.get()) != nil, "the password came back with its person")

        // The command line acts on a person's planner in the database as on a folder.
        let added = await sandbox.run("add", "zzcli buy stamps 10m", "--user", "bo", "--database", url)
        #expect(added.status == 0, "\(added)")
        let planned = await sandbox.run("plan", "--user", "bo", "--database", url, "--date", "2026-12-07")
        #expect(planned.status == 0 && planned.out.contains("database:person/"), "\(planned)")
        let done = await sandbox.run("done", "t1", "--user", "bo", "--database", url, "--date", "2026-12-07")
        #expect(done.status == 0, "\(done)")
        let day = await sandbox.run("day", "2026-12-07", "--user", "bo", "--database", url)
        #expect(day.status == 0 && day.out.contains("zzcli buy stamps"), "\(day)")
        #expect(try files.map { try sandbox.read($0) } == before, "the owner's folder is not bo's planner")
        let nobody = await sandbox.run("done", "t1", "--user", "cy", "--database", url)
        #expect(nobody.status == 2 && nobody.err.contains("no one is called 'cy'"), "\(nobody)")
        let whose = await sandbox.run("done", "t1", "--database", url)
        #expect(whose.status == 2 && whose.err.contains("--database needs --user NAME"), "\(whose)")
        let both = await sandbox.run("done", "t1", "--user", "bo", "--store", "tasks.json")
        #expect(both.status == 2 && both.err.contains("--store names a file"), "\(both)")

        let noHousehold = await sandbox.run("db", "import", "--database", url, "--state", "elsewhere")
        #expect(noHousehold.status == 2 && noHousehold.err.contains("no household server at"), "\(noHousehold)")
        #expect(!sandbox.exists("elsewhere"), "a mistyped --state makes no database")
    }
}
