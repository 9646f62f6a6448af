//! [`MoveText`]: a move token exactly as written, stored inline so that reading a game does
//! not allocate once per move.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The longest move token a record may hold. The longest real notation on a 16x16 board
/// (`Qp16xp15>a10=Q#`) is 15 bytes.
pub const MAX_MOVE_TEXT: usize = 23;

/// An ASCII move token of at most [`MAX_MOVE_TEXT`] bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    len: u8,
    bytes: [u8; MAX_MOVE_TEXT],
}

impl MoveText {
    /// `None` when the text is too long or not ASCII.
    #[must_use]
    pub fn new(text: &str) -> Option<MoveText> {
        Self::from_bytes(text.as_bytes())
    }

    pub(crate) fn from_bytes(text: &[u8]) -> Option<MoveText> {
        if text.len() > MAX_MOVE_TEXT || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0; MAX_MOVE_TEXT];
        bytes[..text.len()].copy_from_slice(text);
        Some(MoveText { len: text.len() as u8, bytes })
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl std::ops::Deref for MoveText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl Serialize for MoveText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        MoveText::new(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("move text `{text}` is not ASCII of at most {MAX_MOVE_TEXT} bytes"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_text_and_rejects_what_does_not_fit() {
        assert_eq!(MoveText::new("e1d2>f5").unwrap().as_str(), "e1d2>f5");
        assert!(MoveText::new(&"a".repeat(MAX_MOVE_TEXT + 1)).is_none());
        assert!(MoveText::new("é4").is_none());
    }
}
