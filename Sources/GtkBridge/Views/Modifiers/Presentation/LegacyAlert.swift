/// An alert described as a value: SwiftUI's `Alert` (iOS 13, deprecated), presented with
/// `.alert(isPresented:content:)` or `.alert(item:content:)`. Shown as
/// `alert(_:isPresented:actions:message:)` shows an alert.
///
/// ```swift
/// .alert(isPresented: $showingAlert) {
///   Alert(title: Text("Saved"), message: Text("Your changes are saved."),
///     dismissButton: .default(Text("OK")))
/// }
/// ```
@MainActor
public struct Alert {
  let title: String
  let message: String?
  let buttons: [Button]

  /// An alert with one button (an "OK" when `dismissButton` is `nil`).
  public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
    self.title = title.content
    self.message = message?.content
    buttons = [dismissButton ?? .default(Text("OK"))]
  }

  /// An alert with two buttons.
  public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
    self.title = title.content
    self.message = message?.content
    buttons = [primaryButton, secondaryButton]
  }

  /// A button of an ``Alert``: SwiftUI's `Alert.Button`.
  public struct Button {
    let label: String
    let role: ButtonRole?
    let action: (@MainActor () -> Void)?

    /// A plain button.
    public static func `default`(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
      Button(label: label.content, role: nil, action: action)
    }

    /// A destructive button: GTK's `destructive-action` style.
    public static func destructive(_ label: Text, action: (@MainActor () -> Void)? = {})
      -> Button
    {
      Button(label: label.content, role: .destructive, action: action)
    }

    /// A cancel button: Escape runs it.
    public static func cancel(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
      Button(label: label.content, role: .cancel, action: action)
    }

    /// A cancel button titled "Cancel".
    public static func cancel(_ action: (@MainActor () -> Void)? = {}) -> Button {
      Button(label: "Cancel", role: .cancel, action: action)
    }
  }
}

extension View {
  /// Presents the ``Alert`` `content` makes while `isPresented` is `true`.
  public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
    let alert = content()
    return self.alert(alert.title, isPresented: isPresented) {
      LegacyAlertButtons(buttons: alert.buttons)
    } message: {
      if let message = alert.message { Text(message) }
    }
  }

  /// Presents the ``Alert`` `content` makes for `item` while it is not `nil`; dismissing
  /// sets it to `nil`.
  public func alert<Item: Identifiable>(
    item: Binding<Item?>, content: @escaping @MainActor (Item) -> Alert
  ) -> some View {
    let alert = item.wrappedValue.map(content)
    let isPresented = Binding<Bool>(
      get: { item.wrappedValue != nil },
      set: { if !$0 { item.wrappedValue = nil } })
    return self.alert(alert?.title ?? "", isPresented: isPresented) {
      LegacyAlertButtons(buttons: alert?.buttons ?? [])
    } message: {
      if let message = alert?.message { Text(message) }
    }
  }
}

/// An ``Alert``'s buttons as views.
struct LegacyAlertButtons: View {
  let buttons: [Alert.Button]

  var body: some View {
    ForEach(0..<buttons.count) { index in
      let button = buttons[index]
      Button(button.label, role: button.role) { button.action?() }
    }
  }
}
