//! The plies of a loaded record before the game's first played ply, packed in one byte
//! buffer: each ply is a header byte (its text's length and its dice count), its move text
//! and its dice outcomes, so a record of millions of plies costs about its movetext's size
//! (no string or vector per ply). Plies are read in order (to save or replay the record)
//! and taken from the end (`undo` past the loaded point, which replays the record anyway).

/// One ply: the move as written and its dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Earlier {
    pub text: String,
    pub dice: Vec<u8>,
}

/// The longest move text a header byte holds (5 bits; a record's move is at most 23 bytes).
const MAX_TEXT: usize = 31;

/// Dice counts up to this one are in the header byte; a larger count (the header's 3 bits
/// all set) follows the header as two bytes.
const MAX_INLINE_DICE: usize = 6;
const DICE_FOLLOW: u8 = 7;

/// Plies in order, packed.
#[derive(Clone, Debug, Default)]
pub struct EarlierPlies {
    bytes: Vec<u8>,
    count: usize,
}

impl EarlierPlies {
    /// Room for the plies of a record of `record_bytes` bytes (a packed ply is never longer
    /// than its text in the record), reserved at once so that the buffer is never copied to
    /// grow; the pages not written to are never resident.
    pub fn for_record_of(record_bytes: u64) -> EarlierPlies {
        EarlierPlies { bytes: Vec::with_capacity(usize::try_from(record_bytes).unwrap_or(0)), count: 0 }
    }

    /// Appends a ply; an error when its text or its dice are longer than a ply can be.
    pub fn push(&mut self, text: &str, dice: &[u8]) -> Result<(), String> {
        if text.len() > MAX_TEXT {
            return Err(format!("the move `{text}` is too long"));
        }
        let many = u16::try_from(dice.len())
            .map_err(|_| format!("{} dice outcomes after `{text}`, more than {} a ply", dice.len(), u16::MAX))?;
        let inline = if dice.len() <= MAX_INLINE_DICE { dice.len() as u8 } else { DICE_FOLLOW };
        self.bytes.push(((text.len() as u8) << 3) | inline);
        if inline == DICE_FOLLOW {
            self.bytes.extend_from_slice(&many.to_le_bytes());
        }
        self.bytes.extend_from_slice(text.as_bytes());
        self.bytes.extend_from_slice(dice);
        self.count += 1;
        Ok(())
    }

    /// Takes the last ply off (found by reading the plies from the first).
    pub fn pop(&mut self) -> Option<Earlier> {
        let mut start = 0;
        for _ in 1..self.count {
            start += Self::read(&self.bytes[start..]).1;
        }
        let (ply, _) = (self.count > 0).then(|| Self::read(&self.bytes[start..]))?;
        self.bytes.truncate(start);
        self.count -= 1;
        Some(ply)
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn clear(&mut self) {
        self.bytes = Vec::new();
        self.count = 0;
    }

    /// The plies in order.
    pub fn iter(&self) -> impl Iterator<Item = Earlier> + '_ {
        let mut offset = 0;
        (0..self.count).map(move |_| {
            let (ply, used) = Self::read(&self.bytes[offset..]);
            offset += used;
            ply
        })
    }

    /// The ply packed at the start of `bytes`, and how many bytes it takes.
    fn read(bytes: &[u8]) -> (Earlier, usize) {
        let header = bytes[0];
        let text_len = usize::from(header >> 3);
        let (dice_len, mut at) = match header & 7 {
            DICE_FOLLOW => (usize::from(u16::from_le_bytes([bytes[1], bytes[2]])), 3),
            inline => (usize::from(inline), 1),
        };
        // Only a `&str` is ever pushed, and each ply's text is cut at its own bounds.
        let text = String::from_utf8_lossy(&bytes[at..at + text_len]).into_owned();
        at += text_len;
        let dice = bytes[at..at + dice_len].to_vec();
        (Earlier { text, dice }, at + dice_len)
    }

    /// Bytes written, for the memory test.
    #[cfg(test)]
    fn packed_bytes(&self) -> usize {
        self.bytes.len()
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
        let many: Vec<u8> = (1..=9).collect();
        plies.push("Nf3", &[]).unwrap();
        plies.push("e1d2>f5", &[6, 5, 5]).unwrap();
        plies.push("@a4", &many).unwrap();
        plies.push("Qp16xp15>a10=Q#", &[1]).unwrap();
        assert_eq!(plies.len(), 4);
        let all = [ply("Nf3", &[]), ply("e1d2>f5", &[6, 5, 5]), ply("@a4", &many), ply("Qp16xp15>a10=Q#", &[1])];
        assert_eq!(plies.iter().collect::<Vec<_>>(), all);
        assert_eq!(plies.pop(), Some(all[3].clone()));
        assert_eq!(plies.pop(), Some(all[2].clone()));
        plies.push("Ng1", &[2]).unwrap();
        assert_eq!(plies.iter().collect::<Vec<_>>(), [all[0].clone(), all[1].clone(), ply("Ng1", &[2])]);
        plies.clear();
        assert_eq!(plies.pop(), None);
    }

    #[test]
    fn a_ply_costs_its_text_and_one_byte() {
        let mut plies = EarlierPlies::for_record_of(1 << 20);
        for _ in 0..100_000 {
            plies.push("Nf3", &[]).unwrap();
        }
        assert_eq!(plies.packed_bytes(), 400_000);
    }

    #[test]
    fn too_many_dice_on_one_ply_is_refused_not_cut() {
        let mut plies = EarlierPlies::default();
        let error = plies.push("e4", &vec![1; 70_000]).unwrap_err();
        assert!(error.contains("70000 dice outcomes after `e4`"), "{error}");
        assert_eq!(plies.len(), 0);
    }
}
