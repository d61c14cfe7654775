#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlingCore
import FlingTraces

// A failing replay in a test can leave a picture: when the environment variable
// FLING_VIEW_DIR names a folder (`FLING_VIEW_DIR=/tmp/pages swift test`), the test helper that
// checks pinned replays writes the replay page there, so that a red CI run shows where the
// motion went wrong rather than two digests.

extension ReplayPage {
    /// The environment variable that names the folder failing replays write their pages to.
    static let folderVariable = "FLING_VIEW_DIR"

    /// The folder named by `folderVariable`, or nil when it is unset or empty.
    public static var requestedFolder: String? {
        guard let value = getenv(folderVariable) else { return nil }
        let folder = String(cString: value)
        return folder.isEmpty ? nil : folder
    }

    /// Writes the page to `folder/<name>.html` (the name with every character but letters,
    /// digits, `.`, `-` and `_` made `-`) and returns that path; with no `folder`, to the one
    /// `folderVariable` names, or nowhere (nil) when it is unset.
    ///
    /// Throws when the folder does not exist or the file cannot be written.
    @discardableResult
    public func save(name: String, in folder: String? = ReplayPage.requestedFolder) throws(FlingError) -> String? {
        guard let folder else { return nil }
        let safe = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { u in
                    (u.properties.isAlphabetic && u.isASCII) || ("0"..."9").contains(u) || u == "." || u == "-" || u == "_" ? u : "-"
                }))
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + (safe.isEmpty ? "run" : safe) + ".html"
        guard let file = fopen(path, "wb") else {
            throw FlingError(.invalidState, field: "ReplayPage.save", value: path, reason: "cannot be written (does the folder exist?)")
        }
        let bytes = Array(html.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file) == 0
        guard written == bytes.count, closed else {
            throw FlingError(.invalidState, field: "ReplayPage.save", value: path, reason: "was not written whole")
        }
        return path
    }
}
