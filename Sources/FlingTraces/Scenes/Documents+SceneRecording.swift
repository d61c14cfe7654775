// A seeded scene's recording as a document. A bubble emitter's, a day-night picker's or a cloud
// spawner's state is a closed form of its configuration, seed and inputs, so its recording is
// that state taken at once, with how to sample it (a snap scene is recorded as it runs:
// SnapSceneRecorder). The document is validated before it is returned, as a read one is.
import FlingCore
import FlingScenes

extension Documents {
    /// A `fling-scene` document of `emitter` as it stands (its configuration, seed and every
    /// tap so far), sampled `rate` times a second from 0 to `duration` seconds.
    ///
    /// Throws `notFinite` or `outOfRange` naming `sampling.rate` or `sampling.duration` unless
    /// `rate` lies in 1...1000 and `duration` in 0...3600, and what reading the document would
    /// throw (more bubbles than a document may make).
    public static func scene(
        recording emitter: BubbleEmitter, rate: Double = 60, duration: Double, name: String? = nil, notes: String? = nil
    ) throws(FlingError) -> any FlingDocument {
        try validated(SceneDocument(recording: emitter, sampling: SceneSampling(rate: rate, duration: duration), name: name), notes)
    }

    /// A `fling-scene` document of `picker` as it stands (its configuration, first time and
    /// every pick so far), sampled `rate` times a second from 0 to `duration` seconds; throws
    /// as a bubble emitter's recording does.
    public static func scene(
        recording picker: DayNightPicker, rate: Double = 60, duration: Double, name: String? = nil, notes: String? = nil
    ) throws(FlingError) -> any FlingDocument {
        try validated(SceneDocument(recording: picker, sampling: SceneSampling(rate: rate, duration: duration), name: name), notes)
    }

    /// A `fling-scene` document of `spawner` (its configuration and seed), sampled `rate` times
    /// a second from 0 to `duration` seconds; throws as a bubble emitter's recording does.
    public static func scene(
        recording spawner: CloudSpawner, rate: Double = 60, duration: Double, name: String? = nil, notes: String? = nil
    ) throws(FlingError) -> any FlingDocument {
        try validated(SceneDocument(recording: spawner, sampling: SceneSampling(rate: rate, duration: duration), name: name), notes)
    }

    private static func validated<Scene>(_ document: SceneDocument<Scene>, _ notes: String?) throws(FlingError) -> any FlingDocument {
        var document = document
        document.notes = notes
        try document.validate()
        return document
    }
}
