import Foundation
import SiteEngine

extension BuildState {
    /// What a build without `private:` says of the personal pages.
    static let publicPagesNotice =
        "personal pages are public: anyone who knows their addresses can read them (set private: passphrase_env: in site.yml to encrypt them)"

    /// With `site.yml`'s `private:`, derives the key from the passphrase in the environment
    /// (keeping the previous build's salt when the passphrase still opens it); without it, a
    /// notice says that the personal pages are public.
    mutating func derivePrivateKey() throws {
        let configuration = try require(\.configuration)
        guard let variable = configuration.privatePassphraseEnv else {
            notices.append(Self.publicPagesNotice)
            return
        }
        // Checking and `aura serve` write no sealed files and need no passphrase.
        guard case .build = mode else { return }
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
        sealer = PrivateSealer(header: header, key: key, previous: previous)
        // The address itself is not printed: build logs (CI, cron mail) are often less private than the site.
        notices.append(
            "the calendar feed is protected by its address alone: anyone who has it can read the feed (find it on the unlocked notifications page; a new passphrase moves it)"
        )
    }

    /// Every personal file from here on is sealed on its way into the output
    /// (`PrivateSealer`); `/private.json` and the unlock page are written.
    mutating func sealPersonalFiles() throws {
        guard let sealer, let output else { return }
        let unlock = try UnlockPage.page(factory: require(\.factory))
        let shell = Data(
            try SiteBuilder.render(
                unlock, with: require(\.theme).templates, templatesDirectory: options.templatesDirectory
            ).utf8)
        try write(try sealer.header.json(), to: PrivateHeader.path)
        try write(shell, to: unlock.outputFile)
        self.output = sealer.sealing(output, shell: shell)
    }
}
