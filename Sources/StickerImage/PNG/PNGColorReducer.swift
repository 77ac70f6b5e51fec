/// Chooses the smallest exact PNG layout for a set of images (the frames of an animation share one):
/// grey, grey with alpha, RGB, or a palette where the pixels allow, at the lowest bit depth that holds
/// them, with a tRNS colour key when transparency is all-or-nothing. Invisible pixels keep their colour,
/// so the file decodes to exactly the pixels given.
public enum PNGColorReducer {
    /// `forceOpaque` drops alpha (every pixel read as opaque), for images meant to have none.
    public static func layout(for images: [RGBAImage], forceOpaque: Bool = false) -> PNGPixelLayout {
        var survey = PixelSurvey()
        for image in images {
            image.pixels.withUnsafeBytes { survey.add($0.bindMemory(to: UInt32.self), forceOpaque: forceOpaque) }
        }
        let key = survey.transparentColor.flatMap { key in
            colorKeyUsable(key, survey: survey, images: images) ? key : nil
        }
        var layout = layout(for: survey, transparentKey: key)
        if forceOpaque { layout.alphaMask = 0xFF00_0000 }
        return layout
    }

    static func layout(for survey: PixelSurvey, transparentKey: UInt32?) -> PNGPixelLayout {
        let paletteDepth = survey.colors.map { bitDepth(forEntries: $0.colors.count) }
        let palette = survey.colors.map { PNGPixelLayout(palette: $0, bitDepth: paletteDepth!) }
        if survey.opaque || transparentKey != nil {
            if survey.grey {
                let greyDepth = survey.greyBitDepth
                // A palette wins only by a smaller bit depth: grey needs no PLTE and filters well.
                if let palette, paletteDepth! < greyDepth { return palette }
                return PNGPixelLayout(
                    colorType: .grey, bitDepth: greyDepth, palette: nil, transparentKey: transparentKey)
            }
            return palette
                ?? PNGPixelLayout(colorType: .rgb, bitDepth: 8, palette: nil, transparentKey: transparentKey)
        }
        if let palette { return palette }
        return survey.grey
            ? PNGPixelLayout(colorType: .greyAlpha, bitDepth: 8, palette: nil, transparentKey: nil) : .rgba
    }

    /// A colour key (tRNS for grey or RGB) is exact when alpha is all-or-nothing, every transparent pixel has
    /// the key's colour, and no opaque pixel does.
    static func colorKeyUsable(_ key: UInt32, survey: PixelSurvey, images: [RGBAImage]) -> Bool {
        guard survey.binaryAlpha, survey.transparentColorsAgree, !survey.opaque else { return false }
        let opaqueKey = key | 0xFF00_0000
        for image in images {
            let clash = image.pixels.withUnsafeBytes { $0.bindMemory(to: UInt32.self).contains(opaqueKey) }
            if clash { return false }
        }
        return true
    }

    static func bitDepth(forEntries count: Int) -> Int {
        count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
    }
}

extension PNGPixelLayout {
    /// A palette layout; translucent entries first, so tRNS stays short.
    init(palette table: ColorTable, bitDepth: Int) {
        let colors = table.colors.sorted { ($0 >> 24 == 255 ? 1 : 0, $0) < ($1 >> 24 == 255 ? 1 : 0, $1) }
        self.init(colorType: .palette, bitDepth: bitDepth, palette: ColorTable(colors), transparentKey: nil)
    }
}
