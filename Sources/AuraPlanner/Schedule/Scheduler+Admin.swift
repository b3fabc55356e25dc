/// Admin & Logistics: rapid-fire windows of 15–30 minutes in the smallest gaps.
extension Scheduler {
    /// Groups Admin tasks, best-ranked first, into windows of 15–30 minutes placed in the
    /// smallest gaps that hold them, keeping long gaps for deep work. A task that would pass
    /// the load limit waits until the groups are placed (one that does not fit may free room),
    /// so "would overcommit the day" is said only of a task that really would.
    func placeAdmin(_ tasks: [SchedulableTask], in day: inout DayState) {
        var windows: [[SchedulableTask]] = []
        var waiting: [SchedulableTask] = []
        var grouped = 0
        for task in tasks {
            guard task.minutes <= adminWindow.upperBound else {
                day.defer(
                    task,
                    "longer than an admin window (\(durationText(adminWindow.upperBound))): split it, or tag it #deep for a focus block"
                )
                continue
            }
            guard day.fitsLoad(grouped + task.minutes) else {
                waiting.append(task)
                continue
            }
            grouped += task.minutes
            if let index = windows.firstIndex(where: {
                $0.minutes + task.minutes <= adminWindow.upperBound && $0[0].partOfDay == task.partOfDay
            }) {
                windows[index].append(task)
            } else {
                windows.append([task])
            }
        }
        for window in windows { placeAdminWindow(window, in: &day) }
        for task in waiting {
            guard day.fitsLoad(task.minutes) else {
                day.defer(task, day.overcommitReason)
                continue
            }
            placeAdminWindow([task], in: &day)
        }
    }

    /// Places an admin group in the smallest gap that holds it. A group no gap holds falls back
    /// to smaller windows: best-ranked first, each task leads a window in the smallest gap that
    /// holds it, joined by the tasks after it that still fit there.
    private func placeAdminWindow(_ group: [SchedulableTask], in day: inout DayState) {
        func length(_ tasks: [SchedulableTask]) -> Int { max(adminWindow.lowerBound, tasks.minutes) }
        var groupBounds = bounds(for: group[0])
        groupBounds.notBefore = group.compactMap(\.notBefore).max()
        if let start = day.start(for: length(group), within: groupBounds, preferring: .smallestGap) {
            return day.add(
                Schedule.Block(
                    span: MinuteSpan(start: start, end: start + length(group)), category: .admin,
                    tasks: group, isFixed: false))
        }
        var remaining = group[...]
        while let lead = remaining.popFirst() {
            let need = length([lead])
            guard
                let gap = day.gaps(bounds(for: lead)).filter({ $0.length >= need })
                    .min(by: { ($0.length, $0.start) < ($1.length, $1.start) })
            else {
                day.defer(lead, "no free \(need)-minute window left for admin" + bounds(for: lead).partText)
                continue
            }
            var window = [lead]
            for task in remaining
            where window.minutes + task.minutes <= min(gap.length, adminWindow.upperBound)
                && (task.notBefore ?? 0) <= gap.start
            {
                window.append(task)
            }
            remaining.removeAll { task in window.contains { $0.id == task.id } }
            day.add(
                Schedule.Block(
                    span: MinuteSpan(start: gap.start, end: gap.start + length(window)), category: .admin,
                    tasks: window, isFixed: false))
        }
    }

    /// Places the day's best-ranked task, an Admin one, in the earliest gap that holds it, with
    /// the Admin tasks after it that still fit its window; returns the tasks placed (none when it
    /// fits nowhere or is too long: `placeAdmin` then says why).
    func placeTopAdmin(_ top: SchedulableTask, with others: ArraySlice<SchedulableTask>, in day: inout DayState)
        -> [SchedulableTask]
    {
        let need = max(adminWindow.lowerBound, top.minutes)
        guard top.minutes <= adminWindow.upperBound, day.fitsLoad(top.minutes),
            let gap = day.gaps(bounds(for: top)).first(where: { $0.length >= need })
        else { return [] }
        var window = [top]
        for task in others
        where task.partOfDay == top.partOfDay && (task.notBefore ?? 0) <= gap.start
            && window.minutes + task.minutes <= min(gap.length, adminWindow.upperBound)
            && day.fitsLoad(window.minutes + task.minutes)
        {
            window.append(task)
        }
        day.add(
            Schedule.Block(
                span: MinuteSpan(start: gap.start, end: gap.start + max(adminWindow.lowerBound, window.minutes)),
                category: .admin, tasks: window, isFixed: false))
        return window
    }
}
