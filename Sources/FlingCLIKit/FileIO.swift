import Fling
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Reading and writing files for `fling`: bounded, and never through a link or a device.
enum FileIO {
    /// The largest input `fling` reads, from a file or standard input: 64 MiB (real traces are kilobytes; a bound on the memory an untrusted file can take).
    static let maximumInput = 64 << 20

    /// The bytes of `path` (`-`: standard input), at most ``maximumInput`` of them.
    static func read(_ path: String) throws -> [UInt8] {
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            var st = stat()
            guard stat(path, &st) == 0 else { throw RunError("\(path): no such file") }
            guard (st.st_mode & S_IFMT) != S_IFDIR else { throw RunError("\(path): is a directory") }
            guard (st.st_mode & S_IFMT) == S_IFREG else { throw RunError("\(path): is not a regular file") }
            guard Int(st.st_size) <= maximumInput else {
                throw RunError("\(path): \(st.st_size) bytes; fling reads at most \(maximumInput) (64 MiB)")
            }
            fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw RunError("\(path): cannot be read") }
        }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw RunError("\(path == "-" ? "standard input" : path): cannot be read") }
            if n == 0 { break }
            bytes += chunk[0..<n]
            guard bytes.count <= maximumInput else {
                throw RunError(
                    "\(path == "-" ? "standard input" : path): more than \(maximumInput) bytes (64 MiB); fling reads at most that")
            }
        }
        return bytes
    }

    /// Writes `text` to `path` (`-`: standard output) through a temporary file renamed over
    /// it, so a reader never sees half a file; refuses a path that is a symbolic link, a
    /// FIFO, a device or anything else but a regular file, rather than replacing it.
    static func write(_ path: String, _ text: String, _ out: inout Output) throws {
        if path == "-" { out.stdout += text; return }
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            throw RunError("\(path): exists and is not a regular file (a link, FIFO or device); fling will not replace it")
        }
        let temporary = path + ".fling-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw RunError("\(path): cannot be written") }
        var ok = writeAll(fd, Array(text.utf8))
        ok = close(fd) == 0 && ok
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw RunError("\(path): cannot be written")
        }
    }
}

extension FileIO {
    /// Writes every byte of `bytes` to the open file `fd`; false when a write fails.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno != EINTR { return false }
            } else {
                rest = rest.dropFirst(n)
            }
        }
        return true
    }
}

/// `s` with control characters made visible (`\u{1B}`), so that no input can drive the
/// terminal through an error message or a scene name. Tabs stay.
func escapingControls(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }) else { return s }
    var out = ""
    for u in s.unicodeScalars {
        if (u.value < 0x20 && u != "\t") || (0x7F...0x9F).contains(u.value) {
            out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
        } else {
            out.unicodeScalars.append(u)
        }
    }
    return out
}
