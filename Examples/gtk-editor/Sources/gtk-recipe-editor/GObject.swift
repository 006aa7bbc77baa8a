import CGtk

// GObject from Swift: pointers cast between the class structs as GTK's C macros (`GTK_WINDOW (w)`) cast them,
// and signals connected with `g_signal_connect_data` to C callbacks that find their Swift object again through
// an unmanaged context pointer.

/// `pointer` as a pointer to another GObject type (an upcast or a checked-elsewhere downcast).
@inline(__always)
func cast<T>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T>? {
    pointer?.assumingMemoryBound(to: T.self)
}

/// `pointer` as a pointer to another GObject type.
@inline(__always)
func cast<T, U>(_ pointer: UnsafeMutablePointer<U>?) -> UnsafeMutablePointer<T>? {
    UnsafeMutableRawPointer(pointer)?.assumingMemoryBound(to: T.self)
}

/// `pointer` as a pointer to a type GTK keeps opaque (`GtkLabel`, `GtkScrolledWindow`, `GdkPaintable`).
@inline(__always)
func cast<U>(_ pointer: UnsafeMutablePointer<U>?) -> OpaquePointer? {
    pointer.map { OpaquePointer($0) }
}

/// Connects the C function `handler` to `signal` of `instance`, with `context` as its user data. The context is
/// passed unretained: it must outlive the connection (the editor lives as long as the application).
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer?, _ signal: String, _ handler: GCallback, context: AnyObject, after: Bool = false) -> gulong {
    g_signal_connect_data(instance, signal, handler, Unmanaged.passUnretained(context).toOpaque(), nil,
                          after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
}

/// `connect` for an instance of a type GTK keeps opaque (an event controller, a clipboard).
@discardableResult
func connect(_ instance: OpaquePointer?, _ signal: String, _ handler: GCallback, context: AnyObject, after: Bool = false) -> gulong {
    connect(UnsafeMutableRawPointer(instance), signal, handler, context: context, after: after)
}

/// The Swift object a callback's user data points to.
@inline(__always)
func object<T: AnyObject>(_ data: UnsafeMutableRawPointer?) -> T {
    Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}

/// A C callback as the `GCallback` that `g_signal_connect_data` takes.
@inline(__always)
func callback<F>(_ function: F) -> GCallback {
    unsafeBitCast(function, to: GCallback.self)
}

/// `count` bytes at `text` (not NUL-terminated, as `insert-text` hands them) as a String.
func string(_ text: UnsafePointer<CChar>?, count: Int) -> String {
    guard let text, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self)
}
