@testable import FormatCheck
import FormattingTesting
import XCTest

/// `--shard K/N` (issue 22): a split by a stable hash of the root-relative path, disjoint and covering, that
/// moves no other document when one is added, and balanced by size on a corpus of thousands.
final class LintShardTests: XCTestCase {
    var seed: UInt64 { ProcessInfo.processInfo.environment["FMTCHECK_SEED"].flatMap { UInt64($0) } ?? 0x5348_4152 }

    /// A random tree of `count` document paths under `root`, with sizes (log-uniform, 200 B to 200 KB).
    func randomTree(_ count: Int, root: String, rng: inout SeededGenerator) -> [(path: String, size: Int)] {
        let folders = ["docs", "notes", "recipes", "archive/2024", "archive/2025", "a/b/c", "é", "drafts"]
        var seen: Set<String> = []
        var tree: [(String, Int)] = []
        while tree.count < count {
            let depth = Int.random(in: 0...3, using: &rng)
            let folder = (0..<depth).map { _ in folders.randomElement(using: &rng)! }.joined(separator: "/")
            let name = "doc-\(UInt32.random(in: 0...UInt32.max, using: &rng))." + ["json", "rtf", "rtfd"].randomElement(using: &rng)!
            let path = root + "/" + (folder.isEmpty ? "" : folder + "/") + name
            guard seen.insert(path).inserted else { continue }
            let size = Int(exp(Double.random(in: log(200)...log(200_000), using: &rng)))
            tree.append((path, size))
        }
        return tree
    }

    func testShardsAreDisjointAndCoverEveryPath() throws {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<20 {
            let tree = randomTree(Int.random(in: 1...400, using: &rng), root: "/repo", rng: &rng)
            let n = Int.random(in: 1...9, using: &rng)
            let shards = (1...n).map { try! XCTUnwrap(LintShard(index: $0, count: n)) }
            for (path, _) in tree {
                XCTAssertEqual(shards.filter { $0.contains(path, root: "/repo") }.count, 1, "seed \(seed): \(path) among \(n) shards")
            }
        }
    }

    func testAddingADocumentMovesNoOtherOne() {
        var rng = SeededGenerator(seed: seed)
        let tree = randomTree(2_000, root: "/repo", rng: &rng)
        for n in [2, 3, 5, 8] {
            let before = tree.map { LintShard.shard(of: LintShard.key(of: $0.path, root: "/repo"), count: n) }
            // Each path's shard is its own: computed again among more paths, in another order, it is the same.
            let more = (tree + randomTree(500, root: "/repo", rng: &rng)).shuffled(using: &rng)
            let after = Dictionary(uniqueKeysWithValues: more.map { ($0.path, LintShard.shard(of: LintShard.key(of: $0.path, root: "/repo"), count: n)) })
            for (k, entry) in tree.enumerated() {
                XCTAssertEqual(after[entry.path], before[k], "seed \(seed): \(entry.path) moved when documents were added")
            }
        }
    }

    func testTheShardOfADocumentDoesNotDependOnWhereTheCheckoutIs() {
        var rng = SeededGenerator(seed: seed)
        let tree = randomTree(500, root: "/home/ci/work", rng: &rng)
        for (path, _) in tree {
            let moved = "/tmp/other-runner" + path.dropFirst("/home/ci/work".count)
            XCTAssertEqual(LintShard.key(of: path, root: "/home/ci/work"), LintShard.key(of: moved, root: "/tmp/other-runner"))
            XCTAssertEqual(LintShard(index: 2, count: 4)!.contains(path, root: "/home/ci/work"),
                           LintShard(index: 2, count: 4)!.contains(moved, root: "/tmp/other-runner"))
        }
        // Relative and absolute spellings of one path are one key.
        let here = FileManager.default.currentDirectoryPath
        XCTAssertEqual(LintShard.key(of: "docs/./a.json", root: here), "docs/a.json")
        XCTAssertEqual(LintShard.key(of: here + "/docs/a.json", root: here), "docs/a.json")
    }

    func testShardsAreBalancedBySizeWithinAFewPercentOnThousandsOfDocuments() {
        var rng = SeededGenerator(seed: seed)
        let tree = randomTree(10_000, root: "/repo", rng: &rng)
        let total = Double(tree.reduce(0) { $0 + $1.size })
        for n in [2, 3, 4] {
            var bytes = [Int](repeating: 0, count: n)
            for (path, size) in tree { bytes[LintShard.shard(of: LintShard.key(of: path, root: "/repo"), count: n) - 1] += size }
            let mean = total / Double(n)
            let worst = bytes.map { abs(Double($0) - mean) / mean }.max()!
            XCTAssertLessThan(worst, 0.06, "seed \(seed): \(n) shards hold \(bytes) bytes (mean \(Int(mean)))")
        }
    }

    func testTheRootIsTheGitRepositoryHoldingTheFolder() throws {
        let root = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let inner = root.appendingPathComponent("docs/notes")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        XCTAssertEqual(LintShard.root(for: inner.path), root.path)
        let outside = try temporaryFolder(self)
        XCTAssertEqual(LintShard.root(for: outside.path), outside.path)
    }

    /// The CLI: the shards of a folder lint every document once, and a missing path is said by one shard.
    func testTheShardsOfARunLintEachDocumentOnce() throws {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        for folder in ["a", "b/c"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var names: [String] = []
        for k in 0..<30 {
            let name = ["a", "b/c", "."][k % 3] + "/doc\(k).json"
            try write(#"["milk\#(k)",{"ingredient":"milk"}]"#, to: name, in: root)
            names.append(name.hasPrefix("./") ? String(name.dropFirst(2)) : name)
        }
        let whole = try FmtcheckProcess.run([".", "missing.json", "--format", "jsonl"], in: root)
        XCTAssertEqual(whole.status, 2)
        func files(_ out: String) throws -> [String] {
            try out.split(separator: "\n").map { line in
                let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return try XCTUnwrap(object["file"] as? String)
            }
        }
        let all = try files(whole.out)
        XCTAssertEqual(Set(all).count, 31, "30 findings and the missing file")
        var union: [String] = []
        var statuses: [Int32] = []
        for k in 1...3 {
            let shard = try FmtcheckProcess.run([".", "missing.json", "--format", "jsonl", "--shard", "\(k)/3"], in: root)
            statuses.append(shard.status)
            let found = try files(shard.out)
            XCTAssertFalse(found.isEmpty, "shard \(k)/3 of 31 paths has some")
            union += found
        }
        XCTAssertEqual(union.sorted(), all.sorted(), "each finding and failure in exactly one shard")
        XCTAssertEqual(statuses.filter { $0 == 2 }.count, 1, "only the missing file's shard fails for it")
    }

    func testBadShardsAreUsageErrors() throws {
        for (shard, said) in [("0/3", "from 1 to the count"), ("4/3", "from 1 to the count"), ("a/b", "not a shard"), ("3", "not a shard")] {
            let result = try FmtcheckProcess.run(["Examples", "--shard", shard])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.err.contains(said), result.err)
        }
        let stdin = try FmtcheckProcess.run(["-", "--shard", "1/2"], input: Data("[]".utf8))
        XCTAssertEqual(stdin.status, 2)
        XCTAssertTrue(stdin.err.contains("standard input is one document"), stdin.err)
    }
}
