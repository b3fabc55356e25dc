import Foundation

/// How long failed attempts hold up the next one, per key (`login_failures`): a key's first
/// `free` failures cost nothing; from then on the next attempt waits `firstWait` after the last
/// failure, twice as long after each further one, at most `longestWait`. A key forgets its
/// failures after `memory` without one. Keys name an address, or a person from one address,
/// never a person alone: a stranger's guesses slow the stranger, not the person they guess at.
enum Backoff {
    static let firstWait = 30
    static let longestWait = 15 * 60
    static let memory = 24 * 3600

    /// Seconds still to wait after `failures` failures, the last `since` seconds ago; nil when
    /// the next attempt may go ahead.
    static func wait(failures: Int, free: Int, since: Int) -> Int? {
        guard failures >= free, since < memory else { return nil }
        let doublings = min(failures - free, 16)
        let wait = min(firstWait << doublings, longestWait) - since
        return wait > 0 ? wait : nil
    }
}

extension Backoff {
    /// A wait in words, rounded up: "30 seconds", "1 minute", "15 minutes".
    static func phrase(_ seconds: Int) -> String {
        guard seconds >= 60 else { return "\(seconds) second\(seconds == 1 ? "" : "s")" }
        let minutes = (seconds + 59) / 60
        return "\(minutes) minute\(minutes == 1 ? "" : "s")"
    }
}
