//! The generic engines play complete, legal games of the Amazons (node and iteration limits,
//! never wall-clock limits).

use bitgames_amazons::Position;
use bitgames_search::{AlphaBeta, Limits, Mcts, Outcome, Player};

#[test]
fn alphabeta_and_mcts_play_a_complete_game() {
    let mut position = Position::start();
    let mut alphabeta = AlphaBeta::<Position>::new(16);
    let mut mcts = Mcts::new(position, 3);
    let mut plies = 0;
    while !position.outcome().is_over() {
        let mv = if position.side_to_move() == Player::First {
            alphabeta
                .search(&position, Limits::nodes(3_000))
                .best_move
                .unwrap()
        } else {
            mcts.search(None, Some(20)).best_move.unwrap()
        };
        assert!(
            position.parse_move(&mv.to_string()).is_ok(),
            "{mv} in {position}"
        );
        mcts.advance(mv);
        position = position.play_unchecked(mv);
        plies += 1;
        assert!(plies <= 92, "at most 92 arrows fit: {position}");
    }
    assert!(matches!(position.outcome(), Outcome::Win(_)));
}
