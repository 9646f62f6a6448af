//! A small XML writer: elements with escaped attributes and text, indented one level per
//! nesting, so the documents are well-formed whatever names a variant uses.

use std::fmt::{Display, Write};

/// An attribute: its name and value (the value is escaped when written).
pub(super) type Attr<'a> = (&'a str, &'a dyn Display);

/// An XML document being written.
pub(super) struct XmlWriter {
    out: String,
    depth: usize,
}

impl XmlWriter {
    /// A document starting with the XML declaration.
    pub fn new() -> XmlWriter {
        XmlWriter { out: String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"), depth: 0 }
    }

    /// `<name attrs>`, to be closed with [`XmlWriter::close`].
    pub fn open(&mut self, name: &str, attrs: &[Attr]) {
        self.start_tag(name, attrs);
        self.out.push_str(">\n");
        self.depth += 1;
    }

    pub fn close(&mut self, name: &str) {
        self.depth -= 1;
        self.indent();
        let _ = writeln!(self.out, "</{name}>");
    }

    /// `<name attrs/>`.
    pub fn empty(&mut self, name: &str, attrs: &[Attr]) {
        self.start_tag(name, attrs);
        self.out.push_str("/>\n");
    }

    /// `<name attrs>text</name>`.
    pub fn text(&mut self, name: &str, attrs: &[Attr], text: &str) {
        self.start_tag(name, attrs);
        let _ = writeln!(self.out, ">{}</{name}>", escape(text));
    }

    /// Bold text centred on `(x, y)` (a badge, a symbol, a letter), with an optional class.
    pub fn centred_label(&mut self, class: Option<&str>, (x, y): (i32, i32), size: i32, fill: &str, text: &str) {
        let mut attrs: Vec<Attr> = Vec::with_capacity(8);
        if let Some(class) = &class {
            attrs.push(("class", class));
        }
        attrs.extend([
            ("x", &x as &dyn Display),
            ("y", &y),
            ("font-size", &size),
            ("font-weight", &"bold"),
            ("text-anchor", &"middle"),
            ("dominant-baseline", &"central"),
            ("fill", &fill),
        ]);
        self.text("text", &attrs, text);
    }

    pub fn finish(self) -> String {
        debug_assert_eq!(self.depth, 0, "every element is closed");
        self.out
    }

    fn start_tag(&mut self, name: &str, attrs: &[Attr]) {
        self.indent();
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            let _ = write!(self.out, " {key}=\"{}\"", escape(&value.to_string()));
        }
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }
}

/// Text made safe for XML content and attribute values: markup characters become
/// entities, and characters XML 1.0 forbids (most control characters) become U+FFFD.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if allowed_in_xml(c) => out.push(c),
            _ => out.push('\u{FFFD}'),
        }
    }
    out
}

/// XML 1.0's `Char` production, less the whitespace handled above.
fn allowed_in_xml(c: char) -> bool {
    matches!(c, '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_forbidden_characters() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("x\u{1}y\u{FFFF}"), "x\u{FFFD}y\u{FFFD}");
        assert_eq!(escape("♔ e4"), "♔ e4");
    }
}
