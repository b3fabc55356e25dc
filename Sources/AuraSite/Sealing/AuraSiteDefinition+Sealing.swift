import Foundation
import SiteEngine

extension AuraSiteDefinition {
    /// What a build without `private:` says of the personal pages.
    static let publicPagesNotice =
        "personal pages are public: anyone who knows their addresses can read them (set private: passphrase_env: in site.yml to encrypt them)"

    /// With `site.yml`'s `private:`, derives the key from the passphrase in the environment
    /// (keeping the previous build's salt when the passphrase still opens it), which seals
    /// the personal files; without it, a notice says that the personal pages are public.
    func prepare(_ loaded: LoadedSite<Self>, building: Bool, notices: inout [String]) throws -> PrivateSealer? {
        guard let variable = loaded.settings.privatePassphraseEnv else {
            notices.append(Self.publicPagesNotice)
            return nil
        }
        // Checking writes no sealed files and needs no passphrase.
        guard building else { return nil }
        guard let passphrase = options.environment[variable], !passphrase.isEmpty else {
            throw SiteError(
                message:
                    "site.yml asks for private pages but \(variable) is not set; run \(variable)=… aura build, or remove private: from site.yml"
            )
        }
        let fileSystem = options.fileSystem
        let folder = options.outputDirectory
        let previous: @Sendable (String) -> Data? = { path in try? fileSystem.read(folder.appendingPathComponent(path))
        }
        let (header, key) = try PrivateHeader.reusing(
            previous(PrivateHeader.path), passphrase: passphrase,
            iterations: PrivateKey.iterations)
        // The address itself is not printed: build logs (CI, cron mail) are often less private than the site.
        notices.append(
            "the calendar feed is protected by its address alone: anyone who has it can read the feed (find it on the unlocked notifications page; a new passphrase moves it)"
        )
        return PrivateSealer(header: header, key: key, previous: previous)
    }

    /// Every personal file from here on is sealed on its way into the output
    /// (`PrivateSealer`); `/private.json` and the unlock page are written.
    func finish(_ assembled: AssembledSite<Self>, into output: inout BuildOutput) throws {
        guard let sealer = assembled.preparation, let destination = output.output else { return }
        let unlock = try UnlockPage.page(factory: assembled.assembly)
        let shell = try assembled.theme.render(unlock)
        try output.write(try sealer.header.json(), to: PrivateHeader.path)
        try output.write(shell, to: unlock.outputFile)
        output.output = sealer.sealing(destination, shell: shell)
    }

    /// A private site's record leaves out the personal files and the calendar, whose secret
    /// address must not sit in a public file (sealing never reuses them anyway).
    func recordLeavesOut(_ assembled: AssembledSite<Self>) -> (@Sendable (String) -> Bool)? {
        guard assembled.preparation != nil else { return nil }
        return PersonalPaths.holdsTheDay
    }
}
