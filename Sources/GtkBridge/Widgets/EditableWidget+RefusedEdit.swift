import CGtk

// A user's edit the model refused (a setter that keeps only digits, a binding that ignores
// an "x") must leave no trace: the field shows the model's text again, and undo must act as
// if the refused edit was never made. Showing the model's text as an app write (one undo
// step) did not: undo brought the refused text back, the model refused it again, and its
// correction, a new write, dropped the redo: undo and redo were stuck (issue 36, case 4).
//
// So the edit is taken back through GtkText's own history (gtktexthistory.c, measured on
// GTK 4.8.3 and 4.18):
// - "text.undo" undoes the last step, the user's refused edit, together with whatever typing
//   GtkText joined it to ("ab" then "x" is one step, "abx"); the step goes to the redo queue.
// - The text from before the refused edit is then made again through the GtkEntryBuffer,
//   whose "inserted-text" / "deleted-text" GtkText records as an edit of the user's: it
//   replaces the joined step (minus the refused part) and drops the redo queue.
// Undo then goes back through the user's own steps, and redo returns to the model's text.
extension AppWriteUndo {
  /// Takes the user's last edit out of the text and the history, leaving `before` (the text
  /// shown before that edit). Returns `false`, changing nothing, where GTK keeps no history
  /// or has nothing to undo: the caller shows `before` as an app write.
  func takeBackUserEdit(restoring before: String) -> Bool {
    guard !GTKVersion.undoIsOff(OpaquePointer(textWidget)) else { return false }
    let refused = currentText
    var undone = false
    changing {
      undone = gtk_widget_activate_action_variant(textWidget, "text.undo", nil) != 0
    }
    guard undone, currentText != refused else { return false }
    let buffer = gtk_text_get_buffer(textWidget.cast(to: GtkText.self))
    let now = Array(currentText.unicodeScalars)
    let target = Array(before.unicodeScalars)
    var prefix = 0
    while prefix < now.count, prefix < target.count, now[prefix] == target[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < now.count - prefix, suffix < target.count - prefix,
      now[now.count - 1 - suffix] == target[target.count - 1 - suffix]
    {
      suffix += 1
    }
    changing {
      if now.count - suffix > prefix {
        gtk_entry_buffer_delete_text(buffer, guint(prefix), gint(now.count - suffix - prefix))
      }
      if target.count - suffix > prefix {
        var inserted = String.UnicodeScalarView()
        inserted.append(contentsOf: target[prefix..<(target.count - suffix)])
        gtk_entry_buffer_insert_text(buffer, guint(prefix), String(inserted), -1)
      }
    }
    return currentText == before
  }
}
