import AccordionModel

/// Lines filled greedily by advances in points, over a paragraph's
/// clusters and its line break opportunities: the font measure's fill,
/// the same rules as the metric measure's (`UnicodeTextMeasure`'s wrap)
/// with real advances instead of multiples of the font size.
///
/// A line takes segments (the clusters between two opportunities that are
/// cluster boundaries) while their advance, its trailing spaces excluded,
/// fits `room` (within 1e-9 of a point); a segment wider than a line starts
/// a new line and is cut at cluster boundaries, as many clusters a line as
/// fit (at least one; a space inside the segment ends a piece and never
/// starts one), the last piece staying on its line for what follows.
enum GreedyFill {
    static func fill(bytes: [UInt8], ends: [Int], advances: [Double], space: [Bool], opportunities: [Int], room: Double,
                     into lines: inout [MeasuredLine]) {
        func fits(_ advance: Double) -> Bool { advance <= room + 1e-9 }
        func emit(_ range: Range<Int>, _ width: Double) {
            lines.append(MeasuredLine(text: String(decoding: bytes[range], as: UTF8.self), width: width))
        }
        var lineStart = 0, lineEnd = 0, lineWidth = 0.0, lineEmpty = true
        var pendingSpace = 0.0
        var cluster = 0
        var nextOpportunity = 0
        while cluster < ends.count {
            let start = cluster == 0 ? 0 : ends[cluster - 1]
            while nextOpportunity < opportunities.count, opportunities[nextOpportunity] <= start { nextOpportunity += 1 }
            var last = cluster
            while last + 1 < ends.count {
                if nextOpportunity < opportunities.count, ends[last] >= opportunities[nextOpportunity] {
                    if ends[last] == opportunities[nextOpportunity] { break }
                    nextOpportunity += 1
                    continue
                }
                last += 1
            }
            var contentLast = last
            var spaceWidth = 0.0
            while contentLast >= cluster, space[contentLast] {
                spaceWidth += advances[contentLast]
                contentLast -= 1
            }
            var contentWidth = 0.0
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
                    var pieceStart = start, pieceEnd = start, pieceWidth = 0.0, pieceSpace = 0.0
                    for i in cluster...contentLast {
                        if space[i] {
                            pieceSpace += advances[i]
                            continue
                        }
                        if pieceEnd > pieceStart, !fits(pieceWidth + pieceSpace + advances[i]) {
                            emit(pieceStart..<pieceEnd, pieceWidth)
                            pieceStart = i == 0 ? 0 : ends[i - 1]
                            pieceWidth = 0
                        } else {
                            pieceWidth += pieceSpace
                        }
                        pieceSpace = 0
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
}
