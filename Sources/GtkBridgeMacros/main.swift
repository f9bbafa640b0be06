import Foundation

// The compiler plugin behind `#Preview`: it speaks the compiler's plugin protocol directly,
// so it needs nothing outside the toolchain (no swift-syntax package, which cannot be
// fetched here). The compiler starts this program with `-load-plugin-executable` (SwiftPM
// passes it for the `.macro` target) and exchanges messages on standard input and output.

let channel = PluginChannel()
while let message = channel.receive() {
  switch message.kind {
  case "getCapability":
    // Protocol 7 is what the 6.x compilers speak; this plugin uses no optional feature.
    channel.send(["getCapabilityResult": ["capability": ["protocolVersion": 7]]])
  case "expandFreestandingMacro":
    let expanded = PreviewExpansion(request: message.payload).expandedSource
    channel.send(["expandMacroResult": ["expandedSource": expanded, "diagnostics": []]])
  case "expandAttachedMacro":
    // GtkBridge declares no attached macro with this plugin; say so in the code, not silently.
    channel.send([
      "expandMacroResult": [
        "expandedSource": "#error(\"GtkBridgeMacros has no attached macros\")", "diagnostics": [],
      ]
    ])
  case "loadPluginLibrary":
    channel.send(["loadPluginLibraryResult": ["loaded": false, "diagnostics": []]])
  default:
    // A message of a later protocol version this plugin does not know: no answer would hang
    // the compiler, so end, and the compiler reports the plugin as failed.
    exit(1)
  }
}
