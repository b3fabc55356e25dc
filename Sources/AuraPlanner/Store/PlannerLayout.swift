/// Where a planner keeps its files: a folder in the content folder, and the names of the files
/// in it. The one place these names are written; the use cases, the site and the server all
/// find the planner's files through it.
public enum PlannerLayout {
    /// The planner's folder, in the content folder.
    public static let folder = "planner"
    /// Lines waiting to be captured.
    public static let inbox = "inbox.md"
    /// Every task (`TaskStore`).
    public static let store = "tasks.json"
    /// What the last plan decided (`PlanSnapshot`).
    public static let plan = "plan.json"
    /// Events to plan around.
    public static let calendar = "calendar.ics"
    /// The lock every writer of the folder holds.
    public static let lock = ".aura.lock"
}
