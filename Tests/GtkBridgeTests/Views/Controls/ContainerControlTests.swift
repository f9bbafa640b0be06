import CGtk
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class ControlModel {
  var vertical = true
  var progress: Double? = nil
  var volume = 20.0
  var volumeWrites = 0
  var guests = 2
  var guestWrites = 0
  var disabled = false
  var items = ["a", "b"]
}

/// The GType name GTK reports for a widget (G_OBJECT_TYPE, g_type_name).
@MainActor
private func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
  String(
    cString: g_type_name_from_instance(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
}

@MainActor
private func children(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<
  GtkWidget
>] {
  var result: [UnsafeMutablePointer<GtkWidget>] = []
  var child = gtk_widget_get_first_child(widget)
  while let c = child {
    result.append(c)
    child = gtk_widget_get_next_sibling(c)
  }
  return result
}

@MainActor
private func widgets<R: WidgetRepresentable>(_ type: R.Type, in host: HostingWindow<AnyTestView>)
  -> [R.WidgetType]
{
  host.graph.root!.subtree.compactMap { ($0 as? RepresentableNode<R>)?.widget }
}

/// Divider, ScrollView, ProgressView, Slider, Stepper, Image and Label on real GTK widgets
/// (issue 13 item 1).
final class ContainerControlTests: GtkTestCase, @unchecked Sendable {
  func testDividerRunsAcrossItsStack() {
    MainActor.assumeIsolated {
      let host = host {
        VStack {
          Text("a")
          Divider()
          HStack {
            Text("b")
            Divider()
          }
        }
      }
      show(host)
      let separators = widgets(Divider.self, in: host)
      XCTAssertEqual(separators.count, 2)
      XCTAssertEqual(typeName(separators[0].pointer), "GtkSeparator")
      XCTAssertEqual(
        gtk_orientable_get_orientation(separators[0].opaquePointer), GTK_ORIENTATION_HORIZONTAL,
        "a divider in a VStack is a horizontal line")
      XCTAssertEqual(
        gtk_orientable_get_orientation(separators[1].opaquePointer), GTK_ORIENTATION_VERTICAL,
        "a divider in an HStack is a vertical line")
    }
  }

  func testScrollViewPutsItsContentInABoxInAScrolledWindow() {
    MainActor.assumeIsolated {
      let model = ControlModel()
      let host = host {
        VStack {
          ScrollView {
            ForEach(model.items, id: \.self) { Text($0) }
            Divider()
          }
          .disabled(model.disabled)
          ScrollView(.horizontal) { Text("wide") }
        }
      }
      show(host)
      let scrolled = host.window.gtkDescendants(ofType: gtk_scrolled_window_get_type())
      XCTAssertEqual(scrolled.count, 2)
      var hPolicy = GTK_POLICY_ALWAYS
      var vPolicy = GTK_POLICY_ALWAYS
      gtk_scrolled_window_get_policy(OpaquePointer(scrolled[0]), &hPolicy, &vPolicy)
      XCTAssertEqual(hPolicy, GTK_POLICY_NEVER)
      XCTAssertEqual(vPolicy, GTK_POLICY_AUTOMATIC)
      // GTK wraps a non-scrollable child in a GtkViewport.
      let viewport = gtk_scrolled_window_get_child(OpaquePointer(scrolled[0]))!
      XCTAssertEqual(typeName(viewport), "GtkViewport")
      let box = children(viewport)[0]
      XCTAssertEqual(typeName(box), "GtkBridgeBox")
      XCTAssertEqual(gtk_orientable_get_orientation(OpaquePointer(box)), GTK_ORIENTATION_VERTICAL)
      XCTAssertEqual(children(box).map(typeName), ["GtkLabel", "GtkLabel", "GtkSeparator"])
      XCTAssertEqual(
        gtk_orientable_get_orientation(OpaquePointer(children(box)[2])),
        GTK_ORIENTATION_HORIZONTAL)

      model.items.append("c")
      MainLoop.drain()
      XCTAssertEqual(
        children(box).prefix(3).map { String(cString: gtk_label_get_text(OpaquePointer($0))) },
        ["a", "b", "c"])
      XCTAssertEqual(typeName(children(box)[3]), "GtkSeparator")

      model.disabled = true
      MainLoop.drain()
      XCTAssertEqual(gtk_widget_get_sensitive(scrolled[0]), 0, ".disabled reaches the window")

      gtk_scrolled_window_get_policy(OpaquePointer(scrolled[1]), &hPolicy, &vPolicy)
      XCTAssertEqual(hPolicy, GTK_POLICY_AUTOMATIC)
      XCTAssertEqual(vPolicy, GTK_POLICY_NEVER)
      let wideBox = children(gtk_scrolled_window_get_child(OpaquePointer(scrolled[1]))!)[0]
      XCTAssertEqual(
        gtk_orientable_get_orientation(OpaquePointer(wideBox)), GTK_ORIENTATION_HORIZONTAL)
    }
  }

  func testProgressViewIsASpinnerUntilItHasAValueThenABar() {
    MainActor.assumeIsolated {
      let model = ControlModel()
      let host = host {
        VStack {
          ProgressView()
          ProgressView("Uploading", value: model.progress, total: 4)
        }
      }
      show(host)
      let boxes = widgets(ProgressView.self, in: host)
      XCTAssertEqual(children(boxes[0].pointer).map(typeName), ["GtkSpinner"])
      XCTAssertEqual(gtk_spinner_get_spinning(OpaquePointer(children(boxes[0].pointer)[0])), 1)
      XCTAssertEqual(children(boxes[1].pointer).map(typeName), ["GtkLabel", "GtkSpinner"])

      model.progress = 1
      MainLoop.drain()
      let parts = children(boxes[1].pointer)
      XCTAssertEqual(parts.map(typeName), ["GtkLabel", "GtkProgressBar"])
      XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(parts[0]))), "Uploading")
      XCTAssertEqual(gtk_progress_bar_get_fraction(OpaquePointer(parts[1])), 0.25)

      model.progress = 3
      MainLoop.drain()
      XCTAssertEqual(gtk_progress_bar_get_fraction(OpaquePointer(parts[1])), 0.75)
    }
  }

  func testSliderIsATwoWayScaleWithoutEcho() {
    MainActor.assumeIsolated {
      let model = ControlModel()
      let host = host {
        Slider(
          value: Binding(
            get: { model.volume },
            set: {
              model.volumeWrites += 1
              model.volume = $0
            }),
          in: 0...100, step: 5
        )
        .disabled(model.disabled)
      }
      show(host)
      let scale = widgets(Slider.self, in: host)[0]
      let range = scale.pointer(as: GtkRange.self)
      XCTAssertEqual(typeName(scale.pointer), "GtkScale")
      XCTAssertEqual(gtk_range_get_value(range), 20)
      let adjustment = gtk_range_get_adjustment(range)
      XCTAssertEqual(gtk_adjustment_get_upper(adjustment), 100)

      gtk_range_set_value(range, 42)  // as a drag would
      MainLoop.drain()
      XCTAssertEqual(model.volume, 40, "snapped to the step")
      XCTAssertEqual(gtk_range_get_value(range), 40)
      XCTAssertEqual(model.volumeWrites, 1)

      model.volume = 75
      MainLoop.drain()
      XCTAssertEqual(gtk_range_get_value(range), 75)
      XCTAssertEqual(model.volumeWrites, 1, "an app change is not written back")

      model.disabled = true
      MainLoop.drain()
      XCTAssertFalse(isSensitive(scale))
    }
  }

  func testASliderOverAnEmptyRangeKeepsItsValueAndGtkDoesNotComplain() {
    MainActor.assumeIsolated {
      let model = ControlModel()
      model.volume = 5
      let host = host {
        Slider(value: Binding(get: { model.volume }, set: { model.volume = $0 }), in: 5...5)
      }
      show(host)
      let range = widgets(Slider.self, in: host)[0].pointer(as: GtkRange.self)
      gtk_range_set_value(range, 5.7)
      MainLoop.drain()
      XCTAssertEqual(model.volume, 5, "the value stays inside the bounds")
    }
  }

  func testStepperIsATwoWaySpinButtonWithoutEcho() {
    MainActor.assumeIsolated {
      let model = ControlModel()
      let host = host {
        Stepper(
          "Guests: \(model.guests)",
          value: Binding(
            get: { model.guests },
            set: {
              model.guestWrites += 1
              model.guests = $0
            }),
          in: 1...12, step: 2
        )
        .disabled(model.disabled)
      }
      show(host)
      let box = widgets(Stepper.self, in: host)[0]
      let parts = children(box.pointer)
      XCTAssertEqual(parts.map(typeName), ["GtkLabel", "GtkSpinButton"])
      let spin = OpaquePointer(parts[1])
      XCTAssertEqual(gtk_spin_button_get_value_as_int(spin), 2)
      var step = 0.0
      var page = 0.0
      gtk_spin_button_get_increments(spin, &step, &page)
      XCTAssertEqual(step, 2)

      gtk_spin_button_spin(spin, GTK_SPIN_STEP_FORWARD, 0)  // the "+" button
      MainLoop.drain()
      XCTAssertEqual(model.guests, 4)
      XCTAssertEqual(model.guestWrites, 1)
      XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(parts[0]))), "Guests: 4")

      model.guests = 11
      MainLoop.drain()
      XCTAssertEqual(gtk_spin_button_get_value_as_int(spin), 11)
      XCTAssertEqual(model.guestWrites, 1, "an app change is not written back")

      model.disabled = true
      MainLoop.drain()
      XCTAssertFalse(isSensitive(box))
    }
  }

  func testImageMapsSystemNamesAndWarnsOnceForAnUnknownOne() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let host = host {
        VStack {
          Image(systemName: "magnifyingglass")
          Image(systemName: "trash.fill")
          Image("network-wireless-symbolic")
          Image(systemName: "no.such.symbol.test")
          Image(systemName: "no.such.symbol.test")
        }
      }
      show(host)
      let images = widgets(Image.self, in: host)
      XCTAssertEqual(images.map { typeName($0.pointer) }, Array(repeating: "GtkImage", count: 5))
      XCTAssertEqual(
        images.map { String(cString: gtk_image_get_icon_name(OpaquePointer($0.pointer))) },
        [
          "system-search-symbolic", "user-trash-symbolic", "network-wireless-symbolic",
          Image.systemSymbolPlaceholder, Image.systemSymbolPlaceholder,
        ])
      XCTAssertEqual(warnings.filter { $0.contains("no.such.symbol.test") }.count, 1)
    }
  }

  func testLabelIsAnIconAndATitleInABox() {
    MainActor.assumeIsolated {
      let model = ControlModel()
      let host = host {
        VStack {
          Label(model.vertical ? "Search" : "Settings", systemImage: "magnifyingglass")
            .disabled(model.disabled)
          Label {
            Text("Mail")
          } icon: {
            Image(systemName: "envelope")
          }
          Stepper(value: .constant(3), in: 0...9) { Text("Copies") }
        }
      }
      show(host)
      let box = widgets(Label.self, in: host)[0]
      XCTAssertEqual(typeName(box.pointer), "GtkBox")
      let parts = children(box.pointer)
      XCTAssertEqual(parts.map(typeName), ["GtkImage", "GtkLabel"])
      XCTAssertEqual(
        String(cString: gtk_image_get_icon_name(OpaquePointer(parts[0]))),
        "system-search-symbolic")
      XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(parts[1]))), "Search")
      let mail = children(widgets(Label.self, in: host)[1].pointer)
      XCTAssertEqual(
        String(cString: gtk_image_get_icon_name(OpaquePointer(mail[0]))), "mail-unread-symbolic")
      XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(mail[1]))), "Mail")
      let copies = children(widgets(Stepper.self, in: host)[0].pointer)
      XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(copies[0]))), "Copies")
      XCTAssertEqual(gtk_spin_button_get_value_as_int(OpaquePointer(copies[1])), 3)

      model.vertical = false
      model.disabled = true
      MainLoop.drain()
      XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(parts[1]))), "Settings")
      XCTAssertFalse(isSensitive(box))
    }
  }
}
