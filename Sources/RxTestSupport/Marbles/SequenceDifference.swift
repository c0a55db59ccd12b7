/// Describes how two lists differ, for failure messages: both lists, then each index at
/// which they disagree.
enum SequenceDifference {
    /// The description, or `nil` when the lists are equal under `equal`.
    static func describe<Value>(
        _ lhs: [Value], _ rhs: [Value], equal: (Value, Value) -> Bool, text: (Value) -> String
    ) -> String? {
        var differences: [String] = []
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : nil
            let right = index < rhs.count ? rhs[index] : nil
            if let left, let right, equal(left, right) { continue }
            differences.append("  [\(index)] lhs: \(left.map(text) ?? "(none)")")
            differences.append(
                "  \(String(repeating: " ", count: "[\(index)]".count)) rhs: \(right.map(text) ?? "(none)")")
        }
        if differences.isEmpty { return nil }
        let left = "[" + lhs.map(text).joined(separator: ", ") + "]"
        let right = "[" + rhs.map(text).joined(separator: ", ") + "]"
        return (["lhs: \(left)", "rhs: \(right)", "differences:"] + differences).joined(separator: "\n")
    }
}
