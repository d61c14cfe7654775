// swift-tools-version: 6.1
import PackageDescription

/// Fling: a deterministic 2D physics engine for interface motion.
///
/// The Chipmunk backend sits behind the default-on `Chipmunk` trait. Build with
/// `--disable-default-traits` on a machine without `libchipmunk-dev` and you get the
/// native Swift backend alone, with the same API.
let chipmunk: TargetDependencyCondition? = .when(traits: ["Chipmunk"])

let package = Package(
    name: "Fling",
    products: [
        .library(name: "Fling", targets: ["Fling"]),
        // Fling's portable elementary functions alone: the same bits on every IEEE 754 machine.
        .library(name: "FlingMath", targets: ["FlingMath"]),
        .executable(name: "fling", targets: ["FlingCLI"]),
        .executable(name: "tile-bench", targets: ["TileBench"]),
        .executable(name: "path-bench", targets: ["PathBench"]),
        .executable(name: "scene-bench", targets: ["SceneBench"]),
        .executable(name: "math-accuracy", targets: ["MathAccuracy"]),
    ],
    traits: [
        .trait(name: "Chipmunk", description: "The Chipmunk 7 backend, over the system's libchipmunk."),
        .default(enabledTraits: ["Chipmunk"]),
    ],
    targets: [
        .systemLibrary(
            name: "CChipmunk",
            providers: [.apt(["libchipmunk-dev"]), .brew(["chipmunk"])]
        ),
        // One layer per module; nothing imports upward (see README, "Project layout").
        .target(name: "FlingMath"),
        .target(name: "FlingCore", dependencies: ["FlingMath"]),
        .target(name: "FlingNative", dependencies: ["FlingCore"]),
        // What a world snapshot reads and writes in Chipmunk's private structures: C, so that
        // Swift never sees their definitions (it would then import Chipmunk's handles as typed
        // pointers everywhere).
        .target(name: "CChipmunkSnapshot", dependencies: [.target(name: "CChipmunk", condition: chipmunk)]),
        .target(
            name: "FlingChipmunk",
            dependencies: [
                "FlingCore", .target(name: "CChipmunk", condition: chipmunk), .target(name: "CChipmunkSnapshot", condition: chipmunk),
            ]
        ),
        .target(name: "FlingInteraction", dependencies: ["FlingCore"]),
        .target(name: "FlingScenes", dependencies: ["FlingCore", "FlingPaths"]),
        .target(name: "FlingPaths", dependencies: ["FlingCore"]),
        .target(name: "FlingTraces", dependencies: ["FlingCore", "FlingInteraction", "FlingScenes", "FlingPaths"]),
        .target(
            name: "Fling",
            dependencies: [
                "FlingCore", "FlingNative", "FlingInteraction", "FlingScenes", "FlingTraces", "FlingPaths",
                .target(name: "FlingChipmunk", condition: chipmunk),
            ]
        ),
        .executableTarget(name: "FlingCLI", dependencies: ["Fling"]),
        .executableTarget(name: "TileBench", dependencies: ["Fling"], path: "Benchmarks/TileBench"),
        .executableTarget(name: "SceneBench", dependencies: ["Fling"], path: "Benchmarks/SceneBench"),
        .executableTarget(name: "PathBench", dependencies: ["FlingPaths"], path: "Benchmarks/PathBench"),
        .executableTarget(name: "MathAccuracy", dependencies: ["FlingCore", "FlingMath"], path: "Benchmarks/MathAccuracy"),
        .testTarget(
            name: "FlingTests",
            dependencies: [
                "Fling", "FlingCore", "FlingNative", "FlingInteraction", "FlingScenes", "FlingTraces", "FlingCLI",
                .target(name: "FlingChipmunk", condition: chipmunk),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "FlingPathsTests", dependencies: ["FlingPaths", "FlingCore"]),
        .testTarget(name: "FlingMathTests", dependencies: ["FlingMath", "FlingCore"]),
    ]
)
