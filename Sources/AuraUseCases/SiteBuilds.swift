import AuraPlanner
import AuraSite
import Dispatch
import Foundation
import SiteEngine
import Synchronization

/// Builds a site whose content folder holds a planner from the planner read as one value
/// (`PlannerStore.read`): a build never shows the store of one plan beside the `plan.json` of
/// another, and never holds a writer up while it renders. The one way `aura build`, `aura plan
/// --build`, cron and the server build.
public enum SiteBuilds {
    /// Builds the site `options` name. `onWait` hears once if a writer of the planner holds the
    /// read up for a second; `progress` and `waiting` are `SiteBuilder.build`'s.
    public static func build(
        _ options: BuildOptions, onWait: @escaping @Sendable () -> Void = {},
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
        waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> BuildReport {
        var options = options
        options.planner = try PlannerFolder(content: options.contentDirectory).read(onWait: onWait)
        return try await SiteBuilder(options: options).build(progress: progress, waiting: waiting)
    }

    /// `build`, run to completion from a thread that is not part of Swift's concurrency pool
    /// (a server thread), which may wait for it.
    @discardableResult
    public static func buildWaiting(_ options: BuildOptions) throws -> BuildReport {
        try waiting { try await build(options) }
    }

    /// The site `options` name built in memory for a server (`SiteBuilder.buildServed`) from
    /// `planner`, a person's planner as their store gave it; `site.yml` is the one
    /// `SiteConfiguration.current` holds.
    public static func buildServed(_ options: BuildOptions, planner: PlannerState, previous: ServedSite?)
        async throws -> ServedSite
    {
        var options = options
        options.configuration = try SiteConfiguration.current(in: options.contentDirectory)
        options.planner = planner
        return try await SiteBuilder(options: options).buildServed(previous: previous)
    }

    /// `buildServed`, from a thread outside Swift's concurrency pool (a server thread).
    public static func buildServedWaiting(_ options: BuildOptions, planner: PlannerState, previous: ServedSite?)
        throws -> ServedSite
    {
        try waiting { try await buildServed(options, planner: planner, previous: previous) }
    }

    /// The served site after the planner changed to `planner`: made over `previous`'s build
    /// when nothing else changed that its files show (`site.yml`, `ServedSite.replanned`),
    /// else built again (from a server thread, as `buildServedWaiting`).
    public static func servedReplanned(_ options: BuildOptions, planner: PlannerState, previous: ServedSite)
        throws -> ServedSite
    {
        if previous.configuration == (try SiteConfiguration.current(in: options.contentDirectory)),
            let site = try previous.replanned(planner)
        {
            return site
        }
        return try buildServedWaiting(options, planner: planner, previous: previous)
    }

    /// What `work` returns, awaited from a thread that is not part of Swift's concurrency pool.
    private static func waiting<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws
        -> Value
    {
        let outcome = Mutex<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                let value = try await work()
                outcome.withLock { $0 = .success(value) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0 }!.get()
    }
}
