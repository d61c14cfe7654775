// What a scene document holds, in the engine's own types: the counterpart of
// Documents.scene(recording:...) and SnapSceneRecorder, for whoever plays or draws it outside a
// replay (an app that runs the recorded emitter, picker or spawner itself, and FlingView, which
// draws every scene's picture from this and the document's public replay). A snap scene's
// motion is physics its replay runs: its content is its setup, not its motion.
import FlingCore
import FlingInteraction
import FlingScenes

/// A scene document's content (format `fling-scene`): a seeded scene (kind `bubbles`,
/// `dayNight` or `clouds`) as FlingScenes values, or a snap scene (kind `chatHeads` or
/// `sunSwitch`) as its configuration and touches, and how the document samples it.
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
        /// Chat heads: their configuration, each head's home center and the snap
        /// configuration's dynamics (the touches applied are the replay's, `Run.inputs`).
        case chatHeads(ChatHeads.Configuration, heads: [Vector], dynamics: DynamicsSettings)
        /// A sun switch: its configuration, whether it starts on, and its dynamics.
        case sunSwitch(SunSwitch.Configuration, isOn: Bool, dynamics: DynamicsSettings)
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
    /// The snap configuration a snap scene runs (the default `SnapConfiguration` but for the
    /// dynamics, touch rules and scale the document records): make its `ChatHeads` or
    /// `SunSwitch` with it, on a backend of ``SnapSceneRecorder/solverIterations``, to play it
    /// as it was recorded. Nil for a seeded scene.
    public var snapConfiguration: SnapConfiguration? = nil
}

extension FlingDocument {
    /// A scene document's content (nil for any other kind of document): read a `fling-scene`
    /// document with `Documents.read(_:)` and drive its emitter, picker or spawner in an app of
    /// your own, or set up its chat heads or sun switch (the touches are its replay's).
    public var sceneContent: SceneContent? {
        func content<S>(_ d: SceneDocument<S>, _ scene: SceneContent.Scene, snap: SnapConfiguration? = nil) -> SceneContent {
            SceneContent(
                name: d.name, scene: scene, rate: d.sampling.rate, duration: d.sampling.duration, sampleCount: d.sampling.count,
                snapConfiguration: snap)
        }
        if let d = self as? SceneDocument<BubblesScene> {
            return content(d, .bubbles(d.scene.configuration, seed: d.scene.seed, taps: d.scene.taps))
        }
        if let d = self as? SceneDocument<DayNightScene> {
            return content(d, .dayNight(d.scene.configuration, minutes: d.scene.minutes, picks: d.scene.picks))
        }
        if let d = self as? SceneDocument<CloudsScene> { return content(d, .clouds(d.scene.configuration, seed: d.scene.seed)) }
        if let d = self as? SceneDocument<ChatHeadsScene> {
            let s = d.scene
            return content(
                d, .chatHeads(s.configuration, heads: s.heads, dynamics: s.dynamics),
                snap: s.snapConfiguration())
        }
        if let d = self as? SceneDocument<SunSwitchScene> {
            let s = d.scene
            return content(d, .sunSwitch(s.configuration, isOn: s.isOn, dynamics: s.dynamics), snap: s.snapConfiguration())
        }
        return nil
    }
}
