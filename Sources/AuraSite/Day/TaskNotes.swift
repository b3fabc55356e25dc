import AuraPlanner
import SiteEngine

/// What a task asked for beyond its slot, as the personal pages show it beside the task: the
/// deadline it named (`due Fri 11 Dec`) and the part of the day (`evening`). Nil when neither.
struct TaskNotes: Encodable, Sendable {
    let dueText: String?
    /// ISO date for `<time datetime>`.
    let dueDate: String?
    let partText: String?

    init?(due: LocalDate?, part: PartOfDay?) {
        guard due != nil || part != nil else { return nil }
        dueText = due.map(DayText.short)
        dueDate = due?.iso
        partText = part?.rawValue
    }
}
