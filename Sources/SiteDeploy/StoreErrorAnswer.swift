import Foundation
import FoundationXML

/// The `<Code>` and `<Message>` of an S3 error answer (`<Error><Code>NoSuchBucket</Code>…`),
/// read with Foundation's XMLParser.
struct StoreErrorAnswer {
    var code = ""
    var message = ""

    init(_ data: Data) {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        // An answer that is not XML (a proxy's page) leaves both empty: the status speaks instead.
        _ = parser.parse()
        code = reader.fields["Code"] ?? ""
        message = reader.fields["Message"] ?? ""
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var fields: [String: String] = [:]
        private var current: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            current = ["Code", "Message"].contains(name) ? name : nil
        }

        func parser(_ parser: XMLParser, foundCharacters text: String) {
            if let current { fields[current, default: ""] += text }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            current = nil
        }
    }
}
