import AuraPlanner
import Foundation
import Platform

/// Lines given to capture of which some do not read; nothing of them was kept.
public struct UnreadLines: Error, Sendable {
    /// Each line that does not read: its index among the lines given, and why.
    public let problems: [(index: Int, error: CaptureError)]
}

extension PlannerFolder {
    /// Quick capture: reads every one of `lines`, then appends them all to the inbox in one
    /// write under the lock, for the next Plan My Day. Returns the items each reads as. When any
    /// line does not read, the error is `UnreadLines` naming each such line and its column, and
    /// the inbox is left as it was. `now` is what `in an hour` counts from in the items returned.
    public func capture(
        _ lines: [String], today: LocalDate, now: ClockTime? = nil, onWait: @escaping @Sendable () -> Void
    ) throws -> [[CapturedItem]] {
        let items = try read(lines, today: today, now: now)
        guard !lines.isEmpty else { return [] }
        let held = try lock(exclusive: true, onWait: onWait)
        defer { held?.release() }
        try AtomicFile.write(Data(Inbox.appending(lines, to: try text(of: inbox) ?? "").utf8), to: inbox.url)
        return items
    }

    /// The items each of `lines` reads as, keeping nothing; `UnreadLines` names every line that
    /// does not read.
    public func read(_ lines: [String], today: LocalDate, now: ClockTime? = nil) throws -> [[CapturedItem]] {
        // A folder without `site.yml` captures by the default conventions.
        let parser = CaptureParser(today: today, now: now, settings: (try? settings().capture) ?? CaptureSettings())
        var items: [[CapturedItem]] = []
        var problems: [(index: Int, error: CaptureError)] = []
        for (index, line) in lines.enumerated() {
            do throws(CaptureError) {
                items.append(try parser.parse(line))
            } catch {
                problems.append((index, error))
            }
        }
        guard problems.isEmpty else { throw UnreadLines(problems: problems) }
        return items
    }
}
