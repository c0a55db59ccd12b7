/// Room for one element, empty or holding one, as a value its owner embeds: the latest element an
/// operator keeps (`combineLatest`, `withLatestFrom`, `distinctUntilChanged`). The one place the
/// operators keep a single element by hand, in storage of its own type rather than as an optional: a
/// sink's element path runs in code not specialised for the element type, where binding or
/// testing an `Optional<Element>` asks the runtime for the optional's metadata at every element;
/// this value's layout does not depend on `Element`, and reading or replacing what it holds needs
/// only `Element`'s own metadata, which the sink has.
///
/// No element ever dies inside one of its members: ``replace(with:)`` and ``exchange(_:)`` hand
/// the replaced element back and ``take()`` moves the held one out, so the caller decides when it dies, after the
/// slot (and whatever else the caller keeps) is consistent and outside any access to the slot. An
/// element's `deinit` is user code, which may send into the owner again and read the slot.
///
/// Safety invariants, which every member keeps and relies on:
/// - `storage` points to one slot, allocated by `init` and freed only by `deinit`.
/// - The slot holds an initialised element exactly when `isHolding` is true: `store(_:)`
///   initialises it only when empty, `replace(with:)` assigns over it only when full (after
///   copying out the element it replaces, so that assignment releases no last reference),
///   `take()` moves it out only when full and clears the flag, ``element`` reads it only when
///   full, and `deinit` deinitialises it only then. Each member that needs the slot empty or
///   full checks it in every build.
/// - It is `~Copyable`, so no two values share `storage`; and no member runs other code while
///   the invariants are broken (copying, assigning over a copied element and moving run no
///   `deinit`), so an owner that touches it only from one thread at a time may keep it under
///   `@exclusivity(unchecked)`.
///
/// Not thread-safe: its owner guards it.
struct ElementSlot<Element>: ~Copyable {
    private let storage: UnsafeMutablePointer<Element>
    private var isHolding = false

    /// An empty slot.
    init() {
        storage = UnsafeMutablePointer.allocate(capacity: 1)
    }

    /// Whether the slot holds an element.
    @inline(__always)
    var hasElement: Bool { isHolding }

    /// A copy of the element held, left in the slot. A copy, not a borrow of the storage: the
    /// caller passes it to user code, which must not find it released under it if it sends into
    /// the owner again.
    ///
    /// - Precondition: the slot holds an element.
    @inline(__always)
    var element: Element {
        precondition(isHolding, "ElementSlot.element of an empty slot")
        return storage.pointee
    }

    /// Puts `element` in the slot. When the slot held one, `element` holds that one afterwards
    /// and the result is `true`; the caller's variable keeps it alive until the caller is done,
    /// so it dies outside this access and after the caller's state is consistent. When the slot
    /// was empty, `element` keeps its value and the result is `false`.
    @inline(__always)
    @discardableResult
    mutating func exchange(_ element: inout Element) -> Bool {
        if isHolding {
            element = replace(with: element)
            return true
        }
        storage.initialize(to: element)
        isHolding = true
        return false
    }

    /// Fills the empty slot with `element`.
    ///
    /// - Precondition: the slot is empty.
    @inline(__always)
    mutating func store(_ element: Element) {
        precondition(!isHolding, "ElementSlot.store(_:) into a full slot")
        storage.initialize(to: element)
        isHolding = true
    }

    /// Puts `element` in the full slot in place of the element it held, and returns that one: it
    /// dies where the caller lets go of it, outside this access.
    ///
    /// - Precondition: the slot holds an element.
    @inline(__always)
    mutating func replace(with element: Element) -> Element {
        precondition(isHolding, "ElementSlot.replace(with:) of an empty slot")
        // A copy and an assignment, not a move and an initialisation: in unspecialised code
        // these two are each one call of the element's own value witness, where `move()` and
        // `initialize(to:)` are calls into the standard library's generic code.
        let replaced = storage.pointee
        storage.pointee = element
        return replaced
    }

    /// Moves the held element out: the slot is empty afterwards, and the element dies where the
    /// caller lets go of the result.
    ///
    /// - Precondition: the slot holds an element.
    mutating func take() -> Element {
        precondition(isHolding, "ElementSlot.take() of an empty slot")
        isHolding = false
        return storage.move()
    }

    deinit {
        if isHolding {
            storage.deinitialize(count: 1)
        }
        storage.deallocate()
    }
}
