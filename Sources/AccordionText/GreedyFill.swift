import AccordionModel

/// Lines filled greedily over a paragraph's clusters and its line break
/// opportunities: the one fill of both measures, the metric one's over
/// whole units (`UnicodeTextMeasure`, hundredths of an em) and the font
/// one's over shaped advances in points.
///
/// A line takes segments (the clusters between two opportunities that are
/// cluster boundaries) while their advance, its trailing spaces excluded,
/// fits; a segment wider than a line starts a new line and is cut at
/// cluster boundaries, as many clusters a line as fit (at least one; a
/// space inside the segment, after an opening bracket or before a closing
/// one, ends a piece and never starts one), the last piece staying on its
/// line for what follows.
enum GreedyFill {
    /// Fills the lines of one paragraph (no LF, whitespace collapsed).
    ///
    /// - Parameters:
    ///   - ends: The clusters' UTF-8 ends.
    ///   - advances: Each cluster's advance.
    ///   - space: Whether each cluster is one space.
    ///   - opportunities: The UTF-8 offsets a line may break at, ascending.
    ///   - fits: Whether a line of that advance fits.
    ///   - emit: Called with each line's UTF-8 range, trailing spaces
    ///     excluded, and its advance, top to bottom.
    @inline(__always)
    static func fill<Advance: AdditiveArithmetic>(ends: [Int], advances: [Advance], space: [Bool], opportunities: [Int],
                                                  fits: (Advance) -> Bool, emit: (Range<Int>, Advance) -> Void) {
        var lineStart = 0, lineEnd = 0, lineWidth = Advance.zero, lineEmpty = true
        var pendingSpace = Advance.zero  // the placed segment's trailing spaces, counted once something follows
        var cluster = 0  // the first cluster of the segment under way
        var nextOpportunity = 0
        while cluster < ends.count {
            let start = cluster == 0 ? 0 : ends[cluster - 1]
            // The segment: clusters up to the next opportunity that is a cluster boundary.
            while nextOpportunity < opportunities.count, opportunities[nextOpportunity] <= start { nextOpportunity += 1 }
            var last = cluster
            while last + 1 < ends.count {
                if nextOpportunity < opportunities.count, ends[last] >= opportunities[nextOpportunity] {
                    if ends[last] == opportunities[nextOpportunity] { break }
                    nextOpportunity += 1  // inside a cluster: not a break
                    continue
                }
                last += 1
            }
            // Its content (trailing spaces excluded) and their advances.
            var contentLast = last
            var spaceWidth = Advance.zero
            while contentLast >= cluster, space[contentLast] {
                spaceWidth += advances[contentLast]
                contentLast -= 1
            }
            var contentWidth = Advance.zero
            if contentLast >= cluster { for i in cluster...contentLast { contentWidth += advances[i] } }
            let contentEnd = contentLast >= cluster ? ends[contentLast] : start

            if !lineEmpty, fits(lineWidth + pendingSpace + contentWidth) {
                lineWidth += pendingSpace + contentWidth
                lineEnd = contentEnd
            } else {
                if !lineEmpty { emit(lineStart..<lineEnd, lineWidth) }
                if fits(contentWidth) || contentLast < cluster {
                    lineStart = start
                    lineEnd = contentEnd
                    lineWidth = contentWidth
                } else {
                    // Wider than a line: as many clusters a line as fit, at least one.
                    var pieceStart = start, pieceEnd = start, pieceWidth = Advance.zero, pieceSpace = Advance.zero
                    for i in cluster...contentLast {
                        if space[i] {
                            pieceSpace += advances[i]
                            continue
                        }
                        if pieceEnd > pieceStart, !fits(pieceWidth + pieceSpace + advances[i]) {
                            emit(pieceStart..<pieceEnd, pieceWidth)
                            pieceStart = i == 0 ? 0 : ends[i - 1]
                            pieceWidth = .zero
                        } else {
                            pieceWidth += pieceSpace
                        }
                        pieceSpace = .zero
                        pieceWidth += advances[i]
                        pieceEnd = ends[i]
                    }
                    lineStart = pieceStart
                    lineEnd = pieceEnd
                    lineWidth = pieceWidth
                }
                lineEmpty = false
            }
            pendingSpace = spaceWidth
            cluster = last + 1
        }
        if !lineEmpty { emit(lineStart..<lineEnd, lineWidth) }
    }

    /// The font measure's fill: shaped advances in points within `room`
    /// (within 1e-9 of a point), each line with its width.
    static func fill(bytes: [UInt8], ends: [Int], advances: [Double], space: [Bool], opportunities: [Int], room: Double,
                     into lines: inout [MeasuredLine]) {
        fill(ends: ends, advances: advances, space: space, opportunities: opportunities, fits: { $0 <= room + 1e-9 }) {
            range, width in lines.append(MeasuredLine(text: String(decoding: bytes[range], as: UTF8.self), width: width))
        }
    }
}
