// swift-tools-version:6.0
import PackageDescription

// The pixel loops (decode, composite, hash) run optimised even in debug builds: unoptimised Swift is about
// 30 times slower there, which would make the test suite crawl through the corpora.
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "stickerpack",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stickerpack", targets: ["stickerpack"]),
        .library(name: "StickerImage", targets: ["StickerImage"]),
        .library(name: "StickerResample", targets: ["StickerResample"]),
        .library(name: "StickerQuality", targets: ["StickerQuality"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
    ],
    targets: [
        // The C libraries, found through pkg-config; Debian and Homebrew package names for hints.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        // XXH3: the candidate key of duplicate detection (pixels are compared exactly on a match).
        .systemLibrary(
            name: "CXXHash", pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        // libdeflate compresses the PNG/APNG image data the encoder writes (and computes its chunk CRCs).
        .systemLibrary(
            name: "CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // libpng and libjpeg report errors by longjmp: every call that may jump lives in this C target.
        // zlib (libpng's own dependency) measures compressed metadata chunks against libpng's chunk limit.
        .target(
            name: "CCodecs", dependencies: ["CPNG", "CJPEG"],
            cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "StickerJSON"),
        // What every module shares: the capped file reader, atomic writes, the folder boundary and listing,
        // SHA-256 for the manifest (with the CPU's SHA extensions, used when present; checked at run time).
        .target(name: "CDigest", cSettings: [.unsafeFlags(["-O2"])]),
        .target(name: "StickerSupport", dependencies: ["CDigest"]),
        // The PNG row filters and their costs, vectorised by the C compiler.
        .target(name: "CPNGFilters", cSettings: [.unsafeFlags(["-O2"])]),
        .target(
            name: "StickerImage", dependencies: ["StickerSupport", "CCodecs", "CGIF", "CDeflate", "CPNGFilters"],
            swiftSettings: optimised),
        .target(
            name: "StickerCatalog", dependencies: ["StickerSupport", "StickerImage", "StickerResample", "StickerJSON"]),
        // AVX2/FMA loops of the resampler, used only when the CPU has them (checked at run time).
        .target(name: "CResampleKernels", cSettings: [.unsafeFlags(["-O2"])]),
        .target(
            name: "StickerResample", dependencies: ["StickerSupport", "StickerImage", "CResampleKernels"],
            swiftSettings: optimised),
        // SSIMULACRA2 and the sticker score over light and dark backgrounds, for `fit`; its blur's AVX2/FMA loops.
        .target(name: "CQualityKernels", cSettings: [.unsafeFlags(["-O2"])]),
        .target(
            name: "StickerQuality",
            dependencies: ["StickerSupport", "StickerImage", "StickerResample", "CQualityKernels"],
            swiftSettings: optimised),
        .target(
            name: "StickerLint",
            dependencies: [
                "StickerImage", "StickerCatalog", "StickerSupport", "CXXHash", .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: optimised),
        .target(
            name: "StickerBuild",
            dependencies: [
                "StickerSupport", "StickerImage", "StickerResample", "StickerCatalog", "StickerLint", "StickerJSON",
                .product(name: "Yams", package: "Yams"),
            ]),
        // The contact sheet and the HTML report: backgrounds, a bitmap font, layout.
        .target(
            name: "StickerPreview",
            dependencies: ["StickerSupport", "StickerImage", "StickerResample", "StickerCatalog", "StickerLint"],
            swiftSettings: optimised),
        // `fit`: the lossless encoding, the scored search over the lossy knobs, the writing and the report.
        .target(
            name: "StickerFit",
            dependencies: [
                "StickerSupport", "StickerImage", "StickerResample", "StickerQuality", "StickerLint", "StickerCatalog",
                "StickerJSON",
            ],
            swiftSettings: optimised),
        .executableTarget(
            name: "stickerpack",
            dependencies: [
                "StickerSupport", "StickerImage", "StickerJSON", "StickerLint", "StickerCatalog", "StickerResample",
                "StickerBuild", "StickerPreview", "StickerQuality", "StickerFit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Renders the man page from `stickerpack --experimental-dump-help` (make man, make install).
        .executableTarget(name: "stickerpack-manual"),
        .executableTarget(
            name: "decode-bench", dependencies: ["StickerSupport", "StickerImage"], path: "Benchmarks/DecodeBench"),
        .executableTarget(
            name: "quality-bench", dependencies: ["StickerSupport", "StickerImage", "StickerQuality"],
            path: "Benchmarks/QualityBench"),
        .executableTarget(
            name: "resample-bench", dependencies: ["StickerImage", "StickerResample"],
            path: "Benchmarks/ResampleBench"),
        .executableTarget(
            name: "quantize-bench", dependencies: ["StickerSupport", "StickerImage", "StickerQuality"],
            path: "Benchmarks/QuantizeBench"),
        .executableTarget(
            name: "lossless-bench", dependencies: ["StickerSupport", "StickerImage"], path: "Benchmarks/LosslessBench"),
        // Fuzzing: the entry points (a library, so the tests replay findings) and the libFuzzer binary
        // (Tests/Fuzz/fuzz.sh).
        .target(name: "StickerFuzz", dependencies: ["StickerSupport", "StickerImage", "StickerCatalog"]),
        .executableTarget(name: "stickerpack-fuzz", dependencies: ["StickerFuzz"]),
        .testTarget(name: "StickerSupportTests", dependencies: ["StickerSupport"]),
        .testTarget(name: "StickerImageTests", dependencies: ["StickerImage", "StickerSupport"]),
        .testTarget(name: "StickerResampleTests", dependencies: ["StickerResample", "StickerImage"]),
        .testTarget(
            name: "StickerQualityTests", dependencies: ["StickerQuality", "StickerImage", "StickerResample"],
            exclude: ["Data"]),
        .testTarget(
            name: "StickerLintTests",
            dependencies: ["StickerLint", "StickerCatalog", "StickerImage", "StickerSupport"]),
        .testTarget(
            name: "StickerFitTests", dependencies: ["StickerFit", "StickerImage", "StickerQuality", "StickerCatalog"]),
        .testTarget(name: "StickerPreviewTests", dependencies: ["StickerPreview", "StickerImage"]),
        .testTarget(
            name: "StickerpackTests",
            dependencies: [
                "stickerpack", "StickerSupport", "StickerImage", "StickerJSON", "StickerPreview",
                .product(name: "Yams", package: "Yams"),
            ]),
        .testTarget(name: "StickerCatalogTests", dependencies: ["StickerCatalog"]),
        .testTarget(name: "StickerBuildTests", dependencies: ["StickerBuild", "StickerSupport"]),
        .testTarget(name: "StickerJSONTests", dependencies: ["StickerJSON"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["StickerFuzz"]),
    ]
)
