import XCTest
@testable import StreamingJSON

final class JSONValueTests: XCTestCase {
    func testObjectsKeepDocumentKeyOrder() throws {
        let v = try JSONValue.parse(#"{"z":1,"a":2,"m":3}"#)
        XCTAssertEqual(v.objectValue?.keys, ["z", "a", "m"])
        XCTAssertEqual(v["a"], 2)
        XCTAssertNil(v["q"])
        XCTAssertEqual(try JSONWriter.string(v), #"{"z":1,"a":2,"m":3}"#)
    }

    func testObjectEqualityIgnoresOrder() throws {
        XCTAssertEqual(try JSONValue.parse(#"{"a":1,"b":[2]}"#), try JSONValue.parse(#"{"b":[2],"a":1}"#))
        XCTAssertNotEqual(try JSONValue.parse(#"{"a":1}"#), try JSONValue.parse(#"{"a":1.5}"#))
        let a: JSONValue = ["x": 1, "y": 2]
        let b: JSONValue = ["y": 2, "x": 1]
        XCTAssertEqual(a.hashValue, b.hashValue)
    }

    func testLargeObjectLookupAndMutation() {
        var o = JSONObject()
        for i in 0..<50 { o["k\(i)"] = .integer(i) }
        XCTAssertEqual(o["k37"], 37)
        o["k37"] = "x"
        XCTAssertEqual(o["k37"], "x")
        o["k0"] = nil
        XCTAssertEqual(o.count, 49)
        XCTAssertEqual(o["k49"], 49)
        XCTAssertEqual(o.keys.first, "k1")
    }

    func testParseWithLocationsRecordsEveryValue() throws {
        let text = "{\n  \"attributes\": [\n    {\"name\": \"bold\"},\n    {\"name\": 7}\n  ]\n}"
        let root = try JSONValue.parseWithLocations(text)
        XCTAssertEqual(root.location, JSONLocation(line: 1, column: 1, byteOffset: 0))
        let bad = root.node(at: [.key("attributes"), .index(1), .key("name")])
        XCTAssertEqual(bad?.kind, .integer(7))
        XCTAssertEqual(bad?.location.line, 4)
        XCTAssertEqual(bad?.location.column, 14)
        guard case .object(let members) = root.node(at: [.key("attributes"), .index(0)])?.kind else { return XCTFail() }
        XCTAssertEqual(members[0].keyLocation, JSONLocation(line: 3, column: 6, byteOffset: 25))
        var seen: [String] = []
        root.forEachNode { path, node in seen.append("\(path)@\(node.location.line):\(node.location.column)") }
        XCTAssertEqual(seen, ["$@1:1", "$.attributes@2:17", "$.attributes[0]@3:5", "$.attributes[0].name@3:14",
                              "$.attributes[1]@4:5", "$.attributes[1].name@4:14"])
        XCTAssertEqual(root.value, try JSONValue.parse(text))
        XCTAssertEqual(root["attributes"]?.children.count, 2)
    }

    func testParseWithLocationsReportsDuplicatesAndDepth() {
        XCTAssertThrowsError(try JSONValue.parseWithLocations("{\"a\":1,\"a\":2}")) { e in
            XCTAssertEqual((e as! JSONSyntaxError).kind, .duplicateKey)
        }
        XCTAssertThrowsError(try JSONValue.parseWithLocations([UInt8](repeating: 0x5B, count: 100_000))) { e in
            XCTAssertEqual((e as! JSONSyntaxError).kind, .nestingTooDeep)
        }
    }

    func testJSONPathRendering() {
        XCTAssertEqual(JSONPath.root.description, "$")
        XCTAssertEqual(JSONPath([.key("attributes"), .index(2), .key("name")]).description, "$.attributes[2].name")
        XCTAssertEqual(JSONPath([.key("a b"), .key("x\"y"), .key("1st"), .key("_ok$")]).description, #"$["a b"]["x\"y"]["1st"]._ok$"#)
        XCTAssertEqual(JSONPath.root.appending(key: "k").appending(index: 0).description, "$.k[0]")
    }

    func testAccessorsAndLiterals() {
        let v: JSONValue = ["s": "x", "i": 3, "d": 1.5, "b": true, "n": nil, "a": [1, 2]]
        XCTAssertEqual(v["s"]?.stringValue, "x")
        XCTAssertEqual(v["i"]?.intValue, 3)
        XCTAssertEqual(v["i"]?.doubleValue, 3)
        XCTAssertEqual(v["d"]?.doubleValue, 1.5)
        XCTAssertEqual(v["b"]?.boolValue, true)
        XCTAssertEqual(v["n"]?.isNull, true)
        XCTAssertEqual(v["a"]?[1], 2)
        XCTAssertNil(v["a"]?[2])
        XCTAssertEqual(v.description, #"{"s":"x","i":3,"d":1.5,"b":true,"n":null,"a":[1,2]}"#)
    }
}
