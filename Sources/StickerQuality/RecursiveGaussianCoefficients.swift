import Foundation

/// The coefficients of the recursive Gaussian that ssimulacra2 blurs with (libjxl's `CreateRecursiveGaussian`):
/// Charalampidis' approximation by three truncated cosines (2016, "Recursive Implementation of the Gaussian
/// Filter Using Truncated Cosine Functions"). Each term k = 1, 3, 5 is a second-order filter
/// `y[n] = n2 * (x[n - radius - 1] + x[n + radius - 1]) - d1 * y[n - 1] - y[n - 2]`, and the output is
/// the sum of the three. Derived here in Double from the paper's equations, as the reference does.
struct RecursiveGaussianCoefficients: Equatable {
    let radius: Int
    /// Input weights of the k = 1, 3, 5 terms (the paper's n_{k,2}).
    let n2: (Float, Float, Float)
    /// Feedback weights of the k = 1, 3, 5 terms (the paper's d_{k,1}).
    let d1: (Float, Float, Float)

    static let ssimulacra2 = RecursiveGaussianCoefficients(sigma: 1.5)

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.radius == rhs.radius && lhs.n2 == rhs.n2 && lhs.d1 == rhs.d1
    }

    init(sigma: Double) {
        // (57): the support that best fits a Gaussian of this sigma.
        let radius = (3.2795 * sigma + 0.2546).rounded()
        let step = Double.pi / (2 * radius)
        let omega = [step, 3 * step, 5 * step]
        // (37) and (44), signs alternating with k.
        let sign: [Double] = [1, -1, 1]
        let p = (0..<3).map { sign[$0] / tan(omega[$0] / 2) }
        let r = (0..<3).map { sign[$0] * p[$0] * p[$0] / sin(omega[$0]) }
        // (50): the Gaussian's spectrum at each cosine's frequency.
        let rho = omega.map { exp(-0.5 * sigma * sigma * $0 * $0) / radius }
        // (52)
        let d13 = p[0] * r[1] - r[0] * p[1]
        let d35 = p[1] * r[2] - r[1] * p[2]
        let d51 = p[2] * r[0] - r[2] * p[0]
        let zeta15 = d35 / d13
        let zeta35 = d51 / d13
        // (53)-(56): the weights beta that give unit gain, the Gaussian's variance and its spectrum.
        let beta = Self.solve(
            [
                [p[0], p[1], p[2]],
                [r[0], r[1], r[2]],
                [zeta15, zeta35, 1],
            ],
            [1, radius * radius - sigma * sigma, zeta15 * rho[0] + zeta35 * rho[1] + rho[2]])
        // (33)
        let n2 = (0..<3).map { Float(-beta[$0] * cos(omega[$0] * (radius + 1))) }
        let d1 = omega.map { Float(-2 * cos($0)) }
        self.radius = Int(radius)
        self.n2 = (n2[0], n2[1], n2[2])
        self.d1 = (d1[0], d1[1], d1[2])
    }

    /// Solves the 3x3 system `m * x = v` by Cramer's rule.
    private static func solve(_ m: [[Double]], _ v: [Double]) -> [Double] {
        func determinant(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let whole = determinant(m)
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row][column] = v[row] }
            return determinant(replaced) / whole
        }
    }
}
