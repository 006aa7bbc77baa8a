import FormattingTesting
import Foundation

// The floor under the scaling rows: what this machine's memory charges a random single-byte edit at each size,
// measured on an idealised layout rather than ours. Printed beside the scaling rows so that their ratio can be read
// against what any chunked text store could reach here.
//
// The layout: text in chunks of 960 bytes with 64 bytes of room, each chunk's 38 attribute runs in the same
// allocation right after its bytes, and an index (one 32-bit count per chunk, a Fenwick tree over blocks of 64)
// small enough to stay in the caches. An edit finds its chunk through the index, finds its run in the chunk's own
// table, moves the chunk's tail by one byte and updates three counts: one cold chunk per edit, and nothing else
// that a real store could leave out.

enum ScalingFloor {
    private static let chunkBytes = 960
    private static let chunkCapacity = 1024
    private static let runsPerChunk = 38
    private static let blockChunks = 64

    /// One idealised document of `characters` ASCII bytes.
    private final class Layout {
        var total: Int
        let chunks: [UnsafeMutableRawPointer]
        var counts: [UInt32]
        var blockTree: [Int]
        let blocks: Int

        init(characters: Int) {
            let n = max(2, characters / ScalingFloor.chunkBytes)
            blocks = (n + ScalingFloor.blockChunks - 1) / ScalingFloor.blockChunks
            total = n * ScalingFloor.chunkBytes
            counts = Array(repeating: UInt32(ScalingFloor.chunkBytes), count: n)
            blockTree = Array(repeating: 0, count: blocks + 1)
            var made: [UnsafeMutableRawPointer] = []
            made.reserveCapacity(n)
            let runBytes = ScalingFloor.runsPerChunk * 8
            for _ in 0..<n {
                // Each chunk a separate allocation, as a rope's are: the bytes, then the runs (length, attributes).
                let chunk = UnsafeMutableRawPointer.allocate(byteCount: ScalingFloor.chunkCapacity + runBytes, alignment: 16)
                chunk.initializeMemory(as: UInt8.self, repeating: 0x61, count: ScalingFloor.chunkBytes)
                let runs = (chunk + ScalingFloor.chunkCapacity).bindMemory(to: UInt32.self, capacity: 2 * ScalingFloor.runsPerChunk)
                let each = ScalingFloor.chunkBytes / ScalingFloor.runsPerChunk
                for r in 0..<ScalingFloor.runsPerChunk {
                    runs[2 * r] = UInt32(r < ScalingFloor.runsPerChunk - 1 ? each : ScalingFloor.chunkBytes - each * r)
                    runs[2 * r + 1] = UInt32(r)
                }
                made.append(chunk)
            }
            chunks = made
            for c in 0..<n { addToBlock(c / ScalingFloor.blockChunks, ScalingFloor.chunkBytes) }
        }

        deinit { for chunk in chunks { chunk.deallocate() } }

        func addToBlock(_ block: Int, _ delta: Int) {
            var i = block + 1
            while i <= blocks { blockTree[i] += delta; i += i & -i }
        }

        /// The block holding byte `offset`, and the offset within it.
        func block(holding offset: Int) -> (Int, Int) {
            var position = 0, remaining = offset, step = 1
            while step * 2 <= blocks { step *= 2 }
            while step > 0 {
                let next = position + step
                if next < blocks && blockTree[next] <= remaining { position = next; remaining -= blockTree[next] }
                step >>= 1
            }
            return (position, remaining)
        }

        /// Inserts or deletes one byte at `offset`; returns the attributes of the run there.
        func edit(at offset: Int, inserting: Bool) -> UInt32 {
            let (block, inBlock) = self.block(holding: offset)
            var c = block * ScalingFloor.blockChunks, p = inBlock
            while c < counts.count - 1 && p >= Int(counts[c]) { p -= Int(counts[c]); c += 1 }
            let size = Int(counts[c])
            p = min(p, size - 1)
            let bytes = chunks[c]
            let runs = (bytes + ScalingFloor.chunkCapacity).assumingMemoryBound(to: UInt32.self)
            var r = 0, start = 0
            while r < ScalingFloor.runsPerChunk - 1 && start + Int(runs[2 * r]) <= p { start += Int(runs[2 * r]); r += 1 }
            if inserting && size < ScalingFloor.chunkCapacity {
                (bytes + p + 1).copyMemory(from: bytes + p, byteCount: size - p)
                bytes.storeBytes(of: 0x79, toByteOffset: p, as: UInt8.self)
                runs[2 * r] += 1; counts[c] += 1; addToBlock(block, 1); total += 1
            } else if !inserting && size > 2 && runs[2 * r] > 1 {
                (bytes + p).copyMemory(from: bytes + p + 1, byteCount: size - p - 1)
                runs[2 * r] -= 1; counts[c] -= 1; addToBlock(block, -1); total -= 1
            }
            return runs[2 * r + 1]
        }
    }

    /// Times random edits on the idealised layout at each size, in interleaved rounds like the scaling rows, and
    /// prints the median cost per edit. Returns how much more an edit costs at 100M than at 100K, in nanoseconds
    /// (nan when either size is not run).
    static func addedCost(sizes: [Int], editsPerRound: Int, rounds: Int, warmUpEdits: Int) -> Double {
        let layouts = sizes.map { Layout(characters: $0) }
        var costs = Array(repeating: [Double](), count: sizes.count)
        var rng = SeededGenerator(seed: 0x5CA1E)
        var sink: UInt32 = 0
        for _ in 0..<rounds {
            for (k, layout) in layouts.enumerated() {
                for i in 0..<warmUpEdits { sink &+= layout.edit(at: rng.below(layout.total - 1), inserting: i & 1 == 0) }
                let seconds = measure {
                    for _ in 0..<editsPerRound {
                        sink &+= layout.edit(at: rng.below(layout.total - 1), inserting: rng.next() & 1 == 0)
                    }
                }
                costs[k].append(seconds / Double(editsPerRound) * 1e9)
            }
        }
        let medians = costs.map(median)
        let cells = zip(sizes, medians).map { "\(grouped(Double($0))): \(formatNumber($1, digits: 0)) ns" }
        print("memory floor (an idealised layout: one cold chunk per edit, runs inside it, index in cache): "
              + cells.joined(separator: ", "))
        blackHole(sink)
        func cost(_ size: Int) -> Double { sizes.firstIndex(of: size).map { medians[$0] } ?? .nan }
        return cost(100_000_000) - cost(100_000)
    }
}
