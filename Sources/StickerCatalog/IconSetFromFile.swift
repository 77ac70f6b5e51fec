import StickerImage
import StickerResample
import StickerSupport

extension IconSetMaker {
    /// `icons`: the art file decoded (its first frame) and the set written as `folder`; returns the art decoded.
    public static func write(
        artFile: String, to folder: String, replacing: Bool, fit: Fit, background: SIMD3<UInt8>,
        filter: ResampleFilter, limits: DecodeLimits
    ) throws(PlainFailure) -> DecodedImage {
        let image = try ImageDecoder.decodeForCommand(artFile, limits: limits)
        do {
            try checkSizes(art: image.frames[0].image, fit: fit, limits: limits)
        } catch {
            throw PlainFailure(
                "\(artFile): the art is \(image.width)x\(image.height) px, too far from 4:3 for --fit \(fit.rawValue): "
                    + "\(error)\n  hint: crop the art nearer to 4:3, or use --fit contain")
        }
        do {
            try write(
                art: image.frames[0].image, to: folder, replacing: replacing, fit: fit, background: background,
                filter: filter, limits: limits)
        } catch {
            throw PlainFailure("\(error)")
        }
        return image
    }
}
