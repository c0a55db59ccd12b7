/// Factory functions for the common disposables.
public enum Disposables {
    /// A disposable that does nothing when disposed.
    public static func create() -> any Disposable {
        NopDisposable.instance
    }

    /// A disposable that runs `dispose` once, the first time it is disposed, and then releases it.
    public static func create(with dispose: @escaping () -> Void) -> any Cancelable {
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes both arguments, in order, once.
    public static func create(_ disposable1: any Disposable, _ disposable2: any Disposable) -> any Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }

    /// A disposable that disposes the three arguments, in order, once.
    public static func create(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable
    ) -> any Cancelable {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    /// A disposable that disposes every argument, in order, once.
    public static func create(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable,
        _ disposables: any Disposable...
    ) -> any Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
    }

    /// A disposable that disposes every element of `disposables`, in order, once.
    public static func create(_ disposables: [any Disposable]) -> any Cancelable {
        switch disposables.count {
        case 2: BinaryDisposable(disposables[0], disposables[1])
        default: CompositeDisposable(disposables: disposables)
        }
    }
}
