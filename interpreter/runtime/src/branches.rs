//! The children of a node of a hook decision tree ([`crate::event_tree`],
//! [`crate::special_tree`]), one per answer met there, found by the answer: by a look along
//! the list while there are few, by a hash index once there are many (a query such as
//! `last_move()` or `royal_square()` may have hundreds of answers).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::event_trace::Answer;

/// Past this many children, a hash index finds the child of an answer.
const LISTED: usize = 8;

/// The children of a node by answer, in the order the answers were first met.
#[derive(Debug)]
pub(crate) struct Branches<N> {
    list: Vec<(Answer, N)>,
    /// Built once there are more than [`LISTED`] children (boxed: most nodes have one child).
    index: Option<Box<Index>>,
}

type Index = HashMap<Answer, usize, BuildHasherDefault<AnswerHasher>>;

/// A quick hash of an answer (a few small numbers): a multiply and rotate per value
/// written, where the standard hasher spends hundreds of instructions on each answer. The
/// answers come from positions, not from text a user chooses, so a hash that an attacker
/// could collide costs nothing here.
#[derive(Default)]
pub(crate) struct AnswerHasher(u64);

impl AnswerHasher {
    fn add(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(26) ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl Hasher for AnswerHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(u64::from(value));
    }

    fn write_u16(&mut self, value: u16) {
        self.add(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.add(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

impl<N> Branches<N> {
    /// One child, for `answer`.
    pub(crate) fn one(answer: Answer, child: N) -> Branches<N> {
        Branches { list: vec![(answer, child)], index: None }
    }

    /// The first child (the one [`Branches::one`] made).
    pub(crate) fn first_mut(&mut self) -> &mut N {
        &mut self.list[0].1
    }

    /// The child for `answer`, added by `new` when no child has that answer yet.
    pub(crate) fn child(&mut self, answer: Answer, new: impl FnOnce() -> N) -> &mut N {
        let found = match &self.index {
            Some(index) => index.get(&answer).copied(),
            None => self.list.iter().position(|(known, _)| *known == answer),
        };
        let at = match found {
            Some(at) => at,
            None => self.add(answer, new()),
        };
        &mut self.list[at].1
    }

    fn add(&mut self, answer: Answer, child: N) -> usize {
        let at = self.list.len();
        self.list.push((answer, child));
        match &mut self.index {
            Some(index) => {
                index.insert(self.list[at].0.clone(), at);
            }
            None if self.list.len() > LISTED => {
                let index = self.list.iter().enumerate().map(|(at, (known, _))| (known.clone(), at)).collect();
                self.index = Some(Box::new(index));
            }
            None => {}
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_is_found_by_its_answer_before_and_after_the_index_is_built() {
        let mut branches = Branches::one(Answer::Int(0), 0);
        for n in 1..40 {
            assert_eq!(*branches.child(Answer::Int(n), || n * 10), n * 10);
        }
        for n in 0..40 {
            assert_eq!(*branches.child(Answer::Int(n), || -1), n * 10, "answer {n}");
        }
        assert_eq!(*branches.child(Answer::Bool(true), || 7), 7);
        assert_eq!(*branches.child(Answer::Bool(true), || -1), 7);
        assert_eq!(*branches.first_mut(), 0);
    }
}
