import Foundation

/// How loudly a notification may interrupt (the UNNotification interruption levels).
public enum InterruptionLevel: String, Sendable, Codable {
    case active
    case timeSensitive = "time-sensitive"
}

/// The actions every block notification offers.
public enum NotificationAction: String, Sendable, CaseIterable, Codable {
    case done
    case snooze15 = "snooze-15"
}

/// The notification announcing one block, at the block's start.
public struct PlannedNotification: Sendable, Equatable, Codable {
    /// Stable while the same task leads the block on the same day: `notify-<block id>`.
    public let id: String
    public let blockId: String
    public let fireDate: Date
    /// At most 40 characters.
    public let title: String
    public let body: String
    /// A short push grounded in the block and its neighbours.
    public let cue: String
    public let interruptionLevel: InterruptionLevel
    public let actions: [NotificationAction]
}

/// The one calm morning notification. Its id never changes, so scheduling it again replaces it.
public struct DailyNudge: Sendable, Equatable, Codable {
    public static let id = "aura-daily-nudge"
    public let fireDate: Date
    public let title: String
    public let body: String
    /// The task the nudge leads with, when there is one.
    let taskId: String?
}
