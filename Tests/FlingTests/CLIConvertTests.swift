import Foundation
import Testing
import Fling
@testable import FlingCLIKit

@Suite struct CLIConvertTests {
    /// `fling convert` of the Flutter CSV, with the fixture's name, notes and attribution and
    /// pinned every 30 ticks, is the fixture, byte for byte; a JSON trace converts to itself.
    @Test func convertReproducesTheFixtures() throws {
        let flutter = try SyntheticTraces.flutterStrokes()
        let result = FlingCommand.run([
            "convert", try fixturePath("flutter-velocity-tracker.csv"), "--pin", "--every", "30",
            "--name", try #require(flutter.name), "--notes", try #require(flutter.notes),
            "--attribution", try #require(flutter.attribution),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try Fixture.text("traces/flutter-strokes.json")))
        for file in ["tap.json", "two-fingers.json"] {
            let same = FlingCommand.run(["convert", try fixturePath("traces/\(file)")])
            #expect(same.stdout == (try Fixture.text("traces/\(file)")), "\(file)")
        }
    }

    @Test func convertUsageErrors() throws {
        let csv = try fixturePath("flutter-velocity-tracker.csv")
        for bad in [["--every", "30"], ["--backend", "native"], ["--every", "0", "--pin"], ["--pin", "--pin"]] {
            let r = FlingCommand.run(["convert", csv] + bad)
            #expect(r.status == 2 && r.stdout.isEmpty && !r.stderr.isEmpty, "\(bad)")
        }
    }

    /// Every command documents itself on stdout with status 0; `render --svg -` writes the
    /// picture to stdout and nothing else.
    @Test func helpAndRenderToStandardOutput() throws {
        for command in ["replay", "diff", "velocity", "render", "convert"] {
            for args in [[command, "--help"], ["help", command]] {
                let r = FlingCommand.run(args)
                #expect(r.status == 0 && r.stdout.hasPrefix("USAGE: fling \(command)") && r.stderr.isEmpty, "\(args)")
            }
        }
        #expect(FlingCommand.run(["help", "nonsense"]).status == 2)
        #expect(FlingCommand.run([]).status == 2)
        let svg = FlingCommand.run(["render", try fixturePath("traces/tap.json"), "--svg", "-", "--every", "3"])
        #expect(svg.status == 0 && svg.stderr.isEmpty)
        #expect(svg.stdout.hasPrefix("<?xml") && svg.stdout.hasSuffix("</svg>\n"))
        #expect(svg.stdout.contains("outline every 3 ticks"))
    }
}
