import StickerCatalog
import StickerImage
import StickerResample

/// The pixel size of an output: the art scaled (aspect kept), on a canvas with transparent margins where its
/// short side is under 300 px.
public struct OutputGeometry: Hashable, Sendable {
    public var artWidth: Int
    public var artHeight: Int
    public var width: Int
    public var height: Int

    init(artWidth: Int, artHeight: Int) {
        self.artWidth = artWidth
        self.artHeight = artHeight
        // `base` and `smallerClasses` make art with a side under 300 px: margins bring that side to 300.
        width = max(artWidth, FitOptions.sides.lowerBound)
        height = max(artHeight, FitOptions.sides.lowerBound)
    }

    public var isPadded: Bool { width != artWidth || height != artHeight }

    /// The size that brings both sides into 300-618 px, aspect kept: down to the fixed class (or to 618) when
    /// larger; a short side under 300 gets transparent margins up to 300. Art whose longer side is under 300
    /// too is first scaled up until that side is 300, unless that would grow it by less than a quarter (256 px
    /// art): margins then. Margins rather than a larger scale keep the art's pixels as they were (a small
    /// upscale only blurs, and turns a GIF's hard alpha edges soft, which GIF cannot show), and transparent
    /// margins cost almost no bytes.
    static func base(width: Int, height: Int, sizeClass: SizeClass?) -> OutputGeometry {
        let longer = Double(max(width, height))
        let ceiling = Double(sizeClass?.pixels ?? FitOptions.sides.upperBound)
        let floor = Double(FitOptions.sides.lowerBound)
        let scale = longer * smallestGrowth < floor ? floor / longer : min(1, ceiling / longer)
        return scaled(width: width, height: height, by: scale)
    }

    /// Art is scaled up only when that grows it by at least this much; less, and it gets margins instead.
    static let smallestGrowth = 1.25

    static func scaled(width: Int, height: Int, by scale: Double) -> OutputGeometry {
        func side(_ value: Int) -> Int {
            min(FitOptions.sides.upperBound, max(1, Int((Double(value) * scale).rounded())))
        }
        return OutputGeometry(artWidth: side(width), artHeight: side(height))
    }

    /// Smaller size classes (408, then 300 px on the long side), a short side under 300 px brought to 300 by
    /// transparent margins. Wide art that cannot look right at its own size often looks right smaller: the ladder
    /// of sizes a power user scripts stops at 300 px on the long side, and a sticker's sides must stay 300 or more.
    func smallerClasses() -> [OutputGeometry] {
        guard !isPadded else { return [] }
        let longer = max(artWidth, artHeight)
        return SizeClass.allCases.map(\.pixels).filter { $0 < longer }.sorted(by: >).map { side in
            Self.scaled(width: artWidth, height: artHeight, by: Double(side) / Double(longer))
        }
    }

    /// `image` at this size: resampled with the project's resampler, centred on a transparent canvas if padded.
    func apply(to image: DecodedImage) -> DecodedImage {
        var result = image
        if image.width != artWidth || image.height != artHeight {
            result = image.resized(width: artWidth, height: artHeight)
        }
        guard isPadded else { return result }
        let (left, top) = ((width - artWidth) / 2, (height - artHeight) / 2)
        result.frames = result.frames.map { frame in
            var canvas = RGBAImage(width: width, height: height)
            for row in 0..<artHeight {
                let from = row * artWidth * 4
                let to = ((top + row) * width + left) * 4
                canvas.pixels[to..<to + artWidth * 4] = frame.image.pixels[from..<from + artWidth * 4]
            }
            return AnimationFrame(image: canvas, delayMs: frame.delayMs)
        }
        result.width = width
        result.height = height
        return result
    }

    /// The art without its margins, so a padded output is scored against the source it was scaled from.
    func art(of image: DecodedImage) -> DecodedImage {
        guard isPadded, image.width == width, image.height == height else { return image }
        let (left, top) = ((width - artWidth) / 2, (height - artHeight) / 2)
        var result = image
        result.frames = image.frames.map { frame in
            var art = RGBAImage(width: artWidth, height: artHeight)
            for row in 0..<artHeight {
                let from = ((top + row) * width + left) * 4
                art.pixels[row * artWidth * 4..<(row + 1) * artWidth * 4] =
                    frame.image.pixels[from..<from + artWidth * 4]
            }
            return AnimationFrame(image: art, delayMs: frame.delayMs)
        }
        result.width = artWidth
        result.height = artHeight
        return result
    }
}
