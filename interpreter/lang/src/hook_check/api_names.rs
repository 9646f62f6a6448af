//! The hook API as the checker knows it: every function a hook may call without a receiver,
//! with the numbers of arguments it takes. It mirrors `interpreter/runtime/src/api.rs` (the
//! runtime crate's test `the_checkers_api_table_matches_the_engine` keeps them in step).

/// (name, arities) of every free function of the hook API.
pub const HOOK_API: &[(&str, &[usize])] = &[
    ("roll", &[1]),
    ("square", &[2]),
    ("mover", &[0]),
    ("side_to_move", &[0]),
    ("ply", &[0]),
    ("has_piece", &[1]),
    ("is_royal", &[1]),
    ("piece_side", &[1]),
    ("piece_name", &[1]),
    ("royal_square", &[1]),
    ("neighbours", &[1]),
    ("squares", &[0]),
    ("token_kind", &[1]),
    ("token_count", &[1]),
    ("token_timer", &[1]),
    ("count_tokens", &[1]),
    ("token_squares", &[1]),
    ("last_move", &[0]),
    ("note", &[1]),
    ("place_token", &[2, 3]),
    ("move_token", &[2]),
    ("remove_token", &[1]),
    ("set_timer", &[2]),
    ("remove_piece", &[1]),
    ("place_piece", &[3]),
    ("move_piece", &[2]),
    ("special_move", &[1]),
];

/// The arities of API function `name`, if it is one.
pub(crate) fn api_arities(name: &str) -> Option<&'static [usize]> {
    HOOK_API.iter().find(|(known, _)| *known == name).map(|(_, arities)| *arities)
}
