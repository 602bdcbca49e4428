import LoomGraph

/// A bar of `width` cells and a percentage; blank when there is no progress to show. It keeps
/// its width on a narrow screen (a bar broken over two lines reads as two bars): what is
/// beside it gives way.
struct ProgressBar: View, Equatable {
    let fraction: Double?
    let width: Int

    var body: some View {
        if let fraction {
            let clamped = min(1, max(0, fraction))
            let filled = Int((clamped * Double(width)).rounded())
            HStack(spacing: 1) {
                HStack(spacing: 0) {
                    Text(String(repeating: "█", count: filled)).foregroundColor(.cyan)
                    Text(String(repeating: "░", count: width - filled)).foregroundColor(.gray)
                }
                Text("\(Int((clamped * 100).rounded()))%").frame(width: 4, alignment: .trailing)
            }
            .fixedSize()
        } else {
            Text("").frame(width: width + 5)
        }
    }
}
