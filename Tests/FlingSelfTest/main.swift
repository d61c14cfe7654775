// `FlingSelfTest`: the logic is in FlingTestSupport's SelfTest; this writes its output and exits
// with its status.
import FlingTestSupport

SelfTest.run(Array(CommandLine.arguments.dropFirst())).exit()
