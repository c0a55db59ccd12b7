// Every subscription returns a `Disposable`; a file that imports RxCore can dispose it, put it in
// a `DisposeBag` or build a `CompositeDisposable` without importing RxDisposables as well.
@_exported import RxDisposables
