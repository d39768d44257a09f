//! The generic engines play complete, legal games of Santorini (node and iteration limits,
//! never wall-clock limits, so the tests are deterministic).

use bitgames_santorini::{Move, Position};
use bitgames_search::{AlphaBeta, Evaluate, Limits, Mcts, Outcome, Player, WIN};

#[test]
fn alphabeta_and_mcts_play_a_complete_game() {
    let mut position = Position::empty();
    let mut alphabeta = AlphaBeta::<Position>::new(16);
    let mut mcts = Mcts::new(position, 7);
    let mut plies = 0;
    while !position.outcome().is_over() {
        let mv = if position.side_to_move() == Player::First {
            alphabeta
                .search(&position, Limits::nodes(20_000))
                .best_move
                .unwrap()
        } else {
            mcts.search(None, Some(300)).best_move.unwrap()
        };
        assert!(position.legal_moves().contains(&mv), "{mv} in {position}");
        mcts.advance(mv);
        position = position.play_unchecked(mv);
        plies += 1;
        assert!(plies < 200, "Santorini games end: {position}");
    }
    assert!(matches!(position.outcome(), Outcome::Win(_)));
}

#[test]
fn alphabeta_takes_a_win_in_one() {
    // Player 1's worker on A5 (level 2) next to B5 (level 3).
    let position: Position = "2300000000000000000000000/1/mortal:A5,E1/mortal:C1,D1"
        .parse()
        .unwrap();
    let result = AlphaBeta::<Position>::new(12).search(&position, Limits::depth(3));
    assert_eq!(result.best_move, Some("A5>B5#".parse::<Move>().unwrap()));
    assert_eq!(result.score, WIN - 1);
    assert_eq!(
        position.evaluate(),
        WIN / 2,
        "the evaluation sees the win in one"
    );
}
