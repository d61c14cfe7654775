// swift-tools-version: 6.1
import PackageDescription

/// Fling: a deterministic 2D physics engine for interface motion.
///
/// The Chipmunk backend sits behind the default-on `Chipmunk` trait. Build with
/// `--disable-default-traits` on a machine without `libchipmunk-dev` and you get the
/// native Swift backend alone, with the same API. One layer per module; nothing imports upward
/// (README.md, "Project layout").
let chipmunk: TargetDependencyCondition? = .when(traits: ["Chipmunk"])

// MARK: - Products

let products: [Product] = [
    // `import Fling`: the engine: the vocabulary, the curves, the tile and snap interactions, the
    // backends and the default one.
    .library(name: "Fling", targets: ["Fling"]),
    // The wrapper over Chipmunk 7 alone (`ChipmunkBackend`; with the `Chipmunk` trait): not in the
    // umbrella, whose surface is then the same with the trait on or off (`BackendKind` makes it).
    .library(name: "FlingChipmunk", targets: ["FlingChipmunk"]),
    // Fling's portable elementary functions alone: the same bits on every IEEE 754 machine.
    .library(name: "FlingMath", targets: ["FlingMath"]),
    // Spring tunings in every dialect, timing functions and bounce keyframes alone.
    .library(name: "FlingCurves", targets: ["FlingCurves"]),
    // SVG path data, Bezier geometry and keyframe morphing alone (the timing functions are FlingCurves').
    .library(name: "FlingPaths", targets: ["FlingPaths"]),
    // The seeded scenes (bubbles, the day-night picker, clouds) alone.
    .library(name: "FlingScenes", targets: ["FlingScenes"]),
    // Recording and replaying: traces, scene and path documents, runs (FlingTesting re-exports it).
    .library(name: "FlingTraces", targets: ["FlingTraces"]),
    // All drawing: the replay page (one self-contained HTML file from any run) and every document's
    // SVG picture (`import FlingView`; not in the umbrella).
    .library(name: "FlingView", targets: ["FlingView"]),
    // Gestures as properties: seeded touch sessions, properties, shrinking; and the conformance
    // suite of a backend (`import FlingTesting` in an app's tests; not in the umbrella).
    .library(name: "FlingTesting", targets: ["FlingTesting"]),
    // What users run.
    .executable(name: "fling", targets: ["FlingCLI"]),
    .executable(name: "tile-bench", targets: ["TileBench"]),
    .executable(name: "path-bench", targets: ["PathBench"]),
    .executable(name: "scene-bench", targets: ["SceneBench"]),
    .executable(name: "math-accuracy", targets: ["MathAccuracy"]),
]

// MARK: - Library targets

let libraryTargets: [Target] = [
    .target(name: "FlingMath"),
    .target(name: "FlingCore", dependencies: ["FlingMath"]),
    .target(name: "FlingCurves", dependencies: ["FlingCore"]),
    .target(name: "FlingNative", dependencies: ["FlingCore", "_FlingSolver"]),
    .target(
        name: "FlingChipmunk",
        dependencies: [
            "FlingCore", "_FlingSolver", .target(name: "CChipmunk", condition: chipmunk),
            .target(name: "CChipmunkSnapshot", condition: chipmunk),
        ]),
    .target(name: "FlingInteraction", dependencies: ["FlingCore", "FlingCurves", "_FlingCoding"]),
    .target(name: "FlingPaths", dependencies: ["FlingCore", "FlingCurves"]),
    .target(name: "FlingScenes", dependencies: ["FlingCore", "FlingCurves", "FlingPaths"]),
    .target(
        name: "FlingTraces", dependencies: ["FlingCore", "FlingCurves", "FlingInteraction", "FlingScenes", "FlingPaths", "_FlingCoding"]),
    // The page's script and style are files of their own, compiled into the module as bytes
    // (no resource bundle to find at run time: the page is one string, whatever runs it).
    .target(
        name: "FlingView", dependencies: ["FlingCore", "FlingInteraction", "FlingPaths", "FlingScenes", "FlingTraces", "_FlingCoding"],
        resources: [.embedInCode("Page/replay.js"), .embedInCode("Page/replay.css")]),
    .target(
        name: "Fling",
        dependencies: [
            "FlingCore", "FlingCurves", "FlingNative", "FlingInteraction",
            .target(name: "FlingChipmunk", condition: chipmunk),
        ]
    ),
    .target(name: "FlingTesting", dependencies: ["Fling", "FlingTraces"]),
]

// MARK: - Implementation details

let implementationTargets: [Target] = [
    // What both backends run and no user calls: the velocity update (`Motion`), the wall sweep,
    // value noise, the per-world spring stability bound.
    .target(name: "_FlingSolver", dependencies: ["FlingCore"]),
    // The byte form of snapshots: the writer and reader, and the byte schema of each value of
    // the core and the curves; and the text every layer writes (numbers, JSON strings, base64).
    .target(name: "_FlingCoding", dependencies: ["FlingCore", "FlingCurves"]),
    // Debian's libchipmunk-dev (headers in /usr/include/chipmunk, no pkg-config file).
    .systemLibrary(name: "CChipmunk", providers: [.apt(["libchipmunk-dev"]), .brew(["chipmunk"])]),
    // What a world snapshot reads and writes in Chipmunk's private structures: C, so that Swift
    // never sees their definitions (it would then import Chipmunk's handles as typed pointers
    // everywhere). Its source compiles to nothing where Chipmunk's headers are missing.
    .target(name: "CChipmunkSnapshot", dependencies: [.target(name: "CChipmunk", condition: chipmunk)]),
    // What `fling` runs, as a library (not a product) so that the tests and the test support
    // call its commands in-process: the commands, argument parsing, bounded file IO, output, the
    // options that pick a backend and display rate.
    .target(name: "FlingCLIKit", dependencies: ["Fling", "FlingTraces", "FlingView", "FlingTesting", "_FlingCoding"]),
]

// MARK: - Executables

let executableTargets: [Target] = [
    .executableTarget(name: "FlingCLI", dependencies: ["FlingCLIKit"]),
    .executableTarget(name: "TileBench", dependencies: ["Fling", "FlingTraces", "FlingView", "FlingFloor"], path: "Benchmarks/TileBench"),
    // tile-bench's floor rows: the workload's per-tile work in plain C (no Fling, no Chipmunk).
    .target(
        name: "FlingFloor", path: "Benchmarks/FlingFloor", cSettings: [.unsafeFlags(["-gdwarf-4"])],
        linkerSettings: [.linkedLibrary("m")]),
    .executableTarget(name: "SceneBench", dependencies: ["Fling", "FlingScenes"], path: "Benchmarks/SceneBench"),
    .executableTarget(name: "PathBench", dependencies: ["FlingPaths", "FlingPathsTestSupport"], path: "Benchmarks/PathBench"),
    .executableTarget(name: "MathAccuracy", dependencies: ["FlingCore", "FlingMath"], path: "Benchmarks/MathAccuracy"),
]

// MARK: - Tests

let testTargets: [Target] = [
    // The jumping pin's keyframes and animation, the dots and the sampled digests that the tests
    // pin and `path-bench --digests` prints (FlingPaths keeps what the documentation teaches).
    .target(name: "FlingPathsTestSupport", dependencies: ["FlingPaths"], path: "Tests/FlingPathsTestSupport"),
    // Test support, neither a product nor imported by one: the surface walk, the self-tests, the
    // soak, the crafted documents, the dynamics scripts and the planted faults, which the tests
    // import and `FlingSelfTest` runs for them and for .ci/. It reads internals through
    // `@testable import`, which needs modules built for testing: FLING_TESTABLE marks debug builds,
    // and a release build keeps only the commands CI runs optimized (the soak, the dynamics digest).
    .target(
        name: "FlingTestSupport",
        dependencies: [
            "Fling", "FlingCore", "FlingCurves", "_FlingSolver", "_FlingCoding", "FlingNative", "FlingInteraction", "FlingScenes",
            "FlingTraces", "FlingPaths", "FlingView",
            "FlingTesting", "FlingCLIKit", "FlingPathsTestSupport", .target(name: "FlingChipmunk", condition: chipmunk),
        ],
        path: "Tests/FlingTestSupport",
        swiftSettings: [.define("FLING_TESTABLE", .when(configuration: .debug))]),
    .executableTarget(name: "FlingSelfTest", dependencies: ["FlingTestSupport"], path: "Tests/FlingSelfTest"),
    .testTarget(
        name: "FlingTests",
        dependencies: [
            "Fling", "FlingCore", "FlingCurves", "_FlingSolver", "_FlingCoding", "FlingNative", "FlingInteraction", "FlingScenes",
            "FlingTraces", "FlingPaths", "FlingView", "FlingCLIKit",
            "FlingTestSupport", "FlingPathsTestSupport", "FlingTesting", .target(name: "FlingChipmunk", condition: chipmunk),
        ],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "FlingPathsTests", dependencies: ["FlingPaths", "FlingCore", "FlingCurves", "FlingView", "FlingPathsTestSupport"]),
    .testTarget(name: "FlingMathTests", dependencies: ["FlingMath", "FlingCore"]),
]

let package = Package(
    name: "Fling",
    products: products,
    traits: [
        .trait(name: "Chipmunk", description: "The Chipmunk 7 backend, over the system's libchipmunk."),
        .default(enabledTraits: ["Chipmunk"]),
    ],
    targets: libraryTargets + implementationTargets + executableTargets + testTargets
)
