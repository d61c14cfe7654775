// `fling`: the logic is in FlingCommand (which tests run in-process); this writes its output
// and exits with its status.
FlingCommand.run(Array(CommandLine.arguments.dropFirst())).exit()
