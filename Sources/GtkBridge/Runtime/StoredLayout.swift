/// Where Swift puts stored properties, computed rather than asked: what lets the graph read a
/// `ModifiedContent`'s modifier and a `TupleView`'s views in place, from a raw pointer,
/// without naming their generic types in an update (naming one looks its metadata up at run
/// time: about 330 instructions, several times per row update).
///
/// Relies on (the Swift ABI's type layout, docs/ABI/TypeLayout.rst in the Swift repository,
/// not the language): a struct's and a tuple's stored properties lie in declaration order,
/// each at the next multiple of its alignment; a class instance's stored properties follow
/// its header of two words (metadata, reference counts) the same way.
///
/// If that changes: `RuntimeTricks`' start-up self-check compares these offsets with the
/// compiler's for types of mixed sizes and alignments (`selfCheckFailures()`); when they
/// differ, the readers (`ModifierNode`, `CustomModifierNode`, `TupleNode`) read through typed
/// copies instead (`RuntimeTricks.areOn` false), with one warning. Debug builds also assert
/// each layout against the compiler's when a node is made.
enum StoredLayout {
  /// The size of a class instance's header, before its first stored property.
  static let objectHeaderSize = 2 * MemoryLayout<UnsafeRawPointer>.size

  /// `offset` rounded up to a multiple of `alignment` (a power of two).
  static func roundUp(_ offset: Int, to alignment: Int) -> Int {
    (offset + alignment - 1) / alignment * alignment
  }

  /// The offset of a struct's second stored property, after a first of type `First`.
  static func offsetOfSecond<First, Second>(after _: First.Type, _: Second.Type) -> Int {
    roundUp(MemoryLayout<First>.size, to: MemoryLayout<Second>.alignment)
  }

  /// What the compiler lays out otherwise than computed here; empty when all agree.
  @MainActor
  static func selfCheckFailures() -> [String] {
    var failures: [String] = []
    func expect(_ computed: Int, _ compilers: Int?, _ what: String) {
      if computed != compilers {
        failures.append("\(what) at \(computed), the compiler's at \(compilers ?? -1)")
      }
    }
    // A small first property before a wide one, a wide one before a small one, one of no
    // bytes: the cases where rounding up to the alignment matters.
    func expectModifier<Content: View, Modifier: ViewModifier>(
      after _: Content.Type, _: Modifier.Type, _ what: String
    ) {
      typealias Modified = ModifiedContent<Content, Modifier>
      expect(Modified.modifierOffset, MemoryLayout<Modified>.offset(of: \.modifier), what)
    }
    expectModifier(
      after: LayoutProbe.Small.self, LayoutProbe.WideModifier.self,
      "StoredLayout: a wide modifier after a small view")
    expectModifier(
      after: LayoutProbe.Wide.self, LayoutProbe.SmallModifier.self,
      "StoredLayout: a small modifier after a wide view")
    expectModifier(
      after: LayoutProbe.Empty.self, LayoutProbe.WideModifier.self,
      "StoredLayout: a modifier after an empty view")
    typealias Probe = TupleStorage<LayoutProbe.Small, LayoutProbe.Wide, LayoutProbe.Small>
    let layout = Probe.layout
    let storage = Probe((LayoutProbe.Small(), LayoutProbe.Wide(), LayoutProbe.Small()))
    if !storage.isAtLayoutOffset(layout) {
      failures.append("StoredLayout: a TupleStorage's tuple is not after its header")
    }
    typealias Tuple = (LayoutProbe.Small, LayoutProbe.Wide, LayoutProbe.Small)
    expect(layout.elements[1].offset, MemoryLayout<Tuple>.offset(of: \Tuple.1), "a tuple's second")
    expect(layout.elements[2].offset, MemoryLayout<Tuple>.offset(of: \Tuple.2), "a tuple's third")
    return failures
  }
}

/// Where a `TupleStorage` holds its views (see `TupleStorage.layout`).
struct TupleLayout {
  /// From the start of the storage object to its tuple.
  let valueOffset: Int
  /// Each view's place in the tuple, and its type.
  let elements: [(offset: Int, type: any View.Type)]

  /// The tuple of the `TupleView` at `view`, which holds one reference: its storage.
  func value(ofTupleViewAt view: UnsafeRawPointer) -> UnsafeRawPointer {
    view.load(as: UnsafeRawPointer.self) + valueOffset
  }
}

/// Views and modifiers of known sizes and alignments, for the self-check.
private enum LayoutProbe {
  struct Small: View {
    var flag = true
    var body: some View { EmptyView() }
  }

  struct Wide: View {
    var flag = false
    var number = 1
    var body: some View { EmptyView() }
  }

  struct Empty: View {
    var body: some View { EmptyView() }
  }

  struct SmallModifier: ViewModifier {
    var flag = true
    func body(content: Content) -> some View { content }
  }

  struct WideModifier: ViewModifier {
    var flag = false
    var number = 1
    func body(content: Content) -> some View { content }
  }
}
