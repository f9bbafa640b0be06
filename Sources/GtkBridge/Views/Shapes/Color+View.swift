/// A colour as a view fills its space, as in SwiftUI: `ZStack { Color.blue; Text("Hi") }`.
/// (Passed to `.background(_:)` or `.foregroundStyle(_:)` it is a style: CSS.)
extension Color: View {
  public var body: some View {
    PaintedShape(radius: "0", fill: self, stroke: nil, strokeInside: true, isCircle: false)
  }
}
