/// Which container a view's rows are in: a ``Section`` lays itself out by it.
enum ContainerRole {
  case none, form, list
}

struct ContainerRoleKey: EnvironmentKey {
  static let defaultValue = ContainerRole.none
}

extension EnvironmentValues {
  var containerRole: ContainerRole {
    get { self[ContainerRoleKey.self] }
    set { self[ContainerRoleKey.self] = newValue }
  }
}
