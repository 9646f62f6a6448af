//! The `special moves` hooks of a variant as a decision tree of the answers they get,
//! replayed natively: the kernel asks for a position's special moves once per move
//! generation, and once the tree knows the path no rhai runs.
//!
//! A `special moves` hook reads the position only through queries of the hook API
//! ([`Query`]: `has_piece`, `royal_square`, `ply`, ...) and may not roll a die nor change
//! the position; everything else it calls (`neighbours`, `special_move`, the methods of a
//! move) is a function of its arguments. The sandbox has no clock and no other input, so the
//! moves the hooks build are a function of the answers they got, in order: the runs on every
//! position form one tree, a query node branching on its answer and a leaf holding the
//! moves built. To list the moves of a position, a walk answers each query on the position
//! and follows the branch of the answer; where the tree has not seen an answer, the hooks
//! run once in rhai, recording their queries, and the run is grafted there.
//!
//! A leaf keeps the moves as built, before they are checked against a position: each walk
//! checks them on its own position (an effect that does not fit, a rule of every position
//! broken). A path on which a hook fails, or builds something that is not a move whatever
//! the position (a bad notation, two moves with one notation), ends in a failed leaf: the
//! hooks then run in rhai, which reports the error exactly as it is met.

use std::sync::{Arc, Mutex};

use holechess_kernel::{Position, SpecialMove};

use crate::branches::Branches;
use crate::event_trace::{Query, Step};
use crate::special::SpecialBuilder;

/// Most nodes the tree grows to (a few tens of megabytes at most); past it, unknown paths
/// run in rhai without being kept.
const MAX_NODES: usize = 1 << 18;

/// A special move as a hook built it, not yet checked on a position: the move, the index
/// of the hook that built it among the variant's `special moves` hooks, and the builder
/// with the lines of its calls (its effects moved into the move), to place an error found
/// when it is checked.
#[derive(Clone, Debug)]
pub(crate) struct Offered {
    pub call: usize,
    pub mv: SpecialMove,
    pub built: SpecialBuilder,
}

/// What one run of the hooks in rhai gave, recorded for the tree.
pub(crate) struct Recorded {
    /// Every query of the run with its answer, in order.
    pub steps: Vec<Step>,
    /// The moves built, or `None` when a hook failed or built something that is not a move.
    pub offered: Option<Vec<Offered>>,
}

/// A node of the tree.
#[derive(Debug)]
enum Node {
    /// Not explored yet.
    Unknown,
    Ask {
        query: Query,
        branches: Branches<Node>,
    },
    /// The hooks ran to their end and built these moves.
    Done(Arc<[Offered]>),
    /// A hook failed on this path (rhai reports how).
    Failed,
}

#[derive(Debug)]
struct TreeState {
    root: Node,
    nodes: usize,
    rhai_runs: u64,
}

/// The decision tree of a variant's `special moves` hooks (see the module documentation).
#[derive(Debug)]
pub(crate) struct MoveTree {
    state: Mutex<TreeState>,
}

impl MoveTree {
    pub(crate) fn new() -> MoveTree {
        MoveTree { state: Mutex::new(TreeState { root: Node::Unknown, nodes: 0, rhai_runs: 0 }) }
    }

    /// The moves the hooks build in `position`, not yet checked against it, read from the
    /// tree; where the path is new, `run` runs the hooks in rhai on `position` and the tree
    /// grows by its record. `None` when the path fails or the tree is full: the caller then
    /// runs the hooks itself.
    pub(crate) fn offered(&self, position: &Position, run: impl FnOnce() -> Recorded) -> Option<Arc<[Offered]>> {
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let TreeState { root, nodes, rhai_runs } = &mut *state;
        let actor = position.side_to_move();
        let mut run = Some(run);
        let mut steps = 0usize;
        let mut node = root;
        loop {
            if matches!(node, Node::Unknown) {
                let run = run.take()?;
                if *nodes >= MAX_NODES {
                    return None;
                }
                *rhai_runs += 1;
                *nodes += graft(node, run(), steps);
            }
            node = match node {
                Node::Unknown | Node::Failed => return None,
                Node::Done(offered) => return Some(Arc::clone(offered)),
                Node::Ask { query, branches } => branches.child(query.answer(position, actor), || Node::Unknown),
            };
            steps += 1;
        }
    }

    /// How many times the hooks ran in rhai to grow the tree.
    pub(crate) fn rhai_runs(&self) -> u64 {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).rhai_runs
    }
}

/// Replaces the unknown `node` by the queries of `recorded` past the path's first `steps`,
/// ending in its moves; the nodes added.
fn graft(node: &mut Node, recorded: Recorded, steps: usize) -> usize {
    let Recorded { steps: trace, offered } = recorded;
    if trace.len() < steps {
        // The run did not retrace the path: the hooks are not what the tree learnt.
        *node = Node::Failed;
        return 1;
    }
    let mut at = node;
    let mut added = 1;
    for step in trace.into_iter().skip(steps) {
        let Step::Ask(query, answer) = step else {
            // Rolls and actions are refused in a `special moves` hook before they happen.
            *at = Node::Failed;
            return added;
        };
        *at = Node::Ask { query, branches: Branches::one(answer, Node::Unknown) };
        let Node::Ask { branches, .. } = at else { unreachable!("the node was just made a query") };
        at = branches.first_mut();
        added += 1;
    }
    *at = match offered {
        Some(offered) => Node::Done(offered.into()),
        None => Node::Failed,
    };
    added
}
