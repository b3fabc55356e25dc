import Foundation

/// A place a site is deployed to, as `Deployer` drives it. Every method fails with a
/// `DeployError` that names the file or the target.
package protocol DeployStore: Sendable {
    /// The stored manifest's bytes, or nil when the target holds none (a first deploy). The
    /// first request of every deploy: wrong credentials, a missing bucket or a target out of
    /// reach fail here, before anything changed.
    func readManifest() throws(DeployError) -> Data?
    /// Sends `uploads` (one phase of the plan) from the site folder `root`; `sent` is called
    /// once per file that arrived, from any thread.
    func send(_ uploads: [DeployPlan.Upload], from root: URL, sent: @escaping @Sendable (DeployPlan.Upload) -> Void)
        throws(DeployError)
    /// Deletes the files at `paths` (under the site root) from the target.
    func delete(_ paths: [String]) throws(DeployError)
    /// Stores the manifest, the last step of a deploy.
    func writeManifest(_ data: Data) throws(DeployError)
}
