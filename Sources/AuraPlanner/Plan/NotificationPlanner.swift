import Foundation

/// Words the notifications for a day's blocks and the daily nudge, from the plan's facts.
struct NotificationPlanner {
    static let titleLimit = 40

    let date: LocalDate
    let timeZone: TimeZone
    let window: MinuteSpan

    func notifications(for blocks: [DayPlan.Block], busy: [DayPlan.Busy]) -> [PlannedNotification] {
        let deepMinutes = blocks.filter { $0.category == .deepWork }.reduce(0) { $0 + $1.span.length }
        return blocks.enumerated().map { index, block in
            let previous = neighbour(before: block, blocks: blocks, busy: busy)
            let next = neighbour(after: block, blocks: blocks, busy: busy)
            return PlannedNotification(
                id: "notify-\(block.id)",
                blockId: block.id,
                fireDate: date.date(minutes: block.span.start, in: timeZone),
                title: clipped("\(block.category.emoji) \(label(for: block))", to: Self.titleLimit),
                body: body(for: block),
                cue: cue(for: block, isFirst: index == 0, previous: previous, next: next, deepMinutes: deepMinutes),
                interruptionLevel: block.category == .deepWork ? .timeSensitive : .active,
                actions: NotificationAction.allCases)
        }
    }

    /// The nudge fires this long before the day window opens, or before an appointment kept
    /// ahead of it.
    static let nudgeLead = 15

    func nudge(top: [DayPlan.ScheduledTask], blocks: [DayPlan.Block]) -> DailyNudge {
        let dayStarts = min(window.start, blocks.map(\.span.start).min() ?? window.start)
        let fireDate = date.date(minutes: max(0, dayStarts - Self.nudgeLead), in: timeZone)
        guard let lead = top.first, let leadBlock = blocks.first(where: { $0.tasks.contains(lead) }) else {
            return DailyNudge(
                fireDate: fireDate, title: "Today is open",
                body: "Nothing is planned yet: capture what matters and plan the day.", taskId: nil)
        }
        if top.count > 1 {
            let names = englishList(top.map { "“\($0.title)”" })
            return DailyNudge(
                fireDate: fireDate, title: clipped("Today: \(lead.title.capitalizingFirst)", to: Self.titleLimit),
                body: "\(names) matter equally today; start with whichever you can finish first.",
                taskId: lead.id)
        }
        let following = blocks.filter { $0.span.start > leadBlock.span.start }.prefix(2).map {
            "“\($0.tasks[0].title)”"
        }
        let then = following.isEmpty ? "" : ", then \(englishList(following))"
        return DailyNudge(
            fireDate: fireDate, title: clipped("Today: \(lead.title.capitalizingFirst)", to: Self.titleLimit),
            body: "Start with “\(lead.title)” at \(ClockTime.format(leadBlock.span.start))\(then).",
            taskId: lead.id)
    }

    private func label(for block: DayPlan.Block) -> String {
        let lead = block.tasks[0].title.capitalizingFirst
        switch block.category {
        case .deepWork: return "Deep work: \(lead)"
        case .admin: return "Admin: \(lead)"
        case .health, .culture: return lead
        }
    }

    private func body(for block: DayPlan.Block) -> String {
        let titles = block.tasks.map { "“\($0.title)”" }
        let until = ClockTime.format(block.span.end)
        let length = durationText(block.span.length)
        switch block.category {
        case .deepWork:
            let steps =
                block.tasks.count == 1
                ? "Start \(titles[0]) now"
                : "Start \(titles[0]) (\(durationText(block.tasks[0].minutes))), then "
                    + englishList(Array(titles.dropFirst()))
            return "\(steps). \(block.focusMode.rawValue) until \(until)."
        case .admin:
            return "Clear \(englishList(titles)): done by \(until)."
        case .health:
            return "Time for \(titles[0]): \(length), back by \(until)."
        case .culture:
            return "\(titles[0]) for \(length), until \(until). Switch on \(block.focusMode.rawValue)."
        }
    }

    /// What the cue can point to around a block: a named neighbour and when it starts or ends.
    private struct Neighbour {
        let name: String
        let minutes: Int
    }

    private func neighbour(before block: DayPlan.Block, blocks: [DayPlan.Block], busy: [DayPlan.Busy]) -> Neighbour? {
        let candidates =
            blocks.filter { $0.span.end <= block.span.start }.map {
                Neighbour(name: "“\($0.tasks[0].title)”", minutes: $0.span.end)
            }
            + busy.filter { $0.span.end <= block.span.start }.map {
                Neighbour(name: "“\($0.title)”", minutes: $0.span.end)
            }
        return candidates.max { $0.minutes < $1.minutes }
    }

    private func neighbour(after block: DayPlan.Block, blocks: [DayPlan.Block], busy: [DayPlan.Busy]) -> Neighbour? {
        let candidates =
            blocks.filter { $0.span.start >= block.span.end }.map {
                Neighbour(name: "“\($0.tasks[0].title)”", minutes: $0.span.start)
            }
            + busy.filter { $0.span.start >= block.span.end }.map {
                Neighbour(name: "“\($0.title)”", minutes: $0.span.start)
            }
        return candidates.min { $0.minutes < $1.minutes }
    }

    private func cue(for block: DayPlan.Block, isFirst: Bool, previous: Neighbour?, next: Neighbour?, deepMinutes: Int)
        -> String
    {
        let lead = "“\(block.tasks[0].title)”"
        let length = durationText(block.span.length)
        switch block.category {
        case .deepWork:
            let work = englishList(block.tasks.map { "“\($0.title)”" })
            if let next {
                return
                    "\(length) clear before \(next.name) at \(ClockTime.format(next.minutes)): \(work), and nothing else."
            }
            return isFirst
                ? "First block of the day: \(length) for \(work) before anything else can ask for you."
                : "Nothing follows until the day ends: stay with \(work) until \(ClockTime.format(block.span.end))."
        case .admin:
            let what = block.tasks.count == 1 ? "One quick thing" : "\(block.tasks.count) quick ones"
            let after = next.map { "\($0.name) starts" } ?? "the rest of the day runs"
            return "\(what) in \(durationText(block.span.length)), and \(after) with nothing hanging over it."
        case .health:
            switch (previous, next) {
            case (let previous?, let next?):
                return "Between \(previous.name) and \(next.name): \(length) away from the screen."
            case (let previous?, nil):
                return "\(previous.name) is done; \(length) of \(lead) closes the day well."
            case (nil, let next?):
                return "\(length) of \(lead) before \(next.name) sets the pace for the day."
            case (nil, nil):
                return "The only block today: \(length) of \(lead), for you."
            }
        case .culture:
            if deepMinutes > 0 {
                return "After \(durationText(deepMinutes)) of deep work, \(length) of \(lead) asks nothing back."
            }
            return previous.map { "After \($0.name), \(length) of \(lead) that is just for you." }
                ?? "\(length) of \(lead), with nothing to deliver."
        }
    }
}
