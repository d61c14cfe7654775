// `fling help check`: kept beside Help.swift so that the command's text lives with its concern.
extension Help {
    static let check = """
        USAGE: fling check [FILE] [--scene photo-tiles|room|chat-heads|chat-heads-dynamics|sun-switch]
                           [--sessions N] [--seconds S]
                           [--seed N] [--backend KIND] [--arithmetic A] [--out DIR]
                           [--properties P,Q] [--settle S] [--no-shrink] [--bench]

        Generates touch sessions (taps, drags and flings shaped like recorded strokes, several
        fingers, takeovers, cancels, display frames at 30 to 240 Hz with jitter and dropped
        frames, late and mid-frame touches; pushes and field changes in a scene with dynamics),
        plays each live on the backend (default native-portable) and checks FlingTesting's
        built-in properties: finite, staysInRoom, settles, replayEqualsLive,
        sameAtEveryDisplayRate, sameOnEveryBackend (the other backends of its arithmetic this
        build has), predictionsComeTrue, restoreContinues (--properties picks some).

        The scene is FILE's first scene (a trace document: its viewport, tiles, configuration
        and solver iterations; or a snap scene document of kind chatHeads or sunSwitch: its
        heads or switch, configuration and dynamics; their inputs are not used), or --scene:
        photo-tiles (default; three tiles, Fling's defaults), room (the same tiles with a
        40-pt square and a 110 x 6 plank, the screen's edges as walls; half the fingers throw
        at a wall or a corner), chat-heads (three chat heads at the screen's side edges),
        chat-heads-dynamics (the same heads in walls under a noise field; sessions push them
        and change fields) or sun-switch (a sun switch, off).

        Session i is generated from a seed derived from --seed (default 1) and i alone: the
        same seed gives the same sessions on every machine. --sessions N (default 100) runs N
        of them; --seconds S stops starting new ones after S seconds (with both, whichever
        comes first). A progress line goes to standard error. --settle S (default 10) is how
        long, in session seconds, every tile or head has to settle once the app stops.

        The first session that fails a property is shrunk (fewer fingers, samples, frames,
        tiles or heads, pushes and field changes; rounder numbers) to a local minimum
        (--no-shrink keeps it whole); the message names the property, the tick and item, the
        seed, and the command that replays it. With --out DIR the shrunk session's recording
        is written there as a trace document, or a snap scene document in a snap scene
        (<property>-seed<seed>-session<i>.json, pinned; its name and notes say the property,
        the seed and the first failing tick).

        --bench measures instead: for each built-in scene (tile and snap animators, with and
        without dynamics) and backend of this build, --sessions N (default 20) sessions with
        every property checked and with none, and prints sessions per second
        (Benchmarks/PERFORMANCE.md).

        The summary gives the sessions, the ticks they stepped live, and per property the
        sessions in which it compared something: a property with nothing to compare in a
        session (sameOnEveryBackend without a peer backend of the arithmetic, staysInRoom in
        an open scene, predictionsComeTrue where nothing was released) is not checked there,
        and one never checked is listed with the reason; it is not counted as held.

        Exit status 0 when every property held where it was checked, 1 when one failed or
        nothing was checked (no session ran, or no property compared anything), 2 for a usage
        error.
        """
}
