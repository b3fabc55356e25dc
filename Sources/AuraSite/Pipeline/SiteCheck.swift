import Foundation
import SiteEngine

extension SiteBuilder {
    /// Validates settings, theme and content and renders every page in memory: the build's
    /// steps, writing nothing. Returns every problem found, in every file, not just the first.
    /// `strict` also reports every name a page template looks up that no page's view model
    /// ever had.
    public func check(strict: Bool = false) async -> (pageCount: Int, problems: [String]) {
        var state = BuildState(options: options, mode: .check(strict: strict), progress: { _ in })
        var problems: [String] = []
        for step in Self.steps {
            do {
                try await step.run(&state)
            } catch is BuildState.MissingInput {
                continue
            } catch {
                problems += problemLines(error)
            }
            problems += state.problems
            state.problems = []
        }
        return (state.pages?.count ?? 0, problems)
    }
}
