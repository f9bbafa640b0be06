import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

enum Field: Hashable {
  case username, password, email, notes
}

/// What a test needs to reach inside a form view.
@MainActor
final class FormProbe {
  var focus: FocusState<Field?>.Binding?
  var widgets: [Field: Widget] = [:]
  var transitions: [String] = []
  var submitted = 0
  var appeared = 0
  var disappeared = 0

  func set(_ field: Field?) { focus!.wrappedValue = field }
  var current: Field? { focus!.wrappedValue }
}

/// Three fields bound to one `@FocusState`, as the seed's iOS 15 half declares them.
struct ThreeFieldForm: View {
  @FocusState var focus: Field?
  @State var username = ""
  @State var password = ""
  @State var email = ""
  let probe: FormProbe
  var defaultField: Field? = nil
  var appearField: Field? = nil

  var body: some View {
    probe.focus = $focus
    return VStack {
      TextField("Username", text: $username)
        .focused($focus, equals: .username)
        .configure { probe.widgets[.username] = $0 }
      SecureField("Password", text: $password)
        .focused($focus, equals: .password)
        .configure { probe.widgets[.password] = $0 }
      TextField("Email", text: $email)
        .focused($focus, equals: .email)
        .configure { probe.widgets[.email] = $0 }
    }
    .onChange(of: focus) { old, new in
      probe.transitions.append("\(old.map { "\($0)" } ?? "nil")->\(new.map { "\($0)" } ?? "nil")")
    }
    .onSubmit {
      switch focus {
      case .username: focus = .password
      case .password: focus = .email
      default: probe.submitted += 1
      }
    }
    .defaultFocusIfAny($focus, defaultField)
    .onAppear { if let appearField { focus = appearField } }
  }
}

extension View {
  @ViewBuilder
  func defaultFocusIfAny(_ binding: FocusState<Field?>.Binding, _ value: Field?) -> some View {
    if let value {
      self.defaultFocus(binding, value)
    } else {
      self
    }
  }
}

final class FocusStateTests: GtkTestCase, @unchecked Sendable {
  func testAssigningTheStateMovesFocusAcrossThreeFieldsInOneStepEach() {
    MainActor.assumeIsolated {
      let probe = FormProbe()
      let host = host { ThreeFieldForm(probe: probe) }
      show(host)
      // GTK focuses the first focusable widget on present; the state tells the truth.
      XCTAssertEqual(probe.current, .username)
      var notifications = 0
      let connection = Signals.connectNotify(host.window.rawPointer, property: "focus-widget") {
        notifications += 1
      }
      for field in [Field.password, .email, .username] {
        notifications = 0
        probe.set(field)
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(probe.widgets[field]), "\(field) should hold focus")
        XCTAssertEqual(probe.current, field)
        XCTAssertEqual(notifications, 1)
      }
      XCTAssertEqual(
        probe.transitions,
        ["nil->username", "username->password", "password->email", "email->username"])
      connection.disconnect()
    }
  }

  func testUserTabAndClickSetTheStateWithNoIntermediateNil() {
    MainActor.assumeIsolated {
      let probe = FormProbe()
      let host = host { ThreeFieldForm(probe: probe, defaultField: .username) }
      show(host)
      XCTAssertEqual(probe.current, .username)

      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(probe.current, .password)
      XCTAssertTrue(holdsFocus(probe.widgets[.password]))

      (probe.widgets[.email] as? EditableWidget)?.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.current, .email)

      host.window.simulateMoveFocus(.tabBackward)
      MainLoop.drain()
      XCTAssertEqual(probe.current, .password)
      XCTAssertEqual(
        probe.transitions,
        ["nil->username", "username->password", "password->email", "email->password"])
    }
  }

  func testNilDismissesFocus() {
    MainActor.assumeIsolated {
      let probe = FormProbe()
      let host = host { ThreeFieldForm(probe: probe, defaultField: .email) }
      show(host)
      XCTAssertTrue(holdsFocus(probe.widgets[.email]))
      probe.set(nil)
      MainLoop.drain()
      XCTAssertNil(focusWidget(host.window))
      XCTAssertNil(probe.current)
    }
  }

  func testDefaultFocusHoldsOnTheFirstFrame() {
    MainActor.assumeIsolated {
      let probe = FormProbe()
      let host = host { ThreeFieldForm(probe: probe, defaultField: .password) }
      // The HostingWindow's first pass already focused it: before present, no delay.
      XCTAssertTrue(holdsFocus(probe.widgets[.password]))
      XCTAssertEqual(probe.current, .password)
      show(host)
      XCTAssertTrue(holdsFocus(probe.widgets[.password]))
    }
  }

  func testFocusAssignedInOnAppearHoldsOnTheFirstFrame() {
    MainActor.assumeIsolated {
      let probe = FormProbe()
      let host = host { ThreeFieldForm(probe: probe, appearField: .email) }
      XCTAssertTrue(holdsFocus(probe.widgets[.email]))
      show(host)
      XCTAssertTrue(holdsFocus(probe.widgets[.email]))
      XCTAssertEqual(probe.current, .email)
    }
  }

  func testTwoViewsClaimingOneValueFocusTheFirstAndWarnOnce() {
    MainActor.assumeIsolated {
      struct Twins: View {
        @FocusState var focus: Field?
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("A", text: .constant("")).focused($focus, equals: .notes)
              .configure { probe.widgets[.username] = $0 }
            TextField("B", text: .constant("")).focused($focus, equals: .notes)
              .configure { probe.widgets[.password] = $0 }
          }
        }
      }
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let probe = FormProbe()
      let host = host { Twins(probe: probe) }
      show(host)

      probe.set(.notes)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.username]), "the first declared takes focus")

      // User focus on the second keeps the value and is not taken back.
      (probe.widgets[.password] as? EditableWidget)?.simulateClick()
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.password]))
      XCTAssertEqual(probe.current, .notes)

      probe.set(nil)
      MainLoop.drain()
      probe.set(.notes)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.username]))
      XCTAssertEqual(warnings.filter { $0.contains("focused(equals:") }.count, 1)
    }
  }

  func testAValueNoViewClaimsLeavesFocusAndReadsBackTheTruth() {
    MainActor.assumeIsolated {
      struct TwoFields: View {
        @FocusState var focus: Field?
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("A", text: .constant("")).focused($focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            TextField("B", text: .constant("")).focused($focus, equals: .password)
          }
        }
      }
      let probe = FormProbe()
      let host = host { TwoFields(probe: probe) }
      show(host)
      probe.set(.username)
      MainLoop.drain()

      probe.set(.notes)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.username]))
      XCTAssertEqual(probe.current, .username)

      probe.set(nil)
      MainLoop.drain()
      probe.set(.notes)
      MainLoop.drain()
      XCTAssertNil(probe.current)
    }
  }

  func testAFocusedViewThatLeavesTheTreeResetsTheState() {
    MainActor.assumeIsolated {
      let model = FieldModel()  // `enabled` stands for "the email field is shown"
      struct Conditional: View {
        @FocusState var focus: Field?
        let probe: FormProbe
        let model: FieldModel
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("A", text: .constant("")).focused($focus, equals: .username)
            if model.enabled {
              TextField("B", text: .constant("")).focused($focus, equals: .email)
                .onDisappear { probe.disappeared += 1 }
            }
          }
        }
      }
      let probe = FormProbe()
      let host = host { Conditional(probe: probe, model: model) }
      show(host)
      probe.set(.email)
      MainLoop.drain()
      XCTAssertEqual(probe.current, .email)

      model.enabled = false
      MainLoop.drain()
      XCTAssertNil(probe.current)
      XCTAssertEqual(probe.disappeared, 1)
    }
  }

  func testReturnMovesToTheNextFieldAndSubmitsOnTheLast() {
    MainActor.assumeIsolated {
      let probe = FormProbe()
      let host = host { ThreeFieldForm(probe: probe, defaultField: .username) }
      show(host)
      for (field, next) in [(Field.username, Field.password), (.password, .email)] {
        (probe.widgets[field] as? EditableWidget)?.simulateReturn()
        MainLoop.drain()
        XCTAssertEqual(probe.current, next)
        XCTAssertTrue(holdsFocus(probe.widgets[next]))
      }
      XCTAssertEqual(probe.submitted, 0)
      (probe.widgets[.email] as? EditableWidget)?.simulateReturn()
      MainLoop.drain()
      XCTAssertEqual(probe.submitted, 1)
      XCTAssertEqual(probe.current, .email)
    }
  }

  func testSecureFieldTakesFocusAndSyncsText() {
    MainActor.assumeIsolated {
      struct Secret: View {
        @FocusState var focus: Field?
        @State var password = ""
        let probe: FormProbe
        let model: FieldModel
        var body: some View {
          probe.focus = $focus
          return SecureField("Password", text: model.textBinding)
            .focused($focus, equals: .password)
            .configure { probe.widgets[.password] = $0 }
        }
      }
      let probe = FormProbe()
      let model = FieldModel()
      let host = host { Secret(probe: probe, model: model) }
      show(host)
      let field = probe.widgets[.password] as! PasswordEntry
      probe.set(.password)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(field))
      field.simulateTyping("s3cr3t")
      MainLoop.drain()
      XCTAssertEqual(model.text, "s3cr3t")
      model.text = "other"
      MainLoop.drain()
      XCTAssertEqual(field.text, "other")
      XCTAssertEqual(model.textWrites, ["s3cr3t"])
    }
  }

  func testAFocusBindingConvertsToBindingOfBoolForLegacyTextField() {
    MainActor.assumeIsolated {
      struct Mixed: View {
        @FocusState var focus: Field?
        let probe: FormProbe
        let model: FieldModel
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("A", text: .constant("")).focused($focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            LegacyTextField(
              text: model.textBinding, isFirstResponder: Binding($focus, equals: .notes)
            ) { model.entry = $0 }
          }
        }
      }
      let probe = FormProbe()
      let model = FieldModel()
      let host = host { Mixed(probe: probe, model: model) }
      show(host)
      probe.set(.notes)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(model.entry))

      host.window.simulateMoveFocus(.tabBackward)
      MainLoop.drain()
      XCTAssertEqual(probe.current, .username)
      model.entry?.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.current, .notes)
      probe.set(nil)
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(model.entry))
    }
  }

  func testFocusHeldInAnObservableModel() {
    MainActor.assumeIsolated {
      let form = FormModel()
      struct ModelForm: View {
        @Bindable var form: FormModel
        let probe: FormProbe
        var body: some View {
          VStack {
            TextField("Name", text: $form.name).focused($form.focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            TextField("Mail", text: $form.mail).focused($form.focus, equals: .email)
              .configure { probe.widgets[.email] = $0 }
          }
          .defaultFocus($form.focus, .email)
        }
      }
      let probe = FormProbe()
      let host = host { ModelForm(form: form, probe: probe) }
      XCTAssertTrue(holdsFocus(probe.widgets[.email]), "defaultFocus through a model binding")
      show(host)
      form.focus = .username
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.username]))
      (probe.widgets[.username] as? EditableWidget)?.simulateTyping("Ada")
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(form.focus, .email)
      XCTAssertEqual(form.name, "Ada")
      form.focus = nil
      MainLoop.drain()
      XCTAssertNil(focusWidget(host.window))
    }
  }

  func testAHandMadeBindingSharedByFieldsMovesFocusBetweenThem() {
    MainActor.assumeIsolated {
      let form = FormModel()
      var writes: [Field?] = []
      let focus = Binding<Field?>(
        get: { form.focus },
        set: {
          writes.append($0)
          form.focus = $0
        })
      let probe = FormProbe()
      let host = host {
        VStack {
          TextField("A", text: .constant("")).focused(focus, equals: .username)
            .configure { probe.widgets[.username] = $0 }
          TextField("B", text: .constant("")).focused(focus, equals: .email)
            .configure { probe.widgets[.email] = $0 }
        }
      }
      show(host)
      writes.removeAll()
      form.focus = .email
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.email]))
      XCTAssertEqual(form.focus, .email, "another field's group must not reset the state")
      host.window.simulateMoveFocus(.tabBackward)
      MainLoop.drain()
      XCTAssertEqual(form.focus, .username)
      XCTAssertEqual(writes, [.username], "one write per move, no intermediate nil")
    }
  }

  func testTwoLegacyTextFieldsSharingOneBoolStateFollowTheUser() {
    MainActor.assumeIsolated {
      struct Shared: View {
        @State var editing = false
        let probe: FormProbe
        let model: FieldModel
        var body: some View {
          model.entry = nil
          return VStack {
            LegacyTextField(text: .constant(""), isFirstResponder: $editing) {
              probe.widgets[.username] = $0
            }
            LegacyTextField(text: .constant(""), isFirstResponder: $editing) {
              probe.widgets[.password] = $0
            }
            Text(editing ? "editing" : "idle").configure { probe.widgets[.notes] = $0 }
          }
        }
      }
      let probe = FormProbe()
      let host = host { Shared(probe: probe, model: FieldModel()) }
      show(host)
      for field in [Field.password, .username, .password] {
        (probe.widgets[field] as? EditableWidget)?.simulateClick()
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(probe.widgets[field]), "\(field) keeps the focus it was given")
        XCTAssertEqual((probe.widgets[.notes] as? LabelWidget)?.text, "editing")
      }
    }
  }

  func testFocusedWithABoolBindingMadeFromAFocusStateMovesFocus() {
    MainActor.assumeIsolated {
      struct ClaimOnly: View {
        @FocusState var focus: Field?
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("a", text: .constant("")).focused(Binding($focus, equals: .username))
              .configure { probe.widgets[.username] = $0 }
            TextField("b", text: .constant("")).focused(Binding($focus, equals: .password))
              .configure { probe.widgets[.password] = $0 }
          }
        }
      }
      let probe = FormProbe()
      let host = host { ClaimOnly(probe: probe) }
      show(host)
      for field in [Field.password, .username] {
        probe.set(field)
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(probe.widgets[field]))
        XCTAssertEqual(probe.current, field)
      }
    }
  }

  func testAViewReboundToAnotherModelFollowsThatModelsFocus() {
    MainActor.assumeIsolated {
      struct Detail: View {
        @Bindable var form: FormModel
        let probe: FormProbe
        var body: some View {
          VStack {
            TextField("Name", text: $form.name).focused($form.focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            TextField("Mail", text: $form.mail).focused($form.focus, equals: .email)
          }
        }
      }
      let first = FormModel()
      let second = FormModel()
      let selection = FieldModel()  // `enabled` picks the first model
      let probe = FormProbe()
      let host = host { Detail(form: selection.enabled ? first : second, probe: probe) }
      show(host)
      let name = probe.widgets[.username]
      selection.enabled = false
      MainLoop.drain()
      XCTAssertTrue(probe.widgets[.username] === name, "the same widgets, re-bound")
      second.focus = .username
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(name))
      XCTAssertEqual(second.focus, .username)
      first.focus = .email
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(name), "the first model no longer drives these fields")
    }
  }

  func testDisabledFieldRefusesFocusAndTheStateReadsTheTruth() {
    MainActor.assumeIsolated {
      struct Locked: View {
        @FocusState var focus: Field?
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("A", text: .constant("")).focused($focus, equals: .username)
            TextField("Locked", text: .constant("")).focused($focus, equals: .notes)
              .disabled(true)
              .configure { probe.widgets[.notes] = $0 }
          }
        }
      }
      let probe = FormProbe()
      let host = host { Locked(probe: probe) }
      show(host)
      probe.set(.username)
      MainLoop.drain()
      probe.set(.notes)
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(probe.widgets[.notes]))
      XCTAssertEqual(probe.current, .username)
    }
  }

  func testButtonsAndTogglesTakePartInFocus() {
    MainActor.assumeIsolated {
      struct Controls: View {
        @FocusState var focus: Field?
        @State var on = false
        let probe: FormProbe
        let model: FieldModel
        var body: some View {
          probe.focus = $focus
          return VStack {
            Button("Go") { probe.submitted += 1 }.focused($focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            Toggle("On", isOn: model.focusBinding).focused($focus, equals: .password)
              .configure { probe.widgets[.password] = $0 }
          }
        }
      }
      let probe = FormProbe()
      let model = FieldModel()
      let host = host { Controls(probe: probe, model: model) }
      show(host)
      probe.set(.password)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.password]))
      probe.set(.username)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.username]))

      (probe.widgets[.username] as! ButtonWidget).simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.submitted, 1)
      let check = probe.widgets[.password] as! ToggleWidget
      check.simulateClick()
      MainLoop.drain()
      XCTAssertTrue(model.focused, "the toggle wrote its binding")
      model.focused = false
      MainLoop.drain()
      XCTAssertFalse(check.isActive)
      XCTAssertEqual(model.focusWrites, [true])
    }
  }
}

@MainActor
@Observable
final class FormModel {
  var name = ""
  var mail = ""
  var focus: Field?
}
