/// Bounds on what the planner reads from a person's files and command line, so that no input
/// can overflow arithmetic, exhaust the stack or make a command slow. README.md ("Limits")
/// lists them.
public enum InputLimits {
    /// The longest task: a day. Anything longer is a project to split, and the bound keeps
    /// minute arithmetic far from overflow.
    public static let maximumTaskMinutes = 24 * 60
    /// Characters in one inbox or capture line: a paragraph-long memo fits many times over.
    static let maximumLineLength = 4_000
    /// The highest task number (`t999999999`): a task a minute for 1,900 years, and far from
    /// where `nextNumber + 1` overflows.
    static let maximumTaskNumber = 999_999_999
    /// Times one task may have rolled forward: once a day for 270 years.
    static let maximumRolledForward = 100_000
    /// Nesting of arrays and objects in the planner's JSON files, which use four levels.
    static let maximumJSONDepth = 64
}
