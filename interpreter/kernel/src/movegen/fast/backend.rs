//! The one choice of a move-generation back-end. A variant compiles into [`Features`] (see
//! `features.rs`); one exhaustive match maps them to the bit boards, with the token kind they
//! play, or to table walking for every position ([`Features::choose`]). Per position, a
//! second exhaustive match adds the tokens in force, installed special moves and what the
//! moves are for ([`crate::Position::backend`]). Neither match has a catch-all arm over the
//! features, so a new case does not compile until someone decides its back-end; a feature
//! value that no arm claims for the bit boards ("other") falls to table walking.

use super::features::{EnPassant, Geometry, PieceShape, Play, PromotionShape, TokenShape};
use crate::position::Position;

/// A family of move generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Backend {
    /// Bit boards, magic lines and legal generation with a check mask and pins.
    BitBoards,
    /// Bit boards whose lines are walked across absent squares, tunnels and edge gateways.
    BitBoardsWithWarps,
    /// Bit boards whose perft runs the timers of blocking tokens down (PT4, `timed_perft.rs`).
    BitBoardsWithTimers,
    /// The general generator walking the per-square tables.
    TableWalking,
    /// 128-bit boards for one rectangular board of up to 128 squares (`movegen/wide`).
    WideBitBoards,
}

/// How the bit boards play positions holding tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenPlay {
    /// They do not: positions with a token on the board are walked.
    Walked,
    /// Tokens stop lines; `timed` ones expire (perft runs their timers, `timed_perft.rs`).
    Blocking { timed: bool },
    /// Tokens stop lines and are entered (`transits.rs`).
    Transit,
    /// Absent squares with tunnels and edge gateways (`warp.rs`), perft only.
    Warp,
}

/// The back-end of a variant's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VariantBackend {
    TableWalking,
    BitBoards(TokenPlay),
    /// The wide bit boards, with the tokens they play.
    WideBitBoards(WideTokens),
}

/// How the wide bit boards play positions holding tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WideTokens {
    /// They do not: positions with a token on the board are walked.
    Walked,
    /// Untimed tokens that stop lines and are never entered: walls, while no piece stands
    /// on one.
    Walls,
}

/// Everything the back-end choice reads about a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Features {
    pub geometry: Geometry,
    pub play: Play,
    pub pieces: PieceShape,
    pub tokens: TokenShape,
    pub en_passant: EnPassant,
    /// How pieces promote (the wide tables decide for themselves whether they hold it).
    pub promotion: PromotionShape,
}

impl Features {
    /// The back-end of the variant's positions. Hops land behind their hurdle and cylinder
    /// lines go round, which a transit or a warped line would read otherwise, so those take
    /// only tokens that stop lines; en passant beside entered tokens is not modelled.
    /// Promotion beyond one zone is read from masks on the 64-square boards (see [`masked`]);
    /// the wide tables decide for themselves which promotions they hold.
    pub(crate) fn choose(&self) -> VariantBackend {
        match (self.promotion, self.geometry) {
            (PromotionShape::Zone, _)
            | (PromotionShape::Masks | PromotionShape::Other, Geometry::Rect { files: _, ranks: _ }) => {
                self.choose_by_lines()
            }
            (PromotionShape::Masks, Geometry::Square8x8 | Geometry::Cylinder8x8 | Geometry::Other) => {
                masked(self.choose_by_lines())
            }
            (PromotionShape::Other, Geometry::Square8x8 | Geometry::Cylinder8x8 | Geometry::Other) => {
                VariantBackend::TableWalking
            }
            // A transit through a link reads the compulsory zone of last ranks only.
            (
                PromotionShape::Masks | PromotionShape::Other,
                Geometry::Square8x8Links | Geometry::RectLinks { files: _, ranks: _ },
            ) => VariantBackend::TableWalking,
        }
    }

    /// [`Features::choose`] by geometry, rules, pieces and tokens (promotion aside).
    fn choose_by_lines(&self) -> VariantBackend {
        use VariantBackend::{BitBoards, TableWalking};
        let Features { geometry, play, pieces, tokens, en_passant, promotion: _ } = *self;
        match (geometry, play, pieces, tokens, en_passant) {
            (Geometry::Other, _, _, _, _)
            | (_, Play::Other, _, _, _)
            | (_, _, PieceShape::Other, _, _)
            | (Geometry::Cylinder8x8, _, PieceShape::LinesAndHops, _, _)
            | (Geometry::Rect { files: _, ranks: _ }, _, PieceShape::LinesAndHops, _, _)
            | (Geometry::Square8x8Links, _, PieceShape::LinesAndHops, _, _)
            | (Geometry::RectLinks { files: _, ranks: _ }, _, PieceShape::LinesAndHops, _, _) => TableWalking,
            // Links are played on the bit boards while no token lies on the board (a token on a
            // linked square switches its link off, which the link masks do not read).
            (Geometry::Square8x8Links, Play::Plain, PieceShape::Lines, _, _) => BitBoards(TokenPlay::Walked),
            (Geometry::RectLinks { files: _, ranks: _ }, Play::Plain, PieceShape::Lines, _, _) => {
                VariantBackend::WideBitBoards(WideTokens::Walked)
            }
            (
                Geometry::Rect { files: _, ranks: _ },
                Play::Plain,
                PieceShape::Lines,
                TokenShape::Blocking { timed: false },
                _,
            ) => VariantBackend::WideBitBoards(WideTokens::Walls),
            (
                Geometry::Rect { files: _, ranks: _ },
                Play::Plain,
                PieceShape::Lines,
                TokenShape::None
                | TokenShape::Blocking { timed: true }
                | TokenShape::Transit
                | TokenShape::Gates
                | TokenShape::Tunnel { wraps: _ }
                | TokenShape::Other,
                _,
            ) => VariantBackend::WideBitBoards(WideTokens::Walked),
            (_, Play::Plain, _, TokenShape::None | TokenShape::Other, _) => BitBoards(TokenPlay::Walked),
            (Geometry::Cylinder8x8, Play::Plain, PieceShape::Lines, TokenShape::Blocking { timed }, _)
            | (Geometry::Square8x8, Play::Plain, PieceShape::LinesAndHops, TokenShape::Blocking { timed }, _) => {
                BitBoards(TokenPlay::Blocking { timed })
            }
            (
                Geometry::Cylinder8x8,
                Play::Plain,
                PieceShape::Lines,
                TokenShape::Transit | TokenShape::Gates | TokenShape::Tunnel { wraps: _ },
                _,
            )
            | (
                Geometry::Square8x8,
                Play::Plain,
                PieceShape::LinesAndHops,
                TokenShape::Transit | TokenShape::Gates | TokenShape::Tunnel { wraps: _ },
                _,
            ) => BitBoards(TokenPlay::Walked),
            (Geometry::Square8x8, Play::Plain, PieceShape::Lines, TokenShape::Blocking { timed }, _) => {
                BitBoards(TokenPlay::Blocking { timed })
            }
            (Geometry::Square8x8, Play::Plain, PieceShape::Lines, TokenShape::Transit, EnPassant::Off) => {
                BitBoards(TokenPlay::Transit)
            }
            (Geometry::Square8x8, Play::Plain, PieceShape::Lines, TokenShape::Transit, EnPassant::On) => {
                BitBoards(TokenPlay::Walked)
            }
            (
                Geometry::Square8x8,
                Play::Plain,
                PieceShape::Lines,
                TokenShape::Gates,
                EnPassant::Off | EnPassant::On,
            ) => BitBoards(TokenPlay::Transit),
            (Geometry::Square8x8, Play::Plain, PieceShape::Lines, TokenShape::Tunnel { wraps: _ }, _) => {
                BitBoards(TokenPlay::Warp)
            }
        }
    }
}

/// The back-end of a variant whose promotion needs masks: the plain and blocking-token
/// generators read them; the transit and warped generators do not, so positions holding
/// such tokens are walked.
fn masked(backend: VariantBackend) -> VariantBackend {
    match backend {
        VariantBackend::BitBoards(TokenPlay::Transit | TokenPlay::Warp) => VariantBackend::BitBoards(TokenPlay::Walked),
        VariantBackend::BitBoards(TokenPlay::Walked | TokenPlay::Blocking { timed: _ })
        | VariantBackend::TableWalking
        | VariantBackend::WideBitBoards(_) => backend,
    }
}

/// What the moves are generated for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// The legal move list, in the order the general generator gives it.
    Moves,
    /// The notation's candidates, in any order.
    Candidates,
    /// Perft counts, the moves played on the back-end's own boards.
    Perft,
}

/// The tokens on the board of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TokensInForce {
    None,
    Some,
}

/// Whether the variant's special moves are installed (a hook generates moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpecialMoves {
    None,
    Installed,
}

impl Position {
    /// The back-end that generates this position's moves for `purpose`.
    #[inline]
    pub(crate) fn backend(&self, purpose: Purpose) -> Backend {
        let Some(rules) = self.variant.fast.as_deref() else { return self.wide_backend(purpose) };
        if rules.links.starts != 0 {
            return self.linked_backend(purpose);
        }
        let in_force = if self.board.token_squares.is_empty() { TokensInForce::None } else { TokensInForce::Some };
        let specials =
            if self.variant.special_table().is_some() { SpecialMoves::Installed } else { SpecialMoves::None };
        match (rules.token_play, in_force, purpose, specials) {
            (_, _, _, SpecialMoves::Installed) => Backend::TableWalking,
            (_, TokensInForce::None, _, SpecialMoves::None) => Backend::BitBoards,
            (_, TokensInForce::Some, Purpose::Moves, SpecialMoves::None) => Backend::TableWalking,
            (TokenPlay::Walked, TokensInForce::Some, Purpose::Candidates | Purpose::Perft, SpecialMoves::None) => {
                Backend::TableWalking
            }
            (TokenPlay::Blocking { timed: true }, TokensInForce::Some, Purpose::Perft, SpecialMoves::None) => {
                Backend::BitBoardsWithTimers
            }
            (
                TokenPlay::Blocking { timed: false } | TokenPlay::Transit,
                TokensInForce::Some,
                Purpose::Candidates | Purpose::Perft,
                SpecialMoves::None,
            )
            | (TokenPlay::Blocking { timed: true }, TokensInForce::Some, Purpose::Candidates, SpecialMoves::None) => {
                Backend::BitBoards
            }
            (TokenPlay::Warp, TokensInForce::Some, Purpose::Perft, SpecialMoves::None) if self.tokens_stand_alone() => {
                Backend::BitBoardsWithWarps
            }
            (TokenPlay::Warp, TokensInForce::Some, Purpose::Candidates | Purpose::Perft, SpecialMoves::None) => {
                Backend::TableWalking
            }
        }
    }

    /// The back-end of a position of a variant without the 64-square tables: the wide bit
    /// boards play its perft when the variant has their tables, no special move is installed
    /// and no token lies on the board, or only walls with no piece on them.
    #[inline]
    fn wide_backend(&self, purpose: Purpose) -> Backend {
        let Some(wide) = self.variant.wide.as_deref() else { return Backend::TableWalking };
        let in_force = if self.board.token_squares.is_empty() { TokensInForce::None } else { TokensInForce::Some };
        let specials =
            if self.variant.special_table().is_some() { SpecialMoves::Installed } else { SpecialMoves::None };
        match (wide.tokens, in_force, purpose, specials) {
            (_, TokensInForce::None, Purpose::Perft, SpecialMoves::None) => Backend::WideBitBoards,
            (WideTokens::Walls, TokensInForce::Some, Purpose::Perft, SpecialMoves::None)
                if self.no_piece_on_a_token() =>
            {
                Backend::WideBitBoards
            }
            (_, _, Purpose::Moves | Purpose::Candidates, _)
            | (WideTokens::Walked | WideTokens::Walls, TokensInForce::Some, Purpose::Perft, _)
            | (_, _, Purpose::Perft, SpecialMoves::Installed) => Backend::TableWalking,
        }
    }

    /// Whether every token lies on an empty square.
    fn no_piece_on_a_token(&self) -> bool {
        self.board.token_squares.iter().all(|sq| self.board.cells[sq.index()] & crate::position::PIECE_BITS == 0)
    }

    /// Whether no piece stands on a token and no square holds a stack (the warped tables
    /// model single, empty absent squares).
    fn tokens_stand_alone(&self) -> bool {
        let tokens = self.board.token_squares.first_word();
        let occupied = self.board.occupied[0].first_word() | self.board.occupied[1].first_word();
        tokens & occupied == 0 && self.board.token_squares.iter().all(|sq| self.board.tokens[sq.index()].count <= 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain_chess() -> Features {
        Features {
            geometry: Geometry::Square8x8,
            play: Play::Plain,
            pieces: PieceShape::Lines,
            tokens: TokenShape::None,
            en_passant: EnPassant::On,
            promotion: PromotionShape::Zone,
        }
    }

    #[test]
    fn orthodox_features_take_the_bit_boards() {
        assert_eq!(plain_chess().choose(), VariantBackend::BitBoards(TokenPlay::Walked));
    }

    #[test]
    fn any_feature_the_bit_boards_do_not_model_is_table_walking() {
        let cases = [
            Features { geometry: Geometry::Other, ..plain_chess() },
            Features { play: Play::Other, ..plain_chess() },
            Features { pieces: PieceShape::Other, ..plain_chess() },
            Features { geometry: Geometry::Cylinder8x8, pieces: PieceShape::LinesAndHops, ..plain_chess() },
        ];
        for features in cases {
            assert_eq!(features.choose(), VariantBackend::TableWalking, "{features:?}");
        }
    }

    #[test]
    fn ph_sp_transits_take_the_bit_boards_only_without_en_passant() {
        let transit = Features { tokens: TokenShape::Transit, ..plain_chess() };
        assert_eq!(transit.choose(), VariantBackend::BitBoards(TokenPlay::Walked));
        let transit = Features { en_passant: EnPassant::Off, ..transit };
        assert_eq!(transit.choose(), VariantBackend::BitBoards(TokenPlay::Transit));
    }

    #[test]
    fn wh_tunnels_take_the_warped_bit_boards_on_a_plain_board_only() {
        let tunnel = Features { tokens: TokenShape::Tunnel { wraps: true }, ..plain_chess() };
        assert_eq!(tunnel.choose(), VariantBackend::BitBoards(TokenPlay::Warp));
        for bent in [
            Features { geometry: Geometry::Cylinder8x8, ..tunnel },
            Features { pieces: PieceShape::LinesAndHops, ..tunnel },
        ] {
            assert_eq!(bent.choose(), VariantBackend::BitBoards(TokenPlay::Walked), "{bent:?}");
        }
    }

    #[test]
    fn pt_blocking_tokens_stay_on_the_bit_boards_beside_hops_and_wrapped_files() {
        let blocking = TokenShape::Blocking { timed: true };
        for features in [
            Features { tokens: blocking, ..plain_chess() },
            Features { tokens: blocking, geometry: Geometry::Cylinder8x8, ..plain_chess() },
            Features { tokens: blocking, pieces: PieceShape::LinesAndHops, ..plain_chess() },
        ] {
            assert_eq!(features.choose(), VariantBackend::BitBoards(TokenPlay::Blocking { timed: true }));
        }
    }

    #[test]
    fn rectangular_boards_with_lines_take_the_wide_bit_boards_with_untimed_blocking_tokens_as_walls() {
        let rect = Features { geometry: Geometry::Rect { files: 10, ranks: 8 }, ..plain_chess() };
        for tokens in [TokenShape::None, TokenShape::Blocking { timed: false }, TokenShape::Other] {
            let walls = if tokens == TokenShape::None { WideTokens::Walked } else { WideTokens::Walls };
            let walls = if tokens == TokenShape::Other { WideTokens::Walked } else { walls };
            assert_eq!(Features { tokens, ..rect }.choose(), VariantBackend::WideBitBoards(walls), "{tokens:?}");
        }
        let timed = Features { tokens: TokenShape::Blocking { timed: true }, ..rect };
        assert_eq!(timed.choose(), VariantBackend::WideBitBoards(WideTokens::Walked), "PT4: timers are walked");
        for walked in [
            Features { pieces: PieceShape::LinesAndHops, ..rect },
            Features { pieces: PieceShape::Other, ..rect },
            Features { play: Play::Other, ..rect },
        ] {
            assert_eq!(walked.choose(), VariantBackend::TableWalking, "{walked:?}");
        }
    }

    #[test]
    fn tokens_the_bit_boards_do_not_model_leave_token_positions_walked() {
        let other = Features { tokens: TokenShape::Other, ..plain_chess() };
        assert_eq!(other.choose(), VariantBackend::BitBoards(TokenPlay::Walked));
    }
    #[test]
    fn ph_gates_take_the_transit_bit_boards_with_or_without_en_passant_on_a_plain_board_only() {
        let gates = Features { tokens: TokenShape::Gates, ..plain_chess() };
        for en_passant in [EnPassant::On, EnPassant::Off] {
            assert_eq!(Features { en_passant, ..gates }.choose(), VariantBackend::BitBoards(TokenPlay::Transit));
        }
        for bent in [
            Features { geometry: Geometry::Cylinder8x8, ..gates },
            Features { pieces: PieceShape::LinesAndHops, ..gates },
        ] {
            assert_eq!(bent.choose(), VariantBackend::BitBoards(TokenPlay::Walked), "{bent:?}");
        }
        let wide = Features { geometry: Geometry::Rect { files: 10, ranks: 8 }, ..gates };
        assert_eq!(wide.choose(), VariantBackend::WideBitBoards(WideTokens::Walked));
    }
    #[test]
    fn links_on_one_board_take_the_bit_boards_for_line_pieces_and_one_zone_only() {
        let links = Features { geometry: Geometry::Square8x8Links, ..plain_chess() };
        for tokens in [TokenShape::None, TokenShape::Blocking { timed: false }, TokenShape::Other] {
            assert_eq!(
                Features { tokens, ..links }.choose(),
                VariantBackend::BitBoards(TokenPlay::Walked),
                "{tokens:?}"
            );
        }
        for walked in [
            Features { pieces: PieceShape::LinesAndHops, ..links },
            Features { pieces: PieceShape::Other, ..links },
            Features { play: Play::Other, ..links },
            Features { promotion: PromotionShape::Masks, ..links },
            Features { promotion: PromotionShape::Other, ..links },
        ] {
            assert_eq!(walked.choose(), VariantBackend::TableWalking, "{walked:?}");
        }
        let wide = Features { geometry: Geometry::RectLinks { files: 10, ranks: 8 }, ..plain_chess() };
        assert_eq!(wide.choose(), VariantBackend::WideBitBoards(WideTokens::Walked), "tokens on the board are walked");
        let masked = Features { promotion: PromotionShape::Masks, ..wide };
        assert_eq!(masked.choose(), VariantBackend::TableWalking);
    }
}
