import CGtk

// GTK 4.8's GtkText records each `gtk_editable_insert_text` and `gtk_editable_delete_text`
// as one undo step, and `gtk_editable_set_text` as two (delete all, then insert), so undo
// after `set_text("Hello")` over "hello" went "Hello" -> "" -> "hello": through an empty text
// nobody set. Measured here; turning undo off and on (`gtk_editable_set_enable_undo`) is
// the public way to make a change irreversible (GtkText clears its history then).
extension EditableWidget {
  /// How an app's text change enters the field's undo history.
  enum UndoRecord {
    /// One undo step when the change only inserts or only deletes (undo returns exactly to
    /// the previous text); a change that replaces text starts a fresh history instead, since
    /// GtkText can record a replacement only as two steps.
    case oneStep
    /// Not undoable: the history starts from the new text (a field's initial text).
    case irreversible
  }

  /// Replaces the text with `newText`, recording it as `record` says. Emits "changed" once
  /// for an insertion or a deletion, twice for a replacement. Wraps
  /// `gtk_editable_insert_text`, `gtk_editable_delete_text`, `gtk_editable_set_text`.
  func replaceText(with newText: String, record: UndoRecord) {
    let old = Array(text.unicodeScalars)
    let new = Array(newText.unicodeScalars)
    guard old != new else { return }
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    if record == .oneStep, old.count - suffix == prefix {
      // Only an insertion, at `prefix`.
      var inserted = String.UnicodeScalarView()
      inserted.append(contentsOf: new[prefix..<(new.count - suffix)])
      var position = gint(prefix)
      gtk_editable_insert_text(editable, String(inserted), -1, &position)
    } else if record == .oneStep, new.count - suffix == prefix {
      // Only a deletion.
      gtk_editable_delete_text(editable, gint(prefix), gint(old.count - suffix))
    } else {
      let undo = gtk_editable_get_enable_undo(editable)
      gtk_editable_set_enable_undo(editable, 0)
      text = newText
      gtk_editable_set_enable_undo(editable, undo)
    }
  }
}
