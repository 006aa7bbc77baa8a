import FormattingTesting
import Foundation
import RichText
import RichTextFormats

// fmtbench json (issue 5): read and write throughput of native JSON on a ~100 MB set of recipe documents,
// against Foundation's JSONSerialization parsing the same bytes, in the same run.

enum JSONBenchmark {
    static let documentCount = 100
    static let documentBytes = 1_000_000

    static func main() {
        print("fmtbench json: \(documentCount) recipe documents of ~\(documentBytes / 1000) KB, Foundation Codable layout (half flat, half table form)")
        var rng = SeededGenerator(seed: 0x4A53_4F4E)
        var documents: [[UInt8]] = []
        let generation = measure {
            for i in 0..<documentCount {
                documents.append(RecipeCorpus.document(targetBytes: documentBytes, table: i % 2 == 1, rng: &rng))
            }
        }
        let totalBytes = documents.reduce(0) { $0 + $1.count }
        print("generated \(formatNumber(Double(totalBytes) / 1_000_000, digits: 1)) MB in \(formatNumber(generation, digits: 2)) s; " + loadAverageNote())
        flushOutput()

        let decoder = NativeJSONDecoder(schema: .standard)
        let encoder = NativeJSONEncoder()
        var readSeconds = 0.0, writeSeconds = 0.0, peerSeconds = 0.0
        var writtenBytes = 0, runs = 0, adjustments = 0, failures = 0
        var peerObjects = 0
        // Two passes; the first warms caches and allocators. The second pass is the one reported.
        for pass in 0..<2 {
            readSeconds = 0; writeSeconds = 0; peerSeconds = 0; writtenBytes = 0; runs = 0; adjustments = 0; failures = 0; peerObjects = 0
            for bytes in documents {
                var decoded: DecodedDocument?
                readSeconds += measure {
                    do { decoded = try decoder.decode(bytes) } catch { decoded = nil }
                }
                guard let document = decoded else { failures += 1; continue }
                runs += document.document.runs.count
                adjustments += document.adjustments.count
                var written: [UInt8] = []
                writeSeconds += measure {
                    do { written = try encoder.encode(document.document, images: document.images) } catch { failures += 1 }
                }
                writtenBytes += written.count
                let data = Data(bytes)
                peerSeconds += measure {
                    if let object = try? JSONSerialization.jsonObject(with: data) {
                        peerObjects += (object as? [Any])?.count ?? (object as? [String: Any])?.count ?? 1
                    } else {
                        failures += 1
                    }
                }
            }
            if pass == 0 { print("warm-up pass done"); flushOutput() }
        }
        let mb = Double(totalBytes) / 1_000_000
        let readRate = mb / readSeconds
        let writeRate = Double(writtenBytes) / 1_000_000 / writeSeconds
        let peerRate = mb / peerSeconds
        print("after measuring: " + loadAverageNote())
        print("runs decoded: \(grouped(Double(runs))), adjustments: \(adjustments), failures: \(failures), written: \(formatNumber(Double(writtenBytes) / 1_000_000, digits: 1)) MB")
        print("")
        printTable(["operation", "MB", "seconds", "MB/s", "vs JSONSerialization"], [
            ["NativeJSONDecoder.decode (read)", formatNumber(mb, digits: 1), formatNumber(readSeconds, digits: 3),
             formatNumber(readRate, digits: 1), formatNumber(readRate / peerRate, digits: 2) + "x"],
            ["NativeJSONEncoder.encode (write)", formatNumber(Double(writtenBytes) / 1_000_000, digits: 1), formatNumber(writeSeconds, digits: 3),
             formatNumber(writeRate, digits: 1), formatNumber(writeRate / peerRate, digits: 2) + "x"],
            ["JSONSerialization.jsonObject (peer)", formatNumber(mb, digits: 1), formatNumber(peerSeconds, digits: 3),
             formatNumber(peerRate, digits: 1), "1.00x"],
        ])
        print("(MB = 10^6 bytes; one core; second of two passes; goal: read >= 3x JSONSerialization)")
        printMetric("json_read_vs_jsonserialization", readRate / peerRate)
        printMetric("json_write_mb_per_second", writeRate)
    }
}
