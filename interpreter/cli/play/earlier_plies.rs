//! The plies of a loaded record before the game's first played ply, packed: each ply's
//! move text and dice outcomes side by side in one byte buffer, and their lengths in a
//! second, so a record of millions of plies costs a few bytes a ply (no string or vector
//! per ply). Plies are read in order (to save or replay the record) and taken from the end
//! (`undo` past the loaded point).

/// One ply: the move as written and its dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Earlier {
    pub text: String,
    pub dice: Vec<u8>,
}

/// The lengths of one packed ply's text and dice.
#[derive(Clone, Copy, Debug)]
struct Sizes {
    text: u8,
    dice: u16,
}

/// Plies in order, packed.
#[derive(Clone, Debug, Default)]
pub struct EarlierPlies {
    /// Each ply's text, then its dice.
    bytes: Vec<u8>,
    sizes: Vec<Sizes>,
}

impl EarlierPlies {
    /// Appends a ply; an error when its text or its dice are longer than a ply can be.
    pub fn push(&mut self, text: &str, dice: &[u8]) -> Result<(), String> {
        let text_len = u8::try_from(text.len()).map_err(|_| format!("the move `{text}` is too long"))?;
        let dice_len = u16::try_from(dice.len())
            .map_err(|_| format!("{} dice outcomes after `{text}`, more than {} a ply", dice.len(), u16::MAX))?;
        self.bytes.extend_from_slice(text.as_bytes());
        self.bytes.extend_from_slice(dice);
        self.sizes.push(Sizes { text: text_len, dice: dice_len });
        Ok(())
    }

    /// Takes the last ply off.
    pub fn pop(&mut self) -> Option<Earlier> {
        let sizes = self.sizes.pop()?;
        let start = self.bytes.len() - usize::from(sizes.text) - usize::from(sizes.dice);
        let ply = Self::unpack(&self.bytes[start..], sizes);
        self.bytes.truncate(start);
        Some(ply)
    }

    pub fn len(&self) -> usize {
        self.sizes.len()
    }

    pub fn clear(&mut self) {
        self.bytes.clear();
        self.sizes.clear();
    }

    /// The plies in order.
    pub fn iter(&self) -> impl Iterator<Item = Earlier> + '_ {
        let mut offset = 0;
        self.sizes.iter().map(move |&sizes| {
            let ply = Self::unpack(&self.bytes[offset..], sizes);
            offset += usize::from(sizes.text) + usize::from(sizes.dice);
            ply
        })
    }

    /// The ply packed at the start of `bytes`.
    fn unpack(bytes: &[u8], sizes: Sizes) -> Earlier {
        let (text, rest) = bytes.split_at(usize::from(sizes.text));
        Earlier {
            // Only a `&str` is ever pushed, and each ply's text is cut at its own bounds.
            text: String::from_utf8_lossy(text).into_owned(),
            dice: rest[..usize::from(sizes.dice)].to_vec(),
        }
    }

    /// Bytes held, for the memory test.
    #[cfg(test)]
    pub fn heap_bytes(&self) -> usize {
        self.bytes.capacity() + self.sizes.capacity() * std::mem::size_of::<Sizes>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(text: &str, dice: &[u8]) -> Earlier {
        Earlier { text: text.to_owned(), dice: dice.to_vec() }
    }

    #[test]
    fn plies_come_back_in_order_and_from_the_end() {
        let mut plies = EarlierPlies::default();
        plies.push("Nf3", &[]).unwrap();
        plies.push("e1d2>f5", &[6, 5, 5]).unwrap();
        plies.push("@a4", &[1]).unwrap();
        assert_eq!(plies.len(), 3);
        assert_eq!(plies.iter().collect::<Vec<_>>(), [ply("Nf3", &[]), ply("e1d2>f5", &[6, 5, 5]), ply("@a4", &[1])]);
        assert_eq!(plies.pop(), Some(ply("@a4", &[1])));
        assert_eq!(plies.pop(), Some(ply("e1d2>f5", &[6, 5, 5])));
        plies.push("Ng1", &[2]).unwrap();
        assert_eq!(plies.iter().collect::<Vec<_>>(), [ply("Nf3", &[]), ply("Ng1", &[2])]);
        plies.clear();
        assert_eq!(plies.pop(), None);
    }

    #[test]
    fn a_ply_costs_a_few_bytes_not_a_string_and_a_vector() {
        let mut plies = EarlierPlies::default();
        for _ in 0..100_000 {
            plies.push("Nf3", &[]).unwrap();
        }
        assert!(plies.heap_bytes() < 100_000 * 16, "{} bytes", plies.heap_bytes());
    }

    #[test]
    fn too_many_dice_on_one_ply_is_refused_not_cut() {
        let mut plies = EarlierPlies::default();
        let error = plies.push("e4", &vec![1; 70_000]).unwrap_err();
        assert!(error.contains("70000 dice outcomes after `e4`"), "{error}");
        assert_eq!(plies.len(), 0);
    }
}
