/// Pixels quantised and encoded so far for one file, and the most it may take: by default about twenty times
/// a usual search of a 618 px, 8-frame sticker. An animation of hundreds of large frames stops there with the
/// best it found, instead of running for an hour; `exhausted` says so.
struct FitWorkBudget {
    static let standard = 1_000_000_000

    let limit: Int
    private(set) var spent = 0
    /// Settings encoded in full, each at the search's quick effort.
    private(set) var encodings = 0
    /// Whether an encoding was refused for want of budget.
    private(set) var exhausted = false

    init(limit: Int = Self.standard) { self.limit = limit }

    /// Counts pixels quantised and encoded for an estimate from sampled frames: a small share of a full
    /// encoding, never refused.
    mutating func spend(_ pixels: Int) { spent += pixels }

    /// Whether an encoding of `pixels` may go ahead, counting it when it may. The first encoding always may: a
    /// search that stopped before its first would have nothing to show for the file.
    mutating func allowsEncoding(of pixels: Int) -> Bool {
        guard spent + pixels <= limit || encodings == 0 else {
            exhausted = true
            return false
        }
        spent += pixels
        encodings += 1
        return true
    }
}
