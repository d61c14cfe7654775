/// The help texts `fling --help` and `fling help COMMAND` print.
enum Help {
    static let main = """
        OVERVIEW: Replays, measures, draws and converts Fling touch traces.

        A FILE is a Fling document of any kind: a JSON trace of photo tiles (format
        "fling-trace"; see docs/TRACES.md), a scene document (format "fling-scene": chatHeads,
        sunSwitch, bubbles, dayNight, clouds), a path document (format "fling-paths": morph,
        conveyor; docs/PATHS.md), or a CSV stroke file with the header
        stroke_id,t_seconds,phase,x,y (one row per touch event; phase is began, moved, ended
        or cancelled), read as a trace. `-` reads standard input (once).

        USAGE: fling <command> FILE [options]

        COMMANDS:
          replay FILE     Replay; print one line per scene and the digest line; check the pins.
          diff A [B]      Replay two runs (two files, or one on two backends or display
                          rates) and print where they first differ, or "equal".
          velocity FILE   Print each CSV stroke's release velocity.
          render FILE     Draw the document as an SVG picture.
          convert FILE    Write a document (a CSV stroke file as a JSON trace) in its
                          canonical layout, optionally pinned.
          paths digest|render FILE
                          Sample a path scene (morph or conveyor; docs/PATHS.md): digest or SVG.
          view FILE [B]   Write a page that plays FILE in a browser, or overlays two runs.
          check [FILE]    Check Fling's properties over generated touch sessions in FILE's
                          scene (or a built-in one); shrink and write the first failure.
          help [COMMAND]  Show this help, or a command's.

        Run `fling help <command>` or `fling <command> --help` for its options.
        Errors go to standard error; the exit status is 0 on success, 1 when a file cannot be
        read, is malformed, does not replay to its pinned digests (or pins none, or none of its
        pins could be compared, or its run differs from its peer's), or two runs differ, and 2
        for a usage error.
        """

    static let csvScenes = """
        A CSV file gives one scene per stroke, in file order: the viewport (default 390x844,
        origin at 0,0), one square tile (id 1, mass 1) of side S (default 160) centred on the
        stroke's first (began) point, which is also its origin; the default engine
        configuration; the stroke's events as touch 1, times shifted to start at 0. A scene
        runs until its tile has settled or been culled, or 10 s.
        """

    static let replay = """
        USAGE: fling replay FILE [--backend KIND] [--arithmetic A] [--display-hz HZ]
                                 [--jitter SEED] [--viewport WxH] [--tile-size S]
                                 [--reference R] [--allow-unpinned] [--allow-uncompared-run]
                                 [--predict] [--from TICK] [--from-last-snapshot]

        Replays every scene of FILE and prints one line per scene:

          scene <n> [<name>]: tile <id> <outcome> tick <k> release <how> vx <px/s> vy <px/s>

        with one "tile ..." part per tile, separated by "; ". <outcome> is settled or culled
        (<k> is the tick it happened after), or, at the end of the scene's time, resting
        (never moved), held, attracted or falling (<k> is the scene's last tick). <how> is the
        tile's last release: attract, fall or cancelled (velocities follow), or none.
        Then what was compared: always a "pins: ..." line (how many of the document's pins,
        on which run, and whether they match; or that the document pins none), and, where the
        pins were compared on a reference run, a "runs: ..." line (this run against a run on
        its peer backend, over how many ticks, equal or not; or why it was not compared).
        The last line is exactly

          digest <16 lowercase hex digits> ticks <total ticks>

        the state digest chained over every scene in file order (a scene starts from the
        previous scene's digest) and the ticks over every scene. It is the same at every
        display rate; with portable arithmetic (the default) it is the same on every machine,
        and with platform arithmetic every backend (chipmunk, native) agrees on one machine.
        A scene document (format "fling-scene") prints one line and then
        "digest <hex> samples <count>"; a path document (format "fling-paths") prints
        "paths <kind> [<name>]: <n> frames" and then "digest <hex> frames <n>".

        \(csvScenes)

        A document that pins expected digests is checked against them: on a backend of the
        pins' arithmetic (a trace's "arithmetic" key; portable for version 2, for scene and
        path documents), by this run; on a backend of the other arithmetic, whose bits cannot
        give the pins, by a reference run on native-portable (or native, for platform pins).
        The run on a backend of the other arithmetic is then checked itself: it must cover
        every tick of the reference run, refuse no input the reference accepted, and equal a
        run on its peer of its own arithmetic (chipmunk against native, native against
        chipmunk): their events, inputs and the digest chained over every tick.
        A difference is reported on standard error, with the ticks within which the run first
        left its pins or where the runs part, and the exit status is 1; so it is when the
        document has pins and none could be compared (--reference none on another
        arithmetic), when it has no pins (unless --allow-unpinned), and when the run's backend
        has no peer in this build, native without the Chipmunk trait (unless
        --allow-uncompared-run).

        OPTIONS:
          --backend KIND    native-portable (the default), native, chipmunk or
                            chipmunk-shared (the last two only with the Chipmunk trait).
          --arithmetic A    portable (default) or platform: with --backend native, picks
                            native-portable or native; alone, the same.
          --display-hz HZ   Display frames at HZ hertz: frame n at n/HZ seconds (default 60;
                            from 1/maxFrameInterval, 4 by default, to 100000).
          --jitter SEED     Irregular display frames instead: intervals drawn from
                            0.25/HZ...1.75/HZ by a generator seeded with SEED.
          --reference R     auto (default): check pins of another arithmetic than the
                            backend's on a reference run of theirs; none: do not (the
                            pins then count as not compared, exit status 1).
          --allow-unpinned  A document without pins exits 0 (it still says that nothing
                            was compared).
          --allow-uncompared-run
                            A run whose backend has no peer in this build exits 0 (it
                            still says that the run was not compared).
          --predict         Replay again with predictions (600 ticks ahead, or the trace's own)
                            and print each release's prediction beside what its item then
                            did, before the digest line ("tile 3 released at tick 12:
                            predicted settled home after tick 81 at ...; exact"), then
                            "predictions: <n> releases: <e> exact, <s> superseded, <d>
                            differ". A release another input overtook is superseded; any
                            that differs makes the exit status 1. Tile traces and snap scenes.
          --from TICK       Tile traces: replay again cut at TICK, the animator taken whole
                            as a snapshot's bytes and read back into a fresh one over a fresh
                            backend, and continued to the end; print its digest beside the
                            whole replay's (before the digest line); exit status 1 if they
                            differ.
          --from-last-snapshot
                            Tile traces that carry snapshots (fling convert --snapshots):
                            replay each scene from its last snapshot instead of its start, on
                            a backend of the kind they were taken on; print where each scene
                            started, the pins of the scenes' ends, and the digest line.
          --viewport WxH    CSV only: the viewport, in points (default 390x844).
          --tile-size S     CSV only: the tile's side, in points (default 160).
          -h, --help        Show this help.
        """

    static let diff = """
        USAGE: fling diff A [B] [--backend KIND] [--arithmetic A] [--display-hz HZ]
                                [--jitter SEED] [--backend-a KIND] [--backend-b KIND]
                                [--arithmetic-a A] [--arithmetic-b A] [--display-hz-a HZ]
                                [--display-hz-b HZ] [--jitter-a SEED] [--jitter-b SEED]
                                [--viewport WxH] [--tile-size S] [--html OUT]

        Replays run A (file A) and run B (file B, or A again) with every frame's state and
        compares them frame by frame, every number by its bits: the inputs applied, the
        items present, each value, shape point and phase, the events, the frame count and
        the digests. Equal runs print

          equal: <n> ticks|samples, <the runs' last replay line> (<A>; <B>)

        and the exit status is 0. Otherwise it prints the first divergence (the tick or
        sample and its time, the item, the field, both values with their IEEE 754 bit
        patterns, and the input applied at or just before it) and the exit status is 1.

        OPTIONS:
          --backend KIND, --arithmetic A, --display-hz HZ, --jitter SEED
                            As for replay, for both runs.
          --backend-a KIND, --arithmetic-a A, --display-hz-a HZ, --jitter-a SEED
          --backend-b KIND, --arithmetic-b A, --display-hz-b HZ, --jitter-b SEED
                            For run A or run B alone.
          --viewport WxH, --tile-size S
                            CSV only, as for replay.
          --html OUT        Also write the replay page of both runs, opened at the first
                            divergence (as `fling view A B --html OUT`).
          -h, --help        Show this help.
        """

    static let velocity = """
        USAGE: fling velocity FILE

        For each stroke of the CSV file FILE, in file order, prints

          stroke <id> vx <px/s> vy <px/s>

        the velocity tracker's estimate at the stroke's ended (or cancelled) event: Flutter's
        least-squares estimator over the began and moved samples (at most 20, within 100 ms,
        no gap over 40 ms; degree-2 fit). Full precision.

        OPTIONS:
          -h, --help        Show this help.
        """

    static let render = """
        USAGE: fling render FILE --svg OUT [--backend KIND] [--arithmetic A] [--every N]
                                 [--viewport WxH] [--tile-size S] [--clouds SEED]
                                 [--animated] [--frames N]

        Replays FILE and draws it as an SVG picture written to OUT (`-` for standard output).
        A trace: every scene as a panel: the viewport; each tile's home frame and origin; the
        finger's path (dots where it went down, rings where it lifted, a cross where the
        touch was cancelled); the tile's center path; the tile's outline every N ticks and at
        the end; an arrow for the release velocity (its length is the distance covered in
        0.1 s); a cross where a tile was culled; and a caption with each tile's outcome.
        A scene document: the bubbles' paths; the day-night picker's or the clouds' animated
        sky; the snap items' paths and final outlines. A path document: as fling paths render.

        \(csvScenes)

        OPTIONS:
          --svg OUT         Where to write the picture (required).
          --backend KIND, --arithmetic A
                            As for replay (the picture is the same).
          --clouds SEED     Day-night scenes: the seed of the clouds drawn (default 1).
          --animated, --frames N
                            Path documents: as for fling paths render.
          --every N         Ticks between outlines (default 6: 0.1 s at the default tick).
          --viewport WxH    CSV only: the viewport, in points (default 390x844).
          --tile-size S     CSV only: the tile's side, in points (default 160).
          -h, --help        Show this help.
        """

    static let convert = """
        USAGE: fling convert FILE [--out PATH] [--viewport WxH] [--tile-size S] [--name TEXT]
                                  [--notes TEXT] [--attribution TEXT] [--pin] [--every N]
                                  [--backend KIND] [--arithmetic A] [--snapshots N]

        Writes FILE as a JSON document to standard output, or to PATH. A CSV stroke file
        becomes a JSON trace (format "fling-trace", version 2) of one scene per stroke,
        exactly as `fling replay` reads it, so replaying the JSON prints the same lines. A
        JSON document of any kind is rewritten in its kind's canonical layout.

        \(csvScenes)

        OPTIONS:
          --out PATH        Write to PATH instead of standard output.
          --name TEXT, --notes TEXT, --attribution TEXT
                            Set the document's name, notes, and a trace's attribution (keep
                            the source's copyright and license when the input is someone
                            else's).
          --pin             Replay and pin the expected digests (a trace's tick count and
                            digest per scene; a scene's samples and digest; a path's digest).
          --every N         Traces, with --pin: also pin a checkpoint digest every N ticks.
          --snapshots N     Traces: replay and keep a snapshot of each scene's animator every N
                            ticks (trace version 4), where `fling replay --from-last-snapshot`
                            can start; they restore only on the backend kind and arithmetic
                            they were taken on.
          --backend KIND, --arithmetic A
                            What --pin and --snapshots replay on, as for replay (default
                            native-portable: pins that hold on every machine).
          --viewport WxH, --tile-size S
                            CSV only, as for replay.
          -h, --help        Show this help.
        """

    static let paths = """
        USAGE: fling paths digest FILE
               fling paths render FILE --svg OUT [--animated] [--frames N]

        FILE is a path scene document (format "fling-paths", version 1; see docs/PATHS.md): a
        keyframe morph of SVG path data, or a conveyor of fading dots.

        digest   Samples the scene as its "sampling" says and prints
                   paths <kind> [<name>]: <n> frames
                   digest <16 hex digits> frames <n>
                 (FNV-1a over the bits of every sampled point); a digest that differs from
                 the document's "expected" one is an error (exit status 1).
        render   Writes an SVG picture to OUT (`-`: standard output): a filmstrip of sampled
                 frames (--frames N of them; a morph's from its sampling range, default up to
                 24; a conveyor's over one period, default 8), or with --animated an SVG that
                 plays the scene in a browser (SMIL; N samples per cycle, default 61 for a
                 morph and 31 for a conveyor).
        """

    static let view = """
        USAGE: fling view FILE [B] --html OUT [--backend KIND] [--arithmetic A] [--display-hz HZ]
                                 [--jitter SEED] [--viewport WxH] [--tile-size S]
                                 [each of those with -a or -b for one run] [--predict]
               fling view FILE --json OUT [--frames LIST] [--backend KIND] [--arithmetic A]
                                 [--predict]

        Replays FILE (any Fling document: a trace or CSV strokes, a fling-scene, a fling-paths
        document) and writes one self-contained HTML page to OUT that plays it: every tick or
        sample as the replay computed it (nothing is simulated in the browser), with play and
        pause (space), speed 1/4x to 4x, the display rate, a timeline to scrub with markers for
        the events, one frame back and on (the arrow keys), toggles for paths and outlines, and
        a panel with the frame, its time, each item's exact values and the running digest.
        The page loads nothing from outside (a Content-Security-Policy forbids it).

        With a second file B, or an option for one run only (--backend-b chipmunk,
        --arithmetic-b platform, --display-hz-b 30 ...), the page overlays two runs of the same
        input (the second dashed), opens at their first divergence (as `fling diff` finds it)
        and names it: frame, item, field, both values and bit patterns. It is printed too.

        OPTIONS:
          --html OUT        Where to write the page (`-`: standard output).
          --json OUT        Write the run's exact state at --frames (positions from 0, or
                            `last`; default every frame) as JSON, each number as the 16 hex
                            digits of its IEEE 754 bits.
          --backend KIND, --arithmetic A, --display-hz HZ, --jitter SEED
                            As for replay (default native-portable at 60 Hz); with -a or -b,
                            for one run.
          --predict         Tile traces: releases carry predictions (600 ticks ahead), and the
                            page draws each released tile's predicted end pose, an outline,
                            from the release until the tile gets there (or a grab, release or
                            reset of it supersedes the prediction); --json lists them.
          --viewport WxH, --tile-size S
                            CSV only, as for replay.
          -h, --help        Show this help.
        """

    static func command(_ name: String) -> String? {
        switch name {
        case "replay": replay
        case "diff": diff
        case "velocity": velocity
        case "render": render
        case "convert": convert
        case "paths": paths
        case "view": view
        case "check": check
        case "help": main
        default: nil
        }
    }
}
