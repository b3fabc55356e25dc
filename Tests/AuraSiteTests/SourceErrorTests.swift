import Diagnostics
import Testing

@testable import AuraPlanner
@testable import Mustache

/// Every module's positioned error reads the same way, through the one `SourceError`.
struct SourceErrorTests {
    @Test func aProblemReadsAsAJumpToLocation() {
        #expect(
            SourceError(file: "Content/site.yml", line: 2, column: 11, message: "bad").description
                == "Content/site.yml:2:11: bad")
        #expect(
            SourceError(file: "layouts/base.mustache", line: 0, column: 0, message: "whole").description
                == "layouts/base.mustache: whole")
        #expect(SourceError(line: 3, column: 7, message: "no file yet").description == "3:7: no file yet")
    }

    @Test func eachModulesErrorCarriesTheSamePosition() {
        let input = InputError(line: 4, column: 2, message: "not JSON")
        #expect(input.description == "4:2: not JSON")
        #expect(input.problem.located(in: "tasks.json").description == "tasks.json:4:2: not JSON")
        let template = MustacheError(file: "pages/a.mustache", line: 1, column: 5, message: "unclosed")
        #expect(template.description == template.problem.description)
        #expect(
            CaptureError(column: 9, message: "no such date").problem.located(in: "text").description
                == "text:1:9: no such date")
    }
}
