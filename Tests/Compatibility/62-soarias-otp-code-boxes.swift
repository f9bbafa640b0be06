// swift-format-ignore-file
// Source: https://soarias.com/swiftui/how-to-implement-otp-input/
// Soarias: one-digit OTP boxes, centred text on rounded-rectangle backgrounds, focus moving
// from box to box as digits are typed (the page's short version).
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct OTPInputView: View {
    @State private var digits = Array(repeating: "", count: 6)
    @FocusState private var focusedIndex: Int?

    var body: some View {
        HStack(spacing: 12) {
            ForEach(0..<6, id: \.self) { i in
                TextField("", text: $digits[i])
                    .keyboardType(.numberPad)
                    .focused($focusedIndex, equals: i)
                    .onChange(of: digits[i]) { _, new in
                        if new.count == 1 { focusedIndex = i + 1 }
                        else if new.isEmpty, i > 0 { focusedIndex = i - 1 }
                    }
                    .frame(width: 44, height: 54)
                    .multilineTextAlignment(.center)
                    .background(RoundedRectangle(cornerRadius: 10)
                        .stroke(focusedIndex == i ? .blue : .gray.opacity(0.4)))
            }
        }
    }
}
