//! The after-move hooks of a variant as a decision tree, learnt from recorded runs and
//! replayed natively: a search samples the random event after a move without running rhai
//! once the tree knows the path.
//!
//! A run of the hooks is a sequence of [`Step`]s: rolls, queries with their answers, actions
//! with their answers ([`crate::event_trace`]). The hooks are a pure function of their dice
//! and of those answers, so the runs of every position form one tree: a roll node branches
//! on the face, a query or action node on the answer. To sample the event on a position, a
//! walk follows the tree from the root, choosing faces from a point in `[0, 1)` (inverse
//! transform: each dice sequence is reached with its true probability), answering each query
//! on the position and applying each action to a copy of it. Where the walk meets a branch
//! the tree does not know yet (a new answer, an unexplored face), the hooks run once in
//! rhai with the faces of the path, and the recorded run is grafted there. The outcome of a
//! walk is exactly the position the hooks give with those dice.
//!
//! [`EventTree::sample`] takes `k` points by systematic sampling (one in each `1/k` of the
//! interval, all shifted by one seeded offset), so an outcome of probability `p` is reached
//! `p * k` times give or take one: a pot-hole roll's odd half is always half of the sample.

use std::sync::{Arc, Mutex};

use holechess_kernel::{Position, Side};

use crate::branches::Branches;
use crate::dice::Dice;
use crate::event_trace::{Action, Answer, Query, Step};
use crate::hooks::HookError;
use crate::playable_variant::PlayableVariant;

/// Most dice on one path; a longer path (an endless re-roll) counts as failed.
const MAX_DICE: usize = 64;
/// Dice of face 1 given to a run beyond the faces of the path, so it goes on to its end.
const FILLER_DICE: usize = 16;
/// Most nodes the tree grows to; past it, unknown paths are sampled by rhai directly.
const MAX_NODES: usize = 1 << 20;

/// A node of the tree.
#[derive(Debug)]
enum Node {
    /// Not explored yet.
    Unknown,
    Roll {
        sides: u8,
        faces: Vec<Node>,
    },
    Ask {
        query: Query,
        branches: Branches<Node>,
    },
    Act {
        action: Action,
        branches: Branches<Node>,
    },
    /// The hooks ran to their end.
    Done,
    /// A hook failed: no outcome on this path.
    Failed,
}

/// How a recorded run ended.
enum RunEnd {
    Done,
    Failed,
    /// It ran out of the dice it was given; the tree stays unknown past its last step.
    OutOfDice,
}

#[derive(Debug)]
struct TreeState {
    root: Node,
    nodes: usize,
    rhai_runs: u64,
}

/// The decision tree of a variant's after-move hooks (see the module documentation).
#[derive(Debug)]
pub struct EventTree {
    rules: Arc<PlayableVariant>,
    state: Mutex<TreeState>,
}

/// Where one walk ended.
enum PathEnd {
    /// The hooks' result: `None` when nothing changed.
    Outcome(Option<Box<Position>>),
    Failed,
}

impl EventTree {
    pub fn new(rules: &Arc<PlayableVariant>) -> EventTree {
        let state = TreeState { root: Node::Unknown, nodes: 0, rhai_runs: 0 };
        EventTree { rules: Arc::clone(rules), state: Mutex::new(state) }
    }

    /// Up to `k` outcomes of the event after `after_move`, by systematic sampling of the
    /// dice from `seed`, with weights summing to 1 (equal positions merged), heaviest
    /// first. Empty when the variant has no events or every sampled path failed.
    pub fn sample(&self, after_move: &Position, k: usize, seed: u64) -> Vec<(f64, Position)> {
        if !self.rules.has_events() || k == 0 {
            return Vec::new();
        }
        let offset = unit_from_seed(seed);
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut found: Vec<(f64, Position)> = Vec::new();
        let mut unchanged = 0.0;
        let mut kept = 0.0;
        for i in 0..k {
            let u = (i as f64 + offset) / k as f64;
            match self.walk(&mut state, after_move, u) {
                PathEnd::Failed => continue,
                PathEnd::Outcome(None) => unchanged += 1.0,
                PathEnd::Outcome(Some(pos)) => merge(&mut found, *pos),
            }
            kept += 1.0;
        }
        if kept == 0.0 {
            return Vec::new();
        }
        if unchanged > 0.0 {
            found.push((unchanged, after_move.clone()));
        }
        let mut merged: Vec<(f64, Position)> = Vec::with_capacity(found.len());
        for (weight, pos) in found {
            match merged.iter_mut().find(|(_, known)| known.hash() == pos.hash()) {
                Some((w, _)) => *w += weight,
                None => merged.push((weight, pos)),
            }
        }
        merged.sort_by(|a, b| b.0.total_cmp(&a.0));
        merged.into_iter().map(|(w, p)| (w / kept, p)).collect()
    }

    /// The outcome of the event after `after_move` with the recorded dice `faces`, read from
    /// the tree (growing it by one rhai run where the path is new): `Some(None)` when the
    /// event changed nothing, `Some(Some(position))` otherwise. `None` when the tree cannot
    /// say: the path fails, the record gives too few, too many or impossible faces, or the
    /// tree is full; the caller then runs the hooks, which report what is wrong.
    pub fn replay_recorded(&self, after_move: &Position, faces: &[u8]) -> Option<Option<Position>> {
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let TreeState { root, nodes, rhai_runs } = &mut *state;
        let mut path = PathPosition::new(after_move);
        let (mut used, mut steps) = (0usize, 0usize);
        let mut node = root;
        loop {
            if matches!(node, Node::Unknown) {
                if *nodes >= MAX_NODES {
                    return None;
                }
                *rhai_runs += 1;
                *nodes += self.grow(node, after_move, &faces[..used], steps);
                if matches!(node, Node::Unknown) {
                    return None;
                }
            }
            node = match node {
                Node::Unknown | Node::Failed => return None,
                // A position breaking the variant's rules is the hooks' failure (the caller reports it).
                Node::Done if path.breaks_a_rule() => return None,
                Node::Done => return (used == faces.len()).then_some(path.current),
                Node::Roll { sides, faces: children } => {
                    let face = *faces.get(used)?;
                    if face == 0 || face > *sides {
                        return None;
                    }
                    used += 1;
                    &mut children[usize::from(face) - 1]
                }
                Node::Ask { query, branches } => branches.child(path.ask(query), || Node::Unknown),
                Node::Act { action, branches } => branches.child(path.act(action), || Node::Unknown),
            };
            steps += 1;
        }
    }

    /// How many times the hooks ran in rhai to grow the tree.
    pub fn rhai_runs(&self) -> u64 {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).rhai_runs
    }

    /// How many nodes the tree has.
    pub fn nodes(&self) -> usize {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).nodes
    }

    /// Follows the tree from the root for the point `u`, growing it where it is unknown.
    fn walk(&self, state: &mut TreeState, after_move: &Position, mut u: f64) -> PathEnd {
        let mut faces: Vec<u8> = Vec::new();
        let mut path = PathPosition::new(after_move);
        let mut steps = 0usize;
        let TreeState { root, nodes, rhai_runs } = state;
        let mut node = root;
        loop {
            if matches!(node, Node::Unknown) {
                if faces.len() > MAX_DICE {
                    return PathEnd::Failed;
                }
                if *nodes >= MAX_NODES {
                    *rhai_runs += 1;
                    return self.run_seeded(after_move, u);
                }
                *rhai_runs += 1;
                *nodes += self.grow(node, after_move, &faces, steps);
                if matches!(node, Node::Unknown) {
                    return PathEnd::Failed;
                }
            }
            node = match node {
                Node::Unknown | Node::Failed => return PathEnd::Failed,
                Node::Done if path.breaks_a_rule() => return PathEnd::Failed,
                Node::Done => return PathEnd::Outcome(path.current.map(Box::new)),
                Node::Roll { sides, faces: children } => {
                    let sides_f = f64::from(*sides);
                    let face = ((u * sides_f).floor() as usize).min(children.len() - 1);
                    u = (u * sides_f - face as f64).clamp(0.0, 1.0 - f64::EPSILON);
                    faces.push(face as u8 + 1);
                    &mut children[face]
                }
                Node::Ask { query, branches } => branches.child(path.ask(query), || Node::Unknown),
                Node::Act { action, branches } => branches.child(path.act(action), || Node::Unknown),
            };
            steps += 1;
        }
    }

    /// Runs the hooks in rhai with the faces of the path (then dice of face 1) and grafts
    /// the part of the run past the path's `steps` steps at `node`; the nodes added.
    fn grow(&self, node: &mut Node, after_move: &Position, faces: &[u8], steps: usize) -> usize {
        let dice = Dice::recorded(faces.iter().map(|&f| u32::from(f)).chain(std::iter::repeat_n(1, FILLER_DICE)));
        let (result, dice, trace) = self.rules.hooks.after_move_traced(after_move.clone(), dice);
        let end = match result {
            Ok(_) => RunEnd::Done,
            Err(HookError::Dice(_)) if dice.remaining() == 0 => RunEnd::OutOfDice,
            Err(_) => RunEnd::Failed,
        };
        if trace.len() < steps {
            // The run did not retrace the path: the hooks are not what the tree learnt.
            *node = Node::Failed;
            return 1;
        }
        graft(node, &trace[steps..], end)
    }

    /// One run of the hooks with seeded dice (past the tree's size limit).
    fn run_seeded(&self, after_move: &Position, u: f64) -> PathEnd {
        let dice = Dice::seeded(after_move.hash() ^ u.to_bits());
        match self.rules.hooks.after_move(after_move.clone(), dice).0 {
            Ok(outcome) if outcome.position.hash() == after_move.hash() => PathEnd::Outcome(None),
            Ok(outcome) => PathEnd::Outcome(Some(Box::new(outcome.position))),
            Err(_) => PathEnd::Failed,
        }
    }
}

/// The position a path through the tree has reached: the one after the move, until an
/// action changes a copy of it.
struct PathPosition<'a> {
    after_move: &'a Position,
    current: Option<Position>,
    /// The side whose move the event follows (the hooks' "mover").
    actor: Side,
}

impl<'a> PathPosition<'a> {
    fn new(after_move: &'a Position) -> Self {
        PathPosition { after_move, current: None, actor: after_move.side_to_move().opponent() }
    }

    /// Whether the actions changed the position into one breaking the variant's rules (as
    /// the hooks in rhai would fail, see [`crate::invariants`]).
    fn breaks_a_rule(&self) -> bool {
        self.current.as_ref().is_some_and(|pos| crate::invariants::violation(pos).is_some())
    }

    fn ask(&self, query: &Query) -> Answer {
        query.answer(self.current.as_ref().unwrap_or(self.after_move), self.actor)
    }

    fn act(&mut self, action: &Action) -> Answer {
        let after_move = self.after_move;
        action.apply(self.current.get_or_insert_with(|| after_move.clone()))
    }
}

/// Replaces the unknown `node` by the chain of `steps` ending as `end`; the nodes added.
fn graft(node: &mut Node, steps: &[Step], end: RunEnd) -> usize {
    let mut at = node;
    for step in steps {
        *at = match step.clone() {
            Step::Roll { sides, .. } => Node::Roll { sides, faces: (0..sides).map(|_| Node::Unknown).collect() },
            Step::Ask(query, answer) => Node::Ask { query, branches: Branches::one(answer, Node::Unknown) },
            Step::Act(action, answer) => Node::Act { action, branches: Branches::one(answer, Node::Unknown) },
        };
        at = match (at, step) {
            (Node::Roll { faces, .. }, Step::Roll { face, .. }) => &mut faces[usize::from((*face).max(1) - 1)],
            (Node::Ask { branches, .. } | Node::Act { branches, .. }, _) => branches.first_mut(),
            _ => unreachable!("the node was built from this step"),
        };
    }
    *at = match end {
        RunEnd::Done => Node::Done,
        RunEnd::Failed => Node::Failed,
        RunEnd::OutOfDice => Node::Unknown,
    };
    steps.len() + 1
}

/// Adds a changed outcome of weight 1, summing equal positions.
fn merge(found: &mut Vec<(f64, Position)>, pos: Position) {
    match found.iter_mut().find(|(_, known)| known.hash() == pos.hash()) {
        Some((w, _)) => *w += 1.0,
        None => found.push((1.0, pos)),
    }
}

/// A number in `[0, 1)` from a seed.
fn unit_from_seed(seed: u64) -> f64 {
    (holechess_kernel::zobrist::splitmix64(seed) >> 11) as f64 / (1u64 << 53) as f64
}
