import GtkBridge

/// The demo window's content: three columns of sections sharing one `@FocusState`.
///
/// Focus starts on the username on the first frame (`.defaultFocus`, no delay); every focus
/// transition is recorded by `.onChange(of:)`.
struct DemoView: View {
  let model: DemoModel
  @FocusState private var focus: Field?

  /// 1280 less GTK's window frame (2 × 5), the padding (2 × 16) and the spacing (2 × 16),
  /// in thirds.
  static let columnWidth = (1280 - 10 - 64) / 3

  var body: some View {
    // Hands the model the focus binding its actions assign (a reference to the state's
    // storage, valid for the life of the view).
    model.focus = $focus
    // Three columns that fill the window: at 1280 px their minimum widths add up to the
    // whole width, so no column grows or shrinks as text changes; a wider window shares
    // the extra equally. The last card of each column stretches to the bottom.
    return NavigationStack(path: Bindable(model).pages) {
      columns
        .toolbar {
          ToolbarItem(placement: .primaryAction) {
            Button("Settings") { model.openSettings() }
          }
          ToolbarItem(placement: .primaryAction) {
            Button("Library") { model.openLibrary() }
          }
        }
        .navigationDestination(for: DemoPage.self) { page in
          switch page {
          case .settings: SettingsPage(model: model)
          case .library: LibraryPage(model: model)
          }
        }
        .searchable(text: Bindable(model).rowFilter, prompt: "Filter rows")
    }
  }

  private var columns: some View {
    HStack(alignment: nil, spacing: 16) {
      VStack(spacing: 16) {
        SignInForm(model: model, focus: $focus)
        RowsSection(model: model, focus: $focus)
      }
      .frame(minWidth: CGFloat(DemoView.columnWidth), maxWidth: .infinity)
      VStack(spacing: 16) {
        LegacySection(model: model)
        DisabledSection(model: model, focus: $focus)
        TipsCard()
      }
      .frame(minWidth: CGFloat(DemoView.columnWidth), maxWidth: .infinity)
      Inspector(model: model, focus: $focus, log: EventLog.shared)
        // NB: a size request covers the card's CSS padding and border too.
        .frame(minWidth: CGFloat(DemoView.columnWidth), maxWidth: .infinity)
    }
    .padding(16)
    .defaultFocus($focus, .username)
    .onChange(of: focus) { old, new in model.focusChanged(from: old, to: new) }
  }
}
