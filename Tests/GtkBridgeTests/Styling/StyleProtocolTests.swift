import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A shape made at file scope: SwiftUI's shapes are nonisolated `Sendable` values.
private let fileScopeBadge = Capsule()
private let fileScopeCard = RoundedRectangle(cornerRadius: 12)

/// A toggle drawn as a button whose text says the state.
private struct WordToggleStyle: ToggleStyle {
  func makeBody(configuration: Configuration) -> some View {
    HStack {
      configuration.label
      Button(configuration.isOn ? "On" : "Off") { configuration.isOn.toggle() }
    }
  }
}

/// A button drawn as its label and a word for its pressed state.
private struct PressStyle: ButtonStyle {
  func makeBody(configuration: Configuration) -> some View {
    HStack {
      configuration.label
      Text(configuration.isPressed ? "down" : "up")
    }
  }
}

/// A label with its title before its icon.
private struct TrailingIconStyle: LabelStyle {
  func makeBody(configuration: Configuration) -> some View {
    HStack {
      configuration.title
      configuration.icon
    }
  }
}

/// Progress as a percentage.
private struct PercentStyle: ProgressViewStyle {
  func makeBody(configuration: Configuration) -> some View {
    Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) %")
  }
}

@MainActor
@Observable
private final class AlarmModel {
  var isOn = false
}

/// A field in a red box: SwiftUI's custom `TextFieldStyle`, written as SwiftUI apps write it.
private struct BoxedFieldStyle: TextFieldStyle {
  func _body(configuration: TextField<Self._Label>) -> some View {
    configuration
      .padding(8)
      .background(Color.red)
  }
}

/// A button whose action runs only once a second button confirms it.
private struct ConfirmStyle: PrimitiveButtonStyle {
  func makeBody(configuration: Configuration) -> some View {
    HStack {
      configuration.label
      Button("Confirm") { configuration.trigger() }
    }
  }
}

/// A GTK button for the configuration, in a blue box.
private struct FramedPrimitiveStyle: PrimitiveButtonStyle {
  func makeBody(configuration: Configuration) -> some View {
    Button(configuration)
      .padding(6)
      .background(Color.blue)
  }
}

@MainActor
@Observable
private final class StyledFieldModel {
  var name = ""
  var submits = 0
  var taps = 0
}

/// Whether `painted` lies within `frame` (x, y, width, height) and fills it but for a frame of
/// at most 2 px: a widget's own box with its border.
private func fills(_ painted: (minX: Int, minY: Int, maxX: Int, maxY: Int), _ frame: [Int]) -> Bool
{
  painted.minX >= frame[0] && painted.minY >= frame[1]
    && painted.maxX < frame[0] + frame[2] && painted.maxY < frame[1] + frame[3]
    && painted.maxX - painted.minX + 1 >= frame[2] - 4
    && painted.maxY - painted.minY + 1 >= frame[3] - 4
}

/// Where `widget` lies in `window`, in whole pixels: x, y, width, height.
@MainActor
private func frame(of widget: UnsafeMutablePointer<GtkWidget>, in window: Window) -> [Int] {
  var bounds = graphene_rect_t()
  _ = gtk_widget_compute_bounds(widget, window.pointer, &bounds)
  return [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height].map {
    Int($0.rounded())
  }
}

/// The window's content: its child, without the title bar GTK may add around it.
@MainActor
private func content(_ window: Window) -> UnsafeMutablePointer<GtkWidget> {
  contentTree(of: window)[0]
}

@MainActor
private func texts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
  gtkTree(widget).filter { widgetTypeName($0) == "GtkLabel" }.map(labelText)
}

@MainActor
private func widgets(named type: String, in widget: UnsafeMutablePointer<GtkWidget>)
  -> [UnsafeMutablePointer<GtkWidget>]
{
  gtkTree(widget).filter { widgetTypeName($0) == type }
}

/// Style protocols with a `Configuration` (`ToggleStyle`, `ButtonStyle`, `LabelStyle`,
/// `ProgressViewStyle`), SwiftUI's style type names, `Font.system`'s overloads and shapes
/// as plain values, on real widgets.
final class StyleProtocolTests: GtkTestCase, @unchecked Sendable {
  func testACustomToggleStyleDrawsTheToggleAndWritesItsBinding() throws {
    try MainActor.assumeIsolated {
      let model = AlarmModel()
      let ui = show(
        host {
          Toggle("Alarm", isOn: Binding(get: { model.isOn }, set: { model.isOn = $0 }))
            .toggleStyle(WordToggleStyle())
        })
      let window = content(ui.window)
      XCTAssertTrue(widgets(named: "GtkCheckButton", in: window).isEmpty, "no GTK check box")
      XCTAssertEqual(texts(in: window), ["Alarm", "Off"])
      try ui.find(title: "Off").tap()
      XCTAssertTrue(model.isOn, "configuration.isOn writes the toggle's binding")
      XCTAssertEqual(texts(in: window), ["Alarm", "On"])
    }
  }

  func testABuiltInToggleStyleInsideACustomOneIsAGtkControl() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            Toggle("Plain", isOn: .constant(true)).toggleStyle(.switch)
            Toggle("Styled", isOn: .constant(true))
          }
          .toggleStyle(WordToggleStyle())
        })
      let window = content(ui.window)
      XCTAssertEqual(widgets(named: "GtkSwitch", in: window).count, 1)
      XCTAssertEqual(texts(in: window), ["Plain", "Styled", "On"])
    }
  }

  func testACustomButtonStyleDrawsTheLabelAndFollowsThePressedState() throws {
    try MainActor.assumeIsolated {
      var saves = 0
      let ui = show(
        host {
          Button("Save") { saves += 1 }.buttonStyle(PressStyle())
        })
      let window = content(ui.window)
      let button = try XCTUnwrap(widgets(named: "GtkButton", in: window).first)
      XCTAssertNotEqual(gtk_widget_has_css_class(button, "gtkbridge-custom-button"), 0)
      XCTAssertEqual(texts(in: button), ["Save", "up"])
      gtk_widget_set_state_flags(button, GTK_STATE_FLAG_ACTIVE, 0)
      MainLoop.drain()
      XCTAssertEqual(texts(in: button), ["Save", "down"], "isPressed follows GTK's active state")
      gtk_widget_unset_state_flags(button, GTK_STATE_FLAG_ACTIVE)
      MainLoop.drain()
      XCTAssertEqual(texts(in: button), ["Save", "up"])
      cgtk_emit(button, "clicked")
      MainLoop.drain()
      XCTAssertEqual(saves, 1, "the GtkButton still runs the action")
      XCTAssertEqual(widgetTypeName(button), "GtkButton", "a screen reader still reads a button")
    }
  }

  func testButtonStyleTypeNamesGiveGtkClasses() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            Button("Plain") {}.buttonStyle(PlainButtonStyle())
            Button("Prominent") {}.buttonStyle(BorderedProminentButtonStyle())
            Button("Default") {}.buttonStyle(DefaultButtonStyle())
            Button("Link") {}.buttonStyle(.link)
          }
        })
      let buttons = widgets(named: "GtkButton", in: content(ui.window))
      func classes(_ index: Int) -> [String] {
        ["flat", "suggested-action", "link"].filter {
          gtk_widget_has_css_class(buttons[index], $0) != 0
        }
      }
      XCTAssertEqual(buttons.count, 4)
      XCTAssertEqual(classes(0), ["flat"])
      XCTAssertEqual(classes(1), ["suggested-action"])
      XCTAssertEqual(classes(2), [])
      XCTAssertEqual(classes(3), ["flat", "link"])
    }
  }

  func testLabelStylesHideAPartOrDrawTheLabel() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            Label("Star", systemImage: "star").labelStyle(.iconOnly)
            Label("Title", systemImage: "star").labelStyle(TitleOnlyLabelStyle())
          }
        })
      let window = content(ui.window)
      let boxes = gtkTree(window).filter {
        widgetTypeName($0) == "GtkBox"
          && gtk_widget_get_first_child($0).map(widgetTypeName)
            == "GtkImage"
      }
      XCTAssertEqual(boxes.count, 2, "the two built-in styles keep GTK's label box")
      let iconOnly = boxes[0]
      XCTAssertEqual(gtk_widget_get_visible(gtk_widget_get_first_child(iconOnly)), 1)
      XCTAssertEqual(gtk_widget_get_visible(gtk_widget_get_last_child(iconOnly)), 0)
      let titleOnly = boxes[1]
      XCTAssertEqual(gtk_widget_get_visible(gtk_widget_get_first_child(titleOnly)), 0)
      XCTAssertEqual(gtk_widget_get_visible(gtk_widget_get_last_child(titleOnly)), 1)
    }
  }

  func testACustomLabelStyleDrawsTheTitleAndIconViews() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          Label("Trailing", systemImage: "star").labelStyle(TrailingIconStyle())
        })
      let parts = gtkTree(content(ui.window)).filter {
        ["GtkLabel", "GtkImage"].contains(widgetTypeName($0))
      }
      XCTAssertEqual(parts.map(widgetTypeName), ["GtkLabel", "GtkImage"])
      XCTAssertEqual(labelText(parts[0]), "Trailing")
      XCTAssertEqual(
        gtk_image_get_icon_name(OpaquePointer(parts[1])).map { String(cString: $0) },
        "non-starred-symbolic")
    }
  }

  func testACustomProgressViewStyleDrawsTheFraction() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            ProgressView(value: 0.4).progressViewStyle(PercentStyle())
            ProgressView(value: 0.5).progressViewStyle(.linear)
            ProgressView().progressViewStyle(CircularProgressViewStyle())
          }
        })
      let window = content(ui.window)
      XCTAssertEqual(texts(in: window), ["40 %"])
      XCTAssertEqual(widgets(named: "GtkProgressBar", in: window).count, 1)
      XCTAssertEqual(widgets(named: "GtkSpinner", in: window).count, 1)
    }
  }

  func testTextFieldStyleTypeNamesGiveGtkClasses() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            TextField("Plain", text: .constant("")).textFieldStyle(PlainTextFieldStyle())
            TextField("Rounded", text: .constant("")).textFieldStyle(RoundedBorderTextFieldStyle())
          }
        })
      let entries = widgets(named: "GtkEntry", in: content(ui.window))
      XCTAssertEqual(entries.count, 2)
      XCTAssertNotEqual(gtk_widget_has_css_class(entries[0], "flat"), 0)
      XCTAssertEqual(gtk_widget_has_css_class(entries[1], "flat"), 0)
    }
  }

  func testACustomTextFieldStyleDrawsAroundARealEntry() throws {
    try MainActor.assumeIsolated {
      let model = StyledFieldModel()
      let ui = show(
        host {
          VStack {
            TextField("Name", text: Binding(get: { model.name }, set: { model.name = $0 }))
              .textFieldStyle(BoxedFieldStyle())
              .onSubmit { model.submits += 1 }
            TextField("Plain", text: .constant(""))
          }
          .padding(20)
        })
      let entries = widgets(named: "GtkEntry", in: content(ui.window))
      XCTAssertEqual(entries.count, 2, "the styled field is still a GTK entry")
      let field = try ui.find(TextField.self, title: "Name")
      field.type("Ada")
      XCTAssertEqual(model.name, "Ada", "typing writes the binding through the style")
      XCTAssertTrue(field.isFocused)
      ui.press(.return)
      XCTAssertEqual(model.submits, 1, ".onSubmit outside the style runs")
      XCTAssertEqual(ui.findAll(TextField.self).count, 2)

      MainLoop.wait(seconds: 0.1)
      let picture = WidgetPicture(ui.window)
      let red = try XCTUnwrap(
        picture.bounds { $0[0] > 200 && $0[1] < 60 && $0[2] < 60 && $0[3] == 255 },
        "the style's background is drawn")
      let entry = frame(of: entries[0], in: ui.window)
      // NB: GTK margins lie outside a widget, so `.padding(8).background(…)` paints the
      // entry's own box and leaves the padding clear (the Porting article says so).
      XCTAssertTrue(fills(red, entry), "the red box is the entry's: \(red), \(entry)")
      XCTAssertEqual(
        [gtk_widget_get_margin_top(entries[0]), gtk_widget_get_margin_start(entries[0])], [8, 8],
        "the style's padding")
      let plain = frame(of: entries[1], in: ui.window)
      XCTAssertGreaterThan(plain[1], red.maxY, "the unstyled field is outside the box")
    }
  }

  func testACustomPrimitiveButtonStyleDrawsItsBodyAndTriggersTheAction() throws {
    try MainActor.assumeIsolated {
      let model = StyledFieldModel()
      let ui = show(
        host {
          VStack {
            Button("Open") { model.taps += 1 }.buttonStyle(ConfirmStyle())
            Button("Framed", role: .destructive) { model.taps += 10 }
              .buttonStyle(FramedPrimitiveStyle())
          }
        })
      let window = content(ui.window)
      XCTAssertEqual(texts(in: window), ["Open", "Confirm", "Framed"])
      let buttons = widgets(named: "GtkButton", in: window)
      XCTAssertEqual(buttons.count, 2, "the confirm button and Button(configuration)")
      XCTAssertTrue(
        (try? ui.find(Button<Text>.self, title: "Open")) == nil, "no GTK button titled Open")
      try ui.find(Button<Text>.self, title: "Confirm").tap()
      XCTAssertEqual(model.taps, 1, "configuration.trigger() runs the button's action")

      XCTAssertNotEqual(
        gtk_widget_has_css_class(buttons[1], "destructive-action"), 0,
        "Button(configuration) keeps the role")
      cgtk_emit(buttons[1], "clicked")
      MainLoop.drain()
      XCTAssertEqual(model.taps, 11, "Button(configuration) runs the action")
      MainLoop.wait(seconds: 0.1)
      let blue = try XCTUnwrap(
        WidgetPicture(ui.window).bounds { $0[2] > 200 && $0[0] < 60 && $0[1] < 60 },
        "the style's background is drawn")
      let button = frame(of: buttons[1], in: ui.window)
      XCTAssertTrue(fills(blue, button), "the blue box is the button's: \(blue), \(button)")
      XCTAssertEqual(gtk_widget_get_margin_top(buttons[1]), 6, "the style's padding")
    }
  }

  func testEveryFontSystemOverloadReachesCSS() throws {
    let styled = try Font.system(.largeTitle, design: .monospaced, weight: .bold)
      .cssDeclarations()
    XCTAssertEqual(styled, "font-size: 20.0pt; font-weight: 700; font-family: monospace;")
    XCTAssertEqual(
      try Font.system(.body, design: .serif).cssDeclarations(),
      "font-size: 11.0pt; font-weight: 400; font-family: serif;")
    XCTAssertEqual(try Font.system(size: 14).cssDeclarations(), "font-size: 14.0pt;")
    XCTAssertEqual(
      try Font.system(size: 14, weight: .semibold, design: .monospaced).cssDeclarations(),
      "font-size: 14.0pt; font-weight: 600; font-family: monospace;")
    XCTAssertEqual(
      try Font.system(size: 9, design: .monospaced).cssDeclarations(),
      "font-size: 9.0pt; font-family: monospace;")
  }

  func testFontFeaturesReachCSS() throws {
    XCTAssertEqual(
      try Font.body.monospacedDigit().smallCaps().cssDeclarations(),
      "font-size: 11.0pt; font-weight: 400; font-variant-numeric: tabular-nums;"
        + " font-variant-caps: small-caps;")
    XCTAssertEqual(
      try Font.caption.uppercaseSmallCaps().lowercaseSmallCaps().width(.condensed)
        .leading(.tight).cssDeclarations(),
      "font-size: 9.0pt; font-weight: 400; font-variant-caps: small-caps;"
        + " font-stretch: condensed;", "the last caps setting wins")
    XCTAssertEqual(Font.Width.expanded.cssKeyword, "expanded")
    XCTAssertEqual(Font.Width.compressed.cssKeyword, "extra-condensed")
    XCTAssertEqual(Font.Width(5).cssKeyword, "ultra-expanded", "clamped to SwiftUI's scale")
  }

  func testFontDesignWidthAndDecorationsReachTheLabel() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            Text("Mono").fontDesign(.monospaced)
            Text("Narrow").fontWidth(.condensed).font(.system(size: 14, design: .serif))
            Text("Under").underline()
            Text("Struck").strikethrough(color: .red)
            Text("Spaced").kerning(2)
          }
        })
      @MainActor func font(_ title: String) throws -> OpaquePointer {
        let label = try ui.find(Text.self, title: title).widget.pointer
        return pango_context_get_font_description(gtk_widget_get_pango_context(label))
      }
      XCTAssertEqual(
        String(cString: pango_font_description_get_family(try font("Mono"))), "monospace")
      let narrow = try font("Narrow")
      XCTAssertEqual(String(cString: pango_font_description_get_family(narrow)), "serif")
      XCTAssertEqual(pango_font_description_get_stretch(narrow), PANGO_STRETCH_CONDENSED)
      @MainActor func attributes(_ title: String) throws -> String {
        let label = try ui.find(Text.self, title: title).widget.pointer
        let layout = gtk_label_get_layout(OpaquePointer(label))
        guard let list = pango_layout_get_attributes(layout),
          let text = pango_attr_list_to_string(list)
        else { return "" }
        defer { g_free(text) }
        return String(cString: text)
      }
      let under = try attributes("Under")
      let struck = try attributes("Struck")
      XCTAssertTrue(under.contains("underline single"), under)
      XCTAssertTrue(struck.contains("strikethrough true"), struck)
      XCTAssertTrue(struck.contains("strikethrough-color #ffff00000000"), struck)
      @MainActor func naturalWidth(_ label: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        return natural
      }
      let spaced = naturalWidth(try ui.find(Text.self, title: "Spaced").widget.pointer)
      let plain = show(host { Text("Spaced") })
      XCTAssertGreaterThan(
        spaced, naturalWidth(try plain.find(Text.self, title: "Spaced").widget.pointer) + 5,
        "kerning widens the text")
    }
  }

  func testEveryNamedColourPaintsItsComponents() throws {
    try MainActor.assumeIsolated {
      let named: [(String, Color)] = [
        ("black", .black), ("white", .white), ("gray", .gray), ("red", .red),
        ("orange", .orange), ("yellow", .yellow), ("green", .green), ("mint", .mint),
        ("teal", .teal), ("cyan", .cyan), ("blue", .blue), ("indigo", .indigo),
        ("purple", .purple), ("pink", .pink), ("brown", .brown),
      ]
      let ui = show(
        host {
          VStack {
            ForEach(named, id: \.0) { name, color in
              Text(name).foregroundStyle(color)
            }
          }
        })
      for (name, color) in named {
        var rgba = GdkRGBA()
        cgtk_widget_get_color(try ui.find(Text.self, title: name).widget.pointer, &rgba)
        XCTAssertEqual(
          [rgba.red, rgba.green, rgba.blue].map { Int(($0 * 255).rounded()) },
          [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }, name)
      }
      XCTAssertEqual(Set(named.map { $0.1 }).count, named.count, "each colour its own")
    }
  }

  func testShapesMadeAtFileScopeDraw() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            fileScopeBadge.fill(Color.indigo).frame(width: 40, height: 20)
            fileScopeCard.stroke(Color.mint, lineWidth: 2).frame(width: 40, height: 20)
            Ellipse().fill(Color.teal).frame(width: 40, height: 20)
          }
        })
      MainLoop.wait(seconds: 0.1)
      let overlays = widgets(named: "GtkOverlay", in: content(ui.window))
      XCTAssertEqual(overlays.count, 3, "each shape is a painted box in an overlay")
      XCTAssertEqual(Color.indigo, Color(red: 0.345, green: 0.337, blue: 0.839))
    }
  }
}
