extension Array {
  /// Removes every element, keeping the storage (the array must hold it alone): the lists an
  /// update pass reuses, emptied after each pass or write.
  ///
  /// NB: a short list is emptied element by element. `removeAll(keepingCapacity: true)` goes
  /// through `replaceSubrange`, about 170 instructions for a list of one or two (measured on
  /// W2's keystroke, which empties four such lists); past a few elements its bulk removal is
  /// the cheaper.
  mutating func empty() {
    guard count > 4 else {
      while popLast() != nil {}
      return
    }
    removeAll(keepingCapacity: true)
  }
}
