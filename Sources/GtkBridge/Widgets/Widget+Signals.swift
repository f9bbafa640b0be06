import CGtk

/// Typed signal connections for any widget: what GtkBridge's own controls use, public.
///
/// ```swift
/// let spin = SpinButton(range: 0...100, step: 1)
/// coordinator.valueChanged = spin.connect("value-changed") { [weak coordinator] in
///   coordinator?.widgetChanged()
/// }
/// ```
extension Widget {
  /// Runs `handler` on every emission of `signal` (such as "value-changed", "clicked",
  /// "color-set"), until the returned connection is dropped or disconnected.
  ///
  /// Any signal that returns nothing can be connected, whatever its arguments; the handler
  /// reads the widget's state itself. Keep the connection (in a coordinator) and run
  /// programmatic writes inside ``SignalConnection/blocked(_:)``, so they do not echo back.
  /// Wraps `g_signal_connect_data`.
  ///
  /// - Precondition: the widget has `signal` and the signal returns nothing (a handler for
  ///   "key-pressed", which returns a `gboolean`, cannot be written this way).
  public func connect(_ signal: String, _ handler: @escaping @MainActor () -> Void)
    -> SignalConnection
  {
    SignalConnection.connect(rawPointer, signal, handler)
  }

  /// Emits `signal`, one that takes no arguments and returns nothing, as GTK's own key
  /// bindings and clicks do: "activate" on an entry's text (Return), "clicked" on a button.
  /// Wraps `g_signal_emit_by_name`, which Swift cannot call (it is variadic).
  ///
  /// - Precondition: the widget has `signal`, and it takes no arguments.
  public func emit(_ signal: String) {
    cgtk_emit(rawPointer, signal)
  }

  /// Runs `handler` whenever GObject property `property` changes ("rgba", "value", …).
  /// Wraps `g_signal_connect_data` on "notify::`property`".
  public func connect(notify property: String, _ handler: @escaping @MainActor () -> Void)
    -> SignalConnection
  {
    SignalConnection.connect(rawPointer, notify: property, handler)
  }
}

extension SignalConnection {
  /// Connects `handler` to `signal` of any GObject, such as a `GtkTextBuffer`'s "changed".
  /// Same rules as ``Widget/connect(_:_:)``.
  ///
  /// ```swift
  /// let buffer = gtk_text_view_get_buffer(view.pointer(as: GtkTextView.self))!
  /// coordinator.changed = SignalConnection.connect(buffer, "changed") { … }
  /// ```
  @MainActor
  public static func connect<Instance>(
    _ instance: UnsafeMutablePointer<Instance>, _ signal: String,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    connect(UnsafeMutableRawPointer(instance), signal, handler)
  }

  /// Connects `handler` to `signal` of a GObject whose C type is opaque, such as the
  /// `GtkEditable *` that `gtk_editable_get_delegate` returns.
  @MainActor
  public static func connect(
    _ instance: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    connect(UnsafeMutableRawPointer(instance), signal, handler)
  }

  @MainActor
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    let id = cgtk_connect_any_void(
      instance, signal, callVoidHandler, VoidSignalContext(handler).retainedPointer, releaseContext)
    if id == 0 {
      let type = String(
        cString: g_type_name_from_instance(instance.assumingMemoryBound(to: GTypeInstance.self)))
      preconditionFailure(
        "GtkBridge: \(type) has no signal \"\(signal)\" that returns nothing; connect(_:_:) "
          + "takes signals such as \"clicked\", \"changed\", \"value-changed\"")
    }
    return SignalConnection(instance: instance, id: id)
  }

  /// Connects `handler` to "notify::`property`" of any GObject.
  @MainActor
  public static func connect<Instance>(
    _ instance: UnsafeMutablePointer<Instance>, notify property: String,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    connect(UnsafeMutableRawPointer(instance), notify: property, handler)
  }

  @MainActor
  static func connect(
    _ instance: UnsafeMutableRawPointer, notify property: String,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    Signals.connectNotify(instance, property: property, handler)
  }
}
