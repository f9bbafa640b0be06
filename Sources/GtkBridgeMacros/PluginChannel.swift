import Foundation

/// The compiler's plugin protocol on standard input and output: each message is a JSON
/// object preceded by its length in bytes, as a little-endian 64-bit integer. A message is
/// an object with one key, its kind (`getCapability`, `expandFreestandingMacro`, …), whose
/// value is the payload.
struct PluginChannel {
  struct Message {
    let kind: String
    let payload: [String: Any]
  }

  private let input = FileHandle.standardInput
  private let output = FileHandle.standardOutput

  /// The next message; `nil` when the compiler closed the pipe.
  func receive() -> Message? {
    while true {
      guard let header = read(8) else { return nil }
      let length = header.withUnsafeBytes {
        Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)))
      }
      // NB: the compiler ends a session with an empty message before it closes the pipe.
      if length == 0 { continue }
      guard let body = read(length),
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
        let (kind, payload) = object.first
      else { return nil }
      return Message(kind: kind, payload: payload as? [String: Any] ?? [:])
    }
  }

  func send(_ message: [String: Any]) {
    guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
    var length = UInt64(body.count).littleEndian
    var data = Data(bytes: &length, count: 8)
    data.append(body)
    output.write(data)
  }

  private func read(_ count: Int) -> Data? {
    var data = Data()
    while data.count < count {
      let chunk = input.readData(ofLength: count - data.count)
      if chunk.isEmpty { return nil }
      data.append(chunk)
    }
    return data
  }
}
