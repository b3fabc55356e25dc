import AuraPlanner

/// Lines given to capture of which some do not read; nothing of them was kept.
public struct UnreadLines: Error, Sendable {
    /// Each line that does not read: its index among the lines given, and why.
    public let problems: [(index: Int, error: CaptureError)]
}

/// Quick capture: lines a person notes for the next Plan My Day, read first so that none is
/// kept unless every one reads.
public struct QuickCapture: Sendable {
    let planner: any PlannerStore

    public init(planner: any PlannerStore) {
        self.planner = planner
    }

    /// Reads every one of `lines`, then adds them all to the inbox in one change. Returns the
    /// items each reads as. When any line does not read, the error is `UnreadLines` naming each
    /// such line and its column, and the inbox is left as it was. `now` is what `in an hour`
    /// counts from in the items returned.
    public func capture(
        _ lines: [String], today: LocalDate, now: ClockTime? = nil, onWait: @escaping @Sendable () -> Void
    ) throws -> [[CapturedItem]] {
        let items = try read(lines, today: today, now: now)
        guard !lines.isEmpty else { return [] }
        try planner.append(toInbox: lines, onWait: onWait)
        return items
    }

    /// The items each of `lines` reads as, keeping nothing; `UnreadLines` names every line that
    /// does not read.
    public func read(_ lines: [String], today: LocalDate, now: ClockTime? = nil) throws -> [[CapturedItem]] {
        // A content folder without `site.yml` captures by the default conventions.
        let parser = CaptureParser(
            today: today, now: now, settings: (try? planner.settings().capture) ?? CaptureSettings())
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
