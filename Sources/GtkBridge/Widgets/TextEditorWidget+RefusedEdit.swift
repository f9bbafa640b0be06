import CGtk

// A user's edit the model refused, in a text editor: as for a field (see
// `EditableWidget+RefusedEdit.swift`), it is taken back through the buffer's own history, so
// undo acts as if it was never made. GtkTextBuffer joins typing into one step too; its undo
// of that step is public (`gtk_text_buffer_undo`), and the text from before the refused edit
// is made again as a user action, a step of the user's, which empties the redo queue.
extension TextEditorWidget {
  /// Takes the user's last edit out of the text and the history, leaving `before` (the text
  /// shown before that edit). Returns `false`, changing nothing, where the buffer keeps no
  /// history or has nothing to undo. Wraps `gtk_text_buffer_undo` and a user action.
  func takeBackUserEdit(restoring before: String) -> Bool {
    guard gtk_text_buffer_get_enable_undo(buffer) != 0, gtk_text_buffer_get_can_undo(buffer) != 0
    else { return false }
    let refused = text
    gtk_text_buffer_undo(buffer)
    guard text != refused else { return false }
    let now = Array(text.unicodeScalars)
    let target = Array(before.unicodeScalars)
    var prefix = 0
    while prefix < now.count, prefix < target.count, now[prefix] == target[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < now.count - prefix, suffix < target.count - prefix,
      now[now.count - 1 - suffix] == target[target.count - 1 - suffix]
    {
      suffix += 1
    }
    guard now.count - suffix > prefix || target.count - suffix > prefix else { return true }
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_begin_user_action(buffer)
    if now.count - suffix > prefix {
      gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(prefix))
      gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(now.count - suffix))
      gtk_text_buffer_delete(buffer, &start, &end)
    }
    if target.count - suffix > prefix {
      var inserted = String.UnicodeScalarView()
      inserted.append(contentsOf: target[prefix..<(target.count - suffix)])
      gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(prefix))
      gtk_text_buffer_insert(buffer, &start, String(inserted), -1)
    }
    gtk_text_buffer_end_user_action(buffer)
    return text == before
  }
}
