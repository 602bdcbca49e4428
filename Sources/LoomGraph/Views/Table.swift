/// SwiftUI's `Table`: rows of a collection in columns under a header line. Each column is a
/// `TableColumn` (a title, a cell per row, a width); the rows are a `List`'s, lazy however many
/// there are, each focusable; a cell is one line, cut with `…` when too long.
///
/// Columns line up because a header and every row are the same `HStack` of the same frames:
/// a fixed width, or a flexible frame that shares what is left equally (SwiftUI's stack
/// algorithm gives such frames sizes that do not depend on what they hold).
public struct Table<Data: RandomAccessCollection>: View where Data.Element: Identifiable {
    let data: Data
    let columns: [TableColumn<Data.Element>]

    public init(_ data: Data, @TableColumnBuilder<Data.Element> columns: () -> [TableColumn<Data.Element>]) {
        self.data = data
        self.columns = columns()
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            TableHeader(columns: columns)
            Divider()
            List(data) { row in
                TableRow(value: row, columns: columns).listRowSeparator(.hidden)
            }
        }
    }
}

/// One column of a `Table`: its title, what a row shows in it, and its width.
public struct TableColumn<RowValue> {
    let title: String
    let cell: (RowValue) -> AnyView
    var width = TableColumnWidth()

    /// A column of the text at `value` in each row.
    public init(_ title: String, value: KeyPath<RowValue, String>) {
        self.title = title
        self.cell = { AnyView(Text($0[keyPath: value])) }
    }

    /// A column of the views `content` makes for each row.
    public init<Content: View>(_ title: String, @ViewBuilder content: @escaping (RowValue) -> Content) {
        self.title = title
        self.cell = { AnyView(content($0)) }
    }

    /// A fixed width, in cells.
    public func width(_ width: Int) -> TableColumn {
        var column = self
        column.width = TableColumnWidth(minimum: width, ideal: width, maximum: width)
        return column
    }

    /// A flexible width between `min` and `max` (no maximum: it shares the table's spare width).
    public func width(min: Int? = nil, ideal: Int? = nil, max: Int? = nil) -> TableColumn {
        var column = self
        column.width = TableColumnWidth(minimum: min ?? 0, ideal: ideal, maximum: max ?? .infinity)
        return column
    }
}

/// A column's width as a frame takes it.
struct TableColumnWidth: Hashable {
    var minimum = 0
    var ideal: Int?
    var maximum = Int.infinity
}

/// Gathers a table's columns (SwiftUI's `TableColumnBuilder`).
@resultBuilder
public enum TableColumnBuilder<RowValue> {
    public static func buildExpression(_ column: TableColumn<RowValue>) -> [TableColumn<RowValue>] { [column] }
    public static func buildBlock(_ columns: [TableColumn<RowValue>]...) -> [TableColumn<RowValue>] { columns.flatMap { $0 } }
    public static func buildOptional(_ columns: [TableColumn<RowValue>]?) -> [TableColumn<RowValue>] { columns ?? [] }
    /// Columns made in a `for` loop (a table whose columns are data, as a scene document's are).
    public static func buildArray(_ columns: [[TableColumn<RowValue>]]) -> [TableColumn<RowValue>] { columns.flatMap { $0 } }
    public static func buildEither(first columns: [TableColumn<RowValue>]) -> [TableColumn<RowValue>] { columns }
    public static func buildEither(second columns: [TableColumn<RowValue>]) -> [TableColumn<RowValue>] { columns }
}

/// A line of a table's cells, each in its column's frame.
private struct TableCells: View {
    let cells: [AnyView]
    let widths: [TableColumnWidth]

    var body: some View {
        HStack(spacing: 1) {
            ForEach(cells.indices, id: \.self) { index in
                cells[index]
                    .lineLimit(1)
                    .frame(minWidth: widths[index].minimum, idealWidth: widths[index].ideal, maxWidth: widths[index].maximum, alignment: .leading)
            }
        }
    }
}

/// The titles, bold.
struct TableHeader<RowValue>: View {
    let columns: [TableColumn<RowValue>]

    var body: some View {
        TableCells(cells: columns.map { AnyView(Text($0.title)) }, widths: columns.map(\.width)).bold()
    }
}

/// One row's cells.
struct TableRow<RowValue>: View {
    let value: RowValue
    let columns: [TableColumn<RowValue>]

    var body: some View {
        TableCells(cells: columns.map { $0.cell(value) }, widths: columns.map(\.width))
    }
}
