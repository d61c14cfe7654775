// `fling`: the logic is in FlingCLIKit's FlingCommand (which tests run in-process); this writes
// its output and exits with its status.
import FlingCLIKit

FlingCommand.run(Array(CommandLine.arguments.dropFirst())).exit()
