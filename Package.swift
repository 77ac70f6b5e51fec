// swift-tools-version:6.0
import PackageDescription

// No unsafe flags, so that any package may depend on the libraries. The Makefile's debug builds pass -O (Swift)
// and -O2 (C) themselves: unoptimised pixel loops are about 30 times slower, which would make the tests crawl.
let package = Package(
    name: "stickerpack",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stickerpack", targets: ["stickerpack"]),
        // The libraries others may build on (the benchmarks, in Benchmarks/Package.swift, do).
        .library(name: "StickerImage", targets: ["StickerImage"]),
        .library(name: "StickerPalette", targets: ["StickerPalette"]),
        .library(name: "StickerLossless", targets: ["StickerLossless"]),
        .library(name: "StickerResample", targets: ["StickerResample"]),
        .library(name: "StickerQuality", targets: ["StickerQuality"]),
        // fit as a library: one file at a time (`StickerFitter`), or a batch (`FitBatch`).
        .library(name: "StickerFit", targets: ["StickerFit"]),
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
        // XXH3-128: how equal pixels and inputs are known without keeping them (StickerSupport's `Digest128`).
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
            name: "CCodecs", dependencies: ["CPNG", "CJPEG"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "StickerJSON"),
        // What every module shares: the capped file reader, atomic writes, the folder boundary and listing,
        // SHA-256 for the manifest (with the CPU's SHA extensions, used when present; checked at run time), and
        // XXH3-128 digests (`Digest128`).
        .target(name: "CDigest"),
        // The C library's allocator settings (glibc's mallopt), which Swift's Glibc module does not reach.
        .target(name: "CPlatform"),
        .target(name: "StickerSupport", dependencies: ["CDigest", "CPlatform", "CXXHash"]),
        // The PNG row filters and their costs, vectorised by the C compiler.
        .target(name: "CPNGFilters"),
        // The palette quantiser: median cut and k-means in Oklab, adaptive dithering; plain RGBA pixels in and out.
        // The dithered remap's serial loop with AVX, used only when the CPU has it (checked at run time).
        .target(name: "CPaletteKernels"),
        .target(name: "StickerPalette", dependencies: ["StickerSupport", "CPaletteKernels"]),
        // The codecs: decoders over the C libraries, the project's own PNG, APNG, GIF and JPEG encoders.
        .target(
            name: "StickerImage",
            dependencies: ["StickerSupport", "StickerPalette", "CCodecs", "CGIF", "CDeflate", "CPNGFilters"]),
        // The lossless step of `fit`: each format re-encoded at full effort, kept only when it decodes to the same.
        .target(
            name: "StickerLossless", dependencies: ["StickerSupport", "StickerImage", "CCodecs"]),
        .target(
            name: "StickerCatalog", dependencies: ["StickerSupport", "StickerImage", "StickerResample", "StickerJSON"]),
        // AVX2/FMA loops of the resampler, used only when the CPU has them (checked at run time).
        .target(name: "CResampleKernels"),
        .target(
            name: "StickerResample", dependencies: ["StickerSupport", "StickerImage", "CResampleKernels"]),
        // SSIMULACRA2 and the sticker score over light and dark backgrounds, for `fit`; its blur's AVX2/FMA loops.
        .target(name: "CQualityKernels"),
        .target(
            name: "StickerQuality",
            dependencies: ["StickerSupport", "StickerImage", "StickerResample", "CQualityKernels"]),
        .target(
            name: "StickerLint",
            dependencies: [
                "StickerImage", "StickerCatalog", "StickerSupport", .product(name: "Yams", package: "Yams"),
            ]),
        .target(
            name: "StickerBuild",
            dependencies: [
                "StickerSupport", "StickerImage", "StickerResample", "StickerCatalog", "StickerLint", "StickerJSON",
                "StickerFit",
                .product(name: "Yams", package: "Yams"),
            ]),
        // `build --xcode-project`: the Sticker Pack App project around a built catalog (project file, scheme, plists).
        .target(name: "StickerXcode", dependencies: ["StickerSupport", "StickerBuild", "StickerCatalog"]),
        // The contact sheet and the HTML report: backgrounds, a bitmap font, layout.
        .target(
            name: "StickerPreview",
            dependencies: ["StickerSupport", "StickerImage", "StickerResample", "StickerCatalog", "StickerLint"]),
        // Every report for people and machines: lint's seven formats, fit's, compare's and info's, the progress bar.
        .target(
            name: "StickerReport",
            dependencies: [
                "StickerSupport", "StickerImage", "StickerJSON", "StickerLint", "StickerPreview", "StickerQuality",
                "StickerFit", "StickerBuild", "StickerXcode",
            ]),
        // `fit`: the lossless encoding, the scored search over the lossy knobs, the writing and the report.
        .target(
            name: "StickerFit",
            dependencies: [
                "StickerSupport", "StickerImage", "StickerPalette", "StickerLossless", "StickerResample",
                "StickerQuality",
                "StickerLint", "StickerCatalog", "StickerJSON",
            ]),
        .executableTarget(
            name: "stickerpack",
            dependencies: [
                "StickerSupport", "StickerImage", "StickerJSON", "StickerLint", "StickerCatalog", "StickerResample",
                "StickerBuild", "StickerPreview", "StickerQuality", "StickerFit", "StickerReport", "StickerXcode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Renders the man page from `stickerpack --experimental-dump-help` (make man, make install).
        .executableTarget(name: "stickerpack-manual"),
        // Fuzzing: the entry points (a library, so the tests replay findings) and the libFuzzer binary
        // (Tests/Fuzz/fuzz.sh).
        .target(name: "StickerFuzz", dependencies: ["StickerSupport", "StickerImage", "StickerCatalog"]),
        .executableTarget(name: "stickerpack-fuzz", dependencies: ["StickerFuzz"]),
        .testTarget(name: "StickerSupportTests", dependencies: ["StickerSupport"]),
        // What several test targets share: the vendored corpora's index, test pixels, PNG facts.
        .target(name: "TestSupport", dependencies: ["StickerImage"], path: "Tests/TestSupport"),
        .testTarget(name: "StickerImageTests", dependencies: ["StickerImage", "StickerSupport", "TestSupport"]),
        .testTarget(name: "StickerPaletteTests", dependencies: ["StickerPalette", "StickerImage", "TestSupport"]),
        .testTarget(
            name: "StickerLosslessTests",
            dependencies: ["StickerLossless", "StickerImage", "StickerPalette", "StickerSupport", "TestSupport"]),
        .testTarget(name: "StickerResampleTests", dependencies: ["StickerResample", "StickerImage"]),
        .testTarget(
            name: "StickerQualityTests",
            dependencies: ["StickerQuality", "StickerImage", "StickerPalette", "StickerResample"],
            exclude: ["Data"]),
        .testTarget(
            name: "StickerLintTests",
            dependencies: ["StickerLint", "StickerCatalog", "StickerImage", "StickerSupport"]),
        .testTarget(
            name: "StickerFitTests",
            dependencies: ["StickerFit", "StickerImage", "StickerQuality", "StickerCatalog", "TestSupport"]),
        .testTarget(
            name: "StickerReportTests",
            dependencies: ["StickerReport", "StickerLint", "StickerImage", "StickerQuality", "StickerJSON"]),
        .testTarget(name: "StickerPreviewTests", dependencies: ["StickerPreview", "StickerImage"]),
        .testTarget(
            name: "StickerpackTests",
            dependencies: [
                "stickerpack", "StickerSupport", "StickerImage", "StickerJSON", "StickerPreview",
                .product(name: "Yams", package: "Yams"),
            ]),
        .testTarget(name: "StickerCatalogTests", dependencies: ["StickerCatalog"]),
        .testTarget(name: "StickerBuildTests", dependencies: ["StickerBuild", "StickerSupport"]),
        .testTarget(name: "StickerXcodeTests", dependencies: ["StickerXcode", "StickerBuild", "StickerSupport"]),
        .testTarget(name: "StickerJSONTests", dependencies: ["StickerJSON"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["StickerFuzz"]),
    ]
)
