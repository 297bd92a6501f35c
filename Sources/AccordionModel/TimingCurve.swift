/// The spec's timing curves as cubic Bézier functions, so frames inside a
/// transition sit where Core Animation would put them.
extension AnimationCurve {
    /// The two inner control points of the curve from (0, 0) to (1, 1), as the
    /// spec format lists them (`cubic-bezier(x1, y1, x2, y2)`).
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        }
    }

    /// The eased fraction of the movement done when `progress` (the linear
    /// fraction of the duration, clamped to 0…1) has elapsed: the curve's y for
    /// that x, with the Bézier parameter found by Newton's method and, should
    /// that not converge, by bisection, to well under 1e-6.
    ///
    /// - Parameter progress: The elapsed fraction of the duration.
    /// - Returns: The eased fraction, 0 at the start and 1 at the end.
    public func value(atProgress progress: Double) -> Double {
        if !(progress > 0) { return 0 }
        if progress >= 1 { return 1 }
        if self == .linear { return progress }
        let bezier = CubicBezier(controlPoints)
        return bezier.y(bezier.parameter(forX: progress))
    }
}

/// A cubic Bézier from (0, 0) to (1, 1) in polynomial form, so that sampling
/// and differentiating cost a few multiplications.
struct CubicBezier {
    private let ax, bx, cx, ay, by, cy: Double

    /// Builds the polynomial coefficients from the inner control points.
    init(_ points: (x1: Double, y1: Double, x2: Double, y2: Double)) {
        cx = 3 * points.x1
        bx = 3 * (points.x2 - points.x1) - cx
        ax = 1 - cx - bx
        cy = 3 * points.y1
        by = 3 * (points.y2 - points.y1) - cy
        ay = 1 - cy - by
    }

    /// x at parameter `s`.
    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    /// y at parameter `s`.
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }

    /// dx/ds at parameter `s`, for Newton's method.
    func dxds(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter `s` in 0…1 whose x is `target` (x is monotone there for
    /// the spec's curves): Newton first, bisection when Newton stalls or leaves 0…1.
    func parameter(forX target: Double) -> Double {
        let tolerance = 1e-12
        var s = target
        for _ in 0..<16 {
            let error = x(s) - target
            if abs(error) < tolerance { return s }
            let slope = dxds(s)
            if abs(slope) < 1e-9 { break }
            let next = s - error / slope
            if !(next >= 0 && next <= 1) { break }
            s = next
        }
        var low = 0.0
        var high = 1.0
        s = target
        for _ in 0..<100 {
            let value = x(s)
            if abs(value - target) < tolerance { return s }
            if value < target { low = s } else { high = s }
            s = (low + high) / 2
            if high - low < 1e-15 { break }
        }
        return s
    }
}
