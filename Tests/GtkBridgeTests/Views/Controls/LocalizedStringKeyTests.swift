import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// A gettext `.mo` catalog holding `translations` (msgid to msgstr), in UTF-8.
private func moCatalog(_ translations: [String: String]) -> Data {
  var entries = translations
  entries[""] = "Content-Type: text/plain; charset=UTF-8\n"
  // NB: gettext binary-searches the msgids, so they are sorted by their bytes.
  let keys = entries.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  let count = UInt32(keys.count)
  let originals = 28
  let translated = originals + keys.count * 8
  var strings = Data()
  var originalTable: [(UInt32, UInt32)] = []
  var translationTable: [(UInt32, UInt32)] = []
  let stringsStart = translated + keys.count * 8
  for key in keys {
    originalTable.append((UInt32(key.utf8.count), UInt32(stringsStart + strings.count)))
    strings += Data(key.utf8) + [0]
  }
  for key in keys {
    let value = entries[key]!
    translationTable.append((UInt32(value.utf8.count), UInt32(stringsStart + strings.count)))
    strings += Data(value.utf8) + [0]
  }
  var data = Data()
  func word(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
  for value in [0x9504_12de, 0, count, UInt32(originals), UInt32(translated), 0, 0] { word(value) }
  for (length, offset) in originalTable + translationTable {
    word(length)
    word(offset)
  }
  return data + strings
}

/// `LocalizedStringKey` (issue 17 item 5): literals in `Text` and `Button` are looked up in
/// the app's gettext catalog; `String` values and `Text(verbatim:)` are not.
final class LocalizedStringKeyTests: GtkTestCase, @unchecked Sendable {
  func testLiteralsAreTranslatedThroughTheAppsCatalogAndVerbatimTextIsNot() throws {
    let directory = NSTemporaryDirectory() + "gtkbridge-l10n-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let messages = directory + "/de/LC_MESSAGES"
    try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
    try moCatalog([
      "Sign In": "Anmelden",
      "Cancel": "Abbrechen",
      "%lld unread messages": "%lld ungelesene Nachrichten",
      "%@ invited %@": "%2$@ wurde von %1$@ eingeladen",
      "Größe": "Size",
    ]).write(to: URL(fileURLWithPath: messages + "/gtkbridge-test.mo"))

    let previousDomain = String(cString: textdomain(nil))
    let previousLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
    let previousLanguage = getenv("LANGUAGE").map { String(cString: $0) }
    let previousLocalePath = getenv("LOCPATH").map { String(cString: $0) }
    // NB: gettext ignores LANGUAGE in the "C" locale, and glibc 2.39 and later (Debian 13)
    // treat C.UTF-8 as "C" too; so the test runs in a German locale of its own, made with
    // `localedef` from the `locales` package's data (scripts/install-deps) and found
    // through LOCPATH, which glibc reads on each `setlocale`.
    let locales = directory + "/locales"
    try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
    let localedef = Process()
    localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
    localedef.arguments = ["-i", "de_DE", "-f", "UTF-8", locales + "/de_DE.UTF-8"]
    try localedef.run()
    localedef.waitUntilExit()
    XCTAssertEqual(localedef.terminationStatus, 0, "localedef made de_DE.UTF-8")
    setenv("LOCPATH", locales, 1)
    XCTAssertNotNil(setlocale(LC_MESSAGES, "de_DE.UTF-8"), "the test's German locale")
    setenv("LANGUAGE", "de", 1)
    bindtextdomain("gtkbridge-test", directory)
    bind_textdomain_codeset("gtkbridge-test", "UTF-8")
    textdomain("gtkbridge-test")
    defer {
      textdomain(previousDomain)
      if let previousLanguage {
        setenv("LANGUAGE", previousLanguage, 1)
      } else {
        unsetenv("LANGUAGE")
      }
      if let previousLocalePath {
        setenv("LOCPATH", previousLocalePath, 1)
      } else {
        unsetenv("LOCPATH")
      }
      setlocale(LC_MESSAGES, previousLocale)
    }

    MainActor.assumeIsolated {
      let title = "Sign In"
      let count = 3
      let ui = show(
        host {
          VStack {
            Text("Sign In")
            Text(verbatim: "Cancel")
            Text(title + "")
            Text("\(count) unread messages")
            Text("\("Ada") invited \("Grace")")
            Text("Größe")
            Text("Not in the catalog: 100%")
            Button("Cancel") {}
            Button(title) {}
          }
        })
      let texts = ui.findAll(Text.self).map { $0.text ?? "nil" }
      XCTAssertEqual(
        texts,
        [
          "Anmelden", "Cancel", "Sign In", "3 ungelesene Nachrichten",
          "Grace wurde von Ada eingeladen",
          "Size", "Not in the catalog: 100%",
        ])
      XCTAssertEqual(
        ui.findAll(Button<Text>.self).map { $0.title ?? "nil" }, ["Abbrechen", "Sign In"])
    }
  }

  func testPlaceholdersTakeTheirArgumentsInOrderOrByPosition() {
    XCTAssertEqual(
      LocalizedStringKey.substitute(["a", "b"], into: "%@ and %lld, 50%%"), "a and b, 50%")
    XCTAssertEqual(LocalizedStringKey.substitute(["a", "b"], into: "%2$@ %1$@"), "b a")
    XCTAssertEqual(LocalizedStringKey.substitute(["1.50"], into: "%.2f €"), "1.50 €")
    // A translation with more placeholders than values leaves the extra ones empty.
    XCTAssertEqual(LocalizedStringKey.substitute([], into: "[%@]"), "[]")
  }
}
