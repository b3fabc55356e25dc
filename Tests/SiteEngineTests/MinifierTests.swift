import Testing

@testable import SiteEngine

/// The build's whitespace-and-comment minifier: what it removes, and what it must leave alone.
struct MinifierTests {
    @Test func javaScriptLosesCommentsIndentationAndBlankLines() {
        let source = """
            /* The file's header
               comment. */
            (function () {
              "use strict";

              // a line comment
              var a = 1;   // and a trailing one
              return a;
            })();

            """
        #expect(Minifier.javaScript(source) == "(function () {\n\"use strict\";\nvar a = 1;\nreturn a;\n})();")
    }

    @Test func stringsKeepWhatLooksLikeComments() {
        let source = #"var url = "https://example.org/a"; var b = 'x /* y */ z'; var c = "a\"// b";"#
        #expect(Minifier.javaScript(source) == source)
    }

    @Test func templateLiteralsAreCopiedWholeAcrossLines() {
        let source =
            "var t = `line one\n    // not a comment\n\n  /* nor this */ ${ a + `inner ${ b }` } end`;\n  next();"
        #expect(
            Minifier.javaScript(source)
                == "var t = `line one\n    // not a comment\n\n  /* nor this */ ${ a + `inner ${ b }` } end`;\nnext();")
    }

    @Test func aDollarOrAnEscapedBacktickDoesNotEndATemplate() {
        let source = "var t = `costs $5 \\` // still text\n  ${x}$`; // gone"
        #expect(Minifier.javaScript(source) == "var t = `costs $5 \\` // still text\n  ${x}$`;")
    }

    @Test func substitutionsKeepTheirBracesAndComments() {
        let source = "var t = `${ { a: 1 }.a /* c */ }x`;"
        #expect(Minifier.javaScript(source) == "var t = `${ { a: 1 }.a }x`;")
    }

    @Test func regularExpressionsSurvive() {
        let cases = [
            #"var r = /\/\/not a comment/g;"#,
            #"var s = path.replace(/[^/]*$/, "");"#,
            #"if (/^[357]$/.test(x)) y();"#,
            #"return /a"b/.test(s);"#,
            #"var q = x.split(/\/*/);"#
        ]
        for source in cases { #expect(Minifier.javaScript(source) == source) }
    }

    @Test func divisionIsNotARegularExpression() {
        #expect(
            Minifier.javaScript("var half = total / 2; // half\nvar q = (a) / b / c;")
                == "var half = total / 2;\nvar q = (a) / b / c;")
        #expect(Minifier.javaScript("i++ / 2 // x") == "i++ / 2")
    }

    @Test func lineBreaksStaySoSemicolonInsertionReadsTheSame() {
        // `return` then a line break returns undefined; joining the lines would return the object.
        #expect(Minifier.javaScript("return\n  { a: 1 }") == "return\n{ a: 1 }")
        #expect(Minifier.javaScript("a = b\n++c") == "a = b\n++c")
        // A block comment that spans lines is a line break to semicolon insertion.
        #expect(Minifier.javaScript("return /*\n*/ value") == "return\nvalue")
        #expect(Minifier.javaScript("a/* x */b") == "a b")
    }

    @Test func aLineContinuationInAStringIsKept() {
        let source = "var s = \"one \\\n    two\";"
        #expect(Minifier.javaScript(source) == source)
    }

    @Test func cssCollapsesButKeepsWhatMatters() {
        let source = """
            /* Header */
            .a :hover ,
            .b > .c {
              margin: calc(1rem + 2px) 0;   /* kept apart: calc needs it */
              content: "  /* not a comment */  ";
              background: url("//cdn.example/x.png");
            }

            @media (min-width: 40rem) { .d { color: red; } }
            .e/**/.f { grid-template-areas: "a  b"; }
            """
        #expect(
            Minifier.css(source)
                == #".a :hover,.b > .c{margin:calc(1rem + 2px) 0;content:"  /* not a comment */  ";background:url("//cdn.example/x.png")}@media (min-width:40rem){.d{color:red}}.e.f{grid-template-areas:"a  b"}"#
        )
    }

    @Test func minifyingTwiceChangesNothing() {
        let js = "var a = `x\n  y`; // c\n  /* d */ b(/re/g);\n"
        #expect(Minifier.javaScript(Minifier.javaScript(js)) == Minifier.javaScript(js))
        let css = ".a { color: red; } /* c */ .b{}"
        #expect(Minifier.css(Minifier.css(css)) == Minifier.css(css))
    }
}
