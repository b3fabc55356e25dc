import AuraPlanner

/// One task on one line, as the planner commands print it: `t3  📋  call Sam · 2026-12-04 15:00 · 30 min`.
struct TaskLine {
    let task: StoredTask

    init(_ task: StoredTask) {
        self.task = task
    }

    var text: String {
        var when = [task.date?.iso, task.time.map { "\($0)" }].compactMap { $0 }.joined(separator: " ")
        if task.recurrence != nil { when = when.isEmpty ? "repeats" : "repeats from \(when)" }
        let details = [when, task.minutes.map { "\($0) min" }].compactMap { $0 }.filter { !$0.isEmpty }
        return "\(task.id)  \(task.category.emoji)  \(task.title)" + details.map { " · \($0)" }.joined()
    }
}
