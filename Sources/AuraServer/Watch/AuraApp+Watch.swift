import Foundation

/// `--watch`: an edit under `Content/` or `Templates/` builds the site again; open pages reload,
/// or show the broken build's problems while the last good site is still served.
extension AuraApp {
    func startWatching() {
        let folders = [configuration.build.contentDirectory, configuration.build.templatesDirectory]
        watcher.withLock { watcher in
            watcher = SourceWatcher(folders: folders) { [weak self] in
                guard let self else { return }
                // A failed build is reported to the open pages by `rebuilt`; it never throws here.
                _ = try? rebuilt(always: true)
                publisher?.request()
            }
        }
    }

    /// Stops watching and fetching calendars, and ends the open reload streams, before the
    /// server stops.
    public func stop() {
        pushScheduler.withLock { scheduler in
            scheduler?.stop()
            scheduler = nil
        }
        calendarRefresh.withLock { refresh in
            refresh?.stop()
            refresh = nil
        }
        reflows.withLock { reflows in
            reflows?.stop()
            reflows = nil
        }
        watcher.withLock { watcher in
            watcher?.stop()
            watcher = nil
        }
        liveReload?.events.closeAll()
    }
}
