// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/navigationsplitview
// Apple's `NavigationSplitView` examples: two columns (a list selecting employees, their
// details), three columns (departments, their employees, the details) and a split view whose
// column visibility the app controls. Written as published there (reconstructed from the
// page); only `import SwiftUI` is changed to `import GtkBridge`. The page leaves `model`,
// `Employee`, `Department`, `EmployeeDetails`, `Sidebar`, `Content` and `Detail` to the reader;
// they are added below, marked.
import GtkBridge

struct TwoColumnView: View {
    @State private var employeeIds: Set<Employee.ID> = []

    var body: some View {
        NavigationSplitView {
            List(model.employees, selection: $employeeIds) { employee in
                Text(employee.name)
            }
        } detail: {
            EmployeeDetails(for: employeeIds)
        }
    }
}

struct ThreeColumnView: View {
    @State private var departmentId: Department.ID? // Single selection.
    @State private var employeeIds: Set<Employee.ID> = [] // Multiple selection.

    var body: some View {
        NavigationSplitView {
            List(model.departments, selection: $departmentId) { department in
                Text(department.name)
            }
        } content: {
            if let department = model.department(id: departmentId) {
                List(department.employees, selection: $employeeIds) { employee in
                    Text(employee.name)
                }
            } else {
                Text("Select a department")
            }
        } detail: {
            EmployeeDetails(for: employeeIds)
        }
    }
}

struct VisibilityView: View {
    @State private var columnVisibility =
        NavigationSplitViewVisibility.detailOnly

    var body: some View {
        NavigationSplitView(columnVisibility: $columnVisibility) {
            Sidebar()
        } content: {
            Content()
        } detail: {
            Detail()
        }
    }
}

// Added: left to the reader by the page.
struct Employee: Identifiable {
    let id = UUID()
    var name: String
}

struct Department: Identifiable {
    let id = UUID()
    var name: String
    var employees: [Employee]
}

@MainActor
final class CompanyModel {
    var departments = [
        Department(name: "Design", employees: [Employee(name: "Ana")]),
        Department(name: "Sales", employees: [Employee(name: "Bo")]),
    ]
    var employees: [Employee] { departments.flatMap(\.employees) }

    func department(id: Department.ID?) -> Department? {
        departments.first { $0.id == id }
    }
}

@MainActor let model = CompanyModel()

struct EmployeeDetails: View {
    let ids: Set<Employee.ID>
    init(for ids: Set<Employee.ID>) { self.ids = ids }
    var body: some View { Text("\(ids.count) selected") }
}

struct Sidebar: View {
    var body: some View { Text("Sidebar") }
}

struct Content: View {
    var body: some View { Text("Content") }
}

struct Detail: View {
    var body: some View { Text("Detail") }
}
