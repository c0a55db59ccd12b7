/// The closure the `subscribe(with:…)` forms subscribe in place of `body`: while `object` is
/// alive it calls `body` with `object` first; once `object` is released it does nothing.
///
/// It holds `object` weakly, and it is made even when `body` is `nil`, so that the event it
/// stands for counts as handled (an error then does not reach `Hooks.defaultErrorHandler`).
package func weaklyBound<Object: AnyObject, each Argument>(
    _ object: Object, _ body: ((Object, repeat each Argument) -> Void)?
) -> (repeat each Argument) -> Void {
    { [weak object] (argument: repeat each Argument) in
        guard let object else { return }
        body?(object, repeat each argument)
    }
}
