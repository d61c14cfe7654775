#if Chipmunk
internal import CChipmunk
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Debian builds Chipmunk without `NDEBUG`, so the first `cpSpaceNew` in a process prints a
/// two-line banner to stdout. That output is not ours to give the user: before Fling makes
/// its first space, it makes a throwaway one with file descriptor 1 pointed at /dev/null,
/// flushes C's stdio buffer while it still points there, and puts stdout back.
///
/// A Swift global is initialized once, thread-safely; touching it is all a caller does.
/// Output other threads write to stdout during those few microseconds is lost with the banner.
let chipmunkBannerSilenced: Void = {
    fflush(nil)
    let saved = dup(1)
    let sink = open("/dev/null", O_WRONLY)
    if saved >= 0, sink >= 0 { _ = dup2(sink, 1) }
    let space = cpSpaceNew()
    cpSpaceFree(space)
    fflush(nil)
    if saved >= 0 {
        _ = dup2(saved, 1)
        close(saved)
    }
    if sink >= 0 { close(sink) }
}()
#endif
