//! The children of a node of a hook decision tree ([`crate::event_tree`],
//! [`crate::special_tree`]), one per answer met there, found by the answer: by a look along
//! the list while there are few, by a hash index once there are many (a query such as
//! `last_move()` or `royal_square()` may have hundreds of answers).

use std::collections::HashMap;

use crate::event_trace::Answer;

/// Past this many children, a hash index finds the child of an answer.
const LISTED: usize = 8;

/// The children of a node by answer, in the order the answers were first met.
#[derive(Debug)]
pub(crate) struct Branches<N> {
    list: Vec<(Answer, N)>,
    index: HashMap<Answer, usize>,
}

impl<N> Branches<N> {
    /// One child, for `answer`.
    pub(crate) fn one(answer: Answer, child: N) -> Branches<N> {
        Branches { list: vec![(answer, child)], index: HashMap::new() }
    }

    /// The first child (the one [`Branches::one`] made).
    pub(crate) fn first_mut(&mut self) -> &mut N {
        &mut self.list[0].1
    }

    /// The child for `answer`, added by `new` when no child has that answer yet.
    pub(crate) fn child(&mut self, answer: Answer, new: impl FnOnce() -> N) -> &mut N {
        let found = match self.list.len() > LISTED {
            true => self.index.get(&answer).copied(),
            false => self.list.iter().position(|(known, _)| *known == answer),
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
        if self.list.len() > LISTED {
            if self.index.is_empty() {
                self.index = self.list.iter().enumerate().map(|(at, (known, _))| (known.clone(), at)).collect();
            } else {
                self.index.insert(self.list[at].0.clone(), at);
            }
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
