import Foundation
import RichText
import RichTextFormats

// fmtbench rtf (issue 8): RTF read and write throughput on the real documents of ../shared/corpus/rtf, repeated
// to at least 50 MB. Linux has no RTF peer, so the reference is our own native JSON reader on the same
// documents: each document is read once as RTF, written as native JSON, and both forms are then timed the same
// number of times.

enum RTFBenchmark {
    static let targetBytes = 50_000_000

    /// One corpus document in both forms.
    struct Sample {
        var name: String
        var rtf: [UInt8]
        var attachments: [String: Data]
        var json: [UInt8]
        var readSeconds = 0.0
        var jsonSeconds = 0.0
    }

    /// The corpus folder: $FMTCHECK_SHARED/corpus/rtf, else ../shared/corpus/rtf from the current directory.
    static func corpusDirectory() -> String? {
        var candidates: [String] = []
        if let shared = ProcessInfo.processInfo.environment["FMTCHECK_SHARED"], !shared.isEmpty {
            candidates.append((shared as NSString).appendingPathComponent("corpus/rtf"))
        }
        let cwd = FileManager.default.currentDirectoryPath
        candidates.append(((cwd as NSString).appendingPathComponent("../shared/corpus/rtf") as NSString).standardizingPath)
        return candidates.first { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("manifest.json")) }
    }

    /// Every `.rtf` file and `.rtfd` package of the corpus, read and converted once.
    static func samples(in directory: String) -> [Sample] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var samples: [Sample] = []
        for name in names where name.hasSuffix(".rtf") || name.hasSuffix(".rtfd") {
            let path = (directory as NSString).appendingPathComponent(name)
            var rtf: [UInt8] = []
            var attachments: [String: Data] = [:]
            if name.hasSuffix(".rtfd") {
                guard let package = try? RTFDPackage.read(directory: URL(fileURLWithPath: path, isDirectory: true)) else {
                    print("skipped \(name): the package does not read"); continue
                }
                rtf = package.rtf
                attachments = package.files
            } else {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                rtf = [UInt8](data)
            }
            do {
                let decoded = try RTFReader().read(rtf, attachments: attachments)
                let json = try NativeJSONEncoder().encode(decoded.document, images: decoded.images)
                samples.append(Sample(name: name, rtf: rtf, attachments: attachments, json: json))
            } catch {
                print("skipped \(name): \(error)")
            }
        }
        return samples
    }

    static func main() {
        guard let directory = corpusDirectory() else {
            FileHandle.standardError.write(Data("""
                fmtbench rtf: cannot find the RTF corpus. Looked for ../shared/corpus/rtf relative to \
                \(FileManager.default.currentDirectoryPath) and $FMTCHECK_SHARED/corpus/rtf.\n
                """.utf8))
            exit(2)
        }
        var samples = samples(in: directory)
        let corpusBytes = samples.reduce(0) { $0 + $1.rtf.count }
        guard corpusBytes > 0 else { print("fmtbench rtf: no document of the corpus reads"); exit(1) }
        let repetitions = (targetBytes + corpusBytes - 1) / corpusBytes
        print("fmtbench rtf: \(samples.count) corpus documents, \(grouped(Double(corpusBytes))) bytes of RTF, each read \(repetitions) times (\(formatNumber(Double(corpusBytes * repetitions) / 1_000_000, digits: 1)) MB); " + loadAverageNote())
        flushOutput()

        let reader = RTFReader()
        let decoder = NativeJSONDecoder(schema: .standard)
        var writeSeconds = 0.0, writtenBytes = 0, failures = 0
        // Two passes; the first warms caches and allocators. The second is the one reported.
        for pass in 0..<2 {
            writeSeconds = 0; writtenBytes = 0; failures = 0
            for i in samples.indices {
                samples[i].readSeconds = 0; samples[i].jsonSeconds = 0
                var decoded: DecodedDocument?
                for _ in 0..<repetitions {
                    samples[i].readSeconds += measure {
                        decoded = try? reader.read(samples[i].rtf, attachments: samples[i].attachments)
                    }
                    samples[i].jsonSeconds += measure {
                        if (try? decoder.decode(samples[i].json)) == nil { failures += 1 }
                    }
                }
                guard let document = decoded else { failures += 1; continue }
                for _ in 0..<repetitions {
                    var output: RTFWriter.Output?
                    writeSeconds += measure {
                        output = RTFWriter().write(document.document, images: document.images, asPackage: !samples[i].attachments.isEmpty)
                    }
                    writtenBytes += output?.rtf.count ?? 0
                }
            }
            if pass == 0 { print("warm-up pass done"); flushOutput() }
        }
        let readSeconds = samples.reduce(0) { $0 + $1.readSeconds }
        let jsonSeconds = samples.reduce(0) { $0 + $1.jsonSeconds }
        let readMB = Double(corpusBytes * repetitions) / 1_000_000
        print("after measuring: " + loadAverageNote() + "; failures: \(failures)")
        print("")
        var rows: [[String]] = samples.map { sample in
            [sample.name, grouped(Double(sample.rtf.count)), grouped(Double(sample.json.count)),
             formatNumber(Double(sample.rtf.count * repetitions) / 1_000_000 / sample.readSeconds, digits: 1),
             formatNumber(sample.readSeconds / sample.jsonSeconds, digits: 2) + "x"]
        }
        rows.append(["all", grouped(Double(corpusBytes)), grouped(Double(samples.reduce(0) { $0 + $1.json.count })),
                     formatNumber(readMB / readSeconds, digits: 1), formatNumber(readSeconds / jsonSeconds, digits: 2) + "x"])
        printTable(["document", "RTF bytes", "JSON bytes", "RTF read MB/s", "RTF read / JSON read"], rows)
        print("")
        printTable(["operation", "MB", "seconds", "MB/s"], [
            ["RTFReader.read", formatNumber(readMB, digits: 1), formatNumber(readSeconds, digits: 3), formatNumber(readMB / readSeconds, digits: 1)],
            ["RTFWriter.write", formatNumber(Double(writtenBytes) / 1_000_000, digits: 1), formatNumber(writeSeconds, digits: 3),
             formatNumber(Double(writtenBytes) / 1_000_000 / writeSeconds, digits: 1)],
            ["NativeJSONDecoder.decode (same documents)", formatNumber(Double(samples.reduce(0) { $0 + $1.json.count } * repetitions) / 1_000_000, digits: 1),
             formatNumber(jsonSeconds, digits: 3), "-"],
        ])
        let ratios = samples.map { $0.readSeconds / $0.jsonSeconds }
        print("(MB = 10^6 bytes; one core; second of two passes; per-document median ratio \(formatNumber(median(ratios), digits: 2))x; goal: RTF read <= 2x native JSON read)")
        printMetric("rtf_read_over_json_read", readSeconds / jsonSeconds)
        printMetric("rtf_read_mb_per_second", readMB / readSeconds)
        printMetric("rtf_write_mb_per_second", Double(writtenBytes) / 1_000_000 / writeSeconds)
    }
}
