extension View {
  /// Presents `content` in a modal window over this view's window while `isPresented` is
  /// `true`: SwiftUI's `sheet(isPresented:onDismiss:content:)`.
  ///
  /// The window is transient for its parent and modal. Focus goes in by the launch rule (the
  /// content's `.defaultFocus`, else its first text field); Escape runs its
  /// `.cancellationAction` toolbar item, else dismisses; on dismissal focus returns to the
  /// widget that had it in the parent window. Closing the window (`dismiss()`, Escape, the
  /// window manager) sets `isPresented` to `false` and runs `onDismiss` once.
  ///
  /// ```swift
  /// Button("Settings") { showingSettings = true }
  ///   .sheet(isPresented: $showingSettings) { SettingsView() }
  /// ```
  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) -> some View {
    modifier(
      PresentationModifier<Content>(
        request: {
          guard isPresented.wrappedValue else { return nil }
          return PresentationRequest(
            id: AnyHashable(true), title: "", content: content,
            reset: { if isPresented.wrappedValue { isPresented.wrappedValue = false } },
            onDismiss: onDismiss)
        }))
  }

  /// Presents `content` for `item` while it is not `nil`: SwiftUI's
  /// `sheet(item:onDismiss:content:)`.
  ///
  /// A new item (another `id`) while one is shown dismisses the shown one (its `onDismiss`
  /// runs) and presents the new one; `nil` dismisses. Closing the window sets `item` to
  /// `nil`.
  ///
  /// ```swift
  /// List(users) { user in Button(user.name) { selected = user } }
  ///   .sheet(item: $selected) { user in UserView(user: user) }
  /// ```
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping @MainActor (Item) -> Content
  ) -> some View {
    modifier(
      PresentationModifier<Content>(
        request: {
          guard let value = item.wrappedValue else { return nil }
          let id = AnyHashable(value.id)
          return PresentationRequest(
            id: id, title: "", content: { content(value) },
            reset: {
              if let current = item.wrappedValue, AnyHashable(current.id) == id {
                item.wrappedValue = nil
              }
            },
            onDismiss: onDismiss)
        }))
  }
}

/// A presentation (sheet, alert, confirmation dialog) on a view: reads its binding with
/// tracking, so the window comes and goes as the binding changes.
@usableFromInline
struct PresentationModifier<Content: View>: WidgetModifier {
  let request: @MainActor () -> PresentationRequest<Content>?

  func makeStorage(node: ModifierNode<some View, Self>) -> Presenter<Content> { Presenter() }

  func update(_ storage: Presenter<Content>, node: ModifierNode<some View, Self>) {
    storage.update(request(), node: node)
  }

  func dismantle(_ storage: Presenter<Content>, node: ModifierNode<some View, Self>) {
    storage.dismantle()
  }
}
