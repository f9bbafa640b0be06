import CGtk

/// A Swift handle on a `GtkWidget` that owns one strong reference to it.
///
/// Creating a handle sinks GTK's floating reference (or adds one), and the handle's deinit
/// drops it, so a widget lives at least as long as its handle and no longer than GTK and the
/// handles need it. Handles are cheap; GtkBridge makes one per widget it creates.
///
/// To wrap a GTK widget GtkBridge has no handle type for, subclass `Widget` (GTK's C API
/// comes with `import GtkBridge`), or make a plain one:
///
/// ```swift
/// final class SpinButton: Widget {
///   init(range: ClosedRange<Double>, step: Double) {
///     super.init(retaining: gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
///   }
///   var value: Double {
///     get { gtk_spin_button_get_value(opaquePointer) }
///     set { gtk_spin_button_set_value(opaquePointer, newValue) }
///   }
/// }
///
/// let spinner = Widget(retaining: gtk_spinner_new())
/// ```
@MainActor
open class Widget {
  /// The `GtkWidget *` this handle owns a reference to; pass it to `gtk_widget_*` functions.
  public let pointer: UnsafeMutablePointer<GtkWidget>

  /// Style staged by a configuration closure; applied by `applyStyle()`.
  var style = WidgetStyle()
  var styleSheet: ScopedStyleSheet?
  /// What an app's configuration of this widget (`.configure { }`) runs inside: a text
  /// widget's binding sync, so that what GTK does to the text then is no edit of the user's.
  weak var configurationScope: (any WidgetConfigurationScope)?

  /// Takes a reference to the `GtkWidget` at `raw` (sinking a floating one).
  /// Wraps `g_object_ref_sink`.
  public init(retaining raw: UnsafeMutableRawPointer) {
    pointer = raw.assumingMemoryBound(to: GtkWidget.self)
    g_object_ref_sink(raw)
  }

  /// Takes a reference to `widget`, as `gtk_*_new` functions return it (sinking a floating
  /// one). Wraps `g_object_ref_sink`.
  public init(retaining widget: UnsafeMutablePointer<GtkWidget>) {
    pointer = widget
    g_object_ref_sink(widget)
  }

  isolated deinit {
    g_object_unref(pointer)
  }

  /// The `GtkWidget *`, untyped.
  public var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

  /// The widget as GTK functions whose type is opaque in C take it (`GtkSpinButton *`,
  /// `GtkColorButton *`, … are imported as `OpaquePointer`).
  public var opaquePointer: OpaquePointer { OpaquePointer(pointer) }

  /// The widget as a pointer to a GTK type whose struct is public in C:
  /// `widget.pointer(as: GtkTextView.self)`. The caller vouches for the type.
  public func pointer<T>(as type: T.Type) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
  }

  /// Whether the widget reacts to input. Wraps `gtk_widget_set_sensitive`.
  ///
  /// Turning a focused widget insensitive resigns its focus first: GTK 4.8 would clear the
  /// window's focus without telling the widget (its cursor keeps blinking, and GTK warns).
  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(pointer) != 0 }
    set {
      if !newValue, containsFocus {
        if let coordinator = FocusCoordinator.coordinator(of: self) {
          coordinator.resign(self, origin: .teardown)
        } else {
          resignFocus()
        }
      }
      gtk_widget_set_sensitive(pointer, newValue ? 1 : 0)
    }
  }

  /// Whether the widget is shown. Wraps `gtk_widget_set_visible`.
  public var isVisible: Bool {
    get { gtk_widget_get_visible(pointer) != 0 }
    set { gtk_widget_set_visible(pointer, newValue ? 1 : 0) }
  }

  /// The widget's name in the CSS tree and the GTK inspector. Wraps `gtk_widget_set_name`.
  public var name: String {
    get { String(cString: gtk_widget_get_name(pointer)) }
    set { gtk_widget_set_name(pointer, newValue) }
  }

  /// The window (root) that holds this widget, or `nil` while it is in none.
  var root: OpaquePointer? { gtk_widget_get_root(pointer) }

  /// The widget that has keyboard focus in this widget's window, if any.
  var rootFocus: UnsafeMutablePointer<GtkWidget>? {
    guard let root else { return nil }
    return gtk_root_get_focus(root)
  }

  /// Whether the keyboard focus of this widget's window lies on it or inside it (an entry's
  /// focus is on its inner `GtkText`). Independent of whether the window is active.
  public var containsFocus: Bool {
    guard let focus = rootFocus else { return false }
    return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
  }

  /// Moves keyboard focus here. Returns `false` when GTK refuses (insensitive, not
  /// focusable, or not yet in a window), and when the widget or a container around it is
  /// hidden: GTK 4.8 would grant that grab, and the keys typed next would reach no field.
  /// Wraps `gtk_widget_grab_focus`.
  @discardableResult
  public func grabFocus() -> Bool {
    guard isShownInParents else { return false }
    return gtk_widget_grab_focus(pointer) != 0
  }

  /// Whether the widget and every container up to (not including) its window are visible.
  /// The window itself is left out: a grab before it is presented is fine and holds.
  var isShownInParents: Bool {
    var widget: UnsafeMutablePointer<GtkWidget>? = pointer
    while let current = widget, let parent = gtk_widget_get_parent(current) {
      if gtk_widget_get_visible(current) == 0 { return false }
      widget = parent
    }
    return true
  }

  /// Takes keyboard focus away from this widget, leaving its window with no focus widget.
  /// Wraps `gtk_root_set_focus(root, NULL)`.
  public func resignFocus() {
    guard containsFocus, let root else { return }
    gtk_root_set_focus(root, nil)
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Reinterprets a `GtkWidget *` as a pointer to a GTK subclass struct.
  func cast<T>(to: T.Type) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
  }
}

extension Widget {
  /// Runs `body`, an app's configuration of this widget, in its ``configurationScope``.
  func runConfiguration(_ body: () -> Void) {
    guard let scope = configurationScope else { return body() }
    scope.configuring(body)
  }
}

/// Runs an app's configuration of a widget (`.configure { }`, a `LegacyTextField`'s closure)
/// in a scope of its own: a text widget's binding sync takes what GTK does to the text then (a
/// lower `maxLength` cutting it) as no edit of the user's, so showing never writes back.
@MainActor
protocol WidgetConfigurationScope: AnyObject {
  func configuring(_ body: () -> Void)
}
