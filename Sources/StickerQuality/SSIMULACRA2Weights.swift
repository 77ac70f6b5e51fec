import Foundation

/// ssimulacra2's tuned weights and its final mapping of their weighted sum to a 0-100-ish score.
///
/// The 108 weights are the published constants of the metric (libjxl `tools/ssimulacra2.cc`, BSD-3-Clause):
/// numbers the score must use to be ssimulacra2 at all. They are read in the order channel (X, Y, B),
/// scale (1:1 to 1:32), norm (1-norm, 4-norm), map (SSIM, artifact, detail lost).
enum SSIMULACRA2Weights {
    static let weights: [Double] = [
        0.0, 0.000_737_660_670_740_658_6, 0.0, 0.0, 0.000_779_348_168_286_730_9, 0.0,
        0.0, 0.000_437_115_573_010_737_9, 0.0, 1.104_172_642_665_734_6, 0.000_662_848_341_292_71,
        0.000_152_316_327_837_187_52, 0.0, 0.001_640_643_745_659_975_4, 0.0, 1.842_245_552_053_929_8,
        11.441_172_603_757_666, 0.0, 0.000_798_910_943_601_516_3, 0.000_176_816_438_078_653, 0.0,
        1.878_759_497_954_638_7, 10.949_069_906_051_42, 0.0, 0.000_728_934_699_150_807_2,
        0.967_793_708_062_683_3, 0.0, 0.000_140_034_242_854_358_84, 0.998_176_697_785_496_7,
        0.000_319_497_559_344_350_53, 0.000_455_099_211_379_206_3, 0.0, 0.0, 0.001_364_876_616_324_339_8,
        0.0, 0.0, 0.0, 0.0, 0.0, 7.466_890_328_078_848, 0.0, 17.445_833_984_131_262,
        0.000_623_560_163_404_146_6, 0.0, 0.0, 6.683_678_146_179_332, 0.000_377_244_079_796_112_96,
        1.027_889_937_768_264, 225.205_153_008_492_74, 0.0, 0.0, 19.213_238_186_143_016,
        0.001_140_152_458_661_836_1, 0.001_237_755_635_509_985, 176.393_175_984_506_94, 0.0, 0.0,
        24.433_009_998_704_76, 0.285_208_026_121_177_57, 0.000_448_543_692_383_340_8, 0.0, 0.0, 0.0,
        34.779_063_444_837_72, 44.835_625_328_877_896, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
        0.000_868_055_657_329_169_8, 0.0, 0.0, 0.0, 0.0, 0.0, 0.000_531_319_187_435_874_7, 0.0,
        0.000_165_338_141_613_791_12, 0.0, 0.0, 0.0, 0.0, 0.0, 0.000_417_917_180_325_133_6,
        0.001_729_082_823_472_283_3, 0.0, 0.002_082_700_584_663_643_7, 0.0, 0.0, 8.826_982_764_996_862,
        23.192_433_439_989_26, 0.0, 95.108_049_881_108_6, 0.986_397_803_440_068_2, 0.983_438_279_246_535_3,
        0.001_228_640_504_827_849_3, 171.266_725_589_730_7, 0.980_785_887_243_537_9, 0.0, 0.0, 0.0,
        0.000_513_006_458_899_067_9, 0.0, 0.000_108_540_578_584_115_37,
    ]

    /// The score of the per-scale errors, `scales[s][c]` for scale s and channel c.
    ///
    /// Like the reference, the weights are consumed in one running sequence: an image too small for all
    /// six scales shifts later channels onto other weights. Matching that keeps small images comparable
    /// with the reference's numbers.
    static func score(_ scales: [[ChannelErrors]]) -> Double {
        var sum = 0.0
        var index = 0
        for channel in 0..<3 {
            for scale in scales {
                let errors = scale[channel]
                let byNorm = [
                    (errors.ssim.mean, errors.artifact.mean, errors.detailLost.mean),
                    (errors.ssim.norm4, errors.artifact.norm4, errors.detailLost.norm4),
                ]
                for (ssim, artifact, detailLost) in byNorm {
                    sum += weights[index] * abs(ssim)
                    sum += weights[index + 1] * abs(artifact)
                    sum += weights[index + 2] * abs(detailLost)
                    index += 3
                }
            }
        }
        sum *= 0.956_238_261_683_484_4
        sum =
            2.326_765_642_916_932 * sum - 0.020_884_521_182_843_837 * sum * sum
            + 6.248_496_625_763_138e-05 * sum * sum * sum
        return sum > 0 ? 100 - 10 * pow(sum, 0.627_633_646_783_138_7) : 100
    }
}
