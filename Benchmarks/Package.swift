// swift-tools-version:6.0
import Foundation
import PackageDescription

// The Swift halves of `make bench`, apart from the product: they use stickerpack's libraries as any package
// would, through its library products. SwiftPM names a package found by path after its folder, which a clone
// may call anything, so the root's name is read from where this file lies.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
    .lowercased()

func library(_ name: String) -> Target.Dependency { .product(name: name, package: root) }

let package = Package(
    name: "stickerpack-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        // CPU time of the process: the machine is shared, so wall time would count other work.
        .target(name: "BenchSupport", path: "BenchSupport"),
        .executableTarget(name: "decode-bench", dependencies: [library("StickerImage")], path: "DecodeBench"),
        .executableTarget(
            name: "quality-bench", dependencies: ["BenchSupport", library("StickerImage"), library("StickerQuality")],
            path: "QualityBench"),
        .executableTarget(
            name: "resample-bench", dependencies: [library("StickerImage"), library("StickerResample")],
            path: "ResampleBench"),
        .executableTarget(
            name: "quantize-bench",
            dependencies: [
                "BenchSupport", library("StickerImage"), library("StickerPalette"), library("StickerQuality"),
            ],
            path: "QuantizeBench"),
        .executableTarget(
            name: "fit-cache-bench", dependencies: [library("StickerFit")], path: "FitCacheBench"),
        .executableTarget(
            name: "lossless-bench",
            dependencies: ["BenchSupport", library("StickerImage"), library("StickerLossless")],
            path: "LosslessBench"),
    ]
)
