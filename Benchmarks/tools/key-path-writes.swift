// What one element's write costs in plain Swift, with no GtkBridge and no GTK: the floor under
// the W6 keystroke and the W7 state write at large N (see the Performance article).
//
//   swiftc -O Benchmarks/tools/key-path-writes.swift -o /tmp/key-path-writes && /tmp/key-path-writes
//
// A write through a key path (what a binding made by `$model.texts[i]` does) reaches an
// `@Observable` property by its getter and setter: the array is copied for every element
// written. A direct write (`model.texts[i] = …`) uses the property's `_modify` and changes the
// element in place. A get, change and set (what `@State`'s property does, as SwiftUI's) copies too.
import Foundation
import Observation

@Observable final class TextsModel {
  var texts: [String]
  init(count: Int) { texts = Array(repeating: "", count: count) }
}

final class PlainModel {
  var texts: [String]
  init(count: Int) { texts = Array(repeating: "", count: count) }
}

func measure(_ label: String, _ n: Int, _ body: (Int) -> Void) {
  let ops = 2_000
  let start = DispatchTime.now().uptimeNanoseconds
  for op in 0..<ops { body(op % n) }
  let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(ops)
  print(
    label.padding(toLength: 62, withPad: " ", startingAt: 0),
    "N =", String(n).padding(toLength: 6, withPad: " ", startingAt: 0),
    String(format: "%9.0f ns per write", ns))
}

// N = 100 twice: the first pass warms up.
for n in [100, 100, 1_000, 10_000] {
  let model = TextsModel(count: n)
  measure("@Observable, direct: model.texts[i] = x", n) { model.texts[$0] = "abc\($0)" }
  measure("@Observable, key path: model[keyPath: \\.texts[i]] = x", n) { i in
    let path: ReferenceWritableKeyPath<TextsModel, String> = \TextsModel.texts[i]
    model[keyPath: path] = "abc\(i)"
  }
  let plain = PlainModel(count: n)
  measure("stored property, key path: plain[keyPath: \\.texts[i]] = x", n) { i in
    let path: ReferenceWritableKeyPath<PlainModel, String> = \PlainModel.texts[i]
    plain[keyPath: path] = "abc\(i)"
  }
  var state = Array(repeating: "", count: n)
  measure("get, change, set (a property with get and set only)", n) { i in
    var copy = state
    copy[i] = "abc\(i)"
    state = copy
  }
}
