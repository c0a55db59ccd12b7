// A test file imports RxTestSupport and the module it tests. The scheduler's inherited members
// (`start()`, `clock`, `advanceTo(_:)`), `Event` and `dispose()` come from these modules, so they
// are re-exported rather than left for every test file to import.
@_exported import RxCore
@_exported import RxDisposables
@_exported import RxSchedulers
