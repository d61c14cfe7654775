// `FlingSelfTest`: the logic is in SelfTest; this writes its output and exits with its status.
SelfTest.run(Array(CommandLine.arguments.dropFirst())).exit()
