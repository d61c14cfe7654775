// What a seeded scene document holds, in FlingScenes' own types: the counterpart of
// Documents.scene(recording:...), for whoever plays or draws it outside a replay (an app that
// runs the recorded emitter, picker or spawner itself, and FlingView, which draws a seeded
// scene's picture from this and the document's public replay). A snap scene's content (chat
// heads, the sun switch) is not given here: its motion is physics a replay runs.
import FlingCore
import FlingScenes

/// A seeded scene document's content (format `fling-scene`, kind `bubbles`, `dayNight` or
/// `clouds`): its scene as FlingScenes values, and how the document samples it.
/// ``FlingDocument/sceneContent`` gives it.
public struct SceneContent: Sendable {
    /// The scene, as a `BubbleEmitter`, a `DayNightPicker` or a `CloudSpawner` is made and driven
    /// to give it again.
    public enum Scene: Sendable {
        /// An emitter's configuration and seed, and its taps (seconds).
        case bubbles(BubbleEmitter.Configuration, seed: UInt64, taps: [Double])
        /// A picker's configuration, the time of day it shows at rest at time 0 (minutes), and
        /// its picks.
        case dayNight(DayNightPicker.Configuration, minutes: Double, picks: [DayNightPicker.Pick])
        /// A spawner's configuration and seed.
        case clouds(CloudSpawner.Configuration, seed: UInt64)
    }

    /// The document's name, if it has one.
    public var name: String?
    /// Its scene.
    public var scene: Scene
    /// Samples per second, and the seconds sampled (from 0).
    public var rate: Double
    public var duration: Double
    /// How many instants the document samples: ⌊duration · rate⌋ + 1.
    public var sampleCount: Int
}

extension FlingDocument {
    /// A seeded scene document's content (nil for any other kind of document, snap scenes
    /// included): read a `fling-scene` document with `Documents.read(_:)` and drive its emitter,
    /// picker or spawner in an app of your own.
    public var sceneContent: SceneContent? {
        func content<S>(_ d: SceneDocument<S>, _ scene: SceneContent.Scene) -> SceneContent {
            SceneContent(name: d.name, scene: scene, rate: d.sampling.rate, duration: d.sampling.duration, sampleCount: d.sampling.count)
        }
        if let d = self as? SceneDocument<BubblesScene> {
            return content(d, .bubbles(d.scene.configuration, seed: d.scene.seed, taps: d.scene.taps))
        }
        if let d = self as? SceneDocument<DayNightScene> {
            return content(d, .dayNight(d.scene.configuration, minutes: d.scene.minutes, picks: d.scene.picks))
        }
        if let d = self as? SceneDocument<CloudsScene> { return content(d, .clouds(d.scene.configuration, seed: d.scene.seed)) }
        return nil
    }
}
