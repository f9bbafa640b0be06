import CGtk
import XCTest

@testable import GtkBridge

/// SwiftUI's styling modifiers, read back from what GTK resolved and drew.
final class StylingModifierTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var widgets: [String: Widget] = [:]
  }

  /// The resolved `color` of a widget's own node, with alpha.
  @MainActor
  private func color(_ widget: Widget?) -> [Double] {
    var rgba = GdkRGBA()
    cgtk_widget_get_color(widget!.pointer, &rgba)
    return [rgba.red, rgba.green, rgba.blue, rgba.alpha].map { (Double($0) * 100).rounded() / 100 }
  }

  /// Moves Xvfb's pointer to the screen's far corner, away from the windows tests open, so
  /// no button under it draws hovered: a hovered prominent button's tint is lightened (255,
  /// 25, 25 for red), and a window that opens where an earlier test left the pointer (a sheet,
  /// a popover) would read so.
  static func movePointerAway() throws {
    _ = try runXdotool(["mousemove", "1279", "799"])
  }

  /// One pixel of the widget as GTK draws it, RGBA from 0 to 255.
  @MainActor
  static func pixel(_ widget: Widget, x: Int, y: Int) -> [Int] {
    pixel(widget.pointer, x: x, y: y)
  }

  /// One pixel of a GTK widget as GTK draws it, RGBA from 0 to 255.
  @MainActor
  static func pixel(_ widget: UnsafeMutablePointer<GtkWidget>, x: Int, y: Int) -> [Int] {
    let width = Int(gtk_widget_get_width(widget))
    let pixels = drawn(widget)
    return pixels.isEmpty ? [] : pixels[y * width + x]
  }

  /// The pixels of a GTK widget as GTK draws it, row by row, RGBA from 0 to 255.
  @MainActor
  static func drawn(_ widget: UnsafeMutablePointer<GtkWidget>) -> [[Int]] {
    let width = Int(gtk_widget_get_width(widget))
    let height = Int(gtk_widget_get_height(widget))
    let paintable = gtk_widget_paintable_new(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
    defer { gsk_render_node_unref(node) }
    let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))
    let texture = gsk_renderer_render_texture(renderer, node, nil)!
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    gdk_texture_download(texture, &bytes, gsize(width * 4))
    // NB: GDK's download format is premultiplied BGRA in memory on little-endian machines.
    return (0..<width * height).map { index in
      let offset = index * 4
      return [
        Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]),
        Int(bytes[offset + 3]),
      ]
    }
  }

  func testForegroundColoursAreScopedAndSemanticOnesFollowTheTheme() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Text("red").foregroundColor(.red).configure { probe.widgets["red"] = $0 }
            Text("plain").configure { probe.widgets["plain"] = $0 }
            Text("primary").foregroundColor(.primary).configure { probe.widgets["primary"] = $0 }
            Text("secondary").foregroundStyle(.secondary)
              .configure { probe.widgets["secondary"] = $0 }
            Text("accent").foregroundColor(.accentColor).configure { probe.widgets["accent"] = $0 }
          }
        })
      XCTAssertEqual(color(probe.widgets["red"]), [1, 0, 0, 1])
      let plain = color(probe.widgets["plain"])
      XCTAssertNotEqual(plain, [1, 0, 0, 1], "the colour leaked to a sibling")
      XCTAssertEqual(color(probe.widgets["primary"]), plain)
      XCTAssertEqual(Array(color(probe.widgets["secondary"]).prefix(3)), Array(plain.prefix(3)))
      XCTAssertEqual(color(probe.widgets["secondary"])[3], 0.55)
      // Adwaita's (GTK 4.8 default theme) selection blue, #3584e4.
      XCTAssertEqual(color(probe.widgets["accent"]), [0.21, 0.52, 0.89, 1])

      // Dark mode: the semantic colours follow the theme's.
      setPreferDark(true)
      defer { setPreferDark(false) }
      MainLoop.drain()
      let dark = color(probe.widgets["plain"])
      XCTAssertNotEqual(dark, plain, "the theme did not change")
      XCTAssertEqual(color(probe.widgets["primary"]), dark)
      XCTAssertEqual(Array(color(probe.widgets["secondary"]).prefix(3)), Array(dark.prefix(3)))
      XCTAssertEqual(color(probe.widgets["red"]), [1, 0, 0, 1])
    }
  }

  @MainActor
  private func setPreferDark(_ dark: Bool) {
    let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
    var value = GValue()
    g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
    g_value_set_boolean(&value, dark ? 1 : 0)
    g_object_set_property(
      settings.assumingMemoryBound(to: GObject.self), "gtk-application-prefer-dark-theme", &value)
    g_value_unset(&value)
  }

  func testFontsFollowGnomeTypeScaleAndComposeWithWeightAndItalic() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Text("Title").font(.largeTitle).configure { probe.widgets["title"] = $0 }
            VStack {
              Text("inherits").configure { probe.widgets["inner"] = $0 }
            }
            .font(.caption)
            Text("mono").font(.body.monospaced()).italic().configure { probe.widgets["mono"] = $0 }
            Text("sized").font(.system(size: 17, weight: .medium, design: .rounded)).bold()
              .configure { probe.widgets["sized"] = $0 }
          }
        })
      @MainActor func font(_ name: String) -> (
        size: Double, weight: Int, style: PangoStyle, family: String
      ) {
        let context = gtk_widget_get_pango_context(probe.widgets[name]!.pointer)
        let description = pango_context_get_font_description(context)
        let family = pango_font_description_get_family(description).map { String(cString: $0) }
        return (
          // NB: GTK hands Pango CSS pixels; 1 pt = 4/3 px at GTK's 96 dpi.
          (Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE) * 7.5)
            .rounded() / 10,
          Int(pango_font_description_get_weight(description).rawValue),
          pango_font_description_get_style(description), family ?? ""
        )
      }
      XCTAssertEqual(font("title").size, 20)
      XCTAssertEqual(font("title").weight, 800)
      XCTAssertEqual(font("inner").size, 9, "a container's font reaches the labels inside")
      XCTAssertEqual(font("mono").family, "monospace")
      XCTAssertEqual(font("mono").style, PANGO_STYLE_ITALIC)
      XCTAssertEqual(font("sized").size, 17)
      XCTAssertEqual(font("sized").weight, 700, ".bold() outside wins over the font's weight")
    }
  }

  func testBackgroundBorderCornerRadiusOpacityAndHiddenAreWhatGtkDraws() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = FieldModel()
      model.color = .green
      show(
        host {
          VStack {
            Text("    ").background(model.color ?? .clear).configure { probe.widgets["bg"] = $0 }
            Text("    ").border(Color.blue, width: 3).configure { probe.widgets["border"] = $0 }
            Text("    ").background(Color.red).cornerRadius(8)
              .configure { probe.widgets["round"] = $0 }
            Text("dim").opacity(0.25).configure { probe.widgets["dim"] = $0 }
            TextField("hidden", text: .constant("")).hidden()
              .configure { probe.widgets["hidden"] = $0 }
          }
        })
      MainLoop.wait(seconds: 0.1)
      let bg = probe.widgets["bg"]!
      XCTAssertEqual(Self.pixel(bg, x: 2, y: 2), [0, 128, 0, 255])
      model.color = Color(red: 0, green: 0, blue: 1)
      MainLoop.drain()
      XCTAssertEqual(Self.pixel(bg, x: 2, y: 2), [0, 0, 255, 255], "the style follows state")
      let border = probe.widgets["border"]!
      XCTAssertEqual(Self.pixel(border, x: 1, y: 5), [0, 0, 255, 255])
      let round = probe.widgets["round"]!
      XCTAssertEqual(Self.pixel(round, x: 0, y: 0)[3], 0, "the corner is clipped")
      XCTAssertEqual(Self.pixel(round, x: 8, y: 8), [255, 0, 0, 255])
      XCTAssertEqual(gtk_widget_get_opacity(probe.widgets["dim"]!.pointer), 0.25, accuracy: 0.01)
      let hidden = probe.widgets["hidden"] as! Entry
      XCTAssertEqual(gtk_widget_get_opacity(hidden.pointer), 0)
      XCTAssertFalse(hidden.grabFocus(), "a hidden field cannot take focus")
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }

  func testButtonTextFieldStylesAndControlSizesAreGtkStyleClasses() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Button("Prominent") {}.buttonStyle(.borderedProminent).tint(.mint)
              .configure { probe.widgets["prominent"] = $0 }
            VStack {
              Button("Plain") {}.configure { probe.widgets["plain"] = $0 }
              TextField("Flat", text: .constant("")).configure { probe.widgets["flat"] = $0 }
            }
            .buttonStyle(.plain)
            .textFieldStyle(.plain)
            Button("Large") {}.controlSize(.large).configure { probe.widgets["large"] = $0 }
            Button("Regular") {}.configure { probe.widgets["regular"] = $0 }
          }
        })
      let prominent = probe.widgets["prominent"]!
      XCTAssertTrue(prominent.hasCSSClass("suggested-action"))
      XCTAssertEqual(
        Self.pixel(prominent, x: 6, y: 6), [0, 199, 190, 255], ".tint paints the button")
      XCTAssertTrue(probe.widgets["plain"]!.hasCSSClass("flat"))
      XCTAssertTrue(probe.widgets["flat"]!.hasCSSClass("flat"))
      XCTAssertFalse(probe.widgets["regular"]!.hasCSSClass("flat"))
      @MainActor func height(_ name: String) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(
          probe.widgets[name]!.pointer, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
        return minimum
      }
      XCTAssertGreaterThanOrEqual(height("large"), 40)
      XCTAssertLessThan(height("regular"), height("large"))
    }
  }

  static let mint = [0, 199, 190, 255]
  static let red = [255, 0, 0, 255]
  static let orange = [255, 165, 0, 255]

  /// `.tint` on a group reaches the controls inside, as in SwiftUI: a prominent button in a
  /// `.tint(.mint)` stack is mint (it stayed the theme's blue when the tint was CSS scoped to
  /// the stack's own widget), a button's own `.tint` wins, and a plain button keeps the
  /// theme's look.
  func testATintOnAGroupPaintsTheProminentButtonsInsideAndTheNearestWins() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            VStack {
              Button("Buy") {}.configure { probe.widgets["buy"] = $0 }
              HStack {
                Button("Own") {}.tint(.red).configure { probe.widgets["own"] = $0 }
              }
              Button("Plain") {}.buttonStyle(.bordered).configure { probe.widgets["plain"] = $0 }
            }
            .buttonStyle(.borderedProminent)
            .tint(.mint)
            Button("Theme") {}.buttonStyle(.borderedProminent)
              .configure { probe.widgets["theme"] = $0 }
            Button("Bordered") {}.buttonStyle(.bordered)
              .configure { probe.widgets["bordered"] = $0 }
          }
        })
      @MainActor func pixel(_ name: String) -> [Int] {
        Self.pixel(probe.widgets[name]!, x: 6, y: 6)
      }
      XCTAssertEqual(pixel("buy"), Self.mint, "the group's tint")
      XCTAssertEqual(pixel("own"), Self.red, "the nearest tint")
      XCTAssertEqual(pixel("plain"), pixel("bordered"), "a bordered button is not painted")
      XCTAssertNotEqual(pixel("theme"), Self.mint, "the tint stays in its group")
    }
  }

  /// A state-driven `.tint` reaches the controls when it changes: a prominent button, one made
  /// later (a branch that flips), a field's caret; `nil` gives the theme's look back, and a
  /// tint above it shows again.
  func testAChangedTintReachesTheControlsAndNilGivesTheOuterOrTheThemesBack() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TintModel()
      show(
        host {
          VStack {
            VStack {
              Button("Buy") {}.configure { probe.widgets["buy"] = $0 }
              TextField("Note", text: .constant("")).configure { probe.widgets["field"] = $0 }
              if model.more {
                Button("Later") {}.configure { probe.widgets["later"] = $0 }
              }
            }
            .tint(model.tint)
            .tint(model.outer)
            Button("Theme") {}.configure { probe.widgets["theme"] = $0 }
          }
          .buttonStyle(.borderedProminent)
        })
      @MainActor func pixel(_ name: String) -> [Int] {
        Self.pixel(probe.widgets[name]!, x: 6, y: 6)
      }
      @MainActor func caret() -> Set<[Int]> {
        // NB: the entry's inner text draws the caret, with the `caret-color` it inherits.
        let entry = probe.widgets["field"]!.gtkDescendants(ofType: gtk_entry_get_type())[0]
        return Set(Self.drawn(gtk_widget_get_first_child(entry)!))
      }
      // NB: a caret that blinks is not drawn part of the time.
      Self.setCursorBlink(false)
      defer { Self.setCursorBlink(true) }
      _ = probe.widgets["field"]!.grabFocus()
      Self.nextFrame(probe.widgets["buy"]!)
      let theme = pixel("theme")
      XCTAssertEqual(pixel("buy"), Self.mint)
      XCTAssertTrue(caret().contains(Self.mint))
      model.tint = .orange
      MainLoop.drain()
      Self.nextFrame(probe.widgets["buy"]!)
      XCTAssertEqual(pixel("buy"), Self.orange, "a change reaches the button")
      XCTAssertTrue(caret().contains(Self.orange), "and the caret")
      model.more = true
      MainLoop.drain()
      Self.nextFrame(probe.widgets["buy"]!)
      XCTAssertEqual(pixel("later"), Self.orange, "a button made later takes it")
      model.tint = nil
      MainLoop.drain()
      Self.nextFrame(probe.widgets["buy"]!)
      XCTAssertEqual(pixel("buy"), theme, "with no tint, the theme's")
      XCTAssertEqual(pixel("later"), theme)
      XCTAssertFalse(caret().contains(Self.orange))
      model.outer = .red
      MainLoop.drain()
      Self.nextFrame(probe.widgets["buy"]!)
      XCTAssertEqual(pixel("buy"), Self.red, "nil keeps the tint from above")
      XCTAssertEqual(pixel("later"), Self.red)
    }
  }

  /// A tint driven through many colours (a hue slider's) keeps only the stylesheets in use:
  /// each GTK widget holds the one it shows, and one that no widget holds goes. The last
  /// colour is drawn, and taking the tint off gives the theme's look back.
  func testATintDrivenThroughManyColoursKeepsOnlyTheStylesheetsInUse() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TintModel()
      show(
        host {
          VStack {
            VStack {
              Button("Buy") {}.configure { probe.widgets["buy"] = $0 }
              Toggle("On", isOn: .constant(true)).toggleStyle(.switch)
            }
            .tint(model.tint)
            Button("Theme") {}.configure { probe.widgets["theme"] = $0 }
          }
          .buttonStyle(.borderedProminent)
        })
      Self.nextFrame(probe.widgets["buy"]!)
      let theme = Self.pixel(probe.widgets["theme"]!, x: 6, y: 6)
      // NB: other tests' windows may still hold sheets of their own; only growth is judged.
      let before = TintStyleSheet.liveCount
      for step in 0..<60 {
        model.tint = Color(red: Double(step) / 60, green: 0.5, blue: 0.25)
        MainLoop.drain()
      }
      XCTAssertLessThanOrEqual(
        TintStyleSheet.liveCount, before + 1, "60 colours leave the one in use, not 60 sheets")
      model.tint = .red
      MainLoop.drain()
      Self.nextFrame(probe.widgets["buy"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["buy"]!, x: 6, y: 6), Self.red)
      model.tint = nil
      MainLoop.drain()
      Self.nextFrame(probe.widgets["buy"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["buy"]!, x: 6, y: 6), theme, "the theme's again")
      XCTAssertLessThanOrEqual(TintStyleSheet.liveCount, before, "no widget holds a tint now")
    }
  }

  /// What SwiftUI on macOS tints besides prominent buttons: a switch's track and a check
  /// box's mark when on, a slider's filled part, a progress bar's progress. Off, a switch and
  /// a check box keep the theme's look.
  func testATintPaintsSwitchesCheckBoxesSlidersAndProgressBars() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            VStack {
              Toggle("On", isOn: .constant(true)).toggleStyle(.switch)
                .configure { probe.widgets["switch"] = $0 }
              Toggle("Off", isOn: .constant(false)).toggleStyle(.switch)
                .configure { probe.widgets["off"] = $0 }
              Toggle("Check", isOn: .constant(true)).toggleStyle(.checkbox)
                .configure { probe.widgets["check"] = $0 }
              Slider(value: .constant(0.5)).configure { probe.widgets["slider"] = $0 }
                .frame(width: 200)
              ProgressView(value: 0.5).configure { probe.widgets["progress"] = $0 }
                .frame(width: 200)
            }
            .tint(.red)
            Toggle("Theme", isOn: .constant(true)).toggleStyle(.switch)
              .configure { probe.widgets["theme"] = $0 }
          }
        })
      @MainActor func part(_ name: String, _ css: String) -> UnsafeMutablePointer<GtkWidget> {
        gtkTree(probe.widgets[name]!.pointer).first {
          String(cString: gtk_widget_get_css_name($0)) == css
        }!
      }
      @MainActor func middle(_ part: UnsafeMutablePointer<GtkWidget>, x: Int) -> [Int] {
        Self.pixel(part, x: x, y: Int(gtk_widget_get_height(part)) / 2)
      }
      XCTAssertEqual(middle(part("switch", "switch"), x: 6), Self.red, "the track, on")
      XCTAssertNotEqual(middle(part("theme", "switch"), x: 6), Self.red, "not the theme's")
      let off = part("off", "switch")
      XCTAssertNotEqual(
        middle(off, x: Int(gtk_widget_get_width(off)) - 8), Self.red, "the track, off")
      XCTAssertEqual(Self.pixel(part("check", "check"), x: 2, y: 3), Self.red, "the check box")
      for (name, filled) in [("slider", "highlight"), ("progress", "progress")] {
        XCTAssertEqual(middle(part(name, filled), x: 4), Self.red, name)
        let trough = part(name, "trough")
        XCTAssertNotEqual(
          middle(trough, x: Int(gtk_widget_get_width(trough)) - 4), Self.red, "\(name)'s rest")
      }
    }
  }

  /// GTK reads every rule of a tint's stylesheet, for a colour of its own and a theme's.
  func testATintsStylesheetParsesWithoutAnError() {
    MainActor.assumeIsolated {
      for color in [Color.mint, Color.accentColor, Color.red.opacity(0.5)] {
        XCTAssertNil(CSSProvider().load(TintStyleSheet.css(for: color.cssValue)), color.cssValue)
      }
    }
  }

  /// A control that makes GTK widgets after it was styled gives them the tint around it: a
  /// progress view whose value comes (its bar replaces the spinner), a radio-group picker
  /// whose choices change (new radio buttons). Both showed the theme's blue.
  func testWidgetsAControlMakesLaterTakeTheTint() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = LaterControlsModel()
      show(
        host {
          VStack {
            ProgressView(value: model.progress).frame(width: 200)
              .configure { probe.widgets["progress"] = $0 }
            Picker("Size", selection: .constant("S")) {
              ForEach(model.sizes, id: \.self) { Text($0).tag($0) }
            }
            .pickerStyle(.radioGroup)
            .configure { probe.widgets["picker"] = $0 }
          }
          .tint(.red)
        })
      @MainActor func part(_ name: String, _ css: String) -> UnsafeMutablePointer<GtkWidget>? {
        gtkTree(probe.widgets[name]!.pointer).first {
          String(cString: gtk_widget_get_css_name($0)) == css
        }
      }
      XCTAssertEqual(Self.pixel(part("picker", "radio")!, x: 2, y: 3), Self.red)
      model.progress = 0.5
      model.sizes = ["S", "M", "L"]
      MainLoop.drain()
      Self.nextFrame(probe.widgets["progress"]!)
      let progress = part("progress", "progress")!
      XCTAssertEqual(
        Self.pixel(progress, x: 4, y: Int(gtk_widget_get_height(progress)) / 2), Self.red,
        "the bar made when the value came")
      XCTAssertEqual(
        Self.pixel(part("picker", "radio")!, x: 2, y: 3), Self.red, "the radios made anew")
    }
  }

  /// A group's tint of a colour with a light and a dark appearance paints with the one GTK's
  /// scheme shows, and switches when the scheme does.
  func testAGroupsTintWithADarkAppearanceFollowsTheScheme() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Button("Buy") {}.buttonStyle(.borderedProminent)
              .configure { probe.widgets["buy"] = $0 }
          }
          .tint(Color(light: .red, dark: .orange))
        })
      defer { DisplaySettings.prefersDarkTheme = false }
      XCTAssertEqual(Self.pixel(probe.widgets["buy"]!, x: 6, y: 6), Self.red)
      DisplaySettings.prefersDarkTheme = true
      MainLoop.drain()
      Self.nextFrame(probe.widgets["buy"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["buy"]!, x: 6, y: 6), Self.orange)
    }
  }

  /// `.foregroundStyle(.tint)` paints the text with the nearest `.tint` around it, as in
  /// SwiftUI: a group's, an inner group's inside it, one on the text itself; `nil` keeps the
  /// one from above; with none the theme's accent colour. (It was always the accent colour:
  /// Adwaita's blue, 0.21, 0.52, 0.89, inside `.tint(.red)`.)
  func testForegroundStyleTintIsTheNearestTintAroundTheTextOrTheAccentColour() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            VStack {
              Text("group").foregroundStyle(.tint).configure { probe.widgets["group"] = $0 }
              VStack {
                Text("inner").foregroundStyle(.tint).configure { probe.widgets["inner"] = $0 }
              }
              .tint(.orange)
              Text("own").foregroundStyle(.tint).tint(.mint)
                .configure { probe.widgets["own"] = $0 }
              Text("nil").foregroundStyle(.tint).tint(nil).configure { probe.widgets["nil"] = $0 }
            }
            .tint(.red)
            Text("none").foregroundStyle(.tint).configure { probe.widgets["none"] = $0 }
            Text("accent").foregroundColor(.accentColor)
              .configure { probe.widgets["accent"] = $0 }
          }
        })
      XCTAssertEqual(color(probe.widgets["group"]), [1, 0, 0, 1], "the group's tint")
      XCTAssertEqual(color(probe.widgets["inner"]), [1, 0.65, 0, 1], "the nearest tint")
      XCTAssertEqual(color(probe.widgets["own"]), [0, 0.78, 0.75, 1], "the text's own tint")
      XCTAssertEqual(color(probe.widgets["nil"]), [1, 0, 0, 1], "nil keeps the tint above")
      XCTAssertEqual(color(probe.widgets["none"]), color(probe.widgets["accent"]))
      // Adwaita's accent, #3584e4.
      XCTAssertEqual(color(probe.widgets["none"]), [0.21, 0.52, 0.89, 1], "no tint: the accent")
    }
  }

  /// `.foregroundStyle(.tint)` resolves in the environment of each view that draws, as in
  /// SwiftUI: a text inside with a `.tint` of its own takes that tint, the others the one
  /// around the group, an inner plain style wins, and a change of an inner tint reaches its
  /// text. (The tint was read at the modifier: every text inside took the group's.)
  func testForegroundStyleTintOnAGroupResolvesAtEachTextInside() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TintModel()
      show(
        host {
          VStack {
            Text("a").tint(.red).configure { probe.widgets["a"] = $0 }
            Text("b").configure { probe.widgets["b"] = $0 }
            HStack { Text("c").configure { probe.widgets["c"] = $0 } }.tint(model.tint)
            Text("d").foregroundStyle(.green).tint(.red).configure { probe.widgets["d"] = $0 }
            VStack { Text("e").tint(.red).configure { probe.widgets["e"] = $0 } }
              .foregroundStyle(.green)
          }
          .foregroundStyle(.tint)
          .tint(.blue)
        })
      XCTAssertEqual(color(probe.widgets["a"]), [1, 0, 0, 1], "a's own tint")
      XCTAssertEqual(color(probe.widgets["b"]), [0, 0, 1, 1], "the group's tint")
      XCTAssertEqual(color(probe.widgets["c"]), [0, 0.78, 0.75, 1], "the stack's tint, mint")
      XCTAssertEqual(color(probe.widgets["d"]), [0, 0.5, 0, 1], "its own style wins")
      XCTAssertEqual(color(probe.widgets["e"]), [0, 0.5, 0, 1], "a nearer plain style")
      model.tint = .orange
      MainLoop.drain()
      XCTAssertEqual(color(probe.widgets["c"]), [1, 0.65, 0, 1], "the changed tint")
      XCTAssertEqual(color(probe.widgets["b"]), [0, 0, 1, 1])
    }
  }

  /// An explicit foreground style is dimmed in a disabled control, as SwiftUI on macOS dims
  /// a disabled button's label whatever its colour; a text outside any control keeps its
  /// colour (SwiftUI resolves `Color.red` to red whether enabled or not). The red stayed
  /// full red on a disabled button.
  func testAnExplicitForegroundStyleIsDimmedInADisabledControlOnly() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Button("x") {}.foregroundStyle(.red).disabled(true)
              .configure { probe.widgets["titled"] = $0 }
            Button(action: {}) {
              Text("y").foregroundStyle(.red).configure { probe.widgets["label"] = $0 }
            }
            .disabled(true)
            Button("z") {}.foregroundStyle(.red).configure { probe.widgets["enabled"] = $0 }
            VStack { Text("plain").foregroundStyle(.red).configure { probe.widgets["text"] = $0 } }
              .disabled(true)
          }
        })
      @MainActor func title(_ name: String) -> [Double] {
        let button = probe.widgets[name]!.pointer.cast(to: GtkButton.self)
        return color(Widget(retaining: UnsafeMutableRawPointer(gtk_button_get_child(button)!)))
      }
      XCTAssertEqual(title("titled"), [1, 0, 0, 0.5], "a disabled button's title")
      XCTAssertEqual(color(probe.widgets["label"]), [1, 0, 0, 0.5], "a disabled button's label")
      XCTAssertEqual(title("enabled"), [1, 0, 0, 1], "an enabled button")
      XCTAssertEqual(color(probe.widgets["text"]), [1, 0, 0, 1], "no control: not dimmed")
    }
  }

  /// `Color.accentColor` inside `.accentColor(_:)` is that colour, as SwiftUI resolves it
  /// from the environment: as a foreground, a background and a fill; a `.tint` inside does
  /// not change it, and outside it is the theme's. (It was always the theme's.)
  func testColorAccentColorIsTheNearestAccentColorModifiers() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            VStack {
              Text("fg").foregroundColor(.accentColor).configure { probe.widgets["fg"] = $0 }
              Text("style").foregroundStyle(Color.accentColor.opacity(0.5))
                .configure { probe.widgets["style"] = $0 }
              Text("    ").background(Color.accentColor).configure { probe.widgets["bg"] = $0 }
              Color.accentColor.frame(width: 10, height: 10).configure {
                probe.widgets["fill"] = $0
              }
              Text("tinted").foregroundStyle(Color.accentColor).tint(.red)
                .configure { probe.widgets["tinted"] = $0 }
            }
            .accentColor(.orange)
            Text("theme").foregroundColor(.accentColor).configure { probe.widgets["theme"] = $0 }
          }
        })
      let orange = [1, 0.65, 0, 1.0]
      XCTAssertEqual(color(probe.widgets["fg"]), orange)
      XCTAssertEqual(color(probe.widgets["style"]), [1, 0.65, 0, 0.5])
      XCTAssertEqual(color(probe.widgets["tinted"]), orange, "a tint is not the accent colour")
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["bg"]!, x: 2, y: 2), [255, 165, 0, 255])
      XCTAssertEqual(Self.pixel(probe.widgets["fill"]!, x: 5, y: 5), [255, 165, 0, 255])
      XCTAssertEqual(color(probe.widgets["theme"]), [0.21, 0.52, 0.89, 1], "Adwaita's accent")
    }
  }

  /// A button-style toggle that is on is filled with the tint, or the accent colour with
  /// none, as SwiftUI on macOS fills it, with a label readable on it; off it keeps the
  /// theme's look. (It was the theme's grey when on.)
  func testAButtonStyleToggleThatIsOnIsFilledWithTheTint() throws {
    try Self.movePointerAway()
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Toggle("Red", isOn: .constant(true)).tint(.red).configure { probe.widgets["red"] = $0 }
            Toggle("Accent", isOn: .constant(true)).configure { probe.widgets["accent"] = $0 }
            Toggle("Off", isOn: .constant(false)).tint(.red).configure { probe.widgets["off"] = $0 }
            Toggle("Yellow", isOn: .constant(true)).tint(.yellow)
              .configure { probe.widgets["yellow"] = $0 }
          }
          .toggleStyle(.button)
        })
      @MainActor func label(_ name: String) -> [Double] {
        let button = probe.widgets[name]!.pointer.cast(to: GtkButton.self)
        return color(Widget(retaining: UnsafeMutableRawPointer(gtk_button_get_child(button)!)))
      }
      Self.nextFrame(probe.widgets["red"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["red"]!, x: 6, y: 6), Self.red, "the tint")
      XCTAssertEqual(label("red"), [1, 1, 1, 1], "white on red")
      XCTAssertEqual(
        Self.pixel(probe.widgets["accent"]!, x: 6, y: 6), [53, 132, 228, 255], "the accent")
      XCTAssertEqual(label("accent"), [1, 1, 1, 1], "the theme's text on its accent")
      XCTAssertNotEqual(Self.pixel(probe.widgets["off"]!, x: 6, y: 6), Self.red, "off")
      XCTAssertEqual(label("yellow"), [0, 0, 0, 1], "black on yellow")
    }
  }

  /// Of two styles of one property on one widget the inner wins, as in SwiftUI (Text
  /// resolves its modifiers innermost last), and keeps winning when the outer one is applied
  /// again: after a change of the tint it reads, or of its own input. A custom view's own
  /// colour wins over one given to the view; an inner background covers an outer one; a
  /// trait of the font (`.bold()`) wins over a font's weight inside or around it. (The
  /// stylesheet GTK was given last won: the outer one when both were made, and whichever
  /// applied again since; `.foregroundStyle(.green).foregroundStyle(.tint)` was mint, then
  /// orange when the tint changed.)
  func testOfTwoStylesOnOneWidgetTheInnerWinsAndKeepsWinningWhenTheOuterOneChanges() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TintModel()
      show(
        host {
          VStack {
            Text("colours").foregroundStyle(.red).foregroundStyle(.blue)
              .configure { probe.widgets["colours"] = $0 }
            RedTitle(probe: probe).foregroundStyle(.secondary)
            Text("tint in colour").foregroundStyle(.tint).foregroundStyle(.green)
              .configure { probe.widgets["tint in colour"] = $0 }
            Text("colour in tint").foregroundStyle(.green).foregroundStyle(.tint)
              .configure { probe.widgets["colour in tint"] = $0 }
            Text("colour in changing").foregroundStyle(.blue)
              .foregroundStyle(model.more ? .red : .pink)
              .configure { probe.widgets["colour in changing"] = $0 }
            Text("    ").background(.green).background(.tint)
              .configure { probe.widgets["backgrounds"] = $0 }
            Text("bold in font").bold().font(.system(size: 17, weight: .medium))
              .configure { probe.widgets["bold in font"] = $0 }
          }
          .tint(model.tint)
        })
      let red = [1.0, 0, 0, 1]
      let green = [0, 0.5, 0, 1.0]
      let blue = [0, 0, 1, 1.0]
      XCTAssertEqual(color(probe.widgets["colours"]), red, "the inner colour")
      XCTAssertEqual(color(probe.widgets["title"]), red, "the custom view's own colour")
      XCTAssertEqual(color(probe.widgets["tint in colour"]), [0, 0.78, 0.75, 1], "mint")
      XCTAssertEqual(color(probe.widgets["colour in tint"]), green)
      XCTAssertEqual(color(probe.widgets["colour in changing"]), blue)
      Self.nextFrame(probe.widgets["backgrounds"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["backgrounds"]!, x: 2, y: 2), [0, 128, 0, 255])
      let context = gtk_widget_get_pango_context(probe.widgets["bold in font"]!.pointer)
      let description = pango_context_get_font_description(context)
      XCTAssertEqual(pango_font_description_get_weight(description).rawValue, 700)
      model.tint = .orange
      model.more = true
      MainLoop.drain()
      XCTAssertEqual(color(probe.widgets["tint in colour"]), [1, 0.65, 0, 1], "orange")
      XCTAssertEqual(color(probe.widgets["colour in tint"]), green, "after the tint changed")
      XCTAssertEqual(color(probe.widgets["colour in changing"]), blue, "after the outer changed")
      Self.nextFrame(probe.widgets["backgrounds"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["backgrounds"]!, x: 2, y: 2), [0, 128, 0, 255])
    }
  }

  /// `.background(.tint)` and `.border(.tint)` paint with the nearest `.tint`, or the accent
  /// colour with none.
  func testBackgroundAndBorderInTheTintPaintWithTheNearestTint() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            VStack {
              Text("    ").background(.tint).configure { probe.widgets["bg"] = $0 }
              Text("    ").border(.tint, width: 3).configure { probe.widgets["border"] = $0 }
            }
            .tint(.red)
            Text("    ").background(.tint).configure { probe.widgets["none"] = $0 }
            Text("    ").background(Color.accentColor).configure { probe.widgets["accent"] = $0 }
          }
        })
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(Self.pixel(probe.widgets["bg"]!, x: 2, y: 2), Self.red)
      XCTAssertEqual(Self.pixel(probe.widgets["border"]!, x: 1, y: 5), Self.red)
      let accent = Self.pixel(probe.widgets["accent"]!, x: 2, y: 2)
      XCTAssertEqual(accent, [53, 132, 228, 255], "Adwaita's accent, #3584e4")
      XCTAssertEqual(Self.pixel(probe.widgets["none"]!, x: 2, y: 2), accent, "no tint: the accent")
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }

  /// A change of the `.tint` around views painted with `.tint` restyles them, a view that
  /// does not run again (its own struct, no input changed) included; a view made later (a
  /// branch that flips) takes the tint of the time; `nil` gives the accent colour, and a tint
  /// further up shows again.
  func testAChangedTintRestylesTheViewsPaintedWithTheTint() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TintModel()
      show(
        host {
          VStack {
            VStack {
              TintedText(probe: probe)
              Text("    ").background(.tint).configure { probe.widgets["bg"] = $0 }
              if model.more {
                Text("later").foregroundStyle(.tint).configure { probe.widgets["later"] = $0 }
              }
            }
            .tint(model.tint)
            .tint(model.outer)
            Text("accent").foregroundColor(.accentColor)
              .configure { probe.widgets["accent"] = $0 }
          }
        })
      @MainActor func pixel() -> [Int] { Self.pixel(probe.widgets["bg"]!, x: 2, y: 2) }
      let mint = [0, 0.78, 0.75, 1.0]
      let orange = [1, 0.65, 0, 1.0]
      XCTAssertEqual(color(probe.widgets["text"]), mint)
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(pixel(), Self.mint)
      model.tint = .orange
      MainLoop.drain()
      XCTAssertEqual(color(probe.widgets["text"]), orange, "a change reaches the text")
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(pixel(), Self.orange, "and the background")
      model.more = true
      MainLoop.drain()
      XCTAssertEqual(color(probe.widgets["later"]), orange, "a text made later takes it")
      model.tint = nil
      MainLoop.drain()
      let accent = color(probe.widgets["accent"])
      XCTAssertEqual(color(probe.widgets["text"]), accent, "with no tint, the accent colour")
      XCTAssertEqual(color(probe.widgets["later"]), accent)
      model.outer = .red
      MainLoop.drain()
      XCTAssertEqual(color(probe.widgets["text"]), [1, 0, 0, 1], "nil keeps the tint above")
      XCTAssertEqual(color(probe.widgets["later"]), [1, 0, 0, 1])
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(pixel(), Self.red)
    }
  }

  /// A shape style at an opacity (`.tint.opacity(0.5)`, SwiftUI's `ShapeStyle.opacity(_:)`)
  /// and a type-erased one (`AnyShapeStyle`, for a style chosen by a condition) paint as the
  /// style they are made of: the nearest tint at half its alpha, followed when it changes; a
  /// hierarchical style; a colour; a gradient at half its alpha. (Neither compiled.)
  func testAShapeStyleAtAnOpacityAndAnAnyShapeStylePaintAsTheirStyle() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TintModel()
      show(
        host {
          VStack {
            Text("faded").foregroundStyle(.tint.opacity(0.5))
              .configure { probe.widgets["faded"] = $0 }
            Text("    ").background(.tint.opacity(0.5)).configure { probe.widgets["bg"] = $0 }
            Rectangle().fill(.tint.opacity(0.5)).frame(width: 20, height: 20)
              .configure { probe.widgets["shape"] = $0 }
            Text("any").foregroundStyle(model.more ? AnyShapeStyle(.tint) : AnyShapeStyle(.red))
              .configure { probe.widgets["any"] = $0 }
            Text("secondary").foregroundStyle(AnyShapeStyle(.secondary))
              .configure { probe.widgets["secondary"] = $0 }
            Text("plain secondary").foregroundStyle(.secondary)
              .configure { probe.widgets["plain secondary"] = $0 }
            Rectangle()
              .fill(
                LinearGradient(colors: [.red, .red], startPoint: .top, endPoint: .bottom)
                  .opacity(0.5)
              )
              .frame(width: 20, height: 20)
              .configure { probe.widgets["gradient"] = $0 }
            RoundedRectangle(cornerRadius: 2).fill(.secondary.opacity(0.5))
              .frame(width: 20, height: 20)
              .configure { probe.widgets["secondary shape"] = $0 }
            RoundedRectangle(cornerRadius: 2).fill(Color.secondary.opacity(0.5))
              .frame(width: 20, height: 20)
              .configure { probe.widgets["secondary colour"] = $0 }
          }
          .tint(model.tint)
        })
      /// Whether the pixel at (x, y) of `name` is `expected` but for rounding (premultiplied
      /// alpha halves odd channels).
      @MainActor func pixel(_ name: String, _ x: Int, _ y: Int, is expected: [Int]) -> Bool {
        let drawn = Self.pixel(probe.widgets[name]!, x: x, y: y)
        return drawn.count == 4 && zip(drawn, expected).allSatisfy { abs($0 - $1) <= 1 }
      }
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(color(probe.widgets["faded"]), [0, 0.78, 0.75, 0.5], "mint at half")
      // NB: premultiplied: half of mint's 199, 190 over nothing.
      XCTAssertTrue(pixel("bg", 2, 2, is: [0, 99, 95, 128]), "a background, mint at half")
      XCTAssertTrue(pixel("shape", 10, 10, is: [0, 99, 95, 128]), "a shape")
      XCTAssertTrue(pixel("gradient", 10, 10, is: [128, 0, 0, 128]), "a gradient, red at half")
      let secondary = Self.pixel(probe.widgets["secondary colour"]!, x: 10, y: 10)
      // NB: the theme's text colour at 55 %, then half (Adwaita's on GTK 4.8: alpha 70).
      XCTAssertTrue((1..<128).contains(secondary[3]), "\(secondary)")
      XCTAssertEqual(Self.pixel(probe.widgets["secondary shape"]!, x: 10, y: 10), secondary)
      XCTAssertEqual(color(probe.widgets["any"]), [1, 0, 0, 1])
      XCTAssertEqual(color(probe.widgets["secondary"]), color(probe.widgets["plain secondary"]))
      model.more = true
      model.tint = .orange
      MainLoop.drain()
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(color(probe.widgets["any"]), [1, 0.65, 0, 1], "the tint, erased")
      XCTAssertEqual(color(probe.widgets["faded"]), [1, 0.65, 0, 0.5], "a change reaches it")
      XCTAssertTrue(pixel("bg", 2, 2, is: [128, 82, 0, 128]), "orange at half")
      XCTAssertTrue(pixel("shape", 10, 10, is: [128, 82, 0, 128]))
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }

  /// Text, a background and a shape in a tint with a light and a dark appearance take the
  /// one GTK's scheme shows, and the other when the scheme changes.
  func testStylesInATintWithADarkAppearanceFollowTheScheme() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Text("tinted").foregroundStyle(.tint).configure { probe.widgets["text"] = $0 }
            Text("    ").background(.tint).configure { probe.widgets["bg"] = $0 }
            Rectangle().fill(.tint).frame(width: 20, height: 20)
              .configure { probe.widgets["shape"] = $0 }
          }
          .tint(Color(light: .red, dark: .orange))
        })
      defer { DisplaySettings.prefersDarkTheme = false }
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(color(probe.widgets["text"]), [1, 0, 0, 1])
      XCTAssertEqual(Self.pixel(probe.widgets["bg"]!, x: 2, y: 2), Self.red)
      XCTAssertEqual(Self.pixel(probe.widgets["shape"]!, x: 10, y: 10), Self.red)
      DisplaySettings.prefersDarkTheme = true
      MainLoop.drain()
      Self.nextFrame(probe.widgets["bg"]!)
      XCTAssertEqual(color(probe.widgets["text"]), [1, 0.65, 0, 1])
      XCTAssertEqual(Self.pixel(probe.widgets["bg"]!, x: 2, y: 2), Self.orange)
      XCTAssertEqual(Self.pixel(probe.widgets["shape"]!, x: 10, y: 10), Self.orange)
    }
  }

  /// GTK's "gtk-cursor-blink" setting.
  @MainActor
  static func setCursorBlink(_ on: Bool) {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gboolean"))
    defer { g_value_unset(&value) }
    g_value_set_boolean(&value, on ? 1 : 0)
    g_object_set_property(
      UnsafeMutableRawPointer(gtk_settings_get_default()!).assumingMemoryBound(to: GObject.self),
      "gtk-cursor-blink", &value)
  }

  /// Lets GTK restyle, lay out and draw what changed: waits for the window's next frame.
  @MainActor
  static func nextFrame(_ widget: Widget) {
    guard let clock = gtk_widget_get_frame_clock(widget.pointer) else { return }
    let start = gdk_frame_clock_get_frame_counter(clock)
    gtk_widget_queue_allocate(widget.pointer)
    MainLoop.run(timeout: 1) { gdk_frame_clock_get_frame_counter(clock) > start }
  }

  /// As in SwiftUI, the nearest `.buttonStyle`, `.controlSize` and `.textFieldStyle` win: a
  /// button's own style is kept inside a group styled otherwise. A change of the group's size
  /// reaches its controls, not the one that set its own, nor a view that reads
  /// `@Environment(\.controlSize)` late; a control made after (a branch that flips) takes it.
  func testTheNearestControlStyleWinsAndAChangeReachesTheControlsBelow() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = ControlStyleModel()
      show(
        host {
          VStack {
            Button("Inner") {}.buttonStyle(.borderedProminent).controlSize(.large)
              .configure { probe.widgets["inner"] = $0 }
            Button("Outer") {}.configure { probe.widgets["outer"] = $0 }
            TextField("Own", text: .constant("")).textFieldStyle(.roundedBorder)
              .configure { probe.widgets["own"] = $0 }
            TextField("Field", text: .constant("")).configure { probe.widgets["field"] = $0 }
            ControlSizeReader(probe: probe)
            if model.more {
              Button("Later") {}.configure { probe.widgets["later"] = $0 }
            }
          }
          .buttonStyle(.borderless)
          .textFieldStyle(.plain)
          .controlSize(model.size)
        })
      @MainActor func classes(_ name: String) -> [String] {
        let all = ["flat", "suggested-action"] + ControlSize.allCases.compactMap(\.styleClass)
        return all.filter { probe.widgets[name]!.hasCSSClass($0) }
      }
      XCTAssertEqual(classes("inner"), ["suggested-action", "gtkbridge-control-large"])
      XCTAssertEqual(classes("outer"), ["flat", "gtkbridge-control-small"])
      XCTAssertEqual(classes("own"), ["gtkbridge-control-small"])
      XCTAssertEqual(classes("field"), ["flat", "gtkbridge-control-small"])
      @MainActor func shownSize() -> String? { (probe.widgets["size"] as? LabelWidget)?.text }
      XCTAssertEqual(shownSize(), "small")
      model.size = .mini
      MainLoop.drain()
      XCTAssertEqual(classes("inner"), ["suggested-action", "gtkbridge-control-large"])
      XCTAssertEqual(classes("outer"), ["flat", "gtkbridge-control-mini"])
      XCTAssertEqual(classes("field"), ["flat", "gtkbridge-control-mini"])
      XCTAssertEqual(shownSize(), "mini", "a view reading the size runs again")
      model.more = true
      MainLoop.drain()
      XCTAssertEqual(classes("later"), ["flat", "gtkbridge-control-mini"])
      model.size = .regular
      MainLoop.drain()
      XCTAssertEqual(classes("outer"), ["flat"], "the regular size has no class")
    }
  }

  /// As in SwiftUI, a button style styles buttons: a `Button` and a toggle styled `.button`
  /// take its classes; a `Menu`, a `Picker` (segmented or a drop-down) and a `Stepper`, which
  /// GTK makes of buttons too, keep every button as without the modifier (they turned wholly
  /// `suggested-action` under `.borderedProminent`), those a picker makes when its choices
  /// change included. They still take the control size.
  func testAButtonStyleStylesButtonsAndButtonTogglesNotMenusPickersOrSteppers() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = LaterControlsModel()
      show(
        host {
          HStack {
            ButtonBuiltControls(name: "none", probe: probe, sizes: model.sizes)
            ButtonBuiltControls(name: "prominent", probe: probe, sizes: model.sizes)
              .buttonStyle(.borderedProminent)
            ButtonBuiltControls(name: "bordered", probe: probe, sizes: model.sizes)
              .buttonStyle(.bordered)
            ButtonBuiltControls(name: "borderless", probe: probe, sizes: model.sizes)
              .buttonStyle(.borderless)
            ButtonBuiltControls(name: "plain", probe: probe, sizes: model.sizes)
              .buttonStyle(.plain)
            ButtonBuiltControls(name: "link", probe: probe, sizes: model.sizes)
              .buttonStyle(.link)
            ButtonBuiltControls(name: "large", probe: probe, sizes: model.sizes)
              .buttonStyle(.borderedProminent).controlSize(.large)
          }
        })
      let large = ControlSize.large.styleClass!
      let watched = ["suggested-action", "flat", "link", large]
      /// The watched classes of each GTK button of a control, in order.
      @MainActor func classes(_ group: String, _ control: String) -> [[String]] {
        let widget = probe.widgets["\(group).\(control)"]!.pointer
        return gtkTree(widget).filter { gtkIsA($0, gtk_button_get_type()) }.map { button in
          watched.filter { gtk_widget_has_css_class(button, $0) != 0 }
        }
      }
      let styled: [(group: String, classes: [String])] = [
        ("none", []), ("prominent", ["suggested-action"]), ("bordered", []),
        ("borderless", ["flat"]), ("plain", ["flat"]), ("link", ["flat", "link"]),
        ("large", ["suggested-action", large]),
      ]
      for (group, expected) in styled {
        XCTAssertEqual(classes(group, "button"), [expected], "\(group): the button")
        XCTAssertEqual(classes(group, "toggle"), [expected], "\(group): the button toggle")
      }
      @MainActor func checkControls(_ when: String) {
        for control in ["menu", "segmented", "dropDown", "stepper"] {
          let plain = classes("none", control)
          XCTAssertFalse(plain.isEmpty, "\(control) is made of GTK buttons")
          for (group, _) in styled.dropFirst() where group != "large" {
            XCTAssertEqual(classes(group, control), plain, "\(group): the \(control), \(when)")
          }
          XCTAssertEqual(
            classes("large", control), plain.map { $0 + [large] },
            "the \(control) takes the control size, not the button style, \(when)")
        }
      }
      checkControls("made with the view")
      model.sizes = ["S", "M", "L"]
      MainLoop.drain()
      XCTAssertEqual(classes("prominent", "segmented").count, 3, "the segments made anew")
      checkControls("after the picker's choices changed")
    }
  }

  /// What GTK draws: under `.buttonStyle(.borderedProminent).tint(.red)` a `Button` is red, and
  /// a `Menu` and a segmented `Picker` draw exactly as the same controls without the modifiers
  /// (the picker's selected segment was red, the menu's button too). A tint alone paints
  /// neither: SwiftUI's documentation names no tint for either.
  func testAMenuAndASegmentedPickerDrawUnderAProminentButtonStyleAsWithoutIt() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          HStack {
            VStack {
              Button("OK") {}.configure { probe.widgets["ok"] = $0 }
              MenuAndSegmentedPicker(name: "styled", probe: probe)
            }
            .buttonStyle(.borderedProminent)
            .tint(.red)
            MenuAndSegmentedPicker(name: "plain", probe: probe)
          }
        })
      XCTAssertEqual(Self.pixel(probe.widgets["ok"]!, x: 6, y: 6), Self.red, "the button")
      @MainActor func drawn(_ name: String) -> [[Int]] {
        // NB: the menu's button, the picker's linked segments (not its title, which fills
        // the width its stack gives it).
        let widget = probe.widgets[name]!.pointer
        let part =
          name.hasSuffix("menu")
          ? widget : gtkTree(widget).first { gtk_widget_has_css_class($0, "linked") != 0 }!
        XCTAssertGreaterThan(gtk_widget_get_width(part), 0, name)
        return Self.drawn(part)
      }
      for control in ["menu", "picker"] {
        let styled = drawn("styled.\(control)")
        let plain = drawn("plain.\(control)")
        XCTAssertEqual(styled.count, plain.count, "\(control): the same size")
        XCTAssertFalse(styled.contains(Self.red), "\(control): nothing red")
        XCTAssertTrue(styled == plain, "\(control): drawn as without the modifiers")
      }
    }
  }

  /// `.multilineTextAlignment` as SwiftUI's: the nearest wins; it reaches labels, a titled
  /// button's label and a field made after a branch flips; a change reaches them all and a
  /// view reading `@Environment(\.multilineTextAlignment)`.
  func testTheNearestTextAlignmentWinsAndAChangeReachesTheTextBelow() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TextAlignmentModel()
      show(
        host {
          VStack {
            Text("Group").configure { probe.widgets["group"] = $0 }
            Text("Own").multilineTextAlignment(.trailing).configure { probe.widgets["own"] = $0 }
            Button("Title") {}.configure { probe.widgets["button"] = $0 }
            TextAlignmentReader(probe: probe)
            if model.more {
              TextField("Later", text: .constant("")).configure { probe.widgets["later"] = $0 }
            }
          }
          .multilineTextAlignment(model.alignment)
        })
      @MainActor func xalign(_ name: String) -> Float {
        var widget = probe.widgets[name]!.pointer
        if let child = gtk_widget_get_first_child(widget), name == "button" { widget = child }
        return gtk_label_get_xalign(OpaquePointer(widget))
      }
      @MainActor func shown() -> String? { (probe.widgets["alignment"] as? LabelWidget)?.text }
      XCTAssertEqual(xalign("group"), 0.5)
      XCTAssertEqual(xalign("own"), 1)
      XCTAssertEqual(xalign("button"), 0.5)
      XCTAssertEqual(shown(), "center")
      model.alignment = .leading
      MainLoop.drain()
      XCTAssertEqual(xalign("group"), 0)
      XCTAssertEqual(xalign("own"), 1)
      XCTAssertEqual(xalign("button"), 0)
      XCTAssertEqual(shown(), "leading")
      model.alignment = .trailing
      model.more = true
      MainLoop.drain()
      XCTAssertEqual(xalign("group"), 1)
      let later = OpaquePointer(probe.widgets["later"]!.pointer)
      XCTAssertEqual(gtk_editable_get_alignment(later), 1)
    }
  }

  struct Sample: View {
    var body: some View { Text("preview") }
  }

  struct Sample_Previews: PreviewProvider {
    static var previews: some View { Sample() }
  }

  func testPreviewProvidersPreviewsAreViews() {
    MainActor.assumeIsolated {
      let host = host { Sample_Previews.previews }
      show(host)
      let label = host.window.gtkDescendants(ofType: gtk_label_get_type()).first
      XCTAssertEqual(
        label.map { String(cString: gtk_label_get_text(OpaquePointer($0))) }, "preview")
    }
  }
}

@MainActor
@Observable
private final class TintModel {
  var tint: Color? = .mint
  var outer: Color?
  var more = false
}

/// Red text in a view of its own.
private struct RedTitle: View {
  let probe: StylingModifierTests.Probe

  var body: some View {
    Text("title").foregroundStyle(.red).configure { probe.widgets["title"] = $0 }
  }
}

/// Text in the tint, in a view of its own: the views around it running again do not run it.
private struct TintedText: View {
  let probe: StylingModifierTests.Probe

  var body: some View {
    Text("tinted").foregroundStyle(.tint).configure { probe.widgets["text"] = $0 }
  }
}

@MainActor
@Observable
private final class LaterControlsModel {
  var progress: Double?
  var sizes = ["S", "M"]
}

@MainActor
@Observable
private final class ControlStyleModel {
  var size = ControlSize.small
  var more = false
}

/// A button, a toggle styled `.button`, and the controls GTK makes of buttons that SwiftUI
/// does not style as buttons, each kept in the probe under `name.control`.
private struct ButtonBuiltControls: View {
  let name: String
  let probe: StylingModifierTests.Probe
  let sizes: [String]

  var body: some View {
    VStack {
      Button("OK") {}.configure { probe.widgets["\(name).button"] = $0 }
      Toggle("Bold", isOn: .constant(true)).toggleStyle(.button)
        .configure { probe.widgets["\(name).toggle"] = $0 }
      Menu("More") { Button("Rename") {} }.configure { probe.widgets["\(name).menu"] = $0 }
      Picker("Size", selection: .constant("S")) {
        ForEach(sizes, id: \.self) { Text($0).tag($0) }
      }
      .pickerStyle(.segmented)
      .configure { probe.widgets["\(name).segmented"] = $0 }
      Picker("Kind", selection: .constant("S")) {
        ForEach(sizes, id: \.self) { Text($0).tag($0) }
      }
      .configure { probe.widgets["\(name).dropDown"] = $0 }
      Stepper("Copies", value: .constant(1)).configure { probe.widgets["\(name).stepper"] = $0 }
    }
  }
}

/// A menu and a segmented picker, kept in the probe as `name.menu` and `name.picker`.
private struct MenuAndSegmentedPicker: View {
  let name: String
  let probe: StylingModifierTests.Probe

  var body: some View {
    VStack {
      Menu("More") { Button("Rename") {} }.configure { probe.widgets["\(name).menu"] = $0 }
      Picker("Size", selection: .constant("M")) {
        Text("S").tag("S")
        Text("M").tag("M")
        Text("L").tag("L")
      }
      .pickerStyle(.segmented)
      .configure { probe.widgets["\(name).picker"] = $0 }
    }
  }
}

/// Shows the control size it reads from the environment.
private struct ControlSizeReader: View {
  @Environment(\.controlSize) var size
  let probe: StylingModifierTests.Probe

  var body: some View {
    Text("\(size)").configure { probe.widgets["size"] = $0 }
  }
}

@MainActor
@Observable
private final class TextAlignmentModel {
  var alignment = TextAlignment.center
  var more = false
}

/// Shows the text alignment it reads from the environment.
private struct TextAlignmentReader: View {
  @Environment(\.multilineTextAlignment) var alignment
  let probe: StylingModifierTests.Probe

  var body: some View {
    Text("\(alignment)").configure { probe.widgets["alignment"] = $0 }
  }
}
