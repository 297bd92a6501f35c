// The container model alone, in process: what a tap and a layout cost with
// no YAML, no files and no process start-up around them.
//
// usage: accordion-bench-model [--panels N] [--taps N] [--chunks N] [--rounds N] [--layout N,N,...] [--tree N]
//
// 1. Taps: a container of `--panels` panels (default 10,000) gets `--taps`
//    untimed taps (default 100,000) on pseudo-random headers, applied one
//    `apply(_:)` at a time and timed per chunk of `taps / chunks`. The
//    per-tap cost of each chunk shows whether a tap stays O(1) plus the
//    panels it moves as the script grows (no growing log scan, no copy of
//    the whole state per step). The script runs `--rounds` times (default
//    15); each chunk shows its median and its minimum over the rounds, in
//    wall and in thread CPU time (the minimum CPU time is what load from
//    other processes inflates least).
// 2. Layout: for each size in `--layout` (default 1,000, 10,000, 100,000),
//    a tap starts a transition and `layout(at:)` is taken half-way through
//    it, repeatedly; the median per call shows that layout is linear.
// 3. Both again with `expansion: multiple` (the `multiple` field): taps open
//    and close their own panels, so about half the stack ends up open and a
//    tap edits a sorted open set of thousands; the layout is taken with every
//    fourth panel open, while a tap opens one more.
//
// 4. Nested taps (issue 25): a tree of three levels, `--tree` top panels
//    (default 20), each holding 20 panels that each hold 24 (10,020 panels
//    in all), gets taps on the shown headers of the first branch: 1 in 4 on
//    a panel of its middle level (which brings its 24 panels in or out), the
//    others on a shown panel of the deepest level. The same taps run on a
//    tree of 2 top panels (1,002 panels) whose first branch is the same, so
//    in both trees a tap moves the same panels; the per-tap cost of the big
//    tree over the small one's says whether a tap costs the panels it moves
//    (about 1) or walks the whole tree (about 10).
//
// Prints one JSON object on stdout; timing uses the monotonic clock through
// Glibc (no Foundation, like every executable of the package).
import AccordionModel
import Glibc

/// Nanoseconds on the monotonic clock.
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// The same pseudo-random taps on every machine.
struct Lcg {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}

let palette: [RGBA] = [0x1ABC_9CFF, 0x3498_DBFF, 0x9B59_B6FF, 0xE67E_22FF]

func makePanels(_ n: Int) -> [PanelSpec] {
    (0..<n).map { i in
        PanelSpec(id: "panel-\(i)", title: "Panel \(i)", color: palette[i % palette.count],
                  headerHeight: i % 5 == 0 ? 56 : 44)
    }
}

func makeContainer(_ panels: [PanelSpec], expansion: ExpansionMode) -> ContainerSpec {
    var container = ContainerSpec()
    container.expansion = expansion
    container.height = panels.reduce(0) { $0 + $1.headerHeight } + 600
    container.duration = 0.3
    container.curve = .easeInOut
    return container
}

func option(_ name: String, _ fallback: String) -> String {
    let args = CommandLine.arguments
    if let i = args.firstIndex(of: name), i + 1 < args.count { return args[i + 1] }
    return fallback
}

let panelCount = Int(option("--panels", "10000")) ?? 10000
let tapCount = Int(option("--taps", "100000")) ?? 100000
let chunkCount = max(1, Int(option("--chunks", "10")) ?? 10)
let layoutSizes = option("--layout", "1000,10000,100000").split(separator: ",").compactMap { Int($0) }

var sink = 0

// 1. Taps, per chunk. The whole script runs `--rounds` times on a fresh
// container and each chunk reports its median over the rounds, so a burst of
// load on a shared machine does not pass for growth. The thread's CPU time
// per chunk is reported beside the wall time for the same reason.
func threadCPU() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

let rounds = max(1, Int(option("--rounds", "15")) ?? 15)
let tapPanels = makePanels(panelCount)
let perChunk = max(1, tapCount / chunkCount)

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// The taps' JSON object for one expansion mode.
@MainActor func measureTaps(_ expansion: ExpansionMode) -> String {
    var wallByChunk = Array(repeating: [Double](), count: chunkCount)
    var cpuByChunk = Array(repeating: [Double](), count: chunkCount)
    for _ in 0..<rounds {
        var tapContainer = AccordionContainer(title: "bench", container: makeContainer(tapPanels, expansion: expansion),
                                              panels: tapPanels, expandedIndex: 0)
        var rng = Lcg(state: 6)
        for chunk in 0..<chunkCount {
            let start = now()
            let startCPU = threadCPU()
            for _ in 0..<perChunk {
                sink &+= tapContainer.apply(Step(.tap(panel: rng.next(panelCount)))).count
            }
            cpuByChunk[chunk].append(Double(threadCPU() - startCPU) / Double(perChunk))
            wallByChunk[chunk].append(Double(now() - start) / Double(perChunk))
        }
        sink &+= tapContainer.expandedIndices.count
    }
    let chunks = wallByChunk.map { String(median($0)) }.joined(separator: ", ")
    let minChunks = wallByChunk.map { String($0.min() ?? 0) }.joined(separator: ", ")
    let cpuChunks = cpuByChunk.map { String(median($0)) }.joined(separator: ", ")
    let minCPUChunks = cpuByChunk.map { String($0.min() ?? 0) }.joined(separator: ", ")
    return "{\"panels\": \(panelCount), \"taps\": \(perChunk * chunkCount), \"chunks\": \(chunkCount), "
        + "\"rounds\": \(rounds), \"ns_per_tap\": [\(chunks)], \"min_ns_per_tap\": [\(minChunks)], "
        + "\"cpu_ns_per_tap\": [\(cpuChunks)], \"min_cpu_ns_per_tap\": [\(minCPUChunks)]}"
}

// 2. layout(at:) half-way through a transition that moves a quarter of the stack.
@MainActor func measureLayout(_ expansion: ExpansionMode) -> [String] {
    var layoutResults: [String] = []
    for n in layoutSizes {
        let panels = makePanels(n)
        // single: the middle panel open, a tap opens the one at a quarter;
        // multiple: every fourth panel open, a tap opens or closes one more.
        let open = expansion == .single ? [n / 2] : Array(stride(from: 0, to: n, by: 4))
        var container = AccordionContainer(title: "bench", container: makeContainer(panels, expansion: expansion),
                                           panels: panels, expandedIndices: open)
        sink &+= container.apply(Step(.tap(panel: n / 4))).count
        let midway = 0.15
        var samples: [UInt64] = []
        let began = now()
        var frames = 0
        while samples.count < 5 || (now() - began < 300_000_000 && samples.count < 1000) {
            let start = now()
            let layout = container.layout(at: midway)
            samples.append(now() - start)
            frames = layout.count
            sink &+= layout.count
        }
        samples.sort()
        let median = Double(samples[samples.count / 2])
        layoutResults.append("{\"panels\": \(n), \"frames\": \(frames), \"calls\": \(samples.count), \"ns_per_call\": \(median), \"min_ns_per_call\": \(Double(samples[0]))}")
    }
    return layoutResults
}

// 4. Nested taps.
let middleCount = 20
let leafCount = 24

/// A tree of `top` panels, each holding `middleCount` panels that each hold
/// `leafCount`; every level is single and opens its first panel at load.
func makeTree(top: Int) -> [PanelSpec] {
    (0..<top).map { t in
        let middle = (0..<middleCount).map { m in
            let leaves = (0..<leafCount).map { l in
                PanelSpec(id: "p\(t)-\(m)-\(l)", title: "Leaf \(l)", color: palette[l % palette.count], headerHeight: 44)
            }
            return PanelSpec(id: "p\(t)-\(m)", title: "Middle \(m)", color: palette[m % palette.count], headerHeight: 44,
                             content: .accordion(NestedLevel(panels: leaves, indent: 16)))
        }
        return PanelSpec(id: "p\(t)", title: "Top \(t)", color: palette[t % palette.count], headerHeight: 44,
                         content: .accordion(NestedLevel(panels: middle, indent: 16)))
    }
}

/// The tree's panel count: what the JSON reports beside the cost.
func treeCount(_ top: Int) -> Int { top * (1 + middleCount * (1 + leafCount)) }

/// Per-tap cost (least CPU and wall over the rounds, and their medians) of
/// `tapCount / 10` taps on the first branch's shown headers of a tree of
/// `top` top panels. A step names a nested panel by `top + slot`, its slot in
/// tree order (`ContainerState.nestedSlots`): the first branch's middle
/// panel `m` is slot `m × (1 + leafCount)`, its leaf `l` the slot after it
/// plus `l`.
@MainActor func measureNestedTaps(top: Int) -> String {
    let panels = makeTree(top: top)
    var container = makeContainer(panels, expansion: .single)
    container.height = Double(top + middleCount + leafCount) * 44 + 600
    let taps = max(1, tapCount / 10)
    var wall: [Double] = [], cpu: [Double] = []
    var entries = 0
    for _ in 0..<rounds {
        var tree = AccordionContainer(title: "bench", container: container, panels: panels, expandedIndex: 0)
        var rng = Lcg(state: 25)
        // The first branch's open middle panel, as the taps leave it (each
        // level is single: a tap on another opens it, on the open one closes it).
        var openMiddle: Int? = 0
        let start = now()
        let startCPU = threadCPU()
        for _ in 0..<taps {
            let number: Int
            if let m = openMiddle, rng.next(4) != 0 {
                number = top + m * (1 + leafCount) + 1 + rng.next(leafCount)
            } else {
                let m = rng.next(middleCount)
                number = top + m * (1 + leafCount)
                openMiddle = openMiddle == m ? nil : m
            }
            entries &+= tree.apply(Step(.tap(panel: number))).count
        }
        cpu.append(Double(threadCPU() - startCPU) / Double(taps))
        wall.append(Double(now() - start) / Double(taps))
        sink &+= tree.log.count
    }
    sink &+= entries
    // Log entries per tap: that the taps open and close panels (a transition
    // logs 8 or more; an ignored tap, one), the same in both trees.
    let perTap = Double(entries) / Double(taps * rounds)
    return "{\"top\": \(top), \"panels\": \(treeCount(top)), \"taps\": \(taps), \"rounds\": \(rounds), "
        + "\"entries_per_tap\": \(perTap), "
        + "\"ns_per_tap\": \(median(wall)), \"min_ns_per_tap\": \(wall.min() ?? 0), "
        + "\"cpu_ns_per_tap\": \(median(cpu)), \"min_cpu_ns_per_tap\": \(cpu.min() ?? 0)}"
}

let treeTop = Int(option("--tree", "20")) ?? 20
let singleTaps = measureTaps(.single)
let singleLayout = measureLayout(.single)
let multipleTaps = measureTaps(.multiple)
let multipleLayout = measureLayout(.multiple)
let nestedBig = measureNestedTaps(top: treeTop)
let nestedSmall = measureNestedTaps(top: max(1, treeTop / 10))

print("""
{"taps": \(singleTaps), "layout": [\(singleLayout.joined(separator: ", "))], \
"multiple": {"taps": \(multipleTaps), "layout": [\(multipleLayout.joined(separator: ", "))]}, \
"nested": {"big": \(nestedBig), "small": \(nestedSmall)}, "sink": \(sink)}
""")
