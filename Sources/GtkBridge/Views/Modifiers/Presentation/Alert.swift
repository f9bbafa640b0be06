extension View {
  /// Presents an alert while `isPresented` is `true`: SwiftUI's
  /// `alert(_:isPresented:actions:message:)`.
  ///
  /// GTK 4.8 has no `GtkAlertDialog`: the alert is a small modal window transient for this
  /// view's window, with the title, the message and the actions (buttons and text fields).
  /// A button dismisses the alert after its action; the first button that is not `.cancel`
  /// is the default (Return); Escape runs the `.cancel` button, else dismisses. A text field
  /// in the actions takes focus when the alert opens.
  ///
  /// ```swift
  /// .alert("Enter your name", isPresented: $showingAlert) {
  ///   TextField("Enter your name", text: $name)
  ///   Button("OK", action: submit)
  /// } message: {
  ///   Text("Xcode will print whatever you type.")
  /// }
  /// ```
  public func alert<Actions: View, Message: View>(
    _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> Actions,
    @ViewBuilder message: () -> Message
  ) -> some View {
    presentedDialog(
      title: title, showsTitle: true, isPresented: isPresented, actions: actions(),
      message: message())
  }

  /// An alert with actions and no message.
  ///
  /// ```swift
  /// .alert("Important message", isPresented: $showingAlert) {
  ///   Button("OK", role: .cancel) { }
  /// }
  /// ```
  public func alert<Actions: View>(
    _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> Actions
  ) -> some View {
    presentedDialog(
      title: title, showsTitle: true, isPresented: isPresented, actions: actions(),
      message: EmptyView())
  }

  /// Presents a choice of actions while `isPresented` is `true`: SwiftUI's
  /// `confirmationDialog(_:isPresented:titleVisibility:actions:message:)`, shown as macOS
  /// does, as an alert-like modal window (GNOME has no action sheet). The title shows unless
  /// `titleVisibility` is `.hidden`.
  ///
  /// ```swift
  /// .confirmationDialog("Delete file?", isPresented: $confirming) {
  ///   Button("Delete", role: .destructive) { delete() }
  ///   Button("Cancel", role: .cancel) { }
  /// }
  /// ```
  public func confirmationDialog<Actions: View, Message: View>(
    _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> Actions, @ViewBuilder message: () -> Message
  ) -> some View {
    presentedDialog(
      title: title, showsTitle: titleVisibility != .hidden, isPresented: isPresented,
      actions: actions(), message: message())
  }

  /// A confirmation dialog with no message.
  public func confirmationDialog<Actions: View>(
    _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> Actions
  ) -> some View {
    presentedDialog(
      title: title, showsTitle: titleVisibility != .hidden, isPresented: isPresented,
      actions: actions(), message: EmptyView())
  }

  private func presentedDialog<Actions: View, Message: View>(
    title: String, showsTitle: Bool, isPresented: Binding<Bool>, actions: Actions,
    message: Message
  ) -> some View {
    modifier(
      PresentationModifier<AlertContent<Actions, Message>>(
        request: {
          guard isPresented.wrappedValue else { return nil }
          return PresentationRequest(
            id: AnyHashable(true), title: title,
            content: {
              AlertContent(
                title: showsTitle ? title : nil, actions: actions, message: message)
            },
            reset: { if isPresented.wrappedValue { isPresented.wrappedValue = false } },
            onDismiss: nil, isAlert: true)
        }))
  }
}

/// Whether a part of a view shows: SwiftUI's `Visibility`.
public enum Visibility: Hashable, Sendable {
  /// The platform decides (here: shown).
  case automatic
  case visible
  case hidden
}

/// An alert's window content: the title, the message, then the actions, one under another
/// (as macOS stacks an alert's buttons and fields).
struct AlertContent<Actions: View, Message: View>: View {
  let title: String?
  let actions: Actions
  let message: Message

  var body: some View {
    VStack(spacing: 12) {
      if let title { Text(title).font(.headline) }
      message
      actions.environment(\.buttonsDismiss, true)
    }
    .padding(20)
  }
}
