//! Errors the kernel reports: an inconsistent variant spec, and a malformed or impossible
//! position. Each says what is wrong in words a variant author or player understands.

use std::fmt;

/// What part of a [`crate::spec::VariantSpec`] an error is about, so the front end can point
/// at the declaration in the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecSubject {
    Variant,
    Board,
    Piece(u8),
    Setup,
    Rules,
    Token(u8),
    Links,
}

/// One inconsistency found by [`crate::Variant::compile`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub subject: SpecSubject,
    pub message: String,
}

impl SpecError {
    pub fn new(subject: SpecSubject, message: impl Into<String>) -> SpecError {
        SpecError { subject, message: message.into() }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpecError {}

/// A position text (FEN or its extensions) that cannot be read or cannot occur.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub message: String,
}

impl PositionError {
    pub fn new(message: impl Into<String>) -> PositionError {
        PositionError { message: message.into() }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PositionError {}
