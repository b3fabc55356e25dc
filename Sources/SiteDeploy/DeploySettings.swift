import Diagnostics
import Foundation
import SiteEngine

/// Where `aura deploy` publishes the built site (`deploy:` in `site.yml`): named targets, the
/// default one, whether the personal pages go too, and header rules. Credentials never come
/// from here; the store's keys are read from the environment or `~/.aws/credentials`.
package struct DeploySettings: Sendable, Equatable {
    /// One target by name: `url` (`s3://bucket/folder`, a folder, `user@host:path`,
    /// `rsync://…`), and for an object store its `endpoint` and `region`.
    package struct Target: Sendable, Equatable {
        package let name: String
        package let target: DeployTarget
    }

    package var targets: [Target] = []
    /// The target `aura deploy` uses when given none: `default:`, else the first.
    package var defaultTarget: String?
    /// Whether the personal pages (`PersonalPaths`), sealed or not, are deployed too
    /// (`personal: true`); by default they stay off every target.
    package var personal = false
    /// `headers:`, in order; the first whose glob matches a file sets its headers.
    package var rules: [HeaderRule] = []

    package init() {}

    /// Whether the file at `path` (under the site root) is deployed: not the output folder's own
    /// README.md, and a file the site says `isPersonal` only when `personal` allows it.
    package func deploys(_ path: String, isPersonal: (String) -> Bool) -> Bool {
        guard path != "README.md" else { return false }
        return personal || !isPersonal(path)
    }

    /// The target named `name`, or the default when `name` is nil.
    package func target(named name: String?) -> Target? {
        guard let name = name ?? defaultTarget ?? targets.first?.name else { return nil }
        return targets.first { $0.name == name }
    }
}

extension DeploySettings {
    /// The `deploy:` section of `file`; none when it has none.
    package init(_ file: SettingsFile) throws(SourceError) {
        guard let deploy = try file.fields.mapping("deploy") else { return }
        try deploy.rejectUnknownKeys(allowed: ["targets", "default", "personal", "headers"])
        var settings = DeploySettings()
        for target in try deploy.mappings("targets") ?? [] {
            try target.rejectUnknownKeys(allowed: ["name", "url", "endpoint", "region"])
            let name = try target.requiredString("name")
            guard !settings.targets.contains(where: { $0.name == name }) else {
                throw target.error(
                    "a second target named '\(name)'; each target needs a name of its own",
                    at: target.node["name"]!)
            }
            let urlNode = try target.present("url", required: true)!
            var parsed: DeployTarget
            switch DeployTarget.parse(try target.requiredString("url")) {
            case .success(let value): parsed = value
            case .failure(let error): throw target.error(error.description, at: urlNode)
            }
            let endpoint = try target.string("endpoint")
            let region = try target.string("region")
            if case .objectStore(var location) = parsed {
                if let endpoint {
                    guard let url = ObjectStoreLocation.endpoint(endpoint) else {
                        throw target.error(
                            "'\(endpoint)' is not an endpoint; expected an address such as https://s3.example.org",
                            at: target.node["endpoint"]!)
                    }
                    location.endpoint = url
                }
                location.region = region
                parsed = .objectStore(location)
            } else if let key = ["endpoint", "region"].first(where: { target.node[$0] != nil }) {
                throw target.error("'\(key)' is for an s3:// target only", at: target.node[key]!)
            }
            settings.targets.append(DeploySettings.Target(name: name, target: parsed))
        }
        if let name = try deploy.string("default") {
            guard settings.targets.contains(where: { $0.name == name }) else {
                throw deploy.error("no target is named '\(name)'", at: deploy.node["default"]!)
            }
            settings.defaultTarget = name
        }
        if let node = deploy.node["personal"] {
            guard case .scalar(let text, true, _) = node, ["true", "false"].contains(text) else {
                throw deploy.error("expected true or false for 'personal'", at: node)
            }
            settings.personal = text == "true"
        }
        for rule in try deploy.mappings("headers") ?? [] {
            try rule.rejectUnknownKeys(allowed: ["pattern", "cache_control", "content_type"])
            var values: [String: String] = [:]
            for key in ["pattern", "cache_control", "content_type"] {
                guard let value = try rule.string(key, required: key == "pattern") else { continue }
                guard !value.isEmpty, !value.contains(where: { $0.isNewline || $0 == "\0" }) else {
                    throw rule.error("'\(key)' is one line of text", at: rule.node[key]!)
                }
                values[key] = value
            }
            settings.rules.append(
                HeaderRule(
                    pattern: values["pattern"]!, cacheControl: values["cache_control"],
                    contentType: values["content_type"]))
        }
        self = settings
    }
}
