import AuraPlanner
import AuraSite
import Foundation
import Platform

extension PlannerFolder {
    /// Quick capture: checks that `line` reads, then appends it to the inbox under the lock,
    /// for the next Plan My Day. Returns the items it reads as; a line that does not read is a
    /// `CaptureError` with its column, and the inbox is left as it was. `now` is what `in an hour`
    /// counts from in the items returned.
    public func capture(_ line: String, today: LocalDate, now: ClockTime? = nil, onWait: @escaping @Sendable () -> Void)
        throws -> [CapturedItem]
    {
        let items = try CaptureParser(today: today, now: now).parse(line)
        let held = try lock(exclusive: true, onWait: onWait)
        defer { held?.release() }
        let existing = try text(of: inbox) ?? ""
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        try AtomicFile.write(Data((existing + separator + line + "\n").utf8), to: inbox.url)
        return items
    }
}
