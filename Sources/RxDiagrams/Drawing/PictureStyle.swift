/// The style sheets the pictures embed: one look, light and dark, with no font file and no
/// bitmap, only the system's monospace font.
enum PictureStyle {
    /// The rules of the marks and labels every picture shares (the gallery uses these alone).
    static let marbles = """
        .k{stroke:#3a3a3a;fill:none;stroke-width:1.5}.t{fill:#222;font:13px ui-monospace,Menlo,Consolas,monospace}
        .l{fill:#555;font:12px ui-monospace,Menlo,Consolas,monospace;text-anchor:end}
        .v{stroke:#3a3a3a;stroke-width:1.2}.v text{fill:#111;stroke:none;font:bold 12px ui-monospace,Menlo,Consolas,monospace;text-anchor:middle}
        .x{stroke:#d62728;stroke-width:3}.c{stroke:#3a3a3a;stroke-width:2.5}.d{stroke:#888;stroke-width:2;stroke-dasharray:3 2}
        .p0{fill:#f9c74f}.p1{fill:#90be6d}.p2{fill:#7fb3e6}.p3{fill:#f4978e}.p4{fill:#c3a6e0}.p5{fill:#f8a05b}.p6{fill:#76d0c4}.p7{fill:#e0c9a6}
        @media (prefers-color-scheme:dark){.k,.v,.c{stroke:#d0d0d0}.t{fill:#eee}.l{fill:#bbb}.x{stroke:#ff6b6b}}
        """
}

extension PictureStyle {
    /// The rules the timeline and failing-test pictures add: headings, the axis, idle breaks,
    /// the legend, and the first difference in red.
    static let tracks = """
        .h{fill:#222;font:bold 13px ui-monospace,Menlo,Consolas,monospace}.a{fill:#555;font:11px ui-monospace,Menlo,Consolas,monospace}
        .ac{text-anchor:middle}.r{stroke:#ddd;stroke-width:1}.g{fill:#888;fill-opacity:.14}.n{fill:#555;font:bold 10px ui-monospace,Menlo,Consolas,monospace}
        .df{fill:#d62728;fill-opacity:.12}.dr{stroke:#d62728;stroke-width:2;fill:none;stroke-dasharray:4 2}.dn{fill:#b00;font:bold 12px ui-monospace,Menlo,Consolas,monospace}
        .o{stroke:#3a3a3a;stroke-width:1;fill:#fff}.k.q{stroke-dasharray:4 3}
        @media (prefers-color-scheme:dark){.h{fill:#eee}.a,.n{fill:#bbb}.r{stroke:#444}.dr{stroke:#ff6b6b}.dn{fill:#ff8a8a}.o{stroke:#d0d0d0;fill:#222}}
        """
}
