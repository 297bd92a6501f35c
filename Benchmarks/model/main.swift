// The container model alone, in process: what a tap and a layout cost with
// no YAML, no files and no process start-up around them.
//
// usage: accordion-bench-model [--panels N] [--taps N] [--chunks N] [--rounds N] [--layout N,N,...]
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

let singleTaps = measureTaps(.single)
let singleLayout = measureLayout(.single)
let multipleTaps = measureTaps(.multiple)
let multipleLayout = measureLayout(.multiple)

print("""
{"taps": \(singleTaps), "layout": [\(singleLayout.joined(separator: ", "))], \
"multiple": {"taps": \(multipleTaps), "layout": [\(multipleLayout.joined(separator: ", "))]}, "sink": \(sink)}
""")
