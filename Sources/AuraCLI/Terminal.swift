import Foundation

/// The CLI's window on the world: where output goes, whether it is a TTY, the working
/// directory, the environment and the clock. Tests pass a recording terminal.
public struct Terminal: Sendable {
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether standard error is an interactive terminal (progress is shown only then).
    public var isInteractive: Bool
    public var currentDirectory: URL
    public var environment: [String: String]
    public var now: @Sendable () -> Date
    /// Reads one line of standard input, without echo when `secret` and input is a terminal;
    /// nil at the end of input.
    public var readLine: @Sendable (_ secret: Bool) -> String?

    public init(
        write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        isInteractive: Bool, currentDirectory: URL,
        environment: [String: String], now: @escaping @Sendable () -> Date,
        readLine: @escaping @Sendable (_ secret: Bool) -> String? = { _ in nil }
    ) {
        self.write = write
        self.writeError = writeError
        self.isInteractive = isInteractive
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.now = now
        self.readLine = readLine
    }

    /// The process's real standard output and error, directory, environment and clock.
    public static var standard: Terminal {
        Terminal(
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            isInteractive: isatty(STDERR_FILENO) == 1,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            environment: ProcessInfo.processInfo.environment,
            now: { Date() },
            readLine: { secret in secret ? readWithoutEcho() : Swift.readLine(strippingNewline: true) })
    }

    /// Prints a line to standard output.
    public func print(_ line: String) { write(line + "\n") }

    /// Prints a line to standard error.
    public func printError(_ line: String) { writeError(line + "\n") }

    /// Resolves a path given on the command line against the working directory.
    public func url(for path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
    }
}

/// A line from a terminal with its echo off (a password), or a plain line from a pipe.
private func readWithoutEcho() -> String? {
    var saved = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else {
        return readLine(strippingNewline: true)
    }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    defer {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        FileHandle.standardError.write(Data("\n".utf8))
    }
    return readLine(strippingNewline: true)
}
