#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// `fling`: the logic is in FlingCommand (which tests run in-process); this writes its output
// and exits with its status.
let result = FlingCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.status)
