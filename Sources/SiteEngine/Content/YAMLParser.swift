import CYAML
import Diagnostics

/// Parses YAML with libyaml into `YAMLNode`s that keep their source positions.
///
/// `lineOffset` shifts reported lines, so front matter errors point into the whole file.
package struct YAMLParser {
    /// Front matter and settings nest three or four levels; the limit keeps a hostile file
    /// (12,000 nested lists) from exhausting the stack.
    static let maximumDepth = 64

    package let file: String
    let lineOffset: Int

    package init(file: String, lineOffset: Int = 0) {
        self.file = file
        self.lineOffset = lineOffset
    }

    /// Parses one YAML document. An empty document gives an empty mapping.
    package func parse(_ text: String) throws(SourceError) -> YAMLNode {
        var reader = EventReader(text: text, parser: self)
        defer { reader.close() }
        try reader.expect(YAML_STREAM_START_EVENT)
        let first = try reader.next()
        if first.type == YAML_STREAM_END_EVENT { return .mapping([], SourceMark(line: 1 + lineOffset, column: 1)) }
        let root = try reader.node(startingWith: try reader.next())
        let end = try reader.next()
        guard end.type == YAML_DOCUMENT_END_EVENT else { throw error("expected the end of the document", at: end.mark) }
        let streamEnd = try reader.next()
        guard streamEnd.type == YAML_STREAM_END_EVENT else {
            throw error("expected a single YAML document, found a second one", at: streamEnd.mark)
        }
        return root
    }

    package func mark(_ raw: yaml_mark_t) -> SourceMark {
        SourceMark(line: Int(raw.line) + 1 + lineOffset, column: Int(raw.column) + 1)
    }

    package func error(_ message: String, at mark: SourceMark) -> SourceError {
        SourceError(file: file, line: mark.line, column: mark.column, message: message)
    }
}

/// One libyaml event, copied out of C memory.
private struct Event {
    package let type: yaml_event_type_t
    package let mark: SourceMark
    package let value: String
    let isPlain: Bool
    package let anchor: String?
}

/// Pulls events from libyaml and assembles them into nodes, resolving anchors and aliases.
private struct EventReader {
    package let parser: YAMLParser
    // libyaml keeps pointers to the parser state and the input, so both live at fixed addresses.
    private let handle = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var anchors: [String: YAMLNode] = [:]

    package init(text: String, parser: YAMLParser) {
        self.parser = parser
        input = .allocate(capacity: text.utf8.count)
        _ = input.initialize(from: text.utf8)
        yaml_parser_initialize(handle)
        yaml_parser_set_input_string(handle, input.baseAddress, input.count)
    }

    package func close() {
        yaml_parser_delete(handle)
        handle.deallocate()
        input.deallocate()
    }

    package mutating func next() throws(SourceError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(handle, &event) == 1 else { throw syntaxError() }
        defer { yaml_event_delete(&event) }
        return Event(
            type: event.type, mark: parser.mark(event.start_mark),
            value: Self.scalarValue(event),
            isPlain: event.type == YAML_SCALAR_EVENT
                && event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE,
            anchor: Self.anchor(event))
    }

    package mutating func expect(_ type: yaml_event_type_t) throws(SourceError) {
        let event = try next()
        guard event.type == type else { throw parser.error("unexpected YAML structure", at: event.mark) }
    }

    package mutating func node(startingWith event: Event, depth: Int = 1) throws(SourceError) -> YAMLNode {
        let node: YAMLNode
        if [YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT].contains(event.type), depth > YAMLParser.maximumDepth {
            throw parser.error(
                "lists and mappings nested more than \(YAMLParser.maximumDepth) levels deep; expected at most \(YAMLParser.maximumDepth)",
                at: event.mark)
        }
        switch event.type {
        case YAML_SCALAR_EVENT:
            // libyaml refuses raw control characters, but escapes such as "\e" or "\0" make them.
            if let problem = TextInput.controlCharacterError(in: event.value) {
                throw parser.error(problem.message, at: event.mark)
            }
            node = .scalar(event.value, isPlain: event.isPlain, event.mark)
        case YAML_ALIAS_EVENT:
            guard let target = anchors[event.value] else {
                throw parser.error(
                    "unknown alias '*\(event.value)'; expected an anchor '&\(event.value)' defined earlier",
                    at: event.mark)
            }
            return target
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            while true {
                let child = try next()
                if child.type == YAML_SEQUENCE_END_EVENT { break }
                items.append(try self.node(startingWith: child, depth: depth + 1))
            }
            node = .sequence(items, event.mark)
        case YAML_MAPPING_START_EVENT:
            var pairs: [(key: String, keyMark: SourceMark, value: YAMLNode)] = []
            while true {
                let keyEvent = try next()
                if keyEvent.type == YAML_MAPPING_END_EVENT { break }
                guard keyEvent.type == YAML_SCALAR_EVENT else {
                    throw parser.error("expected a plain key such as 'title:', found a complex key", at: keyEvent.mark)
                }
                if let earlier = pairs.first(where: { $0.key == keyEvent.value }) {
                    throw parser.error(
                        "duplicate key '\(keyEvent.value)'; it was already set at line \(earlier.keyMark.line)",
                        at: keyEvent.mark)
                }
                let value = try self.node(startingWith: try next(), depth: depth + 1)
                pairs.append((keyEvent.value, keyEvent.mark, value))
            }
            node = .mapping(pairs, event.mark)
        default:
            throw parser.error("unexpected YAML structure", at: event.mark)
        }
        if let anchor = event.anchor { anchors[anchor] = node }
        return node
    }

    /// libyaml's message, placed at the problem — except when the text simply ran out, where
    /// the start of the unfinished construct (an unclosed quote, say) is the useful place.
    private func syntaxError() -> SourceError {
        let state = handle.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = state.context.map { " " + String(cString: $0) } ?? ""
        let ranOut = problem.contains("end of stream") && state.context != nil
        let position = parser.mark(ranOut ? state.context_mark : state.problem_mark)
        return parser.error("invalid YAML: \(problem)\(context)", at: position)
    }

    private static func scalarValue(_ event: yaml_event_t) -> String {
        switch event.type {
        case YAML_SCALAR_EVENT:
            string(event.data.scalar.value, length: Int(event.data.scalar.length))
        case YAML_ALIAS_EVENT:
            string(event.data.alias.anchor, length: nil)
        default:
            ""
        }
    }

    private static func anchor(_ event: yaml_event_t) -> String? {
        let pointer: UnsafeMutablePointer<yaml_char_t>? =
            switch event.type {
            case YAML_SCALAR_EVENT: event.data.scalar.anchor
            case YAML_SEQUENCE_START_EVENT: event.data.sequence_start.anchor
            case YAML_MAPPING_START_EVENT: event.data.mapping_start.anchor
            default: nil
            }
        return pointer.map { string($0, length: nil) }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int?) -> String {
        guard let pointer else { return "" }
        let count = length ?? strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}
