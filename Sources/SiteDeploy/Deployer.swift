import Foundation

/// One deploy of a built site to a store: read the target's manifest, plan, then send the
/// assets, the other files and the pages, delete, and leave the new manifest — or, for a dry
/// run, stop after planning.
package struct Deployer: Sendable {
    package let store: any DeployStore
    /// The built site's folder.
    package let root: URL
    package let rules: [HeaderRule]
    package let maximumDeletions: Int
    package let force: Bool

    package init(store: any DeployStore, root: URL, rules: [HeaderRule], maximumDeletions: Int, force: Bool) {
        self.store = store
        self.root = root
        self.rules = rules
        self.maximumDeletions = maximumDeletions
        self.force = force
    }

    /// The plan for `site` against the target; nothing is changed yet.
    package func plan(_ site: [SiteFile]) throws(DeployError) -> DeployPlan {
        let published = try store.readManifest().map { data throws(DeployError) in
            try DeployManifest.decode(data, source: DeployManifest.name + " on the target")
        }
        return DeployPlan(site: site, published: published, rules: rules)
    }

    /// Carries `plan` out, phase by phase, unless it deletes more than the bound allows (then
    /// nothing changes), and leaves the new manifest when it differs; `sent` is called for
    /// every file that arrived.
    package func run(_ plan: DeployPlan, sent: @escaping @Sendable (DeployPlan.Upload) -> Void) throws(DeployError) {
        try plan.checkDeletions(maximum: maximumDeletions, force: force)
        for phase in DeployPlan.Phase.allCases {
            try store.send(plan.uploads.filter { $0.phase == phase }, from: root, sent: sent)
        }
        try store.delete(plan.deletions)
        if plan.changesManifest { try store.writeManifest(plan.manifest.encoded()) }
    }
}
