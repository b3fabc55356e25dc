import AuraPlanner

/// A day plan as the terminal shows it: a header with the load, one row per block and
/// calendar event in time order, then the Later lane with its reasons.
struct PlanText {
    let plan: DayPlan
    static let titleWidth = 42

    init(_ plan: DayPlan) {
        self.plan = plan
    }

    var rendered: String {
        var lines = [header, load] + (leaders.map { [$0] } ?? []) + [""]
        let entries =
            plan.blocks.map { (start: $0.span.start, lines: rows(for: $0)) }
            + plan.busy.map {
                (
                    start: $0.span.start,
                    lines: [row(span: $0.span, emoji: "📅", title: $0.title, minutes: nil, note: "calendar")]
                )
            }
        for entry in entries.sorted(by: { $0.start < $1.start }) { lines += entry.lines }
        if plan.blocks.isEmpty { lines.append("  Nothing to schedule today.") }
        if !plan.later.isEmpty {
            lines += ["", "Later"]
            lines += plan.later.map { "  \($0.id.padding(4))  \($0.category.emoji)  \($0.title) — \($0.reason)" }
        }
        return lines.joined(separator: "\n")
    }

    private var header: String {
        let date = plan.date
        return
            "Plan My Day · \(date.weekday.name) \(date.day) \(LocalDate.monthNames[date.month - 1]) \(date.year) · \(plan.timeZone.identifier) · "
            + "\(ClockTime.format(plan.window.start))–\(ClockTime.format(plan.window.end))"
    }

    private var load: String {
        "\(Self.freeTimeText(plan.capacityMinutes)) · \(durationText(plan.loadMinutes)) planned of \(durationText(plan.capacityMinutes)) free"
    }

    /// The #1, or the tasks that share the top when the ranking is not confident.
    private var leaders: String? {
        let top = plan.topTasks.map { "“\($0.title)”" }
        switch top.count {
        case 0: return nil
        case 1: return "#1: \(top[0])"
        default: return "No single #1 today: " + top.joined(separator: " · ")
        }
    }

    /// "about 6½ free hours left", to the nearest half hour.
    static func freeTimeText(_ minutes: Int) -> String {
        if minutes < 60 { return "About \(minutes) free minutes left" }
        let halves = (minutes + 15) / 30
        let hours = "\(halves / 2)\(halves % 2 == 1 ? "½" : "")"
        return "About \(hours) free hour\(halves == 2 ? "" : "s") left"
    }

    private func rows(for block: DayPlan.Block) -> [String] {
        let note =
            block.focusMode.rawValue
            + (block.conflict.map { " · clashes with \($0.with)" } ?? (block.isFixed ? " · fixed time" : ""))
        return block.tasks.enumerated().map { index, task in
            index == 0
                ? row(
                    span: block.span, emoji: block.category.emoji, title: task.title, minutes: task.minutes, note: note)
                : row(span: nil, emoji: "", title: task.title, minutes: task.minutes, note: "")
        }
    }

    private func row(span: MinuteSpan?, emoji: String, title: String, minutes: Int?, note: String) -> String {
        let range = span.map { "\(ClockTime.format($0.start))–\(ClockTime.format($0.end))" } ?? ""
        let shown = title.count > Self.titleWidth ? String(title.prefix(Self.titleWidth - 1)) + "…" : title
        // Emoji take two terminal columns; an empty emoji cell is padded to match.
        let duration = minutes.map(durationText) ?? ""
        return
            "  \(range.padding(11))  \(emoji.isEmpty ? "  " : emoji)  \(shown.padding(Self.titleWidth))  \(duration.padding(10))  \(note)"
            .trimmingSuffix(while: { $0 == " " })
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var result = self
        while let last = result.last, predicate(last) { result.removeLast() }
        return result
    }
}
