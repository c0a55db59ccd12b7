#!/usr/bin/env python3
"""Turns one benchmark run, exported with `--format jmh`, into the tables of Docs/Performance.md and Benchmarks/RESULTS.md.

Usage: performance_table.py RUN.jmh.json

Every figure is per unit of its scenario (element, chain, tick, item, batch): the harness records
each iteration whole, and this script divides by the units one iteration runs. Times are the best
(p0) and the median (p50) iteration; allocations are the median iteration's malloc count. Ratios
compare best times of the same run.
"""
import json
import statistics
import sys

# Units one measured iteration runs (Catalog.swift, unitsPerIteration), and the targets.
SCENARIOS = {
    "map_filter_pumping": (1_000_000, "element", "rx ≤ 0.2× OpenCombine and ≤ 2× floor"),
    "map_filter_creating": (
        1_000, "chain", "rx ≤ 0.5× OpenCombine on an erased Just, ≤ 2 allocations per operator (24)"),
    "from_array": (1_000, "element", "rx ≤ 0.15× OpenCombine, no allocation per element"),
    "single_map": (1_000_000, "element", "rx ≤ 0.1× OpenCombine"),
    "scan_per_element": (1_000_000, "element", "rx ≤ 0.15× OpenCombine"),
    "publish_subject_fanout": (1_000_000, "delivery", "rx ≤ 0.3× OpenCombine, ≤ 3× floor, no allocation per delivery"),
    "behavior_subject_subscribe": (1_000, "subscription", "rx ≤ 0.3× OpenCombine"),
    "share_per_delivery": (1_000_000, "delivery", "rx ≤ 0.3× OpenCombine"),
    "interval_virtual": (100_000, "tick", "rx ≤ 100 ns per tick"),
    "trampoline": (1_000_000, "item", "rx ≤ 100 ns per item"),
    "trampoline_fanout": (1_000_000, "item", "rx ≤ 100 ns per item, its disposable discarded"),
    "timer_dispatch": (1, "batch of 100,000 timers", "no target"),
    "observe_on": (1_000_000, "element", "no target"),
    "distinct_until_changed": (1_000_000, "element", "rx ≤ 0.15× OpenCombine, no allocation per element"),
    "reduce_per_element": (1_000_000, "element", "rx ≤ 0.15× OpenCombine, no allocation per element"),
    "enumerated_per_element": (1_000_000, "element", "no allocation per element"),
    "skip_while_per_element": (1_000_000, "element", "no allocation per element"),
    "retry_per_subscription": (1_000, "subscription", "rx ≤ 0.5× OpenCombine"),
    "async_values_per_element": (
        1_000_000, "element", "rx ≤ 1.2× floor (AsyncThrowingStream alone), no allocation per element"),
    "driver_per_delivery": (1_000_000, "element", "rx ≤ 1.2× floor (the same chain by hand), no allocation per element"),
    "combine_latest": (1_000_000, "element", "rx ≤ 3× floor, no allocation per element"),
    "zip_per_element": (1_000_000, "element", "rx ≤ 0.3× OpenCombine"),
    "with_latest_from": (1_000_000, "element", "no allocation per element"),
    "flat_map_just": (1_000, "inner", "rx ≤ 0.5× OpenCombine"),
    "merge_two_subjects": (1_000_000, "element", "rx ≤ 3× floor, no allocation per element"),
    "debounce_virtual": (100_000, "element", "no allocation beyond the scheduled timer (timer-floor); figure reported"),
    "throttle_virtual": (100_000, "element", "no allocation per dropped element; figure reported"),
    "delay_dispatch": (1_000, "element", "rx ≤ 0.5× OpenCombine"),
    "observation_change": (
        1_000, "change", "rx ≤ 1.5× floor (withObservationTracking re-armed by hand), faster than observations"),
    "debug_timeline": (100_000, "element", "rx well under debug-print (printing to /dev/null); figure reported"),
}
TO_NANOSECONDS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def parse(path):
    results = {}
    for entry in json.load(open(path)):
        name = entry["benchmark"].rsplit(".", 1)[-1]
        scenario = next(s for s in SCENARIOS if name.startswith(s + "_"))
        side = name[len(scenario) + 1:].replace("_", "-")
        units = SCENARIOS[scenario][0]
        metrics = entry["secondaryMetrics"]
        wall = metrics["Time (wall clock)"]
        scale = TO_NANOSECONDS[wall["scoreUnit"]]
        times = sorted(value * scale / units for value in wall["rawData"][0])
        mallocs = [value / units for value in metrics["Malloc (total)"]["rawData"][0]]
        results[(scenario, side)] = {
            "best": times[0],
            "median": statistics.median(times),
            "samples": len(times),
            "mallocs": statistics.median(mallocs),
        }
    return results


def number(value):
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def main():
    results = parse(sys.argv[1])
    print("| scenario (per unit) | rx best / median ns | OpenCombine best ns | floor best ns "
          "| rx ÷ OpenCombine | rx ÷ floor | allocations per unit (rx / OpenCombine / floor) | target |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for scenario, (_, unit, target) in SCENARIOS.items():
        rx = results.get((scenario, "rx"))
        peer = results.get((scenario, "opencombine"))
        subject = results.get((scenario, "opencombine-subject"))
        floor = results.get((scenario, "floor"))
        # Where the peer has an erased side, the target is set against it; the folded `Just`
        # side is shown beside it for information.
        erased = results.get((scenario, "opencombine-erased"))
        folded = None
        if erased:
            folded, peer = peer, erased
        if rx is None:
            continue
        peer_text = number(peer["best"]) if peer else "—"
        ratio_peer = f"{rx['best'] / peer['best']:.3f}×" if peer else "—"
        if folded:
            peer_text += f" (folded Just: {number(folded['best'])})"
            ratio_peer += f" (folded Just: {rx['best'] / folded['best']:.3f}×)"
        if subject:
            peer_text += f" (subject: {number(subject['best'])})"
            ratio_peer += f" (subject: {rx['best'] / subject['best']:.3f}×)"
        floor_text = number(floor["best"]) if floor else "—"
        ratio_floor = f"{rx['best'] / floor['best']:.1f}×" if floor else "—"
        allocations = " / ".join(
            number(side["mallocs"]) if side else "—" for side in (rx, subject or peer, floor))
        print(f"| {scenario} ({unit}) | {number(rx['best'])} / {number(rx['median'])} | {peer_text} "
              f"| {floor_text} | {ratio_peer} | {ratio_floor} | {allocations} | {target} |")
    print()
    # A bound rather than a peer: the least any design with RxSwift's per-subscriber semantics
    # does (MapFilterCreating.lazyMinimum), compared with the target it would have to meet.
    for scenario in SCENARIOS:
        bound = results.get((scenario, "lazy-minimum"))
        peer = results.get((scenario, "opencombine"))
        rx = results.get((scenario, "rx"))
        if bound is None or peer is None or rx is None:
            continue
        print(f"{scenario} lazy-minimum: best {number(bound['best'])} ns, "
              f"{bound['best'] / peer['best']:.3f}× OpenCombine, {number(bound['mallocs'])} allocations; "
              f"rx is {rx['best'] / bound['best']:.2f}× this bound.")
    # Sides that are neither the peer nor the floor (a scenario's own baseline, such as the
    # timer a debounce must at least schedule), for comparison with rx.
    for (scenario, side), result in sorted(results.items()):
        if side in ("rx", "opencombine", "opencombine-erased", "opencombine-subject", "floor", "lazy-minimum"):
            continue
        rx = results.get((scenario, "rx"))
        if rx is None:
            continue
        print(f"{scenario} {side}: best {number(result['best'])} ns, {number(result['mallocs'])} allocations "
              f"per unit; rx is {rx['best'] / result['best']:.2f}× this side.")
    print()
    counts = sorted({result["samples"] for result in results.values()})
    print(f"Samples per benchmark: {counts[0]} to {counts[-1]}.")


if __name__ == "__main__":
    main()
