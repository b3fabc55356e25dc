import AuraPlanner
import SiteEngine

/// How much the evening can hold, judged from the day's plan.
///
/// The rule: the day earns tiredness points — deep work (2 for three hours or more, 1 for an
/// hour and a half), load against capacity (2 at 85 % or more, 1 at 60 %) and how late the
/// last block ends (2 at 19:00 or later, 1 at 17:30). Four points or more leave a low-energy
/// evening, two or three a medium one, fewer a high one. With no plan the evening is assumed
/// medium, and the explanation says so.
struct EveningEnergy: Sendable, Equatable {
    let level: CultureEntry.Energy
    /// The day's figures in words, e.g. "3 h 20 min of deep work and a last block ending at 18:30".
    let figures: String
    let basedOnPlan: Bool

    init(day: DaySummary?) {
        guard let day else {
            level = .medium
            figures = "no plan for today"
            basedOnPlan = false
            return
        }
        basedOnPlan = true
        var points = 0
        points += day.deepMinutes >= 180 ? 2 : day.deepMinutes >= 90 ? 1 : 0
        let share = day.capacityMinutes > 0 ? Double(day.loadMinutes) / Double(day.capacityMinutes) : 0
        points += share >= 0.85 ? 2 : share >= 0.6 ? 1 : 0
        if let end = day.lastBlockEnd { points += end >= 19 * 60 ? 2 : end >= 17 * 60 + 30 ? 1 : 0 }
        level = points >= 4 ? .low : points >= 2 ? .medium : .high

        var parts: [String] = []
        parts.append(day.deepMinutes > 0 ? "\(durationText(day.deepMinutes)) of deep work" : "no deep work")
        parts.append("\(durationText(day.loadMinutes)) planned of \(durationText(day.capacityMinutes)) free")
        if let end = day.lastBlockEnd { parts.append("a last block ending at \(clockText(minutes: end))") }
        figures = parts.dropLast().joined(separator: ", ") + (parts.count > 1 ? " and " : "") + parts.last!
    }

    /// One sentence about the evening itself, for the top of the culture page.
    var headline: String {
        guard basedOnPlan else {
            return "There is no plan for today, so Aura assumes a medium-energy evening."
        }
        switch level {
        case .low: return "After \(figures), tonight calls for something gentle."
        case .medium: return "With \(figures), there is room tonight for something absorbing but not demanding."
        case .high: return "A light day — \(figures) — leaves energy for something that asks more of you."
        }
    }
}
